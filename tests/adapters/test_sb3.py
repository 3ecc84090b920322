"""Stable-Baselines3: `vec_env` works with MaskablePPO out of the box, on the fast simulator and
on the engine; saved models and self-play serve as opponents."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from mezquita.adapters.opponents import Pool
from mezquita.adapters.sb3 import FastVecEnv, SelfPlay, load_policy, vec_env
from mezquita.engine import load

SMALL = {"n_steps": 64, "batch_size": 64, "n_epochs": 1, "seed": 0}


@pytest.fixture(autouse=True)
def one_torch_thread():
    """Tiny networks: one thread is fastest, and the suite shares the machine's cores."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.mark.parametrize(("game", "options", "kind"), [
    ("cordoba", {}, FastVecEnv), ("citadels", {"players": 3}, DummyVecEnv)])
def test_maskable_ppo_learns_a_few_thousand_steps(game, options, kind):
    envs = vec_env(game, n_envs=4, opponents="random", seed=0, **options)
    assert isinstance(envs, kind)
    envs.reset()
    masks = np.stack(envs.env_method("action_masks"))
    assert masks.shape == (4, load(game, **options).num_actions) and masks.any(axis=1).all()
    model = MaskablePPO("MlpPolicy", envs, **SMALL).learn(2048)
    assert model.num_timesteps >= 2048
    episodes = list(model.ep_info_buffer)
    assert episodes and {e["r"] for e in episodes} <= {0.0, 1 / 3, 0.5, 1.0}


def test_a_seeded_vec_env_deals_the_same_games():
    firsts = []
    for _ in range(2):
        envs = vec_env("cordoba", n_envs=3, opponents="heuristic", seed=9)
        firsts.append(envs.reset())
    assert (firsts[0] == firsts[1]).all()
    assert not (firsts[0][0] == firsts[0][1]).all()  # env i deals from seed + i


def test_self_play_refreshes_its_frozen_copy_every_n_steps(tmp_path):
    selfplay = SelfPlay(every=256)
    envs = vec_env("cordoba", n_envs=4, opponents=selfplay, seat="random", seed=1)
    model = MaskablePPO("MlpPolicy", envs, **SMALL)
    model.learn(1024, callback=selfplay)
    assert selfplay.updates == 1 + 1024 // 256  # at the start, then every 256 steps
    frozen, learner = selfplay.frozen.policy.state_dict(), model.policy.state_dict()
    assert frozen.keys() == learner.keys()
    assert frozen is not learner  # a copy: training the learner does not move the opponent
    model.learn(64, callback=selfplay, reset_num_timesteps=False)  # less than `every`
    changed = any(not (frozen[k] == learner[k]).all() for k in frozen)
    assert changed

    # the learner saved to disk plays as an opponent, by path or loaded
    path = tmp_path / "learner.zip"
    model.save(path)
    opponent = load_policy(path, deterministic=True)
    obs, mask = np.zeros((1, 106), np.float32), np.zeros((1, 70), bool)
    mask[0, [3, 17]] = True
    assert opponent.batch(obs, mask)[0] in (3, 17)
    on_engine = vec_env("cordoba", n_envs=2, opponents=[str(path)], hand=3, match=True, seed=2)
    MaskablePPO("MlpPolicy", on_engine, **SMALL).learn(128)
    with pytest.raises(FileNotFoundError, match="no saved model"):
        vec_env("cordoba", opponents=str(tmp_path / "missing.zip"))


def test_self_play_joins_a_learner_that_has_trained():
    """A curriculum: trained against random play first, the learner then plays a frozen copy
    of itself as it is now (a trained policy's last distribution is not deep-copyable)."""
    model = MaskablePPO("MlpPolicy", vec_env("cordoba", n_envs=4, opponents="random", seed=1),
                        **SMALL).learn(256)
    trained = {k: v.clone() for k, v in model.policy.state_dict().items()}
    selfplay = SelfPlay(every=1024)
    model.set_env(vec_env("cordoba", n_envs=4, opponents=selfplay, seed=1))
    model.learn(64, callback=selfplay, reset_num_timesteps=False)
    assert selfplay.updates == 1  # taken at the start of the second stage
    frozen = selfplay.frozen.policy.state_dict()
    assert frozen.keys() == trained.keys()
    assert all((frozen[k] == trained[k]).all() for k in trained)



@pytest.mark.parametrize(("game", "options", "kind"), [
    ("cordoba", {}, FastVecEnv), ("citadels", {"players": 3}, DummyVecEnv)])
def test_a_pool_of_an_agent_and_self_play_trains_with_the_copy_refreshed(game, options, kind):
    """`Pool(["heuristic", selfplay])`, docs/examples/baselines.py's heuristic+self-play, on
    the fast simulator where the game has one and on the engine: the frozen learner plays its
    episodes and is refreshed as in self-play alone."""
    selfplay = SelfPlay(every=128)
    sizes: list[int] = []
    batch = selfplay.batch
    selfplay.batch = lambda observations, masks: sizes.append(len(masks)) or batch(observations, masks)
    envs = vec_env(game, n_envs=4, opponents=Pool(["heuristic", selfplay]), seat="random", seed=3,
                   **options)
    assert isinstance(envs, kind)
    MaskablePPO("MlpPolicy", envs, **SMALL).learn(512, callback=selfplay)
    assert selfplay.updates == 1 + 512 // 128
    assert sizes  # the frozen learner played
