"""Card data: the 18 characters and 42 district types, loaded once from ``data/*.json``.

Characters and district types are referred to by their index in these tables everywhere
in the rules (states hold plain ints); keys such as ``"king"`` appear only in JSON forms.
"""

from __future__ import annotations

import json
from pathlib import Path

LANGS = ("en", "es", "ca", "de")
_DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict:
    return json.loads((_DATA / name).read_text(encoding="utf-8"))


_CHARACTERS = _load("characters.json")["characters"]
_DISTRICTS_DOC = _load("districts.json")
_DISTRICTS = _DISTRICTS_DOC["districts"]
TEXTS = _load("texts.json")

# -- characters ---------------------------------------------------------------------------
CHAR_KEYS: tuple[str, ...] = tuple(c["key"] for c in _CHARACTERS)
CHAR_INDEX: dict[str, int] = {k: i for i, k in enumerate(CHAR_KEYS)}
CHAR_RANK: tuple[int, ...] = tuple(c["rank"] for c in _CHARACTERS)
NUM_CHARS = len(CHAR_KEYS)
BASE_CHARS: tuple[int, ...] = tuple(i for i, c in enumerate(_CHARACTERS) if c["set"] == "base")


def _c(key: str) -> int:
    return CHAR_INDEX[key]


ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD = map(
    _c, ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"))
WITCH, TAX_COLLECTOR, WIZARD, EMPEROR, ABBOT, ALCHEMIST, NAVIGATOR, DIPLOMAT = map(
    _c, ("witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator",
         "diplomat"))
QUEEN, ARTIST = _c("queen"), _c("artist")

# -- districts -----------------------------------------------------------------------------
COLOURS = ("yellow", "blue", "green", "red", "purple")
PURPLE = 4
DIST_KEYS: tuple[str, ...] = tuple(d["key"] for d in _DISTRICTS)
DIST_INDEX: dict[str, int] = {k: i for i, k in enumerate(DIST_KEYS)}
DIST_COST: tuple[int, ...] = tuple(d["cost"] for d in _DISTRICTS)
DIST_POINTS: tuple[int, ...] = tuple(d["points"] for d in _DISTRICTS)
DIST_COLOUR: tuple[int, ...] = tuple(COLOURS.index(d["colour"]) for d in _DISTRICTS)
DIST_COPIES: tuple[int, ...] = tuple(d["copies"] for d in _DISTRICTS)
NUM_DISTRICTS = len(DIST_KEYS)
BASE_DISTRICTS: tuple[int, ...] = tuple(i for i, d in enumerate(_DISTRICTS) if d["set"] == "base")
DARK_DISTRICTS: tuple[int, ...] = tuple(i for i, d in enumerate(_DISTRICTS) if d["set"] == "dark")
#: income colour (index into COLOURS) of each character, or -1
CHAR_INCOME: tuple[int, ...] = tuple(
    COLOURS.index(c["income"]) if c["income"] else -1 for c in _CHARACTERS)


def _d(key: str) -> int:
    return DIST_INDEX[key]


(HAUNTED_CITY, KEEP, LABORATORY, SMITHY, OBSERVATORY, GRAVEYARD, DRAGON_GATE, UNIVERSITY,
 LIBRARY, GREAT_WALL, SCHOOL_OF_MAGIC) = map(_d, (
    "haunted_city", "keep", "laboratory", "smithy", "observatory", "graveyard", "dragon_gate",
    "university", "library", "great_wall", "school_of_magic"))
(LIGHTHOUSE, ARMORY, MUSEUM, IMPERIAL_TREASURY, MAP_ROOM, WISHING_WELL, QUARRY, POOR_HOUSE,
 BELL_TOWER, FACTORY, PARK, HOSPITAL, THRONE_ROOM, BALL_ROOM) = map(_d, (
    "lighthouse", "armory", "museum", "imperial_treasury", "map_room", "wishing_well", "quarry",
    "poor_house", "bell_tower", "factory", "park", "hospital", "throne_room", "ball_room"))


def char_name(char: int, lang: str = "en") -> str:
    """The name of character ``char`` in ``lang``."""
    names = _CHARACTERS[char]["name"]
    return names.get(lang, names["en"])


def char_text(char: int, lang: str = "en") -> str:
    """The power text of character ``char`` in ``lang``."""
    texts = _CHARACTERS[char]["text"]
    return texts.get(lang, texts["en"])


def district_name(dist: int, lang: str = "en") -> str:
    """The name of district type ``dist`` in ``lang``."""
    names = _DISTRICTS[dist]["name"]
    return names.get(lang, names["en"])


def district_text(dist: int, lang: str = "en") -> str:
    """The effect text of a purple district in ``lang`` ("" for plain districts)."""
    texts = _DISTRICTS[dist].get("text")
    return texts.get(lang, texts["en"]) if texts else ""


def colour_name(colour: int, lang: str = "en") -> str:
    """The name of a district colour (noble, religious...) in ``lang``."""
    names = _DISTRICTS_DOC["colours"][COLOURS[colour]]
    return names.get(lang, names["en"])


def ui_text(key: str, lang: str = "en") -> str:
    """A short interface word (``seat``, ``gold``...) in ``lang``."""
    entry = TEXTS["ui"][key]
    return entry.get(lang, entry["en"])
