"""Terminal text of a Cordoba (Wittig) view: the board with every stone's label and its two
symbols, doubles as two stones in one field, the obligation and the running compensation."""

from __future__ import annotations

from typing import Any

from mezquita.engine import pick, seat_name

from .words import TEXTS

CELL = 9  # a double under obligation: <1**|4*+>
SEAT_STYLE = ("bold red", "bold blue")


def render_text(game: Any, view: dict, lang: str = "en") -> str:
    """The board, a symbol legend and status lines (rich markup)."""
    texts = TEXTS["render"]
    symbols = view["symbols"]
    by_field: dict[str, list[dict]] = {}
    for stone in sorted(view["stones"], key=lambda s: s["place"] == "right"):
        by_field.setdefault(stone["field"], []).append(stone)
    pending = set(view["compensation"]["pending"]) if view["compensation"] else set()
    owed = {f for fields in view["owed"] for f in fields}
    columns = [chr(ord("a") + c) for c in range(view["columns"])]
    header = "    " + "".join(c.center(CELL) for c in columns)
    lines = [header]
    for row in range(view["rows"], -1, -1):
        cells = []
        for column in columns:
            square = f"{column}{row}"
            stones = by_field.get(square, [])
            cells.append(_cell(stones, symbols, pending, square in owed))
        note = (f"  {pick(texts['far'], lang)}" if row == view["rows"]
                else f"  {pick(texts['start'], lang)}" if row == 0 else "")
        lines.append(f"{row:>2}  " + "".join(cells) + note)
    lines.append(header)
    legend = "   ".join(f"{s['ascii']} {pick(s['name'], lang)}" for s in symbols.values())
    lines.append(f"{pick(texts['legend'], lang)}: {legend.replace('[', chr(92) + '[')}")
    lines.extend(_status(view, lang))
    return "\n".join(lines)


def _cell(stones: list[dict], symbols: dict, pending: set, owed: bool) -> str:
    """One field, ``CELL`` characters wide: ``.``, ``3*+`` or a double ``3*+|4**`` (``<...>``
    while owed; stones still to move back in reverse video)."""
    if not stones:
        return ".".center(CELL)
    parts, width = [], 0
    for stone in stones:
        text = f"{stone['label']}{symbols[stone['left']]['ascii']}{symbols[stone['right']]['ascii']}"
        width += len(text)
        style = SEAT_STYLE[stone["seat"]] + (" reverse" if stone["label"] in pending else "")
        parts.append(f"[{style}]{text.replace('[', chr(92) + '[')}[/]")
    body = "|".join(parts)
    width += len(stones) - 1
    if owed:
        body, width = f"[yellow]<[/]{body}[yellow]>[/]", width + 2
    pad = CELL - width
    return " " * (pad // 2) + body + " " * (pad - pad // 2)


def _status(view: dict, lang: str) -> list[str]:
    texts = TEXTS["render"]
    out = []
    for seat in (0, 1):
        mine = " ".join(s["label"] for s in view["stones"] if s["seat"] == seat)
        far = pick(TEXTS["web"]["far_row"], lang).format(n=view["far"][seat], goal=view["win_stones"])
        line = pick(texts["stones"], lang).format(player=seat_name(seat, lang), stones=mine)
        out.append(f"[{SEAT_STYLE[seat]}]{line}[/] · {far}")
    per_player = (view["max_plies"] + 1) // 2  # the turn limit counts both players' turns
    out.append(pick(TEXTS["web"]["moves_each"], lang).format(
        n=min(view["plies"] // 2 + 1, per_player), max=per_player))
    if view["terminal"]:
        out.append(f"[bold]{pick(texts['over'], lang)}[/]")
        return out
    seat = view["to_move"][0]
    out.append(pick(texts["to_move"], lang).format(player=seat_name(seat, lang)))
    for s, fields in enumerate(view["owed"]):
        if fields:
            out.append("[yellow]" + pick(texts["obligation"], lang).format(
                player=seat_name(s, lang), fields=", ".join(fields)) + "[/]")
    if view["claim"] is not None:
        out.append(pick(texts["claim"], lang).format(player=seat_name(view["claim"], lang)))
    if view["selected"] is not None:
        out.append(pick(texts["selected"], lang).format(stone=view["selected"]))
    if view["target"] is not None:
        out.append(pick(texts["target"], lang).format(field=view["target"]))
    comp = view["compensation"]
    if comp:
        name = pick(view["symbols"][comp["symbol"]]["name"], lang)
        out.append("[reverse]" + pick(texts["pending"], lang).format(
            symbol=name, stones=", ".join(comp["pending"])) + "[/]")
    return out
