"""The heuristic bot, the terminal rendering and the observation encoding."""

import math
import random

import pytest
from rich.text import Text

import mezquita
from mezquita.agents import Turn, make_agent

from .scenarios import do, position


def play(game, names, seed):
    agents = [make_agent(name, game, seed * 10 + s) for s, name in enumerate(names)]
    state = game.new_state(seed)
    while movers := state.to_move():
        seat = movers[0]
        state.apply(seat, agents[seat].act(Turn.of(state, seat)))
    return state


def test_heuristic_beats_random_at_four_players():
    game = mezquita.load("citadels", players=4)
    games, won = 24, 0.0
    for i in range(games):
        seat = i % 4
        names = ["random"] * 4
        names[seat] = "heuristic"
        won += play(game, names, 100 + i).returns()[seat]
    assert won / games > 0.5  # random would win a quarter


def test_heuristic_plays_every_option_set_to_the_end():
    for opts in ({"players": 2, "dark_city": ("all",), "characters": ("witch", "emperor")},
                 {"players": 8, "rank9": "queen", "dark_city": ("all",),
                  "characters": ("tax_collector", "wizard", "abbot", "alchemist", "navigator",
                                 "diplomat")}):
        game = mezquita.load("citadels", **opts)
        assert play(game, ["heuristic"] * game.num_players, 3).is_terminal()


def test_heuristic_always_thanks_the_ball_room_owner():
    st = position({1: "merchant"}, cities=[["ball_room"]], crown=0, dark_city=("all",))
    bot = make_agent("heuristic", st.game)
    assert st.game.action_to_json(bot.act(Turn.of(st, 1))) == {"do": "thank"}


@pytest.mark.parametrize("players", [2, 4, 7])
def test_render_text_is_valid_markup_for_every_seat(players):
    game = mezquita.load("citadels", players=players, dark_city=("all",))
    state, rng = game.new_state(4), random.Random(4)
    for _ in range(150):
        if not state.to_move():
            break
        for seat in [None, *range(players)]:
            text = game.render_text(state.view(seat))
            Text.from_markup(text)
            assert "Player 1" in text and ("your hand:" in text) == (seat is not None)
        state.apply(state.to_move()[0], rng.choice(state.legal_actions()))


def test_render_text_at_the_end_shows_every_hand_and_character():
    game = mezquita.load("citadels", players=3)
    state, rng = game.new_state(6), random.Random(6)
    while state.to_move():
        state.apply(state.to_move()[0], rng.choice(state.legal_actions()))
    text = game.render_text(state.view(1))
    Text.from_markup(text)
    assert text.count("     hand: ") == 3 and "final scores" in text
    held = state.view(None)["seats"][0]["held"]  # both characters of the last round
    line = next(x for x in game.render_text(state.view(None)).splitlines() if "Player 1:" in x)
    assert len(held) == 2 and all(k.replace("_", " ") in line.lower() for k in held)


@pytest.mark.parametrize(("lang", "words"), [("es", ("Ciudadelas", "ronda", "Jugador 1")),
                                             ("ca", ("Ciutadelles", "ronda", "Jugador 1")),
                                             ("de", ("Ohne Furcht und Adel", "Runde", "Spieler 1"))])
def test_render_text_speaks_the_requested_language(lang, words):
    game = mezquita.load("citadels", players=4)
    state, rng = game.new_state(2), random.Random(2)
    for _ in range(60):
        text = game.render_text(state.view(0), lang)
        assert all(w in text for w in words)
        assert not any(w in text for w in (" gold", "your hand", "round ", "Player"))
        state.apply(state.to_move()[0], rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 5, 8])
def test_observation_has_the_declared_size_and_finite_values(players):
    opts = {"players": players, "rank9": "artist"} if players >= 4 else {"players": players}
    game = mezquita.load("citadels", **opts)
    state, rng = game.new_state(1), random.Random(1)
    while state.to_move():
        seat = state.to_move()[0]
        x = game.encode_view(state.view(seat))
        assert len(x) == game.observation_size
        assert all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in x)
        state.apply(seat, rng.choice(state.legal_actions()))


def test_observation_differs_with_what_the_seat_holds():
    st = position({0: "king"}, hands=[["temple"]])
    before = st.game.encode_view(st.view(0))
    do(st, "gold")
    assert st.game.encode_view(st.view(0)) != before


@pytest.mark.parametrize("players", [4, 7])
def test_heuristic_action_on_a_state_is_the_heuristic_bots_move(players):
    """The search bots' opponent model (`heuristic_action`, the game's rollout policy) reads
    the state's fields instead of a view and must choose exactly as the heuristic bot, given
    the same random tie-breaks, at every decision of whole games."""
    from mezquita.games.citadels.heuristic import heuristic_action

    game = mezquita.load("citadels", players=players, dark_city=("all",))
    assert game.rollout_policy is heuristic_action
    for seed in range(2):
        state, bot, decisions = game.new_state(seed), make_agent("heuristic", game), 0
        while movers := state.to_move():
            seat = movers[0]
            turn = Turn.of(state, seat)
            bot.rng = random.Random(decisions)
            action = bot.act(turn)
            assert heuristic_action(state.clone(), seat, turn.legal, random.Random(decisions)) == action
            state.apply(seat, action)
            decisions += 1
        assert decisions > 100
