"""Random-playout speed of every game through the generic engine API, and the anchor:
OpenSpiel's C++ goofspiel (10 cards, imperfect information) driven from Python."""

from __future__ import annotations

import random
import time

from mezquita.engine import games, load

from . import Figure

ANCHOR = "goofspiel-10 imp_info (OpenSpiel C++) random playouts"


def _timed(play_one, seconds: float) -> tuple[int, int, float]:
    """Play games until ``seconds`` pass; return (games, decisions, elapsed)."""
    n = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or n == 0:
        decisions += play_one(n)
        n += 1
    return n, decisions, elapsed


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


def goofspiel_playout(rng: random.Random):
    """One random goofspiel game in OpenSpiel's C++ implementation, or None if not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("goofspiel", {"num_cards": 10, "imp_info": True})

    def play(i: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
                steps += 2
        return steps

    return play


def run(game_ids: list[str] | None, quick: bool) -> list[Figure]:
    """Games/s and decisions/s per game setting, as ratios to the goofspiel anchor."""
    seconds = 0.3 if quick else 2.0
    rng = random.Random(0)
    figures: list[Figure] = []
    anchor = goofspiel_playout(rng)
    anchor_rate = None
    if anchor is None:
        figures.append(Figure(ANCHOR, "", 0.0, "games/s",
                              note="open-spiel not installed (pip install 'mezquita[bench]')"))
    else:
        n, decisions, elapsed = _timed(anchor, seconds)
        anchor_rate = n / elapsed
        figures.append(Figure(ANCHOR, "", round(anchor_rate, 1), "games/s",
                              note=f"{decisions / n:.0f} player decisions per game"))
    for info in games():
        if game_ids and info.id not in game_ids:
            continue
        base = load(info.id)
        for setting in base.bench_settings:
            game = load(info.id, **setting)
            n, decisions, elapsed = _timed(engine_playout(game, rng), seconds)
            label = ", ".join(f"{k}={v}" for k, v in setting.items())
            figures.append(Figure(
                "random playouts", info.id, round(n / elapsed, 1), "games/s", label,
                anchor=ANCHOR if anchor_rate else "",
                ratio=round(n / elapsed / anchor_rate, 3) if anchor_rate else None,
                note=f"{decisions / n:.1f} decisions per game",
            ))
            figures.append(Figure("random playouts", info.id, round(decisions / elapsed), "decisions/s",
                                  label))
    return figures
