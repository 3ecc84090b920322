"""Cordoba (Wittig)'s observation encoding: a view as a flat vector of floats in [0, 1].

Built from ``state.view(seat)`` only. Stone slots follow the board file's stone order
(seat 0's stones first); N is the number of stones (12 on the standard board, so 88 floats).

============  =========================================================================
index         meaning
============  =========================================================================
6k + 0        stone k's column / (columns - 1)                          (k = 0..N-1)
6k + 1        stone k's row / rows (0: on its start field, 1: on the far row)
6k + 2        stone k is at home (start row)
6k + 3        stone k is one of the two stones of a double
6k + 4        stone k is still to move back in the running compensation
6k + 5        stone k is the stone chosen to move
6N + 0, 1     seat 0 / seat 1 is to move
6N + 2..6     the decision now: stone, to, side, back, back_to
6N + 7, 8     seat 0 / seat 1 owes the break-up of a double (rule 5)
6N + 9, 10    seat 0 / seat 1 has a claim on the win (the opponent's extra turn)
6N + 11       finished turns / max_plies
6N + 12       the game is over
6N + 13, 14   the field of the double being made: column / (columns - 1), row / rows
6N + 15       a double is being made (phase side)
============  =========================================================================

The memory block (`encode_memory`, after the observation in the OpenSpiel adapter's
information-state tensor) holds what the draws read beyond the board and the observation's
count of turns: one float, how often the position now (`position_key`: the stones, the
doubles owed, the claim and the seat to move) has occurred at the start of a turn /
repetitions (the game is drawn when it reaches 1).
"""

from __future__ import annotations

from .rules import EMPTY

PHASES = ("stone", "to", "side", "back", "back_to")
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
GLOBALS = 16


def observation_size(game) -> int:
    """Length of `encode_view`'s vector for ``game``'s board."""
    return 6 * len(game.board.stones) + GLOBALS


def _place(square: str, board) -> tuple[float, float]:
    column, row = ord(square[0]) - ord("a"), int(square[1:])
    return column / max(1, board.columns - 1), row / board.rows


def encode_view(game, view: dict) -> list[float]:
    """The view as floats in [0, 1] (see the table above)."""
    board = game.board
    out = [0.0] * observation_size(game)
    pending = set(view["compensation"]["pending"]) if view["compensation"] else set()
    for k, stone in enumerate(view["stones"]):
        x, y = _place(stone["field"], board)
        out[6 * k: 6 * k + 6] = [x, y, float(stone["home"]), float(stone["place"] != "single"),
                                 float(stone["label"] in pending), float(stone["label"] == view["selected"])]
    base = 6 * len(view["stones"])
    for seat in view["to_move"]:
        out[base + seat] = 1.0
    if view["phase"] in PHASES:
        out[base + 2 + PHASES.index(view["phase"])] = 1.0
    for seat in (0, 1):
        out[base + 7 + seat] = float(bool(view["owed"][seat]))
        out[base + 9 + seat] = float(view["claim"] == seat)
    out[base + 11] = min(1.0, view["plies"] / view["max_plies"])
    out[base + 12] = float(view["terminal"])
    if view["target"] is not None:
        out[base + 13], out[base + 14] = _place(view["target"], board)
        out[base + 15] = 1.0
    return out


def encode_state(game, state, seat: int | None, out) -> None:
    """`encode_view` of ``state.view(seat)`` read from the state, without building the view,
    written into ``out`` (zeroed: only the entries that are not 0 are written; the game hides
    nothing)."""
    board = game.board
    columns, rows = board.columns, board.rows
    width = max(1, columns - 1)
    pending = state.pending if state.power else ()
    at, pair = state.at, state.pair
    for k in range(len(board.stones)):
        field = at[k]
        row = field // columns
        base = 6 * k
        out[base] = field % columns / width
        if row:
            out[base + 1] = row / rows
        else:
            out[base + 2] = 1.0
        if pair[field] != EMPTY:
            out[base + 3] = 1.0
        if k in pending:
            out[base + 4] = 1.0
        if k == state.selected:
            out[base + 5] = 1.0
    base = 6 * len(board.stones)
    movers = state.to_move()
    for s in movers:
        out[base + s] = 1.0
    phase = _PHASE_INDEX.get(state.phase)
    if phase is not None:
        out[base + 2 + phase] = 1.0
    for s in (0, 1):
        if state.owed[s]:
            out[base + 7 + s] = 1.0
        if state.claim == s:
            out[base + 9 + s] = 1.0
    out[base + 11] = min(1.0, state.plies / board.max_plies)
    if not movers:
        out[base + 12] = 1.0
    if state.target >= 0:
        out[base + 13] = state.target % columns / width
        out[base + 14] = state.target // columns / rows
        out[base + 15] = 1.0


def memory_size(game) -> int:
    """Length of `encode_memory`'s block: one float."""
    return 1


def encode_memory(game, state, seat: int | None, out) -> None:
    """The memory block (see the module docstring) written into ``out`` (zeroed)."""
    seen = state.seen.get(state.position_key())
    if seen:
        out[0] = min(1.0, seen / game.board.repetitions)
