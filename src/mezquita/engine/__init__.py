"""The engine contract: games, states, actions, views, resampling, records."""

from .errors import BadRecord, IllegalAction, MezquitaError, UnknownGame, UnknownOption
from .game import Game, GameInfo
from .options import Option
from .record import Record
from .registry import games, load, register
from .rng import Rng
from .state import State, share_wins

__all__ = [
    "BadRecord",
    "Game",
    "GameInfo",
    "IllegalAction",
    "MezquitaError",
    "Option",
    "Record",
    "Rng",
    "State",
    "UnknownGame",
    "UnknownOption",
    "games",
    "load",
    "register",
    "share_wins",
]
