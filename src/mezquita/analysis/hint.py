"""Hints: the analyst's best few actions for the seat to move, each with its estimate and a
one-line reason where the game gives one (``Game.hint_reason``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mezquita.agents import Turn
from mezquita.engine.texts import check_lang

from .search import Estimate, analyse

#: suggestions a hint gives
COUNT = 3


@dataclass(frozen=True)
class Suggestion:
    """One suggested action: its id, JSON form and label, the analyst's `Estimate` of it, what
    that estimate measures (``"win chance"`` or ``"evaluation"``) and a reason or None."""

    action: int
    json: Any
    label: str
    estimate: Estimate
    measure: str
    reason: str | None

    def to_json(self) -> dict:
        """The suggestion as JSON (value and interval rounded to 3 places)."""
        e = self.estimate
        return {"action": self.json, "label": self.label, "measure": self.measure,
                "value": round(e.value, 3), "interval": [round(e.low, 3), round(e.high, 3)],
                "visits": e.visits, "reason": self.reason}


def hint(turn: Turn, budget: int | None = None, seed: int = 0, lang: str = "en",
         count: int = COUNT) -> list[Suggestion]:
    """The analyst's best ``count`` actions for ``turn``, best first: searched from the turn's
    view and resampler only, so the same view and seed give the same hint in every world."""
    check_lang(lang)
    analysis = analyse(turn, budget, seed)
    game = turn.game
    reason = game.hint_reason
    return [Suggestion(e.action, game.action_to_json(e.action), game.action_label(e.action, lang),
                       e, analysis.measure, reason(game, turn.view, e.action, lang) if reason else None)
            for e in analysis.estimates[:count]]
