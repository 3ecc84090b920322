"""The evaluation of a position for search bots (``Game.evaluation``): a value in [-1, 1].

It reads the state's own fields (search runs on its own copies of a perfect-information game):
the rows advanced by each side, with extra weight for stones already on the far row, and the
pending claim of a player who has reached the goal. A finished game is worth its result.
"""

from __future__ import annotations

import math

#: extra rows a stone on the far row is worth (it counts towards the win, not only progress)
FAR_BONUS = 4.0
#: value of being the seat with a claim on the win during the opponent's extra turn
CLAIM_VALUE = 0.5
#: the value of an unfinished position stays inside (-LIMIT, LIMIT), below any result
LIMIT = 0.95


def evaluate(state, seat: int) -> float:
    """Value of ``state`` for ``seat`` in [-1, 1]: 1 a win, 0 a draw or even, -1 a loss."""
    if state.current < 0:
        return 2.0 * state.returns()[seat] - 1.0
    board = state.game.board
    other = 1 - seat
    mine = state.progress(seat) + FAR_BONUS * state.far_count(seat)
    theirs = state.progress(other) + FAR_BONUS * state.far_count(other)
    scale = (board.rows + FAR_BONUS) * board.win_stones
    value = math.tanh(2.0 * (mine - theirs) / scale)
    if state.claim >= 0:
        value += CLAIM_VALUE if state.claim == seat else -CLAIM_VALUE
    return max(-LIMIT, min(LIMIT, value))
