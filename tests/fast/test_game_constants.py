"""The fast simulators take the game's ids and constants from the game's modules: a constant
changed there is what they play by. (On the numpy backend, which compiles nothing; that the
compiled kernels follow a changed constant too is `test_backend`'s.)"""

from __future__ import annotations

import importlib

import pytest

np = pytest.importorskip("numpy")

import mezquita  # noqa: E402
from mezquita.fast import cordoba as fast_cordoba  # noqa: E402
from mezquita.fast import cortica as fast_cortica  # noqa: E402
from mezquita.games.cordoba import heuristic as cordoba_heuristic  # noqa: E402
from mezquita.games.cortica import rules as cortica_rules  # noqa: E402

from .engine_play import engine_game, replay_games  # noqa: E402


@pytest.fixture
def changed(monkeypatch):
    """``changed(module, name, value, fast_module)``: set a game module's constant and import
    the fast module again; both are put back afterwards."""
    reloaded = []

    def change(module, name, value, fast_module):
        monkeypatch.setattr(module, name, value)
        reloaded.append(importlib.reload(fast_module))
        return fast_module

    yield change
    monkeypatch.undo()
    for module in reloaded:
        importlib.reload(module)


def test_the_first_ids_are_the_games_blocks_and_the_layout_fits():
    game = mezquita.load("cortica")
    assert {block.name: block.base for block in game.decisions.space.blocks} == {
        kind: getattr(fast_cortica, kind.upper()) for kind in
        ("place", "rest", "skip", "use", "use_plan", "flip_plan", "flip_use_plan", "double_plan")}
    assert game.num_actions == fast_cortica.NUM_ACTIONS
    assert all(fast_cortica.LAYOUT.values()) and all(fast_cordoba.LAYOUT.values())


def test_cortica_ends_at_the_cork_its_rules_say(changed):
    fast = changed(cortica_rules, "CORK_TO_END", 3, fast_cortica)
    game = mezquita.load("cortica")
    games = [(seed, *engine_game(game, seed, ("random", "random"))) for seed in range(40)]
    assert max(max(r[2] for r in state.resources) for _, state, _ in games) < 6  # ended early
    sim = fast.Simulator(backend="numpy")
    S, R = sim.init([seed for seed, _, _ in games])
    for step in range(max(len(moves) for _, _, moves in games) + 1):
        mask, to_move = sim.legal_mask(S), sim.to_move(S)
        actions = np.full(len(S), -1)
        for i, (_, _, moves) in enumerate(games):
            if step < len(moves):
                seat, actions[i], _ = moves[step]
                assert to_move[i] == seat and mask[i, actions[i]]
            else:
                assert to_move[i] == -1  # over when the engine's game is
        sim.step(S, R, actions)
    assert sim.scores(S).tolist() == [state.scores() for _, state, _ in games]
    assert sim.returns(S).tolist() == [state.returns() for _, state, _ in games]


def test_cordobas_heuristic_plays_by_its_constants(changed):
    """With a card's cost raised a hundredfold the heuristic plays other cards, in the engine
    and in the simulator alike."""
    fast = changed(cordoba_heuristic, "CARD_COST", 2.0, fast_cordoba)
    game = mezquita.load("cordoba", hand=3)
    games = [(seed, *engine_game(game, seed, ("heuristic", "heuristic"))) for seed in range(12)]
    sim = fast.Simulator(hand=3, backend="numpy")
    S = replay_games(sim, game, games, observed=0)  # the heuristic's choice at every decision
    assert sim.scores(S).tolist() == [state.scores() for _, state, _ in games]
