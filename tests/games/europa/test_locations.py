"""Every Europa location card: schema, names, counts, and geography against Natural Earth."""

import pytest

from mezquita.games.europa.board import load_board
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
            "names": {"de": "X", "en": "X", "es": "X", "ca": "X"}}
    parse_location(good)
    for bad in (dict(good, colour="blue"), dict(good, kind="town"), dict(good, points=[]),
                dict(good, points=[[80.0, 10.0]]), dict(good, names={"de": "X"}),
                dict(good, id="bad id")):
        with pytest.raises(ValueError):
            parse_location(bad)


def test_credit_names_geonames():
    assert "GeoNames" in credit() and "CC BY 4.0" in credit()
