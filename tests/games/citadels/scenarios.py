"""Scenario builders for Citadels rules tests: set up a position, act, check."""

from __future__ import annotations

import mezquita
from mezquita.games.citadels import CitadelsState
from mezquita.games.citadels.cards import CHAR_INDEX, DIST_INDEX
from mezquita.games.citadels.flow import begin_calls, draft_plan


def ids(keys) -> list[int]:
    """District ids of district keys."""
    return [DIST_INDEX[k] for k in keys]


def position(chars: dict[int, str | list[str]], players: int = 4, hands=None, cities=None,
             gold=None, crown: int = 0, deck=None, face_up=(), **options) -> CitadelsState:
    """A state at the start of the character calls, with the given characters dealt.

    ``chars`` maps seats to character keys; characters nobody holds are face down.
    ``hands`` and ``cities`` are per-seat lists of district keys (default: empty),
    ``deck`` is a list of district keys with the top last (default: the dealt deck).
    Cards need not add up to the full deck: rules tests look at one rule at a time.
    """
    game = mezquita.load("citadels", players=players, crown=crown, **options)
    st = game.new_state(0)
    pad = [[] for _ in range(players)]
    st.hands = [ids(h) for h in list(hands or []) + pad][:players]
    st.cities = [ids(c) for c in list(cities or []) + pad][:players]
    st.built = [set(c) for c in st.cities]
    st.gold = (list(gold or []) + [2] * players)[:players]
    if deck is not None:
        st.deck = ids(deck)
    st.held = [[] for _ in range(players)]
    st.holder = [-1] * len(st.holder)
    for seat, keys in chars.items():
        for key in [keys] if isinstance(keys, str) else keys:
            st.held[seat].append(CHAR_INDEX[key])
            st.holder[CHAR_INDEX[key]] = seat
    st.face_up = [CHAR_INDEX[k] for k in face_up]
    st.face_down = [c for c in game.characters if st.holder[c] < 0 and c not in st.face_up]
    st.random_face_down = st.face_down[0]
    st.plan = draft_plan(players, crown)
    st.step = len(st.plan) - 1
    st.pool, st.draft_log = [], []
    begin_calls(st)
    return st


def do(st: CitadelsState, kind: str, **params) -> None:
    """Play ``{"do": kind, **params}`` for the seat to move."""
    st.apply(st.to_move()[0], {"do": kind, **params})


def legal_kinds(st: CitadelsState) -> set[str]:
    """The kinds of the legal actions of the seat to move."""
    return {st.game.action_to_json(a)["do"] for a in st.legal_actions()}


def legal_json(st: CitadelsState) -> list[dict]:
    """The legal actions of the seat to move, as JSON."""
    return [st.game.action_to_json(a) for a in st.legal_actions()]


def city(st: CitadelsState, seat: int) -> list[str]:
    """Seat's city as district keys."""
    return _keys(st.cities[seat])


def _keys(dists: list[int]) -> list[str]:
    from mezquita.games.citadels.cards import DIST_KEYS

    return [DIST_KEYS[d] for d in dists]


def hand(st: CitadelsState, seat: int) -> list[str]:
    """Seat's hand as sorted district keys."""
    return sorted(_keys(st.hands[seat]))


def acting(st: CitadelsState) -> tuple[int, str]:
    """(seat, character key) of the current turn."""
    from mezquita.games.citadels.cards import CHAR_KEYS

    return st.actor, CHAR_KEYS[st.character]
