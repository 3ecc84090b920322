"""The PettingZoo AEC adapter passes PettingZoo's own API and seed tests for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import mezquita
from mezquita.adapters.pettingzoo import env
from mezquita.engine import IllegalAction

# PettingZoo's checker warns about every dict observation, including its own classic games'.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def test_api_test_passes_without_warnings(config):
    game_id, options = config
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, render_mode="ansi", **options), num_cycles=1000)
    messages = {str(w.message) for w in caught}
    assert [m for m in messages if not m.startswith(DICT_OBSERVATION_WARNINGS)] == []


def test_seed_test_passes(config):
    game_id, options = config
    seed_test(lambda: env(game_id, **options), num_cycles=1000)


def test_reset_seed_deals_the_engine_game_of_that_seed(config):
    game_id, options = config
    e = env(game_id, **options)
    e.reset(seed=11)
    state = mezquita.load(game_id, **options).new_state(11)
    seat = state.to_move()[0]
    assert e.agent_selection == f"player_{seat}"
    obs = e.observe(e.agent_selection)
    assert obs["observation"].tolist() == pytest.approx(e.game.encode_view(state.view(seat)))
    assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions(seat)


def test_rewards_come_at_the_end_and_equal_the_returns(config):
    game_id, options = config
    e = env(game_id, **options)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if not terminated:
            assert reward == 0.0
        e.step(None if terminated or truncated
               else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    returns = e.state.returns()
    assert [totals[f"player_{s}"] for s in range(len(returns))] == returns


def test_illegal_action_raises_and_changes_nothing(config):
    game_id, options = config
    e = env(game_id, **options)
    e.reset(seed=5)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.state.to_json()
    for illegal in [*np.flatnonzero(mask == 0)[:1], e.game.num_actions]:
        with pytest.raises(IllegalAction):
            e.step(int(illegal))
        assert e.state.to_json() == before


def test_render_gives_the_spectator_board_as_text(config):
    game_id, options = config
    e = env(game_id, render_mode="ansi", **options)
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.strip()
