"""One rules scenario per character (rules 3.x of docs/games/citadels.md)."""

import pytest

import mezquita
from mezquita.engine import IllegalAction
from mezquita.games.citadels.cards import DIST_INDEX
from mezquita.games.citadels.model import Phase

from .scenarios import acting, city, do, hand, legal_json, legal_kinds, position

DARK = ("witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator",
        "diplomat")


def test_rule_3_1_assassin_murdered_character_loses_whole_turn():
    st = position({0: "assassin", 1: "merchant", 2: "king"}, gold=[2, 2, 2, 2])
    assert acting(st) == (0, "assassin")
    assert {"character": "assassin", "do": "kill"} not in legal_json(st)
    do(st, "kill", character="merchant")
    assert st.view(1)["murdered"] == st.view(None)["murdered"] == "merchant"  # announced
    do(st, "gold")
    do(st, "end")
    assert acting(st) == (2, "king")
    do(st, "gold")
    do(st, "end")
    assert st.phase == Phase.DRAFT and st.round == 2  # the Merchant's turn was skipped
    assert st.gold[1] == 2


def test_rule_3_2_thief_takes_all_gold_when_victim_revealed():
    st = position({0: "thief", 1: "merchant"}, gold=[2, 5, 2, 2])
    named = {a["character"] for a in legal_json(st) if a["do"] == "rob"}
    assert "assassin" not in named and "thief" not in named and "merchant" in named
    do(st, "rob", character="merchant")
    do(st, "gold")
    do(st, "end")
    assert acting(st) == (1, "merchant")
    assert st.gold == [9, 0, 2, 2]  # robbed at the start of the Merchant's turn


def test_rule_3_3_magician_exchanges_hands():
    st = position({0: "magician"}, hands=[["temple"], ["castle", "palace"], [], []])
    do(st, "swap", seat=1)
    assert hand(st, 0) == ["castle", "palace"] and hand(st, 1) == ["temple"]
    assert "swap" not in legal_kinds(st)  # the power is used once


def test_rule_3_3_magician_discards_then_draws_as_many():
    st = position({0: "magician"}, hands=[["temple", "manor", "castle"], [], [], []],
                  deck=["fortress", "prison", "tavern"])
    do(st, "discard", district="temple")
    assert legal_kinds(st) == {"discard", "done"}
    do(st, "discard", district="manor")
    do(st, "done")
    assert hand(st, 0) == ["castle", "prison", "tavern"]
    assert st.deck == [DIST_INDEX["manor"], DIST_INDEX["temple"], DIST_INDEX["fortress"]]


def test_rule_3_4_king_takes_crown_and_noble_income():
    st = position({2: "king"}, cities=[[], [], ["manor", "castle", "temple"], []], crown=0)
    assert st.crown == 2  # taken when revealed
    do(st, "income")
    assert st.gold[2] == 4


def test_rule_3_5_bishop_protects_city_from_warlord_unless_murdered():
    cities = [["temple"], ["tavern"], [], []]
    st = position({0: "bishop", 1: "warlord"}, cities=cities, gold=[2, 9, 2, 2])
    do(st, "gold")
    do(st, "end")
    do(st, "gold")
    targets = {a["seat"] for a in legal_json(st) if a["do"] == "destroy"}
    assert 0 not in targets and 1 in targets
    st = position({0: "bishop", 1: "warlord", 2: "assassin"}, cities=cities, gold=[2, 9, 2, 2])
    do(st, "kill", character="bishop")
    do(st, "gold")
    do(st, "end")
    do(st, "gold")
    assert 0 in {a["seat"] for a in legal_json(st) if a["do"] == "destroy"}


def test_rule_3_6_merchant_gets_one_more_gold_and_trade_income():
    st = position({1: "merchant"}, cities=[[], ["tavern", "market"], [], []])
    do(st, "gold")
    assert st.gold[1] == 5
    do(st, "end")  # income not taken is collected at the end
    assert st.gold[1] == 7


def test_rule_3_7_architect_draws_two_more_and_builds_three():
    st = position({0: "architect"}, hands=[["temple", "tavern", "prison"], [], [], []],
                  gold=[8, 2, 2, 2], deck=["manor", "castle"])
    do(st, "gold")
    assert hand(st, 0) == ["castle", "manor", "prison", "tavern", "temple"]
    for key in ("temple", "tavern", "prison"):
        do(st, "build", district=key)
    assert "build" not in legal_kinds(st)
    assert len(st.cities[0]) == 3


def test_rule_3_8_warlord_destroys_for_cost_minus_one_then_turn_ends():
    st = position({0: "warlord", 2: "queen"}, cities=[["watchtower"], ["castle", "keep"], [], []],
                  gold=[2, 2, 2, 2], players=5, rank9="queen")
    do(st, "gold")
    legal = legal_json(st)
    assert {"do": "destroy", "seat": 1, "district": "castle"} in legal
    assert {"do": "destroy", "seat": 1, "district": "keep"} not in legal  # the Keep
    assert {"do": "destroy", "seat": 0, "district": "watchtower"} in legal  # own city
    do(st, "destroy", seat=1, district="castle")
    assert st.gold[0] == 2 + 2 - 3 + 1  # paid 3, red income 1 at the end of the turn
    assert city(st, 1) == ["keep"] and st.deck[0] == DIST_INDEX["castle"]  # deck bottom
    assert acting(st) == (2, "queen")  # destroying ends the Warlord's turn


def test_rule_3_8_warlord_cannot_touch_a_complete_city():
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern"]
    st = position({0: "warlord"}, cities=[[], full, [], []], gold=[20, 2, 2, 2])
    do(st, "gold")
    assert "destroy" not in legal_kinds(st)


def test_rule_3_9_witch_bewitches_and_plays_the_victims_turn_in_her_city():
    st = position({0: "witch", 1: "merchant"}, cities=[["tavern", "market"], ["docks"], [], []],
                  characters=("witch",))
    do(st, "gold")
    assert legal_kinds(st) == {"bewitch"}  # mandatory, right after the action
    do(st, "bewitch", character="merchant")
    assert acting(st) == (1, "merchant")  # the victim only takes an action
    assert legal_kinds(st) == {"gold", "draw"}
    do(st, "gold")
    assert acting(st) == (0, "merchant") and st.view(0)["turn"]["witch_resumed"]
    assert st.gold[0] == 4 + 1  # the Merchant's extra gold goes to the Witch
    do(st, "end")
    assert st.gold[0] == 7 and st.gold[1] == 4  # green income from the Witch's city


def test_rule_3_10_tax_collector_collects_from_builders():
    st = position({0: "tax_collector", 1: "king"}, hands=[[], ["temple"], [], []],
                  characters=("tax_collector",))
    do(st, "gold")
    do(st, "end")
    do(st, "gold")
    do(st, "build", district="temple")
    do(st, "end")
    assert st.gold == [4 + 1, 2 + 2 - 1 - 1, 2, 2]


def test_rule_3_10_tax_collector_claims_from_assassin_who_built_earlier():
    st = position({0: "assassin", 1: "tax_collector"}, hands=[["temple"], [], [], []],
                  characters=("tax_collector",))
    do(st, "gold")
    do(st, "build", district="temple")
    do(st, "end")
    assert st.gold[:2] == [2, 3]  # paid when the Tax Collector was revealed


def test_rule_3_11_wizard_takes_a_card_and_builds_it_beyond_the_limit():
    st = position({0: "wizard"}, hands=[["temple"], ["castle", "manor"], [], []],
                  cities=[["castle"], [], [], []], gold=[9, 2, 2, 2], characters=("wizard",))
    do(st, "look", seat=1)
    assert st.view(0)["pending"]["hand"] == ["castle", "manor"]
    assert "hand" not in st.view(2)["pending"]
    do(st, "take", district="castle")
    do(st, "wiz_build")  # a duplicate is allowed on the Wizard's turn
    do(st, "gold")
    do(st, "build", district="temple")  # the normal build is still available
    assert sorted(city(st, 0)) == ["castle", "castle", "temple"]
    assert hand(st, 1) == ["manor"]


def test_rule_3_12_emperor_gives_crown_and_is_paid():
    st = position({1: "emperor"}, hands=[[], [], ["temple"], []], gold=[2, 2, 0, 2],
                  crown=0, characters=("emperor",))
    seats = {a["seat"] for a in legal_json(st)}
    assert seats == {2, 3}  # never himself, nor back to the holder
    do(st, "crown", seat=2)
    assert st.crown == 2
    assert st.to_move() == (2,) and legal_kinds(st) == {"pay_card"}
    do(st, "pay_card", district="temple")
    assert hand(st, 1) == ["temple"] and acting(st) == (1, "emperor")


def test_rule_3_13_abbot_receives_one_gold_from_the_single_richest():
    st = position({0: "abbot"}, gold=[2, 6, 3, 3], characters=("abbot",))
    assert st.gold == [3, 5, 3, 3]
    st = position({0: "abbot"}, gold=[2, 6, 6, 3], characters=("abbot",))
    assert st.gold == [2, 6, 6, 3]  # a tie for richest: nothing


def test_rule_3_14_alchemist_recovers_gold_spent_building():
    st = position({0: "alchemist"}, hands=[["palace"], [], [], []], gold=[3, 2, 2, 2],
                  characters=("alchemist",))
    do(st, "gold")
    do(st, "build", district="palace")
    assert st.gold[0] == 0
    do(st, "end")
    assert st.gold[0] == 5


def test_rule_3_15_navigator_takes_four_and_cannot_build():
    st = position({0: "navigator"}, hands=[["temple"], [], [], []], characters=("navigator",))
    do(st, "gold")
    assert legal_kinds(st) == {"nav_gold", "nav_cards"}
    do(st, "nav_gold")
    assert st.gold[0] == 8 and "build" not in legal_kinds(st)


def test_rule_3_16_diplomat_exchanges_paying_the_difference():
    st = position({0: "diplomat"}, cities=[["temple"], ["palace", "keep"], [], []],
                  gold=[2, 2, 2, 2], characters=("diplomat",))
    do(st, "gold")
    do(st, "give", district="temple")
    legal = legal_json(st)
    assert {"do": "exchange", "seat": 1, "district": "keep"} not in legal
    do(st, "exchange", seat=1, district="palace")
    assert city(st, 0) == ["palace"] and sorted(city(st, 1)) == ["keep", "temple"]
    assert st.gold[:2] == [0, 6]


def test_rule_3_17_queen_paid_next_to_rank_four():
    st = position({0: "king", 1: "queen"}, players=5, rank9="queen")
    do(st, "gold")
    do(st, "end")
    assert acting(st) == (1, "queen") and st.gold[1] == 5
    st = position({0: "king", 2: "queen"}, players=5, rank9="queen")
    do(st, "gold")
    do(st, "end")
    assert st.gold[2] == 2


def test_rule_3_17_queen_needs_five_players():
    with pytest.raises(Exception, match="at least 5"):
        position({0: "king"}, players=4, rank9="queen")


def test_rule_3_18_artist_beautifies_for_a_point_and_a_dearer_destruction():
    st = position({0: "warlord", 1: "artist"}, cities=[[], ["castle", "temple"], [], []],
                  gold=[3, 3, 2, 2], rank9="artist")
    do(st, "gold")
    do(st, "end")
    do(st, "beautify", district="castle")
    do(st, "beautify", district="temple")
    assert "beautify" not in legal_kinds(st)  # one or two districts
    assert st.view(1)["seats"][1]["score"]["districts"] == 4 + 1 + 2
    assert st.gold[1] == 1
    with pytest.raises(IllegalAction):
        do(st, "beautify", district="castle")


def test_rule_3_12_emperor_murdered_still_passes_the_crown_unpaid_at_round_end():
    st = position({0: "assassin", 1: "emperor"}, crown=0, gold=[2, 2, 5, 2],
                  characters=("emperor",))
    do(st, "kill", character="emperor")
    do(st, "gold")
    do(st, "end")
    assert st.rank == 10 and st.to_move() == (1,)
    do(st, "crown", seat=2)
    assert st.crown == 2 and st.gold[2] == 5 and st.round == 2


def test_rule_3_9_witch_does_not_resume_if_the_bewitched_is_absent():
    st = position({0: "witch", 1: "king"}, characters=("witch",))
    do(st, "gold")
    do(st, "bewitch", character="merchant")  # nobody holds the Merchant
    assert st.view(1)["bewitched"] == "merchant"  # announced
    do(st, "gold")
    do(st, "end")
    assert st.phase == Phase.DRAFT and st.gold[0] == 4  # the round ended without her second turn


def test_rule_3_2_thief_may_not_name_the_murdered_character():
    """The reproduction of the old bug: 4 players, seed 2, picks assassin / thief / merchant /
    king; seat 0 kills the Merchant, takes gold and ends: the Thief is not offered the
    Merchant, nor the Assassin, and the murder is public in every view and log."""
    st = mezquita.load("citadels", players=4, crown=0).new_state(2)
    for key in ("assassin", "thief", "merchant", "king"):
        do(st, "pick", character=key)
    do(st, "kill", character="merchant")
    do(st, "gold")
    do(st, "end")
    assert acting(st) == (1, "thief")
    named = {a["character"] for a in legal_json(st) if a["do"] == "rob"}
    assert "merchant" not in named and "assassin" not in named and "king" in named
    with pytest.raises(IllegalAction):
        do(st, "rob", character="merchant")
    for viewer in (None, 1, 2, 3):
        assert st.view(viewer)["murdered"] == "merchant"
        kill = next(e for e in st.log(viewer) if e["do"] == "kill")
        assert kill["character"] == "merchant"
        assert st.game.event_text(kill, "en", ["Anna", "Bruno", "Carla", "Dora"]) == (
            "Anna murders the Merchant")


def test_rule_3_2_thief_may_not_name_the_witch_or_the_bewitched_character():
    st = position({0: "witch", 1: "thief", 2: "merchant"}, characters=("witch",))
    do(st, "gold")
    do(st, "bewitch", character="merchant")
    assert acting(st) == (1, "thief")
    named = {a["character"] for a in legal_json(st) if a["do"] == "rob"}
    assert "merchant" not in named and "witch" not in named and "king" in named


def test_rule_3_16_diplomat_respects_great_wall_complete_cities_and_bishop():
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern"]
    st = position({0: "diplomat", 3: "bishop"},
                  cities=[["watchtower"], ["castle", "great_wall"], full, ["prison"]],
                  gold=[2, 2, 2, 2], characters=("diplomat",))
    do(st, "gold")
    do(st, "end")
    do(st, "gold")
    do(st, "give", district="watchtower")
    taken = {(a["seat"], a["district"]) for a in legal_json(st)}
    assert taken == {(1, "castle")}  # 4 + 1 (wall) - 1 = 4 gold; the wall itself costs 6 - 1
    do(st, "exchange", seat=1, district="castle")
    assert st.gold[0] == 0
