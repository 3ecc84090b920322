"""Property tests over random games at every player count and random selections."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import mezquita
from mezquita import Record
from mezquita.games.citadels.cards import DIST_KEYS
from mezquita.games.citadels.model import PendingKind

DARK_CHARS = ("witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator",
              "diplomat")
DARK_DISTRICTS = ("lighthouse", "armory", "museum", "imperial_treasury", "map_room",
                  "wishing_well", "quarry", "poor_house", "bell_tower", "factory", "park",
                  "hospital", "throne_room", "ball_room")
PROFILE = settings(max_examples=12, deadline=None)


@st.composite
def options(draw):
    players = draw(st.integers(2, 8))
    opts = {
        "players": players,
        "characters": tuple(draw(st.lists(st.sampled_from(DARK_CHARS), unique_by=_rank))),
        "dark_city": draw(st.sampled_from([(), ("all",)]) | st.lists(
            st.sampled_from(DARK_DISTRICTS), unique=True).map(tuple)),
        "short": draw(st.booleans()),
    }
    nine = ["none"] if players < 8 else []
    nine += ["artist"] if players >= 4 else []
    nine += ["queen"] if players >= 5 else []
    opts["rank9"] = draw(st.sampled_from(nine))
    return opts


def _rank(key):
    return DARK_CHARS.index(key)


def random_game(opts, seed):
    """Yield each state of a random game (the same object, advanced in place)."""
    game = mezquita.load("citadels", **opts)
    state, rng = game.new_state(seed), random.Random(seed)
    yield state
    while movers := state.to_move():
        assert len(state.history) <= game.max_game_length
        state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
        yield state


def all_cards(state) -> Counter:
    cards = Counter(state.deck) + Counter(state.drawn)
    for seat in range(state.game.num_players):
        cards += Counter(state.hands[seat]) + Counter(state.cities[seat])
        cards += Counter(state.museum[seat])
    for p in state.pending:
        if p.kind in (PendingKind.WIZARD_USE, PendingKind.GRAVEYARD):
            cards[p.district] += 1
    return cards


@PROFILE
@given(options(), st.integers(0, 2**32))
def test_cards_accounted_gold_never_negative_and_game_ends(opts, seed):
    deck = None
    for state in random_game(opts, seed):
        deck = deck or Counter(state.game.deck)
        assert all_cards(state) == deck
        assert min(state.gold) >= 0
        assert sorted(c for cs in state.held for c in cs) == sorted(
            c for c, s in enumerate(state.holder) if s >= 0)
        assert state.built == [set(city) for city in state.cities]  # kept in step, not rebuilt
    assert state.is_terminal() and abs(sum(state.returns()) - 1) < 1e-9
    assert sum(deck.values()) == 66 + sum(
        1 for k in DARK_DISTRICTS if k in opts["dark_city"] or opts["dark_city"] == ("all",))


@PROFILE
@given(options(), st.integers(0, 2**32))
def test_records_replay_exactly(opts, seed):
    state = list(random_game(opts, seed))[-1]
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    assert record.replay().to_json() == state.to_json()


@PROFILE
@given(options(), st.integers(0, 2**32))
def test_resample_keeps_view_log_and_legal_actions(opts, seed):
    rng = random.Random(seed)
    for state in random_game(opts, seed):
        if rng.random() > 0.15 or state.is_terminal():  # at the end every view is full
            continue
        for seat in range(state.game.num_players):
            sample = state.resample(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sample.log(seat) == state.log(seat)
            assert sample.legal_actions(seat) == state.legal_actions(seat)
            assert all_cards(sample) == all_cards(state)


def public_districts(state, seat) -> set[int]:
    """District ids ``seat`` may legitimately see now."""
    seen = {d for c in state.cities for d in c}
    if seat is not None:
        seen |= set(state.hands[seat]) | set(state.museum[seat])
    if seat is not None and state.actor == seat:
        seen |= set(state.drawn)
    if state.pending:
        top = state.pending[-1]
        if top.kind in (PendingKind.GRAVEYARD, PendingKind.EXCHANGE) or (
                top.kind == PendingKind.WIZARD_USE and seat in (top.seat, top.other)):
            seen.add(top.district)
        if top.kind == PendingKind.WIZARD_TAKE and top.seat == seat:
            seen |= set(state.hands[top.other])
        if top.kind == PendingKind.LIGHTHOUSE and top.seat == seat:
            seen |= set(state.deck)
    return seen


def string_values(value):
    """Every string value (not dict key) inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from string_values(v)
    elif isinstance(value, list):
        for v in value:
            yield from string_values(v)


@PROFILE
@given(options(), st.integers(0, 2**32))
def test_views_never_show_another_seats_hidden_cards(opts, seed):
    """No district that is only in other hands, other museums or the deck is named in a view."""
    rng = random.Random(seed)
    for state in random_game(opts, seed):
        if rng.random() > 0.2 or state.is_terminal():  # at the end every view is full
            continue
        for seat in [None, *range(state.game.num_players)]:
            values = set(string_values(state.view(seat)))
            hidden = set(state.deck)
            for other in range(state.game.num_players):
                if other != seat:
                    hidden |= set(state.hands[other]) | set(state.museum[other])
            shown = public_districts(state, seat)
            for d in hidden - shown:
                assert DIST_KEYS[d] not in values
        spectator = state.view(None)
        assert spectator["hand"] is None and spectator["my_characters"] == []
        assert spectator["draft"]["pool"] is None
