"""User-facing text: the four languages, one loader for a game's text files, seat names."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .errors import UnknownOption

#: The rulebooks' languages, in which every user-facing text exists.
LANGS = ("en", "es", "ca", "de")

_PLAYER = {"en": "Player {n}", "es": "Jugador {n}", "ca": "Jugador {n}", "de": "Spieler {n}"}


def check_lang(lang: str) -> str:
    """``lang`` if it is one of `LANGS`, else `UnknownOption` naming them."""
    if lang not in LANGS:
        raise UnknownOption(f"unknown language {lang!r} (languages: {', '.join(LANGS)})")
    return lang


def pick(texts: dict[str, Any], lang: str) -> Any:
    """The ``lang`` entry of a ``{lang: text}`` dict, English when it has none."""
    return texts.get(lang, texts.get("en"))


@cache
def load_texts(path: str | Path) -> dict:
    """A game's JSON text file, parsed once (pass ``Path(__file__).parent / "texts.json"``)."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def seat_name(seat: int, lang: str = "en", names: Sequence[str | None] | None = None) -> str:
    """How a seat is named to people: its player's name if given, else "Player 1", 1-based."""
    name = names[seat] if names is not None and 0 <= seat < len(names) else None
    if name:
        return name
    return pick(_PLAYER, lang).format(n=seat + 1)
