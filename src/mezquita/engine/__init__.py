"""The engine contract: games, states, actions, views, resampling, records."""

from .actions import ActionSpace, Param
from .errors import BadRecord, IllegalAction, MezquitaError, UnknownGame, UnknownOption
from .game import Game, GameInfo
from .options import Option
from .record import Record
from .registry import games, load, register
from .rng import Rng, derive_seed
from .state import State, share_wins
from .texts import LANGS, load_texts, pick, seat_name

__all__ = [
    "LANGS",
    "ActionSpace",
    "BadRecord",
    "Game",
    "GameInfo",
    "IllegalAction",
    "MezquitaError",
    "Option",
    "Param",
    "Record",
    "Rng",
    "State",
    "UnknownGame",
    "UnknownOption",
    "derive_seed",
    "games",
    "load",
    "load_texts",
    "pick",
    "register",
    "seat_name",
    "share_wins",
]
