"""A cheap playout policy for search bots (``Game.rollout_policy``): race forwards, mostly.

Uniformly random playouts wander sideways as often as forwards and rarely finish a race, so
this policy picks a random stone and then, with probability `GREEDY`, the destination furthest
forwards (ties at random); every other decision is uniformly random. It reads the search's own
copy of the state.
"""

from __future__ import annotations

#: how often a playout takes the most forward destination
GREEDY = 0.8


def rollout_policy(state, seat: int, legal: list[int], rng) -> int:
    """The playout's action among ``legal`` (ids) for ``seat``."""
    if state.phase == "to" and rng.random() < GREEDY:
        to = state.game.TO
        columns = state.game.board.columns
        rows = [to.indices(a)[0] // columns for a in legal]
        top = max(rows)
        legal = [a for a, r in zip(legal, rows) if r == top]
    return legal[int(rng.random() * len(legal))]
