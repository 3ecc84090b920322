"""Terminal rendering of a Córdoba view (rich markup) and move texts that hide what is hidden."""

from __future__ import annotations

from .names import landmark_name

BACK = "▮"


def render_text(view: dict, lang: str = "en") -> str:
    """The board as the owner of ``view`` sees it: opponent's face-down cards as backs."""
    me = view["seat"] if view["seat"] is not None else 0
    other = 1 - me
    lines = [
        f"Game {view['game_number']} of {view['games']}   start player: seat {view['start_player']}"
        f"   scores now: you {view['game_scores'][me]}, opponent {view['game_scores'][other]}"
        + (f"   (earlier games: {view['past_scores'][me]}-{view['past_scores'][other]})"
           if view["games"] > 1 else ""),
        f"{'landmark':<26}{'opponent':>16}   {'you':<16}control",
    ]
    for lm in view["landmarks"]:
        name = f"{lm['value']} {landmark_name(lm['value'], lang)}"
        theirs = " ".join(BACK if c is None else str(c) for c in lm["cards"][other])
        mine = " ".join(str(c) for c in lm["cards"][me])
        owner = {None: "-", me: "[green]you[/]", other: "[red]opponent[/]"}[lm["controller"]]
        mark = " [yellow](blocked)[/]" if lm["value"] == view["forbidden"] else ""
        up = "" if lm["face_up"] else " [dim](face down)[/]" if any(lm["cards"]) else ""
        lines.append(f"{name:<26}{theirs:>16}   {mine:<16}{owner}{up}{mark}")
    hand = view["hand"] if view["hand"] is not None else []
    lines.append(
        f"your hand: {' '.join(map(str, hand)) or '-'}   deck: {view['deck_sizes'][me]}"
        f"   opponent hand {view['hand_sizes'][other]}, deck {view['deck_sizes'][other]}"
    )
    return "\n".join(lines)


def move_text(view: dict, seat: int, lang: str = "en") -> str:
    """The last card played, as the owner of ``view`` may see it."""
    entry = view["log"][-1] if view["log"] else None
    if entry is None or entry["seat"] != seat:  # a match's second game has just been dealt
        return "plays the last card of the game"
    card = "a face-down card" if entry["card"] is None else str(entry["card"])
    return f"plays {card} at {entry['landmark']} {landmark_name(entry['landmark'], lang)}"
