"""Europa's guided first game (`mezquita.engine.guide`): two players, a short stack and track,
against the Easy bot, with a note on each rule the moment it first matters: choosing a card
(rules 1, 2), the stones of a tip (rule 3), keeping a card (rule 5), the evaluation (rule 4)
and the final scoring (rule 8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine.guide import GuideSetup

from .words import TEXTS

if TYPE_CHECKING:
    from .rules import EuropaGame

__all__ = ["SETUP", "TEXTS", "notes"]

SETUP: GuideSetup = {"options": {"players": 2, "stack": 56, "finish": 12}, "seed": 1, "bot": "easy"}


def notes(game: EuropaGame, view: dict, legal: list[int]) -> list[str]:
    """The notes for the seat of ``view``: choosing while it chooses, the stones while it
    tips, keeping a card once a stone of its is down, the evaluation once a round has been
    evaluated, and the final scoring at the end."""
    me = view["seat"]
    phase = view["phase"]
    keys = ["choose"] if legal and phase == "choose" else []
    if legal and phase == "tip":
        keys.append("stones")
        if view["tips"][me]:
            keys.append("keep")
    if view["results"] or view["round"] > 1:
        keys.append("evaluation")
    if view["terminal"]:
        keys.append("final")
    return keys
