"""`FastVectorEnv`: the batched Gymnasium environment on the fast simulator."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from mezquita.adapters.gymnasium import FastVectorEnv, MezquitaEnv  # noqa: E402
from mezquita.fast.backend import HAVE_NUMBA  # noqa: E402

BACKENDS = ["numpy"] + (["numba"] if HAVE_NUMBA else [])


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("game", "seat", "options"), [
    ("cordoba", 0, {}), ("cordoba", 1, {"hand": 3, "match": True}),
    ("cortica", 0, {}), ("cortica", 1, {"cards": "reconstruction-v1-untuned"})])
def test_each_env_plays_the_game_mezquita_env_plays(game, seat, options, backend):
    """Heuristic opponents seeded alike: env i reset from seed + i gives the same
    observations, masks, rewards and ends as MezquitaEnv reset from that seed."""
    n, seed = 4, 11
    vec = FastVectorEnv(n, game=game, seat=seat, opponents="heuristic", backend=backend, **options)
    singles = [MezquitaEnv(game=game, seat=seat, opponents="heuristic", **options) for _ in range(n)]
    obs, _ = vec.reset(seed=seed)
    single_obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(singles)]
    done = np.zeros(n, bool)
    rng = np.random.default_rng(0)
    while not done.all():
        for i in np.flatnonzero(~done):
            assert obs["observation"][i] == pytest.approx(single_obs[i]["observation"])
            assert (obs["action_mask"][i] == single_obs[i]["action_mask"]).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        assert not truncated.any()
        for i in np.flatnonzero(~done):
            single_obs[i], reward, ended, _, _ = singles[i].step(int(actions[i]))
            assert rewards[i] == reward and terminated[i] == ended
            if ended:
                assert info["_final_obs"][i]
                assert info["final_obs"][i]["observation"] == pytest.approx(single_obs[i]["observation"])
                done[i] = True


def test_illegal_actions_end_the_episode_and_envs_reset_in_the_same_step():
    vec = FastVectorEnv(3, opponents="random", backend="numpy")
    obs, _ = vec.reset(seed=5)
    assert vec.observation_space.contains(obs)
    illegal = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    legal = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
    obs, rewards, terminated, _, info = vec.step([illegal, legal[1], 999])
    assert rewards.tolist() == [-1.0, 0.0, -1.0]
    assert terminated.tolist() == [True, False, True]
    assert info["_final_obs"].tolist() == [True, False, True]
    assert obs["action_mask"].sum(axis=1).min() > 0  # the reset envs are ready to play
    steps = 0
    while steps < 200:  # keep playing across resets: rewards are results, masks never empty
        obs, rewards, terminated, _, _ = vec.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
        assert set(rewards[terminated]) <= {0.0, 0.5, 1.0} and (rewards[~terminated] == 0).all()
        assert vec.observation_space.contains(obs)
        steps += 1


def test_unsupported_games_and_opponents_are_refused():
    with pytest.raises(ValueError, match="no 'citadels' simulator"):
        FastVectorEnv(2, game="citadels")
    with pytest.raises(ValueError, match=r"opponents \['ismcts-10'\]"):
        FastVectorEnv(2, opponents="ismcts-10")
