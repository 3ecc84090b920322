"""Citadels in words: card names and one sentence per log entry, in en/es/ca/de.

`event_text` reads only the (already masked) entry: a secret field is ``None`` and picks
the ``<kind>_hidden`` wording ("Bruno picks a character").
"""

from __future__ import annotations

from mezquita.engine import pick, seat_name

from .cards import CHAR_INDEX, DIST_INDEX, TEXTS, char_name, district_name


def ui(key: str, lang: str) -> str:
    """A word or phrase of the board and the score table (``texts.json["ui"]``)."""
    return pick(TEXTS["ui"][key], lang)


def card_name(key: str, lang: str) -> str:
    """The name of a character or district key in ``lang``."""
    if key in CHAR_INDEX:
        return char_name(CHAR_INDEX[key], lang)
    return district_name(DIST_INDEX[key], lang)


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


def event_text(entry: dict, lang: str = "en", names: list[str] | None = None) -> str:
    """One log entry as a sentence ("Anna builds Palace (5)")."""
    kind = entry["do"]
    if kind == "call":
        kind = f"call_{entry['status']}"
    templates = TEXTS["events"]
    if any(v is None for k, v in entry.items() if k != "seat") and kind + "_hidden" in templates:
        kind += "_hidden"
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
    return pick(templates[kind], lang).format(**fields)
