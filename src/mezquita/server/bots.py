"""Bots in matches, computed off the event loop so a thinking bot never delays other matches.

A `BotPool` sends ``(game, options, state JSON, seat, agent name, seed)`` to a worker, which
rebuilds the state there and hands the agent only ``Turn.of(state, seat)``. Processes are the
default (a search bot holds the GIL); threads are available for light bots and tests.
The pool is created on first use, so starting the server stays instant.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from typing import Any

from mezquita.agents import Turn, make_agent
from mezquita.agents.levels import LEVELS as NAMED_LEVELS
from mezquita.agents.registry import FACTORIES
from mezquita.engine import Game, load

#: Levels offered in the lobby for agent families that take one (``mcts-200``).
LEVELS: dict[str, tuple[int, ...]] = {"mcts": (50, 200, 1000), "ismcts": (100, 1000)}


@lru_cache(maxsize=64)
def _game(game_id: str, options_key: tuple) -> Game:
    return load(game_id, **dict(options_key))


def options_key(options: dict[str, Any]) -> tuple:
    """A hashable form of a game's options (tuples stay tuples, lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


def choose_action(game_id: str, options: tuple, state: dict, seat: int, agent: str,
                  seed: int) -> int:
    """Run in a worker: the action id ``agent`` plays for ``seat`` (it sees only its Turn)."""
    game = _game(game_id, options)
    truth = game.state_from_json(state)
    return make_agent(agent, game, seed).act(Turn.of(truth, seat))


def _warm_up() -> None:
    """Run in a fresh worker: import every registered game."""
    from mezquita.engine import games

    games()


def agent_names(game: Game) -> list[str]:
    """The bot names the lobby offers for ``game``: the difficulty levels (easy .. expert)
    first, then the other families (with their budgets from `LEVELS`)."""
    names = []
    for family in [*NAMED_LEVELS, *(f for f in FACTORIES if f not in NAMED_LEVELS)]:
        candidates = [f"{family}-{n}" for n in LEVELS[family]] if family in LEVELS else [family]
        for name in candidates:
            try:
                make_agent(name, game, 0)
            except Exception:  # a bot that cannot play this game is simply not offered
                continue
            names.append(name)
    return names


class BotPool:
    """A lazily created pool of bot workers (``kind`` is ``"process"`` or ``"thread"``)."""

    def __init__(self, kind: str = "process", workers: int | None = None) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot pool kind must be 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context)
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
        return self._executor

    def warm(self) -> None:
        """Start the workers in the background, so the first bot move is not slowed by
        worker start-up (processes import the games)."""
        if self.kind == "process":
            self._pool().submit(_warm_up)

    async def choose(self, game: Game, state: dict, seat: int, agent: str, seed: int) -> int:
        """The action id ``agent`` picks for ``seat`` in the state ``state`` (its JSON)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool(), choose_action, game.info.id, options_key(game.options), state, seat,
            agent, seed,
        )

    def shutdown(self) -> None:
        """Stop the workers (pending bot moves are dropped; they are recomputed on restart)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
