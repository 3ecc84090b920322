"""`Plan`: a whole tournament as plain data, so any process or cluster node can play any game.

A plan has one or more *variants* (option sets laid over the base options, e.g. ``hand=1``
and ``hand=3``) and ``games`` games per variant. Game ``i`` belongs to variant
``i % len(variants)`` and is that variant's game number ``j = i // len(variants)``: its deal
seed comes from ``j`` (so variants are compared on the same seeds) and its seating from the
fair schedule (``schedule.py``). A game depends only on the plan and ``i``, which lets
backends play games in any order, on any worker, and lets an interrupted run skip the games
it already has; raising ``games`` keeps every existing index.

A variant may also carry a restriction (``{"restrict": "never:character=architect"}``, see
``restrict.py``): in game number ``j`` it binds seat ``j % players`` (the denied player, so
every seat is denied equally often and game ``j`` of the unrestricted variant, on the same
deal and seats, is its control), or every seat with ``@all``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import lru_cache

from mezquita.engine import Game, derive_seed, load

from .restrict import KEY, Restriction
from .schedule import seating
from .tournament import GameResult, play_game

#: resamples per decision for the hidden-information measure (see ``hidden.py``)
HIDDEN_SAMPLES = 4


@dataclass(frozen=True)
class Plan:
    """A tournament: game, base options, variants, agents, games per variant and seed."""

    game: str
    agents: list[str]
    games: int
    seed: int = 0
    options: dict = field(default_factory=dict)
    hidden_samples: int = HIDDEN_SAMPLES
    records: bool = False
    variants: list[dict] = field(default_factory=lambda: [{}])

    @classmethod
    def of(cls, game: Game, agents: list[str], games: int, seed: int = 0,
           hidden_samples: int = HIDDEN_SAMPLES, records: bool = False,
           variants: list[dict] | None = None) -> Plan:
        """The plan for a loaded game; ``records`` keeps each game's record in its result."""
        return cls(game.info.id, list(agents), games, seed, dict(game.options), hidden_samples,
                   records, [dict(v) for v in variants] if variants else [{}])

    @property
    def total(self) -> int:
        """Games in the whole plan (all variants)."""
        return self.games * len(self.variants)

    def load(self, variant: int = 0) -> Game:
        """The configured game of ``variant`` (cached per process)."""
        options = dict(self.options, **self.variants[variant])
        options.pop(KEY, None)
        return _load(self.game, json.dumps(options, sort_keys=True))

    def variant_name(self, variant: int) -> str:
        """``"hand=3 landmarks=5"``: what the variant changes (``"base"`` if nothing)."""
        return " ".join(f"{k}={_short(v)}" for k, v in self.variants[variant].items()) or "base"

    def restriction(self, variant: int) -> Restriction | None:
        """The variant's restriction, if it has one."""
        spec = self.variants[variant].get(KEY)
        return Restriction.parse(spec) if spec else None

    def play(self, index: int) -> GameResult:
        """Play game ``index``; the same plan and index always give the same game."""
        variant, number = index % len(self.variants), index // len(self.variants)
        game = self.load(variant)
        players = game.num_players
        samples = self.hidden_samples if game.info.hidden_information else 0
        restriction = self.restriction(variant)
        seats = (range(players) if restriction and restriction.every_seat
                 else [number % players])
        return play_game(game, seating(self.agents, players, number),
                         derive_seed(self.seed, "game", number), index, self.records, samples,
                         variant, restriction, seats)

    def to_json(self) -> dict:
        """The plan as JSON (option tuples become lists)."""
        return json.loads(json.dumps(asdict(self)))

    @classmethod
    def from_json(cls, data: dict) -> Plan:
        """Inverse of ``to_json`` (plans written before variants existed have one)."""
        return cls(**data)


def _short(value: object) -> str:
    """A card-set path shows as its file name."""
    text = str(value)
    return text.rsplit("/", 1)[-1] if "/" in text else text


@lru_cache(maxsize=16)
def _load(game_id: str, options: str) -> Game:
    return load(game_id, **json.loads(options))


def play_index(plan: Plan, index: int) -> GameResult:
    """``plan.play(index)`` as a plain function, for process pools and Ray tasks."""
    return plan.play(index)
