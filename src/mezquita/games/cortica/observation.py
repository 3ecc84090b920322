"""Cortiça observation: a seat's view as a flat vector of 95 floats in [0, 1].

"Me" is the viewing seat (blue for a spectator), "other" the opponent. Cards and plans are
indexed as in the card set; ``c`` = action card 0..4, ``s`` = space 0..1, ``p`` = plan 0..2.

=========  ====================================================================
index      meaning
=========  ====================================================================
0..2       my oak trees, bark, cork / 7
3..5       other's oak trees, bark, cork / 7
6          1 if I am blue (first player)
7..31      row position ``i`` (0 = resting) holds card ``c``: ``7 + 5i + c``
32..61     card ``c`` space ``s``: ``32 + 6c + 3s`` + [mine, other's, intern]
62..64     plan ``p`` shows its back side
65..80     stack position ``i`` (0 = top): ``65 + 4i`` + [present, mine, other's, intern]
81..84     phase one-hot: place, resolve, rest, over
85..89     card being resolved (one-hot)
90..91     space being resolved (one-hot)
92..93     uses left of the resolving worker / 2; the resolving worker is mine
94         round / max_rounds
=========  ====================================================================
"""

from __future__ import annotations

from .cards import MAX_AMOUNT, MAX_SPACES, NUM_ACTIONS_CARDS, WORKERS

OBSERVATION_SIZE = 95
PHASES = ("place", "resolve", "rest", "over")
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
ROW, SPACES, PLANS, STACK, PHASE, RESOLVING, ROUND = 7, 32, 62, 65, 81, 85, 94


def observation_size(game) -> int:
    """Length of `encode_view`'s vector (the same for every card set)."""
    return OBSERVATION_SIZE


def encode_view(game, view: dict) -> list[float]:
    """The flat observation of ``view`` (layout in the module docstring)."""
    me = view["seat"] if view["seat"] is not None else 0
    out = [0.0] * OBSERVATION_SIZE
    for offset, seat in ((0, me), (3, 1 - me)):
        r = view["resources"][seat]
        out[offset:offset + 3] = [r["tree"] / MAX_AMOUNT, r["bark"] / MAX_AMOUNT,
                                  r["cork"] / MAX_AMOUNT]
    out[6] = float(me == 0)
    for i, slot in enumerate(view["row"]):
        out[ROW + NUM_ACTIONS_CARDS * i + slot["card"]] = 1.0
        for s, w in enumerate(slot["spaces"]):
            if w is not None:
                base = SPACES + 3 * MAX_SPACES * slot["card"] + 3 * s
                out[base + (0 if w["owner"] == me else 1)] = 1.0
                out[base + 2] = float(w["intern"])
    for plan in view["plans"]:
        out[PLANS + plan["plan"]] = float(plan["side"])
    for i, w in enumerate(view["stack"][:WORKERS]):
        base = STACK + 4 * i
        out[base] = 1.0
        out[base + (1 if w["owner"] == me else 2)] = 1.0
        out[base + 3] = float(w["intern"])
    out[PHASE + PHASES.index(view["phase"])] = 1.0
    info = view["resolving"]
    if info is not None:
        out[RESOLVING + info["card"]] = 1.0
        out[RESOLVING + NUM_ACTIONS_CARDS + info["space"]] = 1.0
        out[RESOLVING + 7] = info["uses_left"] / 2
        out[RESOLVING + 8] = float(info["owner"] == me)
    out[ROUND] = min(1.0, view["round"] / view["max_rounds"])
    return out


def encode_state(game, state, seat: int | None, out) -> None:
    """`encode_view` of ``state.view(seat)`` read from the state, without building the view,
    written into ``out`` (zeroed: only the entries that are not 0 are written; Cortiça hides
    nothing)."""
    me = seat if seat is not None else 0
    interns = state.interns
    for offset, s in ((0, me), (3, 1 - me)):
        tree, bark, cork = state.resources[s]
        out[offset] = tree / MAX_AMOUNT
        out[offset + 1] = bark / MAX_AMOUNT
        out[offset + 2] = cork / MAX_AMOUNT
    if me == 0:
        out[6] = 1.0
    for i, card in enumerate(state.row):
        out[ROW + NUM_ACTIONS_CARDS * i + card] = 1.0
        for s, w in enumerate(state.spaces[card]):
            if w >= 0:
                base = SPACES + 3 * MAX_SPACES * card + 3 * s
                out[base + (0 if w % 2 == me else 1)] = 1.0
                if interns[w]:
                    out[base + 2] = 1.0
    for plan, side in enumerate(state.plans):
        if side:
            out[PLANS + plan] = 1.0
    for i, w in enumerate(state.stack[:WORKERS]):
        base = STACK + 4 * i
        out[base] = 1.0
        out[base + (1 if w % 2 == me else 2)] = 1.0
        if interns[w]:
            out[base + 3] = 1.0
    phase = state.phase
    out[PHASE + _PHASE_INDEX[phase]] = 1.0
    if phase == "resolve":
        card, space = state.queue[0]
        out[RESOLVING + card] = 1.0
        out[RESOLVING + NUM_ACTIONS_CARDS + space] = 1.0
        out[RESOLVING + 7] = state.uses_left / 2
        if state.spaces[card][space] % 2 == me:
            out[RESOLVING + 8] = 1.0
    out[ROUND] = min(1.0, state.round / game.max_rounds)
