"""The evaluation of a position for search bots (``Game.evaluation``): a value in [-1, 1].

Cordoba is a race, so the evaluation counts moves: for each side, the moves its ``win_stones``
nearest stones still need to reach the far row. A *dead* stone, whose distance to the far row
is not a multiple of the step (an odd row on the standard board), can never arrive by moving
forwards, only after being sent back again: it counts as a stone at home plus `STUCK` moves
wherever it stands, so moving it on gains nothing. The side to move is half a move ahead. The
rows advanced by live stones (`live_progress`) break near ties. During the opponent's extra
turn (rule 8) the claimant has won unless the opponent needs at most one move. A finished game
is worth its result.

It reads the state's own fields: search runs on its own copies of a perfect-information game.
`search_key` is the transposition key of alpha-beta's table.
"""

from __future__ import annotations

import math

#: extra moves counted for a dead stone, on top of those of a stone at home
STUCK = 2
#: moves of difference that make a position clearly won (the tanh scale)
SCALE = 3.0
#: weight of one step of progress (rows / step) as a tie-break
PROGRESS_WEIGHT = 0.05
#: value of a claim the opponent cannot match in its extra turn
CLAIM_VALUE = 0.9
#: the value of an unfinished position stays inside (-LIMIT, LIMIT), below any result
LIMIT = 0.95


def is_dead(board, field: int) -> bool:
    """Whether a stone on ``field`` can no longer reach the far row by moving forwards."""
    return (board.rows - field // board.columns) % board.step != 0


def moves_to_go(state, seat: int) -> int:
    """Moves the ``win_stones`` stones of ``seat`` nearest the far row still need."""
    board = state.game.board
    columns, step, rows = board.columns, board.step, board.rows
    dead = rows // step + STUCK
    gaps = []
    for stone in board.stones_of(seat):
        gap = rows - state.at[stone] // columns
        gaps.append(gap // step if gap % step == 0 else dead)
    gaps.sort()
    return sum(gaps[: board.win_stones])


def live_progress(state, seat: int) -> int:
    """The rows advanced by ``seat``'s live stones (a dead stone counts none)."""
    board = state.game.board
    columns, step, rows = board.columns, board.step, board.rows
    total = 0
    for stone in board.stones_of(seat):
        row = state.at[stone] // columns
        if (rows - row) % step == 0:
            total += row
    return total


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
    lead = (theirs - mine + tempo
            + PROGRESS_WEIGHT * (live_progress(state, seat) - live_progress(state, other)) / step)
    return max(-LIMIT, min(LIMIT, math.tanh(lead / SCALE)))


def search_key(state) -> tuple:
    """Everything that decides the rest of the game but the history: where each stone stands,
    the left stone of each double (every double is owed by the seat that made it), the
    decision under way, the compensation and the claim. The turn count and the repetition
    counts are left out (a transposition table's usual approximation: the draws by length and
    repetition are seen when they happen, not through the table)."""
    grid = state.grid
    return (*state.at, state.current, state.phase, state.selected, state.target, state.back_stone,
            state.claim, *state.pending, -2, *[grid[f] for f in state.owed[0]], -3,
            *[grid[f] for f in state.owed[1]])
