"""A model of the draft for search bots' beliefs (`CitadelsGame.belief`).

``resample`` redeals the characters a seat cannot see uniformly among the deals its view
allows. Players do not draft at random, though: they keep what pays for their city. This
model says a seat keeps each character of the pool it saw with probability proportional to
``exp(value / DRAFT_TEMPERATURE)``, where the value is `values.character_values` (the
heuristic's rule of thumb)
from public facts only (city, gold, hand size, Crown; whether the hand holds a buildable
card is unknown, so it is taken to hold one when it is not empty). A determinisation's
likelihood is the product of those probabilities over the other seats' logged picks of the
round, which the search bot's Metropolis-Hastings sampler uses as relative weights.

The model reads the position as it is now. That is exact during the draft; later, seats
already called have spent and built since they drafted, which matters little at 4 or more
players, where a called seat's one character is shown anyway.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .model import CitadelsModel, DraftStep
from .values import character_values

#: how sharply modelled players prefer the characters worth most to them (value points);
#: 0.3 did best of 0.1, 0.3 and 1.0 in 4-player screens, within noise (see docs/arena.md).
DRAFT_TEMPERATURE = 0.3


def draft_belief(world: CitadelsModel, seat: int) -> Callable[[CitadelsModel], float]:
    """From any determinisation of ``seat``'s view, the likelihood of a determinisation's
    character deal under the draft model (relative: a product of pick probabilities)."""
    sizes = [len(city) for city in world.cities]
    richest = max(world.gold)
    odds = [[math.exp(v / DRAFT_TEMPERATURE)
             for v in character_values(s, world.cities[s], len(world.hands[s]),
                                       bool(world.hands[s]), world.gold[s], world.crown,
                                       sizes, richest)]
            for s in range(len(sizes))]

    def likelihood(candidate: CitadelsModel) -> float:
        p = 1.0
        for picker, kind, pool, card in candidate.draft_log:
            if picker != seat and kind == DraftStep.PICK:
                weights = odds[picker]
                p *= weights[card] / sum(weights[c] for c in pool)
        return p

    return likelihood
