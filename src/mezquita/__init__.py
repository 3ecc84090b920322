"""Mezquita: five tabletop games, playable, analysable and researchable.

>>> import mezquita
>>> game = mezquita.load("cordoba", hand=3)
>>> state = game.new_state(seed=7)
"""

from .engine import IllegalAction, MezquitaError, Record, load
from .engine import games as list_games

__version__ = "0.1.0"
__all__ = ["IllegalAction", "MezquitaError", "Record", "__version__", "list_games", "load"]
