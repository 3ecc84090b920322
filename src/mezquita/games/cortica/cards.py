"""Cortiça card sets: the contents of the 5 Action cards and 3 Plan cards, read from JSON.

The rulebook gives every rule but not what the cards print, so the contents are data. A card
set is a JSON file in the format ``cortica-cards/1`` (full description and an example in
docs/games/cortica.md; the default is ``data/reconstruction-v1.json``)::

    {"format": "cortica-cards/1", "name": "...", "reconstruction": true, "note": "...",
     "actions": [5 x {"key", "name": {"en", "es"?, "ca"?, "de"?}, "spaces": 1|2,
                      "options": [1..4 effects]}],
     "plans": [3 x {"key", "name": {...}, "sides": [star side, back side]}]}

An effect is either ``{"special": "use_plan" | "flip_plan" | "hire"}`` or a conversion
``{"pay": {res: n}, "gain": {res: n}, "instead": {"if_have": {res: n}, "gain": {res: n}}}``
(``pay`` and ``instead`` optional) with resources ``tree``, ``bark``, ``cork`` and amounts
0..7. Plan sides are conversions without ``instead``. `load_card_set` accepts the name of a
shipped set or a file path and raises `CardSetError` naming the faulty entry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mezquita.engine import LANGS, UnknownOption
from mezquita.engine.texts import GAME_FILES

FORMAT = "cortica-cards/1"
DATA = Path(__file__).parent / "data"
DEFAULT_SET = "reconstruction-v1"
RESOURCES = ("tree", "bark", "cork")
SPECIALS = ("use_plan", "flip_plan", "hire")
NUM_ACTIONS_CARDS = 5  # the game has 5 Action cards
NUM_PLANS = 3  # and 3 Plan cards
MAX_SPACES = 2  # "Each action has 1 or 2 spaces"
MAX_OPTIONS = 4
MAX_AMOUNT = 7  # no resource ever exceeds 7
WORKERS = 4

Amounts = tuple[int, int, int]  # tree, bark, cork


class CardSetError(UnknownOption):
    """A card set that cannot be found or does not follow the ``cortica-cards/1`` format."""


@dataclass(frozen=True)
class Effect:
    """One option of an action card or one side of a plan.

    Attributes:
        special: ``"use_plan"``, ``"flip_plan"``, ``"hire"``, or ``None`` for a conversion.
        pay: resources paid (tree, bark, cork); the effect is usable only if all can be paid.
        gain: resources gained.
        if_have: with ``instead_gain``: resources held that replace ``gain`` by ``instead_gain``.
        instead_gain: the gain that replaces ``gain`` when ``if_have`` is met.
    """

    special: str | None = None
    pay: Amounts = (0, 0, 0)
    gain: Amounts = (0, 0, 0)
    if_have: Amounts | None = None
    instead_gain: Amounts | None = None


@dataclass(frozen=True)
class ActionCard:
    """An Action card's active (star) side; its other side is Rest."""

    key: str
    names: dict[str, str]
    spaces: int
    options: tuple[Effect, ...]


@dataclass(frozen=True)
class PlanCard:
    """A Plan card: a conversion on each side (index 0 = star side)."""

    key: str
    names: dict[str, str]
    sides: tuple[Effect, Effect]


@dataclass(frozen=True)
class CardSet:
    """The contents of the 5 Action and 3 Plan cards."""

    name: str
    reconstruction: bool
    note: str
    actions: tuple[ActionCard, ...]
    plans: tuple[PlanCard, ...]


def shipped_sets() -> list[str]:
    """Names of the card sets shipped in ``data/`` (beside the files every game has there)."""
    return sorted(p.stem for p in DATA.glob("*.json") if p.name not in GAME_FILES)


@cache
def load_card_set(spec: str) -> CardSet:
    """The card set named ``spec`` (a shipped set) or stored at path ``spec``."""
    path = DATA / f"{spec}.json" if spec in shipped_sets() else Path(spec).expanduser()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CardSetError(
            f"no card set {spec!r}: not a shipped set ({', '.join(shipped_sets())}) "
            "and no such file"
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise CardSetError(f"cannot read card set {spec!r}: {err}") from None
    except json.JSONDecodeError as err:
        raise CardSetError(f"card set {spec!r} is not valid JSON: {err}") from None
    return parse_card_set(data, source=spec)


def parse_card_set(data: Any, source: str = "card set") -> CardSet:
    """Validate ``cortica-cards/1`` JSON and build a `CardSet`; raise `CardSetError`."""
    where = _Where(source)
    obj = where.object(data, "", {"format", "name", "reconstruction", "note", "actions", "plans"},
                       {"format", "name", "actions", "plans"})
    if obj["format"] != FORMAT:
        where.fail("format", f'must be "{FORMAT}"')
    name = obj["name"]
    if not isinstance(name, str) or not name:
        where.fail("name", "must be a non-empty string")
    reconstruction = obj.get("reconstruction", False)
    if not isinstance(reconstruction, bool):
        where.fail("reconstruction", "must be true or false")
    note = obj.get("note", "")
    if not isinstance(note, str):
        where.fail("note", "must be a string")
    actions = tuple(_action(where, a, f"actions[{i}]")
                    for i, a in enumerate(where.list_of(obj["actions"], "actions",
                                                        NUM_ACTIONS_CARDS)))
    plans = tuple(_plan(where, p, f"plans[{i}]")
                  for i, p in enumerate(where.list_of(obj["plans"], "plans", NUM_PLANS)))
    for label, cards in (("actions", actions), ("plans", plans)):
        keys = [c.key for c in cards]
        if len(set(keys)) != len(keys):
            where.fail(label, f"keys must be distinct, got {keys}")
    # 4 active cards of 1+ spaces always hold the 4 workers, so placing never gets stuck.
    return CardSet(name, reconstruction, note, actions, plans)


# -- validation helpers -----------------------------------------------------------------------
_KEY = re.compile(r"^[a-z][a-z0-9_-]*$")


class _Where:
    """Builds error messages that name the source and the faulty entry."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, problem: str) -> None:
        at = f" at {path}" if path else ""
        raise CardSetError(f"card set {self.source!r}{at}: {problem}")

    def object(self, value: Any, path: str, allowed: set[str], required: set[str]) -> dict:
        if not isinstance(value, dict):
            self.fail(path, "must be a JSON object")
        unknown = sorted(set(value) - allowed)
        if unknown:
            self.fail(path, f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(allowed))})")
        missing = sorted(required - set(value))
        if missing:
            self.fail(path, f"missing field {missing[0]!r}")
        return value

    def list_of(self, value: Any, path: str, size: int | range) -> list:
        sizes = range(size, size + 1) if isinstance(size, int) else size
        if not isinstance(value, list) or len(value) not in sizes:
            wanted = str(size) if isinstance(size, int) else f"{sizes.start}-{sizes.stop - 1}"
            self.fail(path, f"must be a list of {wanted} entries")
        return value

    def amounts(self, value: Any, path: str) -> Amounts:
        obj = self.object(value, path, set(RESOURCES), set())
        for res, n in obj.items():
            if type(n) is not int or not 0 <= n <= MAX_AMOUNT:
                self.fail(f"{path}.{res}", f"must be an integer 0-{MAX_AMOUNT}, got {n!r}")
        return tuple(obj.get(r, 0) for r in RESOURCES)

    def names(self, value: Any, path: str) -> dict[str, str]:
        obj = self.object(value, path, set(LANGS), {"en"})
        for lang, text in obj.items():
            if not isinstance(text, str) or not text:
                self.fail(f"{path}.{lang}", "must be a non-empty string")
        return {lang: obj.get(lang, obj["en"]) for lang in LANGS}

    def key(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not _KEY.match(value):
            self.fail(path, f"must be a lower-case identifier such as 'plant', got {value!r}")
        return value


def _action(where: _Where, value: Any, path: str) -> ActionCard:
    obj = where.object(value, path, {"key", "name", "spaces", "options"},
                       {"key", "name", "spaces", "options"})
    spaces = obj["spaces"]
    if type(spaces) is not int or not 1 <= spaces <= MAX_SPACES:
        where.fail(f"{path}.spaces", f"must be 1 or {MAX_SPACES}, got {spaces!r}")
    options = tuple(_effect(where, e, f"{path}.options[{i}]", on_plan=False)
                    for i, e in enumerate(where.list_of(obj["options"], f"{path}.options",
                                                        range(1, MAX_OPTIONS + 1))))
    for special in ("use_plan", "flip_plan", "hire"):
        if sum(e.special == special for e in options) > 1:
            where.fail(f"{path}.options", f"may hold {special!r} once only")
    return ActionCard(where.key(obj["key"], f"{path}.key"), where.names(obj["name"], f"{path}.name"),
                      spaces, options)


def _plan(where: _Where, value: Any, path: str) -> PlanCard:
    obj = where.object(value, path, {"key", "name", "sides"}, {"key", "name", "sides"})
    sides = tuple(_effect(where, e, f"{path}.sides[{i}]", on_plan=True)
                  for i, e in enumerate(where.list_of(obj["sides"], f"{path}.sides", 2)))
    return PlanCard(where.key(obj["key"], f"{path}.key"), where.names(obj["name"], f"{path}.name"),
                    sides)  # type: ignore[arg-type]


def _effect(where: _Where, value: Any, path: str, on_plan: bool) -> Effect:
    if isinstance(value, dict) and "special" in value and not on_plan:
        where.object(value, path, {"special"}, {"special"})
        if value["special"] not in SPECIALS:
            where.fail(f"{path}.special", f"must be one of {', '.join(SPECIALS)}")
        return Effect(special=value["special"])
    allowed = {"pay", "gain"} if on_plan else {"pay", "gain", "instead"}
    obj = where.object(value, path, allowed, {"gain"})
    gain = where.amounts(obj["gain"], f"{path}.gain")
    if not any(gain):
        where.fail(f"{path}.gain", "must gain at least one resource")
    pay = where.amounts(obj.get("pay", {}), f"{path}.pay")
    if "instead" not in obj:
        return Effect(pay=pay, gain=gain)
    instead = where.object(obj["instead"], f"{path}.instead", {"if_have", "gain"},
                           {"if_have", "gain"})
    return Effect(pay=pay, gain=gain,
                  if_have=where.amounts(instead["if_have"], f"{path}.instead.if_have"),
                  instead_gain=where.amounts(instead["gain"], f"{path}.instead.gain"))
