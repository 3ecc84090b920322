"""Cortiça in words, in en/es/ca/de, from texts.json: effects, resource amounts, the players'
colours and one sentence per log entry."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mezquita.engine import load_texts, pick, seat_name

from .cards import RESOURCES, Amounts, Effect

#: resource, worker, action, event and board words in en, es, ca, de
TEXTS = load_texts(Path(__file__).parent / "data" / "texts.json")


def effect_text(effect: Effect, lang: str) -> str:
    """An effect in words in ``lang``, e.g. ``pay 2 bark → gain 1 cork``."""
    words = pick(TEXTS["effects"], lang)
    if effect.special is not None:
        return words["hire" if effect.special == "hire" else f"any_{effect.special}"]
    base = (words["convert"].format(pay=amounts_text(effect.pay, lang),
                                    gain=amounts_text(effect.gain, lang))
            if any(effect.pay) else words["gain"].format(gain=amounts_text(effect.gain, lang)))
    if effect.if_have is not None and effect.instead_gain is not None:
        base = words["instead"].format(base=base, gain=amounts_text(effect.instead_gain, lang),
                                       have=amounts_text(effect.if_have, lang, "+"))
    return base


def amounts_text(values: Amounts, lang: str, suffix: str = "", joiner: str = " + ") -> str:
    """Resource amounts in words, e.g. ``2 oak trees + 1 bark`` (zero amounts left out)."""
    names = pick(TEXTS["resources"], lang)
    return joiner.join(f"{n}{suffix} {names[r][0 if n == 1 else 1]}"
                       for r, n in zip(RESOURCES, values) if n)


def player_name(seat: int, lang: str, names: Sequence[str | None] | None = None) -> str:
    """A seat's player name if given, else its colour ("Blue", "Azul"...)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return seat_name(seat, lang, names)
    return pick(TEXTS["colours"], lang)[seat]


def change_text(paid: dict, gained: dict, lang: str) -> str:
    """What a conversion paid and gained, e.g. ``pays 2 bark and gains 1 cork``."""
    words = pick(TEXTS["events"], lang)
    parts = [words[verb].format(amounts=amounts_text(tuple(amounts.get(r, 0) for r in RESOURCES),
                                                     lang, joiner=", "))
             for verb, amounts in (("pays", paid), ("gains", gained)) if amounts]
    return words["and"].join(parts) or words["nothing"]


def reason_text(entry: dict, lang: str, names: Sequence[str | None] | None = None) -> str:
    """How the winner was decided (rule 9), from a ``game_over``-shaped dict."""
    words = pick(TEXTS["reasons"], lang)
    winner, by, res = entry["winner"], entry["by"], entry["resources"]
    fields = {"winner": player_name(winner, lang, names), "cork": res[0]["cork"]}
    if by != "top":
        fields.update(a=res[winner][by], b=res[1 - winner][by])
    text = words[by].format(**fields)
    if entry["limit"] is not None:
        text += words["limit"].format(n=entry["limit"])
    return text


def event_text(game: Any, entry: dict, lang: str = "en",
               names: Sequence[str | None] | None = None) -> str:
    """One log entry as a sentence; players are named by their colour unless named."""
    words = pick(TEXTS["events"], lang)
    kind = entry["do"]
    fields = {k: v for k, v in entry.items() if k not in ("turn", "seat", "do")}
    if entry["seat"] is not None:
        fields["who"] = player_name(entry["seat"], lang, names)
    if "card" in entry:
        fields["card"] = game.card_name(entry["card"], lang)
    if "plan" in entry:
        fields["plan"] = game.plan_name(entry["plan"], lang)
    if "side" in entry:
        fields["side"] = pick(TEXTS["sides"], lang)[entry["side"]]
    if "paid" in entry:
        fields["change"] = change_text(entry["paid"], entry["gained"], lang)
    if kind == "place":
        fields["space"] = entry["space"] + 1
        kind = "place_intern" if entry["intern"] else "place"
    elif kind == "use" and entry["hired"]:
        kind = "hire"
    elif kind == "skip":
        kind = "done" if entry["used"] else "auto_skip" if entry["auto"] else "skip"
    elif kind == "rest":
        fields["woken"] = game.card_name(entry["woken"], lang)
    elif kind == "round_end":
        fields["cork"] = ", ".join(f"{player_name(s, lang, names)} {n}"
                                   for s, n in enumerate(entry["cork"]))
    elif kind == "game_over":
        fields["reason"] = reason_text(entry, lang, names)
    return words[kind].format(**fields)
