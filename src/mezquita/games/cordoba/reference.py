"""Córdoba's reference: the landmarks in play with their values, the decks and the scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine import pick
from mezquita.engine.reference import Section, entry, section

from .words import TEXTS, landmark_label

if TYPE_CHECKING:
    from .rules import CordobaGame


def reference(game: CordobaGame, lang: str) -> list[Section]:
    """The landmarks of this game, its cards and how a game is scored."""
    words = pick(TEXTS["reference"], lang)
    landmarks = [entry(str(value), landmark_label(value, lang), words["landmark"].format(value=value))
                 for value in game.landmark_values]
    deck = entry("deck", words["deck"], words["deck_text"].format(low=game.powers[0], high=game.powers[-1]),
                 [words["hand"].format(hand=game.hand_size)])
    scoring = [entry(key, words[key], words[f"{key}_text"]) for key in ("control", "score")]
    return [section("landmarks", words["landmarks"], landmarks, words["landmarks_note"]),
            section("cards", words["cards"], [deck]),
            section("scoring", words["scoring"], scoring)]
