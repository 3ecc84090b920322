"""Wittig's Cordoba's balance figures for the arena (see ``mezquita.arena.figures``).

Read from the finished game's events: compensations (a double whose touching symbols match
puts that symbol in power; ``back`` events are the stones it sends back) and how the game
ended. A round is one turn of each player.
"""

from __future__ import annotations

from .rules import CordobaWittigGame, CordobaWittigState, Outcome


def start_seat(state: CordobaWittigState) -> int:
    """The player who moves first: seat 0."""
    del state
    return 0


def rounds(state: CordobaWittigState) -> int:
    """Turns of both players: a turn starts with a ``move`` or a ``pass``."""
    return (sum(e["do"] in ("move", "pass") for e in state.events) + 1) // 2


def facts(state: CordobaWittigState) -> list[list]:
    """Per symbol: ``in power`` (a compensation) and ``stones back`` (each stone it sends
    back), both with the player who made the double; per outcome: ``ended``, with the winner
    (``None`` for a draw)."""
    out = []
    for e in state.events:
        if e["do"] == "power":
            out.append(["compensation", e["symbol"], "in power", e["seat"]])
        elif e["do"] == "back":
            out.append(["compensation", e["symbol"], "stones back", e["seat"]])
    # str(): a state rebuilt from stored JSON holds the outcome as a plain string
    outcome = str(state.outcome) if state.outcome != Outcome.PLAYING else "unfinished"
    out.append(["outcome", outcome, "ended", state.winner if state.winner >= 0 else None])
    return out


def catalogue(game: CordobaWittigGame) -> dict[str, list[str]]:
    """The board's symbols and the ways a game can end."""
    symbols = sorted({half for stone in game.board.stones for half in (stone.left, stone.right)})
    return {"compensation": symbols,
            "outcome": [o.value for o in Outcome if o != Outcome.PLAYING]}
