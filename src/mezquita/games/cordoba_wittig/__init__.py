"""Cordoba (Reinhold Wittig, 1990), a reconstruction. Importing this package registers the game
as ``cordoba-wittig``."""

from .rules import CordobaWittigGame, CordobaWittigState

__all__ = ["CordobaWittigGame", "CordobaWittigState"]
