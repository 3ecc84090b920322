"""Europa's and Wittig's Cordoba's balance figures agree with the finished game they read."""

from __future__ import annotations

import random

import mezquita
from mezquita.arena.figures import catalogue, figures


def finished(game_id: str, seed: int, **options):
    state = mezquita.load(game_id, **options).new_state(seed)
    rng = random.Random(seed)
    while movers := state.to_move():
        seat = rng.choice(movers)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_europa_counts_every_kept_card_and_every_tip_by_its_stones():
    state = finished("europa", 3, players=3, finish=12)
    facts = figures(state)["facts"]
    kept = [f for f in facts if f[0] == "colour" and f[2] == "kept"]
    assert len(kept) == sum(len(k) for k in state.kept)
    tipped = [f for f in facts if f[2] == "tipped"]
    assert len(tipped) == len([f for f in facts if f[0] == "stones" and f[2] == "placed"])
    assert {f[1] for f in facts if f[0] == "stones"} <= set(catalogue(state.game)["stones"])
    assert figures(state)["rounds"] == sum(e["do"] == "round" for e in state.events) > 0


def test_wittig_counts_compensations_and_names_the_outcome():
    state = finished("cordoba-wittig", 5, board="small")
    facts = figures(state)["facts"]
    outcome = [f for f in facts if f[0] == "outcome"]
    assert len(outcome) == 1 and outcome[0][1] == state.outcome.value
    assert outcome[0][3] == (state.winner if state.winner >= 0 else None)
    backs = [f for f in facts if f[2] == "stones back"]
    assert len(backs) == sum(e["do"] == "back" for e in state.events)
    assert {f[1] for f in facts if f[0] == "compensation"} <= set(catalogue(state.game)["compensation"])
