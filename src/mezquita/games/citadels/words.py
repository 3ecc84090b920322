"""Citadels in words: card names and one sentence per log entry, in en/es/ca/de.

`event_text` reads only the (already masked) entry: a secret field is ``None`` and picks
the ``<kind>_hidden`` wording ("Bruno picks a character"); a count or gold of 1 the
``<kind>_one`` wording where there is one ("draws 1 card").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mezquita.engine import load_texts, pick, seat_name

from .cards import CHAR_INDEX, CHAR_NAMES, DIST_INDEX, DIST_NAMES

_DATA = Path(__file__).parent / "data"
#: every user-facing text of the game: action labels, event texts, the board, the scores
TEXTS = load_texts(_DATA / "texts.json")
#: the ability of each character and purple district, and the district types' names
_ABILITIES = {c["key"]: c["text"] for c in load_texts(_DATA / "characters.json")["characters"]}
_DISTRICT_DATA = load_texts(_DATA / "districts.json")
_ABILITIES.update({d["key"]: d["text"] for d in _DISTRICT_DATA["districts"] if "text" in d})
#: a symbol per district type (colour), so colour is never the only cue: noble, religious,
#: trade, military, special (the web board uses the same symbols)
TYPE_SYMBOL = {"yellow": "♔", "blue": "✚", "green": "⚖", "red": "⚔", "purple": "★"}


def char_name(char: int, lang: str = "en") -> str:
    """The name of character ``char`` in ``lang``."""
    return pick(CHAR_NAMES[char], lang)


def district_name(dist: int, lang: str = "en") -> str:
    """The name of district type ``dist`` in ``lang``."""
    return pick(DIST_NAMES[dist], lang)


def ui(key: str, lang: str) -> str:
    """A word or phrase of the board and the score table (``texts.json["ui"]``)."""
    return pick(TEXTS["ui"][key], lang)


def card_name(key: str, lang: str) -> str:
    """The name of a character or district key in ``lang``."""
    if key in CHAR_INDEX:
        return char_name(CHAR_INDEX[key], lang)
    return district_name(DIST_INDEX[key], lang)


def ability(key: str, lang: str) -> str | None:
    """What a character or a purple district does, in ``lang`` (``None`` for plain districts)."""
    text = _ABILITIES.get(key)
    return pick(text, lang) if text else None


def district_kind(colour: str, lang: str) -> str:
    """What districts of ``colour`` are ("noble" for yellow) in ``lang``."""
    return pick(_DISTRICT_DATA["colours"][colour], lang)


def type_legend(lang: str) -> str:
    """"♔ noble, ✚ religious, ..." in ``lang``: what each district symbol means."""
    return ", ".join(f"{symbol} {district_kind(colour, lang)}" for colour, symbol in TYPE_SYMBOL.items())


def name_list(card_keys: list[str], lang: str) -> str:
    """"Temple, Manor and Castle" in ``lang`` (a dash for none)."""
    names = [card_name(k, lang) for k in card_keys]
    if not names:
        return "-"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {pick(TEXTS['words']['and'], lang)} {names[-1]}"


_SEATS = ("seat", "target", "to", "crown")
_CARDS = ("character", "district", "gave", "source")
_LISTS = ("cards", "face_up", "face_down")


def event_text(game: Any, entry: dict, lang: str = "en",
               names: Sequence[str | None] | None = None) -> str:
    """One log entry as a sentence ("Anna builds Palace (5)")."""
    kind = entry["do"]
    if kind == "call":
        kind = f"call_{entry['status']}"
    templates = TEXTS["events"]
    if any(v is None for k, v in entry.items() if k != "seat") and kind + "_hidden" in templates:
        kind += "_hidden"
    if 1 in (entry.get("count"), entry.get("gold")) and kind + "_one" in templates:
        kind += "_one"  # the singular: "draws 1 card", "toma 1 oro"
    fields: dict = {}
    for k, v in entry.items():
        if v is None:
            continue
        if k in _SEATS:
            fields[k] = seat_name(v, lang, names)
        elif k in _CARDS:
            fields[k] = card_name(v, lang)
        elif k in _LISTS:
            fields[k] = name_list(v, lang) if isinstance(v, list) else card_name(v, lang)
        else:
            fields[k] = v
    text = pick(templates[kind], lang).format(**fields)
    if lang in ("es", "ca") and entry.get("character"):
        text = _articles(text, entry["character"], fields["character"], lang)
    return text


#: characters named with a feminine article in Spanish and Catalan
_FEMININE = {"witch", "queen"}


def _articles(text: str, key: str, name: str, lang: str) -> str:
    """The article before a character's name agreed with it: "a la Reina", "l'Arquitecte"
    (the templates are written with the masculine "el", "al", "del")."""
    if key in _FEMININE:
        swaps = [("del", "de la"), ("al", "a la"), ("el", "la"), ("El", "La")]
    elif lang == "ca" and name[0] in "AEIOUÀÈÉÍÒÓÚ":
        swaps = [("del", "de l'"), ("el", "l'"), ("El", "L'")]
    else:
        return text
    for old, new in swaps:
        joined = new + name if new.endswith("'") else f"{new} {name}"
        text = re.sub(rf"(?<!\w){old} {re.escape(name)}", joined, text)
    return text
