"""Rules tests for Cortiça: each test names the numbered rule of specs/cortica.md it checks.

The card contents are the spec's table as written (card set ``reconstruction-v1-untuned``), so
the amounts below can be read off the spec.
"""

from __future__ import annotations

import pytest

import mezquita
from mezquita.engine import IllegalAction, UnknownOption
from mezquita.games.cortica.rules import (
    BLUE,
    DOUBLE,
    FLIP_PLAN,
    FLIP_USE,
    RED,
    SKIP,
    USE_PLAN,
    CorticaState,
)

GAME = mezquita.load("cortica", cards="reconstruction-v1-untuned")
KEYS = [c.key for c in GAME.cards.actions]
PLAN_KEYS = [p.key for p in GAME.cards.plans]


def scenario(rest: str = "hire", order: tuple[str, ...] = ("plant", "strip", "process", "market"),
             blue=(3, 0, 0), red=(4, 0, 0)) -> CorticaState:
    """A first-round state with a chosen row (``rest`` leftmost) and resources."""
    state = GAME.new_state(0)
    state.row = [KEYS.index(k) for k in (rest, *order)]
    state.resources = [list(blue), list(red)]
    state._legal_cache = None
    return state


def place(state: CorticaState, *spots: tuple[str, int]) -> None:
    for key, space in spots:
        state.apply(state.to_move()[0], {"place": key, "space": space})


def act(state: CorticaState, action) -> None:
    state.apply(state.to_move()[0], action)


def test_rule_1_start_resources_and_blue_first():
    state = GAME.new_state(5)
    assert state.resources == [[3, 0, 0], [4, 0, 0]]
    assert state.to_move() == (BLUE,)


def test_rule_1_no_resource_exceeds_7():
    state = scenario(blue=(5, 6, 0))
    place(state, ("strip", 0), ("plant", 0), ("market", 0), ("plant", 1))
    # plant resolves first (red, red), then blue strips: 6 + 2 bark capped at 7
    while state.to_move() and state.phase == "resolve":
        legal = state.legal_actions(state.to_move()[0])
        act(state, next(a for a in legal if a != SKIP) if state.to_move()[0] == BLUE else SKIP)
    assert state.resources[BLUE][1] == 7


def test_rule_2_setup_row_plans_and_stack():
    rows = set()
    for seed in range(20):
        state = GAME.new_state(seed)
        assert sorted(state.row) == list(range(5))
        assert state.plans == [0, 0, 0]
        assert state.stack == [0, 1, 2, 3]
        assert [w % 2 for w in state.stack] == [BLUE, RED, BLUE, RED]
        assert state.interns == [False] * 4
        view = state.view(None)
        assert [slot["active"] for slot in view["row"]] == [False, True, True, True, True]
        rows.add(tuple(state.row))
    assert len(rows) > 5  # the row is shuffled from the seed


def test_rule_3_workers_placed_from_top_of_stack_one_per_space():
    state = scenario()
    movers = []
    for spot in (("plant", 0), ("plant", 1), ("strip", 1), ("process", 0)):
        movers.append(state.to_move()[0])
        place(state, spot)
        if state.phase == "place":
            legal = [GAME.action_to_json(a) for a in state.legal_actions(state.to_move()[0])]
            assert {"place": spot[0], "space": spot[1]} not in legal
            assert all(a["place"] != "hire" for a in legal)  # the resting card has no spaces
    assert movers == [BLUE, RED, BLUE, RED]


def test_rule_3_placing_where_you_cannot_act_is_allowed():
    state = scenario()  # blue has no bark, so cannot use any plan
    legal = [GAME.action_to_json(a) for a in state.legal_actions(BLUE)]
    assert {"place": "process", "space": 0} in legal
    with pytest.raises(IllegalAction):
        state.apply(BLUE, {"place": "hire", "space": 0})


def test_rule_4_resolve_left_to_right_top_to_bottom_and_return_on_top():
    state = scenario(blue=(3, 2, 0), red=(4, 2, 0))
    # workers 0 (blue) -> market, 1 (red) -> strip space 1, 2 (blue) -> strip space 0, 3 -> plant
    place(state, ("market", 0), ("strip", 1), ("strip", 0), ("plant", 0))
    order = []
    while state.phase == "resolve":
        order.append(state.current_worker())
        act(state, SKIP)
    assert order == [3, 2, 1, 0]  # plant, strip top, strip bottom, market
    assert state.stack == [0, 1, 2, 3]  # each returned worker went on top


def test_rule_4_skipped_worker_still_returns():
    state = scenario()
    place(state, ("plant", 0), ("plant", 1), ("strip", 0), ("strip", 1))
    act(state, SKIP)
    assert state.stack == [0]
    assert state.resources[BLUE] == [3, 0, 0]


def test_rule_5_hire_makes_an_intern_that_acts_twice_next_round():
    state = scenario(rest="process", order=("hire", "plant", "strip", "market"))
    place(state, ("hire", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    act(state, {"use": "hire", "option": 0})
    assert state.interns[0] and state.stack[0] == 0
    while state.phase == "resolve":
        act(state, SKIP)
    assert state.stack[-1] == 0 and state.view(None)["stack"][-1]["intern"] is True
    act(state, {"rest": "market"})  # worker 0 is at the bottom, so blue chooses
    # the intern is placed on plant and plants twice
    while state.current_worker() != 0:
        legal = state.legal_actions(state.to_move()[0])
        act(state, next(a for a in legal if GAME.action_to_json(a).get("place") != "plant"))
    place(state, ("plant", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    before = state.resources[BLUE][0]
    act(state, {"use": "plant", "option": 0})
    assert state.current_worker() == 0 and state.uses_left == 1
    act(state, {"use": "plant", "option": 0})
    assert state.resources[BLUE][0] == before + 2
    assert state.interns[0] is False  # flipped back after resolving


@pytest.mark.parametrize("uses", [0, 1])
def test_rule_5_intern_flips_back_even_if_used_once_or_not_at_all(uses):
    state = scenario()
    state.interns[0] = True
    place(state, ("plant", 0), ("strip", 0), ("strip", 1), ("market", 0))
    assert state.current_worker() == 0 and state.uses_left == 2
    if uses:
        act(state, {"use": "plant", "option": 0})
    act(state, SKIP)
    assert state.stack[0] == 0 and state.interns[0] is False


def test_rule_5_intern_on_hire_has_no_effect():
    state = scenario(rest="process", order=("hire", "plant", "strip", "market"))
    state.interns[0] = True
    place(state, ("hire", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    # the intern could only skip, so it was returned unflipped-to-intern at once
    assert state.current_worker() == 1
    assert state.stack == [0] and state.interns[0] is False


def _process_with_intern(blue) -> CorticaState:
    state = scenario(blue=blue)
    state.interns[0] = True
    place(state, ("process", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    return state


def test_rule_6_intern_uses_two_different_plans():
    state = _process_with_intern(blue=(3, 5, 0))
    act(state, {"use_plan": "stoppers"})  # 2 bark -> 1 cork, flip
    act(state, {"use_plan": "agglomerate"})  # 3 bark -> 2 cork, flip
    assert state.resources[BLUE] == [3, 0, 3]
    assert state.plans == [1, 1, 0]


def test_rule_6_intern_uses_both_sides_of_one_plan():
    state = _process_with_intern(blue=(3, 3, 0))
    act(state, {"use_plan": "stoppers"})  # star: 2 bark -> 1 cork
    act(state, {"use_plan": "stoppers"})  # back: 1 tree + 1 bark -> 1 cork
    assert state.resources[BLUE] == [2, 0, 2]
    assert state.plans[0] == 0


def test_rule_6_intern_flips_then_uses_new_side():
    state = _process_with_intern(blue=(3, 1, 0))
    legal = state.legal_actions(BLUE)
    assert FLIP_USE + 0 in legal  # the back side 1 tree + 1 bark is payable
    act(state, {"flip_use_plan": "stoppers"})
    assert state.resources[BLUE] == [2, 0, 1]
    assert state.plans[0] == 0  # flipped, used, flipped back
    assert state.current_worker() != 0


def test_rule_6_intern_uses_one_plan_twice_before_flipping():
    state = _process_with_intern(blue=(3, 4, 0))
    assert DOUBLE + 0 in state.legal_actions(BLUE)
    act(state, {"double_plan": "stoppers"})
    assert state.resources[BLUE] == [3, 0, 2]
    assert state.plans[0] == 1


def test_rule_6_double_needs_two_payments():
    state = _process_with_intern(blue=(3, 3, 0))
    assert DOUBLE + 0 not in state.legal_actions(BLUE)
    assert USE_PLAN + 0 in state.legal_actions(BLUE)


def test_rule_7_use_plan_converts_once_then_flips():
    state = scenario(blue=(3, 2, 0))
    place(state, ("process", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    legal = state.legal_actions(BLUE)
    assert FLIP_USE not in legal and DOUBLE not in legal  # a worker has the normal use only
    assert USE_PLAN + 1 not in legal  # agglomerate needs 3 bark
    act(state, {"use_plan": "stoppers"})
    assert state.resources[BLUE] == [3, 0, 1]
    assert state.plans == [1, 0, 0]
    assert state.current_worker() != 0  # a worker uses its action once


def test_rule_7_flip_plan_flips_without_using():
    state = scenario(blue=(3, 2, 0))
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    act(state, {"flip_plan": "insulation"})
    assert state.plans == [0, 0, 1]
    assert state.resources[BLUE] == [3, 2, 0]


def test_rule_8_game_ends_after_the_round_with_6_cork():
    state = scenario(order=("market", "plant", "strip", "process"), blue=(3, 2, 5))
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    act(state, {"use": "market", "option": 1})  # 2 bark -> 1 cork: blue has 6
    assert state.resources[BLUE][2] == 6 and not state.is_terminal()  # round still running
    while state.phase == "resolve":
        act(state, SKIP)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_rule_8_bottom_worker_owner_rests_a_card_and_the_row_rotates():
    state = scenario(rest="hire", order=("plant", "strip", "process", "market"))
    place(state, ("plant", 0), ("plant", 1), ("strip", 0), ("strip", 1))
    while state.phase == "resolve":
        act(state, SKIP)
    # plant resolves first: worker 0 (blue) goes to the bottom
    assert state.stack[-1] == 0 and state.to_move() == (BLUE,)
    assert sorted(GAME.action_to_json(a)["rest"] for a in state.legal_actions(BLUE)) == \
        sorted(["plant", "strip", "process", "market"])
    act(state, {"rest": "process"})
    assert [KEYS[c] for c in state.row] == ["process", "hire", "plant", "strip", "market"]
    assert state.phase == "place" and state.round == 2


def test_rule_8_red_rests_when_red_worker_is_at_the_bottom():
    state = scenario()
    place(state, ("strip", 0), ("plant", 0), ("plant", 1), ("market", 0))
    while state.phase == "resolve":
        act(state, SKIP)
    assert state.stack[-1] == 1 and state.to_move() == (RED,)


@pytest.mark.parametrize(("blue", "red", "winner"), [
    ((0, 0, 6), (7, 7, 5), BLUE),  # most cork
    ((0, 3, 6), (7, 2, 6), BLUE),  # then most bark
    ((1, 3, 6), (2, 3, 6), RED),  # then most oak trees
])
def test_rule_9_winner_and_resource_tie_breaks(blue, red, winner):
    state = scenario(blue=blue, red=red)
    place(state, ("plant", 0), ("strip", 0), ("strip", 1), ("market", 0))
    while state.phase == "resolve":
        act(state, SKIP)
    assert state.is_terminal()
    assert state.returns()[winner] == 1.0 and state.returns()[1 - winner] == 0.0


@pytest.mark.parametrize("last", [BLUE, RED])
def test_rule_9_full_tie_goes_to_owner_of_top_worker(last):
    state = scenario(blue=(2, 2, 6), red=(2, 2, 6))
    # the last worker resolved ends on top: market (rightmost) holds worker 0 or 1
    spots = [("market", 0), ("plant", 0), ("strip", 0), ("strip", 1)]
    if last == RED:
        spots = [("plant", 0), ("market", 0), ("strip", 0), ("strip", 1)]
    place(state, *spots)
    while state.phase == "resolve":
        act(state, SKIP)
    assert state.stack[0] % 2 == last
    assert state.returns()[last] == 1.0


def test_rule_10_market_offers_each_option_or_skip():
    state = scenario(blue=(3, 2, 0))
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    labels = [GAME.action_to_json(a) for a in state.legal_actions(BLUE)]
    assert {"use": "market", "option": 0} in labels
    assert {"use": "market", "option": 1} in labels
    assert all({"flip_plan": k} in labels for k in PLAN_KEYS)
    assert {"skip": True} in labels
    act(state, {"use": "market", "option": 0})
    assert state.resources[BLUE] == [2, 3, 0]
    assert state.current_worker() != 0  # one option only


def test_rule_10_strip_gives_two_bark_with_four_trees():
    state = scenario(order=("strip", "plant", "process", "market"), blue=(4, 0, 0), red=(3, 0, 0))
    place(state, ("strip", 0), ("strip", 1), ("plant", 0), ("plant", 1))
    while state.phase == "resolve":
        act(state, max(state.legal_actions(state.to_move()[0])))  # the use, never skip
    assert state.resources[BLUE][1] == 2 and state.resources[RED][1] == 1


def test_illegal_input_changes_nothing():
    state = scenario()
    before = state.to_json()
    for bad in ({"place": "nowhere", "space": 0}, {"place": "plant", "space": 5}, "skip",
                {"skip": False}, {"rest": "plant"}, 999, {"use_plan": "stoppers"}):
        with pytest.raises(IllegalAction):
            state.apply(BLUE, bad)
    with pytest.raises(IllegalAction):
        state.apply(RED, {"place": "plant", "space": 0})
    assert state.to_json() == before


def test_safety_round_limit_ends_the_game():
    game = mezquita.load("cortica", cards="reconstruction-v1-untuned", max_rounds=1)
    state = game.new_state(0)
    while state.phase != "over":
        state.apply(state.to_move()[0], SKIP if state.phase == "resolve" else
                    state.legal_actions()[0])
    assert state.round == 1 and sorted(state.returns()) == [0.0, 1.0]
    with pytest.raises(UnknownOption):
        mezquita.load("cortica", max_rounds=0)


def test_flip_plan_ids_are_stable():
    assert GAME.action_from_json({"flip_plan": "stoppers"}) == FLIP_PLAN
    assert GAME.num_actions == 48
