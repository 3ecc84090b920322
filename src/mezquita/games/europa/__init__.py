"""Europa (Burkhardt, Kosmos 2016). Importing this package registers the game as ``europa``
and its geography bots as the agents ``europa-tourist`` ... ``europa-cartographer``."""

from . import heuristic
from .rules import EuropaGame, EuropaState

__all__ = ["EuropaGame", "EuropaState", "heuristic"]
