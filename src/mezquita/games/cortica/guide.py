"""Cortiça's guided first game (`mezquita.engine.guide`): the standard card set against the
Easy bot, with a note on each rule the moment it first matters: placing (rule 3), the
resolution order (rule 4), interns (rules 5, 6), plans (rule 7), resting a card (rule 8) and
the winner (rule 9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine.guide import GuideSetup

from .words import TEXTS

if TYPE_CHECKING:
    from .rules import CorticaGame

__all__ = ["SETUP", "TEXTS", "notes"]

SETUP: GuideSetup = {"options": {}, "seed": 5, "bot": "easy"}

#: the action blocks that use a plan (rule 7)
PLAN_BLOCKS = ("use_plan", "flip_plan", "flip_use_plan", "double_plan")


def notes(game: CorticaGame, view: dict, legal: list[int]) -> list[str]:
    """The notes for the seat of ``view``: placing while it places, the resolution order once
    cards resolve, interns once one is in play, plans when it may use one, resting a card when
    it chooses one, and the winner at the end."""
    phase = view["phase"]
    blocks = {game.decisions.space.kind(a).name for a in legal}
    keys = ["place"] if legal and phase == "place" else []
    if phase == "resolve" or view["round"] > 1:
        keys.append("order")
    workers = [*view["stack"], *(w for slot in view["row"] for w in slot["spaces"] if w)]
    if any(w["intern"] for w in workers):
        keys.append("intern")
    if blocks & set(PLAN_BLOCKS):
        keys.append("plans")
    if "rest" in blocks:
        keys.append("rest")
    if view["terminal"]:
        keys.append("winner")
    return keys
