"""The Europa board: the East/West, area, sector and section grid, the track and the stack size.

Every number lives in ``data/board.json`` (a reconstruction: the printed grid is not documented
publicly). The grid:

- East/West: split at 10°E.
- Areas: North 55-71.5°N, Middle 45-55°N, South 34.5-45°N.
- Sectors: six equal columns over the whole width (edges -25, -13.33.., -1.66.., 10, 21.66..,
  33.33.., 45) times the area's rows (5° each, the northernmost 6.5°), numbered per area row by
  row from the north-west: 1..12 in South and Middle, 1..18 in North. Columns 1-3 are West,
  4-6 East, so e.g. South-West holds sectors 1-3 and 7-9.
- Sections: each sector halved both ways: A north-west, B north-east, C south-west,
  D south-east.

Line rule: every cell is closed on its south and west sides and open on its north and east
sides, so a point exactly on a line belongs to the cell north of a parallel and east of a
meridian: 10°E is East, 45°N is Middle, 55°N is North, a column edge belongs to the eastern
column, a sector's middle lines to the northern/eastern section. Column edges that are not whole
numbers (e.g. -5/3) are stored as the nearest double, and that double is the line. The outer
edges of the extent (45°E, 71.5°N) belong to the last cell so that the whole closed extent is
covered; points outside it raise ``ValueError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

BOARD_FILE = Path(__file__).parent / "data" / "board.json"

EW = ("W", "E")
AREAS = ("N", "M", "S")
SECTIONS = ("A", "B", "C", "D")


class Place(NamedTuple):
    """Where a point lies on the board: East/West, area, sector number and section letter."""

    ew: str
    area: str
    sector: int
    section: str


class Bounds(NamedTuple):
    """A latitude/longitude box in degrees (south < north, west < east)."""

    south: float
    north: float
    west: float
    east: float


@dataclass(frozen=True)
class Board:
    """The board grid, track and stack, as read from ``data/board.json``."""

    west: float
    east: float
    south: float
    north: float
    split_lon: float
    column_edges: tuple[float, ...]  # west to east: the doubles nearest the exact fractions
    area_rows: dict[str, tuple[float, ...]]  # per area: row edges from north to south
    last_field: int
    dark_blue_from: int
    cards: int
    stack: int
    reconstruction: str

    @classmethod
    def from_json(cls, data: dict) -> Board:
        """Build a board from the JSON form of ``data/board.json``; checks its consistency."""
        ext = data["extent"]
        west, east = Fraction(str(ext["west"])), Fraction(str(ext["east"]))
        south, north = Fraction(str(ext["south"])), Fraction(str(ext["north"]))
        n = int(data["columns"])
        edges = tuple(float(west + (east - west) * i / n) for i in range(n + 1))
        split = float(data["split_lon"])
        if n % 2 or edges[n // 2] != split:
            raise ValueError(f"the East/West split {split} must be the middle column edge")
        rows = {a["id"]: tuple(float(x) for x in a["rows"]) for a in data["areas"]}
        if tuple(rows) != AREAS:
            raise ValueError(f"areas must be {AREAS}, got {tuple(rows)}")
        if rows["N"][0] != north or rows["S"][-1] != south or west >= east:
            raise ValueError("the areas must cover the extent from north to south")
        for upper, lower in pairwise(AREAS):
            if rows[upper][-1] != rows[lower][0]:
                raise ValueError(f"areas {upper} and {lower} must touch")
        for edge_list in rows.values():
            if any(a <= b for a, b in pairwise(edge_list)):
                raise ValueError("row edges must run strictly from north to south")
        if tuple(data["sections"]) != SECTIONS:
            raise ValueError(f"sections must be {SECTIONS}")
        track = data["track"]
        return cls(
            west=float(west), east=float(east), south=float(south), north=float(north),
            split_lon=split, column_edges=edges, area_rows=rows, last_field=int(track["last_field"]),
            dark_blue_from=int(track["dark_blue_from"]), cards=int(data["cards"]),
            stack=int(data["stack"]), reconstruction=data["reconstruction"],
        )

    # ----------------------------------------------------------------- grid queries

    @property
    def columns(self) -> int:
        """Number of sector columns across the whole width."""
        return len(self.column_edges) - 1

    def rows(self, area: str) -> int:
        """Number of sector rows in ``area``."""
        return len(self._rows(area)) - 1

    def sector_count(self, area: str) -> int:
        """Number of sectors in ``area`` (both halves): 12 in S and M, 18 in N."""
        return self.rows(area) * self.columns

    def sectors(self, ew: str, area: str) -> tuple[int, ...]:
        """The sector numbers of one half-area, ascending (e.g. W, S -> 1, 2, 3, 7, 8, 9)."""
        if ew not in EW:
            raise ValueError(f"ew must be 'W' or 'E', got {ew!r}")
        half = self.columns // 2
        cols = range(half) if ew == "W" else range(half, self.columns)
        return tuple(r * self.columns + c + 1 for r in range(self.rows(area)) for c in cols)

    def sector_ew(self, area: str, sector: int) -> str:
        """Which half ("W"/"E") sector number ``sector`` of ``area`` lies in."""
        _, col = self._cell(area, sector)
        return "W" if col < self.columns // 2 else "E"

    def sector_bounds(self, area: str, sector: int) -> Bounds:
        """The box of one sector."""
        row, col = self._cell(area, sector)
        rows = self._rows(area)
        return Bounds(rows[row + 1], rows[row], self.column_edges[col], self.column_edges[col + 1])

    def section_bounds(self, area: str, sector: int, section: str) -> Bounds:
        """The box of one section (A north-west, B north-east, C south-west, D south-east)."""
        if section not in SECTIONS:
            raise ValueError(f"section must be one of {SECTIONS}, got {section!r}")
        s, n, w, e = self.sector_bounds(area, sector)
        mid_lat, mid_lon = (s + n) / 2, (w + e) / 2
        north_half = section in ("A", "B")
        west_half = section in ("A", "C")
        return Bounds(mid_lat if north_half else s, n if north_half else mid_lat,
                      w if west_half else mid_lon, mid_lon if west_half else e)

    def area_bounds(self, area: str) -> Bounds:
        """The box of one area over the whole width."""
        rows = self._rows(area)
        return Bounds(rows[-1], rows[0], self.west, self.east)

    def contains(self, lat: float, lon: float) -> bool:
        """True if the point lies in the closed board extent."""
        return self.south <= lat <= self.north and self.west <= lon <= self.east

    def locate(self, lat: float, lon: float) -> Place:
        """The place of a point (degrees); see the module docstring for points on a line."""
        if not self.contains(lat, lon):
            raise ValueError(f"point ({lat}, {lon}) lies outside the board extent")
        area = next(a for a in AREAS if lat >= self._rows(a)[-1])
        rows = self._rows(area)
        row = _interval(rows[::-1], lat)
        row = self.rows(area) - 1 - row  # rows counted from the north
        col = _interval(self.column_edges, lon)
        ew = "W" if lon < self.split_lon else "E"
        sector = row * self.columns + col + 1
        s, n = rows[row + 1], rows[row]
        w, e = self.column_edges[col], self.column_edges[col + 1]
        north_half = lat >= (s + n) / 2
        east_half = lon >= (w + e) / 2
        section = SECTIONS[(0 if north_half else 2) + (1 if east_half else 0)]
        return Place(ew, area, sector, section)

    # ----------------------------------------------------------------- track

    def start_fields(self, num_players: int) -> tuple[int, ...]:
        """Start field per seat: seat 0 (the oldest) on ``n - 1``, seat i on ``n - 1 - i``."""
        if not 1 <= num_players <= self.dark_blue_from:
            raise ValueError(f"num_players out of range: {num_players}")
        return tuple(num_players - 1 - seat for seat in range(num_players))

    def is_dark_blue(self, field: int) -> bool:
        """True if ``field`` ends the game (dark blue)."""
        return field >= self.dark_blue_from

    # ----------------------------------------------------------------- helpers

    def _rows(self, area: str) -> tuple[float, ...]:
        try:
            return self.area_rows[area]
        except KeyError:
            raise ValueError(f"area must be one of {AREAS}, got {area!r}") from None

    def _cell(self, area: str, sector: int) -> tuple[int, int]:
        count = self.sector_count(area)
        if not isinstance(sector, int) or not 1 <= sector <= count:
            raise ValueError(f"sector of area {area} must be 1..{count}, got {sector!r}")
        return divmod(sector - 1, self.columns)


def matches(place: Place, tips: tuple | list) -> bool:
    """True if ``tips`` (1-4 values in the order ew, area, sector, section) all agree with ``place``."""
    if not 1 <= len(tips) <= 4:
        raise ValueError(f"1 to 4 tips expected, got {len(tips)}")
    return tuple(tips) == place[: len(tips)]


def matches_any(points, tips: tuple | list, board: Board | None = None) -> bool:
    """True if one single point of ``points`` ((lat, lon) pairs) agrees with every tip."""
    board = board or load_board()
    return any(matches(board.locate(lat, lon), tips) for lat, lon in points)


def _interval(edges: tuple[float, ...], x: float) -> int:
    """Index i with edges[i] <= x < edges[i+1] (ascending edges); the last edge joins the last cell."""
    for i in range(len(edges) - 2, -1, -1):
        if x >= edges[i]:
            return i
    raise ValueError(f"{x} below {edges[0]}")


@lru_cache(maxsize=1)
def load_board() -> Board:
    """The board from ``data/board.json`` (read once)."""
    return Board.from_json(json.loads(BOARD_FILE.read_text(encoding="utf-8")))


def locate(lat: float, lon: float) -> Place:
    """The place of a point on the standard board."""
    return load_board().locate(lat, lon)


def sectors(ew: str, area: str) -> tuple[int, ...]:
    """Sector numbers of one half-area on the standard board."""
    return load_board().sectors(ew, area)


def sector_bounds(area: str, sector: int) -> Bounds:
    """Box of one sector on the standard board."""
    return load_board().sector_bounds(area, sector)


def section_bounds(area: str, sector: int, section: str) -> Bounds:
    """Box of one section on the standard board."""
    return load_board().section_bounds(area, sector, section)
