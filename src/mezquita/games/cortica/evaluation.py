"""A Cortiça position's value for depth-limited search (``Game.evaluation``, used by alphabeta).

Each seat's resources are worth a fixed table (cork far above bark above oak trees, the
heuristic's table). The workers already placed but not yet resolved are counted too, as the
round will resolve them: left to right, each (an intern twice) makes its owner's best
conversion on its card at that point, Hire worth a bonus while the game is young. Without
this a search that stops mid-round would not see what its placements are about to earn.
The seat on top of the stack wins a full tie (rule 9) and places first: a small bonus.
The value is ``tanh`` of the seat's worth minus the opponent's, scaled so that one cork
(10 points) is about a third of the range.
"""

from __future__ import annotations

import math
from typing import Protocol

from .cards import MAX_AMOUNT, CardSet, Effect

#: oak tree, bark, cork (the heuristic plays by the same table and Hire bonus)
VALUES = (1.5, 3.0, 10.0)
HIRE_VALUE = 4.0
#: rounds in which hiring still pays (the median game lasts 8-9 rounds); later, Hire is
#: worth ``LATE_HIRE`` of ``HIRE_VALUE``
HIRE_ROUNDS = 8
LATE_HIRE = 0.3
TOP_BONUS = 1.0
SCALE = 30.0


class _Rules(Protocol):
    """What the evaluation reads of the game: its card set."""

    @property
    def cards(self) -> CardSet: ...


class _Position(Protocol):
    """What the evaluation reads of a state (`rules.CorticaState`, which imports this module,
    so it is not named here)."""

    @property
    def game(self) -> _Rules: ...
    @property
    def resources(self) -> list[list[int]]: ...
    @property
    def row(self) -> list[int]: ...
    @property
    def plans(self) -> list[int]: ...
    @property
    def stack(self) -> list[int]: ...
    @property
    def interns(self) -> list[bool]: ...
    @property
    def spaces(self) -> list[list[int]]: ...
    @property
    def phase(self) -> str: ...  # the rules' `Phase`, a str enum
    @property
    def queue(self) -> list[list[int]]: ...
    @property
    def uses_left(self) -> int: ...
    @property
    def round(self) -> int: ...


def evaluate(state: _Position, seat: int) -> float:
    """The value of ``state`` for ``seat`` in [-1, 1] (see the module docstring)."""
    res = [list(r) for r in state.resources]
    worth = [0.0, 0.0]
    hire = HIRE_VALUE if state.round < HIRE_ROUNDS else LATE_HIRE * HIRE_VALUE
    for card, space, uses in _pending(state):
        worker = state.spaces[card][space]
        owner = worker % 2
        for _ in range(uses):
            worth[owner] += _best_use(state, card, res[owner], hire)
    for s in (0, 1):
        r = res[s]
        worth[s] += r[0] * VALUES[0] + r[1] * VALUES[1] + r[2] * VALUES[2]
    worth[state.stack[0] % 2 if state.stack else 0] += TOP_BONUS
    return math.tanh((worth[seat] - worth[1 - seat]) / SCALE)


def _pending(state: _Position) -> list[tuple[int, int, int]]:
    """``(card, space, uses)`` of the workers still to resolve this round, in order."""
    if state.phase == "resolve":
        (card, space), *rest = state.queue
        return [(card, space, state.uses_left),
                *((c, s, 2 if state.interns[state.spaces[c][s]] else 1) for c, s in rest)]
    if state.phase != "place":
        return []
    return [(c, s, 2 if state.interns[w] else 1) for c in state.row[1:]
            for s, w in enumerate(state.spaces[c]) if w >= 0]


def _best_use(state: _Position, card: int, res: list[int], hire: float) -> float:
    """Make the best conversion of ``card`` on ``res`` (in place); return the worth it adds."""
    cards = state.game.cards
    before = res[0] * VALUES[0] + res[1] * VALUES[1] + res[2] * VALUES[2]
    best, best_res = 0.0, None
    for effect in cards.actions[card].options:
        if effect.special == "hire":
            if hire > best:
                best, best_res = hire, None
            continue
        if effect.special == "use_plan":
            candidates = [plan.sides[state.plans[p]] for p, plan in enumerate(cards.plans)]
        elif effect.special is None:
            candidates = [effect]
        else:
            continue
        for eff in candidates:
            if res[0] >= eff.pay[0] and res[1] >= eff.pay[1] and res[2] >= eff.pay[2]:
                after = _converted(res, eff)
                gain = after[0] * VALUES[0] + after[1] * VALUES[1] + after[2] * VALUES[2] - before
                if gain > best:
                    best, best_res = gain, after
    if best_res is not None:
        res[:] = best_res
        return 0.0  # the gain shows in the resources themselves
    return best


def _converted(res: list[int], effect: Effect) -> list[int]:
    """``res`` after paying and gaining (rules 1 and 11: ``instead`` checked first, capped)."""
    gain = effect.gain
    if effect.if_have is not None and all(h <= r for h, r in zip(effect.if_have, res, strict=True)):
        gain = effect.instead_gain or gain
    return [min(MAX_AMOUNT, res[i] - effect.pay[i] + gain[i]) for i in range(3)]
