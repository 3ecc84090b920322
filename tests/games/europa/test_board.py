"""The Europa board grid (board reconstruction v1): areas, sectors, sections, the line rule."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mezquita.games.europa.board import (
    BOARD_FILE,
    Board,
    Place,
    load_board,
    locate,
    matches,
    matches_any,
    section_bounds,
    sector_bounds,
    sectors,
)

BOARD = load_board()
LATS = st.floats(min_value=34.5, max_value=71.5, allow_nan=False)
LONS = st.floats(min_value=-25, max_value=45, allow_nan=False)


def test_extent_split_and_column_edges_are_the_reconstruction():
    assert (BOARD.west, BOARD.east, BOARD.south, BOARD.north) == (-25, 45, 34.5, 71.5)
    assert BOARD.split_lon == 10
    assert [round(float(e), 2) for e in BOARD.column_edges] == [-25, -13.33, -1.67, 10, 21.67, 33.33, 45]
    assert [BOARD.sector_count(a) for a in "NMS"] == [18, 12, 12]
    assert sector_bounds("N", 1) == (65, 71.5, -25, BOARD.column_edges[1])
    assert BOARD.column_edges[1] == -40 / 3
    assert sector_bounds("S", 12).south == 34.5


def test_cordoba_is_west_south_sector_8_below_sector_2():
    place = locate(37.89, -4.77)
    assert place == Place("W", "S", 8, "B")
    above = sector_bounds("S", 2)
    below = sector_bounds("S", 8)
    assert (above.west, above.east) == (below.west, below.east) and above.south == below.north == 40


def test_known_capitals():
    assert locate(48.85, 2.35)[:3] == ("W", "M", 9)  # Paris
    assert locate(52.52, 13.41)[:3] == ("E", "M", 4)  # Berlin
    assert locate(59.33, 18.07)[:3] == ("E", "N", 16)  # Stockholm
    assert locate(64.14, -21.9)[:3] == ("W", "N", 7)  # Reykjavík
    assert locate(35.17, 33.35)[:3] == ("E", "S", 12)  # Nicosia


def test_line_rule_points_on_lines_belong_north_and_east():
    assert locate(50, 10).ew == "E"  # on the 10°E meridian
    assert locate(50, 9.999).ew == "W"
    assert locate(45, 0).area == "M"  # on 45°N
    assert locate(44.999, 0).area == "S"
    assert locate(55, 0).area == "N"  # on 55°N
    assert locate(50, 0)[2:] == (3, "C")  # on a row edge inside M: the northern row
    edge = BOARD.column_edges[2]  # a column edge (the double nearest -5/3): the eastern column
    assert edge == -5 / 3
    assert locate(47, edge).sector == 9
    assert locate(47, edge - 1e-9).sector == 8
    s, n, w, e = sector_bounds("M", 8)  # a sector's middle lines: the northern/eastern section
    assert locate((s + n) / 2, (w + e) / 2).section == "B"


def test_outer_edges_are_inside_and_beyond_raises():
    assert locate(71.5, 45) == Place("E", "N", 6, "B")
    assert locate(34.5, -25) == Place("W", "S", 7, "C")
    for lat, lon in [(34.49, 0), (71.51, 0), (50, -25.01), (50, 45.01)]:
        with pytest.raises(ValueError):
            locate(lat, lon)


def test_sectors_per_half_area():
    assert sectors("W", "S") == (1, 2, 3, 7, 8, 9)
    assert sectors("E", "M") == (4, 5, 6, 10, 11, 12)
    assert sectors("E", "N") == (4, 5, 6, 10, 11, 12, 16, 17, 18)
    with pytest.raises(ValueError):
        sectors("X", "N")
    with pytest.raises(ValueError):
        sector_bounds("S", 13)
    with pytest.raises(ValueError):
        section_bounds("S", 1, "E")


def test_sections_quarter_the_sector():
    s, n, w, e = sector_bounds("S", 8)
    a, b, c, d = (section_bounds("S", 8, x) for x in "ABCD")
    assert a.north == b.north == n and c.south == d.south == s
    assert a.west == c.west == w and b.east == d.east == e
    assert a.south == c.north == (s + n) / 2 and a.east == b.west == (w + e) / 2


@given(LATS, LONS)
def test_locate_agrees_with_the_bounds(lat, lon):
    place = locate(lat, lon)
    assert place.sector in sectors(place.ew, place.area)
    box = section_bounds(place.area, place.sector, place.section)
    assert box.south <= lat <= box.north and box.west <= lon <= box.east
    assert BOARD.sector_ew(place.area, place.sector) == place.ew


def test_matches_prefix_of_tips():
    place = Place("W", "S", 8, "B")
    assert matches(place, ["W"]) and matches(place, ("W", "S", 8, "B"))
    assert not matches(place, ("W", "S", 2))
    assert not matches(place, ("E",))
    with pytest.raises(ValueError):
        matches(place, ())
    # one single solution point must agree with every tip
    points = [(37.89, -4.77), (50.0, 20.0)]
    assert matches_any(points, ("W", "S", 8))
    assert matches_any(points, ("E", "M"))
    assert not matches_any(points, ("W", "M"))


def test_track_and_start_fields():
    assert BOARD.last_field == 40 and BOARD.dark_blue_from == 32
    assert BOARD.is_dark_blue(32) and not BOARD.is_dark_blue(31)
    assert BOARD.start_fields(4) == (3, 2, 1, 0)
    assert BOARD.start_fields(2) == (1, 0)
    assert BOARD.cards == 224 and BOARD.stack == 112


def test_inconsistent_board_data_is_rejected():
    data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    Board.from_json(data)
    bad_split = dict(data, split_lon=12)
    with pytest.raises(ValueError):
        Board.from_json(bad_split)
    gap = dict(data, areas=[{"id": "N", "rows": [71.5, 56]}, *data["areas"][1:]])
    with pytest.raises(ValueError):
        Board.from_json(gap)
