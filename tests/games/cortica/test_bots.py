"""The Cortiça heuristic, terminal rendering and observation encoding."""

from __future__ import annotations

import random

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.games.cortica.observation import PHASE, encode_view

GAME = mezquita.load("cortica")


def play(names: list[str], seed: int) -> list[float]:
    agents = [make_agent(name, GAME, seed + i) for i, name in enumerate(names)]
    state = GAME.new_state(seed)
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = agents[seat].act(Turn.of(state, seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state.returns()


def test_heuristic_beats_random():
    wins = sum(play(["heuristic", "random"], s)[0] + play(["random", "heuristic"], s)[1]
               for s in range(10))
    assert wins >= 17  # measured: 100% over 1,000 games


def test_render_text_shows_the_board():
    state = GAME.new_state(1)
    text = GAME.render_text(state.view(0))
    assert "round 1" in text and "reconstruction" in text
    for card in GAME.cards.actions:
        assert card.names["en"] in text
    assert "Blue worker" in text  # the stack


def test_render_text_is_all_in_the_requested_language():
    state = GAME.new_state(1)
    rng = random.Random(1)
    while state.phase != "resolve" or state.uses_left != 1:
        state.apply(state.to_move()[0], rng.choice(state.legal_actions()))
    english = ("round", "Stack", "worker", "resting", "use left", "gain", "pay ", "Actions")
    for lang, words in {"es": ("ronda", "Pila", "trabajador azul", "le queda 1 uso"),
                        "ca": ("ronda", "Pila", "treballador blau", "li queda 1 ús"),
                        "de": ("Runde", "Stapel", "blauer Arbeiter", "noch 1 Nutzung")}.items():
        text = GAME.render_text(state.view(0), lang)
        assert all(w in text for w in words), (lang, text)
        assert not any(w in text for w in english), (lang, text)
    assert "1 use left" in GAME.render_text(state.view(0)) and "use(s)" not in GAME.render_text(state.view(0))


def test_encoding_marks_the_phase_and_perspective():
    state = GAME.new_state(2)
    blue, red = encode_view(state.game, state.view(0)), encode_view(state.game, state.view(1))
    assert blue[PHASE] == 1.0 and blue[6] == 1.0 and red[6] == 0.0
    assert blue[0] == 3 / 7 and red[0] == 4 / 7  # my oak trees first
