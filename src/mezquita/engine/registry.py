"""The game registry: every package under ``mezquita.games`` is a game, imported on first use.

A game's package is named after its id (``cordoba-wittig`` lives in ``games/cordoba_wittig``)
and registers itself with one line at the end of its rules module,
``register(XGame, XState)``; nothing else lists the games.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from typing import Any

from .errors import UnknownGame
from .game import Game, GameInfo

_GAMES: dict[str, type[Game]] = {}


@cache
def game_ids() -> tuple[str, ...]:
    """Every game id, from the packages under ``mezquita.games``, sorted."""
    import mezquita.games as package

    return tuple(sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(package.__path__)
                        if m.ispkg))


def register(game: type[Game], state: type) -> type[Game]:
    """Make ``game`` (whose states are ``state``) loadable by its ``info.id``."""
    game.state_class = state
    _GAMES[game.info.id] = game
    return game


def game_class(game_id: str) -> type[Game]:
    """The `Game` subclass registered as ``game_id``."""
    if game_id not in _GAMES:
        if game_id not in game_ids():
            known = ", ".join(game_ids())
            raise UnknownGame(f"unknown game {game_id!r} (known games: {known})")
        import_module(f"mezquita.games.{game_id.replace('-', '_')}")
    return _GAMES[game_id]


def load(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` configured with ``options`` (unknown ones raise `UnknownOption`)."""
    return game_class(game_id)(**options)


def games() -> list[GameInfo]:
    """Metadata of every game, sorted by id."""
    return [game_class(game_id).info for game_id in game_ids()]
