"""Read-only questions about a position: costs, completion, who may be named, scores.

Nothing here changes a state; the round flow and the decisions above ask these.
"""

from __future__ import annotations

from .cards import (
    DIST_COLOUR,
    DIST_COST,
    DIST_POINTS,
    DRAGON_GATE,
    FACTORY,
    GREAT_WALL,
    HAUNTED_CITY,
    IMPERIAL_TREASURY,
    MAP_ROOM,
    MUSEUM,
    PURPLE,
    QUARRY,
    UNIVERSITY,
    WISHING_WELL,
)
from .model import CitadelsModel


def threshold(st: CitadelsModel) -> int:
    """Districts that complete a city: 8, or 7 in the short game or with an announced Bell
    Tower still standing."""
    return 7 if st.bell_announced else st.game.threshold


def is_complete(st: CitadelsModel, seat: int) -> bool:
    """Whether ``seat``'s city is complete now."""
    return len(st.cities[seat]) >= threshold(st)


#: per district, its price in a city with the Factory (other purple districts cost 1 less)
_FACTORY_COST: tuple[int, ...] = tuple(
    cost - 1 if DIST_COLOUR[d] == PURPLE and d != FACTORY else cost for d, cost in enumerate(DIST_COST))


def build_costs(st: CitadelsModel, seat: int) -> tuple[int, ...]:
    """Per district, what ``seat`` pays to build it (the Factory lowers other purple
    districts by 1)."""
    return _FACTORY_COST if FACTORY in st.built[seat] else DIST_COST


def build_cost(st: CitadelsModel, seat: int, dist: int) -> int:
    """What ``seat`` pays to build ``dist``."""
    return build_costs(st, seat)[dist]


def may_duplicate(st: CitadelsModel, seat: int, duplicates: bool) -> bool:
    """Whether ``seat`` may build a district its city already has: when ``duplicates`` (the
    Wizard's turn) or, once, with the Quarry."""
    if duplicates:
        return True
    built = st.built[seat]
    return QUARRY in built and len(built) == len(st.cities[seat])


def can_build(st: CitadelsModel, seat: int, dist: int, duplicates: bool) -> bool:
    """Whether ``dist`` may join ``seat``'s city (see `may_duplicate`). Gold is checked by
    the caller."""
    return dist not in st.built[seat] or may_duplicate(st, seat, duplicates)


def district_value(st: CitadelsModel, seat: int, dist: int) -> int:
    """Printed cost plus 1 if every copy of ``dist`` in the city is beautified (the plain
    copy is the one affected first)."""
    city = st.cities[seat]
    beautified = st.beauty[seat].count(dist)
    return DIST_COST[dist] + (1 if beautified and beautified >= city.count(dist) else 0)


def destroy_cost(st: CitadelsModel, seat: int, dist: int) -> int:
    """Warlord's price: value - 1, +1 with the Great Wall for the wall's other districts."""
    wall = 1 if dist != GREAT_WALL and GREAT_WALL in st.built[seat] else 0
    return district_value(st, seat, dist) - 1 + wall


def exchange_cost(st: CitadelsModel, seat: int, dist: int) -> int:
    """The value the Diplomat must match to take ``dist`` (Great Wall raises it by 1)."""
    wall = 1 if dist != GREAT_WALL and GREAT_WALL in st.built[seat] else 0
    return district_value(st, seat, dist) + wall


def targets(st: CitadelsModel, lowest_rank: int) -> list[int]:
    """Characters that can be named: in this game, not face up, from ``lowest_rank`` up."""
    out = list(st.game.nameable[lowest_rank])
    for c in st.face_up:
        if c in out:
            out.remove(c)
    return out


def robbable(st: CitadelsModel) -> list[int]:
    """What the Thief may name: ranks 3 and up (so never the Assassin or the Witch), and
    neither the murdered nor the bewitched character, both announced before him."""
    out = targets(st, 3)
    for named in (st.murdered, st.bewitched):
        if named in out:
            out.remove(named)
    return out


# -- scores ------------------------------------------------------------------------------------
def district_points(st: CitadelsModel, seat: int) -> int:
    """Points from district values alone (Dragon Gate and University 8, beautified +1): the
    first tie-break."""
    points = len(st.beauty[seat])
    for d in st.cities[seat]:
        points += DIST_POINTS[d]
    return points


def has_five_colours(st: CitadelsModel, seat: int) -> bool:
    """All five colours in the city (the Haunted City counts as any colour unless it was
    built in the last round)."""
    city = st.cities[seat]
    if len(city) < 5:  # five districts at least, the Haunted City one of them
        return False
    colours = {DIST_COLOUR[d] for d in city}
    if len(colours) < 5 and HAUNTED_CITY in st.built[seat] and st.haunted[seat] != st.round:
        rest = list(city)
        rest.remove(HAUNTED_CITY)
        return len({DIST_COLOUR[d] for d in rest}) >= 4
    return len(colours) == 5


def completion_bonus(st: CitadelsModel, seat: int) -> int:
    """4 to the first seat to complete its city, 2 to every other complete city."""
    if seat == st.first_complete:
        return 4
    return 2 if len(st.cities[seat]) >= threshold(st) else 0


#: the purple districts that score beyond their cost, in the breakdown's order
BONUS_DISTRICTS = (DRAGON_GATE, UNIVERSITY, IMPERIAL_TREASURY, MAP_ROOM, MUSEUM, WISHING_WELL)


def purple_bonus(st: CitadelsModel, seat: int, dist: int) -> int:
    """What one of `BONUS_DISTRICTS` adds to ``seat``'s score beyond its cost (0 if absent)."""
    if dist not in st.built[seat]:
        return 0
    city = st.cities[seat]
    if dist in (DRAGON_GATE, UNIVERSITY):
        return (DIST_POINTS[dist] - DIST_COST[dist]) * city.count(dist)
    if dist == IMPERIAL_TREASURY:
        return st.gold[seat]
    if dist == MAP_ROOM:
        return len(st.hands[seat])
    if dist == MUSEUM:
        return len(st.museum[seat])
    return sum(1 for d in city if DIST_COLOUR[d] == PURPLE) - 1  # Wishing Well


#: the districts whose bonus `score_parts` counts as "purple" (Dragon Gate and University
#: count among the district points)
_EXTRA = BONUS_DISTRICTS[2:]
_HAS_EXTRA = frozenset(_EXTRA)


def score_parts(st: CitadelsModel, seat: int) -> dict[str, int]:
    """The score of ``seat`` now in four parts (the view's ``score``)."""
    return {
        "districts": district_points(st, seat),
        "colours": 3 if has_five_colours(st, seat) else 0,
        "complete": completion_bonus(st, seat),
        "purple": _purple(st, seat),
    }


def _purple(st: CitadelsModel, seat: int) -> int:
    if _HAS_EXTRA.isdisjoint(st.built[seat]):
        return 0
    return sum(purple_bonus(st, seat, d) for d in _EXTRA)


def scores(st: CitadelsModel) -> list[int]:
    """Every seat's score now (final once the game is over): the sum of `score_parts`."""
    out = []
    for s in range(st.game.num_players):
        out.append(district_points(st, s) + (3 if has_five_colours(st, s) else 0)
                   + completion_bonus(st, s) + _purple(st, s))
    return out


#: points a search counts per gold and per card in hand when it cuts a playout short: at
#: tables of up to ``SMALL_TABLE`` players, and at larger ones (at 7 players half a point lost
#: every game to searching opponents, a quarter held its share; docs/levels.md)
CUT_WORTH = 0.5
CUT_WORTH_LARGE = 0.25
SMALL_TABLE = 5


def cut_scores(st: CitadelsModel) -> list[float]:
    """Scores of a position a search cuts short (`Game.cut_scores`): the score now plus
    ``CUT_WORTH`` per gold and per card in hand, the means of the next rounds' districts
    (``CUT_WORTH_LARGE`` above ``SMALL_TABLE`` players)."""
    worth = CUT_WORTH if st.game.num_players <= SMALL_TABLE else CUT_WORTH_LARGE
    return [total + worth * (st.gold[s] + len(st.hands[s])) for s, total in enumerate(scores(st))]


def ranking_keys(st: CitadelsModel) -> list[tuple[int, int, int]]:
    """Per seat ``(score, district points, gold)``: the best key wins, equal keys share."""
    return [(total, district_points(st, s), st.gold[s]) for s, total in enumerate(scores(st))]
