"""Europa in words, in en/es/ca/de, from texts.json: cards, stone values, tips and one
sentence per log entry."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mezquita.engine import load_texts, pick, seat_name

from .cards import card

TEXTS = load_texts(Path(__file__).parent / "data" / "texts.json")


def card_name(card_id: str, lang: str) -> str:
    """A card's name in ``lang``."""
    return card(card_id).name(lang)


def value_name(value: str, lang: str) -> str:
    """A stone's value as a word: "West", "North"..."""
    return pick(TEXTS["values"][value], lang)


def value_text(stone: int, value, lang: str) -> str:
    """One stone's value as a short word (West, North, sector 8, section C)."""
    if stone < 2:
        return value_name(value, lang)
    return str(value)


def tip_text(tips: list, lang: str) -> str:
    """A tip as "W · S · 8 · C" in ``lang``'s letters; "—" for no stone."""
    if not tips:
        return "—"
    short = TEXTS["short"]
    parts = [pick(short[v], lang) if i < 2 else str(v) for i, v in enumerate(tips)]
    return " · ".join(parts)


def counted(forms: dict, lang: str, n: int) -> str:
    """The ``lang`` template of ``forms`` ([for 1, for any other number]) that fits ``n``."""
    one, other = pick(forms, lang)
    return one if n == 1 else other


def event_text(game: Any, entry: dict, lang: str = "en",
               names: Sequence[str | None] | None = None) -> str:
    """One (masked) log entry as a sentence in ``lang``."""
    words = TEXTS["events"]
    kind = entry["do"]
    player = seat_name(entry["seat"], lang, names) if entry["seat"] is not None else ""
    if kind == "round":
        cards = ", ".join(card_name(k, lang) for k in entry["cards"])
        return pick(words["round"], lang).format(round=entry["round"], cards=cards)
    if kind == "take":
        return pick(words["take"], lang).format(player=player, card=card_name(entry["card"], lang))
    if kind == "swap":
        return pick(words["swap"], lang).format(player=player, card=card_name(entry["card"], lang),
                                                drawn=card_name(entry["drawn"], lang))
    if kind == "stone":
        if entry["value"] is None:
            return pick(words["stone"], lang).format(player=player, number=entry["number"])
        value = value_text(entry["number"] - 1, entry["value"], lang)
        return pick(words["stone_known"], lang).format(player=player, number=entry["number"], value=value)
    if kind == "done":
        return counted(words["done"], lang, entry["stones"]).format(player=player, stones=entry["stones"])
    if kind == "evaluate":
        fields = {"player": player, "card": card_name(entry["card"], lang),
                  "place": tip_text(entry["place"], lang), "tip": tip_text(entry["tips"], lang),
                  "moved": len(entry["tips"]), "to": entry["to"],
                  "kept": pick(words["kept" if entry["kept"] else "discarded"], lang)}
        if entry["right"]:
            return counted(words["right"], lang, fields["moved"]).format(**fields)
        return pick(words["wrong"], lang).format(**fields)
    if kind == "end":
        return pick(words["end_dark_blue" if entry["reason"] == "dark_blue" else "end_stack"], lang)
    if kind == "majority":
        return counted(words["majority"], lang, entry["points"]).format(
            player=player, points=entry["points"], **{"from": entry["start"], "to": entry["to"]})
    if kind == "sets":
        return counted(words["sets"], lang, entry["sets"]).format(
            player=player, sets=entry["sets"], **{"from": entry["start"], "to": entry["to"]})
    raise ValueError(f"unknown Europa event {kind!r}")
