"""Seat-rotated tournaments on a fast simulator, summarised like `mezquita.arena.summarise`.

Game ``i`` is dealt from the arena's own ``game_seed(seed, i)`` and seated by its
``seating``, so a fast tournament plays the same deals, in the same seats, as the engine's
(the random agents' choices differ: they draw from the simulator's policy stream). Games
run in chunks, so memory stays flat however many are played.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mezquita.arena.stats import rate
from mezquita.arena.tournament import game_seed

from . import simulator

CHUNK = 1 << 16  # games per batch: large enough to amortise calls, small in memory (~20 MB)


def run(game_id: str, options: dict, agents: list[str], games: int, seed: int = 0,
        backend: str | None = None, on_chunk: Callable[[int], None] | None = None) -> dict:
    """Play ``games`` seat-rotated games of ``agents`` (names of the simulator's policies);
    return the arena summary plus ``"simulator"`` (which backend played)."""
    sim = simulator(game_id, options, backend)
    names = list(dict.fromkeys(agents))
    codes = np.array([["random", "heuristic"].index(a) for a in agents], np.int8)
    points = np.zeros(len(names))
    counts = np.zeros((len(names), 4), np.int64)  # seat games, wins, draws, losses
    seat_points = np.zeros(2)
    lengths = []
    for start in range(0, games, CHUNK):
        index = np.arange(start, min(start + CHUNK, games))
        seeds = np.array([game_seed(seed, int(i)) for i in index], np.uint64)
        slots = (index[:, None] + np.arange(2)[None, :]) % len(agents)  # arena seating
        result = sim.play(seeds, codes[slots])
        returns = result["returns"]
        seat_points += returns.sum(axis=0)
        agent_of = np.array([names.index(a) for a in agents])[slots]
        for k in range(len(names)):
            mine = returns[agent_of == k]
            points[k] += mine.sum()
            counts[k] += [mine.size, (mine == 1.0).sum(), ((mine > 0) & (mine < 1)).sum(),
                          (mine == 0.0).sum()]
        lengths.append(result["length"])
        if on_chunk:
            on_chunk(len(index))
    per_agent = {}
    for k, name in enumerate(names):
        seat_games, wins, draws, losses = (int(c) for c in counts[k])
        per_agent[name] = {"seat_games": seat_games, "wins": wins, "draws": draws,
                           "losses": losses, "points": round(float(points[k]), 2),
                           **rate(float(points[k]), seat_games)}
    length = np.concatenate(lengths)
    return {
        "games": games,
        "agents": per_agent,
        "seats": [rate(float(p), games) for p in seat_points],
        "length": {"mean": round(float(length.mean()), 2), "median": float(np.median(length)),
                   "min": int(length.min()), "max": int(length.max())},
        "simulator": f"mezquita.fast ({sim.backend})",
    }
