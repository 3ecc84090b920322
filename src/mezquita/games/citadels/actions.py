"""The integer action space: one flat table of ``(kind, seat, item)`` entries.

Every decision is one small choice, so each kind takes at most a character, a district
type, a seat, or a seat and a district type. Ids are the same for every option set:
``ACTION_IDS[kind]`` gives the first id of a kind, and the parameters are added to it.
JSON forms look like ``{"do": "build", "district": "castle"}`` or
``{"do": "destroy", "seat": 2, "district": "keep"}``.
"""

from __future__ import annotations

from typing import Any

from mezquita.engine import IllegalAction

from .cards import (
    CHAR_INDEX,
    CHAR_KEYS,
    DIST_INDEX,
    DIST_KEYS,
    NUM_CHARS,
    NUM_DISTRICTS,
    TEXTS,
    char_name,
    district_name,
)

MAX_SEATS = 8

#: kind -> parameter shape: "" (none), "c" character, "d" district, "s" seat, "sd" both
KINDS: dict[str, str] = {
    "pick": "c", "discard_char": "c", "gold": "", "draw": "", "keep": "d", "build": "d",
    "end": "", "income": "", "thank": "", "kill": "c", "rob": "c", "bewitch": "c",
    "swap": "s", "discard": "d", "done": "", "look": "s", "take": "d", "wiz_keep": "",
    "wiz_build": "", "crown": "s", "pay_gold": "", "pay_card": "d", "nav_gold": "",
    "nav_cards": "", "beautify": "d", "destroy": "sd", "give": "d", "exchange": "sd",
    "lab": "d", "smithy": "", "museum": "d", "armory": "sd", "grave_yes": "", "grave_no": "",
    "bell_yes": "", "bell_no": "", "lighthouse": "d",
}
_SIZE = {"": 1, "c": NUM_CHARS, "d": NUM_DISTRICTS, "s": MAX_SEATS,
         "sd": MAX_SEATS * NUM_DISTRICTS}

#: id -> (kind, seat, item); seat and item are -1 when unused
ACTIONS: list[tuple[str, int, int]] = []
ACTION_IDS: dict[str, int] = {}
for _kind, _shape in KINDS.items():
    ACTION_IDS[_kind] = len(ACTIONS)
    for _p in range(_SIZE[_shape]):
        if _shape == "sd":
            ACTIONS.append((_kind, _p // NUM_DISTRICTS, _p % NUM_DISTRICTS))
        elif _shape == "s":
            ACTIONS.append((_kind, _p, -1))
        else:
            ACTIONS.append((_kind, -1, _p if _shape else -1))
NUM_ACTIONS = len(ACTIONS)

A = ACTION_IDS  # short alias used by the rules: A["build"] + district


def seat_district(kind: str, seat: int, dist: int) -> int:
    """The id of a seat-and-district action (destroy, exchange, armory)."""
    return ACTION_IDS[kind] + seat * NUM_DISTRICTS + dist


def to_json(action: int) -> dict:
    """The JSON form of an action id."""
    kind, seat, item = ACTIONS[action]
    shape = KINDS[kind]
    out: dict[str, Any] = {"do": kind}
    if "s" in shape:
        out["seat"] = seat
    if shape == "c":
        out["character"] = CHAR_KEYS[item]
    elif "d" in shape:
        out["district"] = DIST_KEYS[item]
    return out


def from_json(value: Any, num_players: int) -> int:
    """The id of a JSON action; `IllegalAction` naming the problem if it is malformed."""
    if not isinstance(value, dict) or value.get("do") not in KINDS:
        raise IllegalAction(f'a Citadels action is {{"do": kind, ...}} with kind one of '
                            f'{", ".join(KINDS)}; got {value!r}')
    kind = value["do"]
    shape = KINDS[kind]
    wanted = {"do"} | ({"seat"} if "s" in shape else set()) | (
        {"character"} if shape == "c" else {"district"} if "d" in shape else set())
    if set(value) != wanted:
        raise IllegalAction(f"action {kind!r} takes exactly the fields {sorted(wanted)}")
    seat = item = 0
    if "s" in shape:
        seat = value["seat"]
        if type(seat) is not int or not 0 <= seat < num_players:
            raise IllegalAction(f"seat must be 0..{num_players - 1}, not {seat!r}")
    if shape == "c":
        if value["character"] not in CHAR_INDEX:
            raise IllegalAction(f"unknown character {value['character']!r}")
        item = CHAR_INDEX[value["character"]]
    elif "d" in shape:
        if value["district"] not in DIST_INDEX:
            raise IllegalAction(f"unknown district {value['district']!r}")
        item = DIST_INDEX[value["district"]]
    if shape == "sd":
        return seat_district(kind, seat, item)
    return ACTION_IDS[kind] + (seat if shape == "s" else item)


def label(action: int, lang: str = "en") -> str:
    """A readable label of an action in ``lang`` (en, es, ca, de)."""
    kind, seat, item = ACTIONS[action]
    shape = KINDS[kind]
    template = TEXTS["actions"][kind]
    text = template.get(lang, template["en"])
    return text.format(
        seat=seat,
        character=char_name(item, lang) if shape == "c" else "",
        district=district_name(item, lang) if "d" in shape else "",
    )
