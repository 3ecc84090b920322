"""A Córdoba heuristic bot that reads only its seat's view.

For each legal move it estimates, landmark by landmark, the chance of controlling it at the
end: the margin of known totals plus the expected power of the opponent's face-down cards,
blurred by how many cards either side can still add. It plays the move that maximises the
expected controlled value, preferring the cheaper card when two moves are equal.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from mezquita.agents import Agent, Turn

if TYPE_CHECKING:
    from .rules import CordobaGame

#: the blur of a landmark's margin: ``SPREAD + SPREAD_PER_CARD * sqrt(cards the opponent can
#: still play + 1)``
SPREAD, SPREAD_PER_CARD = 2.0, 1.2
#: the start player wins ties: its margin counts this much more, the other's this much less
TIE_EDGE = 0.5
#: per power of the card played: the cheaper card is preferred by this much
CARD_COST = 0.02


class CordobaHeuristic(Agent):
    """Greedy expected-control maximiser (see the module docstring)."""

    name = "heuristic"
    game: CordobaGame

    def act(self, turn: Turn) -> int:
        view, me = turn.view, turn.seat
        other = 1 - me
        known_other = [c for lm in view["landmarks"] if lm["face_up"] for c in lm["cards"][other]]
        unseen = [c for c in range(1, view["cards"] + 1) if c not in known_other]
        mean_hidden = sum(unseen) / len(unseen) if unseen else 0.0
        still_to_play = [view["hand_sizes"][s] + view["deck_sizes"][s] for s in (0, 1)]
        spread = SPREAD + SPREAD_PER_CARD * math.sqrt(still_to_play[other] + 1)
        tie_edge = TIE_EDGE if view["start_player"] == me else -TIE_EDGE

        def control(lm: dict, extra: int) -> float:
            mine = sum(lm["cards"][me]) + extra
            theirs = sum(c if c is not None else mean_hidden for c in lm["cards"][other])
            if mine == 0 and theirs == 0:
                return 0.5 if still_to_play[other] else 0.0
            margin = mine - theirs + tie_edge
            return 1.0 / (1.0 + math.exp(-margin / spread))

        base = {lm["value"]: control(lm, 0) for lm in view["landmarks"]}
        by_value = {lm["value"]: lm for lm in view["landmarks"]}
        best, best_score = turn.legal[0], -math.inf
        for action in turn.legal:
            card, landmark = self.game.play.values(action)
            gain = landmark * (control(by_value[landmark], card) - base[landmark])
            score = gain - CARD_COST * card
            if score > best_score:
                best, best_score = action, score
        return best
