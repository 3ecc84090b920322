"""Terminal rendering of a view (rich markup), every word in the requested language."""

from __future__ import annotations

from typing import Any

from mezquita.engine import seat_name

from .cards import (
    CHAR_INDEX,
    CHAR_RANK,
    COLOURS,
    DIST_COLOUR,
    DIST_COST,
    DIST_INDEX,
)
from .words import TYPE_SYMBOL, ability, char_name, district_name, type_legend, ui

_STYLE = {"yellow": "yellow", "blue": "bright_blue", "green": "green", "red": "red",
          "purple": "magenta"}


def _district(key: str, lang: str, beautified: bool = False) -> str:
    d = DIST_INDEX[key]
    colour = COLOURS[DIST_COLOUR[d]]
    star = "+" if beautified else ""
    return f"[{_STYLE[colour]}]{TYPE_SYMBOL[colour]}{district_name(d, lang)}{star} ({DIST_COST[d]})[/]"


def _abilities(keys: list[str], lang: str) -> list[str]:
    """One indented line per purple district (or character) among ``keys``: its ability."""
    out = []
    for key in dict.fromkeys(keys):
        text = ability(key, lang)
        if text and key in DIST_INDEX:
            out.append(f"       {_district(key, lang)}: {text}")
        elif text:
            out.append(f"       {_char(key, lang)}: {text}")
    return out


def _char(key: str, lang: str) -> str:
    c = CHAR_INDEX[key]
    return f"[bold]{CHAR_RANK[c]} {char_name(c, lang)}[/]"


def _city(keys: list[str], beautified: list[str], lang: str) -> str:
    left, out = list(beautified), []
    for key in keys:
        star = key in left
        if star:
            left.remove(key)
        out.append(_district(key, lang, star))
    return " ".join(out) or "-"


def render_text(game: Any, view: dict, lang: str = "en") -> str:
    """A readable board for ``view`` (rich markup) in ``lang``."""
    me = view["seat"]
    last = ""
    if view["end_triggered"] and not view["terminal"]:
        last = f" [bold red]({ui('last_round', lang)})[/]"
    face_down = (", ".join(_char(k, lang) for k in view["face_down"]) if view["face_down"] is not None
                 else str(view["face_down_count"]))
    lines_after = [f"{ui('types', lang)}: {type_legend(lang)}"]
    drafting = view["phase"] == "draft"  # the previous round's calls and plays are over
    lines = [
        f"[bold]{ui('title', lang)}[/] - {ui('round', lang)} {view['round']} - "
        f"{ui('phase_' + view['phase'], lang)} - {ui('deck', lang)} {view['deck_size']} - "
        + ui("ends_at", lang).format(n=view["threshold"]) + last,
        f"{ui('face_up', lang)}: {', '.join(_char(k, lang) for k in view['face_up']) or '-'}; "
        f"{ui('face_down', lang)}: {face_down}",
    ]
    for s, info in enumerate(view["seats"]):
        marks = ("[bold yellow]♛[/] " if s == view["crown"] else "  ") + (
            f"[reverse]{ui('you', lang)}[/] " if s == me else "")
        played = [] if drafting and "held" not in info else info.get("held", info["characters"])
        chars = ", ".join(_char(k, lang) for k in played) or "?"
        line = ui("seat_line", lang).format(gold=info["gold"], cards=info["hand_size"],
                                            points=sum(info["score"].values()), chars=chars)
        lines.append(f"{marks}{seat_name(s, lang)}: {line}")
        museum = f" + {ui('museum', lang)} {info['museum_size']}" if info["museum_size"] else ""
        lines.append(f"     {ui('city', lang)}: {_city(info['city'], info['beautified'], lang)}{museum}")
        lines += _abilities(info["city"], lang)
        if "hand" in info:
            lines.append(f"     {ui('hand', lang)}: "
                         + (" ".join(_district(k, lang) for k in info["hand"]) or "-"))
    if view["hand"] is not None:
        lines.append(f"{ui('your_hand', lang)}: "
                     + (" ".join(_district(k, lang) for k in view["hand"]) or "-"))
        lines += _abilities(view["hand"], lang)
        if view["my_characters"]:
            lines.append(f"{ui('your_characters', lang)}: "
                         + ", ".join(_char(k, lang) for k in view["my_characters"]))
    lines += _draft_lines(view, lang) + ([] if drafting else _turn_lines(view, lang)) + lines_after
    if view["terminal"]:
        lines.append(f"[bold]{ui('final_scores', lang)}:[/] " + ", ".join(
            f"{seat_name(s, lang)}: {int(x)}" for s, x in enumerate(view["scores"])))
    return "\n".join(lines)


def _draft_lines(view: dict, lang: str) -> list[str]:
    draft = view["draft"]
    if view["phase"] != "draft":
        return []
    out = [ui("draft_" + draft["kind"], lang).format(seat=seat_name(draft["drafter"], lang),
                                                     n=draft["pool_size"])]
    if draft["pool"] is not None:
        out.append(f"{ui('offered', lang)}: " + ", ".join(_char(k, lang) for k in draft["pool"]))
        out += _abilities(draft["pool"], lang)
    return out


def _turn_lines(view: dict, lang: str) -> list[str]:
    out = []
    calls = []
    for c in view["calls"]:
        who = seat_name(c["seat"], lang) if c["seat"] >= 0 else "-"
        status = "" if c["status"] == "played" else f" ({ui('status_' + c['status'], lang)})"
        calls.append(f"{_char(c['character'], lang)}: {who}{status}")
    if calls:
        out.append(f"{ui('called', lang)}: " + ", ".join(calls))
    targets = [f"{ui(name, lang)}: {_char(view[name], lang)}"
               for name in ("murdered", "robbed", "bewitched") if view[name]]
    if targets:
        out.append(f"{ui('targets', lang)}: " + ", ".join(targets))
    turn = view["turn"]
    if turn:
        state = ui("has_acted" if turn["acted"] else "to_act", lang)
        out.append(f"[bold]{ui('turn', lang)}:[/] " + ui("turn_line", lang).format(
            seat=seat_name(turn["seat"], lang), char=_char(turn["character"], lang), state=state,
            builds=turn["builds_left"]))
        if turn["drawn"]:
            out.append(f"{ui('drawn', lang)}: " + " ".join(_district(k, lang) for k in turn["drawn"]))
            out += _abilities(turn["drawn"], lang)
    pending = view["pending"]
    if pending:
        extra = ""
        if "hand" in pending:
            extra = ": " + " ".join(_district(k, lang) for k in pending["hand"])
        out.append(ui("waiting", lang).format(seat=seat_name(pending["seat"], lang)) + ": "
                   + ui("pending_" + pending["kind"], lang) + extra)
    return out
