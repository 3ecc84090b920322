"""The guided first game (`Game.guide_setup`, `Game.guide`): each game with a guide plays its
scripted deal as the server does (its bot level seeded per decision like `schedule.py`'s), the
first seat following the guide's pointer (the game's heuristic), and the notes arise in the
order the page shows them; every note is worded in four languages."""

from __future__ import annotations

import re
from importlib import import_module

import pytest

from mezquita.agents import Turn, make_agent
from mezquita.engine import LANGS, derive_seed, load
from tests.agents.nim import NimGame

#: the notes each game's guide shows its first seat in the scripted deal, in order of appearance
EXPECTED = {
    "citadels": ["draft", "turn", "power", "warlord", "last_round", "score"],
    "cordoba": ["play", "control", "blocked", "face_down", "face_up", "score"],
    "cordoba-wittig": ["move", "double", "break_up", "far_row", "power", "extra_turn", "end"],
    "cortica": ["place", "order", "intern", "plans", "rest", "winner"],
    "europa": ["choose", "stones", "keep", "evaluation", "final"],
}


def shown_notes(game_id: str) -> list[str]:
    """The guide's note keys in the order the page would show them over the scripted deal."""
    setup = load(game_id).guide_setup()
    game = load(game_id, **setup["options"])
    state = game.new_state(setup["seed"])
    shown: list[str] = []
    while True:
        if 0 in state.to_move() or state.is_terminal():  # what the page surely sees
            legal = state.legal_actions(0) if 0 in state.to_move() else []
            shown += [n["key"] for n in game.guide(state.view(0), legal) if n["key"] not in shown]
        if state.is_terminal():
            return shown
        seat = state.to_move()[0]  # the pointer and the bot are made afresh, as the server does
        agent = (make_agent("heuristic", game) if seat == 0 else
                 make_agent(setup["bot"], game, derive_seed(setup["seed"], "bot", len(state.history), seat)))
        state.apply(seat, agent.act(Turn.of(state, seat)))


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_the_scripted_deal_raises_every_note(game_id):
    assert shown_notes(game_id) == EXPECTED[game_id]


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_every_note_is_worded_in_every_language(game_id):
    package = type(load(game_id)).__module__.rpartition(".")[0]
    texts = import_module(f"{package}.guide").TEXTS["guide"]
    assert set(texts) == set(LANGS)
    for lang in LANGS:
        assert set(texts[lang]) == set(texts["en"]) >= set(EXPECTED[game_id]), lang
        for key, text in texts[lang].items():
            assert text.strip() and not re.search(r"\{\w*\}", text), (lang, key)


def test_a_game_without_a_guide_module_has_no_setup_and_no_notes():
    game = NimGame()
    assert game.guide_setup() is None
    with pytest.raises(NotImplementedError):
        game.guide(game.new_state(0).view(0), [])
