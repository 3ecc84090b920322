"""Córdoba's words in en/es/ca/de, read from texts.json: landmark names and labels."""

from __future__ import annotations

from pathlib import Path

from mezquita.engine import load_texts, pick

TEXTS = load_texts(Path(__file__).parent / "data" / "texts.json")


def landmark_name(value: int, lang: str = "en") -> str:
    """The display name of landmark ``value`` (1..7) in ``lang``."""
    return pick(TEXTS["landmarks"][value - 1], lang)


def landmark_label(value: int, lang: str = "en") -> str:
    """A landmark with its value, e.g. "Roman Bridge (5)"."""
    return pick(TEXTS["words"]["landmark"], lang).format(name=landmark_name(value, lang), value=value)
