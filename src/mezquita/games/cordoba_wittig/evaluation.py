"""The evaluation of a position for search bots (``Game.evaluation``): a value in [-1, 1].

Cordoba is a race, so the evaluation counts moves: for each side, the moves its ``win_stones``
nearest stones still need to reach the far row (a stone whose distance to the far row is not a
multiple of the step can never arrive by moving forwards, only after being sent back again, and
counts `STUCK` extra). The side to move is half a move ahead. Rows advanced break near ties.
During the opponent's extra turn (rule 8) the claimant has won unless the opponent needs at
most one move. A finished game is worth its result.

It reads the state's own fields: search runs on its own copies of a perfect-information game.
"""

from __future__ import annotations

import math

#: extra moves counted for a stone that cannot reach the far row by moving forwards
STUCK = 2
#: moves of difference that make a position clearly won (the tanh scale)
SCALE = 3.0
#: weight of one step of progress (rows / step) as a tie-break
PROGRESS_WEIGHT = 0.05
#: value of a claim the opponent cannot match in its extra turn
CLAIM_VALUE = 0.9
#: the value of an unfinished position stays inside (-LIMIT, LIMIT), below any result
LIMIT = 0.95


def moves_to_go(state, seat: int) -> int:
    """Moves the ``win_stones`` stones of ``seat`` nearest the far row still need."""
    board = state.game.board
    columns, step = board.columns, board.step
    gaps = []
    for stone in board.stones_of(seat):
        gap = board.rows - state.at[stone] // columns
        gaps.append(gap // step if gap % step == 0 else gap // step + 1 + STUCK)
    gaps.sort()
    return sum(gaps[: board.win_stones])


def evaluate(state, seat: int) -> float:
    """Value of ``state`` for ``seat`` in [-1, 1]: 1 a win, 0 a draw or even, -1 a loss."""
    if state.current < 0:
        return 2.0 * state.returns()[seat] - 1.0
    other = 1 - seat
    mine, theirs = moves_to_go(state, seat), moves_to_go(state, other)
    if state.claim >= 0:
        late = theirs if state.claim == seat else mine
        value = 0.0 if late <= 1 else CLAIM_VALUE
        return value if state.claim == seat else -value
    step = state.game.board.step
    tempo = 0.5 if state.current == seat else -0.5
    lead = theirs - mine + tempo + PROGRESS_WEIGHT * (state.progress(seat) - state.progress(other)) / step
    return max(-LIMIT, min(LIMIT, math.tanh(lead / SCALE)))
