"""The fast Córdoba simulator against the reference engine, in every variant and backend."""

from __future__ import annotations

import math

import pytest

np = pytest.importorskip("numpy")

import mezquita  # noqa: E402
from mezquita.fast import backend as fast_backend  # noqa: E402
from mezquita.fast import simulator, supports  # noqa: E402
from mezquita.fast.cordoba import DECK, DECK_LEN, POWERS, Simulator  # noqa: E402

from .engine_play import engine_game, replay_games  # noqa: E402

VARIANTS = [{}, {"hand": 3}, {"hand": 10}, {"landmarks": 6}, {"landmarks": 5},
            {"hand": 3, "landmarks": 5, "match": True}, {"match": True}]
BACKENDS = ["numpy"] + (["numba"] if fast_backend.HAVE_NUMBA else [])


def engine_games(options: dict, seeds, agents=("random", "heuristic")):
    """Engine games between ``agents``; yields (seed, state, [(seat, action, agent)])."""
    game = mezquita.load("cordoba", **options)
    for seed in seeds:
        yield seed, *engine_game(game, seed, agents)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_deals_are_the_engines(options, backend):
    game = mezquita.load("cordoba", **options)
    S, _ = simulator("cordoba", options, backend).init(range(40))
    for seed in range(40):
        state = game.new_state(seed)
        for seat in range(2):
            assert S[seed, seat] == sum(1 << (c - 1) for c in state.hands[seat])
            left = S[seed, DECK_LEN + seat]
            assert list(S[seed, DECK + POWERS * seat:DECK + POWERS * seat + left]) == state.decks[seat]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_replayed_engine_games_give_identical_masks_observations_and_outcomes(options, backend):
    """Engine games (random against the heuristic) replayed move by move: the same legal
    ids and seat to move, the same observation for both seats, the heuristic's choice, and the
    same end."""
    sim = simulator("cordoba", options, backend)
    game = mezquita.load("cordoba", **options)
    games = list(engine_games(options, range(12)))
    S = replay_games(sim, game, games)
    assert (sim.to_move(S) == -1).all()
    assert sim.scores(S).tolist() == [state.scores() for _, state, _ in games]
    assert sim.returns(S).tolist() == [state.returns() for _, state, _ in games]


@pytest.mark.skipif(not fast_backend.HAVE_NUMBA, reason="numba not installed")
@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_the_numpy_fallback_plays_the_same_games_as_numba(options):
    seeds = np.arange(3000) * 7919
    codes = np.random.default_rng(0).integers(0, 2, (len(seeds), 2))
    a = simulator("cordoba", options, "numba").play(seeds, codes)
    b = simulator("cordoba", options, "numpy").play(seeds, codes)
    for key in ("scores", "returns", "length"):
        assert (a[key] == b[key]).all(), key


def test_the_fallback_is_chosen_without_numba_or_when_asked(monkeypatch):
    monkeypatch.setenv("MEZQUITA_FAST_BACKEND", "numpy")
    assert fast_backend.default_backend() == "numpy"
    assert simulator("cordoba").backend == "numpy"
    monkeypatch.delenv("MEZQUITA_FAST_BACKEND")
    monkeypatch.setattr(fast_backend, "HAVE_NUMBA", False)
    assert fast_backend.default_backend() == "numpy"
    with pytest.raises(ValueError, match="numba is not installed"):
        Simulator(backend="numba")


def test_bad_variants_policies_and_games_are_refused():
    with pytest.raises(ValueError, match="no fast Córdoba variant"):
        Simulator(hand=2, backend="numpy")
    with pytest.raises(ValueError, match="policies must be two of"):
        Simulator(backend="numpy").play([1, 2], ("random", "ismcts"))
    with pytest.raises(KeyError, match="no fast simulator"):
        simulator("citadels")
    assert supports("cordoba", ["random", "heuristic"]) and not supports("cordoba", ["ismcts"])


def _two_proportion_z(p1: float, n1: int, p2: float, n2: int) -> float:
    p = (p1 * n1 + p2 * n2) / (n1 + n2)
    return (p1 - p2) / math.sqrt(max(p * (1 - p), 1e-12) * (1 / n1 + 1 / n2))


@pytest.mark.parametrize("agents", [("random", "random"), ("random", "heuristic")], ids=str)
def test_win_rates_mean_scores_and_score_distribution_match_the_engine(agents):
    """Many fast games (100k with numba, 20k with numpy) against 1,000 engine games: seat-0
    win rate, mean scores and the distribution of seat 0's score agree (|z| < 4 each and a
    chi-square over score bins below its 0.9999 quantile)."""
    fast_games = 100_000 if fast_backend.HAVE_NUMBA else 20_000
    fast = simulator("cordoba").play(np.arange(fast_games) + 10**9, agents)
    engine = list(engine_games({}, range(1000), agents))
    e_returns = np.array([s.returns() for _, s, _ in engine])
    e_scores = np.array([s.scores() for _, s, _ in engine])
    n = len(engine)
    z = _two_proportion_z(fast["returns"][:, 0].mean(), fast_games, e_returns[:, 0].mean(), n)
    assert abs(z) < 4, f"seat-0 win rate differs (z = {z:.1f})"
    for seat in (0, 1):
        f, e = fast["scores"][:, seat], e_scores[:, seat]
        z = (f.mean() - e.mean()) / math.sqrt(f.var() / fast_games + e.var() / n)
        assert abs(z) < 4, f"seat {seat} mean score differs (z = {z:.1f})"
    bins = [0, 6, 10, 14, 18, 22, 29]  # seat 0's score, 0..28
    expected = np.histogram(fast["scores"][:, 0], bins)[0] / fast_games * n
    observed = np.histogram(e_scores[:, 0], bins)[0]
    keep = expected >= 5
    chi2 = float((((observed[keep] - expected[keep]) ** 2) / expected[keep]).sum())
    assert chi2 < 26.0, f"score distribution differs (chi-square {chi2:.1f}, {keep.sum() - 1} dof)"


def test_the_package_example_runs():
    import doctest

    import mezquita.fast

    assert doctest.testmod(mezquita.fast).failed == 0
