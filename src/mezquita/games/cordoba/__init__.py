"""Córdoba (Knizia 2008). Importing this package registers the game as ``cordoba``."""

from .names import landmark_name
from .rules import CordobaGame, CordobaState

__all__ = ["CordobaGame", "CordobaState", "landmark_name"]
