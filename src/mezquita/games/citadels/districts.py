"""District helpers shared by the rules: costs, completion, building and removal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    BELL_TOWER,
    DIST_COLOUR,
    DIST_COST,
    FACTORY,
    GREAT_WALL,
    HAUNTED_CITY,
    PURPLE,
    QUARRY,
    THRONE_ROOM,
    WIZARD,
)

if TYPE_CHECKING:
    from .state import CitadelsState


def threshold(st: CitadelsState) -> int:
    """Districts that complete a city: 8, or 7 in the short game or with an announced Bell
    Tower still standing."""
    return 7 if st.bell else st.game.threshold


def is_complete(st: CitadelsState, seat: int) -> bool:
    """Whether ``seat``'s city is complete now."""
    return len(st.cities[seat]) >= threshold(st)


def build_cost(st: CitadelsState, seat: int, dist: int) -> int:
    """What ``seat`` pays to build ``dist`` (the Factory lowers other purple districts by 1)."""
    cost = DIST_COST[dist]
    if DIST_COLOUR[dist] == PURPLE and dist != FACTORY and FACTORY in st.cities[seat]:
        cost -= 1
    return cost


def can_build(st: CitadelsState, seat: int, dist: int, wizard_turn: bool) -> bool:
    """Whether ``dist`` may join ``seat``'s city: no duplicates, except on the Wizard's turn
    or one duplicate with the Quarry. Gold is checked by the caller."""
    city = st.cities[seat]
    if dist not in city or wizard_turn:
        return True
    return QUARRY in city and len(set(city)) == len(city)


def district_value(st: CitadelsState, seat: int, dist: int) -> int:
    """Printed cost plus 1 if every copy of ``dist`` in the city is beautified (the plain
    copy is the one affected first)."""
    city = st.cities[seat]
    beautified = st.beauty[seat].count(dist)
    return DIST_COST[dist] + (1 if beautified and beautified >= city.count(dist) else 0)


def destroy_cost(st: CitadelsState, seat: int, dist: int) -> int:
    """Warlord's price: value - 1, +1 with the Great Wall for the wall's other districts."""
    wall = 1 if dist != GREAT_WALL and GREAT_WALL in st.cities[seat] else 0
    return district_value(st, seat, dist) - 1 + wall


def exchange_cost(st: CitadelsState, seat: int, dist: int) -> int:
    """The value the Diplomat must match to take ``dist`` (Great Wall raises it by 1)."""
    wall = 1 if dist != GREAT_WALL and GREAT_WALL in st.cities[seat] else 0
    return district_value(st, seat, dist) + wall


def remove_district(st: CitadelsState, seat: int, dist: int) -> bool:
    """Take one copy of ``dist`` out of ``seat``'s city (the plain copy first); return
    whether the removed copy was beautified."""
    city = st.cities[seat]
    city.remove(dist)
    beauty = st.beauty[seat]
    beautified = dist in beauty and beauty.count(dist) > city.count(dist)
    if beautified:
        beauty.remove(dist)
    if dist == BELL_TOWER:
        st.bell = False
    if dist == HAUNTED_CITY and HAUNTED_CITY not in city:
        st.haunted[seat] = -1
    return beautified


def add_district(st: CitadelsState, seat: int, dist: int, beautified: bool, haunted: int) -> None:
    """Put ``dist`` into ``seat``'s city (after building or an exchange)."""
    st.cities[seat].append(dist)
    if beautified:
        st.beauty[seat].append(dist)
    if dist == HAUNTED_CITY:
        st.haunted[seat] = haunted
    check_end(st, seat)


def check_end(st: CitadelsState, seat: int) -> None:
    """A complete city triggers the end of the game at the end of the round (first: +4)."""
    if len(st.cities[seat]) >= threshold(st):
        st.end_trig = True
        if st.first < 0:
            st.first = seat


def set_crown(st: CitadelsState, seat: int) -> None:
    """Move the Crown; the Throne Room's owner earns 1 gold whenever it changes hands."""
    if seat == st.crown:
        return
    st.crown = seat
    for s, city in enumerate(st.cities):
        if THRONE_ROOM in city:
            st.gold[s] += 1


def wizard_turn(st: CitadelsState) -> bool:
    """True during a Wizard's turn (duplicates allowed)."""
    return st.char == WIZARD
