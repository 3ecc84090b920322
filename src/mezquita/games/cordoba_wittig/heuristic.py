"""A Cordoba (Wittig) heuristic bot: the best complete turn by a simple race count.

The game has perfect information, so ``turn.sample`` is the position itself. For each legal
decision the bot plays out the rest of its own turn (every stone, destination and side; the
moving back of a compensation greedily) and scores the end of the turn: rows advanced by its
live stones minus the opponent's, stones on the far row counted extra. A dead stone (one that
can no longer reach the far row by moving forwards, `evaluation.is_dead`) counts no rows, so
moving it on is worth nothing and the bot spends its moves on stones that can arrive. A double
that puts a symbol in power thus scores by the opponent's stones it sends back (good) and its
own (bad). Ties are broken at random.
"""

from __future__ import annotations

from mezquita.agents import Agent, Turn

from .evaluation import live_progress

#: rows a stone on the far row is worth on top of its progress
FAR_BONUS = 3.0
#: penalty per own stone left in an unbroken double (it must move away next turn)
OWED_PENALTY = 0.5


class CordobaWittigHeuristic(Agent):
    """Greedy one-turn race counter (see the module docstring)."""

    name = "heuristic"

    def act(self, turn: Turn) -> int:
        if len(turn.legal) == 1:
            return turn.legal[0]
        state = turn.sample(self.rng)
        seat = turn.seat
        best, best_value = turn.legal[0], None
        for action in turn.legal:
            child = state.clone()
            child.apply_unchecked(seat, action)
            value = self._finish_turn(child, seat) + 1e-3 * self.rng.random()
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _finish_turn(self, state, seat: int) -> float:
        """The best score reachable by the rest of ``seat``'s turn."""
        if state.current != seat:
            return self.score(state, seat)
        legal = state.legal_actions(seat)
        if state.phase in ("back", "back_to"):  # compensation: one greedy choice at a time
            children = []
            for action in legal:
                child = state.clone()
                child.apply_unchecked(seat, action)
                children.append(child)
            return self._finish_turn(max(children, key=lambda c: self.score(c, seat)), seat)
        values = []
        for action in legal:
            child = state.clone()
            child.apply_unchecked(seat, action)
            values.append(self._finish_turn(child, seat))
        return max(values)

    @staticmethod
    def score(state, seat: int) -> float:
        """Race count of ``state`` for ``seat`` (results dominate)."""
        if state.current < 0:
            return 1000.0 * (state.returns()[seat] - 0.5)
        other = 1 - seat
        value = (live_progress(state, seat) - live_progress(state, other)
                 + FAR_BONUS * (state.far_count(seat) - state.far_count(other)))
        return value - OWED_PENALTY * (len(state.owed[seat]) - len(state.owed[other]))
