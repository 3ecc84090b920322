"""PettingZoo AEC and Parallel environments for every Mezquita game.

>>> from mezquita.adapters.pettingzoo import env
>>> e = env("cordoba", hand=3)
>>> e.reset(seed=7)                     # the same deal as mezquita.load(...).new_state(7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.step(int(obs["action_mask"].argmax()))

>>> from mezquita.adapters.pettingzoo import parallel_env
>>> p = parallel_env("europa", players=4)  # a game with a simultaneous phase
>>> observations, infos = p.reset(seed=7)
>>> actions = {a: int(o["action_mask"].argmax()) for a, o in observations.items()}
>>> observations, rewards, terminations, truncations, infos = p.step(actions)

Agents are ``player_0 .. player_{n-1}`` (seat numbers). Each observation is
``{"observation": float32 array, "action_mask": int8 array}``: the game's own encoding of
the agent's view (``game.encode_view(state.view(seat))``, values in [0, 1]) and its legal
actions (all zero when it is not that agent's turn). In a simultaneous phase the movers are
selected one after the other in seat order. Rewards come only at the end: each seat's
return (win 1, loss 0, draws shared). An illegal action raises `IllegalAction` and changes
nothing. ``render()`` gives the spectator's board as text (``render_mode="ansi"`` returns
it, ``"human"`` prints it).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from rich.console import Console
from rich.text import Text

from mezquita.engine import Game, IllegalAction, State, load

from .common import agent_name


def env(game: str, render_mode: str | None = None, **options: Any) -> MezquitaAEC:
    """The AEC environment of game ``game`` with ``options`` (e.g. ``players=4``)."""
    return MezquitaAEC(load(game, **options), render_mode)


class MezquitaAEC(AECEnv):
    """One Mezquita game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict] = {
        "render_modes": ["human", "ansi"], "render_fps": 1, "is_parallelizable": False,
    }

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"mezquita_{game.info.id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(game.num_players)]
        size, actions = game.observation_size, game.num_actions
        self._observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self._action_spaces = {a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game: from ``seed`` exactly when given, else the next seed of the stream
        the last given seed started (so seeded runs stay reproducible)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            deal = seed
        else:
            deal = self._seeds.getrandbits(63)
        self.state = self.game.new_state(deal)
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.state.to_move()[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        view = self.state.view(seat)
        mask = np.zeros(self.game.num_actions, np.int8)
        mask[self.state.legal_actions(seat)] = 1
        return {
            "observation": np.asarray(self.game.encode_view(view), np.float32),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must play an action id, not None")
        self.state.apply(self.possible_agents.index(agent), int(action))
        self._cumulative_rewards[agent] = 0.0
        movers = self.state.to_move()
        if movers:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = agent_name(movers[0])
        else:
            returns = self.state.returns()
            self.rewards = {a: float(returns[self.possible_agents.index(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            # After the end, every agent takes one dead step; start with the next seat.
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The spectator's board as plain text (printed in ``"human"`` mode)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode 'ansi' or 'human'")
            return None
        if self.state is None:
            return None
        markup = self.game.render_text(self.state.view(None))
        if self.render_mode == "human":
            Console().print(markup)
            return None
        return Text.from_markup(markup).plain

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def parallel_env(game: str, render_mode: str | None = None, **options: Any) -> MezquitaParallel:
    """The Parallel environment of game ``game`` with ``options`` (e.g. ``players=4``)."""
    return MezquitaParallel(load(game, **options), render_mode)


class MezquitaParallel(ParallelEnv):
    """One Mezquita game as a PettingZoo Parallel environment (see the module docstring)."""

    metadata: ClassVar[dict] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"mezquita_{game.info.id}_parallel_v0"}
        self.possible_agents = [agent_name(s) for s in range(game.num_players)]
        self.wait = game.num_actions  # the extra action of agents not to move
        size, actions = game.observation_size, game.num_actions + 1
        self._observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self._action_spaces = {a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State | None = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        """Deal a new game (from ``seed`` exactly when given, as in the AEC environment)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            deal = seed
        else:
            deal = self._seeds.getrandbits(63)
        self.state = self.game.new_state(deal)
        self.agents = self.possible_agents.copy()
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        movers = self.state.to_move()
        out = {}
        for agent in self.agents:
            seat = self.possible_agents.index(agent)
            mask = np.zeros(self.game.num_actions + 1, np.int8)
            if seat in movers:
                mask[self.state.legal_actions(seat)] = 1
            else:
                mask[self.wait] = 1
            out[agent] = {
                "observation": np.asarray(self.game.encode_view(self.state.view(seat)), np.float32),
                "action_mask": mask,
            }
        return out

    def step(self, actions: dict[str, int]):
        """Play the action of every seat to move at once; the others must wait. Raise
        `IllegalAction` (and change nothing) for a missing, illegal or misplaced action."""
        movers = self.state.to_move()
        for agent in self.agents:
            seat = self.possible_agents.index(agent)
            action = actions.get(agent)
            if action is None:
                raise IllegalAction(f"{agent} must give an action (wait = {self.wait})")
            if seat not in movers and int(action) != self.wait:
                raise IllegalAction(f"{agent} is not to move now: its only action is wait = {self.wait}")
        new = self.state.clone()
        for seat in movers:
            new.apply(seat, int(actions[agent_name(seat)]))  # wait is outside the game: refused
        self.state = new
        over = new.is_terminal()
        returns = new.returns()
        rewards = {a: float(returns[i]) if over else 0.0 for i, a in enumerate(self.possible_agents)
                   if a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        observations = self._observations()
        infos = {a: {} for a in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The spectator's board as plain text (printed in ``"human"`` mode)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode 'ansi' or 'human'")
            return None
        if self.state is None:
            return None
        markup = self.game.render_text(self.state.view(None))
        if self.render_mode == "human":
            Console().print(markup)
            return None
        return Text.from_markup(markup).plain

    def close(self) -> None:
        """Nothing to release."""
