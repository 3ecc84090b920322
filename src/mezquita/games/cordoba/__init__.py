"""Córdoba (Knizia 2008), registered as ``cordoba``."""

from .names import landmark_name
from .rules import CordobaGame, CordobaState

__all__ = ["CordobaGame", "CordobaState", "landmark_name"]
