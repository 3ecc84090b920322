"""The terminal board of Citadels stays readable when piped: type symbols, abilities, the
draft showing only this round."""

from __future__ import annotations

import random

import pytest
from rich.text import Text

import mezquita
from mezquita.games.citadels.words import TYPE_SYMBOL, ability

from .scenarios import position


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


@pytest.mark.parametrize("lang", ["en", "es", "ca", "de"])
def test_every_district_shows_a_type_symbol_besides_its_colour(lang):
    st = position({0: "king"}, hands=[["temple", "market", "keep"]], cities=[["manor", "watchtower"]])
    text = _plain(st.game.render_text(st.view(0), lang))
    for symbol in (TYPE_SYMBOL["yellow"], TYPE_SYMBOL["red"], TYPE_SYMBOL["blue"],
                   TYPE_SYMBOL["green"], TYPE_SYMBOL["purple"]):
        assert symbol in text
    legend = next(line for line in text.splitlines() if TYPE_SYMBOL["purple"] + " " in line)
    assert all(symbol in legend for symbol in TYPE_SYMBOL.values())


def test_purple_districts_and_offered_characters_show_their_ability():
    st = position({0: "king"}, hands=[["keep"]], cities=[["laboratory"]])
    text = _plain(st.game.render_text(st.view(0)))
    assert "Cannot be destroyed by the Warlord" in text  # the Keep in hand
    assert "Laboratory (5): " in text  # the Laboratory in the city, with its ability
    game = mezquita.load("citadels", players=4)
    state = game.new_state(3)
    drafter = state.to_move()[0]
    offered = state.view(drafter)["draft"]["pool"]
    for lang in ("en", "de"):
        text = _plain(game.render_text(state.view(drafter), lang))
        assert offered and all(ability(key, lang) in text for key in offered)


def test_a_new_draft_clears_the_previous_rounds_calls_and_plays():
    game = mezquita.load("citadels", players=4)
    state, rng = game.new_state(5), random.Random(5)
    seen_turns = False
    while state.to_move():
        view = state.view(0)
        seen_turns |= view["phase"] == "turns"
        if seen_turns and view["phase"] == "draft":
            break
        state.apply(state.to_move()[0], rng.choice(state.legal_actions()))
    assert view["phase"] == "draft" and view["calls"], "the view still holds last round's calls"
    text = _plain(game.render_text(view))
    assert "called:" not in text and "targets:" not in text
    assert all(line.endswith("plays ?") for line in text.splitlines() if "· plays " in line)


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Player 1 draws 1 card", "Player 1 draws 2 cards"),
    ("es", "Jugador 1 roba 1 carta", "Jugador 1 roba 2 cartas"),
    ("ca", "Jugador 1 roba 1 carta", "Jugador 1 roba 2 cartes"),
    ("de", "Spieler 1 zieht 1 Karte", "Spieler 1 zieht 2 Karten")])
def test_log_lines_use_the_singular_for_one(lang, one, two):
    game = mezquita.load("citadels", players=4)
    assert game.event_text({"do": "done", "seat": 0, "count": 1, "cards": None}, lang) == one
    assert game.event_text({"do": "done", "seat": 0, "count": 2, "cards": None}, lang) == two
    took = game.event_text({"do": "gold", "seat": 0, "gold": 1}, lang)
    assert ("oros" not in took) and ("ors" not in took)


@pytest.mark.parametrize(("lang", "entry", "text"), [
    ("es", {"do": "kill", "seat": 0, "character": "queen"}, "Jugador 1 asesina a la Reina"),
    ("ca", {"do": "kill", "seat": 0, "character": "queen"}, "Jugador 1 assassina la Reina"),
    ("ca", {"do": "call", "seat": -1, "character": "architect", "status": "absent"},
     "Es crida l'Arquitecte: ningú"),
    ("ca", {"do": "pick", "seat": 0, "character": "assassin"}, "Jugador 1 tria l'Assassí"),
    ("es", {"do": "pick", "seat": 0, "character": "witch"}, "Jugador 1 elige la Bruja"),
    ("es", {"do": "pick", "seat": 0, "character": "king"}, "Jugador 1 elige el Rey")])
def test_the_article_agrees_with_the_character(lang, entry, text):
    game = mezquita.load("citadels", players=5, rank9="queen")
    assert game.event_text(entry, lang) == text
