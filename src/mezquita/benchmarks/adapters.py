"""What the research adapters cost, and OpenSpiel's ISMCTS against Mezquita's own.

(a) Adapter overhead, per game setting, against random play through the engine
    (``legal_actions`` + ``apply``) in decisions/s: the same play with one observation
    encoded per decision (the floor for any adapter that observes every step), the PettingZoo
    AEC environment (``last()`` with the observation and mask, then ``step()``), the Gymnasium
    environment against random opponents, and `FastVectorEnv` where the game has a fast
    simulator, each in steps per CPU second with its ratio to the engine. The loops run
    interleaved and each keeps its best round, so that other processes' load weighs on all
    alike.
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
OBSERVED = "engine random play, observed"
AEC = "PettingZoo AEC random play"
GYM = "Gymnasium random play"
FAST = "FastVectorEnv random play"
FAST_ENVS = 64


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


def _best_rates(loops: dict, seconds: float, rounds: int = 3) -> dict[str, float]:
    """Per loop ``play_one(i) -> steps``, its best steps per CPU second of this process over
    ``rounds`` rounds that run every loop in turn for ``seconds / rounds`` each: CPU time and
    interleaving keep other processes' load out of the ratios as far as they can."""
    best = dict.fromkeys(loops, 0.0)
    for _ in range(rounds):
        for name, play_one in loops.items():
            steps = i = 0
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds / rounds or i == 0:
                steps += play_one(i)
                i += 1
            best[name] = max(best[name], steps / elapsed)
    return best


def _overhead(game_id: str, options: dict, seconds: float) -> list[Figure]:
    """Random play through the engine, the engine plus one observation per decision (the floor
    of any adapter that encodes every step), PettingZoo AEC, Gymnasium and, where the game has
    a fast simulator, `FastVectorEnv`."""
    import numpy as np

    from mezquita import fast
    from mezquita.adapters.arrays import observation
    from mezquita.adapters.gymnasium import FastVectorEnv, MezquitaEnv
    from mezquita.adapters.pettingzoo import env

    game = load(game_id, **options)
    size = game.observation_size
    rng = random.Random(0)

    def engine_game(i: int) -> int:
        state, steps = game.new_state(i), 0
        while movers := state.to_move():
            state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
            steps += 1
        return steps

    def observed_game(i: int) -> int:
        state, steps = game.new_state(i), 0
        while movers := state.to_move():
            observation(game, state, movers[0], size)
            state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
            steps += 1
        return steps

    aec = env(game_id, **options)

    def aec_game(i: int) -> int:
        aec.reset(seed=i)
        steps = 0
        for _ in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            aec.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    gym = MezquitaEnv(game_id, opponents="random", **options)

    def gym_game(i: int) -> int:
        gym.reset(seed=i)
        done = False
        while not done:
            legal = np.flatnonzero(gym.action_masks())
            done = gym.step(int(legal[rng.randrange(len(legal))]))[2]
        return len(gym.state.history)  # the learner's decisions and its opponents'

    loops = {ENGINE: engine_game, OBSERVED: observed_game, AEC: aec_game, GYM: gym_game}
    if fast.supports(game_id, ["random"], options):
        vec = FastVectorEnv(FAST_ENVS, game=game_id, opponents="random", observation="flat", **options)
        vec.reset(seed=0)
        np_rng = np.random.default_rng(0)

        def fast_steps(i: int) -> int:
            mask = vec.action_masks()
            vec.step(np.argmax(np.where(mask, np_rng.random(mask.shape), -1.0), axis=1))
            return FAST_ENVS

        loops[FAST] = fast_steps
    rates = _best_rates(loops, seconds)
    engine_rate, setting = rates.pop(ENGINE), _setting(options)
    notes = {
        OBSERVED: "engine play plus the adapters' observation per decision (game.encode_state "
                  "written into a new float32 array): the floor of an adapter that observes "
                  "every step",
        AEC: "each step includes last(): observation encoding and action mask",
        GYM: "one seat against random opponents; counts every decision (opponents' too)",
        FAST: f"{FAST_ENVS} envs, flat observations, random opponents; counts learner steps",
    }
    figures = [Figure(ENGINE, game_id, round(engine_rate), "decisions/s", setting)]
    for name, rate in rates.items():
        cost = engine_rate / rate
        figures.append(Figure(name, game_id, round(rate), "steps/s", setting, anchor=ENGINE,
                              ratio=round(rate / engine_rate, 3),
                              note=f"{notes[name]}; a step costs {cost:.1f}x an engine decision"))
    return figures


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
