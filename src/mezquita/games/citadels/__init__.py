"""Citadels (classic edition with Dark City). Importing this package registers ``citadels``."""

from mezquita.engine import register

from .game import CitadelsGame
from .state import CitadelsState

register(CitadelsGame, CitadelsState)  # interim: the layered Citadels replaces this

__all__ = ["CitadelsGame", "CitadelsState"]
