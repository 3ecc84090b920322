"""Citadels (classic edition with Dark City). Importing this package registers ``citadels``."""

from .game import CitadelsGame
from .state import CitadelsState

CitadelsGame.state_class = CitadelsState

__all__ = ["CitadelsGame", "CitadelsState"]
