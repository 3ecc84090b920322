"""Terminal rendering of a view (rich markup): seats, cities, hand, draft and the turn."""

from __future__ import annotations

from .cards import (
    CHAR_INDEX,
    CHAR_RANK,
    COLOURS,
    DIST_COLOUR,
    DIST_COST,
    DIST_INDEX,
    char_name,
    district_name,
)

_STYLE = {"yellow": "yellow", "blue": "bright_blue", "green": "green", "red": "red",
          "purple": "magenta"}


def _district(key: str, beautified: bool = False) -> str:
    d = DIST_INDEX[key]
    style = _STYLE[COLOURS[DIST_COLOUR[d]]]
    star = "*" if beautified else ""
    return f"[{style}]{district_name(d)}{star} ({DIST_COST[d]})[/]"


def _char(key: str) -> str:
    c = CHAR_INDEX[key]
    return f"[bold]{CHAR_RANK[c]} {char_name(c)}[/]"


def render_text(view: dict) -> str:
    """A readable board for ``view`` (rich markup)."""
    me = view["seat"]
    lines = [
        f"[bold]Citadels[/] - round {view['round']} - {view['phase']} - "
        f"deck {view['deck_size']} - the game ends at {view['threshold']} districts"
        + (" [bold red](last round)[/]" if view["end_triggered"] and not view["terminal"] else ""),
        f"face up: {', '.join(_char(k) for k in view['face_up']) or '-'}; "
        f"face down: {view['face_down_count']}",
    ]
    for s, info in enumerate(view["seats"]):
        marks = ("[bold yellow]♛[/] " if s == view["crown"] else "  ") + (
            "[reverse]you[/] " if s == me else "")
        chars = ", ".join(_char(k) for k in info["characters"]) or "?"
        score = sum(info["score"].values())
        lines.append(f"{marks}seat {s}: {info['gold']} gold, {info['hand_size']} cards, "
                     f"{score} pts, plays {chars}")
        beautified = list(info["beautified"])
        city = []
        for key in info["city"]:
            star = key in beautified
            if star:
                beautified.remove(key)
            city.append(_district(key, star))
        lines.append("     city: " + (" ".join(city) or "-")
                     + (f" + museum {info['museum_size']}" if info["museum_size"] else ""))
    if me is not None:
        lines.append("your hand: " + (" ".join(_district(k) for k in view["hand"]) or "-"))
        if view["my_characters"]:
            lines.append("your characters: " + ", ".join(_char(k) for k in view["my_characters"]))
    lines += _draft_lines(view, me) + _turn_lines(view, me)
    if view["terminal"]:
        lines.append("[bold]final scores:[/] " + ", ".join(
            f"seat {s}: {int(x)}" for s, x in enumerate(view["scores"])))
    return "\n".join(lines)


def _draft_lines(view: dict, me: int | None) -> list[str]:
    draft = view["draft"]
    if view["phase"] != "draft":
        return []
    out = [f"draft: seat {draft['drafter']} must {draft['kind']} a character "
           f"({draft['pool_size']} offered)"]
    if draft["pool"] is not None:
        out.append("offered to you: " + ", ".join(_char(k) for k in draft["pool"]))
    return out


def _turn_lines(view: dict, me: int | None) -> list[str]:
    out = []
    calls = ", ".join(f"{_char(c['character'])}: "
                      + (f"seat {c['seat']}" if c["seat"] >= 0 else "-")
                      + ("" if c["status"] == "played" else f" ({c['status']})")
                      for c in view["calls"])
    if calls:
        out.append("called: " + calls)
    targets = [f"{name} {view[name]}" for name in ("murdered", "robbed", "bewitched")
               if view[name]]
    if targets:
        out.append("targets: " + ", ".join(targets))
    turn = view["turn"]
    if turn:
        state = "has acted" if turn["acted"] else "takes an action"
        out.append(f"[bold]turn:[/] seat {turn['seat']} as {_char(turn['character'])} "
                   f"{state}, {turn['builds_left']} build(s) left")
        if turn["drawn"]:
            out.append("drawn: " + " ".join(_district(k) for k in turn["drawn"]))
    pending = view["pending"]
    if pending:
        extra = ""
        if "hand" in pending:
            extra = ": " + " ".join(_district(k) for k in pending["hand"])
        out.append(f"waiting for seat {pending['seat']}: {pending['kind']}{extra}")
    return out
