"""A game's own balance figures, read from its finished state by its ``metrics`` module.

Each game may ship ``games/<id>/metrics.py`` (or name another module in ``Game.metrics``)
with any of these functions; the arena does without the ones that are missing:

* ``start_seat(state) -> int``: the seat that started (Citadels: the first Crown holder),
  so that balance reports speak of starting positions, not seat indices. Default: seat 0.
* ``rounds(state) -> int``: the game's length in its own rounds. Default: none.
* ``facts(state) -> list[[group, item, verb, seat]]``: what is worth counting, read from
  ``state.events`` (unmasked at the end) and the final state, e.g. ``["character",
  "assassin", "picked", 2]``; ``seat`` is who did it, or whom it happened to, or ``None``.
* ``catalogue(game) -> {group: [items]}``: every item of a group in this configuration, so
  that the report can name the ones that never occurred.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from mezquita.engine import Game, State


def _module(game_class: type[Game]) -> ModuleType | None:
    return _metrics_module(game_class.metrics, game_class.__module__)


@cache
def _metrics_module(name: str | None, rules_module: str) -> ModuleType | None:
    """The module ``name`` (a game's ``Game.metrics``), or by default the ``metrics`` module
    beside its ``rules_module``, or None if it has none."""
    if name is None:
        package = rules_module.rpartition(".")[0]
        name = f"{package}.metrics"
        if not package or find_spec(name) is None:
            return None
    return import_module(name)


def figures(state: State) -> dict:
    """``{"start", "rounds", "facts"}`` of a finished game (defaults where undeclared)."""
    module = _module(type(state.game))
    start = getattr(module, "start_seat", None)
    rounds = getattr(module, "rounds", None)
    facts = getattr(module, "facts", None)
    return {"start": start(state) if start else 0,
            "rounds": rounds(state) if rounds else None,
            "facts": [list(f) for f in facts(state)] if facts else []}


def catalogue(game: Game) -> dict[str, list[str]]:
    """Every countable item per group in ``game``'s configuration (empty if undeclared)."""
    module = _module(type(game))
    items = getattr(module, "catalogue", None)
    return items(game) if items else {}
