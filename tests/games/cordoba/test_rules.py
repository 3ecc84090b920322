"""Córdoba rules, one test (or more) per numbered rule of docs/games/cordoba.md."""

import pytest

import mezquita
from mezquita import IllegalAction
from mezquita.engine import UnknownOption

from .scenarios import action, play_out, position


def test_rule_1_components_two_decks_of_1_to_10_and_landmarks_1_to_7():
    state = mezquita.load("cordoba").new_state(3)
    for seat in (0, 1):
        assert sorted(state.hands[seat] + state.decks[seat]) == list(range(1, 11))
    assert state.game.landmark_values == (1, 2, 3, 4, 5, 6, 7)
    assert state.view(None)["start_player"] == 0


@pytest.mark.parametrize("hand", [1, 3, 10])
def test_rule_2_setup_each_deck_shuffled_and_hand_drawn(hand):
    state = mezquita.load("cordoba", hand=hand).new_state(11)
    assert [len(h) for h in state.hands] == [hand, hand]
    assert [len(d) for d in state.decks] == [10 - hand] * 2
    orders = {tuple(mezquita.load("cordoba").new_state(s).decks[0]) for s in range(20)}
    assert len(orders) > 15, "decks are shuffled differently for different seeds"


def test_rule_3_play_one_card_then_draw_and_alternate():
    state = position({}, hands=([5], [6]), decks=([2, 9], [4]))
    state.apply(0, action(5, 3))
    assert state.hands[0] == [9] and state.decks[0] == [2]  # drew the top (last) card
    assert state.to_move() == (1,)
    state.apply(1, action(6, 4))
    assert state.hands[1] == [4] and state.decks[1] == []
    state.apply(0, action(9, 5))
    state.apply(1, action(4, 6))
    assert state.hands[1] == [] and state.to_move() == (0,)  # empty deck: no draw


def test_rule_3_start_player_moves_first():
    state = mezquita.load("cordoba").new_state(0)
    assert state.to_move() == (0,)


def test_rule_4_cannot_play_where_the_opponent_just_played():
    state = position({}, hands=([5], [6]), decks=([1], [2]))
    state.apply(0, action(5, 7))
    legal = [state.game.action_to_json(a)["landmark"] for a in state.legal_actions(1)]
    assert 7 not in legal and sorted(set(legal)) == [1, 2, 3, 4, 5, 6]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="cannot play"):
        state.apply(1, action(6, 7))
    assert state.to_json() == before
    state.apply(1, action(6, 6))
    landmarks = {state.game.action_to_json(a)["landmark"] for a in state.legal_actions(0)}
    assert 7 in landmarks and 6 not in landmarks, "only the immediately preceding landmark is barred"


def test_rule_4_a_legal_move_always_exists():
    game = mezquita.load("cordoba")
    for seed in range(30):
        state = game.new_state(seed)
        while movers := state.to_move():
            legal = state.legal_actions(movers[0])
            assert legal
            state.apply(movers[0], legal[seed % len(legal)])


def test_rule_5_cards_of_one_player_lie_face_down():
    state = position({}, hands=([8], [6]), decks=([1], [2]))
    state.apply(0, action(8, 5))
    opp = state.view(1)["landmarks"][4]
    assert opp["cards"][0] == [None] and not opp["face_up"], "count visible, value hidden"
    assert state.view(0)["landmarks"][4]["cards"][0] == [8], "the owner knows his own card"
    assert state.view(None)["landmarks"][4]["cards"][0] == [None]
    assert state.log(1)[-1]["card"] is None


def test_rule_6_both_players_present_turns_all_cards_face_up():
    state = position({5: ([8, 2], [])}, hands=([3], [6]), decks=([1], [2]), current=1)
    state.apply(1, action(6, 5))
    for viewer in (None, 0, 1):
        lm = state.view(viewer)["landmarks"][4]
        assert lm["face_up"] and lm["cards"] == [[8, 2], [6]]
    with pytest.raises(IllegalAction):
        state.apply(0, action(3, 5))  # landmark 5 is now barred for seat 0 (rule 4)
    state.apply(0, action(3, 1))
    state.apply(1, action(2, 5))
    assert state.view(0)["landmarks"][4]["cards"][1] == [6, 2], "later cards are face up"


@pytest.mark.parametrize(
    ("piles", "start", "expected"),
    [
        ((([5], [3])), 0, 0),  # higher total controls
        ((([3], [5])), 0, 1),
        ((([4], [4])), 0, 0),  # tie: start player
        ((([4], [4])), 1, 1),
        ((([2, 2], [4])), 1, 1),
        ((([1], [])), 1, 0),  # alone: that player, even if he is not the start player
        ((([], [1])), 0, 1),
        ((([], [])), 0, None),  # empty: nobody
    ],
)
def test_rule_7_control(piles, start, expected):
    state = position({3: piles}, start=start)
    assert state.controller(2) == expected
    assert state.view(None)["landmarks"][2]["controller"] == expected


def _final(piles, start=0):
    state = position(piles, start=start, hands=([], [1]), current=1)
    state.played = 19  # the 20th card ends the game
    state.apply(1, action(1, 1) if 1 not in piles else action(1, 7))
    return state


def test_rule_8_end_after_all_20_cards_and_higher_score_wins():
    state = _final({7: ([9], [2]), 6: ([], [3]), 2: ([5], [])})
    assert state.is_terminal()
    # seat 0: 7 + 2 = 9; seat 1: 6 + landmark 1 (its last card) = 7
    assert state.scores() == [9, 7] and state.returns() == [1.0, 0.0]
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, action(1, 1))


def test_rule_8_equal_scores_lowest_controlled_landmark_wins():
    # seat 0: 4 + 3 = 7; seat 1: 6 + 1 = 7 -> seat 1 holds landmark 1 and wins.
    state = _final({4: ([9], []), 3: ([5], [2]), 6: ([], [3])})
    assert state.scores() == [7, 7] and state.returns() == [0.0, 1.0]


def test_rule_8_tiebreak_skips_uncontrolled_landmarks():
    # the last card goes to landmark 7; landmark 1 stays empty: landmark 2 decides.
    state = position({2: ([4], []), 3: ([], [2]), 6: ([], [1])}, hands=([], [1]), current=1)
    state.played = 19
    state.apply(1, action(1, 4))  # seat 1: 3 + 6 + 4 = 13; seat 0: 2 -> no tie here
    assert state.returns() == [0.0, 1.0]
    state = position({2: ([4], []), 5: ([], [2]), 7: ([6], [])}, hands=([], [1]), current=1)
    state.played = 19
    state.apply(1, action(1, 4))  # seat 0: 2 + 7 = 9; seat 1: 5 + 4 = 9; landmark 2 -> seat 0
    assert state.scores() == [9, 9] and state.returns() == [1.0, 0.0]


def test_rule_9_match_two_games_each_player_starts_once_and_totals_decide():
    game = mezquita.load("cordoba", match=True)
    state = game.new_state(5)
    for _ in range(20):
        state.apply(state.to_move()[0], state.legal_actions()[0])
    first = state.finished[0]
    assert not state.is_terminal() and state.view(0)["game_number"] == 2
    assert state.start == 1 and state.to_move() == (1,), "the other player starts game 2"
    assert [len(h) + len(d) for h, d in zip(state.hands, state.decks)] == [10, 10]
    play_out(state)
    assert state.is_terminal() and len(state.history) == 40
    totals = state.scores()
    assert all(t >= f for t, f in zip(totals, first))
    a, b = totals
    assert state.returns() == ([1.0, 0.0] if a > b else [0.0, 1.0] if b > a else [0.5, 0.5])


def test_rule_9_equal_match_totals_are_a_draw():
    state = position({7: ([5], [])}, hands=([], [1]), current=1, match=True)
    state.game_no, state.finished = 1, [[1, 7]]
    state.played = 19
    state.apply(1, action(1, 1))  # 1 + 7 = 8 vs 7 + 1 = 8
    assert state.scores() == [8, 8] and state.returns() == [0.5, 0.5]


@pytest.mark.parametrize(("landmarks", "values"), [(7, [1, 2, 3, 4, 5, 6, 7]),
                                                   (6, [2, 3, 4, 5, 6, 7]),
                                                   (5, [3, 4, 5, 6, 7])])
def test_variant_landmarks(landmarks, values):
    game = mezquita.load("cordoba", landmarks=landmarks)
    state = game.new_state(1)
    assert [lm["value"] for lm in state.view(0)["landmarks"]] == values
    played = {game.action_to_json(a)["landmark"] for a in state.legal_actions(0)}
    assert played == set(values)
    if landmarks < 7:
        with pytest.raises(IllegalAction, match=r"cannot play .*Almodóvar Gate \(1\)"):
            state.apply(0, action(state.hands[0][0], 1))
    play_out(state)
    assert state.is_terminal() and sum(state.scores()) <= sum(values)


def test_variant_hand_10_has_no_deck_and_choice_of_card():
    state = mezquita.load("cordoba", hand=10).new_state(2)
    assert state.decks == [[], []]
    assert {a // 7 + 1 for a in state.legal_actions(0)} == set(range(1, 11))


def test_variant_hand_3_refills_after_playing():
    state = mezquita.load("cordoba", hand=3).new_state(2)
    state.apply(0, state.legal_actions(0)[0])
    assert len(state.hands[0]) == 3 and len(state.decks[0]) == 6


def test_bad_options_are_rejected_clearly():
    with pytest.raises(UnknownOption, match="must be one of 1, 3, 10"):
        mezquita.load("cordoba", hand=4)
    with pytest.raises(UnknownOption, match="no option 'colour'"):
        mezquita.load("cordoba", colour="red")


@pytest.mark.parametrize("bad", [{"do": "play", "card": 11, "landmark": 1}, {"do": "play", "card": 1},
                                 "x", [1, 2], {"do": "play", "card": "1", "landmark": 2}, 70, -1, True,
                                 {"do": "play", "card": True, "landmark": 2}, {"card": 1, "landmark": 2}])
def test_malformed_actions_raise_and_change_nothing(bad):
    state = mezquita.load("cordoba").new_state(0)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(0, bad)
    assert state.to_json() == before


def test_variant_small_decks_and_few_landmarks_for_research():
    game = mezquita.load("cordoba", cards=3, landmarks=2)
    state = game.new_state(4)
    assert sorted(state.hands[0] + state.decks[0]) == [1, 2, 3]
    assert [lm["value"] for lm in state.view(0)["landmarks"]] == [6, 7]
    play_out(state)
    assert state.is_terminal() and len(state.history) == 6 == game.max_game_length


def test_deals_are_listed_only_when_few_and_replay_as_dealt():
    game = mezquita.load("cordoba", cards=3, landmarks=3)
    deals = game.deals()
    assert len(deals) == 36 and abs(sum(p for _, p in deals) - 1) < 1e-12
    state = game.dealt_state(deals[7][0])
    top = [order[-1] for order in deals[7][0]]
    assert [h[0] for h in state.hands] == top
    with pytest.raises(mezquita.MezquitaError, match="13,168,189,440,000 deals"):
        mezquita.load("cordoba").deals()
    with pytest.raises(mezquita.MezquitaError, match="single games"):
        mezquita.load("cordoba", cards=3, match=True).deals()
    with pytest.raises(UnknownOption, match="needs cards >= 10"):
        mezquita.load("cordoba", cards=3, hand=10)
