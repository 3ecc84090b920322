"""Alpha-beta: names and budgets, the games it refuses, tactics it must find, its evaluation hook."""

from __future__ import annotations

import time

import pytest

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.agents.alphabeta import AlphaBeta
from mezquita.agents.registry import UnknownAgent

from ..games.cordoba_wittig.scenarios import arrange, move, where


def test_names_give_a_depth_or_a_time_budget():
    game = mezquita.load("cordoba-wittig")
    assert make_agent("alphabeta-3", game).depth == 3
    timed = make_agent("alphabeta-0.5s", game)
    assert timed.seconds == 0.5 and timed.depth is None
    assert make_agent("alphabeta", game).depth == 4
    with pytest.raises(UnknownAgent, match="at least 1"):
        make_agent("alphabeta-0", game)


@pytest.mark.parametrize("game_id", ["cordoba"])
def test_games_with_hidden_information_or_chance_are_refused_clearly(game_id):
    with pytest.raises(UnknownAgent, match=r"hidden information.*use mcts or ismcts"):
        make_agent("alphabeta-2", mezquita.load(game_id))


def test_finds_the_winning_move_to_the_far_row():
    # Player 1 wins by 4 g6-g8 or g6-i8: Player 2 cannot reach four on the far row in its extra turn
    state = arrange({"1": "a8", "2": "c8", "3": "e8", "4": "g6", "A": "b4", "E": "j2"})
    bot = make_agent("alphabeta-4", state.game, 1)
    while state.to_move() == (0,):
        state.apply(0, bot.act(Turn.of(state, 0)))
    assert where(state, "4") in ("g8", "i8") and state.claim == 0


def test_avoids_a_double_that_sends_its_own_stones_back():
    # placed right of 1 (star|star) on d4, 4 (star|cross) puts star in power, and the only star
    # stone around is Player 1's own 6 on c4 (back to its start); placed left, nothing happens
    state = arrange({"1": "d4", "4": "d2", "6": "c4", "2": "e5"})
    bot = AlphaBeta(state.game, 3, depth=3)
    state.apply(0, {"do": "stone", "stone": "4"})
    state.apply(0, {"do": "to", "to": "d4"})
    assert state.game.action_to_json(bot.act(Turn.of(state, 0))) == {"do": "side", "side": "left"}


def test_time_budget_is_kept_and_iterations_deepen():
    state = mezquita.load("cordoba-wittig").new_state(5)
    bot = make_agent("alphabeta-0.2s", state.game, 0)
    start = time.perf_counter()
    bot.act(Turn.of(state, 0))
    assert time.perf_counter() - start < 0.6
    assert bot.reached >= 2 and bot.nodes > 0


def test_same_seed_same_choices():
    game = mezquita.load("cordoba-wittig")
    picks = []
    for _ in range(2):
        state, bot = game.new_state(2), make_agent("alphabeta-3", game, 7)
        line = []
        for _ in range(12):
            seat = state.to_move()[0]
            line.append(bot.act(Turn.of(state, seat)))
            state.apply(seat, line[-1])
        picks.append(line)
    assert picks[0] == picks[1]


def test_the_games_evaluation_hook_scores_the_leaves(monkeypatch):
    game = mezquita.load("cordoba-wittig")
    calls = []

    def evaluation(state, seat):
        calls.append(seat)
        return 0.0

    monkeypatch.setattr(type(game), "evaluation", staticmethod(evaluation))
    bot = make_agent("alphabeta-2", game, 0)
    bot.act(Turn.of(game.new_state(0), 0))
    assert calls, "leaves are scored by Game.evaluation"


def test_a_position_reached_by_two_move_orders_is_searched_once():
    game = mezquita.load("cordoba-wittig")
    orders = [[("1", "a2"), ("A", "b2"), ("2", "c2")], [("2", "c2"), ("A", "b2"), ("1", "a2")]]
    reached = []
    for order in orders:
        state = game.new_state(0)
        for seat, (stone, to) in zip((0, 1, 0), order):
            move(state, seat, stone, to)
        reached.append(game.search_key(state))
    assert reached[0] == reached[1]  # one table entry for both

    def leaves(key) -> list:
        bot = AlphaBeta(game, 0, depth=6)
        bot.key, scored = key, []
        evaluate = bot.evaluate
        bot.evaluate = lambda state, seat: scored.append(game.search_key(state)) or evaluate(state, seat)
        bot.act(Turn.of(game.new_state(0), 0))
        return scored, bot

    scored, bot = leaves(game.search_key)
    assert len(scored) == len(set(scored)) and bot.hits > 0  # every position scored once
    scored, _ = leaves(None)  # keyed by the path: the same positions are scored again
    assert len(scored) > len(set(scored))
