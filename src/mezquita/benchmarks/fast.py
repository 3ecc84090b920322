"""The compiled batched simulators (``mezquita.fast``): games/s on one core per game, variant
and policy, the numpy fallback against the engine, and a whole Córdoba sweep's time and peak
memory.

Each rate is the best of slices interleaved with the goofspiel anchor (``anchor.py``); a
slice plays one batch of games from fresh seeds. The sweep runs in its own process
(``mezquita simulate`` on 1M games, 100k with ``--quick``), whose peak resident memory is
read from the kernel when it exits.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

from mezquita.engine import load

from . import Figure
from .anchor import shared
from .playouts import engine_playout

#: per game with a simulator: the variants measured (the first alone with ``--quick``)
VARIANTS = {"cordoba": ({}, {"hand": 3}, {"hand": 10}, {"landmarks": 5}, {"match": True}),
            "cortica": ({}, {"cards": "reconstruction-v1-untuned"})}
#: games per batch of the compiled simulators (the numpy fallback plays the batches that
#: ``simulate`` and ``sweep`` play, `mezquita.fast.tournament.CHUNK`)
BATCH = {"cordoba": 100_000, "cortica": 20_000}


def run(game_ids: list[str] | None, quick: bool) -> list[Figure]:
    """Fast-simulator figures for the games that have one (Córdoba, Cortiça)."""
    wanted = [g for g in VARIANTS if not game_ids or g in game_ids]
    if not wanted:
        return []
    try:
        import numpy as np

        from mezquita import fast
        from mezquita.fast.tournament import CHUNK
    except ImportError as err:
        return [Figure("fast simulator", g, 0.0, "games/s",
                       note=f"{err.name} not installed (pip install 'mezquita[fast]')") for g in wanted]
    anchor = shared(quick)
    seconds = 0.3 if quick else 1.5
    backend = fast.default_backend()
    figures = []
    for game_id in wanted:
        batch = BATCH[game_id] if backend == "numba" else CHUNK
        for options in VARIANTS[game_id] if not quick else VARIANTS[game_id][:1]:
            for policies in (("random", "random"), ("heuristic", "heuristic")):
                rate = _fast_rate(anchor, fast.simulator(game_id, options, backend), policies,
                                  batch, seconds, np)
                figures += anchor.stamp([Figure(
                    f"fast simulator, {' vs '.join(policies)}", game_id, round(rate), "games/s",
                    _label(options), note=f"mezquita.fast ({backend}), one core, batches of "
                    f"{batch:,}")])
        engine_rate, _ = anchor.interleave(
            lambda i, play=engine_playout(load(game_id), random.Random(0)): (1, play(i)), seconds)
        figures += anchor.stamp([Figure("engine random playouts", game_id, round(engine_rate, 1),
                                        "games/s", note="the generic API, for the fallback's ratio")])
        numpy_rate = _fast_rate(anchor, fast.simulator(game_id, {}, "numpy"), ("random", "random"),
                                CHUNK, seconds, np)
        figures += anchor.stamp([Figure(
            "fast simulator (numpy fallback), random vs random", game_id, round(numpy_rate),
            "games/s", anchor="engine random playouts", ratio=round(numpy_rate / engine_rate, 1),
            note=f"vectorised over batches of {CHUNK:,}, as simulate and sweep play them; "
            "target 10x the engine")])
    if "cordoba" in wanted:
        anchor.window_start()
        figures += anchor.stamp(_sweep(1_000_000 if not quick else 100_000))
    anchor.finalise(figures)
    return figures


def _label(options: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def _fast_rate(anchor, sim, policies, batch: int, seconds: float, np) -> float:
    sim.play(np.arange(200), policies)  # compile (or load the cache) outside the timing
    slices = max(2, min(6, int(seconds / 0.1)))

    def one_batch(i: int) -> tuple[int, int]:
        result = sim.play(np.arange(batch, dtype=np.uint64) + np.uint64(i * batch), policies)
        return batch, int(result["length"].sum())

    return anchor.interleave(one_batch, seconds, slices)[0]


#: printed by the sweep process: its peak resident memory in kB (Linux's VmHWM; elsewhere
#: ru_maxrss, which may include the parent's memory at the fork)
_PEAK_KB = """
import resource, sys
try:
    print(next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM")))
except OSError:
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // (1024 if sys.platform == "darwin" else 1))
"""


def _sweep(games: int) -> list[Figure]:
    """``mezquita simulate cordoba`` on ``games`` random-vs-random games in a child process:
    its wall time and peak resident memory (the child's own ``VmHWM``: ``ru_maxrss`` of a
    child counts the parent's memory at the fork)."""
    code = (f"from mezquita.fast.tournament import run; run('cordoba', {{}}, ['random', 'random'], "
            f"{games})\n{_PEAK_KB}")
    setting = f"{games:,} games, random vs random, seat-rotated, arena seeds"
    start = time.perf_counter()
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if child.returncode:
        return [Figure("fast sweep", "cordoba", 0.0, "games/s", setting,
                       note=f"the sweep process failed: {child.stderr.strip()[-200:]}")]
    peak_mb = int(child.stdout.split()[-1]) / 1024  # kB
    return [
        Figure("fast sweep", "cordoba", round(games / seconds), "games/s", setting,
               note=f"{seconds:.2f} s wall: process start, imports and the arena's per-game "
               "seeds (blake2b, ~1.6 us each) included"),
        Figure("fast sweep peak memory", "cordoba", round(peak_mb, 1), "MB", setting,
               note="peak resident memory of the sweep process; target under 1 GB"),
    ]
