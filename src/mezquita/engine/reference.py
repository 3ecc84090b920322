"""The shape of a game's reference (`Game.reference`): sections of entries, alike in every game.

A section is ``{"key", "title", "note", "entries"}``; ``note`` labels what the section shows of
a reconstruction (or is ``""``). An entry is ``{"key", "name", "text", "facts", "in_play"}``:
one piece or rule of the game, what it does (alternatives, such as a card's options, on lines
of their own), short facts about it ("rank 4", "cost 3") and whether the configured game uses
it (a Citadels character that was not chosen: False).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict


class Entry(TypedDict):
    """One piece or rule of a game in a reference."""

    key: str
    name: str
    text: str
    facts: list[str]
    in_play: bool


class Section(TypedDict):
    """A titled group of entries."""

    key: str
    title: str
    note: str
    entries: list[Entry]


def entry(key: str, name: str, text: str, facts: Iterable[str] = (), in_play: bool = True) -> Entry:
    """An entry of a reference section."""
    return {"key": key, "name": name, "text": text, "facts": list(facts), "in_play": in_play}


def section(key: str, title: str, entries: Iterable[Entry], note: str = "") -> Section:
    """A reference section."""
    return {"key": key, "title": title, "note": note, "entries": list(entries)}
