"""Europa as text: move sentences for the log and the terminal board (rich markup)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mezquita.engine import load_texts, pick, seat_name

from .cards import card

TEXTS = load_texts(Path(__file__).parent / "data" / "texts.json")
_STYLE = {"yellow": "yellow", "red": "red", "blue": "cyan"}

_BOARD_WORDS = {
    "round": {"en": "Round", "es": "Ronda", "ca": "Ronda", "de": "Runde"},
    "stack": {"en": "stack", "es": "mazo", "ca": "pila", "de": "Stapel"},
    "track": {"en": "Track (dark blue from {finish}, last field {last})",
              "es": "Marcador (azul oscuro desde {finish}, última casilla {last})",
              "ca": "Marcador (blau fosc des de {finish}, última casella {last})",
              "de": "Wertungsleiste (dunkelblau ab {finish}, letztes Feld {last})"},
    "display": {"en": "On display", "es": "A la vista", "ca": "A la vista", "de": "Ausgelegt"},
    "chooses": {"en": "{player} chooses", "es": "elige {player}", "ca": "tria {player}",
                "de": "{player} wählt"},
    "tipboard": {"en": "Tip boards", "es": "Tableros de apuesta", "ca": "Taulers d'aposta",
                 "de": "Tipptafeln"},
    "swaps": {"en": "swaps", "es": "cambios", "ca": "canvis", "de": "Tausch"},
    "kept": {"en": "kept", "es": "guardadas", "ca": "guardades", "de": "behalten"},
    "last": {"en": "Last evaluation", "es": "Última evaluación", "ca": "Última avaluació",
             "de": "Letzte Auswertung"},
    "tipping": {"en": "tipping", "es": "apostando", "ca": "apostant", "de": "tippt"},
    "hidden": {"en": "hidden", "es": "oculto", "ca": "ocult", "de": "verdeckt"},
    "sector": {"en": "sector", "es": "sector", "ca": "sector", "de": "Sektor"},
}


def _w(key: str, lang: str) -> str:
    return pick(_BOARD_WORDS[key], lang)


def card_name(card_id: str, lang: str) -> str:
    """A card's name in ``lang``."""
    return card(card_id).name(lang)


def value_text(stone: int, value, lang: str) -> str:
    """One stone's value as a short word (West, North, sector 8, section C)."""
    if stone < 2:
        return pick(TEXTS["values"][value], lang)
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


def event_text(entry: dict, lang: str = "en", names: Sequence[str | None] | None = None) -> str:
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


def render_text(view: dict, lang: str = "en") -> str:
    """The board as a seat (or a spectator) sees it, as terminal text in ``lang``."""
    n = view["players"]
    me = view["seat"]
    lines = [f"[bold]Europa[/] — {_w('round', lang)} {view['round']} · {_w('stack', lang)} {view['stack']}"]
    lines.append(_w("track", lang).format(finish=view["finish"], last=view["last_field"]) + ":")
    for s in sorted(range(n), key=lambda s: -view["positions"][s]):
        field = view["positions"][s]
        bar = "█" * field + ("[blue]▓[/]" if field >= view["finish"] else "")
        kept = " ".join(f"[{_STYLE[card(k).colour]}]■[/]" for k in view["kept"][s])
        lines.append(f"  {seat_name(s, lang):<10} {field:>2} {bar}  {_w('swaps', lang)} "
                     f"{view['swaps'][s]}  {_w('kept', lang)} {kept or '—'}")
    if view["phase"] == "choose":
        chooser = _w("chooses", lang).format(player=seat_name(view["chooser"], lang))
        lines.append(f"{_w('display', lang)} ({chooser}):")
        for slot, k in enumerate(view["display"]):
            if k is not None:
                colour = card(k).colour
                lines.append(f"  {slot + 1}. [{_STYLE[colour]}]{card_name(k, lang)}[/] "
                             f"({pick(TEXTS['colours'][colour], lang)})")
    if view["phase"] == "tip" or any(view["cards"]):
        lines.append(f"{_w('tipboard', lang)}:")
        for s in range(n):
            k = view["cards"][s]
            if k is None:
                continue
            tips = view["tips"][s]
            shown = (tip_text(tips, lang) if tips is not None
                     else f"{view['stones'][s]} × ? ({_w('hidden', lang)})")
            state = f" [dim]{_w('tipping', lang)}[/]" if view["tipping"][s] else ""
            mark = "▶ " if s == me else "  "
            lines.append(f"{mark}{seat_name(s, lang):<10} [{_STYLE[card(k).colour]}]"
                         f"{card_name(k, lang)}[/]: {shown}{state}")
            if s == me and view["phase"] == "tip":
                lines.append("    " + tip_board(tips, lang))
    if view["results"]:
        lines.append(f"{_w('last', lang)}:")
        for r in view["results"]:
            marks = " ".join(("[green]✓[/]" if ok else "[red]✗[/]") + value_text(i, v, lang)
                             for i, (v, ok) in enumerate(zip(r["tips"], r["stones"])))
            lines.append(f"  {seat_name(r['seat'], lang):<10} {card_name(r['card'], lang)} → "
                         f"{_place_words(r['place'], lang)}: {marks}  {r['from']}→{r['to']}"
                         + (" ★" if r["kept"] else ""))
    return "\n".join(lines)


def tip_board(tips: list, lang: str) -> str:
    """A seat's tip board as text: the four stone slots, filled or open."""
    short = TEXTS["short"]
    heads = ["/".join(pick(short[v], lang) for v in ("W", "E")),
             "/".join(pick(short[v], lang) for v in ("N", "M", "S")),
             _w("sector", lang), "A-D"]
    cells = []
    for i, head in enumerate(heads):
        value = f"[bold]{value_text(i, tips[i], lang)}[/]" if i < len(tips) else "·"
        cells.append(f"\\[{head}: {value}]")  # an escaped bracket, not rich markup
    return " ".join(cells)


def _place_words(place: list, lang: str) -> str:
    ew, area, sector, section = place
    return (f"{pick(TEXTS['values'][ew], lang)} · {pick(TEXTS['values'][area], lang)} · "
            f"{sector} · {section}")
