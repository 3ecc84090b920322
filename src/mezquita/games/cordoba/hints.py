"""Why a Córdoba move may be good, in one line, from the mover's view alone (the hook
``CordobaGame.hint_reason``): what the card does to its landmark's control (rule 7)."""

from __future__ import annotations

from typing import Protocol

from mezquita.engine import pick
from mezquita.engine.actions import Block

from .words import TEXTS, landmark_label


class _Rules(Protocol):
    """What the hint reads of the game (`rules.CordobaGame`, which imports this module, so
    it is not named here): the ``play`` block."""

    @property
    def play(self) -> Block: ...


def hint_reason(game: _Rules, view: dict, action: int, lang: str = "en") -> str | None:
    """The effect of ``play(card, landmark)`` on that landmark as the mover sees it: claims
    an empty one, strengthens its own, contests the opponent's face-down cards, takes control,
    or how far it stays short; the opponent's face-down powers are never guessed."""
    card, value = game.play.values(action)
    me = view["seat"]
    spot = next(m for m in view["landmarks"] if m["value"] == value)
    mine, theirs = spot["cards"][me], spot["cards"][1 - me]
    total = sum(mine) + card
    if not theirs:
        key, gap = ("hold" if mine else "claim"), 0
    elif None in theirs:
        key, gap = "contest", 0
    else:
        # control needs the higher total; the start player wins a tie (rule 7)
        gap = sum(theirs) - total + (0 if me == view["start_player"] else 1)
        key = "behind" if gap > 0 else "hold" if spot["controller"] == me else "take"
    return pick(TEXTS["reasons"][key], lang).format(landmark=landmark_label(value, lang), gap=gap)
