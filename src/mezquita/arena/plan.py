"""`Plan`: a whole tournament as plain data, so any process or cluster node can play any game.

Game ``i`` of a plan depends only on the plan and ``i`` (deal seed, seat rotation, agent
seeds), which is what lets backends play games in any order, on any worker, and lets an
interrupted run skip the games it already has.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import lru_cache

from mezquita.engine import Game, load

from .tournament import GameResult, game_seed, play_game, seating

#: resamples per decision for the hidden-information measure (see ``hidden.py``)
HIDDEN_SAMPLES = 4


@dataclass(frozen=True)
class Plan:
    """A tournament: game, options, agents (rotated over the seats), game count and seed."""

    game: str
    agents: list[str]
    games: int
    seed: int = 0
    options: dict = field(default_factory=dict)
    hidden_samples: int = HIDDEN_SAMPLES
    records: bool = False

    @classmethod
    def of(cls, game: Game, agents: list[str], games: int, seed: int = 0,
           hidden_samples: int = HIDDEN_SAMPLES, records: bool = False) -> Plan:
        """The plan for a loaded game; ``records`` keeps each game's record in its result."""
        return cls(game.info.id, list(agents), games, seed, dict(game.options), hidden_samples,
                   records)

    def load(self) -> Game:
        """The configured game (cached per process)."""
        return _load(self.game, json.dumps(self.options, sort_keys=True))

    def play(self, index: int) -> GameResult:
        """Play game ``index``; the same plan and index always give the same game."""
        game = self.load()
        samples = self.hidden_samples if game.info.hidden_information else 0
        return play_game(game, seating(self.agents, game.num_players, index),
                         game_seed(self.seed, index), index, self.records, samples)

    def to_json(self) -> dict:
        """The plan as JSON (option tuples become lists)."""
        return json.loads(json.dumps(asdict(self)))

    @classmethod
    def from_json(cls, data: dict) -> Plan:
        """Inverse of ``to_json``."""
        return cls(**data)


@lru_cache(maxsize=8)
def _load(game_id: str, options: str) -> Game:
    return load(game_id, **json.loads(options))


def play_index(plan: Plan, index: int) -> GameResult:
    """``plan.play(index)`` as a plain function, for process pools and Ray tasks."""
    return plan.play(index)
