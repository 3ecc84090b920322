"""Card data, the bottom layer: the 18 characters and 42 district types of ``data/*.json``.

Characters and district types are referred to by their index in these tables everywhere
in the rules (states hold plain ints); keys such as ``"king"`` appear only in JSON forms.
"""

from __future__ import annotations

from pathlib import Path

from mezquita.engine import load_texts

_DATA = Path(__file__).parent / "data"
_CHARACTERS = load_texts(_DATA / "characters.json")["characters"]
_DISTRICTS = load_texts(_DATA / "districts.json")["districts"]

# -- characters ---------------------------------------------------------------------------
CHAR_KEYS: tuple[str, ...] = tuple(c["key"] for c in _CHARACTERS)
CHAR_INDEX: dict[str, int] = {k: i for i, k in enumerate(CHAR_KEYS)}
CHAR_RANK: tuple[int, ...] = tuple(c["rank"] for c in _CHARACTERS)
NUM_CHARS = len(CHAR_KEYS)
BASE_CHARS: tuple[int, ...] = tuple(i for i, c in enumerate(_CHARACTERS) if c["set"] == "base")
CHAR_NAMES: tuple[dict[str, str], ...] = tuple(c["name"] for c in _CHARACTERS)  # per language


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
DIST_NAMES: tuple[dict[str, str], ...] = tuple(d["name"] for d in _DISTRICTS)  # per language
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

