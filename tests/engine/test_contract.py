"""The engine contract itself: registry, options, Rng, records, base-class invariants."""

import json
import random

import pytest

import mezquita
from mezquita.engine import (
    ActionSpace,
    BadRecord,
    IllegalAction,
    Option,
    Param,
    Record,
    Rng,
    UnknownGame,
    UnknownOption,
    derive_seed,
    games,
)


def test_registry_lists_games_and_rejects_unknown_ids():
    ids = [g.id for g in mezquita.list_games()]
    assert "cordoba" in ids
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'.*cordoba"):
        mezquita.load("chess")


def test_option_coercion_and_errors():
    assert Option("hand", 1, (1, 3)).coerce("3") == 3
    assert Option("match", False).coerce("true") is True
    assert Option("names", ("a",)).coerce("x,y") == ("x", "y")
    with pytest.raises(UnknownOption, match="takes a int"):
        Option("hand", 1).coerce("many")
    with pytest.raises(UnknownOption, match="takes a bool"):
        Option("match", False).coerce("maybe")


def test_options_from_strings_equal_typed_options():
    assert mezquita.load("cordoba", hand="3").options == mezquita.load("cordoba", hand=3).options


def test_rng_is_deterministic_and_uniform_enough():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


@pytest.mark.parametrize("length", [0, 1, 2, 5, 10, 66, 128, 129, 300])
def test_rng_shuffle_is_fisher_yates_on_below(length):
    """The batched shuffle gives the permutation (and leaves the generator where) the plain
    Fisher-Yates loop on ``below(i + 1)`` does, also across batches of outputs."""
    seeds = random.Random(length)
    for _ in range(50):
        seed = seeds.getrandbits(64)
        fast, plain = Rng(seed), Rng(seed)
        shuffled, expected = list(range(length)), list(range(length))
        fast.shuffle(shuffled)
        for i in range(length - 1, 0, -1):
            j = plain.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled == expected and fast.state == plain.state


@pytest.mark.parametrize("lengths", [(10, 10), (0, 3, 1, 7), (100, 60), (300, 2)])
def test_rng_shuffle_of_several_lists_is_one_shuffle_after_the_other(lengths):
    seeds = random.Random(sum(lengths))
    for _ in range(20):
        seed = seeds.getrandbits(64)
        together, apart = Rng(seed), Rng(seed)
        lists, expected = [list(range(n)) for n in lengths], [list(range(n)) for n in lengths]
        together.shuffle(*lists)
        for items in expected:
            apart.shuffle(items)
        assert lists == expected and together.state == apart.state


def test_block_ids_are_the_ids_of_each_index():
    space = ActionSpace()
    space.block("skip")
    pick = space.block("pick", Param("card", "abcde"))
    assert pick.ids([4, 0, 2]) == [pick.id(4), pick.id(0), pick.id(2)] == [5, 1, 3]
    assert pick.ids(range(5)) == list(range(pick.base, pick.end)) and pick.ids([]) == []


def test_same_seed_same_deal_different_seed_different_deal():
    game = mezquita.load("cordoba")
    assert game.new_state(9).to_json() == game.new_state(9).to_json()
    assert game.new_state(9).to_json() != game.new_state(10).to_json()


def test_clone_is_independent():
    state = mezquita.load("cordoba").new_state(1)
    copy = state.clone()
    copy.apply(0, copy.legal_actions(0)[0])
    assert state.history == [] and len(copy.history) == 1
    assert state.child(0, state.legal_actions(0)[0]).to_json() == copy.to_json()


@pytest.mark.parametrize("game_id", [info.id for info in games()])
def test_edit_sets_fields_and_forgets_the_cached_position(game_id):
    state = mezquita.load(game_id).new_state(3)
    state.legal_actions()  # cached now
    assert state.edit() is state
    assert state._legal_cache is None and state._to_move_cache is None
    before = state.to_json()
    with pytest.raises(TypeError, match="no field nonsense"):
        state.edit(nonsense=1, **{state.fields[0]: None})
    assert state.to_json() == before  # a refused edit changes nothing


def test_edit_gives_the_legal_actions_of_the_new_position():
    game = mezquita.load("cordoba", hand=3)
    state = game.new_state(0)
    seat = state.to_move()[0]
    wide = state.legal_actions()
    hands = [list(h) for h in state.hands]
    hands[seat] = hands[seat][:1]
    state.edit(hands=hands)
    narrow = state.legal_actions()
    assert narrow and set(narrow) < set(wide)
    assert {game.action_to_json(a)["card"] for a in narrow} == {hands[seat][0]}


def test_edit_rebuilds_a_games_own_caches():
    state = mezquita.load("citadels", players=4).new_state(1)
    cities = [[], [0, 5], [], []]
    state.edit(cities=cities)
    assert state.built == [set(c) for c in cities]
    again = state.game.state_from_json(state.to_json())
    assert again.built == state.built


def test_events_are_dicts_of_the_fields_their_kind_declares():
    state = mezquita.load("cordoba").new_state(1)
    state.apply(0, state.legal_actions(0)[0])
    (entry,) = state.events
    assert list(entry) == ["turn", "seat", "do", "card", "landmark", "game"]
    state._event(None, "game_end", 1)  # a trailing field left out: no such key
    assert state.events[-1] == {"turn": 1, "seat": None, "do": "game_end", "game": 1}
    for kind, values in (("fly", ()), ("reveal", (1, [2], 3))):  # undeclared; one value too many
        state._event(None, kind, *values)
        with pytest.raises(ValueError, match=f"event '{kind}' records {len(values)} values"):
            state.events  # noqa: B018
        del state._events[-1]


def test_apply_rejects_wrong_seat_and_out_of_range_ids():
    state = mezquita.load("cordoba").new_state(1)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        state.apply(1, 0)
    with pytest.raises(IllegalAction, match=r"outside 0\.\.69"):
        state.apply(0, 99)
    with pytest.raises(IllegalAction, match="no seat 5"):
        state.view(5)


def test_legal_actions_in_three_forms_agree():
    state = mezquita.load("cordoba", hand=3).new_state(4)
    ids = state.legal_actions(0)
    mask = state.legal_mask(0)
    assert len(mask) == state.game.num_actions and sum(mask) == len(ids)
    as_json = state.legal_actions_json(0, lang="es")
    assert [a["id"] for a in as_json] == ids
    assert all("jugar" in a["label"] for a in as_json)
    assert state.legal_actions(1) == []


def test_record_round_trip_and_replay(tmp_path):
    game = mezquita.load("cordoba", hand=3, landmarks=6)
    state, rng = game.new_state(77), random.Random(0)
    while movers := state.to_move():
        state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
    path = tmp_path / "game.json"
    Record.of(state, note="x").save(path)
    again = Record.load(path)
    assert again.options == game.options and again.meta == {"note": "x"}
    assert again.replay().to_json() == state.to_json()


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "not valid JSON"),
    ('{"game": "cordoba"}', "not a Mezquita record"),
    ('{"format": "mezquita-record/1", "game": "cordoba", "options": {}, "seed": 1}', "no 'actions'"),
    ('{"format": "mezquita-record/1", "game": "go", "options": {}, "seed": 1, "actions": []}',
     "unknown game"),
    ('{"format": "mezquita-record/1", "game": "cordoba", "options": {"hand": 2}, "seed": 1,'
     ' "actions": []}', "must be one of"),
    ('{"format": "mezquita-record/1", "game": "cordoba", "version": 2, "options": {}, "seed": 1,'
     ' "actions": [[1, {"do": "play", "card": 1, "landmark": 1}]]}', "action 0"),
    ('{"format": "mezquita-record/1", "game": "cordoba", "version": 2, "options": {}, "seed": 1,'
     ' "actions": ["oops"]}', "not a \\[seat, action\\] pair"),
])
def test_bad_records_give_one_clear_error(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(BadRecord, match=message):
        Record.load(path).replay()


def test_returns_are_zero_before_the_end_and_share_one_point_after():
    state = mezquita.load("cordoba").new_state(0)
    assert state.returns() == [0.0, 0.0]
    while movers := state.to_move():
        state.apply(movers[0], state.legal_actions(movers[0])[-1])
    assert sum(state.returns()) == 1.0
    view = state.view(None)
    assert view["terminal"] and view["returns"] == state.returns()
    json.dumps(view)


def test_remote_clients_may_pick_only_remote_choices():
    from mezquita.engine.options import check_remote

    declared = (Option("cards", "set-a", None, remote_choices=("set-a", "set-b")),)
    check_remote(declared, {"cards": "set-b"}, "g")
    check_remote(declared, {}, "g")
    with pytest.raises(UnknownOption, match="command line only"):
        check_remote(declared, {"cards": "/etc/passwd"}, "g")


def test_record_of_another_rules_version_is_refused_with_both_versions(tmp_path):
    game = mezquita.load("cordoba")
    old = {"format": "mezquita-record/1", "game": "cordoba", "options": {}, "seed": 1,
           "actions": [[0, {"card": 6, "landmark": 2}]], "meta": {}}  # version 1: no "version"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    record = Record.load(path)
    assert record.version == 1
    with pytest.raises(BadRecord, match=f"version 1 .* version {game.info.version}"):
        record.replay()
    fresh = Record.of(game.new_state(1))
    assert fresh.version == game.info.version and fresh.replay().to_json() == game.new_state(1).to_json()


def test_derive_seed_is_stable_and_separates_keys():
    assert derive_seed(7, "game", 1) == derive_seed(7, "game", 1)
    seeds = {derive_seed(7, kind, i) for kind in ("game", "agent") for i in range(1000)}
    assert len(seeds) == 2000 and all(0 <= s < 2**62 for s in seeds)
