"""Rules scenarios for rules 1 (components, options) and 2 (the round) of docs/games/citadels.md."""

import random

import pytest

import mezquita
from mezquita.engine import IllegalAction, UnknownOption
from mezquita.games.citadels.cards import CHAR_INDEX, CHAR_RANK, DIST_INDEX
from mezquita.games.citadels.flow import draft_plan
from mezquita.games.citadels.model import Phase

from .scenarios import acting, do, hand, legal_json, legal_kinds, position

EIGHT = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern"]


def draft_to_turns(st, choose=lambda legal: legal[0]):
    while st.phase == Phase.DRAFT:
        st.apply(st.to_move()[0], choose(st.legal_actions()))


def test_rule_2_1_setup_deals_four_cards_and_two_gold():
    st = mezquita.load("citadels", players=5).new_state(7)
    assert all(len(h) == 4 for h in st.hands) and st.gold == [2] * 5
    assert len(st.deck) == 66 - 20
    st = mezquita.load("citadels", players=5, dark_city=("all",)).new_state(7)
    assert len(st.deck) == 80 - 20


def test_rule_2_1_crown_option_chooses_the_first_seat():
    assert mezquita.load("citadels", crown=3).new_state(0).crown == 3
    crowns = {mezquita.load("citadels").new_state(s).crown for s in range(30)}
    assert crowns == {0, 1, 2, 3}


@pytest.mark.parametrize(("players", "rank9", "face_up"), [
    (4, "none", 2), (5, "none", 1), (6, "none", 0), (7, "none", 0),
    (4, "artist", 3), (5, "artist", 2), (6, "artist", 1), (7, "artist", 0), (8, "artist", 0),
])
def test_rule_2_2_face_up_removals_by_player_count(players, rank9, face_up):
    st = mezquita.load("citadels", players=players, rank9=rank9).new_state(1)
    assert len(st.face_up) == face_up and len(st.face_down) == 1
    assert st.view(None)["face_up"] == [mezquita.games.citadels.cards.CHAR_KEYS[c]
                                        for c in st.face_up]


def test_rule_2_2_rank_four_is_never_removed_face_up():
    game = mezquita.load("citadels", players=4, rank9="artist")
    for seed in range(200):
        assert all(CHAR_RANK[c] != 4 for c in game.new_state(seed).face_up)


def test_rule_2_2_draft_goes_left_from_the_crown_and_leftover_goes_face_down():
    st = mezquita.load("citadels", players=4, crown=2).new_state(3)
    assert [s for s, _ in st.plan] == [2, 3, 0, 1]
    sizes = []
    while st.phase == Phase.DRAFT:
        sizes.append(len(st.pool))
        st.apply(st.to_move()[0], st.legal_actions()[0])
    assert sizes == [5, 4, 3, 2] and len(st.face_down) == 2


def test_rule_2_2_two_players_keep_and_discard_alternately():
    assert draft_plan(2, 1) == [[1, 0], [0, 0], [0, 1], [1, 0], [1, 1], [0, 0]]
    st = mezquita.load("citadels", players=2, crown=0).new_state(5)
    assert legal_kinds_of(st) == {"pick"} and len(st.pool) == 7
    draft_to_turns(st)
    assert [len(c) for c in st.held] == [2, 2] and len(st.face_down) == 4


def test_rule_2_2_three_players_go_round_twice():
    st = mezquita.load("citadels", players=3, crown=1).new_state(5)
    assert [s for s, _ in st.plan] == [1, 2, 0, 1, 2, 0]
    draft_to_turns(st)
    assert [len(c) for c in st.held] == [2, 2, 2] and len(st.face_down) == 2


def test_rule_2_2_seven_players_last_seat_may_take_the_face_down_card():
    st = mezquita.load("citadels", players=7, crown=0).new_state(9)
    hidden = st.random_face_down
    while st.step < 6:
        assert hidden not in st.pool
        st.apply(st.to_move()[0], st.legal_actions()[0])
    assert st.to_move() == (6,) and hidden in st.pool and len(st.pool) == 2
    st.apply(6, {"do": "pick", "character": mezquita.games.citadels.cards.CHAR_KEYS[hidden]})
    assert st.holder[hidden] == 6 and len(st.face_down) == 1


def test_rule_2_2_each_seat_sees_only_its_own_draft_pools():
    st = mezquita.load("citadels", players=4, crown=0).new_state(2)
    assert st.view(0)["draft"]["pool"] is not None and st.view(1)["draft"]["pool"] is None
    st.apply(0, st.legal_actions()[0])
    assert st.view(1)["draft"]["pool"] is not None
    assert len(st.view(0)["draft"]["mine"]) == 1 and st.view(1)["draft"]["mine"] == []


def test_rule_2_2_two_and_three_players_take_a_turn_per_character():
    st = position({0: ["assassin", "king"], 1: ["thief", "merchant"]}, players=2)
    order = []
    while st.phase == Phase.TURNS:
        order.append(acting(st))
        do(st, "gold")
        do(st, "end")
    assert order == [(0, "assassin"), (1, "thief"), (0, "king"), (1, "merchant")]


def test_rule_2_3_action_first_then_one_build():
    st = position({0: "king"}, hands=[["temple", "tavern"]], gold=[5])
    assert "build" not in legal_kinds(st) and "end" not in legal_kinds(st)
    do(st, "gold")
    do(st, "build", district="temple")
    assert "build" not in legal_kinds(st)
    with pytest.raises(IllegalAction):
        do(st, "build", district="tavern")


def test_rule_2_3_draw_two_keep_one_other_to_the_bottom():
    st = position({0: "king"}, deck=["temple", "manor", "castle"])
    do(st, "draw")
    assert st.view(0)["turn"]["drawn"] == ["castle", "manor"]
    assert st.view(1)["turn"]["drawn"] is None and st.view(1)["turn"]["drawn_count"] == 2
    do(st, "keep", district="manor")
    assert hand(st, 0) == ["manor"]
    assert st.deck == [DIST_INDEX["castle"], DIST_INDEX["temple"]]


def test_rule_2_3_no_duplicate_districts():
    st = position({0: "king"}, hands=[["temple"]], cities=[["temple"]])
    do(st, "gold")
    assert "build" not in legal_kinds(st)


def test_rule_2_3_empty_deck_draws_what_is_left():
    st = position({0: "king"}, deck=["temple"])
    do(st, "draw")
    assert hand(st, 0) == ["temple"] and st.deck == []
    do(st, "end")


def test_rule_2_3_income_once_at_any_time():
    st = position({0: "king"}, cities=[["manor", "castle"]])
    do(st, "income")
    assert st.gold[0] == 4 and "income" not in legal_kinds(st)
    do(st, "gold")
    do(st, "end")
    assert st.gold[0] == 6


def test_rule_2_4_murdered_king_takes_the_crown_at_round_end():
    st = position({0: "assassin", 2: "king"}, crown=1)
    do(st, "kill", character="king")
    do(st, "gold")
    do(st, "end")
    assert st.crown == 2 and st.round == 2


def test_rule_2_4_crown_stays_without_a_king():
    st = position({0: "merchant"}, crown=3)
    do(st, "gold")
    do(st, "end")
    assert st.crown == 3 and st.round == 2


def test_rule_2_5_completing_the_city_ends_the_game_after_the_round():
    st = position({0: "king", 1: "merchant"}, cities=[EIGHT[:7]], hands=[["harbor"]], gold=[4])
    do(st, "gold")
    do(st, "build", district="harbor")
    assert st.end_triggered and st.first_complete == 0 and st.to_move()
    do(st, "end")
    do(st, "gold")
    do(st, "end")
    assert st.is_terminal()


def test_rule_2_5_short_game_ends_at_seven():
    st = position({0: "king"}, cities=[EIGHT[:6]], hands=[["harbor"]], gold=[4], short=True)
    do(st, "gold")
    do(st, "build", district="harbor")
    assert st.end_triggered


def test_rule_2_5_scoring_colours_first_and_other_complete_cities():
    five = ["manor", "temple", "tavern", "prison", "keep", "castle", "church", "market"]
    st = position({0: "thief"}, cities=[five, EIGHT, ["temple"]])
    st.first_complete = 0
    st.end_triggered = True
    do(st, "gold")
    do(st, "end")
    assert st.is_terminal()
    parts = st.view(0)["seats"]
    assert parts[0]["score"] == {"districts": 3 + 1 + 1 + 2 + 3 + 4 + 2 + 2, "colours": 3,
                                 "complete": 4, "purple": 0}
    assert parts[1]["score"]["complete"] == 2 and parts[2]["score"]["complete"] == 0
    assert st.scores()[:2] == [18 + 3 + 4, 24 + 2]
    assert st.returns() == [0.0, 1.0, 0.0, 0.0]


def test_rule_2_5_ties_broken_by_district_points_then_gold_then_shared():
    st = position({0: "thief"}, cities=[["palace"], ["castle", "temple"]], gold=[2, 2, 0, 0])
    st.end_triggered = True
    st.first_complete = 2  # give no one a complete-city bonus
    st.cities[2] = []
    do(st, "gold")
    do(st, "end")
    st.gold = [3, 3, 0, 0]
    assert st.returns() == [0.5, 0.5, 0.0, 0.0]  # 5 points each, same gold
    st.gold = [3, 4, 0, 0]
    assert st.returns() == [0.0, 1.0, 0.0, 0.0]


def test_rule_1_1_eight_players_need_a_rank_nine_character():
    with pytest.raises(UnknownOption):
        mezquita.load("citadels", players=8)
    game = mezquita.load("citadels", players=8, rank9="artist")
    assert CHAR_INDEX["artist"] in game.characters


def test_rule_1_2_options_reject_bad_character_and_district_lists():
    with pytest.raises(UnknownOption):
        mezquita.load("citadels", characters=("king",))
    with pytest.raises(UnknownOption):
        mezquita.load("citadels", characters=("witch", "witch"))
    with pytest.raises(UnknownOption):
        mezquita.load("citadels", dark_city=("keep",))
    game = mezquita.load("citadels", dark_city="museum,park", characters="witch,navigator")
    assert len(game.deck) == 68 and CHAR_INDEX["witch"] in game.characters


def test_bad_actions_change_nothing():
    st = position({0: "king"}, hands=[["temple"]])
    before = st.to_json()
    for bad in ({"do": "build", "district": "nowhere"}, {"do": "fly"}, "gold", {"do": "gold", "x": 1},
                {"do": "destroy", "seat": 9, "district": "keep"}):
        with pytest.raises(IllegalAction):
            st.apply(0, bad)
    with pytest.raises(IllegalAction):
        st.apply(1, {"do": "gold"})
    assert st.to_json() == before


def test_action_labels_in_every_language():
    game = mezquita.load("citadels")
    st = position({0: "assassin"})
    kill = next(a for a in st.legal_actions() if game.action_to_json(a)["do"] == "kill")
    labels = {lang: game.action_label(kill, lang) for lang in ("en", "es", "ca", "de")}
    assert len(set(labels.values())) == 4 and "Thief" in labels["en"]
    assert legal_json(st)[0] == game.action_to_json(st.legal_actions()[0])


def legal_kinds_of(st):
    return {st.game.action_to_json(a)["do"] for a in st.legal_actions()}


def test_resample_keeps_draft_knowledge_and_redeals_the_rest():
    st = mezquita.load("citadels", players=4, crown=0).new_state(11)
    draft_to_turns(st)
    seen = st.view(2)["draft"]["mine"]
    others = set()
    for seed in range(20):
        sample = st.resample(2, random.Random(seed))
        assert sample.view(2)["draft"]["mine"] == seen
        assert sample.held[2] == st.held[2]
        others.add(tuple(tuple(c) for c in sample.held))
        assert sorted(sample.hands[2]) == sorted(st.hands[2])
    assert len(others) > 1  # unseen characters really are redealt
    # seat 0 chose first and saw everything but the face-down card: it knows
    # which cards went after it, but not who holds which
    pools = [set(p) for s, _, p, _ in st.draft_log if s == 0]
    sample = st.resample(0, random.Random(1))
    assert sample.random_face_down == st.random_face_down and pools


def test_resample_hides_who_holds_the_murdered_character():
    st = position({0: "assassin", 1: "merchant", 2: "warlord", 3: "architect"})
    do(st, "kill", character="merchant")
    do(st, "gold")
    do(st, "end")
    assert acting(st) == (3, "architect")
    holders = {st.resample(0, random.Random(seed)).holder[CHAR_INDEX["merchant"]]
               for seed in range(30)}
    assert holders == {1, 2}  # seat 2's Warlord is not called yet: either could be the victim
