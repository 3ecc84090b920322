"""Córdoba's guided first game (`mezquita.engine.guide`): a short deal (five landmarks, eight
cards) against the Easy bot, with a note on each rule the moment it first matters: the
blocked landmark (rule 4), face-down cards (rule 6), control and ties (rule 7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine.guide import GuideSetup

from .words import TEXTS

if TYPE_CHECKING:
    from .rules import CordobaGame

__all__ = ["SETUP", "TEXTS", "notes"]

SETUP: GuideSetup = {"options": {"landmarks": 5, "cards": 8}, "seed": 7, "bot": "easy"}


def notes(game: CordobaGame, view: dict, legal: list[int]) -> list[str]:
    """The notes for the seat of ``view``: how to play while it is to move, then control once
    it has a card down, the blocked landmark, face-down and revealed cards, and the score."""
    me = view["seat"]
    landmarks = view["landmarks"]
    keys = ["play"] if legal else []
    if any(spot["cards"][me] for spot in landmarks):
        keys.append("control")
    if legal and view["forbidden"] is not None:
        keys.append("blocked")
    if any(None in spot["cards"][1 - me] for spot in landmarks):
        keys.append("face_down")
    if any(spot["face_up"] for spot in landmarks):
        keys.append("face_up")
    if view["terminal"]:
        keys.append("score")
    return keys
