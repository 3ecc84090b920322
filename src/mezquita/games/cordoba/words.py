"""Córdoba in words, in en/es/ca/de, from texts.json: landmark names and one sentence per log
entry."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mezquita.engine import load_texts, pick, seat_name

TEXTS = load_texts(Path(__file__).parent / "data" / "texts.json")


def landmark_name(value: int, lang: str = "en") -> str:
    """The display name of landmark ``value`` (1..7) in ``lang``."""
    return pick(TEXTS["landmarks"][value - 1], lang)


def landmark_label(value: int, lang: str = "en") -> str:
    """A landmark with its value, e.g. "Roman Bridge (5)"."""
    return pick(TEXTS["words"]["landmark"], lang).format(name=landmark_name(value, lang), value=value)


def event_text(game: Any, entry: dict, lang: str = "en",
               names: Sequence[str | None] | None = None) -> str:
    """One (masked) log entry as a sentence: a card another seat played face down reads as
    "a face-down card"."""
    kind = entry["do"]
    fields = {"player": seat_name(entry["seat"], lang, names) if entry["seat"] is not None else ""}
    if "landmark" in entry:
        fields["landmark"] = landmark_label(entry["landmark"], lang)
    if kind == "play":
        card = entry["card"]
        fields["card"] = pick(TEXTS["words"]["face_down"], lang) if card is None else str(card)
    elif kind == "reveal":
        fields["cards"] = ", ".join(map(str, entry["cards"]))
    elif kind == "game_end":
        fields["game"] = entry["game"]
        fields["scores"] = " - ".join(map(str, entry["scores"]))
    return pick(TEXTS["events"][kind], lang).format(**fields)
