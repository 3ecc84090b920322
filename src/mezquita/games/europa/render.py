"""Europa's terminal board (rich markup), every word in the viewer's language."""

from __future__ import annotations

from typing import Any

from mezquita.engine import pick, seat_name

from .cards import card
from .words import TEXTS, card_name, tip_text, value_text

_STYLE = {"yellow": "yellow", "red": "red", "blue": "cyan"}


def _w(key: str, lang: str) -> str:
    return pick(TEXTS["board"][key], lang)


def render_text(game: Any, view: dict, lang: str = "en") -> str:
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
