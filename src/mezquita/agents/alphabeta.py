"""Alpha-beta search (negamax with iterative deepening) for deterministic two-player games with
perfect information, over the engine contract.

Depth counts decisions, so in a game whose turn is several decisions (a stone, then its
destination) one turn takes several plies of depth. A node's value is from the side of the seat
to move there; the sign flips only where the seat to move changes, so a seat making several
decisions in a row needs nothing special. Leaves are scored by the game's ``evaluation`` hook
(a value in [-1, 1] for a seat) or, for a game without one, from its ``scores()`` (the softmax
share MCTS uses for cut playouts, mapped to [-1, 1]); finished games by their returns, a sooner
win worth slightly more than a later one. Evaluations are kept inside (-0.95, 0.95), below any
result.

Iterative deepening searches depth 1, 2, ... up to the depth budget or until the time budget
is spent (then the last completed depth decides); a table of the best action found at each
path from the root orders the next iteration's search, best first. Ties at the root are broken
by the bot's own seeded generator. Names: ``alphabeta-3`` (depth 3), ``alphabeta-0.5s``
(0.5 seconds per decision), ``alphabeta`` (depth `DEFAULT_DEPTH`).
"""

from __future__ import annotations

import math
import time

from mezquita.engine import Game, State

from .base import Agent, Turn
from .mcts import TEMPERATURE, estimate_returns
from .registry import UnknownAgent, agent_family

DEFAULT_DEPTH = 4
#: bound of a leaf evaluation: strictly below the value of any finished game
EVAL_LIMIT = 0.95
#: how much a result loses per ply of distance (a sooner win is better)
DISTANCE_DISCOUNT = 1e-4
#: the deepest iteration a time budget may reach
MAX_DEPTH = 64


class _OutOfTime(Exception):
    """Raised inside the search when the time budget is spent."""


class AlphaBeta(Agent):
    """Negamax alpha-beta with iterative deepening (see the module docstring).

    Args:
        game: the game played (deterministic, perfect information, two seats).
        seed: seeds the root tie-breaks.
        depth: the deepest iteration, in decisions (None: only the time budget limits it).
        seconds: the time budget per decision (None: only the depth limits it).
    """

    name = "alphabeta"

    def __init__(self, game: Game, seed: int = 0, depth: int | None = DEFAULT_DEPTH,
                 seconds: float | None = None) -> None:
        super().__init__(game, seed)
        check_searchable(game)
        self.depth = depth
        self.seconds = seconds
        self.evaluate = game.evaluation or _score_evaluation
        self.nodes = 0  # nodes visited by the last decision
        self.reached = 0  # depth of the last completed iteration
        self._deadline = math.inf
        self._best: dict[tuple[int, ...], int] = {}

    def act(self, turn: Turn) -> int:
        if len(turn.legal) == 1:
            return turn.legal[0]
        root = turn.sample(self.rng)
        order = list(turn.legal)
        self.rng.shuffle(order)
        self._best = {}
        self.nodes = self.reached = 0
        self._deadline = time.perf_counter() + self.seconds if self.seconds else math.inf
        best = order[0]
        last = self.depth or MAX_DEPTH
        try:
            for depth in range(1, last + 1):
                value, best = self._root(root, turn.seat, depth, order)
                self.reached = depth
                order.remove(best)
                order.insert(0, best)
                if abs(value) > EVAL_LIMIT:  # a forced result: deeper search cannot change it
                    break
        except _OutOfTime:
            pass
        return best

    def action_value(self, state: State, seat: int, action: int, depth: int) -> float:
        """The exact value in [-1, 1] for ``seat`` of playing ``action`` in ``state``, searched
        ``depth`` decisions deep with a full window and no time limit (for analysis: every
        action's value, where play only needs the best one's)."""
        self._deadline = math.inf
        return self._child(state, seat, action, depth, -math.inf, math.inf, (action,))

    def _root(self, state: State, seat: int, depth: int, order: list[int]) -> tuple[float, int]:
        alpha, best = -math.inf, order[0]
        for action in order:
            value = self._child(state, seat, action, depth, alpha, math.inf, (action,))
            if value > alpha:
                alpha, best = value, action
        return alpha, best

    def _child(self, state: State, seat: int, action: int, depth: int, alpha: float, beta: float,
               path: tuple[int, ...]) -> float:
        """The value for ``seat`` of playing ``action`` in ``state``."""
        child = state.clone()
        child.apply_unchecked(seat, action)
        movers = child.to_move()
        if movers and movers[0] != seat:
            return -self._negamax(child, movers[0], depth - 1, -beta, -alpha, path)
        return self._negamax(child, seat, depth - 1, alpha, beta, path)

    def _negamax(self, state: State, seat: int, depth: int, alpha: float, beta: float,
                 path: tuple[int, ...]) -> float:
        """The value of ``state`` for ``seat`` (the seat to move, or the last mover at the end)."""
        self.nodes += 1
        if not state.to_move():
            distance = len(path) * DISTANCE_DISCOUNT
            return (2.0 * state.returns()[seat] - 1.0) * (1.0 - distance)
        if depth <= 0:
            return max(-EVAL_LIMIT, min(EVAL_LIMIT, self.evaluate(state, seat)))
        if time.perf_counter() > self._deadline:
            raise _OutOfTime
        legal = state.legal_actions(seat)
        known = self._best.get(path)
        if known is not None and known in legal and legal[0] != known:
            legal = [known, *(a for a in legal if a != known)]
        best_value, best_action = -math.inf, legal[0]
        for action in legal:
            value = self._child(state, seat, action, depth, alpha, beta, (*path, action))
            if value > best_value:
                best_value, best_action = value, action
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        self._best[path] = best_action
        return best_value


def check_searchable(game: Game) -> None:
    """Raise `UnknownAgent` unless ``game`` is a deterministic two-seat perfect-information game."""
    info = game.info
    reason = ("it has hidden information" if info.hidden_information else
              "it has chance" if info.chance else
              "it has simultaneous moves" if info.simultaneous else
              f"it has {game.num_players} seats" if game.num_players != 2 else None)
    if reason:
        raise UnknownAgent(f"alphabeta searches deterministic two-player games with perfect "
                           f"information; {info.id} cannot be searched ({reason}): use mcts or ismcts")


def _score_evaluation(state: State, seat: int) -> float:
    """For games without an ``evaluation`` hook: the softmax share of the scores, in [-1, 1]."""
    return 2.0 * estimate_returns(state, TEMPERATURE)[seat] - 1.0


@agent_family("alphabeta")
def _alphabeta(game: Game, seed: int, level: int | float | None) -> Agent:
    if isinstance(level, float):
        if level <= 0:
            raise UnknownAgent(f"a time budget must be positive, not {level}s")
        return AlphaBeta(game, seed, depth=None, seconds=level)
    if level is not None and level < 1:
        raise UnknownAgent(f"a search depth must be at least 1, not {level}")
    return AlphaBeta(game, seed, depth=level or DEFAULT_DEPTH)
