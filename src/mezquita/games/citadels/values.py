"""Rules of thumb on what a character is worth to a seat, shared by the heuristic bot and the
search bots' draft model (`belief`). Public facts only: city, gold, hand size, Crown.
"""

from __future__ import annotations

from .cards import CHAR_INCOME, CHAR_KEYS, DIST_COLOUR

# how much a character is worth before looking at the position
_BASE = {"assassin": 3.0, "thief": 2.5, "magician": 2.0, "king": 3.0, "bishop": 2.0,
         "merchant": 3.5, "architect": 3.0, "warlord": 2.5, "witch": 3.0,
         "tax_collector": 2.5, "wizard": 2.5, "emperor": 2.5, "abbot": 2.5, "alchemist": 3.5,
         "navigator": 3.0, "diplomat": 2.5, "queen": 2.0, "artist": 2.0}

def character_values(me: int, city: list[int], hand_size: int, can_build: bool, gold: int,
                     crown: int, sizes: list[int], richest: int) -> list[float]:
    """What each character (by index) is worth to seat ``me`` before the draft: a base value,
    income for the matching districts in its ``city``, and bonuses for the position (the
    Architect with cards and gold, the Magician with nothing to build, the Crown when another
    seat holds it, the Bishop for a big city, the Thief when someone has 5 gold or more,
    the Assassin and Witch late in the game)."""
    biggest = max(sizes)
    values = []
    for c, key in enumerate(CHAR_KEYS):
        value = _BASE[key]
        colour = CHAR_INCOME[c]
        if colour >= 0:
            value += sum(1 for d in city if DIST_COLOUR[d] == colour)
        if key in ("architect", "navigator") and hand_size >= 2 and gold >= 4:
            value += 1.5
        if key == "magician" and not can_build:
            value += 2.0
        if key in ("king", "emperor") and crown != me:
            value += 0.5
        if key == "bishop" and biggest and sizes[me] >= 5:
            value += 1.5
        if key == "thief" and richest >= 5:
            value += 1.5
        if key in ("assassin", "witch") and biggest >= 6:
            value += 1.0
        values.append(value)
    return values
