"""Hints (`mezquita.analysis.hint`): the analyst's best moves from one seat's view, the same in
every world ``resample`` draws."""

from __future__ import annotations

import json
import random

import pytest

import mezquita
from mezquita.agents import Turn
from mezquita.analysis import analyse, analyst, hint
from mezquita.engine import MezquitaError, UnknownOption
from tests.agents import nim  # noqa: F401  (registers test-nim)

#: hidden-information games, a small budget each (the property holds for any budget)
HIDDEN = [("cordoba", {}, 150), ("citadels", {"players": 4}, 40), ("europa", {"players": 3, "stack": 56}, 40)]


def midgame(game_id: str, options: dict, moves: int, seed: int = 1):
    """A state after ``moves`` random actions, and the seat to move."""
    state = mezquita.load(game_id, **options).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, state.to_move()[0]


@pytest.mark.parametrize(("game_id", "options", "budget"), HIDDEN)
@pytest.mark.parametrize("moves", [3, 11])
def test_hint_is_the_same_in_every_world_resample_draws(game_id, options, budget, moves):
    state, seat = midgame(game_id, options, moves)
    worlds = [state] + [state.resample(seat, random.Random(k)) for k in range(1, 4)]
    truths = {json.dumps(w.to_json()["data"], sort_keys=True) for w in worlds}
    assert len(truths) > 1, "the worlds must differ in what the seat cannot see"
    hints = [[s.to_json() for s in hint(Turn.of(w, seat), budget, seed=5)] for w in worlds]
    assert all(h == hints[0] for h in hints[1:])
    assert hints[0], "a hint suggests at least one move"


def test_a_hint_gives_three_moves_best_first_with_honest_intervals():
    state, seat = midgame("cordoba", {}, 4)
    suggestions = hint(Turn.of(state, seat), budget=300, seed=1)
    assert len(suggestions) == 3
    visits = [s.estimate.visits for s in suggestions]
    assert visits == sorted(visits, reverse=True)  # the search's own ranking
    legal = state.legal_actions(seat)
    for s in suggestions:
        assert s.action in legal and s.measure == "win chance"
        assert 0.0 <= s.estimate.low <= s.estimate.value <= s.estimate.high <= 1.0
        assert s.estimate.high - s.estimate.low > 0  # a finite search is never sure
        assert state.game.action_from_json(s.json) == s.action


def test_hint_finds_the_winning_move_of_nim():
    """Nim with 9 stones: taking 1 leaves a multiple of 4, the only winning move."""
    game = mezquita.load("test-nim", stones=9)
    best, *others = hint(Turn.of(game.new_state(0), 0), budget=2000, seed=0)
    assert best.json == {"do": "take", "stones": 1}
    assert best.estimate.value > 0.8
    assert all(o.estimate.value < best.estimate.value for o in others)


def test_alpha_beta_games_give_exact_evaluations_per_move():
    state, seat = midgame("cordoba-wittig", {}, 6)
    analysis = analyse(Turn.of(state, seat), budget=2)
    assert analysis.analyst == "alphabeta-2" and analysis.measure == "evaluation"
    assert {e.action for e in analysis.estimates} == set(state.legal_actions(seat))
    values = [e.value for e in analysis.estimates]
    assert values == sorted(values, reverse=True)
    assert all(e.low <= e.value <= e.high and e.visits is None for e in analysis.estimates)


def test_the_analyst_is_the_strongest_level_on_a_fixed_budget():
    assert analyst(mezquita.load("cordoba")) == "ismcts-10000"
    assert analyst(mezquita.load("citadels", players=4)) == "vismcts-1000"
    assert analyst(mezquita.load("cortica")) == "alphabeta-8"
    assert analyst(mezquita.load("europa")) == "ismcts-300"  # Europa's levels are no search
    assert analyst(mezquita.load("cordoba"), budget=50) == "ismcts-50"


def test_reasons_come_in_the_asked_language():
    state, seat = midgame("cordoba", {}, 2)
    english = hint(Turn.of(state, seat), budget=60)
    german = hint(Turn.of(state, seat), budget=60, lang="de")
    assert [s.action for s in english] == [s.action for s in german]
    assert all(s.reason for s in english + german)
    assert english[0].reason != german[0].reason
    none = hint(Turn.of(*midgame("cortica", {}, 2)), budget=1)
    assert all(s.reason is None for s in none)  # Cortiça gives no reasons, not made-up ones


def test_bad_requests_are_refused():
    state, seat = midgame("cordoba", {}, 2)
    with pytest.raises(MezquitaError, match="no decision"):
        hint(Turn.of(state, 1 - seat))
    with pytest.raises(MezquitaError, match="at least 1"):
        hint(Turn.of(state, seat), budget=0)
    with pytest.raises(UnknownOption, match="language"):
        hint(Turn.of(state, seat), budget=10, lang="fr")


def test_every_seat_of_a_simultaneous_phase_gets_a_hint():
    state = mezquita.load("europa", players=3, stack=56).new_state(2)
    rng = random.Random(1)
    while len(state.to_move()) < 3:
        state.apply(state.to_move()[0], rng.choice(state.legal_actions(state.to_move()[0])))
    for seat in state.to_move():
        suggestions = hint(Turn.of(state, seat), budget=40)
        assert suggestions and {s.action for s in suggestions} <= set(state.legal_actions(seat))
