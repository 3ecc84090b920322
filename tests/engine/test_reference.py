"""`Game.reference`: every game's pieces and basic rules in four languages, in one shape,
from the game's own data and for the configured game."""

from __future__ import annotations

import json
import re

import pytest

from mezquita.engine import LANGS, load
from mezquita.engine.registry import game_ids
from mezquita.games.citadels.cards import (
    CHAR_KEYS,
    CHAR_NAMES,
    DARK_DISTRICTS,
    DIST_KEYS,
    DIST_NAMES,
    NUM_DISTRICTS,
)
from mezquita.games.cortica.cards import load_card_set, shipped_sets
from mezquita.games.cortica.words import effect_text

SECTION_KEYS = {"key", "title", "note", "entries"}
ENTRY_KEYS = {"key", "name", "text", "facts", "in_play"}
PLACEHOLDER = re.compile(r"\{\w*\}")


def _words(reference: list) -> list[str]:
    """Every text a page shows of a reference."""
    out = []
    for section in reference:
        out += [section["title"], *([section["note"]] if section["note"] else [])]
        for item in section["entries"]:
            out += [item["name"], item["text"], *item["facts"]]
    return out


def _entries(reference: list, section_key: str) -> list[dict]:
    return next(s for s in reference if s["key"] == section_key)["entries"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", game_ids())
def test_every_reference_has_one_shape_and_filled_texts(game_id, lang):
    reference = load(game_id).reference(lang)
    assert reference and json.loads(json.dumps(reference)) == reference
    for section in reference:
        assert set(section) == SECTION_KEYS and section["entries"], section["key"]
        keys = [item["key"] for item in section["entries"]]
        assert len(set(keys)) == len(keys), section["key"]
        for item in section["entries"]:
            assert set(item) == ENTRY_KEYS and isinstance(item["in_play"], bool)
            assert all(isinstance(fact, str) for fact in item["facts"])
    for text in _words(reference):
        assert isinstance(text, str) and text.strip()
        assert not PLACEHOLDER.search(text), text


@pytest.mark.parametrize("game_id", game_ids())
def test_every_language_words_the_reference_in_its_own_words(game_id):
    game = load(game_id)
    english = _words(game.reference("en"))
    for lang in LANGS[1:]:
        other = _words(game.reference(lang))
        assert len(other) == len(english)
        assert other != english, lang


def test_citadels_lists_every_character_and_district_its_own_first_and_marks_them():
    game = load("citadels", players=5, characters=("witch", "navigator"), dark_city=("museum",))
    reference = game.reference("de")
    characters, districts = _entries(reference, "characters"), _entries(reference, "districts")
    assert sorted(item["key"] for item in characters) == sorted(CHAR_KEYS)
    assert [item["key"] for item in districts] == list(DIST_KEYS)
    chosen = [CHAR_KEYS[c] for c in game.characters]
    assert [item["key"] for item in characters[:len(chosen)]] == chosen
    assert [item["in_play"] for item in characters] == [True] * len(chosen) + [False] * (18 - len(chosen))
    in_play = {item["key"] for item in districts if item["in_play"]}
    assert "museum" in in_play and not in_play & {DIST_KEYS[d] for d in DARK_DISTRICTS} - {"museum"}
    assert {DIST_KEYS[d] for d in range(NUM_DISTRICTS) if d not in DARK_DISTRICTS} <= in_play
    by_key = {item["key"]: item for item in characters + districts}
    assert by_key["witch"]["name"] == CHAR_NAMES[CHAR_KEYS.index("witch")]["de"]
    assert by_key["museum"]["name"] == DIST_NAMES[DIST_KEYS.index("museum")]["de"]


def test_citadels_words_characters_and_districts_in_each_language_of_the_data():
    english = {item["key"]: item for section in load("citadels").reference("en")
               for item in section["entries"]}
    for lang in LANGS[1:]:
        for section in load("citadels").reference(lang):
            for item in section["entries"]:
                names = (CHAR_NAMES[CHAR_KEYS.index(item["key"])] if section["key"] == "characters"
                         else DIST_NAMES[DIST_KEYS.index(item["key"])])
                assert item["name"] == names[lang]
                if names[lang] != names["en"]:
                    assert item["name"] != english[item["key"]]["name"]
                assert item["text"] != english[item["key"]]["text"], (lang, item["key"])


@pytest.mark.parametrize("card_set", shipped_sets())
@pytest.mark.parametrize("lang", LANGS)
def test_cortica_lists_every_card_side_of_the_chosen_set(card_set, lang):
    cards = load_card_set(card_set)
    reference = load("cortica", cards=card_set).reference(lang)
    texts = _words(reference)
    for card in cards.actions:
        action = next(item for item in _entries(reference, "actions") if item["key"] == card.key)
        assert all(effect_text(effect, lang) in action["text"] for effect in card.options)
    for plan in cards.plans:
        for effect in plan.sides:
            assert effect_text(effect, lang) in texts
    assert all(section["note"] for section in reference) == cards.reconstruction


def test_cortica_follows_the_chosen_card_set():
    tuned, untuned = (load("cortica", cards=name).reference("en")
                      for name in ("reconstruction-v1", "reconstruction-v1-untuned"))
    assert tuned != untuned


def test_cordoba_lists_only_the_landmarks_in_play():
    values = [item["key"] for item in _entries(load("cordoba", landmarks=5).reference("es"), "landmarks")]
    assert values == ["3", "4", "5", "6", "7"]


def test_wittig_lists_the_stones_of_the_chosen_board():
    for board in ("standard", "small"):
        game = load("cordoba-wittig", board=board)
        stones = _entries(game.reference("ca"), "stones")
        assert [item["key"] for item in stones] == [stone.label for stone in game.board.stones]
