"""Citadels (classic edition with Dark City). Importing this package registers ``citadels``."""

from .rules import CitadelsGame, CitadelsState

__all__ = ["CitadelsGame", "CitadelsState"]
