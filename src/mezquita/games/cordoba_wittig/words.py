"""Cordoba (Wittig) in words, in en/es/ca/de, from texts.json: the sides, the symbols (named
by the board file) and one sentence per log entry."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mezquita.engine import load_texts, pick, seat_name

TEXTS = load_texts(Path(__file__).parent / "data" / "texts.json")


def side_name(side: str, lang: str) -> str:
    """"left" or "right" in ``lang``."""
    return pick(TEXTS["sides"][side], lang)


def symbol_name(game: Any, symbol: str, lang: str) -> str:
    """A symbol's name in ``lang``, as the game's board file names it."""
    return pick(game.board.raw["symbols"][symbol]["name"], lang)


def event_text(game: Any, entry: dict, lang: str = "en",
               names: Sequence[str | None] | None = None) -> str:
    """One log entry as a sentence."""
    kind = entry["do"]
    fields = dict(entry)
    if entry.get("seat") is not None:
        fields["player"] = seat_name(entry["seat"], lang, names)
    if "symbol" in entry:
        fields["symbol"] = symbol_name(game, entry["symbol"], lang)
    if kind == "double":
        fields["side"] = side_name(entry["side"], lang)
    if kind == "power":
        fields["stones"] = ", ".join(entry["stones"])
        if not entry["stones"]:
            kind = "power_alone"
    if kind in ("claim", "win"):
        fields["player"] = seat_name(entry["player"], lang, names)
    if kind == "back" and entry["home"]:
        kind = "back_home"
    return pick(TEXTS["events"][kind], lang).format(**fields)
