"""Card sets: the shipped reconstruction, loading from a path, and validation errors."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

import mezquita
from mezquita.engine import Record, UnknownOption
from mezquita.games.cortica.cards import DATA, CardSetError, load_card_set, parse_card_set

DOCS = Path(__file__).parents[3] / "docs" / "games" / "cortica.md"
SHIPPED = json.loads((DATA / "reconstruction-v1.json").read_text(encoding="utf-8"))


def test_default_set_is_the_reconstruction_and_says_so():
    game = mezquita.load("cortica")
    assert game.options["cards"] == "reconstruction-v1"
    assert game.cards.reconstruction is True
    assert "reconstruction" in game.info.reconstruction
    assert "reconstruction" in game.info.options[0].help
    assert [c.key for c in game.cards.actions] == ["plant", "strip", "process", "hire", "market"]
    assert [c.spaces for c in game.cards.actions] == [2, 2, 1, 1, 1]


def test_untuned_set_is_the_first_reconstruction_table():
    cards = load_card_set("reconstruction-v1-untuned")
    assert cards.actions[0].options[0].gain == (1, 0, 0)
    strip = cards.actions[1].options[0]
    assert (strip.gain, strip.if_have, strip.instead_gain) == ((0, 1, 0), (4, 0, 0), (0, 2, 0))
    assert [o.special for o in cards.actions[4].options] == [None, None, "flip_plan"]
    insulation = cards.plans[2]
    assert insulation.sides[0].pay == (2, 1, 0) and insulation.sides[0].gain == (0, 1, 1)
    assert insulation.sides[1].pay == (0, 4, 0) and insulation.sides[1].gain == (0, 0, 3)


def test_default_set_differs_from_the_first_table_only_by_the_tuned_numbers():
    tuned, first = load_card_set("reconstruction-v1"), load_card_set("reconstruction-v1-untuned")
    assert tuned.actions[0].options[0].gain == (2, 0, 0)  # Plant: 2 oak trees
    assert tuned.actions[1].options[0].if_have == (7, 0, 0)  # Strip bonus at 7+ oak trees
    assert tuned.actions[2:] == first.actions[2:] and tuned.plans == first.plans


def test_documented_example_is_a_valid_card_set():
    example = re.search(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S).group(1)
    cards = parse_card_set(json.loads(example), source="docs example")
    first = load_card_set("reconstruction-v1-untuned")
    assert [(a.spaces, a.options) for a in cards.actions] == \
        [(a.spaces, a.options) for a in first.actions]
    assert [p.sides for p in cards.plans] == [p.sides for p in first.plans]


def test_card_set_loads_from_a_path_and_replays(tmp_path):
    data = copy.deepcopy(SHIPPED)
    data["name"] = "printed"
    data["reconstruction"] = False
    data["plans"][0]["sides"][0]["gain"] = {"cork": 2}
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(data))
    game = mezquita.load("cortica", cards=str(path))
    assert game.cards.name == "printed" and game.cards.plans[0].sides[0].gain == (0, 0, 2)
    state = game.new_state(3)
    while not state.is_terminal():
        state.apply(state.to_move()[0], state.legal_actions()[-1])
    assert Record.of(state).replay().to_json() == state.to_json()


def _broken(change) -> dict:
    data = copy.deepcopy(SHIPPED)
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "at format"),
    (lambda d: d["actions"].pop(), "at actions: must be a list of 5"),
    (lambda d: d["plans"].append(d["plans"][0]), "at plans: must be a list of 3"),
    (lambda d: d["actions"][0].update(spaces=3), "actions[0].spaces"),
    (lambda d: d["actions"][1]["options"][0]["gain"].update(wood=1), "unknown field 'wood'"),
    (lambda d: d["actions"][0]["options"][0]["gain"].update(tree=9), "actions[0].options[0].gain.tree"),
    (lambda d: d["actions"][2]["options"][0].update(special="steal"), "options[0].special"),
    (lambda d: d["plans"][1]["sides"][0].update(instead={}), "unknown field 'instead'"),
    (lambda d: d["plans"][1].update(key="stoppers"), "keys must be distinct"),
    (lambda d: d["actions"][0]["name"].pop("en"), "missing field 'en'"),
])
def test_invalid_card_sets_name_the_faulty_entry(change, message):
    with pytest.raises(CardSetError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_card_set(_broken(change), source="test")


def test_missing_or_malformed_files_give_clear_errors(tmp_path):
    with pytest.raises(UnknownOption, match="no card set"):
        mezquita.load("cortica", cards=str(tmp_path / "nope.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CardSetError, match="not valid JSON"):
        mezquita.load("cortica", cards=str(bad))
