"""Citadels' hint reasons (`games/citadels/hints.py`): a character drafted is denied to those
who pick after, a build that completes the city ends the game; nothing else is explained."""

from __future__ import annotations

import random

import pytest

import mezquita
from mezquita.engine import LANGS


def reasons(state, lang: str = "en") -> dict[str, str | None]:
    game, seat = state.game, state.to_move()[0]
    view = state.view(seat)
    return {game.action_label(a): game.hint_reason(game, view, a, lang) for a in state.legal_actions(seat)}


def test_the_first_pick_of_four_players_denies_the_character_to_three():
    state = mezquita.load("citadels", players=4).new_state(0)
    found = reasons(state)
    assert found and all(r.startswith("denies the ") and r.endswith(" to the 3 players who pick after you")
                         for r in found.values())


def test_the_last_pick_denies_nothing_and_the_one_before_denies_one_player():
    state = mezquita.load("citadels", players=4).new_state(0)
    for _ in range(2):
        state.apply(state.to_move()[0], state.legal_actions()[0])
    assert all(r.endswith("to the player who picks after you") for r in reasons(state).values())
    state.apply(state.to_move()[0], state.legal_actions()[0])
    assert set(reasons(state).values()) == {None}


def test_three_players_pick_twice_and_get_no_draft_reason():
    assert set(reasons(mezquita.load("citadels", players=3).new_state(0)).values()) == {None}


@pytest.mark.parametrize("lang", LANGS)
def test_a_build_that_completes_the_city_says_the_game_ends(lang):
    game = mezquita.load("citadels", players=4)
    state, rng = game.new_state(1), random.Random(1)
    while not any(game.action_to_json(a)["do"] == "build" for a in state.legal_actions()):
        state.apply(state.to_move()[0], rng.choice(state.legal_actions()))
    seat = state.to_move()[0]
    view = state.view(seat)
    build = next(a for a in state.legal_actions(seat) if game.action_to_json(a)["do"] == "build")
    assert game.hint_reason(game, view, build, lang) is None  # a city far from complete
    view["seats"][seat]["city"] = ["manor"] * (view["threshold"] - 1)
    text = game.hint_reason(game, view, build, lang)
    assert text and text != game.hint_reason(game, view, build, "en" if lang != "en" else "de")
