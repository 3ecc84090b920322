"""`Decisions`: every decision kind of a game in one table, the same shape in every game.

A `Decision` entry holds all there is to one kind of decision: its parameters (one block of
the game's `ActionSpace`, so its ids, JSON form and label templates), the event it records
(`Event`: the fields, which of them are secret and who may see them), its legal choices, its
effect, whether it can be taken back, and a rendering hint (`Hint`: which board element a
legal action points at). Events that no decision records under its own kind (the game's own:
a new round, the end) are declared beside the decisions.

The table gives the engine what it derives for every game: the action space
(``Game.actions``), the event fields ``State._event`` names, the masking of events for a
viewer (``State._public_event``) and the dispatch of an action id to its effect
(``State._apply``). Bots score through it too: `Decisions.per_action` turns a table of one
rule per kind into a table per action id, and refuses a table missing a kind.

A game declares its table once: at module level when its parameters are fixed, or in
``Game._configure`` when they depend on the options (a card set's cards). Adding a decision
kind is one entry (and its label and event texts).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .actions import ActionSpace, Block, Param

T = TypeVar("T")

#: ``seen_by(event, state) -> seats``: who may know an event's secret fields now (a
#: spectator, ``None``, only through `EVERYONE`). The state is the game's own `State`
#: subclass, which a game's rule reads; the table is not generic in it, so it is ``Any``
#: here, as in `Decision.choices` and `Decision.facts`.
SeenBy = Callable[[dict, Any], Collection[int | None]]


class _Everyone(Collection):
    """Every viewer, spectators included: what ``seen_by`` answers once a secret is out."""

    def __contains__(self, viewer: object) -> bool:
        return True

    def __iter__(self):  # pragma: no cover - nobody lists everyone
        raise TypeError("everyone cannot be listed")

    def __len__(self) -> int:  # pragma: no cover
        raise TypeError("everyone cannot be counted")


EVERYONE = _Everyone()


def owner(event: dict, _state: Any) -> tuple[int, ...]:
    """Only the seat that did it sees its secret fields."""
    return (event["seat"],)


def nobody(_event: dict, _state: Any) -> tuple[int, ...]:
    """Nobody sees the secret fields before the end of the game."""
    return ()


def owner_and(name: str) -> SeenBy:
    """The seat that did it and the seat named by the event's field ``name``."""
    return lambda event, _state: (event["seat"], event[name])


@dataclass(frozen=True)
class Event:
    """One event kind: the fields ``_event`` records for it, in order, and which of them only
    the seats ``seen_by`` names may know before the end (the others read ``None``).

    A big event (a murder, a knock-back, the end of a round) is a ``banner``: a page shows it
    over the board. True: every event of the kind; a mapping of field values: only the events
    with those values (e.g. ``{"status": "murdered"}``). ``told`` is, per language, what the
    event's own seat reads in its banner instead of the log text (a murdered player: "your
    turn is lost")."""

    fields: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    seen_by: SeenBy = owner
    banner: bool | Mapping[str, object] = False
    told: Mapping[str, str] = field(default_factory=dict)

    def is_banner(self, event: dict) -> bool:
        """Whether ``event`` (of this kind) is shown in a banner."""
        if isinstance(self.banner, bool):
            return self.banner
        return all(event.get(name) == value for name, value in self.banner.items())


#: the fixed fields of a hint's JSON form (`Decisions.hint`), which no ``Hint.part`` may be named
_HINT_FIELDS = ("element", "key", "seat", "control")


@dataclass(frozen=True)
class Hint:
    """Which board element a legal action points at, for a page that knows no rules: the
    ``element`` kind (``"district"``, ``"landmark"``, ``"stone"``, ``"card"``...), the
    parameter whose value names it (None: there is one such element, e.g. a pass button),
    where the element lies on a seat's part of the board that is not the mover's own, the
    parameter naming that ``seat``; where the action is on one part of the element (a card's
    space, or one of its options), the parameter naming that ``part`` (the page reads it under
    the parameter's own name: ``"space": 1``); and where the element offers several controls
    for actions of the same key (a plan card's "use" and "flip"), the ``control`` that plays
    this one."""

    element: str
    param: str | None = None
    seat: str | None = None
    part: str | None = None
    control: str | None = None

    def __post_init__(self) -> None:
        if self.part in _HINT_FIELDS:
            raise ValueError(f"hint of {self.element!r}: a part may not be named {self.part!r}")


@dataclass(frozen=True)
class Decision:
    """One decision kind (see the module docstring).

    Attributes:
        kind: the action's ``"do"`` and the name of the event it records (if ``event``).
        params: its parameters, in id order (the last varies fastest).
        effect: ``effect(state, seat, *arguments)``: plays it and records its events; the
            arguments are ``arguments(block, id)``, by default the parameter indices.
        text: the label templates per language (``str.format`` over the parameter names).
        event: the event recorded under ``kind``; None when it records only events declared
            elsewhere (another decision's or the game's own).
        choices: ``choices(state) -> ids`` of this kind legal now, for a game that lists its
            legal actions kind by kind (`Decisions.legal`); None when the game lists them
            another way.
        undoable: the decision may be taken back until another seat acts: it reveals nothing
            hidden and draws no chance.
        hint: the board element its actions point at, or None.
        facts: ``facts(state, action, lang) -> dict``: what a page in ``lang`` shows beside
            a legal action of this kind that the view does not carry, or None; a price is
            ``"cost"`` (a number the page words with its unit, or the game's words for it),
            which the page shows as it comes and never works out.
        arguments: ``arguments(block, id) -> tuple`` precomputed per id for ``effect``.
    """

    kind: str
    params: tuple[Param, ...]
    effect: Callable[..., None]
    text: Mapping[str, str] = field(default_factory=dict)
    event: Event | None = None
    choices: Callable[[Any], list[int]] | None = None
    undoable: bool = False
    hint: Hint | None = None
    facts: Callable[[Any, int, str], dict] | None = None
    arguments: Callable[[Block, int], tuple] | None = None


class Decisions:
    """The decision table of one configured game: entries in action-id order plus the game's
    own events. ``add`` declares one entry (so entries may refer to earlier ones' blocks)."""

    def __init__(self, decisions: Iterable[Decision] = (), events: Mapping[str, Event] | None = None
                 ) -> None:
        self.space = ActionSpace()
        self.by_kind: dict[str, Decision] = {}
        #: event kind -> its `Event` (the decisions' and the game's own)
        self.events: dict[str, Event] = {}
        #: event kind -> its field names, as ``State._event`` records them
        self.event_fields: dict[str, tuple[str, ...]] = {}
        #: event kind -> its `Event`, for the kinds with secret fields
        self.secrets: dict[str, Event] = {}
        #: per action id: ``(effect, n, a, b)``, its ``n`` arguments as ``a`` and ``b`` (None
        #: where there are fewer), or with more than 2, ``n`` = 3 and ``a`` all of them: the
        #: call is written out per count in ``State._apply`` (in Python 3.11 a call that
        #: unpacks a tuple costs three times a plain one, measured on random playouts)
        self.effects: list[tuple[Callable[..., None], int, Any, Any]] = []
        for kind, event in (events or {}).items():
            self._declare_event(kind, event)
        for d in decisions:
            self.add(d)

    def add(self, decision: Decision) -> Block:
        """Declare ``decision`` (after those before it in id order); return its block."""
        if decision.kind in self.by_kind:
            raise ValueError(f"decision {decision.kind!r} is declared twice")
        block = self.space.block(decision.kind, *decision.params, text=dict(decision.text))
        self.by_kind[decision.kind] = decision
        if decision.event is not None:
            self._declare_event(decision.kind, decision.event)
        arguments = decision.arguments or _indices
        for a in range(block.base, block.end):
            args = arguments(block, a)
            n = len(args)
            self.effects.append((decision.effect, n, *args, None, None)[:4] if n <= 2
                                else (decision.effect, 3, args, None))
        return block

    def event(self, kind: str, event: Event) -> None:
        """Declare an event no decision records under its own kind (the game's own)."""
        self._declare_event(kind, event)

    def _declare_event(self, kind: str, event: Event) -> None:
        if kind in self.events:
            raise ValueError(f"event {kind!r} is declared twice")
        missing = set(event.secret) - set(event.fields)
        if missing:
            raise ValueError(f"event {kind!r}: secret fields {sorted(missing)} are not its fields")
        self.events[kind] = event
        self.event_fields[kind] = event.fields
        if event.secret:
            self.secrets[kind] = event

    # -- what the engine derives -----------------------------------------------------------
    def block(self, kind: str) -> Block:
        """The action block of decision ``kind``."""
        return self.space.by_name[kind]

    def decision(self, action: int) -> Decision:
        """The entry of action id ``action``."""
        return self.by_kind[self.space.kind(action).name]

    def legal(self, state: Any, kinds: Iterable[str]) -> list[int]:
        """The sorted legal ids of these decision kinds now, from their ``choices``."""
        out: list[int] = []
        for kind in kinds:
            out += self.by_kind[kind].choices(state)  # type: ignore[misc]
        out.sort()
        return out

    def public_event(self, event: dict, viewer: int | None, state: Any) -> dict:
        """``event`` as ``viewer`` may know it now: secret fields ``None`` unless its
        ``seen_by`` holds the viewer (a new dict; the event is not changed)."""
        out = dict(event)
        rule = self.secrets.get(event["do"])
        if rule is not None and viewer not in rule.seen_by(event, state):
            for name in rule.secret:
                out[name] = None
        return out

    def hint(self, action: int) -> dict | None:
        """``{"element", "key"}`` and what else its `Hint` names (``"seat"``, the part under
        its parameter's name, ``"control"``): the board element action ``action`` points at,
        or None."""
        block = self.space.kind(action)
        hint = self.by_kind[block.name].hint
        if hint is None:
            return None
        values = dict(zip([p.name for p in block.params], block.values(action)))
        out = {"element": hint.element, "key": None if hint.param is None else values[hint.param]}
        if hint.seat is not None:
            out["seat"] = values[hint.seat]
        if hint.part is not None:
            out[hint.part] = values[hint.part]
        if hint.control is not None:
            out["control"] = hint.control
        return out

    def facts(self, state: Any, action: int, lang: str = "en") -> dict:
        """What a page in ``lang`` shows beside legal action ``action`` now (its kind's
        ``facts``), or ``{}``."""
        facts = self.decision(action).facts
        return {} if facts is None else facts(state, action, lang)

    def per_action(self, rules: Mapping[str, T]) -> list[tuple[T, tuple[int, ...]]]:
        """Per action id, ``(rules[kind], parameter indices)``: e.g. a bot's scoring rule per
        decision kind. Every kind must have exactly one rule: a missing or unknown kind is an
        error, never a silent default."""
        missing = [k for k in self.by_kind if k not in rules]
        unknown = [k for k in rules if k not in self.by_kind]
        if missing or unknown:
            raise ValueError(f"one rule per decision kind: missing {missing}, unknown {unknown}")
        return [(rules[block.name], block.indices(a))
                for block in self.space.blocks for a in range(block.base, block.end)]


def _indices(block: Block, action: int) -> tuple[int, ...]:
    return block.indices(action)
