"""Europa geography: land/water tests and the board map in SVG, from ``data/outlines.json``.

``outlines.json`` (built by ``tools/europa/build_outlines.py`` from Natural Earth via world-atlas)
holds land rings and country-border lines as [lon, lat] points rounded to 0.01°, clipped to the
board extent plus 2° (its ``box``). Land rings are filled by the even-odd rule (holes are rings
too). Natural Earth's land has no lake holes: a lake point counts as land here.

Map projection: Lambert conformal conic with standard parallels 40°N and 65°N and the 10°E
meridian vertical in the middle (meridians are straight lines through the pole, parallels are
arcs). `project` maps (lat, lon) to SVG user units in the view box ``0 0 MAP_WIDTH MAP_HEIGHT``
(x to the right, y down), which frames the projected board extent with a small padding;
`unproject` is its inverse (for clicks). `land_path`, `border_path` and `grid_paths` give SVG path
data in these units; `board_svg` puts them together into one standalone document.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from .board import AREAS, Board, load_board

OUTLINES_FILE = Path(__file__).parent / "data" / "outlines.json"
EARTH_KM = 6371.0
MAP_WIDTH = 1000.0
_PARALLELS = (40.0, 65.0)
_CENTRAL_LON = 10.0
_ORIGIN_LAT = 53.0
_PAD = 0.02  # padding around the projected extent, as a fraction of its width
_CELL = 1.0  # degrees: grid cell of the coast-segment index
_BAND = 0.25  # degrees: latitude band of the land-edge index


@lru_cache(maxsize=1)
def outlines() -> dict:
    """The decoded ``outlines.json``: credit, box, land rings, border lines."""
    return json.loads(OUTLINES_FILE.read_text(encoding="utf-8"))


# ----------------------------------------------------------------- land and water


@lru_cache(maxsize=1)
def _land_bands() -> dict[int, list[tuple[float, float, float, float]]]:
    """Land ring edges (lon0, lat0, lon1, lat1) by latitude band of ``_BAND`` degrees."""
    bands: dict[int, list[tuple[float, float, float, float]]] = {}
    for ring in outlines()["land"]:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if y0 == y1:
                continue  # a horizontal edge never crosses a horizontal ray
            for band in range(math.floor(min(y0, y1) / _BAND), math.floor(max(y0, y1) / _BAND) + 1):
                bands.setdefault(band, []).append((x0, y0, x1, y1))
    return bands


def on_land(lat: float, lon: float) -> bool:
    """True if the point lies on land (even-odd rule over all land rings; lakes count as land)."""
    inside = False
    for x0, y0, x1, y1 in _land_bands().get(math.floor(lat / _BAND), ()):
        if (y0 > lat) != (y1 > lat) and lon < (x1 - x0) * (lat - y0) / (y1 - y0) + x0:
            inside = not inside
    return inside


@lru_cache(maxsize=1)
def _coast_index() -> dict[tuple[int, int], list[tuple[float, float, float, float]]]:
    """Coast segments (lon0, lat0, lon1, lat1) by 1° cell; segments along the clip box are left out."""
    west, south, east, north = outlines()["box"]
    cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
    for ring in outlines()["land"]:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            on_box = (x0 == x1 and x0 in (round(west, 2), round(east, 2))) or (
                y0 == y1 and y0 in (round(south, 2), round(north, 2)))
            if on_box:
                continue
            segment = (x0, y0, x1, y1)
            for cx in range(math.floor(min(x0, x1) / _CELL), math.floor(max(x0, x1) / _CELL) + 1):
                for cy in range(math.floor(min(y0, y1) / _CELL), math.floor(max(y0, y1) / _CELL) + 1):
                    cells.setdefault((cx, cy), []).append(segment)
    return cells


def km_to_coast(lat: float, lon: float) -> float:
    """Rough distance in km from the point to the nearest coastline (the outline of the land).

    Uses a local flat projection around the point (longitudes scaled by cos(lat)); good to a
    few percent within a few hundred km. Coasts beyond the outline box are not seen.
    """
    cells = _coast_index()
    kx = math.cos(math.radians(lat)) * EARTH_KM * math.pi / 180
    ky = EARTH_KM * math.pi / 180
    cx, cy = math.floor(lon / _CELL), math.floor(lat / _CELL)
    best = math.inf
    reach = 0
    while reach <= 40:
        for gx in range(cx - reach, cx + reach + 1):
            for gy in range(cy - reach, cy + reach + 1):
                if max(abs(gx - cx), abs(gy - cy)) != reach:
                    continue  # only the new ring of cells
                for x0, y0, x1, y1 in cells.get((gx, gy), ()):
                    best = min(best, _segment_km(lon, lat, x0, y0, x1, y1, kx, ky))
        # every unseen cell is at least `reach` cells away in both directions
        guaranteed = reach * _CELL * min(kx, ky) * math.cos(math.radians(min(89.0, abs(lat) + reach)))
        if best <= guaranteed:
            break
        reach += 1
    return best


def _segment_km(px, py, x0, y0, x1, y1, kx, ky) -> float:
    ax, ay = (x0 - px) * kx, (y0 - py) * ky
    bx, by = (x1 - px) * kx, (y1 - py) * ky
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / length2))
    return math.hypot(ax + t * dx, ay + t * dy)


# ----------------------------------------------------------------- projection


def _cone() -> tuple[float, float, float]:
    """Lambert conformal conic constants (n, F, rho0) for the unit sphere."""
    p1, p2 = (math.radians(p) for p in _PARALLELS)
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = f / math.tan(math.pi / 4 + math.radians(_ORIGIN_LAT) / 2) ** n
    return n, f, rho0


_N, _F, _RHO0 = _cone()


def _raw(lat: float, lon: float) -> tuple[float, float]:
    """Projected (x east, y north) on the unit sphere, origin at (53°N, 10°E)."""
    rho = _F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** _N
    theta = _N * math.radians(lon - _CENTRAL_LON)
    return rho * math.sin(theta), _RHO0 - rho * math.cos(theta)


def _raw_inverse(x: float, y: float) -> tuple[float, float]:
    dy = _RHO0 - y
    rho = math.copysign(math.hypot(x, dy), _N)
    theta = math.atan2(x, dy)
    lat = 2 * math.atan((_F / rho) ** (1 / _N)) - math.pi / 2
    return math.degrees(lat), _CENTRAL_LON + math.degrees(theta / _N)


@lru_cache(maxsize=1)
def _frame() -> tuple[float, float, float, float]:
    """(x0, y_top, scale, height) mapping raw coordinates into the SVG view box."""
    board = load_board()
    edge = _densify([(board.south, board.west), (board.south, board.east), (board.north, board.east),
                     (board.north, board.west), (board.south, board.west)])
    xs, ys = zip(*(_raw(lat, lon) for lat, lon in edge))
    width = max(xs) - min(xs)
    pad = width * _PAD
    scale = MAP_WIDTH / (width + 2 * pad)
    height = (max(ys) - min(ys) + 2 * pad) * scale
    return min(xs) - pad, max(ys) + pad, scale, height


def map_height() -> float:
    """Height of the SVG view box (its width is ``MAP_WIDTH``)."""
    return _frame()[3]


def project(lat: float, lon: float) -> tuple[float, float]:
    """SVG coordinates (x right, y down) of a point; the 10°E meridian is the vertical x = 500."""
    x0, top, scale, _ = _frame()
    x, y = _raw(lat, lon)
    return (x - x0) * scale, (top - y) * scale


def unproject(x: float, y: float) -> tuple[float, float]:
    """(lat, lon) of SVG coordinates: the inverse of `project`."""
    x0, top, scale, _ = _frame()
    return _raw_inverse(x / scale + x0, top - y / scale)


# ----------------------------------------------------------------- SVG paths


def _densify(points: list[tuple[float, float]], step: float = 0.5) -> list[tuple[float, float]]:
    """(lat, lon) polyline with extra points at most ``step`` degrees apart (parallels curve)."""
    out = [points[0]]
    for (a_lat, a_lon), (b_lat, b_lon) in pairwise(points):
        n = max(1, math.ceil(max(abs(b_lat - a_lat), abs(b_lon - a_lon)) / step))
        out.extend((a_lat + (b_lat - a_lat) * i / n, a_lon + (b_lon - a_lon) * i / n)
                   for i in range(1, n + 1))
    return out


def _path(lines, closed: bool) -> str:
    """SVG path data for (lat, lon) polylines (densified: long lines curve), rounded to 0.1 unit."""
    parts = []
    for line in lines:
        coords = [project(lat, lon) for lat, lon in _densify(list(line))]
        text = " ".join(f"{x:.1f} {y:.1f}" for x, y in coords)
        parts.append(f"M{text}{'Z' if closed else ''}")
    return "".join(parts)


@lru_cache(maxsize=1)
def land_path() -> str:
    """SVG path data of the land (fill with ``fill-rule="evenodd"``)."""
    return _path([[(lat, lon) for lon, lat in ring] for ring in outlines()["land"]], closed=True)


@lru_cache(maxsize=1)
def border_path() -> str:
    """SVG path data of the country borders (stroke only)."""
    return _path([[(lat, lon) for lon, lat in line] for line in outlines()["borders"]], closed=False)


def grid_paths(board: Board | None = None) -> dict[str, str]:
    """SVG path data of the board lines: ``outline`` (the extent), ``split`` (10°E), ``areas``
    (45°N, 55°N), ``sectors`` (the sector edges) and ``sections`` (the sections' middle lines)."""
    board = board or load_board()
    s, n, w, e = board.south, board.north, board.west, board.east

    def meridian(lon, lo=s, hi=n):
        return [(lo, lon), (hi, lon)]

    def parallel(lat):
        return _densify([(lat, w), (lat, e)])

    outline = _densify([(s, w), (s, e), (n, e), (n, w), (s, w)])
    areas = [parallel(board.area_rows[a][-1]) for a in AREAS[:-1]]
    sectors, sections = [], []
    for area in AREAS:
        rows = board.area_rows[area]
        lo, hi = rows[-1], rows[0]
        sectors += [parallel(lat) for lat in rows[1:-1]]
        sectors += [meridian(lon, lo, hi) for lon in board.column_edges[1:-1] if lon != board.split_lon]
        sections += [parallel((a + b) / 2) for a, b in pairwise(rows)]
        edges = board.column_edges
        sections += [meridian((a + b) / 2, lo, hi) for a, b in pairwise(edges)]
    return {
        "outline": _path([outline], closed=True),
        "split": _path([meridian(board.split_lon)], closed=False),
        "areas": _path(areas, closed=False),
        "sectors": _path(sectors, closed=False),
        "sections": _path(sections, closed=False),
    }


def sector_labels(board: Board | None = None) -> list[tuple[str, int, float, float]]:
    """(area, sector, x, y): the SVG position of each sector's centre, for its number."""
    board = board or load_board()
    out = []
    for area in AREAS:
        for sector in range(1, board.sector_count(area) + 1):
            s, n, w, e = board.sector_bounds(area, sector)
            x, y = project((s + n) / 2, (w + e) / 2)
            out.append((area, sector, x, y))
    return out


def board_svg(board: Board | None = None) -> str:
    """A standalone SVG of the board: sea, land, borders, the grid and the sector numbers."""
    board = board or load_board()
    grid = grid_paths(board)
    height = map_height()
    labels = "".join(f'<text x="{x:.1f}" y="{y:.1f}">{sector}</text>'
                     for _, sector, x, y in sector_labels(board))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {MAP_WIDTH:.0f} {height:.1f}">'
        f'<defs><clipPath id="board"><path d="{grid["outline"]}"/></clipPath></defs>'
        f'<rect width="100%" height="100%" fill="#fff"/>'
        f'<g clip-path="url(#board)"><path d="{grid["outline"]}" fill="#9cc3e6"/>'
        f'<path d="{land_path()}" fill="#e9e2c8" fill-rule="evenodd" stroke="#6b7d8c" stroke-width="0.5"/>'
        f'<path d="{border_path()}" fill="none" stroke="#b08f8f" stroke-width="0.5"/></g>'
        f'<g fill="none"><path d="{grid["sections"]}" stroke="#333" stroke-width="0.4"/>'
        f'<path d="{grid["sectors"]}" stroke="#000" stroke-width="1.5"/>'
        f'<path d="{grid["areas"]}" stroke="#fff" stroke-width="2.5"/>'
        f'<path d="{grid["split"]}" stroke="#fff" stroke-width="2.5"/>'
        f'<path d="{grid["outline"]}" stroke="#000" stroke-width="2"/></g>'
        f'<g font-family="sans-serif" font-size="22" font-weight="bold" fill="#fff" stroke="#000" '
        f'stroke-width="0.8" text-anchor="middle" dominant-baseline="central">{labels}</g></svg>'
    )
