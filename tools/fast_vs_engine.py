"""Compare a fast simulator's statistics with the reference engine's on many games.

    PYTHONPATH=src python tools/fast_vs_engine.py cortica --fast 100000 --engine 20000

Plays ``--fast`` games on `mezquita.fast` and ``--engine`` games on the engine (agents seeded
as in ``tests/fast``), for random vs random and heuristic vs random, and prints per lineup:
seat 0's win rate in each with its 95% Wilson interval and the two-proportion z, each seat's
mean score with Welch's z, and a chi-square of seat 0's score distribution (bins with at
least 5 expected engine games). The tests run the same comparison on fewer games.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.arena.stats import rate
from mezquita.fast import simulator


def engine_scores(game, seeds, agents) -> np.ndarray:
    """``(N, 3)``: seat 0's return and both scores of engine games from ``seeds``."""
    out = []
    for seed in seeds:
        state = game.new_state(seed)
        bots = [make_agent(name, game, seed + s) for s, name in enumerate(agents)]
        while movers := state.to_move():
            state.apply(movers[0], bots[movers[0]].act(Turn.of(state, movers[0])))
        out.append([state.returns()[0], *state.scores()])
    return np.array(out)


def compare(game_id: str, agents: tuple[str, str], fast_games: int, engine_games: int) -> None:
    start = time.perf_counter()
    fast = simulator(game_id).play(np.arange(fast_games) + 10**9, agents)
    fast_s = time.perf_counter() - start
    start = time.perf_counter()
    engine = engine_scores(mezquita.load(game_id), range(engine_games), agents)
    engine_s = time.perf_counter() - start
    f_win, e_win = fast["returns"][:, 0], engine[:, 0]
    pooled = (f_win.sum() + e_win.sum()) / (fast_games + engine_games)
    z = (f_win.mean() - e_win.mean()) / math.sqrt(
        max(pooled * (1 - pooled), 1e-12) * (1 / fast_games + 1 / engine_games))
    print(f"{game_id} {' vs '.join(agents)}: {fast_games:,} fast games in {fast_s:.1f} s, "
          f"{engine_games:,} engine games in {engine_s:.1f} s")
    for name, wins, n in (("fast", f_win.sum(), fast_games), ("engine", e_win.sum(), engine_games)):
        r = rate(float(wins), n)
        print(f"  seat-0 win rate {name:6}: {r['rate']:.4f} (95% CI {r['ci95'][0]:.4f}-{r['ci95'][1]:.4f})")
    print(f"  win rate z = {z:+.2f}")
    for seat in (0, 1):
        f, e = fast["scores"][:, seat], engine[:, 1 + seat]
        spread = math.sqrt(f.var() / fast_games + e.var() / engine_games)
        print(f"  seat {seat} mean score: fast {f.mean():.4f}, engine {e.mean():.4f}, "
              f"z = {(f.mean() - e.mean()) / spread if spread else 0.0:+.2f}")
    values = np.union1d(np.unique(fast["scores"][:, 0]), np.unique(engine[:, 1]))
    bins = np.append(values, values[-1] + 1)
    expected = np.histogram(fast["scores"][:, 0], bins)[0] / fast_games * engine_games
    observed = np.histogram(engine[:, 1], bins)[0]
    keep = expected >= 5
    chi2 = float((((observed[keep] - expected[keep]) ** 2) / expected[keep]).sum())
    print(f"  seat 0 score distribution: chi-square {chi2:.2f} with {int(keep.sum()) - 1} dof")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=["cordoba", "cortica"])
    parser.add_argument("--fast", type=int, default=100_000)
    parser.add_argument("--engine", type=int, default=20_000)
    args = parser.parse_args()
    for agents in (("random", "random"), ("heuristic", "random")):
        compare(args.game, agents, args.fast, args.engine)


if __name__ == "__main__":
    main()
