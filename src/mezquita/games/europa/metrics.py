"""Europa's balance figures for the arena (see ``mezquita.arena.figures``).

Read from the finished game's events: each ``evaluate`` event says which card a seat tipped,
how many stones it placed, whether they were right and whether it kept the card. A round is
one card display (a ``round`` event).
"""

from __future__ import annotations

from mezquita.engine import Game, State

from .cards import COLOURS, card

STONES = ("1", "2", "3", "4")


def start_seat(state: State) -> int:
    """The oldest player, who starts furthest ahead on the track: seat 0."""
    del state
    return 0


def rounds(state: State) -> int:
    """Card displays played."""
    return sum(e["do"] == "round" for e in state.events)


def facts(state: State) -> list[list]:
    """Per colour: ``tipped``, ``right`` (every stone right) and ``kept``; per stone count:
    ``placed`` and ``right``; each with the seat that tipped."""
    out = []
    for e in state.events:
        if e["do"] != "evaluate":
            continue
        seat, colour, stones = e["seat"], card(e["card"]).colour, str(len(e["tips"]))
        out.append(["colour", colour, "tipped", seat])
        out.append(["stones", stones, "placed", seat])
        if e["right"]:
            out.append(["colour", colour, "right", seat])
            out.append(["stones", stones, "right", seat])
        if e["kept"]:
            out.append(["colour", colour, "kept", seat])
    return out


def catalogue(game: Game) -> dict[str, list[str]]:
    """The three colours and the four stone counts."""
    del game
    return {"colour": list(COLOURS), "stones": list(STONES)}
