"""Cordoba (Wittig) rules, one test (or more) per numbered rule of docs/games/cordoba-wittig.md,
plus the reconstruction assumptions listed there (each named after the rule it belongs to)."""

import json

import pytest

import mezquita
from mezquita import IllegalAction, Record
from mezquita.engine import BadRecord, UnknownOption
from mezquita.games.cordoba_wittig.board import load_board

from .scenarios import arrange, destinations, field_of, legal_json, move, where


def test_rule_1_two_players_both_race_towards_the_same_far_row():
    state = mezquita.load("cordoba-wittig").new_state(0)
    assert state.game.num_players == 2
    assert destinations(state, "1") == {"a2", "c2"}  # seat 0 goes up the board...
    assert destinations(state, "A") == {"b2", "d2"}  # ...and so does seat 1
    state = arrange({"1": "a8", "A": "b8"})
    assert state.far_count(0) == 1 and state.far_count(1) == 1


def test_rule_2_every_stone_starts_on_its_marked_start_field():
    state = mezquita.load("cordoba-wittig").new_state(0)
    order = [where(state, label) for label in "1A2B3C4D5E6F"]
    assert order == [f"{c}0" for c in "abcdefghijkl"]
    assert state.to_move() == (0,)
    view = state.view(None)
    assert {(s["label"], s["left"], s["right"]) for s in view["stones"] if s["seat"] == 0} == {
        ("1", "star", "star"), ("2", "cross", "cross"), ("3", "crescent", "crescent"),
        ("4", "star", "cross"), ("5", "cross", "crescent"), ("6", "crescent", "star")}


def test_rule_3_two_squares_sideways_or_forwards_straight_or_diagonal():
    state = arrange({"3": "e4"})
    assert destinations(state, "3") == {"c4", "g4", "c6", "e6", "g6"}


def test_rule_3_stones_in_between_are_jumped():
    state = arrange({"3": "e4", "A": "e5", "B": "f5", "C": "d4"})
    assert {"e6", "g6", "c4"} <= destinations(state, "3")
    move(state, 0, "3", "e6")
    assert where(state, "3") == "e6" and where(state, "A") == "e5"


def test_rule_3_start_row_stones_move_only_forwards_and_no_move_enters_it():
    state = arrange({"3": "e2"})
    assert destinations(state, "1") == {"a2", "c2"}  # no sideways move on row 0
    assert destinations(state, "3") == {"c2", "g2", "c4", "e4", "g4"}  # never back to row 0


def test_rule_3_moves_stay_on_the_board_and_the_far_row_allows_sideways_only():
    state = arrange({"1": "a8", "3": "l7"})
    assert destinations(state, "1") == {"c8"}
    assert destinations(state, "3") == {"j7"}


def test_rule_3_the_move_is_three_decisions_stone_then_destination():
    state = arrange({"3": "e4"})
    state.apply(0, {"do": "stone", "stone": "3"})
    assert state.to_move() == (0,) and state.view(None)["selected"] == "3"
    assert {a["to"] for a in legal_json(state)} == {"c4", "g4", "c6", "e6", "g6"}
    state.apply(0, {"do": "to", "to": "e6"})
    assert state.to_move() == (1,) and state.view(None)["selected"] is None


def test_rule_4_destination_empty_or_one_own_stone_never_an_opponent_or_a_double():
    state = arrange({"3": "e4", "1": "e6", "A": "c6", "2": "g6", "4": "g6"})
    assert destinations(state, "3") == {"c4", "g4", "e6"}


@pytest.mark.parametrize(("side", "left", "right"), [("left", "4", "1"), ("right", "1", "4")])
def test_rule_4_the_newcomer_goes_left_or_right_of_the_resident(side, left, right):
    state = arrange({"1": "f5", "4": "f3"})
    move(state, 0, "4", "f5")
    assert state.view(None)["target"] == "f5"
    assert legal_json(state) == [{"do": "side", "side": "left"}, {"do": "side", "side": "right"}]
    state.apply(0, {"do": "side", "side": side})
    places = {s["label"]: s["place"] for s in state.view(None)["stones"]}
    assert places[left] == "left" and places[right] == "right"
    assert state.view(None)["owed"] == [["f5"], []]


def test_rule_5_the_next_turn_must_move_a_stone_of_the_double_away():
    state = arrange({"1": "f5", "4": "f3", "A": "b4"})
    move(state, 0, "4", "f5", "left")  # 4's cross touches 1's star: no compensation
    move(state, 1, "A", "b6")
    assert {a["stone"] for a in legal_json(state)} == {"1", "4"}
    move(state, 0, "1", "h7")
    assert state.view(None)["owed"] == [[], []]
    assert len(legal_json(state)) > 2


def test_rule_5_a_blocked_obligation_waits_and_any_other_move_is_allowed():
    # the double on a2 cannot move: a4, c4 and c2 hold opponent stones, row 0 is barred
    state = arrange({"1": "a2", "4": "a2", "A": "a4", "B": "c4", "C": "c2"}, owed=(["a2"], []))
    assert destinations(state, "1") == set() and destinations(state, "4") == set()
    assert {a["stone"] for a in legal_json(state)} == {"2", "3", "5", "6"}
    move(state, 0, "2", "e2")
    assert state.view(None)["owed"] == [["a2"], []], "the obligation still waits"


def test_rule_5_with_no_legal_move_at_all_the_player_passes():
    state = arrange({"1": "a2", "2": "a2", "3": "h6", "4": "h6", "W": "a4", "X": "c4", "Y": "c2",
                     "Z": "f6"}, board="small")
    assert legal_json(state) == [{"do": "pass"}]
    state.apply(0, {"do": "pass"})
    assert state.to_move() == (1,) and state.plies == 1
    assert state.events[-1]["do"] == "pass"


def compensation_position():
    """Player 1 is about to double 4 (star|cross) on 1 (star|star) on d4. Neighbours showing a
    star: A (e5, row 5), 6 (c5, row 5, Player 1's own) and D (e3, row 3); C and E show none."""
    return arrange({"1": "d4", "4": "d2", "A": "e5", "6": "c5", "D": "e3", "C": "c3", "F": "h8",
                    "E": "f6"})


def test_rule_6_matching_touching_symbols_send_connected_stones_of_both_players_back():
    state = compensation_position()
    move(state, 0, "4", "d4", "right")  # 1's right star touches 4's left star
    comp = state.view(None)["compensation"]
    assert comp["symbol"] == "star"
    assert set(comp["pending"]) == {"A", "6", "D"}, "C shows no star; F is not connected; E shows none"
    assert where(state, "1") == "d4" and where(state, "4") == "d4", "the double itself stays"
    assert state.to_move() == (0,), "the player who doubled moves the stones back"


def test_rule_6_no_compensation_when_the_touching_symbols_differ():
    state = compensation_position()
    move(state, 0, "4", "d4", "left")  # 4's right cross touches 1's left star
    assert state.view(None)["compensation"] is None
    assert state.to_move() == (1,)
    assert where(state, "A") == "e5"


def test_rule_6_connection_runs_through_chains_of_eight_neighbours_showing_the_symbol():
    state = arrange({"1": "d4", "4": "d2", "A": "e5", "F": "f6", "D": "g7", "B": "h8", "6": "i8"})
    move(state, 0, "4", "d4", "right")
    assert set(state.view(None)["compensation"]["pending"]) == {"A", "F", "D"}, (
        "the chain e5-f6-g7 shows star; B on h8 breaks it, so 6 on i8 stays")


def test_rule_6_the_responsible_player_chooses_the_order_one_stone_at_a_time():
    state = compensation_position()
    move(state, 0, "4", "d4", "right")
    assert state.view(None)["phase"] == "back"
    assert {a["stone"] for a in legal_json(state)} == {"A", "6", "D"}
    state.apply(0, {"do": "back", "stone": "D"})  # D on e3 (row 3) goes home without a choice
    assert where(state, "D") == "h0"
    assert state.events[-1]["do"] == "back" and state.events[-1]["home"]


def test_rule_7_rows_one_to_four_go_back_to_the_start_field():
    state = arrange({"1": "d4", "4": "d2", "D": "e3", "C": "c5"})
    move(state, 0, "4", "d4", "right")  # only D shows star: it goes home at once
    assert where(state, "D") == "h0" and state.to_move() == (1,)


def test_rule_7_rows_five_to_eight_go_three_back_straight_or_diagonal_by_choice():
    state = compensation_position()
    move(state, 0, "4", "d4", "right")
    state.apply(0, {"do": "back", "stone": "A"})
    assert state.view(None)["phase"] == "back_to"
    assert {a["to"] for a in legal_json(state)} == {"b2", "e2", "h2"}
    state.apply(0, {"do": "back_to", "to": "h2"})
    assert where(state, "A") == "h2"


def test_rule_7_two_back_when_every_field_three_back_is_taken():
    state = arrange({"1": "d4", "4": "d2", "A": "e5", "B": "b2", "C": "e2", "E": "h2"})
    move(state, 0, "4", "d4", "right")
    assert {a["to"] for a in legal_json(state)} == {"c3", "e3", "g3"}


def test_rule_7_to_the_start_field_when_neither_three_nor_two_back_is_free():
    state = arrange({"1": "d4", "4": "d2", "A": "e5", "B": "b2", "C": "e2", "E": "h2", "2": "c3",
                     "3": "e3", "5": "g3"})
    move(state, 0, "4", "d4", "right")
    assert where(state, "A") == "b0" and state.to_move() == (1,)


def test_rule_7_a_single_way_back_is_taken_without_asking():
    state = arrange({"1": "d4", "4": "d2", "A": "e5", "B": "b2", "C": "e2"})
    move(state, 0, "4", "d4", "right")
    assert where(state, "A") == "h2" and state.to_move() == (1,)


def far_position():
    """Player 1 has three stones on the far row and 4 one move away; Player 2 has three there."""
    return arrange({"1": "a8", "2": "c8", "3": "e8", "4": "g6", "A": "b8", "B": "d8", "C": "f8",
                    "D": "h6", "E": "j2"})


def test_rule_8_four_on_the_far_row_wins_if_the_opponent_cannot_match_it():
    state = far_position()
    move(state, 0, "4", "g8")
    assert state.claim == 0 and state.to_move() == (1,), "the opponent has one extra turn"
    move(state, 1, "E", "j4")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert state.score_breakdown()["reason"] == (
        "Player 1 wins: 4 stones reached the far row and the opponent's extra turn did not match them")


def test_rule_8_matching_four_in_the_extra_turn_is_a_draw():
    state = far_position()
    move(state, 0, "4", "g8")
    move(state, 1, "D", "h8")
    assert state.is_terminal() and state.returns() == [0.5, 0.5]
    assert state.outcome == "draw_matched"


def test_rule_8_the_extra_turn_ends_the_game_even_when_it_knocks_the_claim_back():
    state = arrange({"1": "a8", "2": "c8", "3": "e8", "4": "g6", "A": "h5", "F": "f7"})
    move(state, 0, "4", "g8")
    assert state.claim == 0
    move(state, 1, "A", "f7", "right")  # F's right star touches A's left star: star in power
    assert state.view(None)["compensation"]["pending"] == ["4"], "4 on g8 shows a star"
    state.apply(1, {"do": "back_to", "to": "d5"})
    assert state.far_count(0) == 3, "the extra turn knocked a stone of the claim back"
    assert state.is_terminal() and state.outcome == "win" and state.returns() == [1.0, 0.0]
    assert state.score_breakdown()["reason"] == (
        "Player 1 wins: 4 stones reached the far row and the opponent's extra turn did not match them")


def test_rule_8_four_after_the_extra_turn_is_a_draw_even_when_the_claim_was_knocked_back():
    state = arrange({"1": "a8", "2": "c8", "3": "e8", "4": "g6", "A": "f8", "B": "b8", "C": "d8",
                     "F": "h6"})
    move(state, 0, "4", "g8")
    move(state, 1, "F", "f8", "left")  # F's right star touches A's left star: 4 on g8 goes back
    state.apply(1, {"do": "back_to", "to": "j5"})
    assert state.far_count(0) == 3 and state.far_count(1) == 4
    assert state.is_terminal() and state.outcome == "draw_matched" and state.returns() == [0.5, 0.5]


def test_rule_8_records_of_the_old_extra_turn_rule_are_refused_with_a_clear_message():
    old = Record("cordoba-wittig", {}, 0, [[0, {"do": "stone", "stone": "1"}]], version=1)
    message = r"written for version 1 of Cordoba \(Wittig\)'s rules.*plays version 2.*cannot be replayed"
    with pytest.raises(BadRecord, match=message):
        old.replay()
    unversioned = Record.from_json({"format": "mezquita-record/1", "game": "cordoba-wittig", "options": {},
                                    "seed": 0, "actions": []})  # no version field: version 1
    with pytest.raises(BadRecord, match="version 1"):
        unversioned.replay()


def test_rule_9_draw_after_the_turn_limit():
    state = arrange({"3": "e4", "C": "f4"})
    state.plies = state.game.board.max_plies - 1
    move(state, 0, "3", "e6")
    assert state.is_terminal() and state.returns() == [0.5, 0.5] and state.outcome == "draw_plies"


def test_rule_9_draw_on_the_third_repetition_of_a_position():
    state = arrange({"3": "e4", "C": "f4"})
    for _ in range(2):
        move(state, 0, "3", "g4")
        move(state, 1, "C", "h4")
        move(state, 0, "3", "e4")
        assert not state.is_terminal()
        move(state, 1, "C", "f4")
    assert state.is_terminal() and state.outcome == "draw_repetition"
    assert "3 times" in state.score_breakdown()["reason"]


def test_rule_9_the_json_form_writes_each_position_out_in_full():
    state = arrange({"3": "e4", "C": "f4"})
    move(state, 0, "3", "g4")
    seen = state.to_json()["data"]["seen"]
    assert len(seen) == 2 and seen[f"{state.grid}{state.pair}{state.owed}{state.claim}{state.current}"] == 1
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.seen == state.seen and again.to_json() == state.to_json()


def test_rule_9_a_double_with_its_sides_swapped_is_another_position():
    # the repetition key names each stone's field and its partner, not the whole board
    left, swapped = arrange({"1": "c4", "2": "c4"}), arrange({"1": "c4", "2": "c4"})
    field = field_of(swapped, "c4")
    grid, pair = swapped.grid.copy(), swapped.pair.copy()
    grid[field], pair[field] = pair[field], grid[field]
    swapped.edit(grid=grid, pair=pair)
    assert where(left, "1") == where(swapped, "1") == "c4"
    assert left.position_key() != swapped.position_key()
    assert left.position_key() == arrange({"1": "c4", "2": "c4"}).position_key()


@pytest.mark.parametrize(("seat", "action", "message"), [
    (0, {"do": "stone", "stone": "A"}, "cannot play"),  # not the mover's stone
    (0, {"do": "to", "to": "e6"}, "cannot play"),  # a destination before a stone
    (0, {"do": "stone", "stone": "Z"}, "must be one of"),  # no such stone
    (1, {"do": "stone", "stone": "A"}, "not seat 1's turn"),
    (0, {"do": "fly"}, "kind one of"),
])
def test_bad_input_is_refused_and_changes_nothing(seat, action, message):
    state = arrange({"3": "e4"})
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, action)
    assert state.to_json() == before


@pytest.mark.parametrize("to", ["e5", "e8", "f6", "d5", "a4"])
def test_bad_input_a_destination_not_two_squares_away_is_refused(to):
    state = arrange({"3": "e4"})
    state.apply(0, {"do": "stone", "stone": "3"})
    before = state.to_json()
    with pytest.raises(IllegalAction, match="cannot play"):
        state.apply(0, {"do": "to", "to": to})
    assert state.to_json() == before


def test_bad_input_an_occupied_destination_and_an_ignored_obligation_are_refused():
    placement = {"3": "e4", "A": "e6", "1": "g6", "4": "g6", "2": "c2", "5": "c2"}
    state = arrange(placement, owed=(["c2"], []))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="cannot play"):
        state.apply(0, {"do": "stone", "stone": "3"})  # the double on c2 must move first
    assert state.to_json() == before
    state = arrange(placement)
    state.apply(0, {"do": "stone", "stone": "3"})
    for to in ("e6", "g6"):  # an opponent stone, a double
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(0, {"do": "to", "to": to})
        assert state.to_json() == before


def test_bad_input_a_move_back_not_on_the_list_is_refused():
    state = compensation_position()
    move(state, 0, "4", "d4", "right")
    before = state.to_json()
    for action in ({"do": "back", "stone": "C"}, {"do": "back", "stone": "1"}):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
        assert state.to_json() == before
    state.apply(0, {"do": "back", "stone": "A"})
    before = state.to_json()
    for to in ("e4", "e3", "d2", "a0"):
        with pytest.raises(IllegalAction):
            state.apply(0, {"do": "back_to", "to": to})
        assert state.to_json() == before


def test_the_rules_read_the_board_from_its_file_not_from_code(tmp_path):
    small = mezquita.load("cordoba-wittig", board="small")
    board = small.board
    assert (board.columns, board.rows, len(board.stones), board.win_stones) == (8, 6, 8, 3)
    assert board.symbols == ("sun", "moon")
    state = small.new_state(0)
    assert [where(state, x) for x in "1W2X3Y4Z"] == [f"{c}0" for c in "abcdefgh"]
    # back distances 2 then 1 and near rows 1-3 on this board
    state = arrange({"1": "d4", "3": "d2", "W": "e5"}, board="small")
    move(state, 0, "3", "d4", "right")  # 1's right sun touches 3's left sun
    assert {a["to"] for a in legal_json(state)} == {"c3", "e3", "g3"}
    # a board file given by path works too, and a malformed one is refused clearly
    raw = json.loads(json.dumps(board.raw))
    raw["win_stones"] = 2
    path = tmp_path / "two.json"
    path.write_text(json.dumps(raw))
    assert mezquita.load("cordoba-wittig", board=str(path)).board.win_stones == 2
    raw["start_row"] = raw["start_row"][:-1]
    path.write_text(json.dumps(raw))
    load_board.cache_clear()
    with pytest.raises(UnknownOption, match="start row"):
        mezquita.load("cordoba-wittig", board=str(path))
    with pytest.raises(UnknownOption, match="shipped board"):
        mezquita.load("cordoba-wittig", board="nowhere")


def test_remote_clients_may_choose_only_shipped_boards():
    from mezquita.engine.options import check_remote
    info = mezquita.load("cordoba-wittig").info
    check_remote(info.options, {"board": "small"}, info.id)
    with pytest.raises(UnknownOption, match="local files"):
        check_remote(info.options, {"board": "/etc/passwd"}, info.id)
