"""The local backend: a tournament's games on a pool of worker processes.

Results reach the callback in completion order; callers that need the tournament order
sort by index.
With one worker the games are played in this process (no pool start-up cost).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from .plan import Plan, play_index
from .tournament import GameResult


def play_local(plan: Plan, indices: Iterable[int], workers: int,
               on_result: Callable[[GameResult], None]) -> None:
    """Play the games ``indices`` of ``plan`` on ``workers`` processes; ``on_result`` as each
    finishes."""
    if workers <= 1:
        for i in indices:
            on_result(plan.play(i))
        return
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
                on_result(future.result())
                submit_next()
