"""Cortiça's events, their texts in four languages, the score breakdown and the conformance
suite. Rule numbers are those of docs/games/cortica.md."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mezquita
from mezquita.engine import LANGS
from mezquita.engine.conformance import check_game
from mezquita.games.cortica.rules import BLUE, RED, CorticaState

GAME = mezquita.load("cortica", cards="reconstruction-v1-untuned")
KEYS = [c.key for c in GAME.cards.actions]
SKIP = GAME.skip.id()


def scenario(rest="hire", order=("plant", "strip", "process", "market"), blue=(3, 0, 0),
             red=(4, 0, 0)) -> CorticaState:
    return GAME.new_state(0).edit(row=[KEYS.index(k) for k in (rest, *order)],
                                  resources=[list(blue), list(red)])


def act(state: CorticaState, action) -> None:
    state.apply(state.to_move()[0], action)


def place(state: CorticaState, *spots) -> None:
    for key, space in spots:
        act(state, {"do": "place", "card": key, "space": space})


def random_game(game, seed: int) -> CorticaState:
    state, rng = game.new_state(seed), random.Random(seed)
    while state.to_move():
        act(state, rng.choice(state.legal_actions()))
    return state


def test_conformance_suite_passes_for_the_other_shipped_card_set():
    # the default set is checked by tests/engine/test_conformance.py with every game
    assert check_game(GAME, seeds=range(2), deep_every=5) > 0


def test_conformance_suite_passes_when_the_round_limit_ends_the_game():
    assert check_game(mezquita.load("cortica", max_rounds=2), seeds=range(3)) > 0


def test_rule_3_a_placement_is_an_event_worded_in_four_languages():
    state = scenario()
    place(state, ("plant", 0))
    entry = state.log(None)[-1]
    assert entry == {"turn": 0, "seat": BLUE, "do": "place", "card": "plant", "space": 0,
                     "worker": 0, "intern": False}
    assert [GAME.event_text(entry, lang) for lang in LANGS] == [
        "Blue places a worker on Plant (space 1)",
        "Azul coloca un trabajador en Plantar (espacio 1)",
        "Blau col·loca un treballador a Plantar (espai 1)",
        "Blau setzt einen Arbeiter auf Pflanzen (Feld 1)",
    ]
    assert GAME.event_text(entry, "en", ["Anna", "Bruno"]) == "Anna places a worker on Plant (space 1)"


def test_rule_5_an_intern_placement_and_a_hire_are_worded():
    state = scenario(rest="process", order=("hire", "plant", "strip", "market"))
    state.interns[1] = True
    place(state, ("hire", 0), ("plant", 0))
    assert GAME.event_text(state.events[-1], "de") == "Rot setzt einen Praktikanten auf Pflanzen (Feld 1)"
    place(state, ("plant", 1), ("strip", 0))
    act(state, {"do": "use", "card": "hire", "option": 0})
    hire = state.events[-1]
    assert hire["do"] == "use" and hire["hired"] is True
    assert GAME.event_text(hire, "en") == "Blue uses Hire: the worker will return as an intern"


def test_rule_7_plan_events_say_what_was_converted_and_the_side():
    state = scenario(blue=(3, 2, 0))
    place(state, ("process", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    act(state, {"do": "use_plan", "plan": "stoppers"})
    use = next(e for e in state.events if e["do"] == "use_plan")
    assert (use["plan"], use["side"], use["paid"], use["gained"]) == ("stoppers", 0, {"bark": 2},
                                                                      {"cork": 1})
    assert GAME.event_text(use, "en") == ("Blue uses plan Stoppers (star side): pays 2 bark and "
                                          "gains 1 cork; the plan flips")
    assert GAME.event_text(use, "es") == ("Azul usa el plan Tapones (cara estrella): paga 2 "
                                          "cortezas y obtiene 1 corcho; el plan se gira")


def test_rule_6_intern_plan_events_total_both_conversions():
    state = scenario(blue=(3, 4, 0))
    state.interns[0] = True
    place(state, ("process", 0), ("plant", 0), ("plant", 1), ("strip", 0))
    while state.current_worker() != 0:
        act(state, SKIP)
    act(state, {"do": "double_plan", "plan": "stoppers"})
    double = next(e for e in state.events if e["do"] == "double_plan")
    assert double["paid"] == {"bark": 4} and double["gained"] == {"cork": 2}
    assert GAME.event_text(double, "en") == ("Blue uses plan Stoppers (star side) twice: pays 4 "
                                             "bark and gains 2 cork; the plan flips")


def test_rule_8_round_end_and_rest_are_events():
    state = scenario()
    place(state, ("plant", 0), ("plant", 1), ("strip", 0), ("strip", 1))
    while state.phase == "resolve":
        act(state, SKIP)
    assert state.events[-1] == {"turn": 7, "seat": None, "do": "round_end", "round": 1,
                                "cork": [0, 0]}
    assert GAME.event_text(state.events[-1], "ca") == "Acaba la ronda 1: suro Blau 0, Vermell 0"
    act(state, {"do": "rest", "card": "process"})
    assert GAME.event_text(state.events[-1], "en") == "Blue rests Process; Hire becomes active"


@pytest.mark.parametrize(("blue", "red", "by", "reason"), [
    ((0, 0, 6), (7, 7, 5), "cork", "Blue wins with more cork (6 to 5)"),
    ((0, 3, 6), (7, 2, 6), "bark",
     "cork tied at 6; Blue wins on the first tie-break, more bark (3 to 2)"),
    ((1, 3, 6), (2, 3, 6), "tree",
     "cork and bark tied; Red wins on the second tie-break, more oak trees (2 to 1)"),
    ((2, 2, 6), (2, 2, 6), "top",
     "all resources tied; Blue wins on the last tie-break: their worker is on top of the stack"),
])
def test_rule_9_breakdown_and_game_over_name_the_tie_break(blue, red, by, reason):
    state = scenario(blue=blue, red=red)
    place(state, ("market", 0), ("plant", 0), ("strip", 0), ("strip", 1))
    while state.phase == "resolve":
        act(state, SKIP)
    over = state.events[-1]
    assert over["do"] == "game_over" and over["by"] == by and over["limit"] is None
    assert GAME.event_text(over) == f"Game over: {reason}"
    table = state.score_breakdown("en")
    assert table["reason"] == reason
    assert table["totals"] == state.scores() == [float(blue[2]), float(red[2])]
    assert [row["values"] for row in table["rows"]] == [
        [blue[2], red[2]], [blue[1], red[1]], [blue[0], red[0]],
        [int(state.stack[0] % 2 == BLUE), int(state.stack[0] % 2 == RED)]]
    assert table["winners"] == [over["winner"]]
    for lang in LANGS:
        assert state.score_breakdown(lang)["reason"] in GAME.event_text(over, lang)


def test_breakdown_before_the_end_explains_the_ranking():
    table = GAME.new_state(0).score_breakdown("de")
    assert table["winners"] == [0, 1] and "6 Kork" in table["reason"]
    assert table["rows"][0]["label"] == "Kork (die Punkte)"


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_every_event_is_worded_in_every_language(seed):
    state = random_game(GAME, seed)
    kinds = set()
    for entry in state.log(0):
        kinds.add(entry["do"])
        for lang in LANGS:
            text = GAME.event_text(entry, lang)
            assert text and "{" not in text and "None" not in text
    assert {"place", "round_end", "game_over"} <= kinds


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_events_account_for_every_resource_change(seed):
    """Rules 1 and 11: start resources plus what the events say was gained and paid are the
    final resources."""
    state = random_game(GAME, seed)
    totals = [[3, 0, 0], [4, 0, 0]]
    for entry in state.events:
        if entry["seat"] is None:
            continue
        for sign, key in ((1, "gained"), (-1, "paid")):
            for i, res in enumerate(("tree", "bark", "cork")):
                totals[entry["seat"]][i] += sign * entry.get(key, {}).get(res, 0)
    assert totals == state.resources
