"""The browser's map of Europa, ``map.json``: everything the renderer draws, pre-projected.

The page never projects anything itself: this file holds the land, borders and board lines
as SVG path data (from `geo`), the sector numbers' positions, one clickable polygon per
section with its place, and every card's solution points in map units (for the location
indicator after an evaluation; the card data is public, like the poster of the game).
Regenerate after a data change with ``python -m mezquita.games.europa.mapdata``; a test
checks that the committed file is current.
"""

from __future__ import annotations

import json
import math
from itertools import pairwise
from pathlib import Path

from . import geo
from .board import AREAS, SECTIONS, load_board
from .locations import load_locations

MAP_FILE = Path(__file__).parent / "data" / "map.json"


def _ring(s: float, n: float, w: float, e: float, step: float = 0.5) -> str:
    """A section's box as closed SVG path data, its parallels bent by the projection."""
    corners = [(s, w), (s, e), (n, e), (n, w), (s, w)]
    dense = [corners[0]]
    for (a_lat, a_lon), (b_lat, b_lon) in pairwise(corners):
        k = max(1, math.ceil(max(abs(b_lat - a_lat), abs(b_lon - a_lon)) / step))
        dense += [(a_lat + (b_lat - a_lat) * i / k, a_lon + (b_lon - a_lon) * i / k) for i in range(1, k + 1)]
    points = [geo.project(lat, lon) for lat, lon in dense]
    return "M" + " ".join(f"{x:.1f} {y:.1f}" for x, y in points) + "Z"


def build() -> dict:
    """The map as a JSON-ready dict."""
    board = load_board()
    sections = []
    for area in AREAS:
        for sector in range(1, board.sector_count(area) + 1):
            ew = board.sector_ew(area, sector)
            for section in SECTIONS:
                box = board.section_bounds(area, sector, section)
                sections.append({"place": [ew, area, sector, section], "d": _ring(*box)})
    points = {loc.id: [[round(c, 1) for c in geo.project(lat, lon)] for lat, lon in loc.points]
              for loc in load_locations()}
    return {
        "credit": geo.outlines()["credit"],
        "width": geo.MAP_WIDTH,
        "height": round(geo.map_height(), 1),
        "land": geo.land_path(),
        "borders": geo.border_path(),
        "grid": geo.grid_paths(board),
        "labels": [[area, sector, round(x, 1), round(y, 1)]
                   for area, sector, x, y in geo.sector_labels(board)],
        "sections": sections,
        "points": points,
    }


def text() -> str:
    """``map.json``'s exact text."""
    return json.dumps(build(), ensure_ascii=False, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    MAP_FILE.write_text(text(), encoding="utf-8")
