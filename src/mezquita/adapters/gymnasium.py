"""Single-agent Gymnasium environments: one seat of a Mezquita game against bots.

>>> import gymnasium
>>> env = gymnasium.make("mezquita.adapters.gymnasium:mezquita/cordoba-v0", opponents="heuristic")
>>> obs, info = env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))

Importing this module registers ``mezquita/<game>-v0`` for every game (the ``module:id``
form above imports it for you). Options: ``seat`` (the learner's seat, default 0),
``opponents`` (one agent name for every other seat, or a list with one per other seat, as
in ``mezquita play``: ``random``, ``heuristic``, ``ismcts-200``...), ``render_mode``
(``"ansi"`` or ``"human"``) and the game's own options (``hand=3``, ``players=4``...).

Observations are ``{"observation": float32 array, "action_mask": int8 array}`` as in the
PettingZoo adapter; ``action_masks()`` returns the mask too (the convention of masked
policy-gradient libraries). Opponents see only their own views (`Turn`). The reward is the
learner's return at the end (win 1, loss 0, draws shared). An illegal action ends the
episode with reward ``illegal_reward`` (default -1) and ``info["illegal_action"]``, leaving
the game untouched: a learner that ignores the mask is penalised, never crashed.

`FastVectorEnv` is the batched form for games that ``mezquita.fast`` simulates (Córdoba,
Cortiça):
``num_envs`` games stepped at once in compiled code, with the same observations, masks and
rewards, against random or heuristic opponents (needs the ``fast`` extra for numba).
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from rich.console import Console
from rich.text import Text

from mezquita.agents import Agent, Turn, make_agent
from mezquita.agents.registry import check_agent_names
from mezquita.engine import load, registry

ENV_VERSION = 0


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game, e.g. ``"mezquita/cordoba-v0"``."""
    return f"mezquita/{game_id}-v{ENV_VERSION}"


class MezquitaEnv(gymnasium.Env):
    """One seat of a Mezquita game; the other seats are played by bots."""

    metadata: ClassVar[dict] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str = "cordoba",
        seat: int = 0,
        opponents: str | list[str] = "random",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game = load(game, **options)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1} in a {n}-player game, not {seat}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"give one opponent name or {n - 1} names, not {len(names)}")
        check_agent_names(names, self.game)
        self.seat = seat
        self.opponent_names = names
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (self.game.observation_size,),
                                                np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.game.num_actions,), np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.state = None
        self._over = True  # the episode ended (game over or illegal action): reset first
        self._opponents: dict[int, Agent] = {}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deal a new game (from ``seed`` exactly when given) and let the bots play until it is
        the learner's turn."""
        super().reset(seed=seed)
        deal = seed if seed is not None else int(self.np_random.integers(2**63))
        self.state = self.game.new_state(deal)
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._opponents = {
            s: make_agent(name, self.game, deal + s) for s, name in zip(others, self.opponent_names,
                                                                          strict=True)
        }
        self._play_opponents()
        self._over = self.state.is_terminal()
        return self._observation(), {}

    def step(self, action: int):
        """Play the learner's ``action``, then the bots' moves up to its next turn."""
        if self._over:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset() first")
        action = int(action)
        if action not in self.state.legal_actions(self.seat):
            self._over = True
            info = {"illegal_action": f"action {action} is not legal now"}
            return self._observation(), self.illegal_reward, True, False, info
        self.state.apply(self.seat, action)
        self._play_opponents()
        terminated = self._over = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, {}

    def action_masks(self) -> np.ndarray:
        """The legal-action mask of the learner now (as a bool array)."""
        return self._observation()["action_mask"].astype(bool)

    def render(self) -> str | None:
        """The learner's view of the board as plain text (printed in ``"human"`` mode)."""
        if self.render_mode is None or self.state is None:
            return None
        markup = self.game.render_text(self.state.view(self.seat))
        if self.render_mode == "human":
            Console().print(markup)
            return None
        return Text.from_markup(markup).plain

    def _play_opponents(self) -> None:
        state = self.state
        while (movers := state.to_move()) and self.seat not in movers:
            seat = movers[0]
            state.apply(seat, self._opponents[seat].act(Turn.of(state, seat)))

    def _observation(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.game.num_actions, np.int8)
        mask[self.state.legal_actions(self.seat)] = 1
        view = self.state.view(self.seat)
        return {"observation": np.asarray(self.game.encode_view(view), np.float32),
                "action_mask": mask}


def register() -> list[str]:
    """Register ``mezquita/<game>-v0`` for every game (idempotent); return the ids."""
    ids = []
    for game_id in registry.game_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=MezquitaEnv, kwargs={"game": game_id})
        ids.append(name)
    return ids


register()


class FastVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games on a compiled simulator (`mezquita.fast`), the learner at ``seat``
    in each, against ``opponents`` (``"random"`` or ``"heuristic"``, played as array code).

    Observations and masks are those of `MezquitaEnv` (the game's ``encode_view`` layout),
    batched; env ``i`` reset with ``seed`` is dealt from ``seed + i`` exactly as
    ``MezquitaEnv.reset(seed=seed + i)`` is, and its heuristic opponent is seeded as there, so
    with heuristic opponents the games are the same. A finished env resets in the same step
    (``info["final_obs"]`` holds its last observation, ``info["_final_obs"]`` says which); an
    illegal action ends the episode with ``illegal_reward``, as in `MezquitaEnv`.
    """

    metadata: ClassVar[dict] = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 16, game: str = "cordoba", seat: int = 0,
                 opponents: str = "random", illegal_reward: float = -1.0,
                 backend: str | None = None, **options: Any) -> None:
        from mezquita import fast

        if not fast.supports(game, [opponents]):
            raise ValueError(f"mezquita.fast has no {game!r} simulator with {opponents!r} "
                             f"opponents (it plays {', '.join(fast.POLICIES)} in {', '.join(fast.GAMES)})")
        self.game = load(game, **options)
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {seat}")
        self.sim = fast.simulator(game, dict(self.game.options), backend)
        self.num_envs, self.seat, self.opponents = num_envs, seat, opponents
        self.illegal_reward = float(illegal_reward)
        size, actions = self.game.observation_size, self.game.num_actions
        self.single_observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
        })
        self.single_action_space = gymnasium.spaces.Discrete(actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._S = self._R = None
        self._next_seed = 0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deal every env (env ``i`` from ``seed + i`` when given); bots move first where
        they start."""
        super().reset(seed=seed)
        self._next_seed = seed if seed is not None else int(self.np_random.integers(2**62))
        self._S, self._R = self.sim.init(self._seeds(self.num_envs))
        self._play_opponents()
        return self._observation(), {}

    def step(self, actions):
        """One learner action per env, then the bots up to the learner's next turn."""
        if self._S is None:
            raise gymnasium.error.ResetNeeded("call reset() first")
        S, R, sim = self._S, self._R, self.sim
        actions = np.asarray(actions, np.int64).reshape(self.num_envs)
        mask = sim.legal_mask(S)
        inside = (actions >= 0) & (actions < mask.shape[1])
        legal = inside & mask[np.arange(self.num_envs), np.where(inside, actions, 0)]
        sim.step(S, R, np.where(legal, actions, -1))
        self._play_opponents()
        over = sim.to_move(S) < 0
        rewards = np.where(over, sim.returns(S)[:, self.seat], 0.0)
        rewards[~legal] = self.illegal_reward
        terminated = over | ~legal
        infos: dict = {}
        if terminated.any():
            infos["final_obs"] = self._observation()
            infos["_final_obs"] = terminated.copy()
            rows = np.flatnonzero(terminated)
            fresh_S, fresh_R = sim.init(self._seeds(len(rows)))
            S[rows], R[rows] = fresh_S, fresh_R
            self._play_opponents()
        return (self._observation(), rewards.astype(np.float64), terminated,
                np.zeros(self.num_envs, bool), infos)

    def _seeds(self, n: int) -> np.ndarray:
        seeds = np.arange(self._next_seed, self._next_seed + n, dtype=np.uint64)
        self._next_seed += n
        return seeds

    def _play_opponents(self) -> None:
        S, R, sim, other = self._S, self._R, self.sim, 1 - self.seat
        while (waiting := sim.to_move(S) == other).any():
            sim.step(S, R, np.where(waiting, sim.act(S, R, self.opponents), -1))

    def _observation(self) -> dict[str, np.ndarray]:
        S = self._S
        mask = self.sim.legal_mask(S) & (self.sim.to_move(S) == self.seat)[:, None]
        return {"observation": self.sim.observe(S, np.full(self.num_envs, self.seat)),
                "action_mask": mask.astype(np.int8)}
