"""Issue 28, part 2: taking back decisions (`State.undoable`, `State.takeback`), one policy for
every game: a seat's own latest decisions that reveal nothing and draw nothing, until another
seat acts (in a simultaneous phase: until the seat has finished)."""

from __future__ import annotations

import random

import pytest

import mezquita
from mezquita.engine import IllegalAction, Record
from mezquita.engine.conformance import check_takeback

#: per game, its decision kinds that can be taken back (the rules say why: see each table)
UNDOABLE = {
    "citadels": {"income"},
    "cordoba": set(),
    "cordoba-wittig": {"stone", "to", "side", "back", "back_to", "pass"},
    "cortica": {"place", "rest", "skip", "use", "use_plan", "flip_plan", "flip_use_plan",
                "double_plan"},
    "europa": {"ew", "area", "sector", "section"},
}


@pytest.mark.parametrize("game_id", sorted(UNDOABLE))
def test_each_game_declares_which_decisions_can_be_taken_back(game_id):
    """Issue 28, part 2: the kinds each game marks undoable, reviewed against its rules."""
    game = mezquita.load(game_id)
    assert {k for k, d in game.decisions.by_kind.items() if d.undoable} == UNDOABLE[game_id]


@pytest.mark.parametrize("game_id", sorted(UNDOABLE))
def test_a_takeback_is_the_state_before_the_decision_on_random_games(game_id):
    """Issue 28, part 2: after every decision of two random games, taking it back (where it
    can be) gives exactly the state before it: every view, log and legal action."""
    game = mezquita.load(game_id)
    taken = 0
    for seed in range(2):
        rng, state = random.Random(seed), game.new_state(seed)
        while movers := state.to_move():
            seat = rng.choice(movers)
            before = state.clone()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            check_takeback(before, state, seat)
            taken += state.undoable(seat) > 0
    assert taken > 0 or not UNDOABLE[game_id]


def test_wittig_takes_back_a_whole_turn_until_the_other_seat_moves():
    """Issue 28, part 2: every decision of a Wittig turn can be taken back, newest first,
    until the opponent moves; then none."""
    state = mezquita.load("cordoba-wittig").new_state(1)
    start = state.clone()
    while state.to_move() == (0,):
        state.apply(0, state.legal_actions(0)[0])
    mine = len(state.history)
    assert state.undoable(0) == mine and state.undoable(1) == 0
    assert state.takeback(0, mine).to_json() == start.to_json()
    state.apply(1, state.legal_actions(1)[0])
    assert state.undoable(0) == 0
    with pytest.raises(IllegalAction):
        state.takeback(0)


def test_cordoba_play_draws_so_it_cannot_be_taken_back():
    """Issue 28, part 2: a Córdoba play draws a card: never undoable."""
    state = mezquita.load("cordoba").new_state(3)
    seat = state.to_move()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.undoable(seat) == 0


def test_europa_takes_back_own_stones_past_the_others_until_done():
    """Issue 28, part 2: in Europa's simultaneous tips a seat takes back its own stones even
    after another seat placed one, as if it had never placed them; "done" ends that."""
    state = mezquita.load("europa", players=2).new_state(1)
    while state.to_move() != (0, 1):  # the card choice
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    state.apply(0, {"do": "ew", "side": "W"})
    state.apply(1, {"do": "ew", "side": "E"})
    state.apply(0, {"do": "area", "area": "N"})
    assert state.undoable(0) == 2 and state.undoable(1) == 1
    back = state.takeback(0, 2)
    actions = [list(pair) for pair in Record.of(state).actions]
    del actions[-1], actions[-2]  # seat 0's two stones; seat 1's stays
    again = Record(state.game.info.id, dict(state.game.options), state.seed, actions).replay()
    assert back.to_json() == again.to_json()
    assert back.view(0)["tips"][0] == [] and back.legal_actions(0) == again.legal_actions(0)
    state.apply(0, {"do": "done"})
    assert state.undoable(0) == 0


def test_bad_takebacks_are_refused_and_change_nothing():
    """Issue 28, part 2: a count out of range, a wrong seat or type raises `IllegalAction`."""
    state = mezquita.load("cordoba-wittig").new_state(1)
    state.apply(0, state.legal_actions(0)[0])
    before = state.to_json()
    for seat, count in ((0, 0), (0, 2), (0, "1"), (1, 1), (5, 1), ("0", 1)):
        with pytest.raises(IllegalAction):
            state.takeback(seat, count)
    assert state.to_json() == before
