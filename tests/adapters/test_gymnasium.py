"""The Gymnasium adapter passes Gymnasium's ``check_env`` for every game and seat count."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mezquita
from mezquita.adapters.gymnasium import MezquitaEnv, env_id
from mezquita.agents import UnknownAgent


def test_check_env_passes_without_warnings(config):
    game_id, options = config
    env = gymnasium.make(env_id(game_id), render_mode="ansi", **options).unwrapped
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught] == []


def test_every_game_is_registered_with_gymnasium():
    for info in mezquita.list_games():
        env = gymnasium.make(env_id(info.id))
        assert env.unwrapped.game.info.id == info.id


def test_the_learner_plays_only_its_seat_and_is_rewarded_at_the_end(config):
    game_id, options = config
    seat = mezquita.load(game_id, **options).num_players - 1  # the last seat: bots move first
    env = MezquitaEnv(game_id, seat=seat, opponents="random", **options)
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated, rewards = False, []
    while not terminated:
        assert seat in env.state.to_move()
        obs, reward, terminated, _, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        rewards.append(reward)
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == env.state.returns()[seat]


@pytest.mark.parametrize("observation", ["dict", "flat"])
def test_observations_kept_across_steps_do_not_change(config, observation):
    """Every step returns new arrays (observation, mask, the flat form's info mask) that the
    environment never writes again: a user may keep them without copying."""
    game_id, options = config
    env = MezquitaEnv(game_id, opponents="random", observation=observation, **options)
    obs, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    kept, terminated = [], False
    while not terminated:
        arrays = list(obs.values()) if observation == "dict" else [obs, info["action_mask"]]
        kept.append((arrays, [a.copy() for a in arrays]))
        obs, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert all(np.array_equal(a, b) for arrays, copies in kept for a, b in zip(arrays, copies))
    assert len({id(a) for arrays, _ in kept for a in arrays}) == sum(len(a) for a, _ in kept)


def test_illegal_action_ends_the_episode_with_a_penalty_and_changes_nothing(config):
    game_id, options = config
    env = MezquitaEnv(game_id, illegal_reward=-2.0, **options)
    obs, _ = env.reset(seed=6)
    for illegal in (int(np.flatnonzero(obs["action_mask"] == 0)[0]), -1, env.game.num_actions):
        obs, _ = env.reset(seed=6)
        before = env.state.to_json()
        _, reward, terminated, _, info = env.step(illegal)
        assert (reward, terminated, "illegal_action" in info) == (-2.0, True, True)
        assert env.state.to_json() == before
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_opponents_must_be_known_agents_one_per_other_seat():
    with pytest.raises(ValueError, match="opponent"):
        MezquitaEnv("cordoba", opponents=["random", "random"])
    with pytest.raises(UnknownAgent):
        MezquitaEnv("cordoba", opponents="no-such-bot")


def test_sync_vector_environment_steps_several_games_at_once():
    envs = gymnasium.make_vec("mezquita/cordoba-v0", num_envs=3, vectorization_mode="sync",
                              opponents="heuristic")
    obs, _ = envs.reset(seed=5)
    assert obs["observation"].shape == (3, 106) and obs["action_mask"].shape == (3, 70)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(40):  # 10 decisions per game: every game ends and is reset by itself
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, rewards, terminated, _truncated, _ = envs.step(np.array(actions))
        finished += int(terminated.sum())
        assert set(rewards[terminated].tolist()) <= {0.0, 0.5, 1.0}
        assert not rewards[~terminated].any()
    assert finished >= 3
    envs.close()
