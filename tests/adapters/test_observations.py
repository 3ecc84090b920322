"""Observation encodings: the generic contract for every game, and Córdoba's table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import mezquita
from mezquita.games.cordoba import observation as cordoba_obs


def _random_game(game, seed: int, rng: random.Random):
    """The states of a random game from ``seed``, one per decision, the terminal one last
    (the same state object, played on after each is looked at)."""
    state = game.new_state(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_every_view_encodes_to_observation_size_floats_in_the_unit_range(config):
    game_id, options = config
    game = mezquita.load(game_id, **options)
    rng = random.Random(0)
    for seed in range(3):
        for state in _random_game(game, seed, rng):
            for seat in range(game.num_players):
                vector = game.encode_view(state.view(seat))
                assert len(vector) == game.observation_size
                assert all(0.0 <= x <= 1.0 for x in vector), (seat, vector)


def _bits(vector: list[float]) -> list[str]:
    return [float(x).hex() for x in vector]


def test_encode_state_is_the_encoded_view_bit_for_bit_and_reads_nothing_hidden(config):
    """For every seat and the spectator at every decision of random games: the vector of
    ``encode_state`` is that of the view, and a determinisation of the seat's view (hidden
    values redealt) gives the same vector."""
    game_id, options = config
    game = mezquita.load(game_id, **options)
    rng = random.Random(1)
    for seed in range(2):
        for state in _random_game(game, seed, rng):
            for seat in (*range(game.num_players), None):
                vector = _bits(game.encode_state(state, seat))
                assert vector == _bits(game.encode_view(state.view(seat))), (seed, seat, state.history)
                if seat is not None and not state.is_terminal():
                    assert _bits(game.encode_state(state.resample(seat, rng), seat)) == vector


def test_encode_memory_is_in_the_unit_range_and_reads_nothing_hidden(config):
    """For every seat at every decision of random games: the memory block (where the game
    has one) holds ``memory_size`` floats in [0, 1], the same in a determinisation of the
    seat's view."""
    game_id, options = config
    game = mezquita.load(game_id, **options)
    size = game.memory_size
    rng = random.Random(2)
    for state in _random_game(game, 0, rng):
        for seat in range(game.num_players):
            memory = game.encode_memory(state, seat, [0.0] * size)
            assert len(memory) == size and all(0.0 <= x <= 1.0 for x in memory)
            if size and not state.is_terminal():
                resampled = state.resample(seat, rng)
                assert _bits(game.encode_memory(resampled, seat, [0.0] * size)) == _bits(memory)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), hand=st.sampled_from((1, 3, 10)),
       landmarks=st.sampled_from((7, 6, 5)), match=st.booleans())
def test_cordoba_encode_state_is_the_encoded_view_in_every_variant(seed, hand, landmarks, match):
    game = mezquita.load("cordoba", hand=hand, landmarks=landmarks, match=match)
    for state in _random_game(game, seed, random.Random(seed)):
        for seat in (0, 1, None):
            assert _bits(game.encode_state(state, seat)) == \
                _bits(cordoba_obs.encode_view(game, state.view(seat)))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), hand=st.sampled_from((1, 3, 10)),
       landmarks=st.sampled_from((7, 6, 5)), match=st.booleans())
def test_cordoba_encoding_is_in_range_for_every_variant(seed, hand, landmarks, match):
    game = mezquita.load("cordoba", hand=hand, landmarks=landmarks, match=match)
    for state in _random_game(game, seed, random.Random(seed)):
        for seat in (0, 1, None):
            vector = cordoba_obs.encode_view(game, state.view(seat))
            assert len(vector) == cordoba_obs.OBSERVATION_SIZE
            assert all(0.0 <= x <= 1.0 for x in vector)


def _slot(value: int) -> int:
    return cordoba_obs.HEADER + cordoba_obs.SLOT * (value - 1)


def test_cordoba_table_after_a_face_down_and_a_face_up_play():
    game = mezquita.load("cordoba")
    state = game.new_state(2)
    first = state.hands[0][0]
    state.apply(0, {"do": "play", "card": first, "landmark": 7})
    mine, theirs = game.encode_view(state.view(0)), game.encode_view(state.view(1))
    seven = _slot(7)
    # seat 0 sees its own face-down card; seat 1 sees only that one card lies there
    assert mine[seven:seven + 9] == [1, 0, 1, 1, 0, 0.1, 0, first / 55, 0]
    assert theirs[seven:seven + 9] == [1, 0, 1, 0, 1, 0, 0.1, 0, 0]
    assert mine[cordoba_obs.MINE_ON_BOARD + first - 1] == 1
    assert theirs[cordoba_obs.OTHERS_FACE_UP:cordoba_obs.COUNTS] == [0] * 10
    assert (mine[0], mine[1], theirs[0], theirs[1]) == (1, 0, 0, 1)
    assert theirs[cordoba_obs.HAND + state.hands[1][0] - 1] == 1

    state.apply(1, {"do": "play", "card": state.hands[1][0], "landmark": 6})
    state.apply(0, {"do": "play", "card": state.hands[0][0], "landmark": 5})
    state.apply(1, {"do": "play", "card": state.hands[1][0], "landmark": 7})  # both sides at 7: face up
    theirs = game.encode_view(state.view(1))
    assert theirs[seven + 1] == 1 and theirs[seven + 8] == first / 55
    face_up = theirs[cordoba_obs.OTHERS_FACE_UP:cordoba_obs.COUNTS]
    assert face_up == [float(power == first) for power in range(1, 11)]
    assert theirs[_slot(5) + 6:_slot(5) + 9] == [0.1, 0, 0]  # seat 0's card at 5: face down
