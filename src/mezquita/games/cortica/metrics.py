"""Cortiça's balance figures for the arena (see ``mezquita.arena.figures``), read from the
finished game's events: which action cards the workers went to, which options and plan uses
were chosen (an action of the card set that is never chosen is a design question), and what
decided the game (rule 9). Blue starts every round.
"""

from __future__ import annotations

from .rules import BLUE, CorticaGame, CorticaState

PLAN_MOVES = ("use_plan", "flip_plan", "flip_use_plan", "double_plan")


def start_seat(state: CorticaState) -> int:
    """Blue places first in every round."""
    del state
    return BLUE


def rounds(state: CorticaState) -> int:
    """Rounds played (each ends with a ``round_end`` event)."""
    return sum(e["do"] == "round_end" for e in state.events)


def facts(state: CorticaState) -> list[list]:
    """``action`` cards ``placed`` on and ``rested``; ``option`` items ``chosen`` (``use
    market 2`` is the market's second option; plan moves name the plan); ``end`` decided
    ``by`` cork, bark, tree or the top worker, for the winner."""
    out = []
    for e in state.events:
        kind, seat = e["do"], e["seat"]
        if kind == "place":
            out.append(["action", e["card"], "placed", seat])
        elif kind == "rest":
            out.append(["action", e["card"], "rested", seat])
        elif kind == "use":
            out.append(["option", f"use {e['card']} {e['option'] + 1}", "chosen", seat])
        elif kind in PLAN_MOVES:
            out.append(["option", f"{kind} {e['plan']}", "chosen", seat])
        elif kind == "skip" and not e["auto"]:
            out.append(["option", "skip", "chosen", seat])
        elif kind == "game_over":
            out.append(["end", e["by"], "decided by", e["winner"]])
            if e["limit"] is not None:
                out.append(["end", "round limit", "decided by", e["winner"]])
    return out


def catalogue(game: CorticaGame) -> dict[str, list[str]]:
    """Every action card, every option of every card and every plan move of the card set (an
    option that names a plan move, e.g. the Process card's, is chosen as that plan move)."""
    cards = game.cards
    options = [f"use {c.key} {i + 1}" for c in cards.actions for i, e in enumerate(c.options)
               if e.special not in PLAN_MOVES]
    options += [f"{kind} {p.key}" for kind in PLAN_MOVES for p in cards.plans]
    return {"action": [c.key for c in cards.actions], "option": [*options, "skip"],
            "end": ["cork", "bark", "tree", "top"]}
