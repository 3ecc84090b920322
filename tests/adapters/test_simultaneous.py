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
