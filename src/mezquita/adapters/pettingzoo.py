"""PettingZoo AEC and Parallel environments for every Mezquita game.

>>> from mezquita.adapters.pettingzoo import env
>>> e = env("cordoba", hand=3)           # wrapped like PettingZoo's classic games
>>> e.reset(seed=7)                      # the same deal as mezquita.load(...).new_state(7)
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
actions (all zero when it is not that agent's turn): new arrays at every call, which the
environment never writes again, so they may be kept across steps.

- ``raw_env`` is the bare AEC environment: an illegal action raises `IllegalAction` and
  changes nothing. ``env`` answers mistakes as PettingZoo's own classic games do with their
  wrappers (``TerminateIllegalWrapper`` with reward -1, ``AssertOutOfBoundsWrapper``,
  ``OrderEnforcingWrapper``), with the same messages, built into one class because the
  three wrappers' attribute forwarding cost as much as the game itself: an illegal action
  ends the game with -1 for its player, an action outside the space (``3.5``, ``"5"``) fails
  its assertion, stepping or observing before ``reset`` raises PettingZoo's usual error, and a
  step after the end is ignored with its warning. In a simultaneous phase the movers are
  selected one after the other in seat order.
- ``parallel_env`` is the Parallel API: every live agent acts at each step; agents not to
  move (outside a simultaneous phase, all but one) give the extra action ``num_actions``,
  "wait", the only one their mask allows.
- **Rewards** come only at the end. By default they follow PettingZoo's convention: win +1,
  loss -1, draw 0; with more seats a seat's reward is ``(n * r - 1) / (n - 1)`` for its return
  ``r`` (win 1, loss 0, draws shared), so rewards always sum to 0. ``rewards="share"`` gives
  the returns themselves.
- ``max_cycles`` (default: none) truncates a game after that many cycles: a cycle is one step
  of each agent in AEC (``max_cycles * n`` steps) and one step in Parallel.
- The engine state is ``game_state`` (not ``state``). PettingZoo's ``state()``, the global
  observation of centralised critics, is there when asked for with ``global_state=True``:
  every seat's encoded view in seat order (``state_space``), the other seats' hidden cards
  included, so for training only; without it ``state()`` raises ``NotImplementedError``.
  ``render()`` gives the spectator's board
  as text (``render_mode="ansi"`` returns it, ``"human"`` prints it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env_logger import EnvLogger
from rich.console import Console
from rich.text import Text

from mezquita.engine import Game, IllegalAction, State, load

from . import arrays
from .common import agent_name

REWARDS = ("zero_sum", "share")
ILLEGAL_REWARD = -1.0  # what PettingZoo's classic games give an illegal move


def raw_env(game: str, render_mode: str | None = None, rewards: str = "zero_sum",
            max_cycles: int | None = None, global_state: bool = False,
            **options: Any) -> MezquitaAEC:
    """The bare AEC environment of game ``game`` with ``options`` (e.g. ``players=4``)."""
    return MezquitaAEC(load(game, **options), render_mode, rewards, max_cycles, global_state)


def env(game: str, render_mode: str | None = None, rewards: str = "zero_sum",
        max_cycles: int | None = None, global_state: bool = False,
        **options: Any) -> ClassicAEC:
    """The AEC environment answering mistakes as PettingZoo's classic games do (see the
    docstring)."""
    return ClassicAEC(load(game, **options), render_mode, rewards, max_cycles, global_state)


def parallel_env(game: str, render_mode: str | None = None, rewards: str = "zero_sum",
                 max_cycles: int | None = None, global_state: bool = False,
                 **options: Any) -> MezquitaParallel:
    """The Parallel environment of game ``game`` with ``options`` (e.g. ``players=4``)."""
    return MezquitaParallel(load(game, **options), render_mode, rewards, max_cycles,
                            global_state)


class _Seats:
    """What both environments share: agents, spaces, seeding, rewards and rendering."""

    # An instance variable with a class default, as PettingZoo declares it: _setup gives each
    # environment its own copy with the game's name (so not a ClassVar, whatever RUF012 says).
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012
    extra_actions = 0  # actions beyond the game's own (Parallel's "wait")

    def _setup(self, game: Game, render_mode: str | None, rewards: str,
               max_cycles: int | None, global_state: bool, suffix: str) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if rewards not in REWARDS:
            raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, not {rewards!r}")
        if max_cycles is not None and not (type(max_cycles) is int and max_cycles > 0):
            raise ValueError(f"max_cycles must be a positive integer or None, not {max_cycles!r}")
        self.game = game
        self.render_mode = render_mode
        self.reward_form = rewards
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"mezquita_{game.info.id}{suffix}_v0"}
        self.possible_agents = [agent_name(s) for s in range(game.num_players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self._num_actions = game.num_actions  # read every step: kept, not recomputed
        self._size = game.observation_size
        size, actions = self._size, self._num_actions + self.extra_actions
        self._observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self._action_spaces = {a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents}
        self.global_state = global_state
        if global_state:
            self.state_space = gymnasium.spaces.Box(0.0, 1.0, (game.num_players * size,), np.float32)
        # the stream of seeds for resets without one, started from the last seed given (None:
        # from the system's entropy) when first needed: seeding one costs a few microseconds
        self._stream: random.Random | None = None
        self._stream_seed: int | None = None
        self.game_state: State | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_spaces[agent]

    def _deal(self, seed: int | None) -> None:
        """A new game: from ``seed`` exactly when given, else the next seed of the stream
        the last given seed started (so seeded runs stay reproducible)."""
        if seed is not None:
            self._stream, self._stream_seed = None, seed
            deal = seed
        else:
            if self._stream is None:
                self._stream = random.Random(self._stream_seed)
            deal = self._stream.getrandbits(63)
        self.game_state = self.game.new_state(deal)
        self._cycles = 0

    def _final_rewards(self) -> list[float]:
        assert self.game_state is not None  # dealt by reset
        returns = self.game_state.returns()
        n = len(returns)
        if self.reward_form == "share":
            return [float(r) for r in returns]
        return [(n * r - 1.0) / (n - 1.0) for r in returns]

    def _observation(self, seat: int, legal: Sequence[int], actions: int) -> dict[str, np.ndarray]:
        """``seat``'s observation and mask of the ``legal`` ids among ``actions``, new arrays
        that a user may keep across steps (`mezquita.adapters.arrays`)."""
        assert self.game_state is not None  # dealt by reset
        return {"observation": arrays.observation(self.game, self.game_state, seat, self._size),
                "action_mask": arrays.legal_mask(legal, actions)}

    def state(self) -> np.ndarray:
        """The global state for centralised critics (``global_state=True`` only): every
        seat's encoded view in seat order, so every hand is in it, the undealt future not.
        Training-only: a policy that reads it sees the other seats' hidden cards."""
        if not self.global_state:
            raise NotImplementedError("state() is the global state of centralised critics: "
                                      "ask for it with global_state=True")
        if self.game_state is None:
            raise ValueError("call reset() before state()")
        return arrays.observations(self.game, self.game_state, range(self.game.num_players), self._size)

    def render(self) -> str | None:
        """The spectator's board as plain text (printed in ``"human"`` mode)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode 'ansi' or 'human'")
            return None
        if self.game_state is None:
            return None
        markup = self.game.render_text(self.game_state.view(None))
        if self.render_mode == "human":
            Console().print(markup)
            return None
        return Text.from_markup(markup).plain

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


class MezquitaAEC(_Seats, AECEnv):
    """One Mezquita game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {**_Seats.metadata, "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: Game, render_mode: str | None = None, rewards: str = "zero_sum",
                 max_cycles: int | None = None, global_state: bool = False) -> None:
        AECEnv.__init__(self)
        self._setup(game, render_mode, rewards, max_cycles, global_state, "")
        # truncated after max_cycles steps of every agent (all are in play until the end)
        self._step_limit = math.inf if max_cycles is None else max_cycles * game.num_players

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game (from ``seed`` exactly when given)."""
        self._deal(seed)
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        assert self.game_state is not None  # just dealt
        self.agent_selection = agent_name(self.game_state.to_move()[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.game_state
        if state is None:
            EnvLogger.error_observe_before_reset()  # raises PettingZoo's AssertionError
        assert state is not None
        seat = self._seat_of[agent]
        return self._observation(seat, state.legal_actions(seat), self._num_actions)

    def step(self, action: int | None) -> None:
        if not self.agents:
            raise IllegalAction("the game is over and every agent has taken its last step; "
                                "call reset() for a new game")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is not int and not isinstance(action, np.integer):
            raise IllegalAction(f"{agent} must play an integer action id, not {action!r}")
        self._play(agent, int(action))

    def _play(self, agent: str, action: int) -> None:
        """Play ``agent``'s ``action`` (`IllegalAction`, and nothing changed, if it is not
        legal) and select the next agent; at the end, give the rewards and end every agent."""
        state = self.game_state
        assert state is not None  # dealt by reset (the agents are in play)
        state.apply(self._seat_of[agent], action)
        self._cumulative_rewards[agent] = 0.0
        self._cycles += 1
        movers = state.to_move()
        if movers and self._cycles < self._step_limit:
            # The game goes on: every reward stays 0 (the dicts are already all zero).
            self.agent_selection = self.possible_agents[movers[0]]
        else:
            if not movers:
                self.rewards = dict(zip(self.possible_agents, self._final_rewards()))
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.truncations = dict.fromkeys(self.agents, True)
            # After the end, every agent takes one dead step; start with the next seat.
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class MezquitaParallel(_Seats, ParallelEnv):
    """One Mezquita game as a PettingZoo Parallel environment (see the module docstring)."""

    extra_actions = 1  # "wait", for agents not to move

    def __init__(self, game: Game, render_mode: str | None = None, rewards: str = "zero_sum",
                 max_cycles: int | None = None, global_state: bool = False) -> None:
        self._setup(game, render_mode, rewards, max_cycles, global_state, "_parallel")
        self.wait = game.num_actions
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        """Deal a new game (from ``seed`` exactly when given, as in the AEC environment)."""
        self._deal(seed)
        self.agents = self.possible_agents.copy()
        infos: dict[str, dict] = {a: {} for a in self.agents}
        return self._observations(), infos

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self.game_state
        assert state is not None  # dealt by reset
        movers = state.to_move()
        out = {}
        for agent in self.agents:
            seat = self._seat_of[agent]
            legal = state.legal_actions(seat) if seat in movers else (self.wait,)
            out[agent] = self._observation(seat, legal, self._num_actions + 1)
        return out

    def step(self, actions: dict[str, int]):
        """Play the action of every seat to move at once; the others must wait. Raise
        `IllegalAction` (and change nothing) for a missing, illegal or misplaced action."""
        state = self.game_state
        assert state is not None  # dealt by reset
        movers = state.to_move()
        for agent in self.agents:
            seat = self._seat_of[agent]
            action = actions.get(agent)
            if type(action) is not int and not isinstance(action, np.integer):
                raise IllegalAction(f"{agent} must give an integer action (wait = {self.wait}), "
                                    f"not {action!r}")
            if seat not in movers and int(action) != self.wait:
                raise IllegalAction(f"{agent} is not to move now: its only action is wait = {self.wait}")
        # An illegal action is refused before it changes anything; with several movers, the
        # actions go on a copy, so that a refused one leaves none of the others played.
        new = state.clone() if len(movers) > 1 else state
        for seat in movers:
            new.apply(seat, int(actions[agent_name(seat)]))  # wait is outside the game: refused
        self.game_state = new
        self._cycles += 1
        over = new.is_terminal()
        cut = not over and self.max_cycles is not None and self._cycles >= self.max_cycles
        final = self._final_rewards() if over else [0.0] * len(self.possible_agents)
        rewards = {a: final[i] for i, a in enumerate(self.possible_agents) if a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        observations = self._observations()
        infos: dict[str, dict] = {a: {} for a in self.agents}
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


class ClassicAEC(MezquitaAEC):
    """`MezquitaAEC` answering mistakes as PettingZoo's classic games do (what ``env`` gives):
    the behaviour and messages of ``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``TerminateIllegalWrapper(illegal_reward=-1)``, without their per-call forwarding."""

    def render(self) -> str | None:
        if self.game_state is None:
            EnvLogger.error_render_before_reset()
        return super().render()

    def agent_iter(self, max_iter: int = 2**63):
        if self.game_state is None:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def step(self, action: int | None) -> None:
        if self.game_state is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        inside = ((type(action) is int or isinstance(action, np.integer))
                  and 0 <= action < self._num_actions)  # Discrete.contains, without its cost
        assert (action is None and dead) or inside, "action is not in action space"
        if dead:
            self._was_dead_step(action)
            return
        assert action is not None  # inside
        try:
            self._play(agent, int(action))
        except IllegalAction:  # raised by the engine before anything changed
            EnvLogger.warn_on_illegal_move()
            self._cumulative_rewards[agent] = 0
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = ILLEGAL_REWARD
            self._accumulate_rewards()
            self._deads_step_first()
