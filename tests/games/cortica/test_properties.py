"""Property tests for Cortiça: invariants over random games."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import mezquita
from mezquita.engine import Record
from mezquita.games.cortica.rules import CorticaState

GAME = mezquita.load("cortica")
SEEDS = st.integers(min_value=0, max_value=2**32)


def random_game(seed: int, check=None) -> CorticaState:
    """Play a uniformly random game, calling ``check(state)`` after every action."""
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    for _ in range(GAME.max_game_length + 1):
        if state.is_terminal():
            return state
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if check is not None:
            check(state)
    raise AssertionError("the game did not end within max_game_length decisions")


def _placed(state: CorticaState) -> list[int]:
    return [w for spaces in state.spaces for w in spaces if w >= 0]


def check_invariants(state: CorticaState) -> None:
    for res in state.resources:
        assert all(0 <= n <= 7 for n in res), res
    assert sorted(state.stack + _placed(state)) == [0, 1, 2, 3]
    assert sorted(state.row) == [0, 1, 2, 3, 4]
    resting = state.row[0]
    assert all(w < 0 for w in state.spaces[resting])
    if state.phase == "resolve":
        assert len(state.queue) == len(_placed(state))
        assert 1 <= state.uses_left <= 2
    elif state.phase != "place":
        assert len(state.stack) == 4 and not state.queue
    assert not state.is_terminal() or state.winner in (0, 1)


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_random_games_keep_invariants_and_end(seed):
    state = random_game(seed, check_invariants)
    assert sorted(state.returns()) == [0.0, 1.0]
    cork = [r[2] for r in state.resources]
    assert max(cork) >= 6 or state.round == GAME.max_rounds
    assert state.scores() == [float(c) for c in cork]


def check_kept_legal_ids(state: CorticaState) -> None:
    """The legal ids the moves keep for the next decision are those found from the fields."""
    rebuilt = GAME.state_from_json(state.to_json())
    assert rebuilt._placing_cache is None and rebuilt._choices_cache is None  # found from the fields
    for seat in (0, 1):
        assert state.legal_actions(seat) == rebuilt.legal_actions(seat)
        assert state.clone().legal_actions(seat) == rebuilt.legal_actions(seat)


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_legal_ids_kept_by_the_moves_match_the_fields(seed):
    random_game(seed, check_kept_legal_ids)


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_records_replay_exactly(seed):
    state = random_game(seed)
    record = Record.of(state)
    again = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert again.to_json() == state.to_json()


@settings(max_examples=15, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=80))
def test_json_round_trip_and_clone_independence(seed, steps):
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    data = json.loads(json.dumps(state.to_json()))
    rebuilt = GAME.state_from_json(data)
    assert rebuilt.to_json() == state.to_json()
    assert rebuilt.view(0) == state.view(0)
    assert rebuilt.legal_actions() == state.legal_actions()
    copy = state.clone()
    before = state.to_json()
    while not copy.is_terminal():
        seat = copy.to_move()[0]
        copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert state.to_json() == before


@settings(max_examples=10, deadline=None)
@given(SEEDS)
def test_actions_json_and_labels_round_trip(seed):
    def check(state):
        for seat in state.to_move():
            for a in state.legal_actions(seat):
                assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(a)))) == a
                assert all(GAME.action_label(a, lang) for lang in ("en", "es", "ca", "de"))

    random_game(seed, check)


@settings(max_examples=10, deadline=None)
@given(SEEDS)
def test_views_encode_and_resample_is_a_clone(seed):
    def check(state):
        for seat in (0, 1, None):
            view = state.view(seat)
            json.dumps(view)
            vector = GAME.encode_view(view)
            assert len(vector) == GAME.observation_size
            assert all(0.0 <= x <= 1.0 for x in vector)
        seat = state.to_move()[0] if state.to_move() else 0
        sample = state.resample(seat, random.Random(seed))
        assert sample.to_json()["data"] == state.to_json()["data"]

    random_game(seed, check)
