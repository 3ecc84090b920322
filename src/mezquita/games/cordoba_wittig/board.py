"""The board file as a model: geometry, stones and limits, read from one JSON file.

Everything the rules need that is not a rule (board size, start row, the stones and their
symbols, move and move-back distances, the limits that end a game) lives in a board file in
``data/``; the rules read nothing from code constants. A field is numbered
``row * columns + column``; row 0 is the start row, row ``rows`` the far row. Squares are
named like a chess board, ``a0`` .. ``l8``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from mezquita.engine import UnknownOption

DATA = Path(__file__).parent / "data"
#: the board files shipped in ``data/`` (all a remote client may choose); ``tiny`` and
#: ``tiny-win`` are research variants small enough to solve exactly (docs/research.md)
SHIPPED = ("standard", "small", "tiny", "tiny-win")


@dataclass(frozen=True)
class Stone:
    """One stone: ``label`` ("3", "C"), its ``seat``, its left and right ``symbols`` and its
    start field."""

    label: str
    seat: int
    left: str
    right: str
    start: int

    def shows(self, symbol: str) -> bool:
        """Whether either half of the stone shows ``symbol``."""
        return self.left == symbol or self.right == symbol


@dataclass(frozen=True)
class Board:
    """A parsed board file (see ``data/standard.json``).

    Attributes:
        key: the option value it was loaded from (a shipped name or a path).
        raw: the file's JSON, sent to renderers as it is.
        columns, rows: playing area ``rows`` x ``columns`` above the start row 0.
        near_rows: rows 1..near_rows send a stone back to its start (compensation).
        step: how far a move goes (two squares).
        back_distances: how far a stone on the far rows moves back, in order of preference.
        win_stones: stones on the far row that win.
        max_plies: turns after which the game is drawn.
        repetitions: how often one position may occur before the game is drawn.
        symbols: symbol names in file order.
        stones: every stone, seat 0's first, in the order of the file's ``players``.
    """

    key: str
    raw: dict
    columns: int
    rows: int
    near_rows: int
    step: int
    back_distances: tuple[int, ...]
    win_stones: int
    max_plies: int
    repetitions: int
    symbols: tuple[str, ...]
    stones: tuple[Stone, ...]

    # -- geometry --------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of fields, start row included."""
        return (self.rows + 1) * self.columns

    def field(self, column: int, row: int) -> int:
        """The field number of ``(column, row)``."""
        return row * self.columns + column

    def row(self, field: int) -> int:
        """The row of a field (0 = start row)."""
        return field // self.columns

    def column(self, field: int) -> int:
        """The column of a field (0 = ``a``)."""
        return field % self.columns

    def square(self, field: int) -> str:
        """The name of a field, e.g. ``d2``."""
        return self.squares[field]

    @cached_property
    def squares(self) -> tuple[str, ...]:
        """Every field's name, by field number (made once: every move's event names two)."""
        return tuple(f"{chr(ord('a') + self.column(f))}{self.row(f)}" for f in range(self.size))

    def on_board(self, column: int, row: int) -> bool:
        """Whether ``(column, row)`` is a field."""
        return 0 <= column < self.columns and 0 <= row <= self.rows

    def stones_of(self, seat: int) -> range:
        """The stone ids of ``seat``."""
        return self.stones_by_seat[seat]

    @cached_property
    def stones_by_seat(self) -> tuple[range, ...]:
        """Per seat, its stone ids (`stones_of`; made once, as they are read every turn)."""
        per = len(self.stones) // 2
        return tuple(range(seat * per, (seat + 1) * per) for seat in (0, 1))

    @property
    def playing_fields(self) -> range:
        """The fields a move or a move back may end on (rows 1..rows)."""
        return range(self.columns, self.size)

    @property
    def far_fields(self) -> range:
        """The fields of the far (destination) row."""
        return range(self.rows * self.columns, self.size)


@cache
def load_board(key: str) -> Board:
    """The board ``key``: a shipped name (see `SHIPPED`) or the path of a board file."""
    path = DATA / f"{key}.json" if key in SHIPPED else Path(key)
    if not path.is_file():
        raise UnknownOption(f"board {key!r} is neither a shipped board ({', '.join(SHIPPED)}) "
                            "nor a board file")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return _parse(key, raw)
    except (ValueError, KeyError, TypeError) as err:
        raise UnknownOption(f"board file {key!r} is malformed: {err}") from None


def _parse(key: str, raw: dict) -> Board:
    columns, rows = int(raw["columns"]), int(raw["rows"])
    start_row = raw["start_row"]
    if len(start_row) != columns:
        raise ValueError(f"the start row has {len(start_row)} fields, the board {columns} columns")
    players = raw["players"]
    if len(players) != 2 or len(players[0]) != len(players[1]):
        raise ValueError("players must be two lists of stones of equal length")
    symbols = tuple(raw["symbols"])
    stones = []
    for seat, labels in enumerate(players):
        for label in labels:
            left, right = raw["stones"][label]
            if left not in symbols or right not in symbols:
                raise ValueError(f"stone {label} shows an unknown symbol")
            stones.append(Stone(label, seat, left, right, start_row.index(label)))
    board = Board(key=key, raw=raw, columns=columns, rows=rows, near_rows=int(raw["near_rows"]),
                  step=int(raw["step"]), back_distances=tuple(int(d) for d in raw["back_distances"]),
                  win_stones=int(raw["win_stones"]), max_plies=int(raw["max_plies"]),
                  repetitions=int(raw["repetitions"]), symbols=symbols, stones=tuple(stones))
    if len({s.label for s in stones}) != len(stones) or not 0 < board.win_stones <= len(players[0]):
        raise ValueError("stone labels must be unique and win_stones at most a player's stones")
    return board
