"""The shape of a game's guided first game (`Game.guide_setup`, `Game.guide`), alike in every game.

A game's ``guide`` companion module holds ``SETUP`` (the scripted deal: the options, seed and
bot level of the practice match the lobby's "Learn to play" creates), ``TEXTS`` (its texts,
whose ``"guide"`` key holds per language the words of each note key) and ``notes(game, view,
legal)``: the keys of the rule notes that matter to the seat of ``view`` now, most basic
first. The page shows each note once, in that order, so a note may stay listed while its
situation lasts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from .texts import pick


class GuideSetup(TypedDict):
    """A guided practice match: the game's options, the seed it is dealt from and the level
    of the bot at the other seats."""

    options: dict
    seed: int
    bot: str


class Note(TypedDict):
    """One rule note of a guide, worded."""

    key: str
    text: str


def guide_notes(keys: Iterable[str], texts: dict[str, dict[str, str]], lang: str) -> list[Note]:
    """The notes ``keys`` worded from a game's ``"guide"`` texts in ``lang``."""
    words = pick(texts, lang)
    return [{"key": key, "text": words[key]} for key in keys]
