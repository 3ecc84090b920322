"""Scenario builders for the Europa rules tests: states with chosen cards and positions."""

from __future__ import annotations

import mezquita
from mezquita.games.europa.rules import EuropaState

TIP_KINDS = (("ew", "side"), ("area", "area"), ("sector", "sector"), ("section", "section"))


def new_game(players: int = 3, seed: int = 0, **options) -> EuropaState:
    """A fresh game (round 1, choosing)."""
    return mezquita.load("europa", players=players, **options).new_state(seed)


def with_display(state: EuropaState, cards: list[str], positions: list[int] | None = None) -> EuropaState:
    """Put ``cards`` on display (and pieces on ``positions``), choice order recomputed."""
    if positions is not None:
        state.positions = list(positions)
    state.stack = [c for c in state.stack if c not in cards]
    state.display = list(cards)
    state.order = state.back_to_front()
    state.picked = 0
    return state


def take_all(state: EuropaState) -> None:
    """Every seat takes the first card left on display, in choice order."""
    while state.phase == "choose":
        seat = state.to_move()[0]
        slot = next(i for i, c in enumerate(state.display) if c is not None)
        state.apply(seat, {"do": "take", "slot": slot})


def dealt(cards_by_seat: dict[int, str], positions: list[int], players: int | None = None,
          seed: int = 0) -> EuropaState:
    """A state in the tip phase where seat s holds ``cards_by_seat[s]``."""
    n = players or len(positions)
    state = new_game(n, seed)
    with_display(state, [cards_by_seat[s] for s in range(n)], positions)
    while state.phase == "choose":
        seat = state.to_move()[0]
        state.apply(seat, {"do": "take", "slot": state.display.index(cards_by_seat[seat])})
    return state


def tip(state: EuropaState, seat: int, *values, done: bool = True) -> None:
    """Place ``values`` as ``seat``'s stones in order, then say done (unless 4 stones or not
    ``done``)."""
    for (kind, name), value in zip(TIP_KINDS, values):
        state.apply(seat, {"do": kind, name: value})
    if done and len(values) < 4:
        state.apply(seat, {"do": "done"})
