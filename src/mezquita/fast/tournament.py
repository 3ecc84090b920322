"""Tournaments on a fast simulator, summarised exactly as `mezquita.arena.summarise` does.

Game ``i`` is dealt from the arena's own seed (``derive_seed(seed, "game", i)``) and seated by
the arena's fair schedule, so a fast tournament plays the same deals, in the same seats, as
the engine's (the random agents' choices differ: they draw from the simulator's policy
stream; the heuristics' own generators are seeded as the arena seeds its agents, so heuristic
games are the engine's games). Games run in chunks, so memory stays flat however many are
played.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mezquita.arena.schedule import schedule
from mezquita.arena.stats import rate
from mezquita.arena.tournament import GameResult
from mezquita.engine import derive_seed

from . import simulator

CHUNK = 1 << 16  # games per batch: large enough to amortise calls, small in memory (~20 MB)
SEATS = 2


def chunks(sim, agents: list[str], games: int, seed: int = 0):
    """Game numbers ``0 .. games - 1`` of ``agents`` on ``sim`` in chunks: yields (numbers,
    deal seeds, agent index per seat, ``sim.play``'s result)."""
    names = list(dict.fromkeys(agents))
    cycle = np.array([[names.index(a) for a in seats] for seats in schedule(names, SEATS)])
    codes = np.array([["random", "heuristic"].index(a) for a in names], np.int8)
    for start in range(0, games, CHUNK):
        index = np.arange(start, min(start + CHUNK, games))
        seeds = np.array([derive_seed(seed, "game", int(i)) for i in index], np.uint64)
        agent_of = cycle[index % len(cycle)]
        if getattr(sim, "agent_seeded", False) and "heuristic" in names:
            agent_seeds = np.array([[derive_seed(int(s), "agent", seat) for seat in range(SEATS)]
                                    for s in seeds], np.uint64)
            yield index, seeds, agent_of, sim.play(seeds, codes[agent_of], agent_seeds=agent_seeds)
        else:
            yield index, seeds, agent_of, sim.play(seeds, codes[agent_of])


def game_results(game_id: str, options: dict, agents: list[str], games: int, seed: int = 0,
                 variant: int = 0, variants: int = 1, backend: str | None = None) -> list[GameResult]:
    """The games of one variant of a sweep (`mezquita.arena.Plan` numbering: game ``n`` of
    variant ``v`` has index ``n * variants + v``) as `GameResult`s without the game's own
    facts, thinking times or branching (the fast simulator keeps no events)."""
    sim = simulator(game_id, options, backend)
    names = list(dict.fromkeys(agents))
    out = []
    for index, seeds, agent_of, result in chunks(sim, agents, games, seed):
        for j, number in enumerate(index.tolist()):
            out.append(GameResult(
                number * variants + variant, int(seeds[j]), [names[k] for k in agent_of[j]],
                result["returns"][j].tolist(), result["scores"][j].tolist(),
                int(result["length"][j]), [0.0] * SEATS, None, [0] * SEATS, 0.0, None, variant,
                0, int(result["rounds"][j])))
    return out


def run(game_id: str, options: dict, agents: list[str], games: int, seed: int = 0,
        backend: str | None = None, on_chunk: Callable[[int], None] | None = None) -> dict:
    """Play ``games`` games of ``agents`` (names of the simulator's policies) on the fair
    schedule; return the arena summary plus ``"simulator"`` (which backend played)."""
    sim = simulator(game_id, options, backend)
    names = list(dict.fromkeys(agents))
    totals = np.zeros((len(names), 6))  # games, wins, draws, losses, points, fair
    lengths = []
    for index, _, agent_of, result in chunks(sim, agents, games, seed):
        returns = result["returns"]
        for k in range(len(names)):
            seats = agent_of == k
            present = seats.any(axis=1)
            points = (returns * seats).sum(axis=1)[present]
            wins = points >= 1.0 - 1e-9
            draws = (points > 0.0) & ~wins
            totals[k] += [present.sum(), wins.sum(), draws.sum(), (points == 0.0).sum(),
                          points.sum(), (seats.sum(axis=1)[present] / SEATS).sum()]
        lengths.append(result["length"])
        if on_chunk:
            on_chunk(len(index))
    per_agent = {}
    for k, name in enumerate(names):
        n, wins, draws, losses, points, fair = totals[k]
        per_agent[name] = {"games": int(n), "wins": int(wins), "draws": int(draws),
                           "losses": int(losses), "points": round(float(points), 2),
                           "fair": round(float(fair / n), 4) if n else 0.0,
                           **rate(float(points), int(n))}
    length = np.concatenate(lengths)
    # as statistics.median on the engine's lengths: an int for an odd count, else a float
    middle = np.median(length).item() if len(length) % 2 == 0 else int(np.median(length))
    return {
        "games": games,
        "agents": per_agent,
        "length": {"mean": round(float(length.mean()), 2),
                   "median": middle,
                   "min": int(length.min()), "max": int(length.max())},
        "simulator": f"mezquita.fast ({sim.backend})",
    }
