"""Build src/mezquita/games/europa/data/outlines.json: land and country borders of the board.

Source: ``countries-10m.json`` of the npm package world-atlas 2.0.2 (ISC, Mike Bostock), a
TopoJSON conversion of Natural Earth 4.1.0 admin-0 countries (public domain). Get it in a
scratch folder with ``npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz`` and run
from the repository root:  python tools/europa/build_outlines.py SCRATCH/package/countries-10m.json

Steps: decode the TopoJSON arcs (quantized, delta-encoded); stitch the rings of the merged
``land`` object; move the far-east points of rings that cross the antimeridian (Eurasia reaches
Chukotka at -169°) by +360° so that they stay east; clip every ring to the board extent plus a
margin (Sutherland-Hodgman against the four box sides); simplify (Douglas-Peucker) and round to
0.01°. Borders are the arcs shared by two countries, with three changes so that the map shows
internationally recognised borders: the Crimea line (Natural Earth draws Crimea inside Russia)
and the lines inside Cyprus (N. Cyprus, the UN buffer zone, the British bases) are left out, and
so is the Vatican's (too small to see).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).parents[2] / "src" / "mezquita" / "games" / "europa" / "data" / "outlines.json"
EXTENT = (-25.0, 34.5, 45.0, 71.5)  # west, south, east, north of the board
MARGIN = 2.0
BOX = (EXTENT[0] - MARGIN, EXTENT[1] - MARGIN, EXTENT[2] + MARGIN, EXTENT[3] + MARGIN)
TOLERANCE = 0.012  # Douglas-Peucker tolerance in degrees (about 1 km)
MIN_AREA = 0.0004  # rings smaller than this (square degrees, about 3 km²) are dropped
CYPRUS = {"Cyprus", "N. Cyprus", "Cyprus U.N. Buffer Zone", "Akrotiri", "Dhekelia"}
CREDIT = ("Made with Natural Earth (public domain), version 4.1.0 as converted to TopoJSON by the "
          "world-atlas package (ISC licence, Mike Bostock); cut, simplified and rounded by Mezquita.")


def decode_arcs(topo: dict) -> list[list[tuple[float, float]]]:
    """Every arc as absolute (lon, lat) points."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def arc_points(arcs: list, index: int) -> list[tuple[float, float]]:
    """The points of arc ``index`` (``~i`` = arc ``i`` reversed)."""
    return arcs[index] if index >= 0 else arcs[~index][::-1]


def stitch(arcs: list, ring: list[int]) -> list[tuple[float, float]]:
    """One ring from its arc indices (consecutive arcs share their joining point)."""
    points: list[tuple[float, float]] = []
    for index in ring:
        part = arc_points(arcs, index)
        points.extend(part if not points else part[1:])
    return points


def unwrap(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Shift the far-west points of a ring that crosses the antimeridian to the east (+360°)."""
    lons = [x for x, _ in ring]
    if min(lons) < -150 and max(lons) > 150:
        return [(x + 360 if x < -150 else x, y) for x, y in ring]
    return ring


def clip(ring: list[tuple[float, float]], box: tuple[float, float, float, float]):
    """Sutherland-Hodgman clip of a closed ring to ``box`` (west, south, east, north)."""
    west, south, east, north = box
    sides = [
        (lambda p: p[0] >= west, lambda a, b: _cross_x(a, b, west)),
        (lambda p: p[0] <= east, lambda a, b: _cross_x(a, b, east)),
        (lambda p: p[1] >= south, lambda a, b: _cross_y(a, b, south)),
        (lambda p: p[1] <= north, lambda a, b: _cross_y(a, b, north)),
    ]
    points = ring[:-1] if ring and ring[0] == ring[-1] else ring
    for inside, cross in sides:
        if not points:
            break
        result = []
        prev = points[-1]
        for cur in points:
            if inside(cur):
                if not inside(prev):
                    result.append(cross(prev, cur))
                result.append(cur)
            elif inside(prev):
                result.append(cross(prev, cur))
            prev = cur
        points = result
    return points


def _cross_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _cross_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def simplify(points: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Douglas-Peucker simplification of an open polyline (iterative)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        best, best_i = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if norm == 0:
                d = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                d = abs(dy * (px - ax) - dx * (py - ay)) / norm
            if d > best:
                best, best_i = d, i
        if best > tolerance:
            keep[best_i] = True
            stack.extend([(first, best_i), (best_i, last)])
    return [p for p, k in zip(points, keep) if k]


def rounded(points) -> list[list[float]]:
    """Points rounded to 0.01°, consecutive duplicates removed."""
    out: list[list[float]] = []
    for x, y in points:
        p = [round(x, 2), round(y, 2)]
        if not out or out[-1] != p:
            out.append(p)
    return out


def area(ring) -> float:
    """Absolute shoelace area of a ring in square degrees."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))) / 2


def land_rings(topo: dict, arcs: list) -> list[list[list[float]]]:
    """The clipped, simplified land rings (outer rings and holes alike; even-odd filling)."""
    rings = []
    for geometry in topo["objects"]["land"]["geometries"]:
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            for ring_arcs in polygon:
                ring = clip(unwrap(stitch(arcs, ring_arcs)), BOX)
                if len(ring) < 3 or area(ring) < MIN_AREA:
                    continue
                # simplify the closed ring as two halves so that both ends stay fixed
                half = len(ring) // 2
                simple = simplify(ring[: half + 1], TOLERANCE)[:-1] + simplify(ring[half:] + ring[:1],
                                                                               TOLERANCE)[:-1]
                out = rounded(simple)
                if len(out) >= 3 and area([tuple(p) for p in out]) >= MIN_AREA:
                    rings.append(out)
    return rings


def border_lines(topo: dict, arcs: list) -> list[list[list[float]]]:
    """Country borders: arcs shared by two countries, cut to the box, simplified."""
    users: dict[int, set[str]] = {}
    for geometry in topo["objects"]["countries"]["geometries"]:
        name = geometry["properties"]["name"]
        if name == "Vatican":
            continue
        group = "Cyprus" if name in CYPRUS else name
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            for ring in polygon:
                for index in ring:
                    users.setdefault(index if index >= 0 else ~index, set()).add(group)
    lines = []
    for index, names in sorted(users.items()):
        if len(names) != 2:
            continue
        points = arcs[index]
        if names == {"Russia", "Ukraine"} and max(y for _, y in points) < 46.5:
            continue  # the Crimea line
        for run in _runs_inside(points):
            out = rounded(simplify(run, TOLERANCE))
            if len(out) >= 2:
                lines.append(out)
    return lines


def _runs_inside(points):
    """The maximal runs of consecutive points inside BOX."""
    west, south, east, north = BOX
    run: list[tuple[float, float]] = []
    for x, y in points:
        if west <= x <= east and south <= y <= north:
            run.append((x, y))
        else:
            if len(run) >= 2:
                yield run
            run = []
    if len(run) >= 2:
        yield run


def main(source: str) -> None:
    """Write outlines.json from world-atlas's countries-10m.json."""
    topo = json.loads(Path(source).read_text(encoding="utf-8"))
    arcs = decode_arcs(topo)
    data = {"credit": CREDIT, "box": list(BOX), "land": land_rings(topo, arcs),
            "borders": border_lines(topo, arcs)}
    text = json.dumps(data, separators=(",", ":"))
    OUT.write_text(text.replace("]],[[", "]],\n[[") + "\n", encoding="utf-8")
    points = sum(len(r) for r in data["land"]), sum(len(line) for line in data["borders"])
    print(f"{OUT}: {len(data['land'])} land rings, {len(data['borders'])} border lines, "
          f"{points[0]} + {points[1]} points, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: build_outlines.py PATH/TO/countries-10m.json")
    main(sys.argv[1])
