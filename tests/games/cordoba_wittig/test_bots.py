"""Cordoba (Wittig) bots: the heuristic's preferences, and the search bots through the contract."""

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.games.cordoba_wittig.evaluation import live_progress, moves_to_go

from .scenarios import arrange, legal_json


def test_heuristic_makes_the_double_that_sends_opponent_stones_back():
    # 4 right of 1 on d4 puts star in power: A (e4) and D (c4), both Player 2's, go back home
    # (two stones on row 5 would be dead ones, which the bot rightly leaves where they are)
    state = arrange({"1": "d4", "4": "d2", "A": "e4", "D": "c4"})
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


def test_hard_never_moves_a_dead_stone_while_a_live_one_can_race():
    # 1, 2 and 3 stand on row 5 and 4 on row 3: an odd distance to the far row, so moving
    # forwards (a5-a7...) can never bring them there; 5 (i2) and 6 (home) can still arrive.
    # Counting rows advanced, every forward move would be worth the same two rows.
    placement = {"1": "a5", "2": "c5", "3": "e5", "4": "g3", "5": "i2", "A": "b2", "B": "d4"}
    for seed in range(12):
        state = arrange(placement)
        moves = {a["action"]["stone"] for a in state.legal_actions_json()}
        assert {"1", "2", "3", "4"} <= moves  # the dead stones' moves are offered
        bot = make_agent("hard", state.game, seed)
        state.apply(0, bot.act(Turn.of(state, 0)))
        assert state.view(None)["selected"] in ("5", "6")


def test_a_dead_stone_moved_on_gains_nothing_in_the_evaluation():
    before = arrange({"1": "a5", "2": "c4", "A": "b2"})
    dead_on, live_on = arrange({"1": "a7", "2": "c4", "A": "b2"}), arrange({"1": "a5", "2": "c6", "A": "b2"})
    assert moves_to_go(dead_on, 0) == moves_to_go(before, 0) == moves_to_go(live_on, 0) + 1
    assert live_progress(dead_on, 0) == live_progress(before, 0) == live_progress(live_on, 0) - 2
