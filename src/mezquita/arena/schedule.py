"""Fair seatings: which agent sits in which seat in game ``j`` of a tournament.

A schedule is a cycle of seatings in which every agent meets every other lineup in every
seat order equally often, so that over whole cycles an agent's seat and its opponents cannot
be confused:

* one agent: it holds every seat (a mirror match);
* at least as many agents as seats: every ordered tuple of distinct agents
  (3 agents at 2 seats: the 6 ordered pairs);
* fewer agents than seats: every agent holds ``seats // agents`` or one more seats, in every
  order (2 agents at 4 seats: the 6 orders of AABB).

Seatings come grouped by rotation (a tuple, then its rotations), so even a prefix of a long
cycle has each agent in each seat nearly equally often.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, permutations

MAX_SEATS = 8


@cache
def _cycle(agents: tuple[str, ...], seats: int) -> tuple[tuple[str, ...], ...]:
    if not 1 <= seats <= MAX_SEATS:
        raise ValueError(f"schedules cover 1-{MAX_SEATS} seats, not {seats}")
    k = len(agents)
    if k == 1:
        return (agents * seats,)
    tuples: Iterator[tuple[str, ...]]
    if k >= seats:
        tuples = permutations(agents, seats)
    else:
        base, extra = divmod(seats, k)
        found: set[tuple[str, ...]] = set()
        for more in combinations(range(k), extra):
            pool = [a for i, a in enumerate(agents) for _ in range(base + (i in more))]
            found.update(permutations(pool))
        tuples = iter(sorted(found, key=lambda t: [agents.index(a) for a in t]))
    seen: set[tuple[str, ...]] = set()
    cycle = []
    for t in tuples:
        if t in seen:
            continue
        for r in range(seats):  # the tuple and its rotations, together
            turn = t[r:] + t[:r]
            if turn not in seen:
                seen.add(turn)
                cycle.append(turn)
    return tuple(cycle)


def schedule(agents: list[str], seats: int) -> list[tuple[str, ...]]:
    """The cycle of seatings for ``agents`` (distinct names) at ``seats`` seats."""
    names = tuple(dict.fromkeys(agents))
    if not names:
        raise ValueError("a schedule needs at least one agent")
    return list(_cycle(names, seats))


def seating(agents: list[str], seats: int, game: int) -> list[str]:
    """Agent names per seat for game number ``game`` (the schedule, cycled)."""
    cycle = _cycle(tuple(dict.fromkeys(agents)), seats)
    return list(cycle[game % len(cycle)])
