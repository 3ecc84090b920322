"""Cordoba (Wittig) bots: the heuristic's preferences, and the search bots through the contract."""

import mezquita
from mezquita.agents import Turn, make_agent

from .cordoba_wittig_scenarios import arrange, legal_json


def test_heuristic_makes_the_double_that_sends_opponent_stones_back():
    # 4 right of 1 on d4 puts star in power: A (e5) and D (c5), both Player 2's, go back
    state = arrange({"1": "d4", "4": "d2", "A": "e5", "D": "c5"})
    bot = make_agent("heuristic", state.game, 0)
    while state.to_move() == (0,):
        state.apply(0, bot.act(Turn.of(state, 0)))
    assert state.events[1] == {"turn": 2, "seat": 0, "do": "double", "field": "d4", "side": "right",
                               "stones": ["1", "4"]}
    assert {e["stone"] for e in state.events if e["do"] == "back"} == {"A", "D"}


def test_heuristic_avoids_the_double_that_sends_its_own_stones_back():
    state = arrange({"1": "d4", "4": "d2", "6": "c4", "2": "e5"})
    state.apply(0, {"do": "stone", "stone": "4"})
    state.apply(0, {"do": "to", "to": "d4"})
    bot = make_agent("heuristic", state.game, 0)
    assert state.game.action_to_json(bot.act(Turn.of(state, 0))) == {"do": "side", "side": "left"}


def test_heuristic_and_search_bots_play_legal_moves_through_the_contract():
    game = mezquita.load("cordoba-wittig")
    for name in ("heuristic", "mcts-200", "alphabeta-3"):
        state, bot = game.new_state(4), make_agent(name, game, 1)
        for _ in range(6):
            seat = state.to_move()[0]
            action = bot.act(Turn.of(state, seat))
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
        assert legal_json(state)
