"""The search bench: positions with a choice, iterations/s and playout length."""

import mezquita
from mezquita.agents.ismcts import ISMCTS
from mezquita.benchmarks.search import positions, search_speed


def test_search_bench_measures_from_positions_with_a_choice():
    game = mezquita.load("cordoba", hand=3)
    states = positions(game)
    assert len(states) == 3
    assert all(len(s.legal_actions()) > 1 for s in states)
    assert len({len(s.history) for s in states}) == 3
    rate, playout = search_speed(game, ISMCTS, 0.06)
    assert rate > 0
    assert 0 < playout < 20
