"""Citadels' reference: every character (those of this game first) and every district type,
the Dark City ones too, with their abilities from ``data/characters.json`` and
``data/districts.json``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mezquita.engine import pick
from mezquita.engine.reference import Entry, Section, entry, section

from .cards import (
    BASE_CHARS,
    CHAR_KEYS,
    CHAR_RANK,
    COLOURS,
    DARK_DISTRICTS,
    DIST_COLOUR,
    DIST_COPIES,
    DIST_COST,
    DIST_KEYS,
    DIST_POINTS,
    NUM_CHARS,
    NUM_DISTRICTS,
    PURPLE,
)
from .words import TEXTS, TYPE_SYMBOL, ability, char_name, district_kind, district_name

if TYPE_CHECKING:
    from .rules import CitadelsGame


def reference(game: CitadelsGame, lang: str) -> list[Section]:
    """The characters, this game's in rank order first, then the districts in deck order."""
    words = pick(TEXTS["reference"], lang)
    others = [c for c in range(NUM_CHARS) if c not in game.characters]
    in_deck = set(game.deck)
    return [
        section("characters", words["characters"],
                [_character(c, c in game.characters, words, lang) for c in (*game.characters, *others)]),
        section("districts", words["districts"],
                [_district(d, d in in_deck, words, lang) for d in range(NUM_DISTRICTS)]),
    ]


def _character(char: int, in_play: bool, words: dict, lang: str) -> Entry:
    key = CHAR_KEYS[char]
    facts = [words["rank"].format(rank=CHAR_RANK[char])]
    if char not in BASE_CHARS:
        facts.append(words["dark_city"])
    return entry(key, char_name(char, lang), ability(key, lang) or "", facts, in_play)


def _district(dist: int, in_play: bool, words: dict, lang: str) -> Entry:
    key, colour = DIST_KEYS[dist], COLOURS[DIST_COLOUR[dist]]
    kind = {"symbol": TYPE_SYMBOL[colour], "kind": district_kind(colour, lang)}
    text = ability(key, lang) if DIST_COLOUR[dist] == PURPLE else None
    facts = [words["cost"].format(cost=DIST_COST[dist]), _count(words["points"], DIST_POINTS[dist]),
             _count(words["copies"], DIST_COPIES[dist])]
    if text:
        facts.insert(0, words["kind"].format(**kind))
    if dist in DARK_DISTRICTS:
        facts.append(words["dark_city"])
    return entry(key, district_name(dist, lang), text or words["plain"].format(**kind), facts, in_play)


def _count(forms: list[str], n: int) -> str:
    """``n`` with the singular or the plural of ``forms`` ("1 point", "3 points")."""
    return forms[0 if n == 1 else 1].format(n=n)
