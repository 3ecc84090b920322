"""Flat observation of a Europa view for learning agents (values in [0, 1]).

Built from the view only, so it cannot carry anything the seat may not know. ``C`` is the
number of location cards (224), ``P`` = 6 seat slots (unused seats stay 0).

=================  ======  ===========================================================
index              size    meaning
=================  ======  ===========================================================
0                  3       phase one-hot: choose, tip, over
3                  P       own seat one-hot
9                  P       track field / last field, per seat
15                 P       swap cards left / 2, per seat
21                 P       stones placed / 4, per seat (public)
27                 P       still tipping, per seat
33                 3P      kept cards per colour (yellow, red, blue) / 10, per seat
51                 1       stack size / 224
52                 1       this seat chooses now
53                 C       own card this round, one-hot
53 + C             P*C     display slot k's card, one-hot (0 once taken)
53 + 7C            27      own stones: E/W (2), N/M/S (3), sector 1-18 (18), section A-D (4)
=================  ======  ===========================================================
"""

from __future__ import annotations

from .board import AREAS, EW, SECTIONS
from .cards import COLOURS, card, deck

P = 6
PHASES = ("choose", "tip", "over")
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
MAX_SECTOR = 18


def _card_index() -> dict[str, int]:
    return {k: i for i, k in enumerate(deck())}


C = len(deck())
_TIPS = 2 + 3 + MAX_SECTOR + 4
OBSERVATION_SIZE = 53 + 7 * C + _TIPS
_INDEX = _card_index()
#: per card, the index of its colour in ``COLOURS`` (cards of no such colour left out)
_COLOUR = {k: COLOURS.index(c.colour) for k, c in deck().items() if c.colour in COLOURS}


def observation_size(game) -> int:
    """Length of `encode_view`'s vector (the same for every option set)."""
    return OBSERVATION_SIZE


def encode_view(game, view: dict) -> list[float]:
    """The view as a flat list of floats (layout in the module docstring)."""
    out = [0.0] * OBSERVATION_SIZE
    out[PHASES.index(view["phase"])] = 1.0
    seat = view["seat"]
    if seat is not None:
        out[3 + seat] = 1.0
    last = view["last_field"]
    for s, field in enumerate(view["positions"]):
        out[9 + s] = field / last
        out[15 + s] = view["swaps"][s] / 2
        out[21 + s] = view["stones"][s] / 4
        out[27 + s] = float(view["tipping"][s])
        for c, colour in enumerate(COLOURS):
            count = sum(card(k).colour == colour for k in view["kept"][s])
            out[33 + 3 * s + c] = min(count / 10, 1.0)
    out[51] = view["stack"] / C
    out[52] = float(seat is not None and view["chooser"] == seat)
    if seat is not None and view["cards"][seat] is not None:
        out[53 + _INDEX[view["cards"][seat]]] = 1.0
    for slot, k in enumerate(view["display"]):
        if k is not None:
            out[53 + C * (1 + slot) + _INDEX[k]] = 1.0
    _encode_tips(out, view["tips"][seat] if seat is not None else None)
    return out


def encode_state(game, state, seat: int | None, out) -> None:
    """`encode_view` of ``state.view(seat)`` read from the state, without building the view,
    written into ``out`` (zeroed: only the entries that are not 0 are written; a seat's own
    stones are the only hidden values it reads)."""
    out[_PHASE_INDEX[state.phase]] = 1.0
    if seat is not None:
        out[3 + seat] = 1.0
    last = game.last_field
    for s, field in enumerate(state.positions):
        out[9 + s] = field / last
        out[15 + s] = state.swaps[s] / 2
        out[21 + s] = len(state.tips[s]) / 4
        if state.tipping[s]:
            out[27 + s] = 1.0
        kept = state.kept[s]
        if kept:
            counts = [0, 0, 0]
            for k in kept:
                if k in _COLOUR:
                    counts[_COLOUR[k]] += 1
            for c, count in enumerate(counts):
                out[33 + 3 * s + c] = min(count / 10, 1.0)
    out[51] = len(state.stack) / C
    if seat is not None and state.phase == "choose" and state.order[state.picked] == seat:
        out[52] = 1.0
    if seat is not None and state.cards[seat] is not None:
        out[53 + _INDEX[state.cards[seat]]] = 1.0
    for slot, k in enumerate(state.display):
        if k is not None:
            out[53 + C * (1 + slot) + _INDEX[k]] = 1.0
    _encode_tips(out, state.tips[seat] if seat is not None else None)


def _encode_tips(out, tips: list | None) -> None:
    """A seat's own stones into ``out`` (nothing for no stones or a spectator)."""
    if tips:
        base = 53 + 7 * C
        offsets = (0, 2, 5, 23)
        for stone, value in enumerate(tips):
            if stone == 0:
                i = EW.index(value)
            elif stone == 1:
                i = AREAS.index(value)
            elif stone == 2:
                i = value - 1
            else:
                i = SECTIONS.index(value)
            out[base + offsets[stone] + i] = 1.0
