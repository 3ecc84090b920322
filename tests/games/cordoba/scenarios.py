"""Scenario builders for Córdoba tests: set up a position directly, then act and check."""

from __future__ import annotations

import mezquita
from mezquita.games.cordoba import CordobaState


def action(card: int, landmark: int) -> dict:
    """The JSON action 'play ``card`` at the landmark valued ``landmark``'."""
    return {"do": "play", "card": card, "landmark": landmark}


def position(piles: dict[int, tuple[list[int], list[int]]], start: int = 0,
             hands=([5], [6]), decks=([], []), current: int = 0, forbidden: int | None = None,
             **options) -> CordobaState:
    """A state with the given piles ``{landmark value: (seat-0 cards, seat-1 cards)}``.

    Cards in piles, hands and decks need not add up to full decks: rules tests look at
    one rule at a time.
    """
    game = mezquita.load("cordoba", **options)
    state = game.new_state(0)
    values = game.landmark_values
    state.piles = [[list(piles.get(v, ([], []))[0]), list(piles.get(v, ([], []))[1])]
                   for v in values]
    state.face_up = [bool(p[0] and p[1]) for p in state.piles]
    state.hands = [list(h) for h in hands]
    state.decks = [list(d) for d in decks]
    state.start = start
    state.current = current
    state.forbidden = values.index(forbidden) if forbidden is not None else -1
    state.played = sum(len(p[0]) + len(p[1]) for p in state.piles)
    return state


def play_out(state: CordobaState, choose=lambda legal: legal[0]) -> CordobaState:
    """Play to the end with a deterministic chooser."""
    while movers := state.to_move():
        state.apply(movers[0], choose(state.legal_actions(movers[0])))
    return state
