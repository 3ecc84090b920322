"""What the research adapters cost, and OpenSpiel's ISMCTS against Mezquita's own.

(a) Adapter overhead, per game setting: random play through the PettingZoo AEC environment
    (``last()`` with the observation encoding and mask, then ``step()``) in steps/s, against
    random play through the engine (``legal_actions`` + ``apply``) in decisions/s.
(b) Search speed on every sequential hidden-information game (four seats where the game
    allows it; OpenSpiel's ISMCTS takes no simultaneous moves, so Europa has none):
    OpenSpiel's Python ``ISMCTSBot`` (one random rollout per iteration) running through the
    OpenSpiel adapter, in iterations/s; and Mezquita's native ``ismcts`` agent on the same
    positions, with the ratio native / OpenSpiel.
"""

from __future__ import annotations

import random
import time

from mezquita.engine import games, load
from mezquita.engine.registry import game_class

from . import Figure

ENGINE = "engine random play"


def run(game_ids: list[str] | None, quick: bool) -> list[Figure]:
    """The figures (a) and (b) of the module docstring."""
    try:
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as err:
        note = f"{err.name} not installed (pip install 'mezquita[rl,openspiel]')"
        return [Figure("adapter benchmarks", "", 0.0, "", note=note)]
    seconds = 0.3 if quick else 2.0
    figures: list[Figure] = []
    for info in games():
        if game_ids and info.id not in game_ids:
            continue
        for options in game_class(info.id).bench_settings:
            figures += _overhead(info.id, options, seconds)
        if info.hidden_information and not info.simultaneous:
            figures += _search(info.id, _four_seats(info), quick)
    return figures


def _setting(options: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def _four_seats(info) -> dict:
    """Four players when the game has a ``players`` option allowing it, else the defaults."""
    option = next((o for o in info.options if o.name == "players"), None)
    allowed = option is not None and (
        4 in option.choices if option.choices is not None
        else info.min_players <= 4 <= info.max_players)
    return {"players": 4} if allowed else {}


def _rate(play_one, seconds: float) -> float:
    """Steps per second of ``play_one(i) -> steps``, called until ``seconds`` pass."""
    steps = i = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or i == 0:
        steps += play_one(i)
        i += 1
    return steps / elapsed


def _overhead(game_id: str, options: dict, seconds: float) -> list[Figure]:
    import numpy as np

    from mezquita.adapters.pettingzoo import env

    game = load(game_id, **options)
    rng = random.Random(0)

    def engine_game(i: int) -> int:
        state, steps = game.new_state(i), 0
        while movers := state.to_move():
            state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
            steps += 1
        return steps

    aec = env(game_id, **options)
    np_rng = np.random.default_rng(0)

    def aec_game(i: int) -> int:
        aec.reset(seed=i)
        steps = 0
        for _ in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(int(np_rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps

    engine_rate = _rate(engine_game, seconds)
    aec_rate = _rate(aec_game, seconds)
    setting = _setting(options)
    return [
        Figure(ENGINE, game_id, round(engine_rate), "decisions/s", setting),
        Figure("PettingZoo AEC random play", game_id, round(aec_rate), "steps/s", setting,
               anchor=ENGINE, ratio=round(aec_rate / engine_rate, 3),
               note="each step includes last(): observation encoding and action mask"),
    ]


def _search(game_id: str, options: dict, quick: bool) -> list[Figure]:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from mezquita.adapters.openspiel import short_name
    from mezquita.agents import Turn, make_agent

    iterations, positions = (100, 2) if quick else (400, 4)
    spiel_game = pyspiel.load_game(short_name(game_id), options)
    rng = random.Random(1)
    states = []
    for k in range(positions):  # positions spread along random games
        state = spiel_game.new_initial_state()
        for _ in range(3 * k):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            states.append(state)

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, 2.0, iterations,
                           random_state=np.random.RandomState(0))
    start = time.perf_counter()
    for state in states:
        bot.step(state)
    spiel_rate = iterations * len(states) / (time.perf_counter() - start)

    agent = make_agent(f"ismcts-{iterations}", spiel_game.mezquita, seed=0)
    start = time.perf_counter()
    for state in states:
        truth = state.mezquita_state
        agent.act(Turn.of(truth, truth.to_move()[0]))
    native_rate = iterations * len(states) / (time.perf_counter() - start)

    setting = _setting(options) or "defaults"
    anchor = "OpenSpiel Python ISMCTSBot via the adapter"
    return [
        Figure(anchor, game_id, round(spiel_rate, 1), "iterations/s", setting,
               note=f"{len(states)} positions x {iterations} iterations, 1 random rollout each"),
        Figure("Mezquita native ismcts", game_id, round(native_rate, 1), "iterations/s",
               setting, anchor=anchor, ratio=round(native_rate / spiel_rate, 2),
               note="same positions; target: at least 5x the OpenSpiel figure"),
    ]
