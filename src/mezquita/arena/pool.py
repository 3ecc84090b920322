"""The local backend: a tournament's games on a pool of worker processes.

Results arrive in completion order; callers that need the tournament order sort by index.
With one worker the games are played in this process (no pool start-up cost).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from .plan import Plan, play_index
from .tournament import GameResult


def play_local(plan: Plan, indices: Iterable[int], workers: int = 1,
               on_result: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play the games ``indices`` of ``plan`` on ``workers`` processes."""
    indices = list(indices)
    results: list[GameResult] = []

    def collect(result: GameResult) -> None:
        results.append(result)
        if on_result:
            on_result(result)

    if workers <= 1:
        for i in indices:
            collect(plan.play(i))
        return results
    queue = iter(indices)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = set()

        def submit_next() -> None:
            index = next(queue, None)
            if index is not None:
                pending.add(pool.submit(play_index, plan, index))

        for _ in range(2 * workers):  # a bounded number in flight: an interruption loses little
            submit_next()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                collect(future.result())
                submit_next()
    return results
