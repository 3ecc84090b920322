"""End-of-game scoring (spec §2.5) and the tie-breaks: district values, then gold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    DIST_COLOUR,
    DIST_POINTS,
    HAUNTED_CITY,
    IMPERIAL_TREASURY,
    MAP_ROOM,
    MUSEUM,
    PURPLE,
    WISHING_WELL,
)
from .districts import threshold

if TYPE_CHECKING:
    from .state import CitadelsState


def district_points(st: CitadelsState, seat: int) -> int:
    """Points from district values alone (Dragon Gate and University 8, beautified +1)."""
    return sum(DIST_POINTS[d] for d in st.cities[seat]) + len(st.beauty[seat])


def breakdown(st: CitadelsState, seat: int) -> dict[str, int]:
    """The score of ``seat`` now, part by part."""
    city = st.cities[seat]
    colours = {DIST_COLOUR[d] for d in city}
    if HAUNTED_CITY in city and st.haunted[seat] != st.round:
        # the Haunted City may stand for any colour, unless built in the last round
        rest = list(city)
        rest.remove(HAUNTED_CITY)
        if len({DIST_COLOUR[d] for d in rest}) >= 4:
            colours = set(range(5))
    if seat == st.first:
        complete = 4
    elif len(city) >= threshold(st):
        complete = 2
    else:
        complete = 0
    purples = sum(1 for d in city if DIST_COLOUR[d] == PURPLE)
    extra = 0
    if IMPERIAL_TREASURY in city:
        extra += st.gold[seat]
    if MAP_ROOM in city:
        extra += len(st.hands[seat])
    if MUSEUM in city:
        extra += len(st.museum[seat])
    if WISHING_WELL in city:
        extra += purples - 1
    return {
        "districts": district_points(st, seat),
        "colours": 3 if len(colours) == 5 else 0,
        "complete": complete,
        "purple": extra,
    }


def scores(st: CitadelsState) -> list[int]:
    """Every seat's score now (final once the game is over)."""
    return [sum(breakdown(st, s).values()) for s in range(st.game.num_players)]


def final_returns(st: CitadelsState) -> list[float]:
    """Win 1 / loss 0; ties broken by district points, then gold, else a shared win."""
    keys = [(total, district_points(st, s), st.gold[s]) for s, total in enumerate(scores(st))]
    best = max(keys)
    winners = [s for s, k in enumerate(keys) if k == best]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(keys))]
