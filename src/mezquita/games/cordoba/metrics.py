"""Córdoba's balance figures for the arena (see ``mezquita.arena.figures``).

Read from the finished game's ``play`` events: per game of a match, the sums each seat put
next to each landmark, hence who controlled it (rule 7) and whether a tie went to the start
player. A round is one card from each seat.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import CordobaGame, CordobaState


def start_seat(state: CordobaState) -> int:
    """The start player of the (first) game: seat 0 (rule 7 gives it the ties)."""
    del state
    return 0


def rounds(state: CordobaState) -> int:
    """Rounds played: one card from each seat is a round (one per card of a deck, per game)."""
    return sum(e["do"] == "play" for e in state.events) // 2


def facts(state: CordobaState) -> list[list]:
    """Per game and landmark: ``controlled`` by a seat, ``tie won by start`` (the start
    player's control from a tie), ``left empty``."""
    sums: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    for e in state.events:
        if e["do"] == "play":
            sums[e["game"], e["landmark"]][e["seat"]] += e["card"]
    out: list[list] = []
    games = max((g for g, _ in sums), default=1)
    for number in range(1, games + 1):
        start = (number - 1) % 2  # rule 9: each seat starts one game of a match
        for value in state.game.landmark_values:
            a, b = sums.get((number, value), (0, 0))
            item = str(value)
            if a == b == 0:
                out.append(["landmark", item, "left empty", None])
                continue
            owner = start if a == b else (0 if a > b else 1)
            out.append(["landmark", item, "controlled", owner])
            if a == b:
                out.append(["landmark", item, "tie won by start", owner])
    return out


def catalogue(game: CordobaGame) -> dict[str, list[str]]:
    """The landmarks in play."""
    return {"landmark": [str(v) for v in game.landmark_values]}
