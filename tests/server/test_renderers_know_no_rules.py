"""The browser renderers hold no game knowledge: what a rule decides (a price, an effect's words,
a rule constant, which decision an action is) reaches them from the engine, and they share one
set of text helpers."""

from __future__ import annotations

import json
import random
import re

import pytest

from mezquita.engine import load
from mezquita.engine.registry import game_ids
from mezquita.web import STATIC

RENDERERS = STATIC / "js" / "renderers"


def _source(game_id: str) -> str:
    return (RENDERERS / f"{game_id}.js").read_text(encoding="utf-8")


def _renderers() -> list[str]:
    return [g for g in game_ids() if (RENDERERS / f"{g}.js").is_file()]


def test_text_helpers_are_defined_once_in_common_js():
    own = re.compile(r"^\s*(?:const|let|function)\s+(local|fill|pick|plural|pluralForms)\b", re.M)
    for path in RENDERERS.glob("*.js"):
        if path.name != "common.js":
            assert not own.findall(path.read_text(encoding="utf-8")), path.name


@pytest.mark.parametrize("game_id", _renderers())
def test_a_renderer_finds_actions_by_their_hint_not_their_decision_kind(game_id):
    assert not re.search(r"\.do\b|\[\"do\"\]", _source(game_id))


@pytest.mark.parametrize("game_id", _renderers())
def test_a_renderer_computes_no_price(game_id):
    """A price (a destroy's gold, the conversion a plan move makes) reaches the page as the
    legal action's ``cost``: no renderer declares a function that works one out (``planCost``,
    ``costOf``, ``priceFor``...)."""
    declared = re.findall(r"(?:function\s+|(?:const|let)\s+)(\w*(?:Cost|Price)\w*|(?:cost|price)[A-Z]\w*)\b",
                          _source(game_id))
    assert not declared


@pytest.mark.parametrize("game_id", _renderers())
def test_a_renderer_repeats_no_rule_constant_of_its_page_data(game_id):
    numbers = {v for v in load(game_id).page_data().values()
               if isinstance(v, int) and not isinstance(v, bool)}
    declared = {int(n) for n in re.findall(r"^const [A-Z_]+ = (\d+);", _source(game_id), re.M)}
    assert not numbers & declared


@pytest.mark.parametrize("game_id", _renderers())
def test_a_renderer_words_no_effect(game_id):
    """Effects come worded in the page data: no renderer reads a game text's templates."""
    assert not re.search(r"\w\.effects\b", _source(game_id))


def test_the_page_data_carries_cortica_constants_and_worded_effects():
    game = load("cortica")
    data = game.page_data("es")
    assert (data["max"], data["goal"]) == (7, 6)
    assert len(data["actions"]) == 5 and len(data["plans"]) == 3
    assert data["plans"][0]["name"] == game.plan_name(game.cards.plans[0].key, "es")
    assert all(isinstance(t, str) and t for c in data["actions"] for t in c["options"])


def test_legal_actions_carry_their_hint_and_a_destroy_its_price():
    from tests.games.citadels.scenarios import do, position

    st = position({0: "warlord", 2: "queen"}, cities=[["watchtower"], ["castle", "keep"], [], []],
                  gold=[2, 2, 2, 2], players=5, rank9="queen")
    do(st, "gold")
    legal = {(a["action"]["do"], a["action"].get("district")): a for a in st.legal_actions_json(0)}
    castle = legal[("destroy", "castle")]
    assert castle["hint"] == {"element": "city", "key": "castle", "seat": 1}
    assert castle["cost"] == 3
    assert ("destroy", "keep") not in legal  # the Keep cannot be destroyed
    assert "cost" not in legal[("end", None)] and "hint" not in legal[("end", None)]


def _distinct(hints: list[dict]) -> bool:
    return len({json.dumps(h, sort_keys=True) for h in hints}) == len(hints)


@pytest.mark.parametrize("game_id", _renderers())
def test_no_two_legal_actions_point_at_the_same_element(game_id):
    """A page tells every legal action apart by its hint alone, over random games."""
    game = load(game_id)
    for seed in range(3):
        state, rng = game.new_state(seed), random.Random(seed)
        while movers := state.to_move():
            for seat in movers:
                assert _distinct([a["hint"] for a in state.legal_actions_json(seat) if "hint" in a])
            state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))


def test_cortica_actions_point_at_a_card_its_space_or_option_or_a_plans_control():
    from tests.games.cortica.test_rules import BLUE, _process_with_intern, place, scenario

    state = scenario()
    hints = [a["hint"] for a in state.legal_actions_json(BLUE)]
    assert {"element": "card", "key": "plant", "space": 1} in hints
    place(state, ("process", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    assert {"element": "card", "key": "plant", "option": 0} in [
        a.get("hint") for a in state.legal_actions_json(state.to_move()[0])]
    state = _process_with_intern(blue=(3, 4, 0))
    legal = {a["action"]["do"]: a for a in state.legal_actions_json(BLUE, "de")
             if a["action"].get("plan") == "stoppers"}
    assert legal["double_plan"]["hint"] == {"element": "plan", "key": "stoppers", "control": "double"}
    assert legal["double_plan"]["cost"].startswith("zweimal ")  # the price, worded by the engine


def test_europa_actions_point_at_a_display_cards_control_the_map_or_done():
    game = load("europa", players=3)
    state = game.new_state(1)
    chooser = state.to_move()[0]
    hints = [a["hint"] for a in state.legal_actions_json(chooser)]
    assert {"element": "display", "key": 0, "control": "take"} in hints
    assert {"element": "display", "key": 0, "control": "swap"} in hints
    while state.to_move() and state.phase != "tip":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_move()[0]
    assert {a["hint"]["element"] for a in state.legal_actions_json(seat)} == {"map"}
    state.apply(seat, state.legal_actions(seat)[0])
    assert {"element": "done", "key": None} in [a["hint"] for a in state.legal_actions_json(seat)]


def test_the_citadels_renderer_knows_no_character_power():
    """Which character names which target (the Assassin's victim...) is the engine's to say
    (``my_targets`` of the view): the renderer names no character by its key."""
    source = _source("citadels")
    assert not [key for key in ("assassin", "thief", "witch") if f'"{key}"' in source]
