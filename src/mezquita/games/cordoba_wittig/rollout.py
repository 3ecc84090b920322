"""A cheap playout policy for search bots (``Game.rollout_policy``): race forwards, mostly.

Uniformly random playouts wander sideways as often as forwards and rarely finish a race, so
with probability `GREEDY` this policy picks a stone that can still arrive (not dead, see
`evaluation.is_dead`, and not yet on the far row) and, again with probability `GREEDY`, the
destination furthest forwards (ties at random); every other decision is uniformly random. It
reads the search's own copy of the state.
"""

from __future__ import annotations

from .evaluation import is_dead

#: how often a playout takes a racing stone, and the most forward destination
GREEDY = 0.8


def rollout_policy(state, seat: int, legal: list[int], rng) -> int:
    """The playout's action among ``legal`` (ids) for ``seat``."""
    phase = state.phase
    if phase == "to" and rng.random() < GREEDY:
        to = state.game.TO
        columns = state.game.board.columns
        rows = [to.indices(a)[0] // columns for a in legal]
        top = max(rows)
        legal = [a for a, r in zip(legal, rows) if r == top]
    elif phase == "stone" and len(legal) > 1 and rng.random() < GREEDY:
        game = state.game
        board, stone, far = game.board, game.STONE, game.board.rows * game.board.columns
        racing = [a for a in legal
                  if (f := state.at[stone.indices(a)[0]]) < far and not is_dead(board, f)]
        legal = racing or legal
    return legal[int(rng.random() * len(legal))]
