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
