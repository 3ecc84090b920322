"""Every Europa location card: schema, names, counts, and geography against Natural Earth."""

import json
import math
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from mezquita.games.europa.board import load_board
from mezquita.games.europa.geo import km_to_coast, on_land
from mezquita.games.europa.locations import (
    KIND_COLOUR,
    LANGS,
    by_colour,
    credit,
    load_locations,
    location,
    location_ids,
    parse_location,
)

LOCATIONS = load_locations()
BOARD = load_board()

# Every capital of a UN member state of Europe on the board, plus Ankara and Nicosia (the rules
# include Turkey and Cyprus) and Pristina (Kosovo). Vatican City is left out: its card would have
# the same solution as Rome's. Tbilisi and Yerevan lie inside the extent but the Caucasus is not
# part of the card set (the rules name only Turkey and Cyprus as exceptions); Baku is east of it.
EUROPEAN_CAPITALS = {
    "tirana", "andorra_la_vella", "vienna", "minsk", "brussels", "sarajevo", "sofia", "zagreb",
    "nicosia", "prague", "copenhagen", "tallinn", "helsinki", "paris", "berlin", "athens",
    "budapest", "reykjavik", "dublin", "rome", "riga", "vaduz", "vilnius", "luxembourg",
    "valletta", "chisinau", "monaco", "podgorica", "amsterdam", "skopje", "oslo", "warsaw",
    "lisbon", "bucharest", "moscow", "san_marino", "belgrade", "bratislava", "ljubljana",
    "madrid", "stockholm", "bern", "kyiv", "london", "ankara", "pristina",
}


def test_every_european_capital_is_a_yellow_card():
    yellow = {loc.id for loc in by_colour("yellow")}
    assert yellow >= EUROPEAN_CAPITALS
    assert {"vatican_city", "tbilisi", "yerevan", "baku"}.isdisjoint(location_ids())


def test_ids_unique_and_lookup():
    ids = location_ids()
    assert len(ids) == len(set(ids))
    assert location("rome").name("de") == "Rom"
    assert location("milan").name("de") == "Mailand"
    assert location("lisbon").name("de") == "Lissabon"
    assert location("cordoba").points == ((37.89, -4.77),)
    with pytest.raises(KeyError):
        location("atlantis")


@pytest.mark.parametrize("loc", LOCATIONS, ids=lambda loc: loc.id)
def test_row_schema_names_and_extent(loc):
    assert KIND_COLOUR[loc.kind] == loc.colour
    assert [lang for lang, _ in loc.names] == list(LANGS)
    assert all(name.strip() == name and name for _, name in loc.names)
    for lat, lon in loc.points:
        assert BOARD.contains(lat, lon)
        assert (round(lat, 2), round(lon, 2)) == (lat, lon)
    assert loc.places()


def test_cordoba_places():
    assert location("cordoba").places() == (("W", "S", 8, "B"),)


def test_bad_rows_are_rejected():
    good = {"id": "x", "colour": "red", "kind": "city", "points": [[50.0, 10.0]],
            "names": {"de": "X", "en": "X", "es": "X", "ca": "X"}, "population": 5000}
    lake = dict(good, colour="blue", kind="lake", population=None)
    assert parse_location(good).population == 5000
    assert parse_location(lake).population is None
    for bad in (dict(good, colour="blue"), dict(good, kind="town"), dict(good, points=[]),
                dict(good, points=[[80.0, 10.0]]), dict(good, names={"de": "X"}),
                dict(good, id="bad id"), dict(good, population=None), dict(good, population=0),
                dict(lake, population=5000)):
        with pytest.raises(ValueError):
            parse_location(bad)


def test_capitals_and_cities_have_their_geonames_population_and_blue_cards_none():
    assert all(loc.population for loc in LOCATIONS if loc.colour != "blue")
    assert all(loc.population is None for loc in by_colour("blue"))
    assert location("london").population > location("cordoba").population > location("faro").population


def test_counts_per_colour_and_total():
    colours = Counter(loc.colour for loc in LOCATIONS)
    assert len(LOCATIONS) == BOARD.cards == 224
    assert 46 <= colours["yellow"] <= 54
    assert 94 <= colours["red"] <= 106
    assert 68 <= colours["blue"] <= 80
    kinds = Counter(loc.kind for loc in by_colour("blue"))
    assert set(kinds) == {k for k, c in KIND_COLOUR.items() if c == "blue"}  # every blue kind used


def test_names_unique_per_language():
    for lang in LANGS:
        names = Counter(loc.name(lang) for loc in LOCATIONS)
        assert [n for n, c in names.items() if c > 1] == [], lang


def _km(a, b):
    (lat1, lon1), (lat2, lon2) = a, b
    x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
    return 6371 * math.hypot(x, math.radians(lat2 - lat1))


def test_no_duplicate_places_of_the_same_kind():
    for a, b in combinations(LOCATIONS, 2):
        if a.kind == b.kind:
            closest = min(_km(p, q) for p in a.points for q in b.points)
            assert closest > 5, (a.id, b.id, closest)


# Where a point must lie. GeoNames puts harbour towns on the shoreline (Copenhagen, Cádiz,
# Nesebar) and the outlines are simplified to about 1 km and rounded to 0.01°, so a city or
# capital counts as on land within COAST_SLACK_KM of the coast. Natural Earth's land has no lake
# holes: lake points are checked to be on land (not in the sea) and well inland.
COAST_SLACK_KM = 3
RIVER_MOUTH_KM = 25
WATER = {"sea", "gulf", "strait"}
LAND = {"island", "mountains", "peninsula", "landscape"}


@pytest.mark.parametrize("loc", LOCATIONS, ids=lambda loc: loc.id)
def test_points_against_natural_earth(loc):
    for lat, lon in loc.points:
        if loc.kind in ("capital", "city"):
            assert on_land(lat, lon) or km_to_coast(lat, lon) <= COAST_SLACK_KM
        elif loc.kind in WATER:
            assert not on_land(lat, lon)
        elif loc.kind in LAND:
            assert on_land(lat, lon)
        elif loc.kind == "lake":
            assert on_land(lat, lon) and km_to_coast(lat, lon) > 20
        else:
            assert loc.kind == "river"
            assert km_to_coast(lat, lon) <= RIVER_MOUTH_KM


def test_every_sector_with_much_land_has_a_red_card():
    red = {(p.area, p.sector) for loc in by_colour("red") for p in loc.places()}
    for area in "NMS":
        for sector in range(1, BOARD.sector_count(area) + 1):
            s, n, w, e = BOARD.sector_bounds(area, sector)
            samples = [(s + (i + 0.5) * (n - s) / 10, w + (j + 0.5) * (e - w) / 10)
                       for i in range(10) for j in range(10)]
            land = sum(on_land(lat, lon) for lat, lon in samples) / len(samples)
            if land >= 0.15:
                assert (area, sector) in red, (area, sector, land)


def test_credit_names_geonames():
    assert "GeoNames" in credit() and "CC BY 4.0" in credit()


def test_built_file_matches_its_hand_written_inputs():
    """locations.json is up to date with tools/europa (cities.txt names, blue.json rows)."""
    tools = Path(__file__).parents[3] / "tools" / "europa"
    rows = []
    for line in (tools / "cities.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            ident, kind, _, de, en, es, ca = [f.strip() for f in line.split(";")][:7]
            rows.append((ident, kind, {"de": de, "en": en, "es": es, "ca": ca}, None))
    for row in json.loads((tools / "blue.json").read_text(encoding="utf-8"))["locations"]:
        rows.append((row["id"], row["kind"], row["names"], tuple(map(tuple, row["points"]))))
    assert [r[0] for r in rows] == list(location_ids())
    for ident, kind, names, points in rows:
        loc = location(ident)
        assert (loc.kind, dict(loc.names)) == (kind, names)
        assert points is None or loc.points == points
