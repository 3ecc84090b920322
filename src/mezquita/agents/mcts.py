"""Monte Carlo tree search (UCT) over the engine contract, and the search budget.

One open-loop search core serves both search bots. Each iteration starts from a fresh
*world* (a full state), walks the tree with UCB1 while the tree covers the world's legal
actions, adds one node, finishes with a playout and backs the returns up the path.
Playouts choose uniformly at random unless the game offers a cheap ``rollout_policy`` (it
runs on the search's own world, never on the true state). They stop after
``DEFAULT_PLAYOUT_LIMIT`` actions and score the position with `estimate_returns` (a softmax
of the scores, or of the game's ``cut_scores`` for a bot that asks for them, so a close
second still earns part of the point): long games such as
Citadels then cost a bounded time per iteration, while a single game of Córdoba (20
decisions) is always played out to its end; a two-game Córdoba match (40) is cut too.

A node is keyed by ``(seat, action id)`` and scores its visits from the point of view of the
seat that moved into it, so any number of seats works (max^n-style backup of per-seat
returns). Children that a world does not offer are simply skipped; selection uses
*availability counts* (how often a child was selectable) instead of the parent's visits,
which is exact UCT when the legal sets never change and the information-set form of
Cowling et al. (2012) when they do.

In a deterministic two-player game with perfect information (every node then stands for one
position) the search is also a *solver* (MCTS-Solver, Winands, Björnsson and Saito 2008, with
draws): a node whose position is over is *proven* with its returns; a node where the seat to
move has a child proven as a win for it is proven with that child's returns, and one whose
every legal action leads to a proven child is proven with the best of them for that seat.
Iterations stop at a proven node and back its returns up without a playout, selection never
enters a child proven lost for the seat to move, the search ends once the root is proven, and
the bot plays a proven win when it has one.

`MCTS` (this module) searches one world per decision: for games without hidden information
``turn.sample(rng)`` is the true position with its future chance reseeded, and every
iteration reseeds chance again, so chance nodes are handled open-loop. For games with
hidden information it is a single-determinisation baseline (one guess of the hidden cards
per decision); `ISMCTS` (``ismcts.py``) redraws the world every iteration.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from mezquita.engine import Game, Rng, State, share_wins

from .base import Agent, Turn
from .registry import UnknownAgent, agent_family

#: UCB1 exploration constant for returns in [0, 1] (close to 1/sqrt(2)).
EXPLORATION = 0.7
DEFAULT_ITERATIONS = 1000
#: softmax temperature, in score points, for a cut playout (None: the leaders take all);
#: in 4-player Citadels 3.0 beat leader-takes-all (see docs/arena.md).
TEMPERATURE: float | None = 3.0
#: actions per playout before the position is scored (a single Córdoba game is 20 decisions
#: long, so its playouts reach the end; a Córdoba match, Citadels and Cortiça are cut).
DEFAULT_PLAYOUT_LIMIT = 20


@dataclass(frozen=True)
class Budget:
    """How long a search bot thinks per decision: ``iterations`` or wall-clock ``seconds``."""

    iterations: int | None = None
    seconds: float | None = None

    @classmethod
    def of(cls, level: int | float | None) -> Budget:
        """From an agent level: an int counts iterations, a float is seconds, None the default."""
        if level is None:
            return cls(iterations=DEFAULT_ITERATIONS)
        if isinstance(level, float):
            if level <= 0:
                raise UnknownAgent(f"a time budget must be positive, not {level}s")
            return cls(seconds=level)
        if level < 1:
            raise UnknownAgent(f"an iteration budget must be at least 1, not {level}")
        return cls(iterations=level)


class Node:
    """A tree node: reached by ``seat`` playing an action; statistics from ``seat``'s side."""

    __slots__ = ("available", "children", "legal", "proven", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[int, Node] = {}
        self.legal = 0  # legal actions at the node's position (solver only)
        #: the returns of the node's position when the solver has proven them, else None
        self.proven: list[float] | None = None


@dataclass
class SearchStats:
    """What the last decision's search did (for benchmarks and curious users)."""

    iterations: int = 0
    playout_steps: int = 0
    seconds: float = 0.0

    @property
    def mean_playout(self) -> float:
        """Mean number of random actions per playout."""
        return self.playout_steps / self.iterations if self.iterations else 0.0


class MCTS(Agent):
    """UCT on one world per decision (see the module docstring).

    Args:
        game: the game played.
        seed: seeds the bot's own generator; iteration budgets then reproduce exactly.
        budget: iterations or seconds per decision.
        exploration: the UCB1 constant.
        playout_limit: actions per playout before the position is scored with
            `estimate_returns` (None: play to the end).
        temperature: softmax temperature of that score, in score points (None: the
            leaders share the point).
        model_opponents: the other seats move by the game's ``rollout_policy`` inside the
            tree too (an opponent model), so the tree holds only the deciding seat's own
            decisions; without a policy this has no effect.
        cut_scores: a cut playout is scored by the game's ``cut_scores`` (which also count
            what later turns turn into points) instead of ``scores()``; a game without
            them is scored by ``scores()``.
    """

    name = "mcts"

    def __init__(self, game: Game, seed: int = 0, budget: Budget | None = None,
                 exploration: float = EXPLORATION,
                 playout_limit: int | None = DEFAULT_PLAYOUT_LIMIT,
                 temperature: float | None = TEMPERATURE, model_opponents: bool = False,
                 cut_scores: bool = False) -> None:
        super().__init__(game, seed)
        self.budget = budget or Budget(iterations=DEFAULT_ITERATIONS)
        self.exploration = exploration
        self.playout_limit = playout_limit
        self.temperature = temperature
        self._policy = game.rollout_policy
        self._model = self._policy if model_opponents else None
        self._cut_scores = game.cut_scores if cut_scores else None
        self.stats = SearchStats()
        self._stride = game.num_actions
        self._solve = solvable(game) and not model_opponents and type(self)._worlds is MCTS._worlds

    def act(self, turn: Turn) -> int:
        if len(turn.legal) == 1:
            return turn.legal[0]
        return self._best(self.search(turn), turn)

    def search(self, turn: Turn) -> Node:
        """Search ``turn`` for the whole budget; return the root (``stats`` tells the effort)."""
        root = Node(turn.seat)
        worlds = self._worlds(turn)
        stats = self.stats = SearchStats()
        start = time.perf_counter()
        iterations, seconds = self.budget.iterations, self.budget.seconds
        deadline = start + seconds if seconds is not None else math.inf
        while True:
            stats.playout_steps += self._iterate(root, next(worlds))
            stats.iterations += 1
            if root.proven is not None or (iterations is not None and stats.iterations >= iterations):
                break
            if time.perf_counter() >= deadline:
                break
        stats.seconds = time.perf_counter() - start
        return root

    # -- the parts subclasses change ----------------------------------------------------
    def _worlds(self, turn: Turn):
        """An endless iterator of states to search from, one per iteration."""
        base = turn.sample(self.rng)
        while True:
            yield reseeded(base, self.rng)

    # -- one iteration ------------------------------------------------------------------
    def _iterate(self, root: Node, state: State) -> int:
        """Select, expand, play out and back up once; return the playout's length."""
        rng, c, stride, model, me = self.rng, self.exploration, self._stride, self._model, root.seat
        log, sqrt, solve = math.log, math.sqrt, self._solve
        node, path = root, [root]
        while (movers := state.to_move()) and node.proven is None:
            # in a simultaneous phase the searching seat chooses first: it decides without
            # seeing the others' choices (and the root then holds its own actions)
            seat = me if me in movers else movers[0]
            legal = state.legal_actions(seat)
            if model is not None and seat != me:  # open loop over the modelled opponents
                state.apply_unchecked(seat, model(state, seat, legal, rng))
                continue
            node.legal = len(legal)
            children = node.children
            base = seat * stride
            untried = []
            best, best_value, best_action = None, -1.0, -1
            for a in legal:  # one pass: availability counts and UCB1 of the known children
                child = children.get(base + a)
                if child is None:
                    untried.append(a)
                    continue
                child.available += 1
                if not untried:
                    visits, proven = child.visits, child.proven
                    if proven is None:
                        mean = child.total / visits
                    elif proven[seat] == 0.0:  # proven lost: never again
                        continue
                    else:
                        mean = proven[seat]
                    value = mean + c * sqrt(log(child.available) / visits)
                    if value > best_value:
                        best, best_value, best_action = child, value, a
            if untried:
                action = untried[int(rng.random() * len(untried))]
                best = children[base + action] = Node(seat)
                best.available = 1
                state.apply_unchecked(seat, action)
                path.append(best)
                if solve and not state.to_move():
                    best.proven = state.returns()
                break
            state.apply_unchecked(seat, best_action)
            assert best is not None  # every legal action has a child once none is untried
            node = best
            path.append(node)
        last = path[-1]
        if last.proven is not None:
            steps, returns = 0, last.proven
            for i in range(len(path) - 2, -1, -1):  # prove the ancestors that now can be
                if not prove(path[i]):
                    break
        else:
            steps = playout(state, rng, self.playout_limit, self._policy)
            returns = estimate_returns(state, self.temperature, self._cut_scores)
        for n in path:
            n.visits += 1
            n.total += returns[n.seat]
        return steps

    def _best(self, root: Node, turn: Turn) -> int:
        """A proven win if there is one, else the most visited legal action at the root not
        proven lost (ties: the lower id)."""
        seat, base = turn.seat, turn.seat * self._stride
        best, best_rank = turn.legal[0], (-1, -1)
        for a in turn.legal:
            child = root.children.get(base + a)
            if child is None:
                continue
            proven = child.proven
            rank = (1 if proven is None else 2 if proven[seat] == 1.0 else 0 if proven[seat] == 0.0 else 1,
                    child.visits)
            if rank > best_rank:
                best, best_rank = a, rank
        return best


def solvable(game: Game) -> bool:
    """Whether every node of the search stands for one position (the solver's condition)."""
    info = game.info
    return (game.num_players == 2 and not info.hidden_information and not info.chance
            and not info.simultaneous)


def prove(node: Node) -> bool:
    """Prove ``node`` from its children if their proofs settle it; return whether it is proven.
    Its children all belong to the seat to move there (the solver's games have one mover)."""
    children = node.children.values()
    best = None
    for child in children:
        proven = child.proven
        if proven is None:
            continue
        value = proven[child.seat]
        if value == 1.0:
            node.proven = proven
            return True
        if best is None or value > best[child.seat]:
            best = proven
    if best is not None and len(node.children) == node.legal and all(c.proven is not None for c in children):
        node.proven = best
        return True
    return False


def reseeded(state: State, rng: random.Random) -> State:
    """A copy of ``state`` with fresh future chance drawn from ``rng``."""
    world = state.clone()
    world.rng = Rng(rng.getrandbits(64))
    return world


def playout(state: State, rng: random.Random, limit: int | None = None,
            policy: Callable[[State, int, list[int], random.Random], int] | None = None) -> int:
    """Play to the end, or ``limit`` actions, choosing with ``policy`` (the game's
    ``rollout_policy``; None: uniformly at random); return how many actions were played."""
    steps = 0
    stop = math.inf if limit is None else limit
    while (movers := state.to_move()) and steps < stop:
        seat = movers[0]
        legal = state.legal_actions(seat)
        action = (legal[int(rng.random() * len(legal))] if policy is None
                  else policy(state, seat, legal, rng))
        state.apply_unchecked(seat, action)
        steps += 1
    return steps


def estimate_returns(state: State, temperature: float | None = None,
                     cut_scores: Callable[[State], list[float]] | None = None) -> list[float]:
    """Returns of a finished state. For a playout cut short: with ``temperature`` None the
    current leaders by ``scores()`` (or ``cut_scores(state)``) share the point; otherwise
    each seat gets its softmax share ``exp(score / temperature)``, so a close second still
    counts."""
    if state.is_terminal():
        return state.returns()
    scores = state.scores() if cut_scores is None else cut_scores(state)
    if temperature is None:
        return share_wins(scores)
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


@agent_family("mcts")
def _mcts(game: Game, seed: int, level: int | float | None) -> Agent:
    return MCTS(game, seed, Budget.of(level))
