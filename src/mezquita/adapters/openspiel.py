"""Every Mezquita game as an OpenSpiel Python game, ``mezquita_<id>``.

>>> import pyspiel
>>> import mezquita.adapters.openspiel          # registers mezquita_cordoba, ...
>>> game = pyspiel.load_game("mezquita_cordoba", {"hand": 3, "seed": 7})
>>> state = game.new_initial_state()

How the engine maps onto OpenSpiel:

- **Chance is SAMPLED_STOCHASTIC by default.** A Mezquita state deals and draws from its
  own seeded generator, so there are no chance nodes. Each new initial state is dealt from the
  next seed of a stream started by the game parameter ``seed`` (default 0), so algorithms that
  restart from ``new_initial_state()`` (MCCFR, evaluation loops) sample deals, and a run is
  reproducible. Even games without hidden information or later chance deal their setup from
  the seed (Cortiça's row), so none is declared DETERMINISTIC. ``random_sim_test`` accepts this
  mode for Python games. Searching a clone replays the true future draws, as in any
  sampled-stochastic game; ``resample_from_infostate`` (used by OpenSpiel's ISMCTS) reseeds
  the future, so ISMCTS does not see it. Algorithms that walk the whole tree (``cfr``,
  ``exploitability``, external-sampling MCCFR) see one sampled deal per initial state and, on
  a full-size game, never finish: use explicit chance on a small variant for them.
- **Explicit chance** (game parameter ``explicit_chance=True``, EXPLICIT_STOCHASTIC): the
  initial state is a chance node listing every deal with its probability (``Game.deals()``),
  for settings whose only chance is the deal and that are small enough, e.g.
  ``mezquita_cordoba(cards=3,landmarks=2,explicit_chance=True)``: 36 deals, on which CFR and
  exploitability run to the end. A setting that cannot list its deals is refused when the game
  is loaded, with the reason (how many deals it has, or that chance comes later).
- **Perfect-information bots read the true state.** OpenSpiel's ``MCTSBot`` searches the state
  it is given: on a game with hidden information it sees every hidden card. Use ISMCTS (which
  resamples through ``resample_from_infostate``) or Mezquita's own ``ismcts`` for honest play.
- **Information.** Games with hidden information are IMPERFECT_INFORMATION. The observation
  string is the seat's view as canonical JSON and the observation tensor
  ``game.encode_view(view)``. The information-state string has perfect recall: it is
  canonical JSON ``{"log": [...], "private": [...], "view": {...}}``: the seat's whole log
  (``state.log(seat)``: every move as the seat saw it, in order), its private view at each
  of its earlier decisions (what its view showed beyond a spectator's, e.g. the Córdoba
  hand that silent draws change) and its view now. Its tensor has one layout in every game:
  the observation now, the game's memory block (``game.encode_memory``: what the seat has
  seen that the observation does not show, laid out in the game's ``observation`` module;
  none in most games), then ``K`` recalled decisions of the seat, each the observation it
  decided on and the one-hot action it took (its last ``K``, oldest first, zero-padded).
  ``K`` is 0 in a game with a memory block (Citadels, Wittig's Cordoba: a compact tensor of
  a size independent of the game's length, which does not recall everything: two
  information states that differ only in what the block leaves out share a tensor), else
  the game's length bound where the tensor then stays within ``MAX_INFO_TENSOR`` floats
  (Córdoba, Cortiça: perfect recall), else ``RECALL_WINDOW`` (Europa: a window). The string
  stays exact in every game. The game parameter ``recall_window=K`` sets ``K`` in any game
  (0, the default, chooses as above). A public-only observer (``private_info=NONE``) uses
  the spectator's view. The recall is worked out only when asked, by replaying the moves
  played since it was last asked, so playing costs nothing extra; with explicit chance the
  strings are kept by deal and history, so a tree walk (CFR) works each out once.
- **Utility** is CONSTANT_SUM 1 in [0, 1]: win 1, loss 0, draws shared, at the end only.
- **Simultaneous games** are SIMULTANEOUS: a node where several seats move is a
  simultaneous node (the others play the extra action ``num_actions``, "pass"); a node with
  one mover is an ordinary decision node.
- ``str(state)`` is the whole state (``State.to_json``) as canonical JSON. Serialisation is
  OpenSpiel's own for Python games (pickle), which stores that JSON.
- Applying an action at a terminal state raises ``pyspiel.SpielError``, as OpenSpiel's own
  games do.

Mezquita options become game parameters of the same names; tuple options are written as
comma-separated strings, and options whose default is ``None`` are not exposed.
"""

from __future__ import annotations

import random
import sys
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from mezquita.engine import Game, GameInfo, MezquitaError, State, load, registry
from mezquita.engine.registry import game_class

from . import arrays
from .common import canonical, player_counts

PREFIX = "mezquita_"
SEED = "seed"  # the game parameter starting the stream of deal seeds
EXPLICIT = "explicit_chance"  # the game parameter asking for listed deals
WINDOW = "recall_window"  # the game parameter setting the information-state tensor's recall
#: the largest perfect-recall information-state tensor offered, in floats
MAX_INFO_TENSOR = 200_000
#: the decisions an information-state tensor recalls in a game without a memory block whose
#: whole game's would be larger
RECALL_WINDOW = 32


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a Mezquita game, e.g. ``"mezquita_cordoba"``."""
    return PREFIX + game_id


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register ``game_ids`` (default: every registered game) with OpenSpiel once each;
    return their OpenSpiel names."""
    known = set(pyspiel.registered_names())
    names = []
    for game_id in game_ids or registry.game_ids():
        name = short_name(game_id)
        if name not in known:
            info = game_class(game_id).info
            # One subclass per game: OpenSpiel calls the registered class with the parameters.
            cls = type(f"MezquitaSpielGame_{game_id}", (MezquitaSpielGame,), {"game_id": game_id})
            pyspiel.register_game(game_type(info), cls)
        names.append(name)
    return names


def game_type(info: GameInfo, explicit: bool = False) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a Mezquita game (see the module docstring)."""
    counts = player_counts(info)
    chance = pyspiel.GameType.ChanceMode

    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"Mezquita {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if info.simultaneous
        else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC if explicit else chance.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if info.hidden_information else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(info),
    )


class MezquitaSpielGame(pyspiel.Game):
    """A configured Mezquita game seen by OpenSpiel.

    Attributes:
        mezquita: the Mezquita `Game` (options from the OpenSpiel parameters).
    """

    game_id: str  # set by `register` on the per-game subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = game_class(self.game_id).info
        seed = params.pop(SEED, 0)
        explicit = bool(params.pop(EXPLICIT, False))
        window = params.pop(WINDOW, 0)
        if type(window) is not int or window < 0:
            raise ValueError(f"{short_name(self.game_id)}: {WINDOW} is a number of decisions "
                             f"(0: the default), not {window!r}")
        self._seeds = random.Random(seed)
        self.mezquita: Game = load(self.game_id, **params)
        g = self.mezquita
        try:
            self.deals = g.deals() if explicit else None
        except MezquitaError as err:
            raise ValueError(f"{short_name(self.game_id)}: no explicit chance here: {err}") from None
        # explicit chance: each deal's initial state, made once, and the information-state
        # strings worked out so far, by seat, deal and history (a tree walk asks them again
        # on fresh copies of the same states every iteration)
        self.dealt: dict[int, _Snapshot] = {}
        self.information: dict[tuple, str] | None = {} if explicit else None
        self.pass_action = g.num_actions  # only played in simultaneous nodes
        # the information-state tensor: the observation now, the game's memory block, then
        # per recalled decision its observation + action (by default none after a memory
        # block, else the whole game where that fits MAX_INFO_TENSOR, else RECALL_WINDOW)
        width = g.observation_size + g.num_actions
        whole = g.observation_size + g.max_game_length * width <= MAX_INFO_TENSOR
        self.recall_window = window or (0 if g.memory_size else g.max_game_length if whole
                                        else RECALL_WINDOW)
        self.recall_size = g.observation_size + g.memory_size + self.recall_window * width
        super().__init__(
            game_type(info, explicit),
            pyspiel.GameInfo(
                num_distinct_actions=g.num_actions + info.simultaneous,
                max_chance_outcomes=len(self.deals) if self.deals is not None else 0,
                num_players=g.num_players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=g.max_game_length,
            ),
            {**params, SEED: seed, EXPLICIT: explicit, WINDOW: window},
        )

    def new_initial_state(self) -> MezquitaSpielState:
        """A state dealt from the next seed of the game's stream (dealt when first used), or
        with explicit chance the chance node of the deal."""
        return MezquitaSpielState(self)

    def dealt_snapshot(self, outcome: int) -> _Snapshot:
        """The initial state of deal number ``outcome`` (explicit chance), made once."""
        snapshot = self.dealt.get(outcome)
        if snapshot is None:
            assert self.deals is not None  # only the explicit deal node deals by number
            state = self.mezquita.dealt_state(self.deals[outcome][0])
            snapshot = self.dealt[outcome] = _Snapshot.initial(state)
        return snapshot

    def next_seed(self) -> int:
        """The next deal seed of the stream started by the ``seed`` parameter."""
        return self._seeds.getrandbits(63)

    def __reduce__(self):
        """Pickle as the game string (the seed stream restarts from the ``seed`` parameter)."""
        return pyspiel.load_game, (str(self),)

    def make_py_observer(self, iig_obs_type=None, params=None) -> MezquitaObserver:
        """An observer: information state if ``iig_obs_type.perfect_recall``, else observation."""
        if params:
            raise ValueError(f"observer parameters are not supported; got {params}")
        return MezquitaObserver(self, iig_obs_type)


class MezquitaSpielState(pyspiel.State):
    """An OpenSpiel state wrapping one Mezquita `State` (``mezquita_state``)."""

    def __init__(self, game: MezquitaSpielGame) -> None:
        super().__init__(game)
        self._world = _World(game)

    @property
    def mezquita_state(self) -> State:
        """The wrapped Mezquita state (the truth; agents should see only views)."""
        return self._world.state()

    def current_player(self) -> int:
        """The seat to move, CHANCE before an explicit deal, SIMULTANEOUS when several move,
        or TERMINAL."""
        if self._world.awaiting_deal:
            return pyspiel.PlayerId.CHANCE
        movers = self.mezquita_state.to_move()
        if not movers:
            return pyspiel.PlayerId.TERMINAL
        return movers[0] if len(movers) == 1 else pyspiel.PlayerId.SIMULTANEOUS

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals (by number) with their probabilities, at the explicit deal node."""
        return [(i, p) for i, (_, p) in enumerate(self.get_game().deals)]

    def _legal_actions(self, player: int) -> list[int]:
        """Sorted legal action ids of ``player`` ("pass" for a waiting seat at a simultaneous
        node)."""
        state = self.mezquita_state
        if player in state.to_move():
            return state.legal_actions(player)
        return [self.get_game().pass_action]

    def _apply_action(self, action: int) -> None:
        """Play ``action`` for the seat to move (or deal number ``action`` at the deal)."""
        if self._world.awaiting_deal:
            self._world.deal(action)
            return
        self._apply({self._mover(): action})

    def _apply_actions(self, actions: list[int]) -> None:
        """Play a simultaneous node: each moving seat's action, in seat order."""
        self._apply({seat: actions[seat] for seat in self._movers()})

    def _movers(self) -> tuple[int, ...]:
        movers = self.mezquita_state.to_move()
        if not movers:
            raise pyspiel.SpielError("the game is over: no action can be applied to a terminal state")
        return movers

    def _mover(self) -> int:
        return self._movers()[0]

    def _apply(self, moves: dict[int, int]) -> None:
        self._world.remember(moves)
        state = self.mezquita_state
        for seat, action in moves.items():
            state.apply(seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's English label (the deal's decks at the explicit deal node)."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.get_game().deals[action][0]}"
        if action == self.get_game().pass_action:
            return "pass"
        return self.get_game().mezquita.action_label(action)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return not self._world.awaiting_deal and self.mezquita_state.is_terminal()

    def returns(self) -> list[float]:
        """Win 1, loss 0, draws shared; zeros before the end."""
        if self._world.awaiting_deal:
            return [0.0] * self.get_game().num_players()
        return self.mezquita_state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler) -> MezquitaSpielState:
        """A state consistent with ``player_id``'s information (``State.resample``), seeded
        from ``probability_sampler`` (a callable returning uniform floats in [0, 1)). The
        world keeps ``player_id``'s recall; the other seats' is unknown to it and left out."""
        rng = random.Random(int(probability_sampler() * 2**53))
        recall = self._world.recall()
        resampled = self.mezquita_state.resample(player_id, rng)
        new = self.clone()
        known = tuple(r if seat == player_id else () for seat, r in enumerate(recall))
        new._world = _World.of(_Snapshot(resampled, known), resampled, [], self._world.window)
        return new

    def __str__(self) -> str:
        """The whole state as canonical JSON."""
        if self._world.awaiting_deal:
            return "chance node: the deal"
        return canonical(self.mezquita_state.to_json())

    def __reduce__(self):
        """Pickle through ``serialize`` (OpenSpiel's own pickling needs the game's RNG state,
        which Python games cannot provide)."""
        return _deserialize_state, (str(self.get_game()), self.serialize())


class MezquitaObserver:
    """Observation or information state of one seat, as a string and a tensor."""

    def __init__(self, game: MezquitaSpielGame, iig_obs_type) -> None:
        self.game = game.mezquita
        self.public_only = bool(
            iig_obs_type and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self.recall = bool(iig_obs_type and iig_obs_type.perfect_recall) and not self.public_only
        size = game.recall_size if self.recall else self.game.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: MezquitaSpielState, player: int) -> dict:
        return state.mezquita_state.view(None if self.public_only else player)

    def set_from(self, state: MezquitaSpielState, player: int) -> None:
        """Fill ``tensor``: ``game.encode_view`` of the seat's view, and for the information
        state the game's memory block (``game.encode_memory``) and each recalled decision's
        observation and one-hot action."""
        self.tensor[:] = 0.0
        if state._world.awaiting_deal:
            return
        game, truth = self.game, state.mezquita_state
        size = game.observation_size
        game.encode_state(truth, None if self.public_only else player, self.tensor[:size])
        if not self.recall:
            return
        memory = game.memory_size
        game.encode_memory(truth, player, self.tensor[size:size + memory])
        world = state._world
        if not world.window:
            return
        width = size + game.num_actions
        for k, decision in enumerate(world.recall()[player][-world.window:]):
            start = size + memory + k * width
            self.tensor[start:start + size] = decision.observation
            self.tensor[start + size + decision.action] = 1.0

    def string_from(self, state: MezquitaSpielState, player: int) -> str:
        """The view as canonical JSON; the information state's adds the seat's log and its
        private view at each of its earlier decisions (`_World.information`)."""
        if state._world.awaiting_deal:
            return "the deal"
        if not self.recall:
            return canonical(self._view(state, player))
        return state._world.information(player)


class _Decision(NamedTuple):
    """One decision of a seat: its private view then (what its view showed beyond a
    spectator's, as canonical JSON), its observation then (encoded; None once older than the
    information-state tensor's window, or where it recalls no decisions) and the action
    taken."""

    private: str
    observation: np.ndarray | None
    action: int

    @classmethod
    def at(cls, state: State, seat: int, action: int, observed: bool) -> _Decision:
        """``seat`` deciding on ``action`` at ``state`` (before it is played), with its
        observation if ``observed``."""
        view, public = state.view(seat), state.view(None)
        private = {k: v for k, v in view.items() if k not in public or public[k] != v}
        game = state.game
        observation = (arrays.observation(game, state, seat, game.observation_size)
                       if observed else None)
        return cls(canonical(private), observation, action)


class _Snapshot(NamedTuple):
    """A state that nothing changes any more (replays start from a clone), each seat's
    decisions up to it (oldest first), and how many nodes its world had played to reach it."""

    state: State
    decisions: tuple[tuple[_Decision, ...], ...]
    nodes: int = 0

    @classmethod
    def initial(cls, state: State) -> _Snapshot:
        """A new game's state: nobody has decided anything yet."""
        return cls(state, ((),) * state.game.num_players)


class _World:
    """Holds a wrapped Mezquita state and what each seat recalls of the game (its
    `_Decision` s), worked out only when asked. The world keeps its ``root`` (the deal, or a
    state resampled for a seat, with the decisions known there) and the moves played since
    (``played``, one dict per node); asking replays them on a copy of the root's state and
    keeps the result (``latest``), so the next ask replays only what was played since.
    Playing a move thus costs nothing extra, and a tree walk that never asks (or, with
    explicit chance, finds the string already worked out) never replays. A snapshot's state
    never changes: the world's state, while a snapshot shares it, is copied before a move.

    OpenSpiel clones a Python state by building a fresh initial state and deep-copying its
    attributes, and serialises it by pickling them: the fresh state deals only when first
    used, a deep copy is ``State.clone`` (snapshots are shared) and a pickle is the state and
    the root's as JSON (``State.to_json``) with the moves played."""

    root: _Snapshot
    latest: _Snapshot

    def __init__(self, source: MezquitaSpielGame) -> None:
        self._source: MezquitaSpielGame | None = source
        self._state: State | None = None
        self.played: list[dict[int, int]] = []
        self.awaiting_deal = source.deals is not None
        self.window = source.recall_window
        # explicit chance: the deal's number, and the game's information-state strings
        self.deal_number: int | None = None
        self.memo: dict[tuple, str] | None = None

    @classmethod
    def of(cls, root: _Snapshot, state: State, played: list[dict[int, int]],
           window: int) -> _World:
        """A world at ``state``, reached by playing ``played`` from ``root``."""
        world = cls.__new__(cls)
        world._source, world._state, world.root = None, state, root
        world.latest, world.played, world.awaiting_deal = root, played, False
        world.window, world.deal_number, world.memo = window, None, None
        return world

    def state(self) -> State:
        if self._state is None:
            if self.awaiting_deal:
                raise pyspiel.SpielError("this is the chance node of the deal: no state yet")
            source = self._source
            assert source is not None  # a fresh world keeps its game until it deals
            self._state = source.mezquita.new_state(source.next_seed())
            self.root = self.latest = _Snapshot.initial(self._state)
            self._source = None
        return self._state

    def deal(self, outcome: int) -> None:
        """Take deal number ``outcome`` of the explicit chance node."""
        source = self._source
        assert source is not None and source.deals is not None  # the explicit deal node
        self.root = self.latest = source.dealt_snapshot(outcome)
        self._state = self.root.state.clone()  # the root is the game's, for every world
        self.deal_number, self.memo = outcome, source.information
        self._source, self.awaiting_deal = None, False

    def remember(self, moves: dict[int, int]) -> None:
        """Before ``moves`` are played: note them (the decisions are worked out when asked),
        and stop sharing the state with the latest snapshot, which must not change."""
        state = self.state()
        if state is self.latest.state:
            self._state = state.clone()
        self.played.append(moves)

    def recall(self) -> tuple[tuple[_Decision, ...], ...]:
        """Each seat's decisions so far, oldest first (the latest snapshot then shares the
        state, until the next move)."""
        live = self.state()
        latest = self.latest
        if latest.nodes < len(self.played):
            decisions = [list(d) for d in latest.decisions]
            state = latest.state.clone()
            for moves in self.played[latest.nodes:]:
                for seat, action in moves.items():  # all decided on the same position
                    decisions[seat].append(_Decision.at(state, seat, action, self.window > 0))
                for seat, action in moves.items():
                    state.apply(seat, action)
            for recalled in decisions:  # the tensor keeps the last `window` observations
                for k in range(len(recalled) - self.window):
                    recalled[k] = recalled[k]._replace(observation=None)
            self.latest = latest = _Snapshot(live, tuple(map(tuple, decisions)),
                                             len(self.played))
        return latest.decisions

    def information(self, seat: int) -> str:
        """``seat``'s information-state string: canonical JSON of its log, its private view
        at each of its earlier decisions, and its view now (``{"log": [...], "private":
        [...], "view": {...}}``). With explicit chance it is kept by seat, deal and history
        (a tree walk asks again for the same nodes on fresh copies of them)."""
        state = self.state()
        memo = self.memo
        if memo is not None:
            key = (seat, self.deal_number, *state.history)
            text = memo.get(key)
            if text is not None:
                return text
        private = ",".join(d.private for d in self.recall()[seat])
        text = (f'{{"log":{canonical(state.log(seat))},"private":[{private}],'
                f'"view":{canonical(state.view(seat))}}}')
        if memo is not None:
            memo[key] = text = sys.intern(text)
        return text

    def __deepcopy__(self, memo: dict) -> _World:
        if self.awaiting_deal:
            assert self._source is not None  # the deal node keeps its game
            return _World(self._source)
        world = _World.of(self.root, self.state().clone(), self.played.copy(), self.window)
        world.latest, world.deal_number, world.memo = self.latest, self.deal_number, self.memo
        return world

    def __reduce__(self):
        if self.awaiting_deal:
            return _world_awaiting, (str(self._source),)
        state = self.state()
        return _world_from_json, (state.game.info.id, state.game.options, state.to_json(),
                                  self.root.state.to_json(), self.root.decisions,
                                  self.played, self.window)


def _deserialize_state(game_string: str, data: str) -> MezquitaSpielState:
    return pyspiel.load_game(game_string).deserialize_state(data)


def _world_from_json(game_id: str, options: dict, data: dict, root: dict,
                     decisions: tuple[tuple[_Decision, ...], ...],
                     played: list[dict[int, int]], window: int) -> _World:
    game = load(game_id, **options)
    return _World.of(_Snapshot(game.state_from_json(root), decisions),
                     game.state_from_json(data), played, window)


def _world_awaiting(game_string: str) -> _World:
    return _World(pyspiel.load_game(game_string))


def _parameters(info: GameInfo) -> dict[str, Any]:
    """OpenSpiel parameter defaults from the game's options, plus ``seed``."""
    spec: dict[str, Any] = {}
    for option in info.options:
        if option.name in (SEED, EXPLICIT, WINDOW):
            raise ValueError(f"{info.id}: option name {option.name!r} clashes with an adapter "
                             "parameter")
        if isinstance(option.default, tuple):
            spec[option.name] = ",".join(map(str, option.default))
        elif option.default is not None:
            spec[option.name] = option.default
    spec[SEED] = 0
    spec[EXPLICIT] = False
    spec[WINDOW] = 0
    return spec


register()
