"""How much a game hides from the seat that must decide.

The arena is the referee, so unlike a bot it may look at the true state. At a decision it
draws ``k`` determinisations of the mover's information set with ``state.resample`` and
compares their data (the state's ``fields``, chance generator excluded) with the truth:

* **hidden share**: the fraction of decisions at which at least one of the ``k`` worlds
  differs from the true state, i.e. the mover's view leaves something unknown that matters
  to the game (a card in a hand, the order of a deck...). 0 for open games.
* **distinct worlds**: the mean number of different worlds among the ``k`` draws (1 to
  ``k``): how wide the information set is, as seen through a small sample.

Both come from a dedicated generator, so measuring never changes the game being played.
"""

from __future__ import annotations

import json
import random

from mezquita.engine import State


def _fingerprint(state: State) -> str:
    return json.dumps(state.to_json()["data"], sort_keys=True)


class HiddenTally:
    """Accumulates the two measures over one game's decisions."""

    def __init__(self, samples: int, seed: int) -> None:
        self.samples = samples
        self.rng = random.Random(seed ^ 0x5EED)
        self.decisions = 0
        self.hiding = 0
        self.distinct = 0

    def measure(self, state: State, seat: int) -> None:
        """Measure the decision of ``seat`` in the true ``state`` (left unchanged)."""
        self.decisions += 1
        if not state.game.info.hidden_information:
            self.distinct += 1
            return
        truth = _fingerprint(state)
        worlds = {_fingerprint(state.resample(seat, self.rng)) for _ in range(self.samples)}
        self.distinct += len(worlds)
        self.hiding += any(w != truth for w in worlds)

    def to_json(self) -> dict:
        """``{"samples", "decisions", "hiding", "distinct"}``: counts, summed per game."""
        return {"samples": self.samples, "decisions": self.decisions, "hiding": self.hiding,
                "distinct": self.distinct}
