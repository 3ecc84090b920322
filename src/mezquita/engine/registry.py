"""The game registry: ids map to modules, imported only when a game is first used."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .errors import UnknownGame
from .game import Game, GameInfo

#: Registered game id -> module defining it. A new game adds one line here.
MODULES: dict[str, str] = {
    "cordoba": "mezquita.games.cordoba",
    "citadels": "mezquita.games.citadels",
    "cortica": "mezquita.games.cortica",
}

_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a `Game` subclass loadable by its ``info.id``."""
    _GAMES[cls.info.id] = cls
    return cls


def game_class(game_id: str) -> type[Game]:
    """The `Game` subclass registered as ``game_id``."""
    if game_id not in _GAMES:
        if game_id not in MODULES:
            known = ", ".join(sorted(MODULES))
            raise UnknownGame(f"unknown game {game_id!r} (known games: {known})")
        import_module(MODULES[game_id])
    return _GAMES[game_id]


def load(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` configured with ``options`` (unknown ones raise `UnknownOption`)."""
    return game_class(game_id)(**options)


def games() -> list[GameInfo]:
    """Metadata of every registered game, in registry order."""
    return [game_class(game_id).info for game_id in MODULES]
