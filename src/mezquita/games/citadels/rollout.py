"""A cheap playout policy for search bots (`CitadelsGame.rollout_policy`).

It runs on the search's determinised state, so reading hands and gold does not leak the true
position. Rules: always collect income and thank the Ball Room's owner; build the most
valuable district on offer; keep the most valuable drawn card; take gold while holding cards,
draw with an empty hand; anything else uniformly at random.
"""

from __future__ import annotations

import random

from .actions import ACTION_IDS as A
from .cards import DIST_POINTS, NUM_DISTRICTS

_ALWAYS = frozenset((A["income"], A["thank"]))
_GOLD, _DRAW = A["gold"], A["draw"]
#: first ids of the district-valued choices the policy ranks by points
_RANKED = (A["build"], A["keep"])


def rollout_action(st, seat: int, legal: list[int], rng: random.Random) -> int:
    """The playout move of ``seat`` among ``legal`` in the (determinised) state ``st``."""
    best, best_points = -1, -1
    gold = draw = False
    for a in legal:
        if a in _ALWAYS:
            return a
        if a == _GOLD:
            gold = True
        elif a == _DRAW:
            draw = True
        else:
            for first in _RANKED:
                d = a - first
                if 0 <= d < NUM_DISTRICTS and DIST_POINTS[d] > best_points:
                    best, best_points = a, DIST_POINTS[d]
    if best >= 0:
        return best
    if gold and draw:
        return _GOLD if st.hands[seat] else _DRAW
    return legal[int(rng.random() * len(legal))]
