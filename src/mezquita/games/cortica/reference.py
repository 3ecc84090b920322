"""Cortiça's reference: both sides of every card of the game's card set, worded as the page
data words them (`words.effect_text`), labelled as a reconstruction when the set is one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine import pick
from mezquita.engine.reference import Entry, Section, entry, section

from .cards import ActionCard, PlanCard
from .words import TEXTS, effect_text

if TYPE_CHECKING:
    from .rules import CorticaGame


def reference(game: CorticaGame, lang: str) -> list[Section]:
    """The action cards (their star side, one line per option; the other side is Rest), then
    each side of each plan."""
    words, catalogue = pick(TEXTS["reference"], lang), pick(TEXTS["catalogue"], lang)
    note = catalogue["game.cortica.reconstruction"] if game.cards.reconstruction else ""
    return [
        section("actions", words["actions"],
                [_action(card, words, catalogue, lang) for card in game.cards.actions], note),
        section("plans", words["plans"],
                [_plan_side(p, side, lang) for p in game.cards.plans for side in (0, 1)], note),
    ]


def _action(card: ActionCard, words: dict, catalogue: dict, lang: str) -> Entry:
    spaces = words["spaces"][0 if card.spaces == 1 else 1].format(n=card.spaces)
    rest = pick(TEXTS["render"], lang)["other_side"].format(effect=catalogue["cortica.rest"])
    return entry(card.key, pick(card.names, lang), "\n".join(effect_text(e, lang) for e in card.options),
                 [spaces, rest])


def _plan_side(plan: PlanCard, side: int, lang: str) -> Entry:
    sides = pick(TEXTS["sides"], lang)
    other = pick(TEXTS["render"], lang)["other_side"].format(effect=effect_text(plan.sides[1 - side], lang))
    return entry(f"{plan.key}-{('star', 'back')[side]}", f"{pick(plan.names, lang)} · {sides[side]}",
                 effect_text(plan.sides[side], lang), [other])
