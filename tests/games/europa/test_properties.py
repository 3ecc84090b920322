"""Property tests over random Europa games: hidden tips never reach another seat, pieces
only move forward and never share a field before the last one."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import mezquita
from mezquita.engine import LANGS

PROFILE = settings(max_examples=8, deadline=None)
players = st.integers(2, 6)


def random_game(n: int, seed: int, steps: int = 250):
    game = mezquita.load("europa", players=n, stack=56)
    state, rng = game.new_state(seed), random.Random(seed)
    while (movers := state.to_move()) and len(state.history) < steps:
        seat = rng.choice(movers)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@PROFILE
@given(players, st.integers(0, 2**32))
def test_tips_of_other_seats_never_show_before_the_evaluation(n, seed):
    for state in random_game(n, seed):
        if state.phase != "tip" or len(state.history) % 3:
            continue
        for owner in range(n):
            if not state.tips[owner]:
                continue
            changed = state.clone()  # the same game with other values on the owner's board
            changed.tips[owner] = ["E" if state.tips[owner][0] == "W" else "W", *state.tips[owner][1:]]
            changed.events = [{**e, "value": "X"} if e["do"] == "stone" and e["seat"] == owner
                              and e["round"] == state.round else e for e in state.events]
            for viewer in [None, *range(n)]:
                if viewer == owner:
                    continue
                assert state.view(viewer) == changed.view(viewer)
                assert state.log(viewer) == changed.log(viewer)
                for entry in state.log(viewer)[-4:]:
                    for lang in LANGS:
                        assert "X" not in state.game.event_text(entry, lang) or entry["do"] == "round"


@PROFILE
@given(players, st.integers(0, 2**32))
def test_pieces_move_forward_only_and_share_only_the_last_field(n, seed):
    last = None
    for state in random_game(n, seed):
        if last is not None:
            assert all(a >= b for a, b in zip(state.positions, last))
        shared = [p for p in state.positions if state.positions.count(p) > 1]
        assert all(p == state.game.last_field for p in shared)
        last = list(state.positions)


@PROFILE
@given(players, st.integers(0, 2**32))
def test_cards_are_conserved(n, seed):
    for state in random_game(n, seed):
        swapped = sum(2 - s for s in state.swaps)
        evaluated = sum(1 for e in state.events if e["do"] == "evaluate")
        in_play = len(state.stack) + sum(c is not None for c in state.display)
        in_play += sum(c is not None for c in state.cards)
        assert in_play + swapped + evaluated == 56
        assert sum(len(k) for k in state.kept) <= evaluated
