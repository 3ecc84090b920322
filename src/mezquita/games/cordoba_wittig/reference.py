"""Cordoba (Wittig)'s reference: the symbols, every stone and the board's numbers, from the
board file (a reconstruction, labelled so)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine import pick, seat_name
from mezquita.engine.reference import Section, entry, section

from .words import TEXTS

if TYPE_CHECKING:
    from .board import Board
    from .rules import CordobaWittigGame


def reference(game: CordobaWittigGame, lang: str) -> list[Section]:
    """The symbols and which stones show them, the stones, and the board's rules with their
    numbers (what a symbol in power does among them)."""
    board, words = game.board, pick(TEXTS["reference"], lang)
    note = " — ".join(filter(None, (pick(board.raw.get("name", {}), lang),
                                  pick(TEXTS["catalogue"], lang)["game.cordoba-wittig.reconstruction"])))
    symbols = [entry(symbol, _symbol(board, symbol, lang),
                     words["shown_by"].format(stones=", ".join(stone.label for stone in board.stones
                                                               if stone.shows(symbol))))
               for symbol in board.symbols]
    stones = [entry(stone.label, words["stone"].format(stone=stone.label),
                    words["halves"].format(left=_symbol(board, stone.left, lang),
                                           right=_symbol(board, stone.right, lang)),
                    [seat_name(stone.seat, lang), words["start"].format(square=board.square(stone.start))])
              for stone in board.stones]
    numbers = {"columns": board.columns, "rows": board.rows, "stones": board.win_stones,
               "step": board.step, "near": board.near_rows,
               "distances": "/".join(map(str, board.back_distances)),
               "plies": board.max_plies, "repetitions": board.repetitions}
    rules = [entry(key, words[key], words[f"{key}_text"].format(**numbers))
             for key in ("size", "goal", "move", "power", "back", "draw")]
    return [section("symbols", words["symbols"], symbols, note),
            section("stones", words["stones"], stones, note),
            section("board", words["board"], rules, note)]


def _symbol(board: Board, symbol: str, lang: str) -> str:
    """A symbol as the board shows it and named in ``lang``: "★ star"."""
    raw = board.raw["symbols"][symbol]
    return f"{raw['glyph']} {pick(raw['name'], lang)}"
