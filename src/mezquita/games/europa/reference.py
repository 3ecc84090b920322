"""Europa's reference: the card colours with the keep rule (rule 5), labelled as the
reconstruction the board and the cards are."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from mezquita.engine import pick
from mezquita.engine.reference import Section, entry, section

from .cards import COLOURS, KEEP_NEED, deck
from .words import TEXTS

if TYPE_CHECKING:
    from .rules import EuropaGame


def reference(game: EuropaGame, lang: str) -> list[Section]:
    """One entry per card colour: when a card of it is kept, and how many the box holds."""
    words = pick(TEXTS["reference"], lang)
    count = Counter(card.colour for card in deck().values())
    return [section("colours", words["colours"], [
        entry(colour, pick(TEXTS["colours"][colour], lang), words["keep"].format(need=KEEP_NEED[colour]),
              [words["cards"].format(n=count[colour])])
        for colour in COLOURS], pick(TEXTS["catalogue"], lang)["game.europa.reconstruction"])]
