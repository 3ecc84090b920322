"""A state's fields are declared once, as annotations: the engine derives ``fields`` (the JSON
form) and the copy, each value copied as deep as its type nests lists, dicts and sets."""

from __future__ import annotations

import json
from typing import NamedTuple

import pytest

from mezquita.engine import Cache, Pair, Shared, State, load


class Point(NamedTuple):
    x: int
    y: int


class Sample(State):
    count: int
    name: str | None
    cards: list[int]
    piles: list[list[list[int]]]
    seen: dict[str, int]
    hands: dict[str, list[int]]
    points: list[Point]
    history_of_rounds: list[Shared[list[int]]]
    results: Shared[list[dict]]
    final: dict | None
    owned: Cache[list[set[int]]]
    _memo: Shared[list[int] | None] = None


def test_fields_are_the_public_declarations_in_order_without_caches():
    assert Sample.fields == ("count", "name", "cards", "piles", "seen", "hands", "points",
                             "history_of_rounds", "results", "final")


def test_each_value_is_copied_as_deep_as_its_type_nests_containers():
    assert Sample.copy_lines == (
        "new.count = self.count",
        "new.name = self.name",
        "new.cards = self.cards.copy()",
        "new.piles = [[v1.copy() for v1 in v0] for v0 in self.piles]",
        "new.seen = self.seen.copy()",
        "new.hands = {k0: v0.copy() for k0, v0 in self.hands.items()}",
        "new.points = self.points.copy()",
        "new.history_of_rounds = self.history_of_rounds.copy()",
        "new.results = self.results",
        "new.final = (None if self.final is None else self.final.copy())",
        "new.owned = [v0.copy() for v0 in self.owned]",
        "new._memo = self._memo",
    )


def test_the_generated_copy_shares_nothing_it_must_not():
    old = Sample.__new__(Sample)
    old.count, old.name, old.cards, old.piles = 1, None, [1], [[[2], [3]]]
    old.seen, old.hands, old.points = {"a": 1}, {"a": [1]}, [Point(0, 0)]
    old.history_of_rounds, old.results, old.final = [[1]], [{"a": 1}], {"b": 2}
    old.owned, old._memo = [{1}], [4]
    new = Sample.__new__(Sample)
    old._copy_into(new)
    new.cards.append(9)
    new.piles[0][1].append(9)
    new.hands["a"].append(9)
    new.owned[0].add(9)
    new.final["c"] = 1
    assert old.cards == [1] and old.piles == [[[2], [3]]] and old.hands == {"a": [1]}
    assert old.owned == [{1}] and old.final == {"b": 2}
    assert new.results is old.results and new.history_of_rounds[0] is old.history_of_rounds[0]


def test_a_subclass_adds_its_own_fields_to_its_parents():
    class More(Sample):
        extra: list[int]

    assert More.fields == (*Sample.fields, "extra")
    assert More.copy_lines[-1] == "new.extra = self.extra.copy()"


@pytest.mark.parametrize("body", ["fields = ('a',)", "def _copy_into(self, new): pass"])
def test_a_state_cannot_list_its_fields_or_write_its_copy_by_hand(body):
    with pytest.raises(TypeError, match="declare its fields as annotations"):
        exec(f"class Listed(State):\n    {body}\n", {"State": State})


def test_a_field_of_an_unknown_type_is_refused_with_its_name():
    with pytest.raises(TypeError, match=r"Odd\.thing: name 'Later' is not defined"):
        exec("class Odd(State):\n    thing: Later\n", {"State": State, "__name__": __name__})


def test_a_union_of_two_containers_cannot_be_copied():
    with pytest.raises(TypeError, match="a union of containers"):
        class Mixed(State):
            both: list[int] | dict[str, int]


def test_a_field_declared_as_an_enum_is_read_back_from_json_as_its_member():
    from mezquita.games.cortica.rules import Phase

    game = load("cortica")
    state = game.new_state(3)
    assert type(state).enum_fields == {"phase": Phase}
    data = json.loads(json.dumps(state.to_json()))
    assert data["data"]["phase"] == "place"  # written as its value
    again = game.state_from_json(data)
    assert again.phase is Phase.PLACE and again.to_json() == state.to_json()


def test_a_pair_is_copied_by_index_and_shares_nothing_mutable():
    class Duel(State):
        hands: Pair[list[int]]
        scores: Pair[int]
        piles: list[Pair[list[int]]]

    assert Duel.copy_lines == ("new.hands = [self.hands[0].copy(), self.hands[1].copy()]",
                               "new.scores = self.scores.copy()",
                               "new.piles = [[v0[0].copy(), v0[1].copy()] for v0 in self.piles]")
    old = Duel.__new__(Duel)
    old.hands, old.scores, old.piles = [[1], [2]], [0, 0], [[[3], [4]]]
    new = Duel.__new__(Duel)
    old._copy_into(new)
    assert (new.hands, new.scores, new.piles) == (old.hands, old.scores, old.piles)
    assert new.hands[1] is not old.hands[1] and new.piles[0][1] is not old.piles[0][1]
