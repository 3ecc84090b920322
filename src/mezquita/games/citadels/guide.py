"""Citadels' guided first game (`mezquita.engine.guide`): three players and the short game
(7 districts) against two Easy bots, with a note on each rule the moment it first matters:
the draft (rule 2.1), the turn (rule 2.3), character powers (section 3), the Warlord's cost
(rule 3.8), the end (rule 2.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine.guide import GuideSetup

from .words import TEXTS

if TYPE_CHECKING:
    from .rules import CitadelsGame

__all__ = ["SETUP", "TEXTS", "notes"]

SETUP: GuideSetup = {"options": {"players": 3, "short": True}, "seed": 40, "bot": "easy"}

#: the decisions of every turn (rules 2.1-2.3); any other is a character's power or a
#: district's ability
PLAIN = frozenset({"pick", "discard_char", "gold", "draw", "keep", "build", "end"})


def notes(game: CitadelsGame, view: dict, legal: list[int]) -> list[str]:
    """The notes for the seat of ``view``: the draft while it drafts, the turn once it takes
    gold or cards, powers once one is offered, the Warlord's cost when it may destroy, the
    last round once a city is complete, and the score at the end."""
    blocks = {game.decisions.space.kind(a).name for a in legal}
    keys = []
    if blocks & {"pick", "discard_char"}:
        keys.append("draft")
    if blocks & {"gold", "draw"}:
        keys.append("turn")
    if blocks - PLAIN:
        keys.append("power")
    if "destroy" in blocks:
        keys.append("warlord")
    if view["end_triggered"]:
        keys.append("last_round")
    if view["terminal"]:
        keys.append("score")
    return keys
