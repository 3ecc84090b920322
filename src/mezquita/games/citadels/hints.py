"""Why a Citadels decision may be good, in one line, from the decider's view alone (the hook
``CitadelsGame.hint_reason``): a character drafted is denied to those who pick after, and a
build that completes the city ends the game. Other decisions get no reason."""

from __future__ import annotations

from mezquita.engine import Game, pick

from .cards import CHAR_INDEX
from .words import TEXTS, char_name

#: from this many players on, everyone picks once a round (fewer pick twice, with discards)
ONE_PICK = 4


def hint_reason(game: Game, view: dict, action: int, lang: str = "en") -> str | None:
    """The reason for ``action`` in ``view`` (module docstring), or None."""
    move = game.action_to_json(action)
    reasons = TEXTS["reasons"]
    if move["do"] == "pick" and view["players"] >= ONE_PICK:
        later = view["players"] - 1 - sum(1 for _, kind in view["draft"]["steps_done"] if kind == "pick")
        if later > 0:
            text = pick(reasons["deny_one" if later == 1 else "deny"], lang)
            return text.format(character=char_name(CHAR_INDEX[move["character"]], lang), n=later)
    if move["do"] == "build" and len(view["seats"][view["seat"]]["city"]) + 1 >= view["threshold"]:
        return pick(reasons["complete"], lang)
    return None
