"""Cordoba (Wittig)'s guided first game (`mezquita.engine.guide`): the standard board against
the Easy bot, with a note on each rule the moment it first matters: the move (rule 3),
doubles and breaking them up (rules 4, 5), power and compensation (rules 6, 7), the far row
and the extra turn (rule 8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine.guide import GuideSetup

from .words import TEXTS

if TYPE_CHECKING:
    from .rules import CordobaWittigGame

__all__ = ["SETUP", "TEXTS", "notes"]

SETUP: GuideSetup = {"options": {}, "seed": 8, "bot": "easy"}


def notes(game: CordobaWittigGame, view: dict, legal: list[int]) -> list[str]:
    """The notes for the seat of ``view``: the move while it is to move, a double when one is
    made or on the board, the obligation to break it up, power once a double brings a symbol
    into power, the far row once a stone of the seat is there, the extra turn (during it or
    after) and the end."""
    me = view["seat"]
    keys = ["move"] if legal else []
    if (legal and view["phase"] == "side") or any(st["place"] != "single" for st in view["stones"]):
        keys.append("double")
    if legal and view["owed"][me]:
        keys.append("break_up")
    if view["compensation"] is not None:
        keys.append("power")
    if view["far"][me]:
        keys.append("far_row")
    if view["claim"] is not None or view["outcome"] in ("win", "draw_matched"):
        keys.append("extra_turn")  # also once over: the page may not see the extra turn itself
    if view["terminal"]:
        keys.append("end")
    return keys
