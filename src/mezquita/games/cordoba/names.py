"""Landmark names and action verbs in en/es/ca/de, read from landmarks.json."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path


@cache
def texts() -> dict:
    """The parsed landmarks.json."""
    return json.loads((Path(__file__).parent / "landmarks.json").read_text(encoding="utf-8"))


def landmark_name(value: int, lang: str = "en") -> str:
    """The display name of landmark ``value`` (1..7) in ``lang`` (en, es, ca, de)."""
    entry = texts()["landmarks"][value - 1]
    return entry.get(lang, entry["en"])


def play_verb(lang: str) -> str:
    """The format string of a play action label in ``lang``."""
    verbs = texts()["verbs"]
    return verbs.get(lang, verbs["en"])
