"""Terminal rendering of a Córdoba view (rich markup), every word in the viewer's language."""

from __future__ import annotations

from typing import Any

from mezquita.engine import pick, seat_name

from .words import TEXTS, landmark_name

BACK = "▮"
NAME_WIDTH = 34  # "7 Alcàsser dels Reis Cristians" and the like fit


def render_text(game: Any, view: dict, lang: str = "en") -> str:
    """The board as the owner of ``view`` sees it: the opponent's face-down cards as backs."""
    words = TEXTS["board"]
    me = view["seat"] if view["seat"] is not None else 0
    other = 1 - me
    lines = [pick(words["header"], lang).format(
        game=view["game_number"], games=view["games"], start=seat_name(view["start_player"], lang),
        mine=view["game_scores"][me], theirs=view["game_scores"][other])]
    if view["games"] > 1:
        lines[0] += "   " + pick(words["earlier"], lang).format(
            mine=view["past_scores"][me], theirs=view["past_scores"][other])
    columns = pick(words["columns"], lang)
    owners = {None: ("-", ""), me: (pick(words["you"], lang), "green"),
              other: (pick(words["opponent"], lang), "red")}
    rows = []
    for lm in view["landmarks"]:
        name = f"{lm['value']} {landmark_name(lm['value'], lang)}"
        theirs = " ".join(BACK if c is None else str(c) for c in lm["cards"][other])
        mine = " ".join(str(c) for c in lm["cards"][me])
        down = any(lm["cards"]) and not lm["face_up"] and not view["full"]
        owner, colour = owners[lm["controller"]]
        control = [(owner, colour), (f" {pick(words['face_down'], lang)}" if down else "", "dim"),
                   (f" {pick(words['blocked'], lang)}" if lm["value"] == view["forbidden"] else "", "yellow")]
        rows.append((name, control, theirs, mine))
    # the control column comes before the cards, so long rows of cards never push it away
    control_width = max(len(columns[3]), *(sum(len(t) for t, _ in c) for _, c, _, _ in rows)) + 2
    width = max(len(columns[1]), *(len(t) for _, _, t, _ in rows)) + 2
    lines.append(f"{columns[0]:<{NAME_WIDTH}}{columns[3]:<{control_width}}"
                 f"{columns[1]:>{width}}   {columns[2]}")
    for name, control, theirs, mine in rows:
        shown = "".join(f"[{style}]{text}[/]" if style and text else text for text, style in control)
        pad = " " * (control_width - sum(len(t) for t, _ in control))
        lines.append(f"{name:<{NAME_WIDTH}}{shown}{pad}{theirs:>{width}}   {mine}")
    if view["hands"] is not None:
        lines.append(pick(words["hands"], lang).format(
            mine=" ".join(map(str, view["hands"][me])) or "-",
            theirs=" ".join(map(str, view["hands"][other])) or "-"))
    else:
        lines.append(pick(words["hand"], lang).format(
            hand=" ".join(map(str, view["hand"] or [])) or "-", deck=view["deck_sizes"][me],
            other_hand=view["hand_sizes"][other], other_deck=view["deck_sizes"][other]))
    return "\n".join(lines)
