"""Wittig's research boards (``tiny``, ``tiny-win``) are solved exactly: CFR+ through the OpenSpiel
adapter finds the value that a memoised minimax over engine states gives, neither board is
decided by the first move alone, and the heuristic bot is exploitable there."""

from __future__ import annotations

import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

import mezquita
import mezquita.adapters.openspiel  # registers mezquita_cordoba-wittig with OpenSpiel
from mezquita.agents import Turn, make_agent

#: seat 0's value under best play (1 a win, 0.5 a draw)
VALUES = {"tiny": 0.5, "tiny-win": 1.0}


class Minimax:
    """Seat 0's value of a position under best play, memoised by position, turn count and
    repetition counts (everything that decides the rest of a game)."""

    def __init__(self) -> None:
        self.memo: dict[tuple, float] = {}

    def __call__(self, state) -> float:
        key = (state.game.search_key(state), state.plies, frozenset(state.seen.items()))
        value = self.memo.get(key)
        if value is None:
            if state.is_terminal():
                value = state.returns()[0]
            else:
                seat = state.to_move()[0]
                values = [self(child) for child in children(state, seat)]
                value = max(values) if seat == 0 else min(values)
            self.memo[key] = value
        return value


def children(state, seat: int) -> list:
    out = []
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply(seat, action)
        out.append(child)
    return out


def turns(state, seat: int) -> list:
    """The positions after each way ``seat`` can play its whole turn from ``state``."""
    if state.is_terminal() or state.to_move()[0] != seat:
        return [state]
    return [end for child in children(state, seat) for end in turns(child, seat)]


def test_minimax_values_and_that_the_first_move_does_not_decide():
    value = Minimax()
    tiny = mezquita.load("cordoba-wittig", board="tiny").new_state(0)
    assert value(tiny) == VALUES["tiny"]
    firsts = turns(tiny, 0)
    assert len(firsts) == 7 and {value(s) for s in firsts} == {0.5}, "every first turn draws"
    replies = [value(reply) for s in firsts for reply in turns(s, 1)]
    assert (len(replies), replies.count(1.0)) == (43, 12), "but 12 replies of the second lose"

    value = Minimax()
    win = mezquita.load("cordoba-wittig", board="tiny-win").new_state(0)
    assert value(win) == VALUES["tiny-win"]
    assert sorted(value(s) for s in turns(win, 0)) == [0.5, 0.5, 1.0, 1.0], "two first turns win"


@pytest.mark.parametrize("board", sorted(VALUES))
def test_cfr_plus_finds_the_minimax_value(board):
    game = pyspiel.load_game("mezquita_cordoba-wittig", {"board": board})
    assert Minimax()(game.mezquita.new_state(0)) == VALUES[board]
    solver = cfr.CFRPlusSolver(game)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [average, average])[0]
    assert value == pytest.approx(VALUES[board], abs=0.005)


def test_the_heuristic_is_exploitable_on_the_tiny_board():
    game = pyspiel.load_game("mezquita_cordoba-wittig", {"board": "tiny"})
    heuristic = make_agent("heuristic", game.mezquita, seed=0)
    bot = policy.tabular_policy_from_callable(game, lambda state: {
        heuristic.act(Turn.of(state.mezquita_state, state.current_player())): 1.0})
    assert exploitability.exploitability(game, bot) > 0.1
