"""A bot that makes visible mistakes: another agent's move, or now and then a random one.

``heuristic-N`` is the game's heuristic wrapped in a `Blunderer` with a share of N percent:
the usual Easy level (``levels.py``)."""

from __future__ import annotations

from mezquita.engine import Game, MezquitaError

from .base import Agent, Turn


class Blunderer(Agent):
    """Plays ``inner``'s move, except that at a share ``mistakes`` of its decisions (0..1)
    it plays a uniformly random legal action instead."""

    def __init__(self, game: Game, seed: int, inner: Agent, mistakes: float) -> None:
        super().__init__(game, seed)
        if not 0.0 <= mistakes <= 1.0:
            raise MezquitaError(f"a share of mistakes must be 0..100 percent, not {mistakes:.0%}")
        self.inner = inner
        self.mistakes = mistakes

    def act(self, turn: Turn) -> int:
        if len(turn.legal) > 1 and self.rng.random() < self.mistakes:
            return self.rng.choice(turn.legal)
        return self.inner.act(turn)
