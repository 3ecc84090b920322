"""Stable-Baselines3: vectorised environments for MaskablePPO, policy opponents, self-play.

Needs the ``sb3`` extra (``pip install 'mezquita[sb3]'``: stable-baselines3, sb3-contrib and a
CPU build of torch).

>>> from sb3_contrib import MaskablePPO
>>> from mezquita.adapters.sb3 import vec_env
>>> envs = vec_env("cordoba", n_envs=8, opponents="heuristic", seat="random", seed=0)
>>> model = MaskablePPO("MlpPolicy", envs, seed=0).learn(20_000)

`vec_env` returns an SB3 ``VecEnv`` whose ``env_method("action_masks")`` gives each env's
legal mask, as MaskablePPO asks for it. It runs on the fast simulator (`FastVectorEnv`) where
``mezquita.fast`` plays the game and every named opponent (Córdoba and Cortiça against
``random``, ``heuristic``, saved models and `SelfPlay`), and on the engine otherwise (SB3's
``DummyVecEnv`` over `MezquitaEnv`, each in a ``Monitor``). Both reset a finished game within
the step that ends it, give its last observation as ``info["terminal_observation"]`` and its
result as ``info["episode"]`` (so SB3 logs ``ep_rew_mean``).

Opponents are specs as in `mezquita.adapters.opponents`; this module adds two kinds:
`load_policy` (a saved model as a policy opponent, also what a ``.zip`` path spec becomes)
and `SelfPlay`, a frozen copy of the learner, refreshed every ``every`` steps.
"""

from __future__ import annotations

import time
from typing import Any, cast

import numpy as np
import torch
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv

from mezquita import fast

from . import opponents as opp
from .gymnasium import FastVectorEnv, MezquitaEnv
from .sb3_policy import ActorCritic, PolicyOpponent, load_policy  # noqa: F401  (public here too)


def vec_env(game_id: str, n_envs: int = 8, opponents: Any = "heuristic", seat: int | str = "random",
            observation: str = "flat", seed: int | None = None, backend: str | None = None,
            **options: Any) -> VecEnv:
    """``n_envs`` games of ``game_id`` with ``options`` as one SB3 ``VecEnv`` (see the module
    docstring). ``observation="flat"`` suits ``"MlpPolicy"``; ``"dict"`` (with ``oracle=True``
    if wanted) needs ``"MultiInputPolicy"``. ``seed`` makes the deals reproducible: env ``i``
    deals its first game from ``seed + i``. Other keywords are `MezquitaEnv`'s
    (``score_shaping``, ``illegal_reward``, ``oracle``) and the game's options."""
    env_keys = {"oracle", "score_shaping", "illegal_reward"}
    kwargs = {k: options.pop(k) for k in env_keys & options.keys()}
    probe = MezquitaEnv(game_id, seat=seat, opponents=opponents, observation=observation, **kwargs,
                        **options)  # checks every option once, with one clear message
    names = opp.agent_names(probe.opponent_specs)
    if fast.supports(game_id, names, dict(probe.game.options)):
        venv: VecEnv = FastVecEnv(FastVectorEnv(n_envs, game=game_id, seat=seat, opponents=opponents,
                                                observation=observation, backend=backend, **kwargs,
                                                **options))
    else:
        def make() -> Monitor:
            return Monitor(MezquitaEnv(game_id, seat=seat, opponents=opponents,
                                       observation=observation, **kwargs, **options))

        venv = DummyVecEnv([make for _ in range(n_envs)])
    venv.seed(seed)
    return venv


class FastVecEnv(VecEnv):
    """A `FastVectorEnv` as an SB3 ``VecEnv`` (what `vec_env` builds for fast games)."""

    def __init__(self, env: FastVectorEnv) -> None:
        self.env = env  # before VecEnv's constructor, which reads its render_mode
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
        self._actions = np.zeros(env.num_envs, np.int64)
        self._returns = np.zeros(env.num_envs)
        self._lengths = np.zeros(env.num_envs, np.int64)
        self._start = time.perf_counter()

    def reset(self):
        obs, _ = self.env.reset(seed=self._seeds[0])
        self._reset_seeds()
        self._returns[:], self._lengths[:] = 0.0, 0
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self):
        obs, rewards, terminated, truncated, info = self.env.step(self._actions)
        self._returns += rewards
        self._lengths += 1
        done = terminated | truncated
        infos: list[dict] = [{} for _ in range(self.num_envs)]
        elapsed = round(time.perf_counter() - self._start, 6)
        for i in np.flatnonzero(done):
            infos[i]["terminal_observation"] = info["final_obs"][i]
            infos[i]["episode"] = {"r": float(self._returns[i]), "l": int(self._lengths[i]),
                                   "t": elapsed}
            infos[i]["TimeLimit.truncated"] = bool(truncated[i])
            self._returns[i], self._lengths[i] = 0.0, 0
        return obs, rewards.astype(np.float32), done, infos

    def action_masks(self) -> np.ndarray:
        """``(n_envs, num_actions)`` bool: each learner's legal actions now."""
        return self.env.action_masks()

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list:
        if method_name != "action_masks":
            raise AttributeError(f"the fast vector env has no per-env method {method_name!r}")
        masks = self.action_masks()
        return [masks[i] for i in self._get_indices(indices)]

    def get_attr(self, attr_name: str, indices=None) -> list:
        value = self.action_masks if attr_name == "action_masks" else getattr(self.env, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        setattr(self.env, attr_name, value)

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def close(self) -> None:
        self.env.close()


class SelfPlay(BaseCallback):
    """Self-play: an opponent that is a frozen copy of the learner, refreshed every ``every``
    steps of training. Give it as the opponent of `vec_env` and as the callback of ``learn``::

        selfplay = SelfPlay(every=4096)
        envs = vec_env("cordoba", opponents=selfplay, seed=0)
        MaskablePPO("MlpPolicy", envs).learn(50_000, callback=selfplay)

    Before training starts (the first resets) it plays uniformly at random among the legal
    actions, drawn from ``seed``. ``updates`` counts the copies taken.
    """

    def __init__(self, every: int = 10_000, deterministic: bool = False, seed: int = 0) -> None:
        super().__init__()
        if not (type(every) is int and every > 0):
            raise ValueError(f"every must be a positive number of steps, not {every!r}")
        self.every = every
        self.frozen: PolicyOpponent | None = None
        self.updates = 0
        self._deterministic = deterministic
        self._rng = np.random.default_rng(seed)
        self._taken_at = 0

    def __repr__(self) -> str:
        return f"SelfPlay(every={self.every}, updates={self.updates})"

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self.batch(observation[None], mask[None])[0])

    def batch(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The frozen learner's actions (uniformly random legal ones before the first copy)."""
        if self.frozen is not None:
            return self.frozen.batch(observations, masks)
        return np.array([self._rng.choice(np.flatnonzero(m)) for m in masks], np.int64)

    def _on_training_start(self) -> None:
        self._freeze()

    def _on_step(self) -> bool:
        if self.num_timesteps - self._taken_at >= self.every:
            self._freeze()
        return True

    def _freeze(self) -> None:
        if self.frozen is None:
            # SB3 types a callback's model.policy as any policy; a learner playing itself is an
            # actor-critic (PPO or MaskablePPO). The copy is built as SB3 rebuilds a saved
            # policy, not deep-copied: a learner that has trained keeps its last distribution,
            # whose tensors are not graph leaves and refuse a deepcopy. Its random initial
            # weights, overwritten below, are drawn from a forked generator, so that the
            # learner's own draws stay those of its seed.
            learner = cast(ActorCritic, self.model.policy)
            with torch.random.fork_rng(devices=[]):
                policy = type(learner)(**learner._get_constructor_parameters()).to(learner.device)
            self.frozen = PolicyOpponent(policy, self._deterministic)
            self.frozen.policy.set_training_mode(False)
        self.frozen.policy.load_state_dict(self.model.policy.state_dict())
        self._taken_at = self.num_timesteps
        self.updates += 1
