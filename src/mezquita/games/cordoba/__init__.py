"""Córdoba (Knizia 2008). Importing this package registers the game as ``cordoba``."""

from .rules import CordobaGame, CordobaState, landmark_name

__all__ = ["CordobaGame", "CordobaState", "landmark_name"]
