"""Single-agent Gymnasium environments: one seat of a Mezquita game against opponents.

>>> import gymnasium
>>> env = gymnasium.make("mezquita.adapters.gymnasium:mezquita/cordoba-v0", opponents="heuristic")
>>> obs, info = env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))

Importing this module registers ``mezquita/<game>-v0`` for every game (the ``module:id``
form above imports it for you); ``gymnasium.make_vec`` on those ids builds `make_vec`'s
vector environment. Options:

- ``seat``: the learner's seat, or ``"random"`` for a new seat drawn every episode (the
  reset info gives it as ``info["seat"]``).
- ``opponents``: one opponent spec for every other seat, or a list with one per other seat:
  an agent name, a policy ``(observation, mask) -> action``, a saved SB3 model or a `Pool`
  drawn from per episode (`mezquita.adapters.opponents`).
- ``observation``: ``"dict"`` (default), ``{"observation": float32[observation_size],
  "action_mask": int8[num_actions]}``; or ``"flat"``, the vector alone, with the mask apart
  in ``info["action_mask"]`` and ``action_masks()`` (what an MLP policy wants). Either way
  each step's arrays are new and never written again, so they may be kept across steps.
- ``oracle=True`` (dict observations only) adds ``"oracle_hidden_info"``: the other seats' own
  encoded views in seat order, their hidden cards included. It is for critics used only in
  training (centralised value functions); a policy that reads it cheats.
- ``score_shaping``: weight ``w`` of a potential-based shaped reward: each step also pays
  ``w`` times the change of (my score - the best other score), in the game's own units, so an
  episode's rewards sum to its result plus ``w`` times the final score difference. Default 0.
- ``illegal_reward`` (default -1), ``render_mode`` (``"ansi"`` or ``"human"``) and the game's
  own options (``hand=3``, ``players=4``...).

Opponents see only their own views. The reward is the learner's return at the end (win 1,
loss 0, draws shared). An illegal action ends the episode with ``illegal_reward`` and
``info["illegal_action"]``, leaving the game untouched: a learner that ignores the mask is
penalised, never crashed. A terminal observation's mask is all zeros (nothing is legal when
the game is over): samplers must not draw from it (see `make_vec`).

`FastVectorEnv` is the batched form for games that ``mezquita.fast`` simulates (Córdoba,
Cortiça): ``num_envs`` games stepped at once in compiled code, with the same observations,
masks and rewards (needs the ``fast`` extra for numba).
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from rich.console import Console
from rich.text import Text

from mezquita.agents import Agent, Turn, make_agent
from mezquita.engine import Game, IllegalAction, State, load, registry

from . import arrays
from . import opponents as opp

ENV_VERSION = 0
OBSERVATIONS = ("dict", "flat")
ORACLE = "oracle_hidden_info"


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game, e.g. ``"mezquita/cordoba-v0"``."""
    return f"mezquita/{game_id}-v{ENV_VERSION}"


def check_options(game: Game, seat: int | str, observation: str, oracle: bool) -> None:
    """Refuse a bad ``seat``, ``observation`` or ``oracle`` with one clear message."""
    n = game.num_players
    if seat != "random" and not (type(seat) is int and 0 <= seat < n):
        raise ValueError(f"seat must be 0..{n - 1} or 'random' in a {n}-player game, not {seat!r}")
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r}")
    if oracle and observation != "dict":
        raise ValueError("oracle=True needs observation='dict': the hidden-information block "
                         "stays a key of its own so that no policy reads it by mistake")


def observation_space(game: Game, observation: str, oracle: bool) -> gymnasium.spaces.Space:
    """The single-env observation space for these options (see the module docstring)."""
    vector = gymnasium.spaces.Box(0.0, 1.0, (game.observation_size,), np.float32)
    if observation == "flat":
        return vector
    spaces: dict[str, gymnasium.spaces.Space] = {"observation": vector,
              "action_mask": gymnasium.spaces.Box(0, 1, (game.num_actions,), np.int8)}
    if oracle:
        size = (game.num_players - 1) * game.observation_size
        spaces[ORACLE] = gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32)
    return gymnasium.spaces.Dict(spaces)


class MezquitaEnv(gymnasium.Env):
    """One seat of a Mezquita game; the other seats are played by opponents."""

    # gymnasium declares metadata as an instance variable; it is a class attribute (its own
    # envs set it so, and ruff's RUF012 asks for ClassVar)
    metadata: ClassVar[dict] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # type: ignore[misc]

    def __init__(
        self,
        game: str = "cordoba",
        seat: int | str = 0,
        opponents: Any = "random",
        observation: str = "dict",
        oracle: bool = False,
        score_shaping: float = 0.0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game = load(game, **options)
        check_options(self.game, seat, observation, oracle)
        self.opponent_specs = opp.seat_specs(opponents, self.game.num_players)
        self._members = opp.resolve_all(self.opponent_specs, self.game)
        self.seat_option = seat
        self.seat = seat if isinstance(seat, int) else 0  # "random": drawn at each reset
        self.observation_mode, self.oracle = observation, oracle
        self.score_shaping = float(score_shaping)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_space(self.game, observation, oracle)
        self.action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.state: State | None = None  # set by reset
        self._over = True  # the episode ended (game over or illegal action): reset first
        self._opponents: dict[int, Agent | opp.Policy] = {}
        self._obs: Any = None
        self._size, self._num_actions = self.game.observation_size, self.game.num_actions
        self._mask = np.zeros(self._num_actions, np.int8)
        self._potential = 0.0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deal a new game (from ``seed`` exactly when given), draw the learner's seat and the
        pools' opponents, and let the opponents play until it is the learner's turn."""
        super().reset(seed=seed)
        deal = seed if seed is not None else int(self.np_random.integers(2**63))
        self.state = self.game.new_state(deal)
        n = self.game.num_players
        if self.seat_option == "random":
            self.seat = int(self.np_random.integers(n))
        others = [s for s in range(n) if s != self.seat]
        picks = opp.draw(self.opponent_specs, self.np_random)
        self._opponents = {}
        for s, members, k in zip(others, self._members, picks, strict=True):
            member = members[k]
            self._opponents[s] = make_agent(member, self.game, deal + s) if isinstance(member, str) \
                else member
        self._play_opponents()
        self._over = self.state.is_terminal()
        self._potential = self._shaping_potential()
        obs = self._observe()
        return obs, self._info({"seat": self.seat})

    def step(self, action: int):
        """Play the learner's ``action``, then the opponents' moves up to its next turn."""
        if self._over:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset() first")
        state = self.state
        assert state is not None  # dealt by reset: the episode is not over
        action = int(action)
        try:
            state.apply(self.seat, action)
        except IllegalAction:  # refused by the engine before anything changed
            self._over = True
            info = self._info({"illegal_action": f"action {action} is not legal now"})
            obs = self._obs.copy() if self.observation_mode == "flat" else {
                k: v.copy() for k, v in self._obs.items()}  # new arrays: callers keep the last
            return obs, self.illegal_reward, True, False, info
        self._play_opponents()
        terminated = self._over = state.is_terminal()
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        if self.score_shaping:
            potential = self._shaping_potential()
            reward += potential - self._potential
            self._potential = potential
        obs = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, False, self._info({})

    def action_masks(self) -> np.ndarray:
        """The legal-action mask of the learner now, as a bool array (all False once over)."""
        return self._mask.view(bool)

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
        state, game = self.state, self.game
        assert state is not None  # dealt by reset
        while (movers := state.to_move()) and self.seat not in movers:
            seat = movers[0]
            player = self._opponents[seat]
            if isinstance(player, Agent):
                action = player.act(Turn.of(state, seat))
            else:
                seen = arrays.observation(game, state, seat, self._size)
                mask = arrays.legal_mask(state.legal_actions(seat), self._num_actions).view(bool)
                action = opp.policy_action(player, seen, mask, seat)
            state.apply(seat, action)

    def _shaping_potential(self) -> float:
        if not self.score_shaping:
            return 0.0
        assert self.state is not None  # dealt by reset
        scores = self.state.scores()
        best_other = max(s for i, s in enumerate(scores) if i != self.seat)
        return self.score_shaping * float(scores[self.seat] - best_other)

    def _observe(self):
        """Encode the learner's observation and mask once per step (kept for
        ``action_masks()`` and an illegal action's reply)."""
        state, game = self.state, self.game
        assert state is not None  # dealt by reset
        mask = self._mask = arrays.legal_mask(state.legal_actions(self.seat), self._num_actions)
        vector = arrays.observation(game, state, self.seat, self._size)
        if self.observation_mode == "flat":
            self._obs = vector
        else:
            self._obs = {"observation": vector, "action_mask": mask}
            if self.oracle:
                others = [s for s in range(game.num_players) if s != self.seat]
                self._obs[ORACLE] = arrays.observations(game, state, others, self._size)
        return self._obs

    def _info(self, info: dict) -> dict:
        if self.observation_mode == "flat":
            info["action_mask"] = self._mask
        return info


def make_vec(num_envs: int = 1, game: str = "cordoba", seat: int | str = 0,
             opponents: Any = "random", observation: str = "dict", oracle: bool = False,
             score_shaping: float = 0.0, illegal_reward: float = -1.0,
             backend: str | None = None, render_mode: str | None = None,
             **options: Any) -> gymnasium.vector.VectorEnv:
    """``num_envs`` games as one Gymnasium vector environment (options as `MezquitaEnv`'s),
    both forms with autoreset mode ``SAME_STEP``: a finished game is reset within the step
    that ends it, the step returns the new game's first observation (its mask always has a
    legal action) and ``info["final_obs"]`` holds the finished one (an object array of
    single-env observations, ``None`` where no game ended; ``info["_final_obs"]`` says which).

    It is `FastVectorEnv` when ``mezquita.fast`` simulates the game with every named opponent
    (Córdoba and Cortiça against ``random``, ``heuristic`` and policies; ``backend`` picks its
    backend), else Gymnasium's ``SyncVectorEnv`` over `MezquitaEnv`.
    ``gymnasium.make_vec("mezquita/<game>-v0", n, **kwargs)`` calls this. With
    ``vectorization_mode="sync"`` instead, Gymnasium's default ``NEXT_STEP`` mode applies: the
    step that ends a game returns its terminal observation, whose mask is all zeros, and the
    next step's action is ignored while the env resets: a masked sampler must skip those rows.
    """
    from mezquita import fast

    names = opp.agent_names(opp.seat_specs(opponents, load(game, **options).num_players))
    kwargs = {"seat": seat, "opponents": opponents, "observation": observation, "oracle": oracle,
              "score_shaping": score_shaping, "illegal_reward": illegal_reward}
    if render_mode is None and fast.supports(game, names, options):
        return FastVectorEnv(num_envs, game=game, backend=backend, **kwargs, **options)
    return gymnasium.vector.SyncVectorEnv(
        [lambda: MezquitaEnv(game, render_mode=render_mode, **kwargs, **options)
         for _ in range(num_envs)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)


def register() -> list[str]:
    """Register ``mezquita/<game>-v0`` for every game (idempotent); return the ids."""
    ids = []
    for game_id in registry.game_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=MezquitaEnv, vector_entry_point=make_vec,
                               kwargs={"game": game_id})
        ids.append(name)
    return ids


register()


class FastVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` two-player games on a compiled simulator (`mezquita.fast`), the learner at
    ``seat`` (or a seat drawn per episode) in each, against ``opponents`` (``"random"`` and
    ``"heuristic"`` played as array code, policies called on the opponents' own observations).

    Options, observations, masks and rewards are those of `MezquitaEnv`, batched; env ``i``
    reset with ``seed`` is dealt from ``seed + i`` exactly as ``MezquitaEnv.reset(seed=seed +
    i)`` is, and a heuristic opponent is seeded as there, so with heuristic opponents and a
    fixed seat the games are the same (random opponents draw from the simulator's own stream).
    Autoreset mode ``SAME_STEP``: a finished env resets in the step that ends it
    (``info["final_obs"]`` holds its last observation, as in Gymnasium's ``SyncVectorEnv``: an
    object array, ``None`` where no game ended; ``info["_final_obs"]`` says which).
    ``learner_seats`` holds each env's learner seat in the current episode.
    """

    # a class attribute, as in MezquitaEnv (gymnasium declares an instance variable)
    metadata: ClassVar[dict] = {  # type: ignore[misc]
        "autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 16, game: str = "cordoba", seat: int | str = 0,
                 opponents: Any = "random", observation: str = "dict", oracle: bool = False,
                 score_shaping: float = 0.0, illegal_reward: float = -1.0,
                 backend: str | None = None, **options: Any) -> None:
        from mezquita import fast

        self.game = load(game, **options)
        check_options(self.game, seat, observation, oracle)
        self.opponent_specs = opp.seat_specs(opponents, self.game.num_players)
        names = opp.agent_names(self.opponent_specs)
        if not fast.supports(game, names, dict(self.game.options)):
            raise ValueError(f"mezquita.fast has no {game!r} simulator with these options and "
                             f"opponents {names} (it plays {', '.join(fast.POLICIES)} and policies "
                             f"in {', '.join(fast.GAMES)})")
        self.sim = fast.simulator(game, dict(self.game.options), backend)
        self._members = opp.resolve_all(self.opponent_specs, self.game)[0]  # two seats: one opponent
        self.num_envs, self.seat_option = num_envs, seat
        self.observation_mode, self.oracle = observation, oracle
        self.score_shaping = float(score_shaping)
        self.illegal_reward = float(illegal_reward)
        self.single_observation_space = observation_space(self.game, observation, oracle)
        self.single_action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        # the simulator's batched states and random streams, set by reset
        self._S: np.ndarray | None = None
        self._R: np.ndarray | None = None
        self.learner_seats = np.zeros(num_envs, np.int64)
        self._member = np.zeros(num_envs, np.int64)  # which pool member plays each env
        self._potential = np.zeros(num_envs)
        self._mask = np.zeros((num_envs, self.game.num_actions), bool)
        self._next_seed = 0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deal every env (env ``i`` from ``seed + i`` when given); opponents move first where
        they start."""
        super().reset(seed=seed)
        self._next_seed = seed if seed is not None else int(self.np_random.integers(2**62))
        self._S, self._R = self.sim.init(self._seeds(self.num_envs))
        self._draw(np.arange(self.num_envs))
        self._play_opponents()
        self._potential = self._shaping_potential()
        obs = self._observation()
        infos: dict[str, np.ndarray] = {"seat": self.learner_seats.copy(),
                                        "_seat": np.ones(self.num_envs, bool)}
        if self.observation_mode == "flat":
            infos["action_mask"], infos["_action_mask"] = self._mask, np.ones(self.num_envs, bool)
        return obs, infos

    def step(self, actions):
        """One learner action per env, then the opponents up to the learner's next turn."""
        if self._S is None:
            raise gymnasium.error.ResetNeeded("call reset() first")
        S, R, sim = self._S, self._R, self.sim
        actions = np.asarray(actions, np.int64).reshape(self.num_envs)
        inside = (actions >= 0) & (actions < self.game.num_actions)
        legal = inside & self._mask[np.arange(self.num_envs), np.where(inside, actions, 0)]
        sim.step(S, R, np.where(legal, actions, -1))
        self._play_opponents()
        over = sim.to_move(S) < 0
        rows = np.arange(self.num_envs)
        rewards = np.where(over, sim.returns(S)[rows, self.learner_seats], 0.0)
        if self.score_shaping:
            potential = self._shaping_potential()
            rewards += np.where(legal, potential - self._potential, 0.0)
            self._potential = potential
        rewards[~legal] = self.illegal_reward
        terminated = over | ~legal
        infos: dict = {}
        if terminated.any():
            ended = np.flatnonzero(terminated)
            infos["final_obs"] = _rows(self._observation(), ended, self.num_envs)
            infos["_final_obs"] = terminated.copy()
            fresh_S, fresh_R = sim.init(self._seeds(len(ended)))
            S[ended], R[ended] = fresh_S, fresh_R
            self._draw(ended)
            self._play_opponents()
            self._potential[ended] = self._shaping_potential()[ended]
        obs = self._observation()
        if self.observation_mode == "flat":
            infos["action_mask"], infos["_action_mask"] = self._mask, np.ones(self.num_envs, bool)
        return obs, rewards.astype(np.float64), terminated, np.zeros(self.num_envs, bool), infos

    def action_masks(self) -> np.ndarray:
        """``(num_envs, num_actions)`` bool: each learner's legal actions now."""
        return self._mask

    def _seeds(self, n: int) -> np.ndarray:
        seeds = np.arange(self._next_seed, self._next_seed + n, dtype=np.uint64)
        self._next_seed += n
        return seeds

    def _draw(self, rows: np.ndarray) -> None:
        """The learner's seat and the opponent of each env in ``rows`` for a new episode."""
        if self.seat_option == "random":
            self.learner_seats[rows] = self.np_random.integers(2, size=len(rows))
        else:
            self.learner_seats[rows] = self.seat_option
        spec = self.opponent_specs[0]
        if isinstance(spec, opp.Pool):
            self._member[rows] = self.np_random.choice(len(spec.members), size=len(rows), p=spec.p)

    def _play_opponents(self) -> None:
        S, R, sim = self._S, self._R, self.sim
        assert S is not None  # dealt by reset
        while (waiting := (mover := sim.to_move(S)) == 1 - self.learner_seats).any():
            actions = np.full(self.num_envs, -1, np.int64)
            for k, member in enumerate(self._members):
                rows = waiting & (self._member == k)
                if not rows.any():
                    continue
                if isinstance(member, str):
                    actions[rows] = sim.act(S, R, member)[rows]
                else:
                    actions[rows] = self._policy_actions(member, S[rows], mover[rows])
            sim.step(S, R, actions)

    def _policy_actions(self, policy: opp.Policy, S: np.ndarray, seats: np.ndarray) -> np.ndarray:
        observations, masks = self.sim.observe(S, seats), self.sim.legal_mask(S)
        if hasattr(policy, "batch"):
            actions = np.asarray(policy.batch(observations, masks), np.int64)
            if not masks[np.arange(len(S)), actions].all():
                raise IllegalAction(f"opponent policy {policy!r} chose an illegal action")
            return actions
        return np.array([opp.policy_action(policy, o, m, int(s))
                         for o, m, s in zip(observations, masks, seats)], np.int64)

    def _shaping_potential(self) -> np.ndarray:
        if not self.score_shaping:
            return np.zeros(self.num_envs)
        scores = self.sim.scores(self._S)
        rows = np.arange(self.num_envs)
        return self.score_shaping * (scores[rows, self.learner_seats]
                                     - scores[rows, 1 - self.learner_seats]).astype(float)

    def _observation(self):
        S, seats = self._S, self.learner_seats
        self._mask = self.sim.legal_mask(S) & (self.sim.to_move(S) == seats)[:, None]
        vector = self.sim.observe(S, seats)
        if self.observation_mode == "flat":
            return vector
        obs = {"observation": vector, "action_mask": self._mask.view(np.int8).copy()}
        if self.oracle:
            obs[ORACLE] = self.sim.observe(S, 1 - seats)
        return obs


def _rows(batch, rows: np.ndarray, n: int) -> np.ndarray:
    """Single-env observations of ``rows`` of a batched one, as an object array of ``n``."""
    out = np.full(n, None, object)
    for i in rows:
        out[i] = batch[i] if isinstance(batch, np.ndarray) else {k: v[i] for k, v in batch.items()}
    return out
