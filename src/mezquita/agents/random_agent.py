"""The uniform random agent: the baseline every other bot must beat."""

from __future__ import annotations

from .base import Agent, Turn


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    name = "random"

    def act(self, turn: Turn) -> int:
        return self.rng.choice(turn.legal)
