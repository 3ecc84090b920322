"""Property tests over random Córdoba games in every variant."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import mezquita
from mezquita import Record
from mezquita.engine.conformance import check_game

variants = st.fixed_dictionaries({
    "hand": st.sampled_from([1, 3, 10]),
    "landmarks": st.sampled_from([7, 6, 5]),
    "match": st.booleans(),
})
PROFILE = settings(max_examples=25, deadline=None)


def random_game(options, seed, stop_after=None):
    game = mezquita.load("cordoba", **options)
    state, rng = game.new_state(seed), random.Random(seed)
    while (movers := state.to_move()) and (stop_after is None or len(state.history) < stop_after):
        state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
        yield state


@PROFILE
@given(variants, st.integers(0, 2**32))
def test_cards_are_conserved(options, seed):
    for state in random_game(options, seed):
        for seat in (0, 1):
            played = [c for pile in state.piles for c in pile[seat]]
            assert sorted(state.hands[seat] + state.decks[seat] + played) == list(range(1, 11))


@PROFILE
@given(variants, st.integers(0, 2**32))
def test_face_down_values_never_reach_the_other_seat(options, seed):
    for state in random_game(options, seed):
        for viewer in (None, 0, 1):
            if state.is_terminal():
                break  # the end reveals everything (checked by the conformance suite)
            view = state.view(viewer)
            for index, lm in enumerate(view["landmarks"]):
                for seat in (0, 1):
                    if not lm["face_up"] and seat != viewer:
                        assert all(c is None for c in lm["cards"][seat])
                    else:
                        assert lm["cards"][seat] == state.piles[index][seat]
            hidden = [e for e in state.log(viewer) if e.get("card", 0) is None]
            assert all(e["seat"] != viewer for e in hidden)
            if viewer is not None:
                assert view["hand"] == sorted(state.hands[viewer])
            assert "decks" not in json.dumps(view)


@PROFILE
@given(variants, st.integers(0, 2**32), st.integers(0, 39))
def test_resample_keeps_view_and_legal_actions_and_redeals_hidden_cards(options, seed, cut):
    states = list(random_game(options, seed, stop_after=cut))
    state = states[-1] if states else None
    if state is None or state.is_terminal():
        return
    rng = random.Random(seed)
    for seat in (0, 1):
        other = 1 - seat
        deals = set()
        for _ in range(30):
            sample = state.resample(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sample.legal_actions(seat) == state.legal_actions(seat)
            assert sample.hands[seat] == state.hands[seat]
            for s in (0, 1):
                played = [c for pile in sample.piles for c in pile[s]]
                assert sorted(sample.hands[s] + sample.decks[s] + played) == list(range(1, 11))
            face_down = tuple(tuple(p[other]) for i, p in enumerate(sample.piles) if not state.face_up[i])
            deals.add((tuple(sample.hands[other]), tuple(sample.decks[other]), face_down))
        groups = [state.hands[other], state.decks[other]] + [
            p[other] for i, p in enumerate(state.piles) if not state.face_up[i]]
        if sum(1 for g in groups if g) >= 2 or len(state.decks[other]) >= 2:
            assert len(deals) > 1, "resampling should redeal the opponent's hidden cards"


@PROFILE
@given(variants, st.integers(0, 2**32))
def test_records_replay_to_the_identical_state(options, seed):
    *_, state = random_game(options, seed)
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    assert record.replay().to_json() == state.to_json()


def test_variants_pass_the_conformance_suite():
    for hand in (1, 3, 10):
        for landmarks in (7, 5):
            for match in (False, True):
                game = mezquita.load("cordoba", hand=hand, landmarks=landmarks, match=match)
                assert check_game(game, seeds=range(2), deep_every=4) >= 40
