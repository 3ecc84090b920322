"""Europa rules, one test (or a few) per numbered rule of docs/games/europa.md."""

from __future__ import annotations

import pytest

from mezquita import IllegalAction
from mezquita.engine.conformance import check_game
from mezquita.games.europa.board import Place
from mezquita.games.europa.cards import Card, best_place, card, deck, tip_right
from mezquita.games.europa.rules import majority_points

from .scenarios import dealt, new_game, take_all, tip, with_display

# True places (reconstructed board): Córdoba W-S-8-B, Paris W-M-9-A, Oslo E-N-16-A,
# Berlin E-M-4-A, Madrid W-S-2-D, Milan W-M-9-D (red), Munich E-M-10-A (red).
CORDOBA = ("W", "S", 8, "B")
PARIS = ("W", "M", 9, "A")
OSLO = ("E", "N", 16, "A")
BERLIN = ("E", "M", 4, "A")


def test_the_places_used_here_are_where_these_tests_expect():
    assert card("cordoba").places == (Place(*CORDOBA),)
    assert card("paris").places == (Place(*PARIS),)
    assert card("oslo").places == (Place(*OSLO),)
    assert card("berlin").places == (Place(*BERLIN),)


# -- rule 1: display and choice order -----------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_1_display_holds_one_card_per_player_and_start_fields_put_seat_0_in_front(players):
    state = new_game(players)
    assert len(state.display) == players and None not in state.display
    assert state.positions == [players - 1 - s for s in range(players)]
    assert len(state.stack) + len(state.display) == 112  # the standard stack, display drawn from it
    assert state.to_move() == (players - 1,)  # the youngest, furthest behind, chooses first


def test_rule_1_choice_goes_from_the_back_to_the_front_and_the_leader_takes_the_last_card():
    state = with_display(new_game(3), ["paris", "oslo", "berlin"], positions=[5, 9, 2])
    seen = []
    while state.phase == "choose":
        seat = state.to_move()[0]
        seen.append(seat)
        legal = state.legal_actions(seat)
        slot = next(i for i, c in enumerate(state.display) if c is not None)
        state.apply(seat, {"do": "take", "slot": slot})
    assert seen == [2, 0, 1]
    assert state.cards == ["oslo", "berlin", "paris"]
    assert len(legal) == 1 + 1  # the leader: the one card left, taken or swapped


def test_rule_1_pieces_on_one_field_count_the_higher_seat_as_further_behind():
    state = with_display(new_game(4), ["paris", "oslo", "berlin", "madrid"], positions=[3, 3, 1, 3])
    assert state.back_to_front() == [2, 3, 1, 0]
    assert state.to_move() == (2,)


def test_rule_1_a_taken_card_is_no_longer_on_display():
    state = with_display(new_game(3), ["paris", "oslo", "berlin"])
    state.apply(2, {"do": "take", "slot": 1})
    assert state.display == ["paris", None, "berlin"] and state.cards[2] == "oslo"
    with pytest.raises(IllegalAction, match="slot 2 holds no card"):
        state.apply(1, {"do": "take", "slot": 1})


# -- rule 2: swaps ------------------------------------------------------------------------------
def test_rule_2_a_swap_puts_the_chosen_card_and_a_swap_card_out_and_draws_the_top_card():
    state = with_display(new_game(3), ["paris", "oslo", "berlin"])
    top, size = state.stack[-1], len(state.stack)
    state.apply(2, {"do": "swap", "slot": 0})
    assert state.cards[2] == top and state.swaps == [2, 2, 1] and len(state.stack) == size - 1
    assert "paris" not in state.display and "paris" not in state.stack
    assert state.events[-1] == {"turn": 0, "seat": 2, "do": "swap", "card": "paris", "drawn": top,
                                "swaps": 1}


def test_rule_2_each_player_has_two_swaps_then_no_more():
    state = with_display(new_game(2), ["paris", "oslo"])
    state.swaps[1] = 0
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no swap card left"):
        state.apply(1, {"do": "swap", "slot": 0})
    assert state.to_json() == before
    assert all(a in range(0, 6) for a in state.legal_actions(1))  # only "take" ids


def test_rule_2_no_swap_with_an_empty_stack():
    state = with_display(new_game(2), ["paris", "oslo"])
    state.stack = []
    with pytest.raises(IllegalAction, match="stack is empty"):
        state.apply(1, {"do": "swap", "slot": 0})


# -- rule 3: simultaneous tips in a fixed order ----------------------------------------------------
def test_rule_3_every_seat_tips_at_once_and_in_any_order():
    state = dealt({0: "paris", 1: "oslo", 2: "berlin"}, [2, 1, 0])
    assert state.phase == "tip" and state.to_move() == (0, 1, 2)
    state.apply(1, {"do": "ew", "side": "E"})
    state.apply(0, {"do": "ew", "side": "W"})
    assert state.to_move() == (0, 1, 2)
    tip(state, 2, "E", "M")
    assert state.to_move() == (0, 1) and state.phase == "tip"
    state.apply(0, {"do": "area", "area": "M"})
    state.apply(0, {"do": "done"})
    state.apply(1, {"do": "done"})
    assert state.phase == "choose" and state.round == 2  # evaluated once all were in


def test_rule_3_stones_follow_the_order_ew_area_sector_section():
    state = dealt({0: "paris", 1: "oslo"}, [1, 0])
    legal = [state.game.action_to_json(a) for a in state.legal_actions(0)]
    assert legal == [{"do": "ew", "side": "W"}, {"do": "ew", "side": "E"}]  # compulsory, no done
    state.apply(0, {"do": "ew", "side": "W"})
    kinds = {state.game.action_to_json(a)["do"] for a in state.legal_actions(0)}
    assert kinds == {"area", "done"}
    state.apply(0, {"do": "area", "area": "S"})
    sectors = [state.game.action_to_json(a).get("sector") for a in state.legal_actions(0)]
    assert sectors == [1, 2, 3, 7, 8, 9, None]  # the West-South sectors, then done
    state.apply(0, {"do": "sector", "sector": 8})
    assert len(state.legal_actions(0)) == 5  # A-D and done
    state.apply(0, {"do": "section", "section": "B"})
    assert state.tips[0] == list(CORDOBA) and not state.tipping[0]  # the fourth stone ends it


def test_rule_3_other_seats_tips_are_hidden_until_the_evaluation():
    state = dealt({0: "paris", 1: "oslo"}, [1, 0])
    tip(state, 0, "W", "M", 9, done=False)
    for viewer in (1, None):
        assert state.view(viewer)["tips"][0] is None
        assert state.view(viewer)["stones"][0] == 3  # the count is public
        assert all(e.get("value") is None for e in state.log(viewer) if e["do"] == "stone")
        texts = [state.game.event_text(e, lang) for e in state.log(viewer) for lang in ("en", "de")]
        assert not any("9" in t for t in texts if "stone" in t or "Tippstein" in t)
    assert state.view(0)["tips"][0] == ["W", "M", 9]
    state.apply(0, {"do": "done"})
    tip(state, 1, "E")
    assert {r["seat"]: r["tips"] for r in state.view(1)["results"]}[0] == ["W", "M", 9]
    assert [e["value"] for e in state.log(1) if e["do"] == "stone" and e["seat"] == 0] == ["W", "M", 9]


# -- rule 4: evaluation ---------------------------------------------------------------------------
def test_rule_4_all_stones_right_moves_one_field_per_stone_skipping_occupied_fields():
    state = dealt({0: "paris", 1: "oslo", 2: "cordoba"}, [6, 7, 5])
    tip(state, 0, "E")  # wrong
    tip(state, 1, "W")  # wrong
    tip(state, 2, *CORDOBA)  # four right: 5 -> 6 (occupied) 7 (occupied) -> 8, 9, 10, 11
    assert state.positions == [6, 7, 11]
    assert [r["seat"] for r in state.results] == [2, 0, 1]  # evaluated from the back
    assert state.results[0]["stones"] == [True] * 4


def test_rule_4_one_wrong_stone_means_no_move_at_all():
    state = dealt({0: "paris", 1: "cordoba"}, [1, 0])
    tip(state, 0, "W", "M", 9, "B")  # section wrong (A is right)
    tip(state, 1, "W", "S", 2)  # sector wrong (8)
    assert state.positions == [1, 0]
    assert state.results[0]["stones"] == [True, True, False]
    assert state.results[1]["stones"] == [True, True, True, False]


def test_rule_4_evaluation_order_is_fixed_at_its_start_and_later_pieces_skip_earlier_moves():
    state = dealt({0: "paris", 1: "cordoba"}, [1, 0])
    tip(state, 0, "W", "M")
    tip(state, 1, "W", "S")
    assert [r["seat"] for r in state.results] == [1, 0]
    # seat 1 first: 0 -> 2 (skipping 1) -> 3; then seat 0: 1 -> 2 -> 4 (skipping 3)
    assert state.positions == [4, 3]


def test_rule_4_the_last_field_ends_the_track_and_holds_several_pieces():
    state = dealt({0: "paris", 1: "cordoba"}, [38, 39])
    tip(state, 0, *PARIS)
    tip(state, 1, *CORDOBA)
    assert state.positions == [40, 40]
    assert state.returns() == [0.5, 0.5]  # rule 8: a shared victory


# -- rule 5: keeping cards --------------------------------------------------------------------
@pytest.mark.parametrize(("name", "stones", "kept"), [
    ("paris", 4, True), ("paris", 3, False),  # yellow needs 4
    ("cordoba", 3, True), ("cordoba", 2, False),  # red needs 3
])
def test_rule_5_a_card_is_kept_only_with_enough_right_stones(name, stones, kept):
    place = PARIS if name == "paris" else CORDOBA
    state = dealt({0: name, 1: "oslo"}, [1, 0])
    tip(state, 0, *place[:stones])
    tip(state, 1, "W")
    assert (name in state.kept[0]) is kept
    assert state.positions[0] == 1 + stones


def test_rule_5_a_blue_card_is_kept_with_two_right_stones(monkeypatch):
    blue = Card("testsea", "blue", "sea", {"de": "Testmeer"}, ((43.0, 5.0),), (Place("W", "S", 3, "C"),))
    monkeypatch.setitem(deck(), "testsea", blue)
    state = dealt({0: "testsea", 1: "oslo"}, [1, 0])
    tip(state, 0, "W", "S")
    tip(state, 1, "W")
    assert state.kept[0] == ["testsea"]


def test_rule_5_a_wrong_stone_discards_the_card_even_with_enough_stones():
    state = dealt({0: "cordoba", 1: "oslo"}, [1, 0])
    tip(state, 0, "W", "S", 8, "A")  # 3 right, the fourth wrong
    tip(state, 1, "W")
    assert state.kept[0] == [] and state.positions[0] == 1


# -- rule 6: several solution points ----------------------------------------------------------
ALPS = (Place("W", "M", 9, "D"), Place("E", "M", 10, "C"))


def test_rule_6_a_tip_is_right_if_one_single_point_agrees_with_every_stone():
    assert tip_right(ALPS, ["W", "M", 9, "D"]) and tip_right(ALPS, ["E", "M", 10])
    assert tip_right(ALPS, ["E"]) and tip_right(ALPS, ["W"])
    assert not tip_right(ALPS, ["W", "M", 10])  # W from one point, sector 10 from the other
    assert best_place(ALPS, ["E", "M", 11]) == (ALPS[1], [True, True, False])


def test_rule_6_in_play_a_card_with_two_points_accepts_either(monkeypatch):
    alps = Card("testalps", "blue", "mountains", {"de": "Testalpen"}, ((46.0, 8.0), (46.0, 11.0)), ALPS)
    monkeypatch.setitem(deck(), "testalps", alps)
    state = dealt({0: "testalps", 1: "oslo"}, [1, 0])
    tip(state, 0, "E", "M", 10)
    tip(state, 1, "W")
    assert state.results[1]["right"] and state.positions[0] == 4 and state.kept[0] == ["testalps"]


# -- rule 7: the end -----------------------------------------------------------------------------
def test_rule_7_a_piece_on_dark_blue_ends_the_game_after_the_whole_evaluation():
    state = dealt({0: "paris", 1: "cordoba"}, [30, 29])
    tip(state, 0, "W", "M")
    tip(state, 1, *CORDOBA)
    assert state.is_terminal() and state.phase == "over"
    # seat 1, behind, first: 29 -> 31 (skipping 30) -> 34, on dark blue; seat 0 is still
    # evaluated: 30 -> 32.
    assert [r["seat"] for r in state.results] == [1, 0]
    assert state.final["track"] == [32, 34]
    assert {e["do"] for e in state.events} >= {"end"}
    assert state.events[-1]["do"] in ("end", "majority", "sets")


def test_rule_7_below_dark_blue_a_new_round_starts():
    state = dealt({0: "paris", 1: "cordoba"}, [20, 29])
    tip(state, 0, "W")
    tip(state, 1, "W", "S")
    assert state.positions == [21, 31] and state.phase == "choose" and state.round == 2


def test_rule_7_the_game_ends_when_the_stack_cannot_fill_another_display():
    state = dealt({0: "paris", 1: "cordoba"}, [1, 0])
    state.stack = state.stack[:1]
    tip(state, 0, "E")
    tip(state, 1, "E")
    assert state.is_terminal()
    assert any(e["do"] == "end" and e["reason"] == "stack" for e in state.events)


# -- rule 8: final scoring ------------------------------------------------------------------------
@pytest.mark.parametrize(("counts", "points"), [
    ([3, 1, 0], [3, 2, 0]),  # most 3, second most 2
    ([2, 2, 1], [2, 2, 0]),  # shared first: 2 each, no second
    ([3, 1, 1], [3, 1, 1]),  # one first, shared second: 1 each
    ([0, 0, 0], [0, 0, 0]),  # nobody has the colour
    ([1, 0, 0], [3, 0, 0]),  # no card is no second place
])
def test_rule_8_majority_points_per_colour(counts, points):
    assert majority_points(counts) == points


def test_rule_8_majorities_then_sets_move_pieces_from_the_back_and_the_furthest_ahead_wins():
    state = dealt({0: "paris", 1: "cordoba"}, [30, 10])
    state.kept = [["berlin", "milan"], ["madrid", "munich", "seville"]]
    tip(state, 0, "W", "M")  # 30 -> 32: the game ends
    tip(state, 1, "E")
    final = state.final
    assert final["track"] == [32, 10]
    # yellow 1:1 shared first (2 each); red 1:2 -> seat 1 three, seat 0 two; blue nobody.
    assert final["majority"] == {"yellow": [2, 2], "red": [2, 3], "blue": [0, 0]}
    assert final["sets"] == [0, 0]
    assert state.positions == [36, 15]
    assert state.returns() == [1.0, 0.0]
    table = state.score_breakdown("en")
    assert table["totals"] == [36.0, 15.0] and table["winners"] == [0]
    assert [sum(r["values"][s] for r in table["rows"]) for s in (0, 1)] == [36, 15]


def test_rule_8_a_complete_set_moves_its_owner_three_fields(monkeypatch):
    blue = Card("testsea", "blue", "sea", {"de": "Testmeer"}, ((43.0, 5.0),), (Place("W", "S", 3, "C"),))
    monkeypatch.setitem(deck(), "testsea", blue)
    state = dealt({0: "paris", 1: "cordoba"}, [30, 4])
    state.kept = [[], ["madrid", "seville", "testsea"]]
    tip(state, 0, "W", "M")
    tip(state, 1, "E")
    # seat 1: majorities 3+3+3 = 9 fields (4 -> 13), then one set: 3 fields -> 16
    assert state.final["sets"] == [0, 1] and state.positions == [32, 16]


def test_rule_8_equal_positions_share_the_victory():
    state = dealt({0: "paris", 1: "cordoba"}, [39, 38])
    tip(state, 0, "W")
    tip(state, 1, "W", "S")
    assert state.positions == [40, 40] and state.returns() == [0.5, 0.5]
    assert state.score_breakdown("de")["winners"] == [0, 1]


def test_defect_8_the_final_scoring_rows_say_they_count_fields_not_cards():
    """Issue 28, defect 8: "Most red cards 2/0/2" read as card counts; the values are fields."""
    state = dealt({0: "paris", 1: "cordoba"}, [30, 10])
    state.kept = [["berlin", "milan"], ["madrid", "munich", "seville"]]
    tip(state, 0, "W", "M")
    tip(state, 1, "E")
    fields = {"en": "Fields", "es": "Casillas", "ca": "Caselles", "de": "Felder"}
    for lang, word in fields.items():
        labels = [row["label"] for row in state.score_breakdown(lang)["rows"]]
        assert all(label.startswith(word) for label in labels[1:5]), labels  # 3 colours, sets


@pytest.mark.parametrize("lang", ["en", "es", "ca", "de"])
def test_every_log_entry_is_a_sentence_with_one_wording(lang):
    """Issue 28, defects 8 and 10 (Europa's part): each entry of a game (final scoring included) starts
    in upper case and ends with a full stop, with proper plurals and one arrow style."""
    state = dealt({0: "paris", 1: "cordoba"}, [30, 10])
    state.kept = [["berlin", "milan"], ["madrid", "munich", "seville"]]
    tip(state, 0, "W", "M")
    tip(state, 1, "E")
    texts = [state.game.event_text(e, lang) for e in state.log(None)]
    assert {"majority", "end", "evaluate", "done", "stone"} <= {e["do"] for e in state.log(None)}
    for text in texts:
        assert text[0].isupper() and text.endswith("."), text
        assert "(s)" not in text and "(e" not in text and "->" not in text, text


# -- bad input ---------------------------------------------------------------------------------------
def _refused(state, seat, action, match):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=match):
        state.apply(seat, action)
    assert state.to_json() == before


def test_bad_input_is_refused_with_a_clear_reason_and_changes_nothing():
    state = dealt({0: "paris", 1: "oslo"}, [1, 0])
    _refused(state, 0, {"do": "area", "area": "N"}, "first stone before tipping the North/Middle/South")
    _refused(state, 0, {"do": "done"}, "must tip East or West")
    state.apply(0, {"do": "ew", "side": "W"})
    _refused(state, 0, {"do": "ew", "side": "E"}, "already tipped the East/West")
    state.apply(0, {"do": "area", "area": "S"})
    _refused(state, 0, {"do": "sector", "sector": 4}, "sector 4 is not in W-S")
    _refused(state, 0, {"do": "sector", "sector": 19}, "sector must be one of")
    _refused(state, 0, {"do": "section", "section": "A"}, "third stone before tipping the section")
    _refused(state, 0, {"do": "take", "slot": 0}, "cards were chosen")
    state.apply(0, {"do": "done"})
    _refused(state, 0, {"do": "ew", "side": "W"}, "not seat 0's turn")  # a second tip
    _refused(state, 3, {"do": "ew", "side": "W"}, "not seat 3's turn")  # no such seat
    _refused(state, 1, {"do": "tip", "side": "W"}, "kind one of")


def test_bad_input_while_choosing():
    state = with_display(new_game(3), ["paris", "oslo", "berlin"])
    _refused(state, 0, {"do": "take", "slot": 0}, "not seat 0's turn")  # another seat's choice
    _refused(state, 2, {"do": "ew", "side": "W"}, "must choose a card first")
    _refused(state, 2, {"do": "take", "slot": 5}, "slot 6 holds no card")


# -- the whole game ------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{"players": 2, "stack": 56}, {"players": 5, "finish": 20, "stack": 56},
                                     {"players": 3}])
def test_random_games_pass_the_conformance_suite(options):
    from mezquita import load
    assert check_game(load("europa", **options), seeds=range(1), deep_every=5) > 0


def test_take_all_reaches_the_tip_phase():
    state = new_game(4)
    take_all(state)
    assert state.phase == "tip" and state.to_move() == (0, 1, 2, 3) and None not in state.cards
