"""The Gymnasium environments' options: learner seat, opponents as policies and pools,
flat and oracle observations, score shaping, and the vector environment's autoreset."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import mezquita
from mezquita.adapters.gymnasium import ORACLE, FastVectorEnv, MezquitaEnv, make_vec
from mezquita.adapters.opponents import Pool
from mezquita.engine import IllegalAction


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    """A policy opponent: the lowest legal action id."""
    return int(np.flatnonzero(mask)[0])


def play_out(env: MezquitaEnv, seed: int) -> tuple[list[float], dict]:
    """One episode with uniformly random legal actions; the rewards and the reset info."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, done = [], False
    while not done:
        _, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        rewards.append(reward)
    return rewards, info


def test_seat_random_draws_a_seat_per_episode_and_the_learner_plays_only_it():
    env = MezquitaEnv("citadels", seat="random", opponents="random", players=3)
    seats = set()
    for seed in range(12):
        rewards, info = play_out(env, seed)
        assert info["seat"] == env.seat
        assert rewards[-1] == env.state.returns()[env.seat]
        seats.add(env.seat)
    assert seats == {0, 1, 2}
    with pytest.raises(ValueError, match="'random'"):
        MezquitaEnv("cordoba", seat="any")


def test_a_callable_opponent_plays_its_own_observation_and_mask():
    seen = []

    def policy(observation, mask):
        seen.append((observation.shape, mask.dtype, int(mask.sum())))
        return first_legal(observation, mask)

    env = MezquitaEnv("cordoba", seat=1, opponents=policy)
    play_out(env, 3)
    game = env.game
    assert seen and all(shape == (game.observation_size,) and dtype is np.dtype(bool) and legal > 0
                        for shape, dtype, legal in seen)
    # the opponent's moves are those of the policy: replaying them reproduces the game
    replay = game.new_state(3)
    for seat, action in env.state.history:
        if seat == 0:
            assert action == replay.legal_actions(0)[0]
        replay.apply(seat, action)


def test_an_opponent_policy_that_plays_illegally_is_reported():
    env = MezquitaEnv("cordoba", seat=1, opponents=lambda observation, mask: -1)
    with pytest.raises(IllegalAction, match="not legal"):
        env.reset(seed=0)


def test_a_pool_draws_one_member_per_episode_reproducibly():
    pool = Pool(["random", first_legal], weights=[1, 3])
    picks = []
    for _ in range(2):
        env = MezquitaEnv("cordoba", seat=1, opponents=pool)
        drawn = []
        for seed in range(20):
            env.reset(seed=seed if seed == 0 else None)
            drawn.append(type(env._opponents[0]).__name__)
        picks.append(drawn)
    assert picks[0] == picks[1]  # seeded: the same draws
    assert set(picks[0]) == {"RandomAgent", "function"}
    with pytest.raises(ValueError, match="weights"):
        Pool(["random"], weights=[1, 2])
    with pytest.raises(ValueError, match="opponent"):
        MezquitaEnv("cordoba", opponents=42)


def test_flat_observations_keep_the_mask_apart():
    env = MezquitaEnv("citadels", observation="flat", players=4)
    obs, info = env.reset(seed=1)
    assert env.observation_space.shape == (env.game.observation_size,)
    assert obs.shape == (env.game.observation_size,) and obs.dtype == np.float32
    assert env.observation_space.contains(obs)
    assert (info["action_mask"].view(bool) == env.action_masks()).all()
    legal = env.state.legal_actions(env.seat)
    assert np.flatnonzero(env.action_masks()).tolist() == legal


def test_the_oracle_block_is_present_only_when_asked_and_holds_the_other_views():
    plain = MezquitaEnv("cordoba")
    assert ORACLE not in plain.reset(seed=2)[0]
    env = MezquitaEnv("cordoba", oracle=True)
    obs, _ = env.reset(seed=2)
    game = env.game
    other = np.array(game.encode_view(env.state.view(1)), np.float32)
    assert (obs[ORACLE] == other).all() and env.observation_space.contains(obs)
    assert not (obs[ORACLE] == obs["observation"]).all()  # the other hand, not mine
    with pytest.raises(ValueError, match="oracle"):
        MezquitaEnv("cordoba", oracle=True, observation="flat")


def test_score_shaping_sums_to_the_result_plus_the_weighted_score_difference():
    env = MezquitaEnv("cordoba", opponents="heuristic", score_shaping=0.1)
    for seed in range(3):
        rewards, _ = play_out(env, seed)
        scores = env.state.scores()
        result = env.state.returns()[0]
        assert sum(rewards) == pytest.approx(result + 0.1 * (scores[0] - scores[1]))
        assert any(r != 0 for r in rewards[:-1])


def test_terminal_observations_have_an_all_zero_mask():
    env = MezquitaEnv("cordoba")
    play_out(env, 0)
    assert not env.action_masks().any() and not env._obs["action_mask"].any()


@pytest.mark.parametrize("game", ["cordoba", "citadels"])
def test_make_vec_resets_in_the_same_step_so_every_returned_mask_has_a_legal_action(game):
    envs = gymnasium.make_vec(f"mezquita/{game}-v0", num_envs=3, seat="random")
    kind = FastVectorEnv if game == "cordoba" else gymnasium.vector.SyncVectorEnv
    assert isinstance(envs.unwrapped, kind)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, _ = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(80):
        assert obs["action_mask"].any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]]
        obs, rewards, terminated, _, info = envs.step(np.array(actions))
        if terminated.any():
            ends += int(terminated.sum())
            assert all(not final["action_mask"].any() for final in info["final_obs"][terminated])
            assert (info["final_obs"][~terminated] == None).all()  # noqa: E711
        assert set(rewards[terminated].tolist()) <= {0.0, 0.5, 1.0}
    assert ends > 0


def test_fast_vector_env_takes_policies_pools_and_random_seats():
    calls = []

    class Batched:
        def __call__(self, observation, mask):
            raise AssertionError("the batched env calls batch()")

        def batch(self, observations, masks):
            calls.append(len(observations))
            return masks.argmax(axis=1)

    vec = make_vec(6, "cordoba", seat="random", opponents=Pool([Batched(), "heuristic"]),
                   observation="flat", backend="numpy")
    assert isinstance(vec, FastVectorEnv)
    obs, info = vec.reset(seed=4)
    assert obs.shape == (6, 106) and set(info["seat"].tolist()) <= {0, 1}
    seats = set()
    for _ in range(60):
        mask = vec.action_masks()
        assert mask.any(axis=1).all()
        seats.update(vec.learner_seats.tolist())
        obs, _, _, _, info = vec.step(mask.argmax(axis=1))
        assert (info["action_mask"] == vec.action_masks()).all()
    assert calls and seats == {0, 1}
    assert mezquita.load("cordoba").num_players == 2
