"""The PettingZoo AEC adapter passes PettingZoo's own API and seed tests for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import mezquita
from mezquita.adapters import arrays
from mezquita.adapters.pettingzoo import env, parallel_env, raw_env
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


def test_resets_without_a_seed_follow_the_stream_of_the_last_seed_given():
    """After ``reset(seed=s)``, each ``reset()`` deals the next seed of ``random.Random(s)``,
    in both environments, so seeded runs stay reproducible."""
    import random

    for e in (env("cordoba"), parallel_env("cordoba")):
        stream = random.Random(7)
        e.reset(seed=7)
        e.reset(seed=8)
        e.reset(seed=7)
        for _ in range(3):
            e.reset()
            assert e.game_state.seed == stream.getrandbits(63)


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
    returns = e.unwrapped.game_state.returns()
    n = len(returns)
    expected = [(n * r - 1) / (n - 1) for r in returns]
    assert [totals[f"player_{s}"] for s in range(n)] == pytest.approx(expected)
    assert sum(totals.values()) == pytest.approx(0.0), "PettingZoo's convention: rewards sum to 0"


def test_illegal_action_raises_and_changes_nothing_in_the_raw_env(config):
    game_id, options = config
    e = raw_env(game_id, **options)
    e.reset(seed=5)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.game_state.to_json()
    for illegal in [*np.flatnonzero(mask == 0)[:1], e.game.num_actions, 3.5, "5", True]:
        with pytest.raises(IllegalAction):
            e.step(illegal)
        assert e.game_state.to_json() == before


def test_illegal_action_raises_and_changes_nothing_in_the_parallel_env(config):
    game_id, options = config
    p = parallel_env(game_id, **options)
    obs, _ = p.reset(seed=5)
    state, before = p.game_state, p.game_state.to_json()
    actions = {a: int(o["action_mask"].argmax()) for a, o in obs.items()}
    mover = next(a for a, o in obs.items() if not o["action_mask"][p.wait])
    actions[mover] = int(np.flatnonzero(obs[mover]["action_mask"][:p.wait] == 0)[0])
    with pytest.raises(IllegalAction):
        p.step(actions)
    assert p.game_state is state and state.to_json() == before


def test_wrapped_env_answers_mistakes_as_pettingzoo_classic_games_do(config, caplog):
    game_id, options = config
    e = env(game_id, **options)
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)  # before reset
    e.reset(seed=5)
    for outside in (3.5, "5", e.unwrapped.game.num_actions):
        with pytest.raises(AssertionError):
            e.step(outside)
    mask = e.observe(e.agent_selection)["action_mask"]
    offender = e.agent_selection
    e.step(int(np.flatnonzero(mask == 0)[0]))  # illegal: the game ends, -1 for its player
    assert all(e.terminations.values())
    assert e.rewards[offender] == -1 and all(r == 0 for a, r in e.rewards.items() if a != offender)
    for _agent in e.agent_iter():
        e.step(None)  # the dead steps after the end
    before = e.unwrapped.game_state.to_json()
    e.step(0)  # after the end: warned (PettingZoo's message) and ignored
    assert "step() called after all agents are terminated" in caplog.text
    assert e.unwrapped.game_state.to_json() == before
    raw = raw_env(game_id, **options)
    raw.reset(seed=5)
    for agent in raw.agent_iter():
        raw.step(None if raw.terminations[agent] else raw.game_state.legal_actions(
            raw.possible_agents.index(agent))[0])
    with pytest.raises(IllegalAction, match="reset"):
        raw.step(0)  # the bare environment says so


def test_rewards_share_form_gives_the_returns(config):
    game_id, options = config
    e = raw_env(game_id, rewards="share", **options)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert list(totals.values()) == e.game_state.returns()


def test_max_cycles_truncates_after_that_many_cycles(config):
    game_id, options = config
    e = raw_env(game_id, max_cycles=2, **options)
    e.reset(seed=4)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 2 * len(e.possible_agents) or e.game_state.is_terminal()
    assert all(e.truncations.values()) or e.game_state.is_terminal()


def test_state_needs_asking_for(config):
    game_id, options = config
    e = raw_env(game_id, **options)
    e.reset(seed=1)
    with pytest.raises(NotImplementedError, match="global_state=True"):
        e.state()


@pytest.mark.parametrize("make", [raw_env, parallel_env])
def test_global_state_is_every_seat_view_in_seat_order(config, make):
    game_id, options = config
    e = make(game_id, global_state=True, **options)
    e.reset(seed=4)
    game, state = e.game, e.game_state
    expected = [x for s in range(game.num_players) for x in game.encode_view(state.view(s))]
    got = e.state()
    assert got.dtype == np.float32 and e.state_space.contains(got)
    assert got.tolist() == pytest.approx(expected)


def test_parallel_seed_test_is_stopped_by_the_refused_unmasked_sample(config):
    """PettingZoo's ``parallel_seed_test`` samples ``action_space(agent).sample()`` without the
    mask: its first draw is an illegal action (or a "wait" of the seat to move), which the
    Parallel environment refuses with `IllegalAction` (docs/research.md)."""
    from pettingzoo.test import parallel_seed_test

    game_id, options = config
    with pytest.raises(IllegalAction):
        parallel_seed_test(lambda: parallel_env(game_id, **options), num_cycles=50)


def test_render_gives_the_spectator_board_as_text(config):
    game_id, options = config
    e = env(game_id, render_mode="ansi", **options)
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.strip()


def test_max_cycles_as_pettingzoo_max_cycles_test_checks_it_with_masked_actions(config):
    """PettingZoo's ``max_cycles_test`` samples actions without the mask (it is written for
    games where every action is always legal), so it is rerun here with masked sampling:
    the Parallel game stops after exactly ``max_cycles`` steps and the AEC game after
    ``max_cycles`` steps of each agent, every agent then taking one last (dead) step."""
    game_id, options = config
    cycles = 4
    par = parallel_env(game_id, max_cycles=cycles, **options)
    obs, _ = par.reset(seed=9)
    rng = np.random.default_rng(9)
    steps = 0
    while par.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        obs, _, _terminations, truncations, _ = par.step(actions)
        steps += 1
    assert steps == cycles and all(truncations.values())
    aec = env(game_id, max_cycles=cycles, **options)
    aec.reset(seed=9)
    counts = dict.fromkeys(aec.possible_agents, 0)
    for agent in aec.agent_iter():
        counts[agent] += 1
        obs, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(counts.values()) == cycles * len(counts) + len(counts)


def test_observations_are_the_arrays_numpy_would_build_from_the_encoded_view(config):
    """The adapters' observation (the game's encoder writing into a new float32 array) is
    ``np.array(encode_view(view), np.float32)`` bit for bit, for every seat and the spectator
    at every decision of a random game, and the mask is the legal ids; both new arrays."""
    game_id, options = config
    game = mezquita.load(game_id, **options)
    state, rng = game.new_state(3), np.random.default_rng(3)
    while True:
        for seat in (*range(game.num_players), None):
            array = arrays.observation(game, state, seat, game.observation_size)
            expected = np.array(game.encode_view(state.view(seat)), np.float32)
            assert array.dtype == expected.dtype and array.tobytes() == expected.tobytes()
            assert array.flags.writeable and array.flags.owndata
        if state.is_terminal():
            return
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        mask = arrays.legal_mask(legal, game.num_actions)
        assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == legal
        state.apply(seat, int(rng.choice(legal)))


def test_observations_kept_across_steps_do_not_change(config):
    """Every ``last()`` gives new arrays that the environment never writes again: a user may
    keep them (a replay buffer, the previous observation) without copying."""
    game_id, options = config
    e = env(game_id, **options)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    kept = []
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    for obs, copy in kept:
        assert all(np.array_equal(obs[k], copy[k]) for k in copy)
    arrays_kept = [a for obs, _ in kept for a in obs.values()]
    assert len({id(a) for a in arrays_kept}) == len(arrays_kept)
