"""Europa geography helpers: land/water tests, coast distance, projection and SVG paths."""

import math
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from mezquita.games.europa import geo
from mezquita.games.europa.board import load_board

BOARD = load_board()
LATS = st.floats(min_value=34.5, max_value=71.5, allow_nan=False)
LONS = st.floats(min_value=-25, max_value=45, allow_nan=False)


def _brute_on_land(lat, lon):
    inside = False
    for ring in geo.outlines()["land"]:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (y0 > lat) != (y1 > lat) and lon < (x1 - x0) * (lat - y0) / (y1 - y0) + x0:
                inside = not inside
    return inside


def test_known_land_and_water():
    for lat, lon in [(48.85, 2.35), (40.42, -3.7), (64.9, -18.5), (39.9, 32.85), (55.75, 37.62)]:
        assert geo.on_land(lat, lon)
    for lat, lon in [(45.0, -20.0), (38.0, 5.0), (56.0, 3.0), (43.0, 34.0), (70.0, 0.0)]:
        assert not geo.on_land(lat, lon)
    assert geo.on_land(60.85, 31.5)  # Lake Ladoga: Natural Earth's land has no lake holes


@settings(max_examples=40, deadline=None)
@given(LATS, LONS)
def test_banded_on_land_agrees_with_brute_force(lat, lon):
    assert geo.on_land(lat, lon) == _brute_on_land(lat, lon)


def test_km_to_coast_known_values():
    assert geo.km_to_coast(40.72, 0.87) < 5  # the Ebro delta
    assert 250 < geo.km_to_coast(40.42, -3.7) < 400  # Madrid
    assert 100 < geo.km_to_coast(45.0, -12.0) < 400  # open Atlantic west of Galicia


@settings(max_examples=15, deadline=None)
@given(LATS, LONS)
def test_km_to_coast_is_the_nearest_segment(lat, lon):
    kx = math.cos(math.radians(lat)) * geo.EARTH_KM * math.pi / 180
    ky = geo.EARTH_KM * math.pi / 180
    west, south, east, north = (round(v, 2) for v in geo.outlines()["box"])
    best = math.inf
    for ring in geo.outlines()["land"]:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (x0 == x1 and x0 in (west, east)) or (y0 == y1 and y0 in (south, north)):
                continue
            best = min(best, geo._segment_km(lon, lat, x0, y0, x1, y1, kx, ky))
    assert math.isclose(geo.km_to_coast(lat, lon), best, rel_tol=1e-9, abs_tol=1e-9)


@given(LATS, LONS)
def test_projection_round_trip_and_frame(lat, lon):
    x, y = geo.project(lat, lon)
    assert 0 <= x <= geo.MAP_WIDTH and 0 <= y <= geo.map_height()
    back = geo.unproject(x, y)
    assert math.isclose(back[0], lat, abs_tol=1e-6) and math.isclose(back[1], lon, abs_tol=1e-6)


def test_ten_east_is_vertical_and_north_is_up():
    xs = {round(geo.project(lat, 10)[0], 9) for lat in (34.5, 45, 55, 71.5)}
    assert xs == {geo.MAP_WIDTH / 2}
    assert geo.project(60, 10)[1] < geo.project(50, 10)[1]
    assert geo.project(50, 0)[0] < geo.project(50, 20)[0]


def test_svg_paths_and_document():
    land = geo.land_path()
    assert land.count("M") == len(geo.outlines()["land"]) and land.count("Z") == land.count("M")
    assert geo.border_path().startswith("M")
    grid = geo.grid_paths()
    assert set(grid) == {"outline", "split", "areas", "sectors", "sections"}
    labels = geo.sector_labels()
    assert len(labels) == 18 + 12 + 12
    root = ET.fromstring(geo.board_svg())
    assert root.tag.endswith("svg")


def test_outlines_file_is_small_and_credited():
    assert geo.OUTLINES_FILE.stat().st_size < 400_000
    assert "Natural Earth" in geo.outlines()["credit"] and "world-atlas" in geo.outlines()["credit"]
