"""ISMCTS anchored on the game's heuristic: search, but keep the heuristic's move unless the
search clearly prefers another.

A small search budget in a long game with hidden information (Citadels at 4 players gets a
few hundred iterations a second) leaves the visit counts noisy: plain ISMCTS then often
plays a move that is worse than the one the hand-written heuristic would have played. This
bot runs the same search (``ismcts.py``, with the game's belief and rollout policy) and
also asks the heuristic; it plays the search's most visited action only when that action
has at least ``1 + MARGIN`` times the visits of the heuristic's, otherwise the heuristic's
(a one-hot prior over the root, in the spirit of progressive bias). Names ``guided-N``
(iterations) and ``guided-Xs`` (seconds), like ``ismcts``.
"""

from __future__ import annotations

from mezquita.engine import Game

from .base import Agent, Turn
from .ismcts import ISMCTS
from .mcts import Budget, Node
from .registry import UnknownAgent, agent_family, make_agent

#: how much more the search must visit its own pick to overrule the heuristic
MARGIN = 0.5


class GuidedISMCTS(ISMCTS):
    """ISMCTS whose root choice defaults to the game's heuristic (see the module docstring)."""

    name = "guided"

    def __init__(self, game: Game, seed: int = 0, budget: Budget | None = None,
                 margin: float = MARGIN) -> None:
        super().__init__(game, seed, budget)
        self.heuristic = make_agent("heuristic", game, seed + 1)
        self.margin = margin

    def _best(self, root: Node, turn: Turn) -> int:
        searched = super()._best(root, turn)
        anchor = self.heuristic.act(turn)
        base = turn.seat * self._stride
        mine, theirs = root.children.get(base + searched), root.children.get(base + anchor)
        if mine is None or theirs is None:
            return anchor
        return searched if mine.visits >= (1.0 + self.margin) * theirs.visits else anchor


@agent_family("guided")
def _guided(game: Game, seed: int, level: int | float | None) -> Agent:
    if getattr(game, "heuristic", None) is None:
        raise UnknownAgent(f"guided search needs the game's heuristic; {game.info.id} has none")
    return GuidedISMCTS(game, seed, Budget.of(level))
