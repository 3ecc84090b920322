"""One rules scenario per purple district (rules 4.x of docs/games/citadels.md)."""

from mezquita.games.citadels.cards import DIST_INDEX
from mezquita.games.citadels.model import Phase

from .scenarios import acting, city, do, hand, legal_json, legal_kinds, position

ALL = {"dark_city": ("all",)}
SEVEN = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral"]


def end_game_scores(st):
    st.end_triggered = True
    while st.to_move():
        do(st, "end" if "end" in legal_kinds(st) else "gold")
    return st.scores()


def test_rule_4_1_haunted_city_counts_as_missing_colour_unless_built_last_round():
    cities = [["manor", "temple", "tavern", "keep", "haunted_city"]]  # red is missing
    st = position({0: "king"}, cities=cities)
    st.haunted[0] = 0  # built in an earlier round
    assert st.view(0)["seats"][0]["score"]["colours"] == 3
    st.haunted[0] = st.round  # built in the (last) round
    assert st.view(0)["seats"][0]["score"]["colours"] == 0


def test_rule_4_2_keep_cannot_be_destroyed_or_taken():
    st = position({0: "warlord"}, cities=[[], ["keep", "temple"]], gold=[9])
    do(st, "gold")
    targets = {a["district"] for a in legal_json(st) if a["do"] == "destroy"}
    assert targets == {"temple"}


def test_rule_4_3_laboratory_discards_a_card_for_one_gold_once_per_turn():
    st = position({0: "king"}, cities=[["laboratory"]], hands=[["temple", "manor"]])
    do(st, "lab", district="temple")
    assert st.gold[0] == 3 and hand(st, 0) == ["manor"] and st.deck[0] == DIST_INDEX["temple"]
    assert "lab" not in legal_kinds(st)


def test_rule_4_4_smithy_pays_two_gold_for_three_cards():
    st = position({0: "king"}, cities=[["smithy"]], deck=["temple", "manor", "castle", "palace"])
    do(st, "smithy")
    assert st.gold[0] == 0 and hand(st, 0) == ["castle", "manor", "palace"]
    assert "smithy" not in legal_kinds(st)


def test_rule_4_5_observatory_draws_three_keeps_one():
    st = position({0: "king"}, cities=[["observatory"]], deck=["temple", "manor", "castle", "palace"])
    do(st, "draw")
    assert sorted(a["district"] for a in legal_json(st)) == ["castle", "manor", "palace"]
    do(st, "keep", district="castle")
    assert hand(st, 0) == ["castle"] and len(st.deck) == 3


def test_rule_4_8_library_keeps_both_and_with_observatory_two_of_three():
    st = position({0: "king"}, cities=[["library"]], deck=["temple", "manor", "castle"])
    do(st, "draw")
    assert hand(st, 0) == ["castle", "manor"]
    st = position({0: "king"}, cities=[["library", "observatory"]],
                  deck=["temple", "manor", "castle"])
    do(st, "draw")
    do(st, "keep", district="temple")
    do(st, "keep", district="manor")
    assert hand(st, 0) == ["manor", "temple"] and st.deck == [DIST_INDEX["castle"]]


def test_rule_4_6_graveyard_owner_may_buy_back_the_destroyed_district():
    st = position({0: "warlord"}, cities=[[], ["castle"], ["graveyard"]], gold=[5, 2, 2])
    do(st, "gold")
    do(st, "destroy", seat=1, district="castle")
    assert st.to_move() == (2,) and legal_kinds(st) == {"grave_yes", "grave_no"}
    do(st, "grave_yes")
    assert hand(st, 2) == ["castle"] and st.gold[2] == 1


def test_rule_4_7_dragon_gate_and_university_score_eight():
    st = position({0: "king"}, cities=[["dragon_gate", "university"]])
    assert st.view(0)["seats"][0]["score"]["districts"] == 16


def test_rule_4_9_great_wall_raises_destruction_cost_of_other_districts():
    st = position({0: "warlord"}, cities=[[], ["castle", "great_wall"]], gold=[2])
    do(st, "gold")  # 4 gold: castle costs 3 + 1, the wall itself 5
    targets = {a["district"] for a in legal_json(st) if a["do"] == "destroy"}
    assert targets == {"castle"}
    do(st, "destroy", seat=1, district="castle")
    assert st.gold[0] == 0


def test_rule_4_10_school_of_magic_counts_for_income():
    st = position({0: "king"}, cities=[["manor", "school_of_magic"]])
    do(st, "income")
    assert st.gold[0] == 4


def test_rule_4_11_lighthouse_takes_a_chosen_card_from_the_deck():
    st = position({0: "king"}, hands=[["lighthouse"]], gold=[3], deck=["temple", "palace"], **ALL)
    do(st, "gold")
    do(st, "build", district="lighthouse")
    assert st.view(0)["pending"]["deck"] == ["palace", "temple"]
    assert "deck" not in st.view(1)["pending"]
    do(st, "lighthouse", district="temple")
    assert hand(st, 0) == ["temple"] and st.deck == [DIST_INDEX["palace"]]


def test_rule_4_12_armory_destroys_itself_and_any_district_even_in_complete_city():
    full = [*SEVEN, "tavern"]
    st = position({0: "king"}, cities=[["armory"], full], **ALL)
    do(st, "armory", seat=1, district="palace")
    assert "armory" not in city(st, 0) and "palace" not in city(st, 1)


def test_rule_4_13_museum_stores_cards_for_points():
    st = position({0: "king"}, cities=[["museum"]], hands=[["temple", "manor"]], **ALL)
    do(st, "museum", district="temple")
    assert "museum" not in legal_kinds(st)
    assert st.view(0)["museum"] == ["temple"] and st.view(1)["museum"] == []
    assert st.view(1)["seats"][0]["museum_size"] == 1
    assert st.view(0)["seats"][0]["score"]["purple"] == 1


def test_rule_4_14_imperial_treasury_map_room_wishing_well_bonuses():
    st = position({0: "king"}, cities=[["imperial_treasury", "map_room", "wishing_well"]],
                  hands=[["temple", "manor"]], gold=[5], **ALL)
    assert st.view(0)["seats"][0]["score"]["purple"] == 5 + 2 + 2


def test_rule_4_15_quarry_allows_one_duplicate():
    st = position({0: "architect"}, cities=[["quarry", "temple", "manor"]],
                  hands=[["temple", "manor"]], gold=[9], deck=[], **ALL)
    do(st, "gold")
    do(st, "build", district="temple")
    assert "build" not in legal_kinds(st)  # only one duplicate at a time


def test_rule_4_16_poor_house_gives_one_gold_to_a_penniless_player():
    st = position({0: "king"}, cities=[["poor_house"]], hands=[["castle"]], gold=[2], **ALL)
    do(st, "gold")
    do(st, "build", district="castle")
    do(st, "end")
    assert st.gold[0] == 1  # 0 after building, then noble income 1: no Poor House gold
    st = position({0: "thief"}, cities=[["poor_house"]], hands=[["castle"]], gold=[2], **ALL)
    do(st, "gold")
    do(st, "build", district="castle")
    do(st, "end")
    assert st.gold[0] == 1


def test_rule_4_17_bell_tower_may_end_the_game_at_seven():
    st = position({0: "king"}, cities=[SEVEN[:6]], hands=[["bell_tower"]], gold=[3], **ALL)
    do(st, "gold")
    do(st, "build", district="bell_tower")
    assert legal_kinds(st) == {"bell_yes", "bell_no"}
    do(st, "bell_yes")
    assert st.end_triggered and st.first_complete == 0 and st.view(1)["threshold"] == 7


def test_rule_4_18_factory_lowers_other_purple_costs():
    st = position({0: "king"}, cities=[["factory"]], hands=[["keep"]], gold=[0], **ALL)
    do(st, "gold")
    do(st, "build", district="keep")
    assert st.gold[0] == 0


def test_rule_4_19_park_draws_two_with_an_empty_hand():
    st = position({0: "thief"}, cities=[["park"]], deck=["temple", "manor"], **ALL)
    do(st, "gold")
    do(st, "end")
    assert hand(st, 0) == ["manor", "temple"]


def test_rule_4_20_hospital_murdered_owner_still_takes_the_action():
    st = position({0: "assassin", 1: "merchant"}, cities=[[], ["hospital", "tavern"]], **ALL)
    do(st, "kill", character="merchant")
    do(st, "gold")
    do(st, "end")
    assert acting(st) == (1, "merchant")
    assert legal_kinds(st) == {"gold", "draw"}
    do(st, "gold")
    assert st.gold[1] == 4  # no +1, no income: only the action


def test_rule_4_21_throne_room_pays_when_the_crown_moves():
    st = position({2: "king"}, cities=[["throne_room"]], crown=1, **ALL)
    assert st.crown == 2 and st.gold[0] == 3


def test_rule_4_22_ball_room_called_player_must_thank_or_lose_the_turn():
    st = position({1: "merchant", 2: "king"}, cities=[["ball_room"]], crown=0, **ALL)
    assert acting(st) == (2, "king")
    assert "thank" in legal_kinds(st)
    do(st, "thank")
    assert "thank" not in legal_kinds(st)
    do(st, "gold")
    do(st, "end")  # the King now holds the Crown: no more thanks due
    assert acting(st) == (1, "merchant") and "thank" not in legal_kinds(st)
    st = position({1: "merchant"}, cities=[["ball_room"]], crown=0, **ALL)
    do(st, "gold")  # forgot to thank
    assert st.gold[1] == 2 and st.phase == Phase.DRAFT


def test_rule_4_17_bell_tower_destroyed_restores_eight_but_the_end_stays_triggered():
    st = position({0: "king", 1: "merchant"}, cities=[SEVEN[:6], ["armory"]],
                  hands=[["bell_tower"]], gold=[3, 9], **ALL)
    do(st, "gold")
    do(st, "build", district="bell_tower")
    do(st, "bell_yes")
    do(st, "end")
    do(st, "gold")
    do(st, "armory", seat=0, district="bell_tower")
    assert st.view(0)["threshold"] == 8 and st.end_triggered
    do(st, "end")
    assert st.is_terminal()
