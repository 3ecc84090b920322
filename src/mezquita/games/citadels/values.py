"""Rules of thumb on what a character is worth to a seat, shared by the heuristic bot and the
search bots' draft model (`belief`). Public facts only: city, gold, hand size, Crown.
"""

from __future__ import annotations

from .cards import (
    ARCHITECT,
    ASSASSIN,
    BISHOP,
    CHAR_INCOME,
    CHAR_KEYS,
    COLOURS,
    DIST_COLOUR,
    EMPEROR,
    KING,
    MAGICIAN,
    NAVIGATOR,
    THIEF,
    WITCH,
)

# how much a character is worth before looking at the position
_BASE = {"assassin": 3.0, "thief": 2.5, "magician": 2.0, "king": 3.0, "bishop": 2.0,
         "merchant": 3.5, "architect": 3.0, "warlord": 2.5, "witch": 3.0,
         "tax_collector": 2.5, "wizard": 2.5, "emperor": 2.5, "abbot": 2.5, "alchemist": 3.5,
         "navigator": 3.0, "diplomat": 2.5, "queen": 2.0, "artist": 2.0}
_BASES = tuple(_BASE[key] for key in CHAR_KEYS)  # by character index
_INCOMES = tuple((c, colour) for c, colour in enumerate(CHAR_INCOME) if colour >= 0)

def character_values(me: int, city: list[int], hand_size: int, can_build: bool, gold: int,
                     crown: int, sizes: list[int], richest: int) -> list[float]:
    """What each character (by index) is worth to seat ``me`` before the draft: a base value,
    income for the matching districts in its ``city``, and bonuses for the position (the
    Architect with cards and gold, the Magician with nothing to build, the Crown when another
    seat holds it, the Bishop for a big city, the Thief when someone has 5 gold or more,
    the Assassin and Witch late in the game)."""
    values = list(_BASES)
    if city:  # income: the base value plus the districts of the character's colour
        counts = [0] * len(COLOURS)
        for d in city:
            counts[DIST_COLOUR[d]] += 1
        for c, colour in _INCOMES:
            if counts[colour]:
                values[c] += counts[colour]
    # then at most one bonus per character
    if hand_size >= 2 and gold >= 4:
        values[ARCHITECT] += 1.5
        values[NAVIGATOR] += 1.5
    if not can_build:
        values[MAGICIAN] += 2.0
    if crown != me:
        values[KING] += 0.5
        values[EMPEROR] += 0.5
    biggest = max(sizes)
    if biggest and sizes[me] >= 5:
        values[BISHOP] += 1.5
    if richest >= 5:
        values[THIEF] += 1.5
    if biggest >= 6:
        values[ASSASSIN] += 1.0
        values[WITCH] += 1.0
    return values
