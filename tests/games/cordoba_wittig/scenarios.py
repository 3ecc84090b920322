"""Scenario builders for Cordoba (Wittig) tests: set up a position directly, then act and check."""

from __future__ import annotations

import mezquita
from mezquita.games.cordoba_wittig.rules import EMPTY, CordobaWittigState


def arrange(placement: dict[str, str], current: int = 0, owed: tuple = ((), ()),
            **options) -> CordobaWittigState:
    """A state with the stones of ``placement`` (label -> square) on those squares, the others
    at home. Two labels on one square make a double, the one the board file lists first on
    the left."""
    game = mezquita.load("cordoba-wittig", **options)
    state = game.new_state(0)
    board = game.board
    labels = [s.label for s in board.stones]
    grid, pair = [EMPTY] * board.size, [EMPTY] * board.size
    at = [board.field(stone.start, 0) for stone in board.stones]
    for label, square in placement.items():
        at[labels.index(label)] = field_of(state, square)
    for i, field in enumerate(at):
        if grid[field] == EMPTY:
            grid[field] = i
        else:
            assert pair[field] == EMPTY, f"three stones on {board.square(field)}"
            pair[field] = i
    state.edit(grid=grid, pair=pair, at=at, current=current,
               owed=[[field_of(state, sq) for sq in squares] for squares in owed])
    return state.edit(seen={state.position_key(): 1})


def field_of(state: CordobaWittigState, square: str) -> int:
    """The field number of a square name such as ``d4``."""
    board = state.game.board
    return board.field(ord(square[0]) - ord("a"), int(square[1:]))


def where(state: CordobaWittigState, label: str) -> str:
    """The square of stone ``label``."""
    view = state.view(None)
    return next(s["field"] for s in view["stones"] if s["label"] == label)


def move(state: CordobaWittigState, seat: int, stone: str, to: str, side: str | None = None) -> None:
    """Play a whole move: choose ``stone``, its destination and, for a double, the side."""
    state.apply(seat, {"do": "stone", "stone": stone})
    state.apply(seat, {"do": "to", "to": to})
    if side is not None:
        state.apply(seat, {"do": "side", "side": side})


def legal_json(state: CordobaWittigState) -> list[dict]:
    """The legal actions of the seat to move, as JSON."""
    return [a["action"] for a in state.legal_actions_json()]


def destinations(state: CordobaWittigState, label: str) -> set[str]:
    """The squares stone ``label`` may move to now."""
    labels = [s.label for s in state.game.board.stones]
    return {state.game.board.square(f) for f in state.destinations(labels.index(label))}
