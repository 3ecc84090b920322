"""The fast Cortiça simulator against the reference engine, for both card sets and backends."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from functools import cache

import pytest

np = pytest.importorskip("numpy")

import mezquita  # noqa: E402
from mezquita.fast import backend as fast_backend  # noqa: E402
from mezquita.fast import mt19937, simulator, supports  # noqa: E402
from mezquita.fast.cortica import LENGTH, ROW, Simulator  # noqa: E402

from .engine_play import engine_game, replay_games  # noqa: E402

VARIANTS = [{}, {"cards": "reconstruction-v1-untuned", "max_rounds": 12}]
BACKENDS = ["numpy"] + (["numba"] if fast_backend.HAVE_NUMBA else [])
LINEUPS = [("random", "heuristic"), ("heuristic", "heuristic"), ("heuristic", "random"),
           ("random", "random")]


@cache
def engine_games(key: tuple, count: int):
    """``count`` engine games of the variant ``key``, the lineups in turn."""
    game = mezquita.load("cortica", **dict(key))
    return [(seed, *engine_game(game, seed, LINEUPS[seed % len(LINEUPS)])) for seed in range(count)]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_deals_are_the_engines(options, backend):
    game = mezquita.load("cortica", **options)
    S, _ = simulator("cortica", options, backend).init(range(200))
    assert [list(row) for row in S[:, ROW:ROW + 5]] == [game.new_state(s).row for s in range(200)]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_replayed_engine_games_give_identical_masks_choices_and_outcomes(options, backend):
    """200 engine games (random and heuristic seats) replayed move by move: the same seat to
    move and legal ids at every decision, the heuristic's choice wherever it played (its
    noise drawn from the same generator), the same observations (in the first 12 games),
    and the same scores, winners and lengths."""
    sim = simulator("cortica", options, backend)
    game = mezquita.load("cortica", **options)
    games = engine_games(tuple(sorted(options.items())), 200)
    S = replay_games(sim, game, games)
    assert sim.scores(S).tolist() == [state.scores() for _, state, _ in games]
    assert sim.returns(S).tolist() == [state.returns() for _, state, _ in games]
    assert S[:, LENGTH].tolist() == [len(state.history) for _, state, _ in games]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_heuristic_games_played_whole_are_the_engines(options, backend):
    games = [g for g in engine_games(tuple(sorted(options.items())), 200) if g[0] % 4 == 1]
    seeds = np.array([seed for seed, _, _ in games])
    result = simulator("cortica", options, backend).play(
        seeds, ("heuristic", "heuristic"), agent_seeds=seeds[:, None] + [0, 1])
    assert result["scores"].tolist() == [state.scores() for _, state, _ in games]
    assert result["returns"].tolist() == [state.returns() for _, state, _ in games]
    assert result["length"].tolist() == [len(state.history) for _, state, _ in games]


@pytest.mark.skipif(not fast_backend.HAVE_NUMBA, reason="numba not installed")
@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_the_numpy_fallback_plays_the_same_games_as_numba(options):
    seeds = np.arange(2000) * 7919
    codes = np.zeros((len(seeds), 2), np.int8)
    codes[:40] = np.random.default_rng(0).integers(0, 2, (40, 2))  # the heuristic is slow in numpy
    a = simulator("cortica", options, "numba").play(seeds, codes)
    b = simulator("cortica", options, "numpy").play(seeds, codes)
    for key in ("scores", "returns", "length", "rounds"):
        assert (a[key] == b[key]).all(), key


SCRIPT = """
import sys
sys.modules["numba"] = None  # as if numba were not installed
import numpy as np, mezquita
from mezquita.fast import backend, simulator
assert not backend.HAVE_NUMBA and backend.default_backend() == "numpy"
game = mezquita.load("cortica")
sim = simulator("cortica")
seeds = np.array([3, 4, 5])
result = sim.play(seeds, ("heuristic", "random"))
S, R = sim.init(seeds)
while (S[:, 44] >= 0).any():
    sim.step(S, R, sim.act(S, R, "heuristic"))
print(S[:, 43].tolist(), S[:, 45].tolist(), result["length"].min() > 0)
"""


def test_without_numba_the_fallback_plays_the_engines_heuristic_games():
    """In a process where numba cannot be imported: the uncompiled kernels play heuristic
    self-play exactly as the engine does."""
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True)
    game = mezquita.load("cortica")
    states = [engine_game(game, seed, ("heuristic", "heuristic"))[0] for seed in (3, 4, 5)]
    assert out.stdout.split("\n")[0] == (f"{[s.winner for s in states]} "
                                         f"{[len(s.history) for s in states]} True")


@pytest.mark.parametrize("seed", [0, 7, 2**32 - 1, 2**32, 2**62 - 3, 2**64 - 1])
def test_the_mirrored_generator_draws_what_random_random_draws(seed):
    """Seeding (compiled and from ``getstate``) and ``gauss`` follow `random.Random`,
    across a state refill (624 words)."""
    row, copied = np.zeros((2, mt19937.MT_WIDTH), np.uint64)
    mt19937.seed_nb(row, np.uint64(seed))
    mt19937.seeded(seed, copied)
    assert (row == copied).all()
    want = random.Random(seed)
    draws = [mt19937.gauss(row, row.view(np.float64), 0.3) for _ in range(700)]
    assert draws == [want.gauss(0.0, 0.3) for _ in range(700)]


def test_bad_policies_and_seeds_are_refused():
    sim = Simulator(backend="numpy")
    with pytest.raises(ValueError, match="policies must be two of"):
        sim.play([1, 2], ("random", "ismcts"))
    with pytest.raises(ValueError, match="agent_seeds must have shape"):
        sim.play([1, 2], ("heuristic", "random"), agent_seeds=[[1, 2]])
    assert supports("cortica", ["random", "heuristic"], {"cards": "reconstruction-v1-untuned"})
    assert not supports("cortica", ["alphabeta-5"])


#: the 0.9999 quantile of the chi-square distribution by degrees of freedom
CHI2_9999 = {0: 0.0, 1: 15.14, 2: 18.42, 3: 21.11, 4: 23.51, 5: 25.74, 6: 27.86, 7: 29.88}


def _two_proportion_z(p1: float, n1: int, p2: float, n2: int) -> float:
    p = (p1 * n1 + p2 * n2) / (n1 + n2)
    return (p1 - p2) / math.sqrt(max(p * (1 - p), 1e-12) * (1 / n1 + 1 / n2))


@pytest.mark.parametrize("agents", [("random", "random"), ("heuristic", "random")], ids=str)
def test_win_rates_mean_scores_and_score_distribution_match_the_engine(agents):
    """Many fast games (100k random, 20k with the heuristic; a tenth of that with numpy)
    against 500 engine games: seat-0 win rate, mean scores (cork) and the distribution of
    seat 0's cork agree (|z| < 4 each and a chi-square over its values below the 0.9999
    quantile)."""
    fast_games = (100_000 if agents == ("random", "random") else 20_000) // \
        (1 if fast_backend.default_backend() == "numba" else 10)
    fast = simulator("cortica").play(np.arange(fast_games) + 10**9, agents)
    game = mezquita.load("cortica")
    engine = [engine_game(game, seed, agents)[0] for seed in range(500)]
    e_returns = np.array([s.returns() for s in engine])
    e_scores = np.array([s.scores() for s in engine])
    n = len(engine)
    z = _two_proportion_z(fast["returns"][:, 0].mean(), fast_games, e_returns[:, 0].mean(), n)
    assert abs(z) < 4, f"seat-0 win rate differs (z = {z:.1f})"
    for seat in (0, 1):
        f, e = fast["scores"][:, seat], e_scores[:, seat]
        spread = math.sqrt(f.var() / fast_games + e.var() / n)
        z = (f.mean() - e.mean()) / spread if spread else 0.0
        assert abs(z) < 4, f"seat {seat} mean score differs (z = {z:.1f})"
    bins = np.arange(9)  # seat 0's cork, 0..7
    expected = np.histogram(fast["scores"][:, 0], bins)[0] / fast_games * n
    observed = np.histogram(e_scores[:, 0], bins)[0]
    keep = expected >= 5
    chi2 = float((((observed[keep] - expected[keep]) ** 2) / expected[keep]).sum())
    dof = int(keep.sum()) - 1
    assert chi2 < CHI2_9999[dof], f"cork distribution differs (chi-square {chi2:.1f}, {dof} dof)"
