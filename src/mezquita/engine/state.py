"""`State`: the complete truth of one game, with the invariants every game shares.

Games subclass `State`, declare each data attribute once, as an annotation (dataclass
style: ``hands: list[list[int]]``; JSON-compatible values: ints, strings, ``None``, lists and
str-keyed dicts), and implement the underscore hooks. The declarations give ``fields`` (what
the JSON form holds) and a generated copy (`clone`) that copies each value as deep as its
type nests lists, dicts and sets: ``Shared[...]`` marks a value (or a part of one) that is
replaced, never changed in place, so copies share it; ``Cache[...]`` a value derived from the
fields, copied but not in the JSON form, and rebuilt by ``_reset_caches``. Annotated names
starting with ``_`` are a game's caches too.
The public methods here add what must hold for every game: terminal states accept no
action, an illegal action raises `IllegalAction` and leaves the state untouched, the
history is recorded, randomness comes only from the state's own seeded generator, and at
the end every view and every log entry shows everything that was hidden.

The presentation path is the engine's: a game records what happened as *events*
(``self._event(seat, "build", "castle", 3)``: the values of the fields its decision table
(`mezquita.engine.decisions`) names for ``"build"``, giving ``{"do": "build", "district":
"castle", "cost": 3, ...}``), masks each one for a viewer by the table's secret fields
(``_public_event``: hidden values become ``None``), and words it in ``Game.event_text``.
The terminal, the server's live log and replays all read ``state.log(viewer)``.
"""

from __future__ import annotations

import random
import sys
import types
from typing import Annotated, Any, ClassVar, Self, TypeVar, Union, get_args, get_origin

from .errors import IllegalAction
from .rng import Rng

T = TypeVar("T")
_SHARED, _CACHE = "shared", "cache"
#: A value (or a part of one: ``list[Shared[list[int]]]``) that is replaced, never changed in
#: place: copies of the state share it.
Shared = Annotated[T, _SHARED]
#: A value derived from the fields and kept in step by the moves: copied with the state, not
#: part of its JSON form, rebuilt by ``State._reset_caches`` after ``from_json`` and ``edit``.
Cache = Annotated[T, _CACHE]

#: A state's configured game (`mezquita.engine.game.Game`, which imports this module, so this
#: module cannot name it without a cycle). Each game's state class narrows it to its own game
#: class (``game: CordobaGame``), so the games' ``self.game.x`` are checked.
Game = Any


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

    game: Game
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
        for name in ("fields", "copy_lines", "_copy_into"):
            if name in vars(cls):
                raise TypeError(f"{cls.__name__} sets {name}; declare its fields as annotations "
                                "and the engine derives it (mezquita.engine.state)")
        module = vars(sys.modules[cls.__module__])
        fields, lines = list(cls.fields), list(cls.copy_lines)
        for name, hint in vars(cls).get("__annotations__", {}).items():
            if name in _BASE_ATTRIBUTES or (isinstance(hint, str) and hint.startswith("ClassVar")):
                continue
            try:
                kind = eval(hint, module) if isinstance(hint, str) else hint
            except NameError as error:
                raise TypeError(f"{cls.__name__}.{name}: {error}; a field's type must be "
                                "defined before the state class") from None
            if not name.startswith("_") and _CACHE not in getattr(kind, "__metadata__", ()):
                fields.append(name)
            lines.append(f"new.{name} = {_copy_of(kind, f'self.{name}')}")
        cls.fields, cls.copy_lines = tuple(fields), tuple(lines)
        source = "def _copy_into(self, new):\n" + "".join(f"    {line}\n" for line in lines)
        namespace: dict[str, Any] = {}
        exec(compile(source + "    pass\n", f"<{cls.__qualname__}._copy_into>", "exec"),
             namespace)
        cls._copy_into = namespace["_copy_into"]  # type: ignore[method-assign]

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


def _copy_of(kind: Any, value: str, depth: int = 0) -> str:
    """The expression that copies ``value``, of type ``kind``, as deep as the type nests lists,
    dicts and sets (other values are shared: ints, strings, tuples...)."""
    if get_origin(kind) is Annotated:
        return value if _SHARED in kind.__metadata__ else _copy_of(get_args(kind)[0], value, depth)
    origin, args = get_origin(kind) or kind, get_args(kind)
    if origin in (Union, types.UnionType):
        copies = {_copy_of(a, value, depth) for a in args if a is not type(None)}
        if copies == {value}:
            return value
        if len(copies) > 1 or type(None) not in args:
            raise TypeError(f"cannot copy {value}: a union of containers ({kind})")
        return f"(None if {value} is None else {copies.pop()})"
    if origin is set:  # its members are hashable, so never containers to copy
        return f"{value}.copy()"
    item = f"v{depth}"
    if origin is list:
        inner = _copy_of(args[0], item, depth + 1) if args else item
        return f"{value}.copy()" if inner == item else f"[{inner} for {item} in {value}]"
    if origin is dict:
        inner = _copy_of(args[1], item, depth + 1) if args else item
        if inner == item:
            return f"{value}.copy()"
        return f"{{k{depth}: {inner} for k{depth}, {item} in {value}.items()}}"
    return value


def _copy_json(value: Any) -> Any:
    """Copy nested lists and dicts of immutable leaves."""
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    return value

