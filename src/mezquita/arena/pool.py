"""The local backend: a tournament's games on a pool of worker processes (and `map_games`,
the benchmark's and the ladder's games in order).

Results reach the callback in completion order; callers that need the tournament order
sort by index.
With one worker the games are played in this process (no pool start-up cost).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import ExitStack
from itertools import starmap
from typing import Any

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



def map_games(play: Callable[..., Any], jobs: list[tuple], workers: int,
              on_game: Callable[[], None] | None = None) -> list:
    """``play(*job)`` for every job, results in the jobs' order, on ``workers`` processes (in
    this process with one); ``on_game`` after each."""
    results = []
    with ExitStack() as stack:
        if workers > 1 and jobs:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            outcomes = pool.map(play, *zip(*jobs, strict=True))
        else:
            outcomes = starmap(play, jobs)
        for result in outcomes:
            results.append(result)
            if on_game:
                on_game()
    return results
