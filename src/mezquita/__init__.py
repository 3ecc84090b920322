"""Mezquita: five tabletop games, playable, analysable and researchable.

>>> import mezquita
>>> game = mezquita.load("cordoba", hand=3)
>>> state = game.new_state(seed=7)
"""

from .engine import IllegalAction, MezquitaError, Record, games, load

__version__ = "0.1.0"
__all__ = ["IllegalAction", "MezquitaError", "Record", "__version__", "games", "load"]
