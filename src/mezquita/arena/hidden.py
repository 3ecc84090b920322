"""How much a game hides from the seat that must decide.

The arena is the referee, so unlike a bot it may look at the true state. At a decision it
draws ``k`` determinisations of the mover's information set with ``state.resample`` and
compares their data (the state's ``fields``, chance generator excluded) with the truth:

* **hidden share**: the fraction of decisions at which at least one of the ``k`` worlds
  differs from the true state, i.e. the mover's view leaves something unknown that matters
  to the game (a card in a hand, the order of a deck...). 0 for open games.
* **distinct worlds**: the mean number of different worlds among the ``k`` draws (1 to
  ``k``): how wide the information set is, as seen through a small sample.

Resampling is costly next to a cheap bot's move, so a random eighth of the decisions
(``RATE``) is measured; both measures are means over the measured decisions. The choice and
the draws come from a dedicated generator, so measuring never changes the game being played.
"""

from __future__ import annotations

import json
import random

from mezquita.engine import State, derive_seed


def _fingerprint(state: State) -> str:
    return json.dumps(state.to_json()["data"], sort_keys=True)


#: fraction of decisions measured
RATE = 0.125


class HiddenTally:
    """Accumulates the two measures over one game's decisions."""

    def __init__(self, samples: int, seed: int, rate: float = RATE) -> None:
        self.samples = samples
        self.rate = rate
        self.rng = random.Random(derive_seed(seed, "hidden"))
        self.decisions = 0
        self.hiding = 0
        self.distinct = 0

    def measure(self, state: State, seat: int) -> None:
        """Maybe measure the decision of ``seat`` in the true ``state`` (left unchanged)."""
        if self.rng.random() >= self.rate:
            return
        self.decisions += 1
        if not state.game.info.hidden_information:
            self.distinct += 1
            return
        truth = _fingerprint(state)
        worlds = {_fingerprint(state.resample(seat, self.rng)) for _ in range(self.samples)}
        self.distinct += len(worlds)
        self.hiding += any(w != truth for w in worlds)

    def to_json(self) -> dict:
        """``{"samples", "decisions", "hiding", "distinct"}``: counts over measured decisions."""
        return {"samples": self.samples, "decisions": self.decisions, "hiding": self.hiding,
                "distinct": self.distinct}
