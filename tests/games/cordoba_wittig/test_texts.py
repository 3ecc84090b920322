"""Cordoba (Wittig): move texts in four languages, the score breakdown, the terminal board, the
observation encoding, invariants of random play and the shipped conformance suite."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mezquita
from mezquita.engine import LANGS
from mezquita.engine.conformance import check_game
from mezquita.games.cordoba_wittig.board import SHIPPED
from mezquita.games.cordoba_wittig.rules import EMPTY

from .scenarios import arrange, move


def test_move_double_and_compensation_texts_in_four_languages():
    state = arrange({"1": "d4", "4": "d2", "D": "e3", "2": "h2"})
    move(state, 0, "4", "d4", "right")
    game = state.game
    texts = {lang: [game.event_text(e, lang) for e in state.log(None)] for lang in LANGS}
    assert texts["en"] == ["Player 1 moves 4 from d2 to d4", "Player 1 doubles on d4 (right)",
                           "Compensation: star in power on d4; back: D",
                           "Compensation: star in power, D goes back to its start"]
    assert texts["es"][1] == "Jugador 1 dobla en d4 (derecha)"
    assert texts["ca"][3] == "Compensació: estel al poder, D torna a la seva sortida"
    assert texts["de"][0] == "Spieler 1 zieht 4 von d2 nach d4"
    assert game.event_text(state.log(None)[0], "en", names=["Ana", "Bo"]) == "Ana moves 4 from d2 to d4"
    state = arrange({"1": "d4", "4": "d2"})
    move(state, 0, "4", "d4", "right")
    assert game.event_text(state.log(None)[-1], "de") == (
        "Ausgleich: Stern an der Macht auf d4; kein Stein mit diesem Symbol ist verbunden")


def test_every_event_kind_has_a_text_in_every_language():
    game = mezquita.load("cordoba-wittig")
    kinds = set()
    for seed in range(30):
        state, rng = game.new_state(seed), random.Random(seed)
        while state.to_move():
            state.apply(state.to_move()[0], rng.choice(state.legal_actions()))
        for entry in state.log(None):
            kinds.add(entry["do"])
            for lang in LANGS:
                assert "{" not in game.event_text(entry, lang)
    assert {"move", "double", "power", "back", "claim", "win"} <= kinds


def test_defect_6_breakdown_shows_what_decided_first_and_rows_advanced_as_information():
    state = arrange({"1": "a8", "2": "c8", "3": "e8", "4": "g6", "E": "j2"})
    move(state, 0, "4", "g8")
    move(state, 1, "E", "j4")
    table = state.score_breakdown("es")
    assert [row["label"] for row in table["rows"]] == [
        "piedras en la última fila (decide: 4 ganan)", "resultado (1 gana, 0,5 tablas)",
        "filas avanzadas (solo informativo, no decide)"]
    assert table["rows"][0]["values"] == [4, 0] and table["rows"][1]["values"] == [1.0, 0.0]
    assert table["totals"] == state.scores() == [32.0, 4.0]
    assert table["winners"] == [0]
    assert table["reason"] == (
        "Jugador 1 gana: 4 piedras llegaron a la última fila y el turno extra del rival no lo igualó")


def test_every_log_entry_starts_in_upper_case():
    game = mezquita.load("cordoba-wittig")
    for seed in range(10):
        state, rng = game.new_state(seed), random.Random(seed)
        while state.to_move():
            state.apply(state.to_move()[0], rng.choice(state.legal_actions()))
        for entry in state.log(None):
            for lang in LANGS:
                text = game.event_text(entry, lang)
                assert text[0] == text[0].upper(), text


def test_render_text_shows_stones_with_both_symbols_doubles_obligation_and_compensation():
    state = arrange({"1": "d4", "4": "d2", "A": "e5", "6": "c5"})
    move(state, 0, "4", "d4", "right")
    text = state.game.render_text(state.view(0), "en")
    assert "1**[/]|" in text and "4*+" in text, "a double shows both stones, left then right"
    assert "[yellow]<[/]" in text, "the owed double is marked"
    assert "Player 1 must move a stone away from d4" in text
    assert "compensation (star in power): still to move back 6, A" in text
    assert "F)*" in text and "* star" in text and ") crescent" in text
    german = state.game.render_text(state.view(0), "de")
    assert "Ausgleich (Stern an der Macht)" in german and "Zielreihe" in german


def test_defect_4_the_text_board_counts_moves_per_player_not_decisions():
    state = arrange({"1": "d2", "A": "e2"})
    state.plies = 44  # 22 turns each (some 100 decisions)
    text = state.game.render_text(state.view(0), "en")
    assert "Move 23 of 150 per player" in text and "of 300" not in text


def test_observation_follows_the_index_table():
    game = mezquita.load("cordoba-wittig")
    state = arrange({"3": "e4", "1": "d4", "4": "d2"})
    move(state, 0, "4", "d4", "left")
    vector = game.encode_view(state.view(1))
    assert len(vector) == game.observation_size == 88
    k = 2  # stone 3 on e4
    assert vector[6 * k: 6 * k + 4] == [4 / 11, 4 / 8, 0.0, 0.0]
    assert vector[6 * 3 + 3] == 1.0 and vector[6 * 0 + 3] == 1.0, "1 and 4 form a double"
    base = 6 * 12
    assert vector[base + 1] == 1.0 and vector[base + 2] == 1.0, "seat 1 chooses a stone"
    assert vector[base + 7] == 1.0 and vector[base + 8] == 0.0, "seat 0 owes its double"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), board=st.sampled_from(list(SHIPPED)))
def test_random_play_keeps_the_board_consistent(seed, board):
    game = mezquita.load("cordoba-wittig", board=board)
    state, rng = game.new_state(seed), random.Random(seed)
    per = len(game.board.stones) // 2
    while state.to_move():
        for stone, field in enumerate(state.at):
            assert stone in (state.grid[field], state.pair[field]), "every stone is where it says"
        assert sum(x != EMPTY for x in state.grid + state.pair) == len(state.at)
        for field in range(game.board.size):
            if state.pair[field] != EMPTY:
                assert state.grid[field] // per == state.pair[field] // per, "a double is one colour"
                assert game.board.row(field) > 0
        for seat, owed in enumerate(state.owed):
            assert all(state.pair[f] != EMPTY and state.grid[f] // per == seat for f in owed)
        rebuilt = state.clone().edit()  # the caches made afresh from the fields
        assert (state.places, state.blocked, state.far) == (rebuilt.places, rebuilt.blocked,
                                                            rebuilt.far), "the caches keep in step"
        view = state.view(None)
        assert all(0.0 <= x <= 1.0 for x in game.encode_view(view))
        assert -1.0 <= game.evaluation(state, 0) <= 1.0
        state.apply(state.to_move()[0], rng.choice(state.legal_actions()))
    assert state.plies <= game.board.max_plies and sum(state.returns()) == 1.0


@pytest.mark.parametrize("board", SHIPPED)
def test_passes_the_conformance_suite(board):
    assert check_game(mezquita.load("cordoba-wittig", board=board), seeds=range(4), deep_every=2) > 0
