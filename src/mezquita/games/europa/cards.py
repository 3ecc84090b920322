"""The location cards as the rules use them: colour, names and the board place of each
solution point (from `locations.load_locations`, located once on the board)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .board import Place
from .locations import load_locations

COLOURS = ("yellow", "red", "blue")
#: rule 5: stones a card of each colour needs (all right) to be kept
KEEP_NEED = {"yellow": 4, "red": 3, "blue": 2}


@dataclass(frozen=True)
class Card:
    """One location card: id, colour, kind, names per language, solution points, places and
    population (capitals and cities only)."""

    id: str
    colour: str
    kind: str
    names: dict
    points: tuple[tuple[float, float], ...]
    places: tuple[Place, ...]
    population: int | None = None  # capitals and cities only

    def name(self, lang: str) -> str:
        """The card's name in ``lang`` (German when a language is missing)."""
        return self.names.get(lang) or self.names["de"]


@cache
def deck() -> dict[str, Card]:
    """Every location card by id, in file order."""
    return {loc.id: Card(loc.id, loc.colour, loc.kind, dict(loc.names), loc.points, loc.places(),
                 loc.population)
            for loc in load_locations()}


def card(card_id: str) -> Card:
    """The card ``card_id``."""
    return deck()[card_id]


def tip_right(places: tuple[Place, ...], tips: list) -> bool:
    """Rule 6: a tip is right if one single solution point agrees with every placed stone."""
    n = len(tips)
    tipped = tuple(tips)
    for place in places:  # a loop, not any(): asked for every seat at every evaluation
        if place[:n] == tipped:
            return n > 0
    return False


def best_place(places: tuple[Place, ...], tips: list) -> tuple[Place, list[bool]]:
    """The solution place agreeing with the most leading stones, and per stone whether it
    agrees with that place (for showing which stones were right)."""
    best, most = places[0], -1
    for place in places:  # a loop, not max() with a key function: as tip_right
        leading = 0
        for stone, value in zip(tips, place):
            if stone != value:
                break
            leading += 1
        if leading > most:  # the first of equals
            best, most = place, leading
    return best, [stone == value for stone, value in zip(tips, best)]
