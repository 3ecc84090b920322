"""The search bench: positions with a choice, iterations/s and playout length."""

import mezquita
from mezquita.agents.ismcts import ISMCTS
from mezquita.benchmarks.search import alphabeta_speed, positions, search_speed


def test_search_bench_measures_from_positions_with_a_choice():
    game = mezquita.load("cordoba", hand=3)
    states = positions(game)
    assert len(states) == 3
    assert all(len(s.legal_actions()) > 1 for s in states)
    assert len({len(s.history) for s in states}) == 3
    rate, playout = search_speed(game, ISMCTS, 0.06)
    assert rate > 0
    assert 0 < playout < 20


def test_alphabeta_bench_counts_nodes_and_table_answers():
    rate, hits = alphabeta_speed(mezquita.load("cordoba-wittig"), 0.3)
    assert rate > 0 and 0 < hits < 1
