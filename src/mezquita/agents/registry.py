"""Agent names usable everywhere a bot is named: ``random``, ``heuristic`` (the game's own;
``heuristic-30`` plays a random legal move at 30% of its decisions), the levels added by
search bots (``mcts-200``, ``ismcts-1000``...), the named difficulty levels (``beginner`` ..
``master``, each in the games that offer it, see ``levels.py``), and your own agent as
``module:Class`` (an `Agent` subclass built as ``Class(game, seed)``; docs/arena.md)."""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import import_module

from mezquita.engine import Game, MezquitaError

from .base import Agent
from .blunder import Blunderer
from .random_agent import RandomAgent

#: agent family -> factory(game, seed, level or None); a float level is seconds (``-0.1s``)
FACTORIES: dict[str, Callable[[Game, int, int | float | None], Agent]] = {}
_SECONDS = re.compile(r"^\d+(\.\d+)?s$")


class UnknownAgent(MezquitaError):
    """An agent name that no factory knows."""


def agent_family(name: str) -> Callable[[Callable], Callable]:
    """Decorator: register an agent factory under ``name``."""

    def wrap(factory: Callable) -> Callable:
        FACTORIES[name] = factory
        return factory

    return wrap


@agent_family("random")
def _random(game: Game, seed: int, level: int | None) -> Agent:
    return RandomAgent(game, seed)


@agent_family("heuristic")
def _heuristic(game: Game, seed: int, level: int | float | None) -> Agent:
    path = getattr(game, "heuristic", None)
    if path is None:
        raise UnknownAgent(f"game {game.info.id!r} has no heuristic bot")
    module, cls = path.split(":")
    bot = getattr(import_module(module), cls)(game, seed)
    if level is None:
        return bot
    if isinstance(level, float) or level > 100:
        raise UnknownAgent(f"heuristic-N takes a share of random moves in percent (0..100), not {level}")
    return Blunderer(game, seed + 1, bot, level / 100)


def split_name(name: str) -> tuple[str, int | float | None]:
    """``"ismcts-1000"`` -> ``("ismcts", 1000)``; ``"ismcts-0.5s"`` -> ``("ismcts", 0.5)``
    (a float level is seconds); ``"random"`` -> ``("random", None)``."""
    family, _, level = name.strip().rpartition("-")
    if family and level.isdigit():
        return family, int(level)
    if family and _SECONDS.match(level):
        return family, float(level[:-1])
    return name.strip(), None


def _import_agent(name: str, game: Game, seed: int) -> Agent:
    """``"my_bots.greedy:Greedy"`` -> ``Greedy(game, seed)``, checked to be an `Agent`."""
    module, _, cls = name.strip().partition(":")
    try:
        found = getattr(import_module(module), cls)
    except (ImportError, AttributeError) as err:
        raise UnknownAgent(f"cannot load agent {name!r}: {err} (module:Class, the module on "
                           "the Python path)") from err
    if not (isinstance(found, type) and issubclass(found, Agent)):
        raise UnknownAgent(f"{name!r} is not an Agent subclass (see mezquita.agents.Agent)")
    return found(game, seed)


def make_agent(name: str, game: Game, seed: int = 0) -> Agent:
    """Build the agent ``name`` for ``game``; raise `UnknownAgent` with the known names."""
    if ":" in name:
        agent = _import_agent(name, game, seed)
        agent.name = name.strip()
        return agent
    family, level = split_name(name)
    if family not in FACTORIES:
        known = ", ".join(sorted(FACTORIES))
        raise UnknownAgent(f"unknown agent {name!r} (known: {known}; "
                           "levels as e.g. mcts-200 or ismcts-0.1s; your own as module:Class)")
    agent = FACTORIES[family](game, seed, level)
    agent.name = name.strip()
    return agent


def check_agent_names(names: list[str], game: Game) -> None:
    """Raise `UnknownAgent` early (before any game runs) if a name cannot be built."""
    for name in names:
        make_agent(name, game, 0)
