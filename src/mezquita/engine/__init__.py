"""The engine contract: games, states, actions, views, resampling, records."""

from .actions import ActionSpace, Param
from .decisions import EVERYONE, Decision, Decisions, Event, Hint, nobody, owner, owner_and
from .errors import BadRecord, IllegalAction, MezquitaError, UnknownGame, UnknownOption
from .fields import Cache, Pair, Shared
from .game import Game, GameInfo, State, share_wins
from .options import Option
from .record import Record
from .registry import games, load, register
from .rng import Rng, derive_seed
from .texts import LANGS, load_texts, pick, seat_name

__all__ = [
    "EVERYONE",
    "LANGS",
    "ActionSpace",
    "BadRecord",
    "Cache",
    "Decision",
    "Decisions",
    "Event",
    "Game",
    "GameInfo",
    "Hint",
    "IllegalAction",
    "MezquitaError",
    "Option",
    "Pair",
    "Param",
    "Record",
    "Rng",
    "Shared",
    "State",
    "UnknownGame",
    "UnknownOption",
    "derive_seed",
    "games",
    "load",
    "load_texts",
    "nobody",
    "owner",
    "owner_and",
    "pick",
    "register",
    "seat_name",
    "share_wins",
]
