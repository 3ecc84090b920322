"""Every Mezquita game as an OpenSpiel Python game, ``mezquita_<id>``.

>>> import pyspiel
>>> import mezquita.adapters.openspiel          # registers mezquita_cordoba, ...
>>> game = pyspiel.load_game("mezquita_cordoba", {"hand": 3, "seed": 7})
>>> state = game.new_initial_state()

How the engine maps onto OpenSpiel:

- **Chance is SAMPLED_STOCHASTIC, for every game.** A Mezquita state deals and draws from its
  own seeded generator; the engine exposes no ``(outcome, probability)`` lists, so there are
  no chance nodes. Each new initial state is dealt from the next seed of a stream started by
  the game parameter ``seed`` (default 0), so algorithms that restart from
  ``new_initial_state()`` (MCCFR, evaluation loops) sample deals, and a run is reproducible.
  Even games without hidden information or later chance deal their setup from the seed
  (Cortiça's row), so none is declared DETERMINISTIC. ``random_sim_test``
  accepts this mode for Python games: it only samples at chance nodes, and checks clone,
  serialisation and observation consistency, which hold here. Searching a clone replays the
  true future draws, as in any sampled-stochastic game; ``resample_from_infostate`` (used by
  OpenSpiel's ISMCTS) reseeds the future, so ISMCTS does not see it.
- **Information.** Games with hidden information are IMPERFECT_INFORMATION. The observation
  string is the seat's view as canonical JSON; the information-state string adds the seat's
  own past action ids, so it recalls everything the seat did and everything the game's view
  keeps (Mezquita views keep a public log). Both tensors are ``game.encode_view(view)``, so
  the information-state tensor is perfect recall only as far as the encoding is. A
  public-only observer (``private_info=NONE``) uses the spectator's view.
- **Utility** is CONSTANT_SUM 1 in [0, 1]: win 1, loss 0, draws shared, at the end only.
- **Simultaneous games** are SIMULTANEOUS: a node where several seats move is a
  simultaneous node (the others play the extra action ``num_actions``, "pass"); a node with
  one mover is an ordinary decision node.
- ``str(state)`` is the whole state (``State.to_json``) as canonical JSON. Serialisation is
  OpenSpiel's own for Python games (pickle), which stores that JSON.

Mezquita options become game parameters of the same names; tuple options are written as
comma-separated strings, and options whose default is ``None`` are not exposed.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from mezquita.engine import Game, GameInfo, State, load, registry
from mezquita.engine.registry import game_class

from .common import canonical, player_counts

PREFIX = "mezquita_"
SEED = "seed"  # the game parameter starting the stream of deal seeds


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


def game_type(info: GameInfo) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a Mezquita game (see the module docstring)."""
    counts = player_counts(info)
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"Mezquita {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if info.simultaneous
        else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
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
        self._seeds = random.Random(seed)
        self.mezquita: Game = load(self.game_id, **params)
        g = self.mezquita
        self.pass_action = g.num_actions  # only played in simultaneous nodes
        super().__init__(
            game_type(info),
            pyspiel.GameInfo(
                num_distinct_actions=g.num_actions + info.simultaneous,
                max_chance_outcomes=0,
                num_players=g.num_players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=g.max_game_length,
            ),
            {**params, SEED: seed},
        )

    def new_initial_state(self) -> MezquitaSpielState:
        """A state dealt from the next seed of the game's stream (dealt when first used)."""
        return MezquitaSpielState(self)

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
        return MezquitaObserver(self.mezquita, iig_obs_type)


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
        """The seat to move, SIMULTANEOUS when several move, or TERMINAL."""
        movers = self.mezquita_state.to_move()
        if not movers:
            return pyspiel.PlayerId.TERMINAL
        return movers[0] if len(movers) == 1 else pyspiel.PlayerId.SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[int]:
        """Sorted legal action ids of ``player`` ("pass" for a waiting seat at a simultaneous
        node)."""
        state = self.mezquita_state
        if player in state.to_move():
            return state.legal_actions(player)
        return [self.get_game().pass_action]

    def _apply_action(self, action: int) -> None:
        """Play ``action`` for the seat to move."""
        state = self.mezquita_state
        state.apply(state.to_move()[0], action)

    def _apply_actions(self, actions: list[int]) -> None:
        """Play a simultaneous node: each moving seat's action, in seat order."""
        state = self.mezquita_state
        for seat in state.to_move():
            state.apply(seat, actions[seat])

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's English label."""
        if action == self.get_game().pass_action:
            return "pass"
        return self.get_game().mezquita.action_label(action)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.mezquita_state.is_terminal()

    def returns(self) -> list[float]:
        """Win 1, loss 0, draws shared; zeros before the end."""
        return self.mezquita_state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler) -> MezquitaSpielState:
        """A state consistent with ``player_id``'s information (``State.resample``), seeded
        from ``probability_sampler`` (a callable returning uniform floats in [0, 1))."""
        rng = random.Random(int(probability_sampler() * 2**53))
        resampled = self.mezquita_state.resample(player_id, rng)
        new = self.clone()
        new._world = _World.of(resampled)
        return new

    def __str__(self) -> str:
        """The whole state as canonical JSON."""
        return canonical(self.mezquita_state.to_json())

    def __reduce__(self):
        """Pickle through ``serialize`` (OpenSpiel's own pickling needs the game's RNG state,
        which Python games cannot provide)."""
        return _deserialize_state, (str(self.get_game()), self.serialize())


class MezquitaObserver:
    """Observation or information state of one seat, as a string and a tensor."""

    def __init__(self, game: Game, iig_obs_type) -> None:
        self.game = game
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.public_only = bool(
            iig_obs_type and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self.tensor = np.zeros(game.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: MezquitaSpielState, player: int) -> dict:
        return state.mezquita_state.view(None if self.public_only else player)

    def set_from(self, state: MezquitaSpielState, player: int) -> None:
        """Fill ``tensor`` with ``game.encode_view`` of the seat's view."""
        self.tensor[:] = self.game.encode_view(self._view(state, player))

    def string_from(self, state: MezquitaSpielState, player: int) -> str:
        """The view as canonical JSON; the information state adds the seat's own actions."""
        view = self._view(state, player)
        if not self.perfect_recall or self.public_only:
            return canonical(view)
        own = [a for seat, a in state.mezquita_state.history if seat == player]
        return canonical({"view": view, "own_actions": own})


class _World:
    """Holds a wrapped Mezquita state. OpenSpiel clones a Python state by building a fresh
    initial state and deep-copying its attributes, and serialises it by pickling them: the
    fresh state deals only when first used, a deep copy is ``State.clone`` and a pickle is
    ``State.to_json``."""

    def __init__(self, source: MezquitaSpielGame) -> None:
        self._source: MezquitaSpielGame | None = source
        self._state: State | None = None

    @classmethod
    def of(cls, state: State) -> _World:
        world = cls.__new__(cls)
        world._source, world._state = None, state
        return world

    def state(self) -> State:
        if self._state is None:
            self._state = self._source.mezquita.new_state(self._source.next_seed())
            self._source = None
        return self._state

    def __deepcopy__(self, memo: dict) -> _World:
        return _World.of(self.state().clone())

    def __reduce__(self):
        state = self.state()
        return _world_from_json, (state.game.info.id, state.game.options, state.to_json())


def _deserialize_state(game_string: str, data: str) -> MezquitaSpielState:
    return pyspiel.load_game(game_string).deserialize_state(data)


def _world_from_json(game_id: str, options: dict, data: dict) -> _World:
    return _World.of(load(game_id, **options).state_from_json(data))


def _parameters(info: GameInfo) -> dict[str, Any]:
    """OpenSpiel parameter defaults from the game's options, plus ``seed``."""
    spec: dict[str, Any] = {}
    for option in info.options:
        if option.name == SEED:
            raise ValueError(f"{info.id}: option name {SEED!r} clashes with the deal seed")
        if isinstance(option.default, tuple):
            spec[option.name] = ",".join(map(str, option.default))
        elif option.default is not None:
            spec[option.name] = option.default
    spec[SEED] = 0
    return spec


register()
