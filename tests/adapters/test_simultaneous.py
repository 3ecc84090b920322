"""The adapters' simultaneous paths, on a toy game (see toy_simultaneous.py)."""

from __future__ import annotations

import warnings

import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from toy_simultaneous import PenniesGame  # registers the toy game "test_pennies"

from mezquita.adapters import openspiel
from mezquita.adapters.gymnasium import MezquitaEnv
from mezquita.adapters.pettingzoo import env

GAME_ID = PenniesGame.info.id


def test_openspiel_simultaneous_nodes_pass_random_sim_test():
    openspiel.register([GAME_ID])
    game = pyspiel.load_game(openspiel.short_name(GAME_ID))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state()
    assert state.is_simultaneous_node()
    assert state.legal_actions(0) == state.legal_actions(1) == [0, 1]
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_pettingzoo_selects_simultaneous_movers_in_seat_order():
    aec = env(GAME_ID)
    aec.reset(seed=0)
    order = []
    for agent in aec.agent_iter():
        _, _, terminated, _, _ = aec.last()
        order.append(agent)
        aec.step(None if terminated else 1)
    assert order[:6] == ["player_0", "player_1"] * 3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(GAME_ID), num_cycles=100)


def test_gymnasium_plays_the_other_simultaneous_seat_by_bot():
    check_env(MezquitaEnv(GAME_ID, seat=1), skip_render_check=True)


# -- Europa: the tip phase is simultaneous --------------------------------------------------
EUROPA = {"players": 3, "stack": 56, "finish": 12}


def test_europa_pettingzoo_parallel_api_test_passes():
    from pettingzoo.test import parallel_api_test

    from mezquita.adapters.pettingzoo import parallel_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about every dict observation
        parallel_api_test(parallel_env("europa", **EUROPA), num_cycles=2000)


def test_europa_parallel_steps_play_every_tipping_seat_at_once_and_wait_otherwise():
    import pytest

    from mezquita.adapters.pettingzoo import parallel_env
    from mezquita.engine import IllegalAction

    p = parallel_env("europa", players=3)
    obs, _ = p.reset(seed=4)
    wait = p.wait
    movers = [a for a, o in obs.items() if o["action_mask"][wait] == 0]
    assert len(movers) == 1  # choosing a card: one seat at a time
    while p.state.phase == "choose":
        obs, *_ = p.step({a: int(o["action_mask"].argmax()) for a, o in obs.items()})
    assert all(o["action_mask"][wait] == 0 for o in obs.values())  # every seat tips
    before = p.state.to_json()
    with pytest.raises(IllegalAction):
        p.step({a: wait for a in obs})  # a tipping seat may not wait
    assert p.state.to_json() == before
    obs, *_ = p.step({a: int(o["action_mask"].argmax()) for a, o in obs.items()})
    assert [len(t) for t in p.state.tips] == [1, 1, 1]


def test_europa_pettingzoo_aec_api_test_passes():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("europa", **EUROPA), num_cycles=2000)


def test_europa_openspiel_is_simultaneous_and_passes_random_sim_test():
    openspiel.register(["europa"])
    game = pyspiel.load_game("mezquita_europa", {"players": 3, "stack": 56, "finish": 12})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state()
    while not state.is_simultaneous_node():
        state.apply_action(state.legal_actions()[0])
    assert all(state.legal_actions(p) != [game.num_distinct_actions() - 1] for p in range(3))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_europa_gymnasium_plays_one_seat_against_geography_bots():
    check_env(MezquitaEnv("europa", seat=1, opponents="europa-geographer", **EUROPA),
              skip_render_check=True)
