"""Rules tests for Cortiça: each test names the rule of docs/games/cortica.md it checks.

The card contents are the first, untuned reconstruction (card set
``reconstruction-v1-untuned``, printed in full as the example of docs/games/cortica.md), so the
amounts below can be read off that example.
"""

from __future__ import annotations

import pytest

import mezquita
from mezquita.engine import BadRecord, IllegalAction, Record, UnknownOption
from mezquita.games.cortica.rules import BLUE, RED, CorticaState

GAME = mezquita.load("cortica", cards="reconstruction-v1-untuned")
SKIP = GAME.skip.id()
KEYS = [c.key for c in GAME.cards.actions]
PLAN_KEYS = [p.key for p in GAME.cards.plans]


def scenario(rest: str = "hire", order: tuple[str, ...] = ("plant", "strip", "process", "market"),
             blue=(3, 0, 0), red=(4, 0, 0)) -> CorticaState:
    """A first-round state with a chosen row (``rest`` leftmost) and resources."""
    return GAME.new_state(0).edit(row=[KEYS.index(k) for k in (rest, *order)],
                                  resources=[list(blue), list(red)])


def place(state: CorticaState, *spots: tuple[str, int]) -> None:
    for key, space in spots:
        state.apply(state.to_move()[0], {"do": "place", "card": key, "space": space})


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
            assert {"do": "place", "card": spot[0], "space": spot[1]} not in legal
            assert all(a["card"] != "hire" for a in legal)  # the resting card has no spaces
    assert movers == [BLUE, RED, BLUE, RED]


def test_rule_3_placing_where_you_cannot_act_is_allowed():
    state = scenario()  # blue has no bark, so cannot use any plan
    legal = [GAME.action_to_json(a) for a in state.legal_actions(BLUE)]
    assert {"do": "place", "card": "process", "space": 0} in legal
    with pytest.raises(IllegalAction):
        state.apply(BLUE, {"do": "place", "card": "hire", "space": 0})


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
    act(state, {"do": "use", "card": "hire", "option": 0})
    assert state.interns[0] and state.stack[0] == 0
    while state.phase == "resolve":
        act(state, SKIP)
    assert state.stack[-1] == 0 and state.view(None)["stack"][-1]["intern"] is True
    act(state, {"do": "rest", "card": "market"})  # worker 0 is at the bottom, so blue chooses
    # the intern is placed on plant and plants twice
    while state.current_worker() != 0:
        legal = state.legal_actions(state.to_move()[0])
        act(state, next(a for a in legal if GAME.action_to_json(a)["card"] != "plant"))
    place(state, ("plant", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    before = state.resources[BLUE][0]
    act(state, {"do": "use", "card": "plant", "option": 0})
    assert state.current_worker() == 0 and state.uses_left == 1
    act(state, {"do": "use", "card": "plant", "option": 0})
    assert state.resources[BLUE][0] == before + 2
    assert state.interns[0] is False  # flipped back after resolving


@pytest.mark.parametrize("uses", [0, 1])
def test_rule_5_intern_flips_back_even_if_used_once_or_not_at_all(uses):
    state = scenario()
    state.interns[0] = True
    place(state, ("plant", 0), ("strip", 0), ("strip", 1), ("market", 0))
    assert state.current_worker() == 0 and state.uses_left == 2
    if uses:
        act(state, {"do": "use", "card": "plant", "option": 0})
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
    act(state, {"do": "use_plan", "plan": "stoppers"})  # 2 bark -> 1 cork, flip
    act(state, {"do": "use_plan", "plan": "agglomerate"})  # 3 bark -> 2 cork, flip
    assert state.resources[BLUE] == [3, 0, 3]
    assert state.plans == [1, 1, 0]


def test_rule_6_intern_uses_both_sides_of_one_plan():
    state = _process_with_intern(blue=(3, 3, 0))
    act(state, {"do": "use_plan", "plan": "stoppers"})  # star: 2 bark -> 1 cork
    act(state, {"do": "use_plan", "plan": "stoppers"})  # back: 1 tree + 1 bark -> 1 cork
    assert state.resources[BLUE] == [2, 0, 2]
    assert state.plans[0] == 0


def test_rule_6_intern_flips_then_uses_new_side():
    state = _process_with_intern(blue=(3, 1, 0))
    legal = state.legal_actions(BLUE)
    assert GAME.flip_use_plan.id(0) in legal  # the back side 1 tree + 1 bark is payable
    act(state, {"do": "flip_use_plan", "plan": "stoppers"})
    assert state.resources[BLUE] == [2, 0, 1]
    assert state.plans[0] == 0  # flipped, used, flipped back
    assert state.current_worker() != 0


def test_rule_6_intern_uses_one_plan_twice_before_flipping():
    state = _process_with_intern(blue=(3, 4, 0))
    assert GAME.double_plan.id(0) in state.legal_actions(BLUE)
    act(state, {"do": "double_plan", "plan": "stoppers"})
    assert state.resources[BLUE] == [3, 0, 2]
    assert state.plans[0] == 1


def test_rule_6_double_needs_two_payments():
    state = _process_with_intern(blue=(3, 3, 0))
    assert GAME.double_plan.id(0) not in state.legal_actions(BLUE)
    assert GAME.use_plan.id(0) in state.legal_actions(BLUE)


def test_defect_13_plan_moves_carry_the_conversion_they_make_as_their_cost():
    """Issue 28, defect 13 (issue 26: worded by the engine, in the page's language): each plan
    move's ``cost`` is the conversion it makes (rules 6, 7): "use" completes the side up,
    "flip + use" the side now down, "use ×2" the side up twice; a plain flip costs nothing."""
    state = _process_with_intern(blue=(3, 4, 0))
    sides = GAME.page_data("es")["plans"][0]["sides"]  # Stoppers, in the page's words
    costs = {a["action"]["do"]: a.get("cost")
             for a in state.legal_actions_json(BLUE, "es") if a["action"].get("plan") == "stoppers"}
    assert costs == {"use_plan": sides[0], "flip_use_plan": sides[1],
                     "double_plan": f"dos veces {sides[0]}"}
    state = scenario(blue=(3, 2, 0))
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    flips = [a for a in state.legal_actions_json(BLUE) if a["action"]["do"] == "flip_plan"]
    assert len(flips) == 3 and not any("cost" in a for a in flips)


def test_rule_7_use_plan_converts_once_then_flips():
    state = scenario(blue=(3, 2, 0))
    place(state, ("process", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    legal = state.legal_actions(BLUE)
    assert not any(a in GAME.flip_use_plan or a in GAME.double_plan for a in legal)  # normal use only
    assert GAME.use_plan.id(1) not in legal  # agglomerate needs 3 bark
    act(state, {"do": "use_plan", "plan": "stoppers"})
    assert state.resources[BLUE] == [3, 0, 1]
    assert state.plans == [1, 0, 0]
    assert state.current_worker() != 0  # a worker uses its action once


def test_rule_7_flip_plan_flips_without_using():
    state = scenario(blue=(3, 2, 0))
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    act(state, {"do": "flip_plan", "plan": "insulation"})
    assert state.plans == [0, 0, 1]
    assert state.resources[BLUE] == [3, 2, 0]


def test_rule_8_game_ends_after_the_round_with_6_cork():
    state = scenario(order=("market", "plant", "strip", "process"), blue=(3, 2, 5))
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    act(state, {"do": "use", "card": "market", "option": 1})  # 2 bark -> 1 cork: blue has 6
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
    assert sorted(GAME.action_to_json(a)["card"] for a in state.legal_actions(BLUE)) == \
        sorted(["plant", "strip", "process", "market"])
    act(state, {"do": "rest", "card": "process"})
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
    assert {"do": "use", "card": "market", "option": 0} in labels
    assert {"do": "use", "card": "market", "option": 1} in labels
    assert all({"do": "flip_plan", "plan": k} in labels for k in PLAN_KEYS)
    assert {"do": "skip"} in labels
    act(state, {"do": "use", "card": "market", "option": 0})
    assert state.resources[BLUE] == [2, 3, 0]
    assert state.current_worker() != 0  # one option only


def test_rule_11_conditions_are_checked_when_the_action_is_used():
    state = scenario(order=("strip", "plant", "process", "market"), blue=(4, 0, 0), red=(3, 0, 0))
    place(state, ("strip", 0), ("strip", 1), ("plant", 0), ("plant", 1))
    while state.phase == "resolve":
        act(state, max(state.legal_actions(state.to_move()[0])))  # the use, never skip
    assert state.resources[BLUE][1] == 2 and state.resources[RED][1] == 1


def test_rule_11_pay_must_be_affordable_and_the_gain_is_capped_after_paying():
    state = scenario(blue=(3, 7, 0))
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    act(state, {"do": "use", "card": "market", "option": 0})  # pay 1 oak tree -> 1 bark
    assert state.resources[BLUE] == [2, 7, 0]  # 7 bark + 1 is capped at 7
    use = [e for e in state.events if e["do"] == "use"][-1]
    assert use["paid"] == {"tree": 1} and use["gained"] == {}
    poor = scenario(blue=(3, 1, 0))
    place(poor, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while poor.current_worker() != 0:
        act(poor, SKIP)
    assert {"do": "use", "card": "market", "option": 1} not in [
        GAME.action_to_json(a) for a in poor.legal_actions(BLUE)]  # 2 bark needed, 1 held


def test_rule_12_a_worker_that_can_only_skip_is_returned_without_asking():
    state = scenario()  # blue has no bark: on Process it can do nothing
    place(state, ("process", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.phase == "resolve":
        act(state, SKIP)
    # plant, plant, strip were asked; blue's worker on process was returned at once
    assert state.phase == "rest" and state.stack[0] == 0
    skip = [e for e in state.events if e["do"] == "skip" and e["card"] == "process"]
    assert skip == [{"turn": 6, "seat": BLUE, "do": "skip", "card": "process", "space": 0,
                     "used": 0, "auto": True}]


def test_rule_13_an_intern_may_use_the_same_option_twice():
    state = scenario(blue=(3, 4, 0))
    state.interns[0] = True
    place(state, ("market", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    act(state, {"do": "use", "card": "market", "option": 1})
    act(state, {"do": "use", "card": "market", "option": 1})
    assert state.resources[BLUE] == [3, 0, 2]


def test_rule_13_skip_after_an_interns_first_use_means_done():
    state = scenario()
    state.interns[0] = True
    place(state, ("plant", 0), ("strip", 0), ("strip", 1), ("market", 0))
    act(state, {"do": "use", "card": "plant", "option": 0})
    act(state, SKIP)
    assert state.events[-1]["do"] == "skip" and state.events[-1]["used"] == 1
    assert GAME.event_text(state.events[-1]) == "Blue is done with Plant"


def test_rule_14_safety_round_limit_ends_the_game():
    game = mezquita.load("cortica", cards="reconstruction-v1-untuned", max_rounds=1)
    state = game.new_state(0)
    while state.phase != "over":
        state.apply(state.to_move()[0], SKIP if state.phase == "resolve" else
                    state.legal_actions()[0])
    assert state.round == 1 and sorted(state.returns()) == [0.0, 1.0]
    assert state.events[-1]["do"] == "game_over" and state.events[-1]["limit"] == 1
    with pytest.raises(UnknownOption):
        mezquita.load("cortica", max_rounds=0)


def test_illegal_input_changes_nothing():
    state = scenario()
    before = state.to_json()
    for bad in ({"do": "place", "card": "nowhere", "space": 0}, {"do": "place", "card": "plant", "space": 5},
                {"do": "place", "card": "plant", "space": True}, "skip", {"do": "skip", "card": "plant"},
                {"do": "rest", "card": "plant"}, 999, -1, {"do": "use_plan", "plan": "stoppers"},
                {"place": "plant", "space": 0}, {"skip": True}):  # the last two: version-1 JSON
        with pytest.raises(IllegalAction):
            state.apply(BLUE, bad)
    with pytest.raises(IllegalAction):
        state.apply(RED, {"do": "place", "card": "plant", "space": 0})
    assert state.to_json() == before


def test_action_blocks_and_ids_are_the_documented_layout():
    layout = [(b.name, b.base, b.end) for b in GAME.actions.blocks]
    assert layout == [("place", 0, 10), ("rest", 10, 15), ("skip", 15, 16), ("use", 16, 36),
                      ("use_plan", 36, 39), ("flip_plan", 39, 42), ("flip_use_plan", 42, 45),
                      ("double_plan", 45, 48)]
    assert GAME.action_from_json({"do": "flip_plan", "plan": "stoppers"}) == 39
    assert GAME.action_to_json(16 + 4 * 4 + 1) == {"do": "use", "card": "market", "option": 1}
    assert GAME.action_to_json(3) == {"do": "place", "card": "strip", "space": 1}
    assert GAME.action_label(3) == "place worker on Strip (space 2)"
    assert GAME.action_label(33, "es") == "Mercado: pagar 2 cortezas → obtener 1 corcho"
    assert GAME.num_actions == 48


def test_a_version_1_record_is_refused_with_the_engines_version_message():
    old = Record("cortica", {"cards": "reconstruction-v1-untuned"}, 0,
                 [[0, {"place": "plant", "space": 0}]], version=1)
    with pytest.raises(BadRecord, match=r"written for version 1 of Cortiça's rules.*plays version 2"):
        old.replay()
    same = Record.from_json({"format": "mezquita-record/1", "game": "cortica", "options": {},
                             "seed": 0, "actions": []})  # no version field: version 1
    with pytest.raises(BadRecord, match="version 1"):
        same.replay()
