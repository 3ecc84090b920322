"""Post-game reviews (`mezquita.analysis.review`): each decision of one seat valued from its view
at the time, the same in every world ``resample`` draws, marked by the stated thresholds."""

from __future__ import annotations

import json
import random

import pytest

import mezquita
from mezquita.analysis import BLUNDER, MISTAKE, Step, review, review_step
from mezquita.analysis.search import Estimate
from mezquita.engine import BadRecord, MezquitaError, Record
from tests.agents import nim  # noqa: F401  (registers test-nim)

from .test_hint import midgame


@pytest.mark.parametrize(("game_id", "options", "budget"),
                         [("cordoba", {}, 150), ("citadels", {"players": 4}, 40)])
def test_a_review_step_is_the_same_in_every_world_resample_draws(game_id, options, budget):
    state, seat = midgame(game_id, options, 9)
    played = state.legal_actions(seat)[-1]
    worlds = [state] + [state.resample(seat, random.Random(k)) for k in range(1, 4)]
    assert len({json.dumps(w.to_json()["data"], sort_keys=True) for w in worlds}) > 1
    steps = [review_step(w, seat, played, budget, seed=2) for w in worlds]
    assert all(s == steps[0] for s in steps[1:])
    assert steps[0].played is not None and steps[0].best is not None


def nim_record(moves: list[int]) -> Record:
    """A Nim game (9 stones, 2 seats) taking ``moves`` stones in turn."""
    state = mezquita.load("test-nim", stones=9).new_state(0)
    for k in moves:
        state.apply(state.to_move()[0], {"do": "take", "stones": k})
    return Record.of(state)


def test_a_losing_move_from_a_won_position_is_a_blunder():
    """From 9 stones only taking 1 wins; seat 0 takes 2 (7 left, the opponent leaves 4)."""
    r = review(nim_record([2, 3, 1, 3]), seat=0, budget=2000)
    first = r.steps[0]
    assert first.best.action == 0 and first.action == 1  # take 1 was best, take 2 was played
    assert first.mark == "blunder" and first.loss >= BLUNDER and first.certain
    assert first.alternative == first.best
    assert r.steps[1].forced is False and len(r.steps) == 2
    winner = review(nim_record([2, 3, 1, 3]), seat=1, budget=2000)
    assert [s.mark for s in winner.steps] == [None, None]  # the winner played the winning moves
    assert all(s.loss == 0.0 for s in winner.steps)


def test_the_analysts_own_choice_loses_nothing_and_the_alternative_is_the_runner_up():
    r = review(nim_record([1, 3, 2, 2, 1]), seat=0, budget=2000)
    first = r.steps[0]
    assert first.action == first.best.action and first.loss == 0.0 and first.mark is None
    assert first.alternative.action != first.action


def test_marks_follow_the_stated_thresholds():
    def step(best: float, played: float) -> Step:
        return Step(0, 1, False, Estimate(1, played, played - 0.01, played + 0.01, 100),
                    Estimate(0, best, best - 0.01, best + 0.01, 100), None)

    assert step(0.6, 0.6 - MISTAKE + 0.01).mark is None
    assert step(0.6, 0.6 - MISTAKE).mark == "mistake"
    assert step(0.6, 0.6 - BLUNDER).mark == "blunder"
    assert step(0.5, 0.7).loss == 0.0  # a played move valued above the pick loses nothing
    assert Step(0, 1, True, None, None, None).loss == 0.0  # forced moves are never marked
    assert Step(0, 1, False, None, Estimate(0, 0.5, 0.4, 0.6, 10), None).mark is None  # untried


def test_a_review_of_a_simulated_citadels_game_covers_every_decision_of_the_seat():
    state, _ = midgame("citadels", {"players": 4}, 40, seed=3)
    record = Record.of(state)
    r = review(record, seat=2, budget=10)
    mine = [i for i, (s, _) in enumerate(record.actions) if s == 2]
    assert [s.index for s in r.steps] == mine
    data = r.to_json("ca")
    assert data["thresholds"] == {"mistake": MISTAKE, "blunder": BLUNDER}
    assert data["measure"] == "win chance" and data["analyst"] == "vismcts-10"
    for step, raw in zip(data["steps"], r.steps):
        assert step["seat"] == 2 and step["action"] == record.actions[raw.index][1]
        if not step["forced"]:
            assert step["best"]["action"] and step["before"] == step["best"]["value"]


def test_bad_records_and_seats_are_refused():
    record = nim_record([1, 3])
    with pytest.raises(MezquitaError, match="no seat 2"):
        review(record, seat=2)
    broken = Record(record.game, record.options, record.seed, [[0, {"do": "take", "stones": 3}]] * 5)
    with pytest.raises(BadRecord, match="does not replay"):
        review(broken, seat=0)
