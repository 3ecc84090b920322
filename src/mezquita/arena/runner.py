"""Run a `Plan` on a backend, resuming from an output folder when one is given."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mezquita.engine import MezquitaError

from .plan import Plan
from .pool import play_local
from .store import ResultStore
from .tournament import GameResult

BACKENDS = ("local", "ray")


def play_plan(plan: Plan, workers: int = 1, backend: str = "local", out: Path | None = None,
              on_result: Callable[[GameResult], None] | None = None,
              ray_address: str | None = None) -> list[GameResult]:
    """All games of ``plan`` in index order.

    With ``out``, games already in its ``games.jsonl`` are not played again (and are not
    passed to ``on_result``); new ones are appended as they finish.
    """
    if backend not in BACKENDS:
        raise MezquitaError(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")
    store = ResultStore(out, plan) if out is not None else None
    done = store.load() if store else {}
    todo = [i for i in range(plan.total) if i not in done]

    def finished(result: GameResult) -> None:
        done[result.index] = result
        if store:
            store.append(result)
        if on_result:
            on_result(result)

    if backend == "ray":
        from .ray_backend import play_ray

        play_ray(plan, todo, workers, finished, ray_address)
    else:
        play_local(plan, todo, workers, finished)
    return [done[i] for i in sorted(done)]
