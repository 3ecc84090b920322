"""The browser renderers hold no game knowledge: what a rule decides (a price, an effect's words,
a rule constant, which decision an action is) reaches them from the engine, and they share one
set of text helpers."""

from __future__ import annotations

import re

import pytest

from mezquita.engine import load
from mezquita.engine.registry import game_ids
from mezquita.web import STATIC

RENDERERS = STATIC / "js" / "renderers"
#: renderers that still find an action by its decision kind (``action.do``) instead of its
#: hint; a renderer ported to hints leaves this set (the test below fails until it does)
STILL_BY_KIND = {"cortica", "europa"}


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
    reads_kind = re.search(r"\.do\b", _source(game_id)) is not None
    assert reads_kind == (game_id in STILL_BY_KIND)


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


def test_the_citadels_renderer_knows_no_character_power():
    """Which character names which target (the Assassin's victim...) is the engine's to say
    (``my_targets`` of the view): the renderer names no character by its key."""
    source = _source("citadels")
    assert not [key for key in ("assassin", "thief", "witch") if f'"{key}"' in source]
