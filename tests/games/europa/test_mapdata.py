"""The browser's map file is current and its clickable sections are where the rules say."""

from __future__ import annotations

import json

from mezquita.games.europa import geo
from mezquita.games.europa.board import load_board
from mezquita.games.europa.mapdata import MAP_FILE, text


def test_map_json_is_current():
    assert MAP_FILE.read_text(encoding="utf-8") == text(), "run python -m mezquita.games.europa.mapdata"


def test_each_clickable_section_is_the_place_of_its_own_centre():
    board = load_board()
    cells = json.loads(MAP_FILE.read_text(encoding="utf-8"))["sections"]
    assert len(cells) == 4 * sum(board.sector_count(a) for a in ("N", "M", "S"))
    for cell in cells:
        ew, area, sector, section = cell["place"]
        s, n, w, e = board.section_bounds(area, sector, section)
        assert tuple(board.locate((s + n) / 2, (w + e) / 2)) == (ew, area, sector, section)
        x, y = (float(v) for v in cell["d"][1:].split(" ")[:2])
        assert [round(c, 1) for c in geo.project(s, w)] == [x, y]  # the ring starts at its south-west
