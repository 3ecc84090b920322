"""Search and arena speed: MCTS/ISMCTS iterations per second with their mean playout length,
per game, alpha-beta nodes per second in the games it searches (with the share answered from
its transposition table), and arena games per second on one worker process and on two (the
speed-up).

Search is timed from positions spread over one random game (its start, a third and two
thirds in), so the figure is not just the opening's. Citadels is measured at 4 players.
"""

from __future__ import annotations

import random
import time

from mezquita.agents import Turn, UnknownAgent
from mezquita.agents.alphabeta import AlphaBeta, check_searchable
from mezquita.agents.ismcts import ISMCTS
from mezquita.agents.mcts import MCTS, Budget, playout
from mezquita.arena.plan import Plan
from mezquita.arena.runner import play_plan
from mezquita.engine import Game, games, load

from . import Figure
from .anchor import shared

#: options that give each game's measured setting (the others use their defaults)
SETTINGS: dict[str, dict] = {"citadels": {"players": 4}}
ARENA_GAME = "cordoba"
ARENA_AGENTS = ["ismcts-100", "heuristic"]


def run(games_: list[str] | None, quick: bool) -> list[Figure]:
    """Search figures for ``games_`` (default: every registered game) and the arena speed-up."""
    ids = games_ or [info.id for info in games()]
    anchor = shared(quick)
    figures = []
    for game_id in ids:
        game = load(game_id, **SETTINGS.get(game_id, {}))
        setting = " ".join(f"{k}={v}" for k, v in SETTINGS.get(game_id, {}).items())
        for cls in (MCTS, ISMCTS):
            anchor.window_start()  # anchor slices just before and after the figure
            rate, mean_playout = search_speed(game, cls, 0.3 if quick else 1.0)
            figures += anchor.stamp([Figure(f"{cls.name} iterations", game_id, round(rate, 1),
                                            "iterations/s", setting,
                                            note=f"mean playout {mean_playout:.1f} actions")])
        try:
            check_searchable(game)
        except UnknownAgent:
            continue
        anchor.window_start()
        rate, hits = alphabeta_speed(game, 0.3 if quick else 1.0)
        figures += anchor.stamp([Figure("alphabeta nodes", game_id, round(rate), "nodes/s", setting,
                                        note=f"{hits:.0%} answered by the transposition table")])
    if not games_ or ARENA_GAME in games_:
        figures.extend(arena_speed(8 if quick else 120))
    anchor.finalise(figures)
    return figures


def positions(game: Game, seed: int = 1) -> list:
    """States at the start, a third and two thirds into the decisions of one random game
    that offer a choice."""
    rng = random.Random(seed)
    state, states = game.new_state(seed), []
    while movers := state.to_move():
        if len(state.legal_actions(movers[0])) > 1:
            states.append(state.clone())
        playout(state, rng, 1)
    return [states[len(states) * k // 3] for k in range(3)]


def search_speed(game: Game, cls: type[MCTS], seconds: float) -> tuple[float, float]:
    """Iterations per second and mean playout length of ``cls``, over ``positions``."""
    iterations = steps = 0
    elapsed = 0.0
    for state in positions(game):
        bot = cls(game, 0, Budget(seconds=seconds / 3))
        bot.search(Turn.of(state, state.to_move()[0]))
        elapsed += bot.stats.seconds
        iterations += bot.stats.iterations
        steps += bot.stats.playout_steps
    return iterations / elapsed, steps / iterations


def alphabeta_speed(game: Game, seconds: float) -> tuple[float, float]:
    """Alpha-beta's nodes per second over ``positions`` (a time budget each) and the share
    of them answered from its transposition table."""
    nodes = hits = 0
    elapsed = 0.0
    for state in positions(game):
        bot = AlphaBeta(game, 0, depth=None, seconds=seconds / 3)
        start = time.perf_counter()
        bot.act(Turn.of(state, state.to_move()[0]))
        elapsed += time.perf_counter() - start
        nodes, hits = nodes + bot.nodes, hits + bot.hits
    return nodes / elapsed, hits / max(nodes, 1)


def arena_speed(n: int) -> list[Figure]:
    """Games/s of the same seat-rotated tournament on one worker process and on two."""
    plan = Plan.of(load(ARENA_GAME), ARENA_AGENTS, n, seed=1)
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        play_plan(plan, workers)
        rates[workers] = n / (time.perf_counter() - start)
    setting = f"{' vs '.join(ARENA_AGENTS)}, {n} games"
    return [
        Figure("arena games (1 worker)", ARENA_GAME, round(rates[1], 2), "games/s", setting),
        Figure("arena games (2 workers)", ARENA_GAME, round(rates[2], 2), "games/s", setting,
               anchor="arena games (1 worker)", ratio=round(rates[2] / rates[1], 2),
               note="ratio = speed-up; bounded by free cores and pool start-up"),
    ]
