"""The Europa location cards (``data/locations.json``): load, validate, look up by id.

Each card has an id, a colour (yellow capitals, red cities, blue waters and natural areas), a
kind, its name in the four languages, one or more solution points (latitude, longitude in
degrees; several for large areas, seas and lakes; rivers by their mouth) and, for capitals and
cities, the GeoNames population (the bots' sense of how well known a place is). The file is
built by ``tools/europa/build_locations.py``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .board import Board, Place, load_board

LOCATIONS_FILE = Path(__file__).parent / "data" / "locations.json"

LANGS = ("en", "es", "ca", "de")
COLOURS = ("yellow", "red", "blue")
KIND_COLOUR = {
    "capital": "yellow", "city": "red", "river": "blue", "lake": "blue", "sea": "blue",
    "gulf": "blue", "strait": "blue", "island": "blue", "mountains": "blue", "peninsula": "blue",
    "landscape": "blue",
}
KINDS = tuple(KIND_COLOUR)
#: the kinds that are towns, with a population
TOWNS = ("capital", "city")


@dataclass(frozen=True)
class Location:
    """One location card."""

    id: str
    colour: str
    kind: str
    names: tuple[tuple[str, str], ...]  # (lang, name) in LANGS order
    points: tuple[tuple[float, float], ...]  # (lat, lon)
    population: int | None  # capitals and cities only

    def name(self, lang: str = "de") -> str:
        """The card's name in ``lang`` (German if ``lang`` is unknown)."""
        names = dict(self.names)
        return names.get(lang, names["de"])

    def places(self, board: Board | None = None) -> tuple[Place, ...]:
        """The board places of the solution points (duplicates removed, in point order)."""
        board = board or load_board()
        return tuple(dict.fromkeys(board.locate(lat, lon) for lat, lon in self.points))


def parse_location(row: dict, board: Board | None = None) -> Location:
    """A `Location` from its JSON row; raises ``ValueError`` on anything malformed."""
    board = board or load_board()
    ident = row.get("id")
    if not isinstance(ident, str) or not ident or not ident.replace("_", "").isalnum():
        raise ValueError(f"bad location id {ident!r}")
    kind, colour = row.get("kind"), row.get("colour")
    if kind not in KIND_COLOUR:
        raise ValueError(f"{ident}: unknown kind {kind!r}")
    if colour != KIND_COLOUR[kind]:
        raise ValueError(f"{ident}: kind {kind} must be {KIND_COLOUR[kind]}, not {colour!r}")
    names = row.get("names", {})
    if set(names) != set(LANGS) or not all(isinstance(n, str) and n.strip() for n in names.values()):
        raise ValueError(f"{ident}: names needed in exactly {LANGS}, got {names!r}")
    points = row.get("points")
    if not points:
        raise ValueError(f"{ident}: no solution point")
    parsed = []
    for point in points:
        if len(point) != 2 or not all(isinstance(x, int | float) for x in point):
            raise ValueError(f"{ident}: bad point {point!r}")
        lat, lon = float(point[0]), float(point[1])
        if not board.contains(lat, lon):
            raise ValueError(f"{ident}: point {point} outside the board")
        parsed.append((lat, lon))
    population = row.get("population")
    if kind in TOWNS and not (isinstance(population, int) and population > 0):
        raise ValueError(f"{ident}: a {kind} needs a positive population, got {population!r}")
    if kind not in TOWNS and population is not None:
        raise ValueError(f"{ident}: a {kind} has no population")
    return Location(ident, colour, kind, tuple((lang, names[lang]) for lang in LANGS), tuple(parsed),
                    population)


def parse_locations(data: dict, board: Board | None = None) -> tuple[Location, ...]:
    """All locations of the JSON form of ``locations.json``; ids must be unique."""
    locations = tuple(parse_location(row, board) for row in data["locations"])
    seen: set[str] = set()
    for loc in locations:
        if loc.id in seen:
            raise ValueError(f"duplicate location id {loc.id!r}")
        seen.add(loc.id)
    return locations


@lru_cache(maxsize=1)
def load_locations() -> tuple[Location, ...]:
    """Every location card, in file order (read and validated once)."""
    return parse_locations(json.loads(LOCATIONS_FILE.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def _by_id() -> dict[str, Location]:
    return {loc.id: loc for loc in load_locations()}


def location(ident: str) -> Location:
    """The card with id ``ident``; ``KeyError`` if there is none."""
    try:
        return _by_id()[ident]
    except KeyError:
        raise KeyError(f"unknown location {ident!r}") from None


def location_ids() -> tuple[str, ...]:
    """All card ids in file order."""
    return tuple(loc.id for loc in load_locations())


def by_colour(colour: str) -> tuple[Location, ...]:
    """The cards of one colour, in file order."""
    if colour not in COLOURS:
        raise ValueError(f"colour must be one of {COLOURS}, got {colour!r}")
    return tuple(loc for loc in load_locations() if loc.colour == colour)


def credit() -> str:
    """The data credit line of ``locations.json``."""
    return json.loads(LOCATIONS_FILE.read_text(encoding="utf-8"))["credit"]
