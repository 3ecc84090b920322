"""The engine's decision table: one entry per decision kind, and what the engine derives."""

from __future__ import annotations

import pytest

import mezquita
from mezquita.engine import Decision, Decisions, Event, Hint, Param, State, nobody, owner_and
from mezquita.engine.registry import game_ids


def _noop(state, seat, *indices):
    state.played.append((seat, *indices))


def _table() -> Decisions:
    return Decisions(
        [Decision("play", (Param("card", (1, 2, 3)), Param("pile", ("a", "b"))), _noop,
                  event=Event(("card", "pile"), secret=("card",)), hint=Hint("pile", "pile")),
         Decision("give", (Param("seat", range(3), seats=True),), _noop,
                  event=Event(("target", "card"), secret=("card",), seen_by=owner_and("target"))),
         Decision("pass", (), _noop, event=Event())],
        events={"deal": Event(("cards",), secret=("cards",), seen_by=nobody)})


def test_ids_follow_the_entries_and_effects_get_the_parameter_indices():
    table = _table()
    assert [b.name for b in table.space.blocks] == ["play", "give", "pass"]
    assert len(table.space) == 6 + 3 + 1
    assert table.effects[table.block("play").id_of(3, "b")] == (_noop, 2, 2, 1)
    assert table.effects[table.block("give").id(1)] == (_noop, 1, 1, None)
    assert table.effects[9] == (_noop, 0, None, None)
    assert table.decision(7).kind == "give"


def test_the_state_dispatches_to_the_effect_with_its_arguments():
    class Played:
        def __init__(self, game):
            self.game, self.played = game, []

    class Fake:
        effects = _table().effects
        wide = Decisions([Decision("far", (Param("x", (0, 1)), Param("y", (0, 1)), Param("z", (0, 1))),
                                   _noop)]).effects

    state = Played(Fake)
    for action in (5, 7, 9):
        State._apply(state, 1, action)
    Fake.effects = Fake.wide
    State._apply(state, 0, 6)
    assert state.played == [(1, 2, 1), (1, 1), (1,), (0, 1, 1, 0)]


def test_event_fields_come_from_the_decisions_and_the_games_own_events():
    assert _table().event_fields == {"deal": ("cards",), "play": ("card", "pile"),
                                     "give": ("target", "card"), "pass": ()}


def test_secret_fields_are_masked_for_everyone_seen_by_does_not_name():
    table = _table()
    play = {"turn": 0, "seat": 1, "do": "play", "card": 3, "pile": "a"}
    assert table.public_event(play, 1, None)["card"] == 3
    assert table.public_event(play, 0, None) == {**play, "card": None}
    assert table.public_event(play, None, None)["card"] is None
    give = {"turn": 1, "seat": 0, "do": "give", "target": 2, "card": 1}
    assert [table.public_event(give, v, None)["card"] for v in (0, 1, 2)] == [1, None, 1]
    deal = {"turn": 0, "seat": None, "do": "deal", "cards": [1, 2]}
    assert table.public_event(deal, 0, None)["cards"] is None
    assert play["card"] == 3  # the event itself is not changed


def test_hint_names_the_board_element_an_action_points_at():
    table = _table()
    assert table.hint(table.block("play").id_of(2, "b")) == {"element": "pile", "key": "b"}
    assert table.hint(table.block("pass").id()) is None
    pointed = Decisions([Decision("give", (Param("seat", range(3), seats=True), Param("card", (1, 2))), _noop,
                                  hint=Hint("hand", "card", seat="seat")),
                         Decision("pass", (), _noop, hint=Hint("pass"))])
    assert pointed.hint(pointed.block("give").id(2, 1)) == {"element": "hand", "key": 2, "seat": 2}
    assert pointed.hint(pointed.block("pass").id()) == {"element": "pass", "key": None}


def test_a_hint_names_the_part_of_its_element_and_the_control_that_plays_it():
    """A card's space or option is a part of the card, read under its parameter's name; a
    plan card's "use" and "flip" are two controls on it (issue 26: pages choose by hint)."""
    card = Param("card", ("oak", "cork"))
    table = Decisions([
        Decision("place", (card, Param("space", range(2))), _noop, hint=Hint("card", "card", part="space")),
        Decision("use", (card,), _noop, hint=Hint("card", "card", control="use")),
        Decision("flip", (card,), _noop, hint=Hint("card", "card", control="flip"))])
    assert table.hint(table.block("place").id_of("cork", 1)) == {"element": "card", "key": "cork", "space": 1}
    assert table.hint(table.block("flip").id_of("oak")) == {"element": "card", "key": "oak",
                                                            "control": "flip"}
    with pytest.raises(ValueError, match="may not be named 'key'"):
        Hint("card", "card", part="key")


def test_a_rule_table_per_kind_must_cover_every_kind_exactly():
    table = _table()
    rules = table.per_action({"play": "p", "give": "g", "pass": "x"})
    assert rules[table.block("give").id(2)] == ("g", (2,))
    with pytest.raises(ValueError, match=r"missing \['pass'\]"):
        table.per_action({"play": "p", "give": "g"})
    with pytest.raises(ValueError, match=r"unknown \['fold'\]"):
        table.per_action({"play": "p", "give": "g", "pass": "x", "fold": "f"})


def test_bad_declarations_are_refused():
    with pytest.raises(ValueError, match="declared twice"):
        Decisions([Decision("pass", (), _noop), Decision("pass", (), _noop)])
    with pytest.raises(ValueError, match="declared twice"):
        Decisions([Decision("deal", (), _noop, event=Event())], events={"deal": Event()})
    with pytest.raises(ValueError, match="not its fields"):
        Decisions(events={"deal": Event(("cards",), secret=("card",))})
@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_a_decision_table(game_id):
    """Every registered game declares its decisions in the engine's table: its action space
    and its event fields are the table's."""
    game = mezquita.load(game_id)
    assert isinstance(game.decisions, Decisions)
    assert game.actions is game.decisions.space
    assert game.event_fields is game.decisions.event_fields
