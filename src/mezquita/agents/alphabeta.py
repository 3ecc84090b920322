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
is spent (then the last completed depth decides). A transposition table keeps, per position,
the value found, whether it is exact or a bound, the depth searched and the best action: a
position reached again (by another move order, or in the next iteration) at no greater depth
is answered from the table, and otherwise its best action is tried first. Positions are keyed
by the game's ``search_key`` hook (two move orders reaching the same position share one entry);
for a game without one, by the path from the root (no transpositions, but the ordering across
iterations still works). The remaining actions are ordered by the history heuristic: actions
that caused a cut-off anywhere in the tree, weighted by the depth left, first. Ties at the root
go to the game's heuristic's move where the game has one (so a search that sees no difference,
as in a position it judges lost, still plays a sensible move), else to the bot's own seeded
generator. Names: ``alphabeta-3`` (depth 3),
``alphabeta-0.5s`` (0.5 seconds per decision), ``alphabeta`` (depth `DEFAULT_DEPTH`).
"""

from __future__ import annotations

import math
import time

from mezquita.engine import Game, State

from .base import Agent, Turn
from .mcts import TEMPERATURE, estimate_returns
from .registry import UnknownAgent, agent_family, make_agent

DEFAULT_DEPTH = 4
#: bound of a leaf evaluation: strictly below the value of any finished game
EVAL_LIMIT = 0.95
#: how much a result loses per ply of distance (a sooner win is better)
DISTANCE_DISCOUNT = 1e-4
#: the deepest iteration a time budget may reach
MAX_DEPTH = 64


class _OutOfTime(Exception):
    """Raised inside the search when the time budget is spent."""


#: kinds of a table entry: the exact value, or a lower or an upper bound of it
EXACT, LOWER, UPPER = 0, 1, 2


class AlphaBeta(Agent):
    """Negamax alpha-beta with iterative deepening, a transposition table and history move
    ordering (see the module docstring).

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
        self.key = game.search_key
        self.nodes = 0  # nodes visited by the last decision
        self.hits = 0  # of which answered from the transposition table
        self.reached = 0  # depth of the last completed iteration
        self._deadline = math.inf
        #: position key -> (depth searched, value, EXACT/LOWER/UPPER, best action)
        self._table: dict = {}
        self._history: dict[int, int] = {}
        #: plays the root's ties (the search keeps the first best move it meets)
        self._tie_breaker = make_agent("heuristic", game, seed) if game.heuristic else None

    def act(self, turn: Turn) -> int:
        if len(turn.legal) == 1:
            return turn.legal[0]
        root = turn.sample(self.rng)
        order = list(turn.legal)
        self.rng.shuffle(order)
        if self._tie_breaker is not None:
            preferred = self._tie_breaker.act(turn)
            order.remove(preferred)
            order.insert(0, preferred)
        self._table, self._history = {}, {}
        self.nodes = self.hits = self.reached = 0
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
        key = path if self.key is None else self.key(state)
        entry = self._table.get(key)
        if entry is not None and entry[0] >= max(depth, 0):
            _, value, kind, _ = entry
            if kind == EXACT or (kind == LOWER and value >= beta) or (kind == UPPER and value <= alpha):
                self.hits += 1
                return value
        if depth <= 0:
            value = max(-EVAL_LIMIT, min(EVAL_LIMIT, self.evaluate(state, seat)))
            self._table[key] = (0, value, EXACT, -1)
            return value
        if time.perf_counter() > self._deadline:
            raise _OutOfTime
        legal = self._ordered(state.legal_actions(seat), entry[3] if entry else -1)
        start_alpha = alpha
        best_value, best_action = -math.inf, legal[0]
        for action in legal:
            value = self._child(state, seat, action, depth, alpha, beta, (*path, action))
            if value > best_value:
                best_value, best_action = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._history[action] = self._history.get(action, 0) + depth * depth
                        break
        kind = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        self._table[key] = (depth, best_value, kind, best_action)
        return best_value

    def _ordered(self, legal: list[int], known: int) -> list[int]:
        """``legal`` with the table's best action first, then by history (stable otherwise)."""
        history = self._history
        if history:
            legal = sorted(legal, key=lambda a: -history.get(a, 0))
        if known >= 0 and known in legal and legal[0] != known:
            legal = [known, *(a for a in legal if a != known)]
        return legal


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
