"""A cheap playout policy for search bots (`CitadelsGame.rollout_policy`).

It runs on the search's determinised state, so reading hands and gold does not leak the true
position. Rules: always collect income and thank the Ball Room's owner; build the most
valuable district on offer; keep the most valuable drawn card; take gold while holding cards,
draw with an empty hand; anything else uniformly at random.
"""

from __future__ import annotations

import random

from .cards import DIST_POINTS
from .decisions import SPACE
from .model import CitadelsModel

_INCOME, _THANK = SPACE.by_name["income"].id(), SPACE.by_name["thank"].id()
_GOLD, _DRAW = SPACE.by_name["gold"].id(), SPACE.by_name["draw"].id()
#: the district-valued choices the policy ranks by points
_RANKED = (SPACE.by_name["build"], SPACE.by_name["keep"])


def rollout_action(st: CitadelsModel, seat: int, legal: list[int], rng: random.Random) -> int:
    """The playout move of ``seat`` among ``legal`` in the (determinised) state ``st``."""
    best, best_points = -1, -1
    gold = draw = False
    for a in legal:
        if a in (_INCOME, _THANK):
            return a
        if a == _GOLD:
            gold = True
        elif a == _DRAW:
            draw = True
        else:
            for block in _RANKED:
                if a in block:
                    points = DIST_POINTS[block.indices(a)[0]]
                    if points > best_points:
                        best, best_points = a, points
    if best >= 0:
        return best
    if gold and draw:
        return _GOLD if st.hands[seat] else _DRAW
    return legal[int(rng.random() * len(legal))]
