"""Córdoba (Knizia 2008), registered as ``cordoba``."""

from .rules import CordobaGame, CordobaState
from .words import landmark_name

__all__ = ["CordobaGame", "CordobaState", "landmark_name"]
