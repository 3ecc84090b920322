"""Random-playout speed of every game through the generic engine API, as ratios to the
anchor (OpenSpiel's C++ goofspiel-10 driven from Python, see ``anchor.py``), timed in
slices interleaved with the anchor's."""

from __future__ import annotations

import random

from mezquita.engine import games, load

from . import Figure
from .anchor import NAME as ANCHOR
from .anchor import shared


def engine_playout(game, rng: random.Random):
    """A function playing one random game through the public API; returns its decisions."""

    def play(i: int) -> int:
        state = game.new_state(i)
        steps = 0
        while movers := state.to_move():
            seat = movers[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return play


def run(game_ids: list[str] | None, quick: bool) -> list[Figure]:
    """Games/s and decisions/s per game setting, as ratios to the goofspiel anchor."""
    seconds = 0.3 if quick else 2.0
    rng = random.Random(0)
    anchor = shared(quick)
    figures: list[Figure] = []
    for info in games():
        if game_ids and info.id not in game_ids:
            continue
        base = load(info.id)
        for setting in base.bench_settings:
            game = load(info.id, **setting)
            play = engine_playout(game, rng)
            games_s, decisions_s = anchor.interleave(lambda i, play=play: (1, play(i)), seconds)
            label = ", ".join(f"{k}={v}" for k, v in setting.items())
            note = f"{decisions_s / games_s:.1f} decisions per game"
            figures += anchor.stamp([
                Figure("random playouts", info.id, round(games_s, 1), "games/s", label,
                       anchor=ANCHOR, note=note),
                Figure("random playouts", info.id, round(decisions_s), "decisions/s", label,
                       anchor=ANCHOR)])
    anchor.finalise(figures)
    return [anchor.figure(), *figures]
