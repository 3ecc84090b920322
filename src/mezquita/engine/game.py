"""The engine contract: `Game` (one configured game: options and rules hooks), its
`GameInfo` (declarative metadata) and `State` (the complete truth of one game in progress).
A game makes states and a state holds its game, so the two live in one module, as in OpenSpiel.

Games subclass `State`, declare each data attribute once, as an annotation (dataclass
style: ``hands: list[list[int]]``; JSON-compatible values: ints, strings, ``None``, lists and
str-keyed dicts; `mezquita.engine.fields` derives the JSON form and the copy from them), and
implement the underscore hooks. The public methods here add what must hold for every game:
terminal states accept no action, an illegal action raises `IllegalAction` and leaves the
state untouched, the history is recorded, randomness comes only from the state's own seeded
generator, and at the end every view and every log entry shows everything that was hidden.

The presentation path is the engine's: a game records what happened as *events*
(``self._event(seat, "build", "castle", 3)``: the values of the fields its decision table
(`mezquita.engine.decisions`) names for ``"build"``, giving ``{"do": "build", "district":
"castle", "cost": 3, ...}``), masks each one for a viewer by the table's secret fields
(``_public_event``: hidden values become ``None``), and words it in ``Game.event_text``.
The terminal, the server's live log and replays all read ``state.log(viewer)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, overload

from .errors import IllegalAction, MezquitaError
from .fields import declare
from .guide import GuideSetup, Note, guide_notes
from .options import Option, resolve
from .rng import Rng

if TYPE_CHECKING:
    from .actions import ActionSpace
    from .decisions import Decisions
    from .reference import Section

class State:
    """One game in progress.

    Attributes:
        game: the configured `Game`.
        seed: the seed the game was dealt from.
        rng: the state's own `Rng`; the only source of chance.
        history: ``(seat, action id)`` pairs applied so far.
        events: what happened, as JSON dicts ``{"turn", "seat", "do", ...}`` in the true,
            unmasked form; ``log(viewer)`` gives them as a viewer may know them.
    """

    #: the declared fields, in order (from the annotations; see the module docstring)
    fields: ClassVar[tuple[str, ...]] = ()
    #: the generated body of ``_copy_into``, one assignment per copied attribute
    copy_lines: ClassVar[tuple[str, ...]] = ()
    #: the fields declared as an `Enum`, with its class (``from_json`` reads them back)
    enum_fields: ClassVar[dict[str, type]] = {}

    game: Game[Any]
    seed: int
    rng: Rng
    history: list[tuple[int, int]]
    # The events list: ``_event`` appends ``(turn, seat, kind, values)`` tuples, which the
    # ``events`` property turns into dicts in place on first read (entries before ``_built``
    # are dicts). Most playouts never read their events, so they never pay for the dicts.
    _events: list
    _built: int
    # Caches of the position, reset whenever an action is applied (see `to_move`).
    _to_move_cache: tuple[int, ...] | None
    _legal_cache: tuple[int, list[int]] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read the subclass's declarations: its ``fields`` and its generated copy."""
        super().__init_subclass__(**kwargs)
        cls.fields, cls.copy_lines, copy, cls.enum_fields = declare(cls, _BASE_ATTRIBUTES)
        cls._copy_into = copy  # type: ignore[method-assign,assignment]

    # -- construction ------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game, seed: int) -> Self:
        """Deal a new game from ``seed``."""
        state = cls.__new__(cls)
        state.game = game
        state.seed = int(seed)
        state.rng = Rng(state.seed)
        state.history = []
        state._events = []
        state._built = 0
        state._setup()
        state._to_move_cache = state._legal_cache = None  # set up afresh: nothing cached
        return state

    def clone(self) -> Self:
        """An independent copy (cheap: no deepcopy)."""
        new = self.__class__.__new__(self.__class__)
        new.game = self.game
        new.seed = self.seed
        new.rng = Rng(self.rng.state)
        new.history = self.history.copy()
        # Events are never changed once recorded; built here once, so that copies (search
        # makes one per iteration) share the dicts instead of each building its own.
        new.events = self.events.copy()
        new._to_move_cache = self._to_move_cache
        new._legal_cache = self._legal_cache
        self._copy_into(new)
        return new

    def to_json(self) -> dict:
        """The whole state as JSON; ``game.state_from_json`` rebuilds it exactly."""
        return {
            "game": self.game.info.id,
            "options": dict(self.game.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "history": [list(h) for h in self.history],
            "events": _copy_json(self.events),
            "data": {name: _copy_json(getattr(self, name)) for name in self.fields},
        }

    @classmethod
    def from_json(cls, game: Game, data: dict) -> Self:
        """Inverse of ``to_json``."""
        state = cls.__new__(cls)
        state.game = game
        state.seed = data["seed"]
        state.rng = Rng(data["rng"])
        state.history = [(s, a) for s, a in data["history"]]
        state.events = _copy_json(data["events"])
        for name in cls.fields:
            setattr(state, name, _copy_json(data["data"][name]))
        for name, enum in cls.enum_fields.items():
            setattr(state, name, enum(getattr(state, name)))
        state._forget_position()
        return state

    @property
    def events(self) -> list[dict]:
        """What happened, as JSON dicts (see the class docstring); the list is the state's
        own, so a game's ``_resample`` may replace entries of a copy's list."""
        events = self._events
        if self._built < len(events):
            table = self.game.event_fields
            for k in range(self._built, len(events)):
                turn, seat, kind, values = events[k]
                names = table.get(kind)
                if names is None or len(values) > len(names):
                    raise ValueError(f"event {kind!r} records {len(values)} values; "
                                     f"the event table of {self.game.info.id} names {names}")
                entry = events[k] = {"turn": turn, "seat": seat, "do": kind}
                entry.update(zip(names, values))
            self._built = len(events)
        return events

    @events.setter
    def events(self, events: list[dict]) -> None:
        self._events = events
        self._built = len(events)

    def edit(self, **fields: Any) -> Self:
        """Set ``fields`` (names from ``fields``) for a test or a scenario, and forget what
        was cached of the old position; returns the state. After changing a field in place
        (``state.gold[0] = 5``), call it with no fields. An unknown name raises `TypeError`
        and changes nothing."""
        unknown = sorted(set(fields) - set(self.fields))
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(unknown)}; "
                            f"its fields: {', '.join(self.fields)}")
        for name, value in fields.items():
            setattr(self, name, value)
        self._forget_position()
        return self

    def _forget_position(self) -> None:
        """Drop what the engine and the game cached of the position (its fields changed)."""
        self._to_move_cache = self._legal_cache = None
        self._reset_caches()

    # -- the contract --------------------------------------------------------------------
    # Caches, reset whenever an action is applied: ``_to_move_cache`` (``_to_move()`` of this
    # position, or None) and ``_legal_cache`` (``(seat, legal ids)`` of a seat to move, or
    # None). Code that changes fields outside ``_apply`` goes through ``edit``.
    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now; empty when the game is over."""
        movers = self._to_move_cache
        if movers is None:
            movers = self._to_move_cache = self._to_move()
        return movers

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return not self.to_move()

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Sorted legal action ids for ``seat`` (default: the first seat to move). The list is
        shared (cached): do not change it."""
        cache = self._legal_cache
        if cache is not None and cache[0] == seat:
            return cache[1]
        movers = self._to_move_cache
        if movers is None:
            movers = self._to_move_cache = self._to_move()
        if seat is None:
            if not movers:
                return []
            seat = movers[0]
            if cache is not None and cache[0] == seat:
                return cache[1]
        elif seat not in movers:
            return []
        legal = self._legal_actions(seat)
        self._legal_cache = (seat, legal)
        return legal

    def legal_mask(self, seat: int | None = None) -> list[int]:
        """A 0/1 list of length ``game.num_actions``, 1 where the action is legal."""
        mask = [0] * self.game.num_actions
        for a in self.legal_actions(seat):
            mask[a] = 1
        return mask

    def legal_actions_json(self, seat: int | None = None, lang: str = "en",
                           names: list[str | None] | None = None) -> list[dict]:
        """Legal actions as `Game.action_entry` dicts with their decision's ``facts`` now, for
        people and the web."""
        g, out = self.game, []
        for a in self.legal_actions(seat):
            entry, facts = g.action_entry(a, lang, names), g.decisions.facts(self, a, lang)
            out.append({**entry, **facts} if facts else entry)
        return out

    def apply(self, seat: int, action: Any) -> None:
        """Play ``action`` (id or JSON) for ``seat``; raise `IllegalAction` and change nothing
        if the game is over, it is not that seat's turn, or the action is not legal now."""
        cache = self._legal_cache
        if cache is None or cache[0] != seat or type(action) is not int or action not in cache[1]:
            action = self._legal_id(seat, action)  # all but a legal id just listed for this seat
        self._legal_cache = self._to_move_cache = None
        self._apply(seat, action)
        self.history.append((seat, action))

    def _legal_id(self, seat: int, action: Any) -> int:
        """The id of ``action`` if ``seat`` may play it now; otherwise raise `IllegalAction`."""
        movers = self.to_move()
        if not movers:
            raise IllegalAction("the game is over; no action can be played")
        if seat not in movers:
            raise IllegalAction(f"it is not seat {seat}'s turn (to move: {list(movers)})")
        action_id = self.game.to_action_id(action)
        self._check_legal(seat, action_id)
        return action_id

    def _check_legal(self, seat: int, action_id: int) -> None:
        legal = self.legal_actions(seat)
        if action_id not in legal:
            labels = ", ".join(self.game.action_label(a) for a in legal[:12])
            more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
            raise IllegalAction(
                f"seat {seat} cannot play {self.game.action_label(action_id)!r} now; "
                f"legal: {labels}{more}"
            )

    def apply_unchecked(self, seat: int, action: int) -> None:
        """Play action id ``action`` for ``seat`` without validation: for search bots that
        picked it from ``legal_actions(seat)`` on this very state. Anything else corrupts it."""
        self._legal_cache = self._to_move_cache = None
        self._apply(seat, action)
        self.history.append((seat, action))

    def child(self, seat: int, action: Any) -> Self:
        """A copy with ``action`` applied; this state is not changed."""
        new = self.clone()
        new.apply(seat, action)
        return new

    def undoable(self, seat: int) -> int:
        """How many of ``seat``'s latest decisions it may take back now (`takeback`).

        Walking back from the newest action: an action of ``seat`` whose decision kind is
        ``undoable`` (it reveals nothing hidden and draws no chance: `Decision.undoable`)
        counts and the walk goes on; any other action of ``seat`` ends the walk, and so does
        an action of another seat: once another seat has acted, nothing can be taken back.
        In a game with a simultaneous phase (``info.simultaneous``) the others' actions are
        passed over instead, while ``seat`` is still to move: it may take back its own part
        until it has finished it. Nothing can be taken back once the game is over (the end
        reveals everything)."""
        self._check_viewer(seat)
        return len(self.undoable_steps(seat))

    def undoable_steps(self, seat: int) -> list[int]:
        """The indices in ``history`` of the decisions `undoable` counts, newest first (what
        ``takeback`` drops, and a server deletes from its stored moves)."""
        movers = self.to_move()
        if not movers:
            return []
        simultaneous = self.game.info.simultaneous
        if simultaneous and seat not in movers:
            return []
        decision, steps = self.game.decisions.decision, []
        for step in range(len(self.history) - 1, -1, -1):
            who, action = self.history[step]
            if who != seat:
                if simultaneous:
                    continue
                break
            if not decision(action).undoable:
                break
            steps.append(step)
        return steps

    def takeback(self, seat: int, count: int = 1) -> Self:
        """The state without ``seat``'s latest ``count`` decisions, as if they had never been
        played: rebuilt from the seed and the rest of the history (this state is not
        changed). Raise `IllegalAction` unless ``1 <= count <= undoable(seat)``."""
        self._check_viewer(seat)
        steps = self.undoable_steps(seat)
        if type(count) is not int or not 1 <= count <= len(steps):
            raise IllegalAction(f"seat {seat} cannot take back {count!r} decision(s) now; it may "
                                f"take back {len(steps)}")
        dropped = set(steps[:count])
        state = self.game.new_state(self.seed)
        for step, (who, action) in enumerate(self.history):
            if step not in dropped:
                state.apply(who, action)
        return state

    def view(self, seat: int | None) -> dict:
        """Everything ``seat`` may know, as JSON (``None``: a spectator, public facts only).

        This is the only way information leaves the engine toward players, bots and the web.
        Once the game is over every view shows everything (``"full": true``).
        """
        self._check_viewer(seat)
        return self._full_or_seat_view(seat, not self.to_move())

    def full_view(self) -> dict:
        """Everything, hidden values included: for finished games and their replays."""
        return self._full_or_seat_view(None, True)

    def _full_or_seat_view(self, seat: int | None, full: bool) -> dict:
        movers = self.to_move()
        base: dict[str, Any] = {
            "game": self.game.info.id,
            "seat": seat,
            "players": self.game.num_players,
            "to_move": list(movers),
            "step": len(self.history),
            "terminal": not movers,
            "full": full,
        }
        if not movers:
            base["returns"] = self.returns()
            base["scores"] = self.scores()
        base.update(self._view(seat, full))
        return base

    def log(self, viewer: int | None, start: int = 0) -> list[dict]:
        """The events from number ``start`` on, as ``viewer`` may know them (``None``: a
        spectator); hidden values are ``None``. At the end of the game nothing is hidden."""
        self._check_viewer(viewer)
        if not self.to_move():
            return _copy_json(self.events[start:])
        return [self._public_event(e, viewer) for e in self.events[start:]]

    def score_breakdown(self, lang: str = "en", names: list[str | None] | None = None) -> dict:
        """Where each seat's points came from, as data for a score table::

            {"rows": [{"label": str, "values": [per seat]}], "totals": [per seat],
             "winners": [seats], "reason": str}

        ``totals`` equals ``scores()``; ``reason`` says how the winner was decided (a
        tie-break included), with players named by ``names`` (default "Player N").
        Meaningful at any time, final at the end.
        """
        return self._breakdown(lang, names)

    def _check_viewer(self, seat: int | None) -> None:
        if seat is not None and not (type(seat) is int and 0 <= seat < self.game.num_players):
            raise IllegalAction(f"there is no seat {seat!r} in a {self.game.num_players}-player "
                                "game")

    def _event(self, seat: int | None, kind: str, *values: Any) -> None:
        """Record that ``seat`` (``None``: the game itself) did ``kind``: for ``_apply``.
        ``values`` are those of the fields ``game.event_fields[kind]`` names, in order; trailing
        fields may be left out (the event then has no such key). Positional values, not
        keywords: a keyword call builds a dict per event, and playouts record many events
        that nobody reads."""
        self._events.append((len(self.history), seat, kind, values))

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with ``seat``'s view: hidden values redealt from ``rng``.

        The seat's view, log and legal actions are unchanged; future chance is reseeded from
        ``rng``, so the result reveals nothing of the true future either. Games redeal the
        hidden values of past events too (``_resample``), and other seats' entries in
        ``history`` become -1, so a world carries no true hidden value.
        """
        if not self.game.info.hidden_information:
            new = self.clone()
        else:
            new = self._resample(seat, rng)
            new._to_move_cache = new._legal_cache = None
            # Other seats' action ids can name hidden cards: a world keeps only their count.
            new.history = [(s, a if s == seat else -1) for s, a in self.history]
        new.rng = Rng(rng.getrandbits(64))
        return new

    def returns(self) -> list[float]:
        """Per-seat result at the end (win 1, loss 0, draws shared); zeros before the end."""
        if self.to_move():
            return [0.0] * self.game.num_players
        return self._returns()

    def scores(self) -> list[float]:
        """Per-seat scores in the game's own units (points, districts...)."""
        return self._scores()

    def __str__(self) -> str:
        return f"{self.game!r} seed={self.seed} turn={len(self.history)}"

    # -- hooks for games ------------------------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def _to_move(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[int]:
        raise NotImplementedError

    def _apply(self, seat: int, action: int) -> None:
        """Play a legal ``action`` for ``seat``, recording what happened with ``_event``: the
        effect of its entry in the game's decision table. It must not call the public
        methods (their caches are being invalidated)."""
        effect, n, a, b = self.game.effects[action]
        if n == 1:
            effect(self, seat, a)
        elif n == 2:
            effect(self, seat, a, b)
        elif not n:
            effect(self, seat)
        else:
            effect(self, seat, *a)

    def _view(self, seat: int | None, full: bool) -> dict:
        """The game's part of a view; with ``full``, everything (the end, replays)."""
        raise NotImplementedError

    def _public_event(self, event: dict, viewer: int | None) -> dict:
        """``event`` as ``viewer`` may know it now, hidden values ``None`` (a new dict): the
        secret fields its decision table declares. The event itself must not change."""
        return self.game.decisions.public_event(event, viewer, self)

    def _breakdown(self, lang: str, names: list[str | None] | None) -> dict:
        raise NotImplementedError(f"{self.game.info.id} must implement _breakdown")

    def _scores(self) -> list[float]:
        raise NotImplementedError

    def _returns(self) -> list[float]:
        return share_wins(self._scores())

    def _resample(self, seat: int, rng: random.Random) -> Self:
        raise NotImplementedError(f"{self.game.info.id} must implement _resample")

    def _reset_caches(self) -> None:
        """Forget a game's own caches of the position (override where a game keeps any):
        called by ``edit`` and ``from_json``."""

    def _copy_into(self, new: Self) -> None:
        """Copy the game's fields and caches into ``new``: generated for each game from its
        declarations (``copy_lines``)."""


def share_wins(scores: list[float]) -> list[float]:
    """Returns from final ranking keys: the best seats share one point equally."""
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(scores))]


#: attributes every state has, declared by `State` (a game may narrow their types)
_BASE_ATTRIBUTES = frozenset(State.__annotations__)


def _copy_json(value: Any) -> Any:
    """Copy nested lists and dicts of immutable leaves."""
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class GameInfo:
    """What a game is, independent of its options.

    Attributes:
        id: registry id, e.g. ``"cordoba"``.
        name: display name.
        min_players, max_players: seat counts the game supports.
        hidden_information: some values are known to one seat only (needs ``resample``).
        chance: randomness after setup (draws from a shuffled deck count as chance).
        simultaneous: some phase lets several seats act at once.
        version: bumped only when behaviour changes, never for refactors.
        reconstruction: what of the game is reconstructed rather than printed, or ``""``.
        options: the declared options with their defaults.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    chance: bool
    simultaneous: bool = False
    version: int = 1
    reconstruction: str = ""
    summary: str = ""
    options: tuple[Option, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        """The metadata as JSON (for the CLI, the lobby and the adapters)."""
        return {
            "id": self.id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "hidden_information": self.hidden_information,
            "chance": self.chance,
            "simultaneous": self.simultaneous,
            "version": self.version,
            "reconstruction": self.reconstruction,
            "summary": self.summary,
            "options": [o.to_json() for o in self.options],
        }


S = TypeVar("S", bound=State)
B = TypeVar("B")  # the buffer an observation is written into (`Game.encode_state`)


class Game(Generic[S]):
    """A game with its options fixed; makes states and translates actions. Its rules and
    constants never change after ``_configure``; the only thing that grows is a game's own
    memo tables (named ``*_memo``), bounded caches of pure functions of a position (Córdoba's
    legal ids per hand), which never change an answer.

    Subclasses set ``info`` and ``decisions`` (a `Decisions` table, as a class attribute or in
    ``_configure``; ``actions`` is its action space), implement ``max_game_length``, word
    their events and views in their package's ``words`` and ``render`` modules, and are
    registered with their state class by ``register(XGame, XState)``.
    A ``players`` option, when declared, sets ``num_players``; otherwise the game has
    ``info.min_players`` seats.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[Any]]  # the game's `State` subclass (``S``), set by ``register``
    #: the game's decision table (`mezquita.engine.decisions`), as a class attribute or set
    #: in ``_configure``; ``actions`` and ``event_fields`` come from it
    decisions: Decisions
    actions: ActionSpace
    #: per event kind, the names of the fields ``State._event`` records for it
    event_fields: dict[str, tuple[str, ...]]
    #: per action id, its effect and arguments (`Decisions.effects`, read by ``State._apply``)
    effects: list[tuple[Callable[..., None], int, Any, Any]]
    #: ``"module:Class"`` of the game's own heuristic agent, if it has one.
    heuristic: ClassVar[str | None] = None
    #: Option sets that ``mezquita bench`` measures (e.g. several player counts).
    bench_settings: ClassVar[tuple[dict, ...]] = ({},)
    #: ``(options, seed)`` of the game's golden playthroughs (`mezquita.engine.playthrough`):
    #: seeded random games committed under ``tests/playthroughs`` that catch any change.
    golden: ClassVar[tuple[tuple[dict, int], ...]] = ()
    #: Difficulty level -> agent name, weakest first (``{"easy": "random", ..., "expert":
    #: "ismcts-0.8s"}``): a run of `mezquita.agents.levels.LEVELS` holding at least easy, medium,
    #: hard and expert (measured in docs/levels.md). Empty: the default levels.
    levels: ClassVar[dict[str, str]] = {}
    #: Optional playout policy for search bots, ``rollout_policy(state, seat, legal, rng) ->
    #: action`` (a plain function, e.g. ``staticmethod(f)``). Search calls it on its own
    #: determinised states only, so it may read any field; it must be cheap and use ``rng``
    #: for its randomness. None: uniformly random playouts.
    rollout_policy: Callable[[S, int, list[int], random.Random], int] | None = None
    #: Optional evaluation for depth-limited search (``alphabeta``), ``evaluation(state, seat)
    #: -> value`` (a plain function): the value of a state for a seat in [-1, 1] (1 a sure win,
    #: -1 a sure loss). Search calls it on its own copies of the state. None: search scores
    #: a cut position from ``scores()``.
    evaluation: Callable[[S, int], float] | None = None
    #: Optional scores of a playout cut before the end, for the search bots that ask for them
    #: (``vismcts``), ``cut_scores(state) -> per-seat values`` (a plain function) in score
    #: points, counting what later turns turn into points too (Citadels: gold and cards in
    #: hand). Search calls it on its own worlds. None: such bots cannot be built.
    cut_scores: Callable[[S], list[float]] | None = None
    #: Optional transposition key for depth-limited search (``alphabeta``), ``search_key(state)
    #: -> hashable`` (a plain function): equal for two states whose futures are the same, so
    #: two move orders reaching one position share a table entry. None: no transpositions.
    search_key: Callable[[S], Hashable] | None = None
    #: Optional model of play for search bots' beliefs, ``belief(world, seat) -> likelihood``
    #: (a plain function): from any determinisation ``world`` of ``seat``'s view, a function
    #: giving the relative likelihood of a determinisation under a model of how the other
    #: seats make their hidden choices. ISMCTS then draws its worlds by Metropolis-Hastings
    #: with ``resample`` as the proposal. None: every consistent world is equally likely.
    belief: Callable[[S, int], Callable[[S], float]] | None = None
    #: Optional one-line reason for a hint, ``hint_reason(game, view, action, lang) -> str |
    #: None`` (a plain function): why ``action`` may be good, from the deciding seat's ``view``
    #: only, in ``lang`` from the game's texts ("takes control of Mosque-Cathedral (7)");
    #: None where the game has nothing to say beyond the action itself. None: no reasons.
    hint_reason: Callable[[Self, dict, int, str], str | None] | None = None
    #: Module of the game's balance figures for the arena (docs/arena.md): optional functions
    #: ``start_seat(state)``, ``rounds(state)``, ``facts(state)`` and ``catalogue(game)``.
    #: None: the game package's ``metrics`` module if it has one, else no figures.
    metrics: ClassVar[str | None] = None

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve(self.info.options, options, self.info.id)
        self.num_players: int = self.options.get("players", self.info.min_players)
        self._configure()
        self.actions = self.decisions.space
        self.event_fields = self.decisions.event_fields
        self.effects = self.decisions.effects

    def _configure(self) -> None:
        """Derive per-option constants once (override; called at the end of ``__init__``)."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load({self.info.id!r}{', ' if opts else ''}{opts})"

    # -- states ------------------------------------------------------------------------
    def new_state(self, seed: int = 0) -> S:
        """A new game, dealt from ``seed``; the same seed always gives the same deal."""
        return self.state_class.new(self, seed)

    def state_from_json(self, data: dict) -> S:
        """Rebuild a state written by ``State.to_json``."""
        return self.state_class.from_json(self, data)

    def deals(self, limit: int = 100_000) -> list[tuple[Any, float]]:
        """Every initial deal as ``(deal, probability)``, for solvers that need chance listed
        (OpenSpiel's explicit-chance mode). Only settings whose one chance event is the deal
        and that have at most ``limit`` deals can list them; otherwise `MezquitaError` says
        why, at once, instead of a search that never ends."""
        raise MezquitaError(f"{self.info.name} cannot list its deals (its chance is sampled)")

    def dealt_state(self, deal: Any) -> State:
        """The new state of one ``deal`` from ``deals()``."""
        raise MezquitaError(f"{self.info.name} cannot list its deals (its chance is sampled)")

    # -- actions -----------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        """Size of the integer action space; ids are ``0 .. num_actions - 1``."""
        return len(self.actions)

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of decisions in one game."""
        raise NotImplementedError

    def action_to_json(self, action: int) -> Any:
        """The JSON form of an action id: ``{"do": kind, param: value, ...}``."""
        return self.actions.to_json(action)

    def action_from_json(self, value: Any) -> int:
        """The action id of a JSON action, or ``IllegalAction`` if it names no action."""
        return self.actions.from_json(value)

    def action_label(self, action: int, lang: str = "en", names: list[str | None] | None = None) -> str:
        """A short readable label for an action id (seats named by ``names``, default "Player N")."""
        return self.actions.label(action, lang, names)

    # -- observations for learning agents ---------------------------------------------------
    @property
    def observation_size(self) -> int:
        """Length of the flat vector ``encode_view`` returns (the game package's
        ``observation.observation_size(game)``)."""
        return _companion(type(self), "observation").observation_size(self)

    def encode_view(self, view: dict) -> list[float]:
        """A seat's view as a flat float vector (built from the view only, so it cannot leak):
        the game package's ``observation.encode_view(game, view)``.

        Each game documents its layout as an index/meaning table in its ``observation`` module.
        Values lie in [0, 1]: the research adapters declare that range as the observation space.
        """
        return _companion(type(self), "observation").encode_view(self, view)

    @overload
    def encode_state(self, state: S, seat: int | None) -> list[float]: ...
    @overload
    def encode_state(self, state: S, seat: int | None, out: B) -> B: ...
    def encode_state(self, state: S, seat: int | None, out: Any = None) -> Any:
        """``encode_view(state.view(seat))``, the same vector bit for bit, for the adapters'
        every step: written into ``out``, a zeroed sequence of ``observation_size`` floats (the
        adapters give a memoryview of a float32 array, so no list is converted) that takes item
        assignment, or into a new list, and returned.
        The game package's ``observation.encode_state(game, state, seat, out)`` writes it where
        the package has one (read from the state without building the view, and only what the
        view shows), else the view is encoded."""
        state._check_viewer(seat)
        if out is None:
            out = [0.0] * self.observation_size
        encode = _optional(type(self), "encode_state")
        if encode is None:
            for index, value in enumerate(self.encode_view(state.view(seat))):
                if value:  # any buffer takes items (a memoryview takes no list in a slice)
                    out[index] = value
        else:
            encode(self, state, seat, out)
        return out

    @property
    def memory_size(self) -> int:
        """Length of the game's memory block (`encode_memory`), 0 where it has none: the game
        package's ``observation.memory_size(game)``."""
        size = _optional(type(self), "memory_size")
        return 0 if size is None else size(self)

    def encode_memory(self, state: S, seat: int | None, out: B) -> B:
        """What ``seat`` has seen that its observation no longer shows and that matters for
        play, as a fixed block of ``memory_size`` floats in [0, 1] (the information-state
        tensor of the OpenSpiel adapter puts it after the observation): written into ``out``,
        a zeroed sequence of that size, as `encode_state` writes, and returned. The game
        package's ``observation.encode_memory(game, state, seat, out)``, which documents its
        layout; a game without one writes nothing."""
        state._check_viewer(seat)
        encode = _optional(type(self), "encode_memory")
        if encode is not None:
            encode(self, state, seat, out)
        return out

    def event_text(self, entry: dict, lang: str = "en", names: Sequence[str | None] | None = None) -> str:
        """One entry of ``state.log(viewer)`` as a sentence in ``lang`` ("Anna builds Palace
        (5)"); ``names`` are the players' names (default "Player 1"...). It reads only the
        entry, which is already masked for its viewer, so it cannot reveal anything hidden.
        The game package's ``words.event_text(game, entry, lang, names)``."""
        return _companion(type(self), "words").event_text(self, entry, lang, names)

    def page_data(self, lang: str = "en") -> dict:
        """What a page draws of this configured game that no view carries, in ``lang``: its
        rule constants and the words of its fixed pieces (a card's effects), so that no
        renderer repeats a rule or rewords a text (the server serves it per match)."""
        return {}

    def reference(self, lang: str = "en") -> list[Section]:
        """The game's reference for a page, in ``lang``: every piece (card, character, stone,
        landmark) and its basic rules as sections of entries (`mezquita.engine.reference`:
        ``[{"key", "title", "note", "entries": [{"key", "name", "text", "facts",
        "in_play"}]}]``), worded from the game's own data for this configured game: a piece
        the options leave out is listed with ``in_play`` False, a reconstruction is labelled
        in its section's ``note``. The game package's ``reference.reference(game, lang)``."""
        return _companion(type(self), "reference").reference(self, lang)

    def guide_setup(self) -> GuideSetup | None:
        """The scripted first game of this game's guide (`mezquita.engine.guide`): the
        options, seed and bot level of a guided practice match; None when it has no guide.
        The game package's ``guide.SETUP``."""
        try:
            return _companion(type(self), "guide").SETUP
        except NotImplementedError:
            return None

    def guide(self, view: dict, legal: list[int], lang: str = "en") -> list[Note]:
        """The guide's rule notes that matter to the seat of ``view`` now, in order, each
        ``{"key", "text"}`` in ``lang`` (`mezquita.engine.guide`): decided from the seat's
        view and its legal action ids alone, so a note never leaks what the seat cannot see.
        The game package's ``guide.notes(game, view, legal)`` gives the keys."""
        module = _companion(type(self), "guide")
        return guide_notes(module.notes(self, view, legal), module.TEXTS["guide"], lang)

    def render_text(self, view: dict, lang: str = "en") -> str:
        """A view as terminal text in ``lang`` (rich markup allowed): the game package's
        ``render.render_text(game, view, lang)``."""
        return _companion(type(self), "render").render_text(self, view, lang)

    def action_entry(self, action: int, lang: str = "en",
                     names: list[str | None] | None = None) -> dict:
        """An action for a page: ``{"id", "action", "label"}`` and, when its decision points
        at a board element, ``"hint"`` (`Decisions.hint`)."""
        entry = {"id": action, "action": self.action_to_json(action),
                 "label": self.action_label(action, lang, names)}
        hint = self.decisions.hint(action)
        if hint is not None:
            entry["hint"] = hint
        return entry

    def to_action_id(self, action: Any) -> int:
        """Accept an action id or its JSON form; return the id."""
        if type(action) is int:
            self.actions.kind(action)  # raises for an id outside the space
            return action
        return self.action_from_json(action)


#: (game class, module name) -> that module of the game's package (None: it has none)
_COMPANIONS: dict[tuple[type, str], ModuleType | None] = {}


def _companion(game_class: type[Game], name: str) -> ModuleType:
    """The module ``name`` (``words``, ``render``, ``observation``, ``reference``, ``guide``)
    of a game's package: beside the rules module of the game class or of the first base class
    that has one (a test's subclass of a game uses its game's); `NotImplementedError` if
    none."""
    key = (game_class, name)
    if key not in _COMPANIONS:
        _COMPANIONS[key] = next(
            (import_module(f"{package}.{name}") for package in _packages(game_class)
             if find_spec(f"{package}.{name}") is not None), None)
    module = _COMPANIONS[key]
    if module is None:
        raise NotImplementedError(f"{game_class.info.id} has no {name} module yet")
    return module


def _packages(game_class: type[Game]) -> list[str]:
    """The packages of a game class and its bases up to `Game`, nearest first."""
    mro = game_class.__mro__
    return [c.__module__.rpartition(".")[0] for c in mro[:mro.index(Game)]
            if "." in c.__module__]


#: the optional functions of a game's ``observation`` module (`_optional`)
_OPTIONAL_NAMES = ("encode_state", "memory_size", "encode_memory")
#: game class -> per name of `_OPTIONAL_NAMES`, that function or None (looked up once
#: per class: the adapters call them at every step)
_OPTIONAL: dict[type, dict[str, Callable[..., Any] | None]] = {}


def _optional(game_class: type[Game], name: str) -> Callable[..., Any] | None:
    """The function ``name`` (one of `_OPTIONAL_NAMES`) of a game's ``observation``
    module, or None where the function or the module is missing (a game with its own
    ``encode_view`` has no module)."""
    functions = _OPTIONAL.get(game_class)
    if functions is None:
        try:
            module: ModuleType | None = _companion(game_class, "observation")
        except NotImplementedError:
            module = None
        functions = _OPTIONAL[game_class] = {
            n: getattr(module, n, None) for n in _OPTIONAL_NAMES}
    return functions[name]
