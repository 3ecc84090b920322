"""Seat-rotated games between named agents, and their summary.

Game ``i`` of a tournament is dealt from its own seed (derived from the tournament seed) and
seats the agents rotated by ``i``, so every agent sits in every seat equally often and the
same seed always gives the same games.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

from mezquita.agents import Turn, make_agent
from mezquita.engine import Game, Record, derive_seed

from .hidden import HiddenTally
from .stats import describe, rate


@dataclass
class GameResult:
    """One finished game.

    Attributes:
        index: the game's number in the tournament.
        seed: the deal's seed.
        seats: agent name per seat.
        returns, scores: per seat, from the final state.
        length: decisions played.
        think: per seat, seconds spent deciding.
        record: the game record (JSON), when kept.
        decisions: per seat, decisions taken.
        branching: mean number of legal actions at a decision.
        hidden: hidden-information measure (see `measure_hidden`), when asked for.
    """

    index: int
    seed: int
    seats: list[str]
    returns: list[float]
    scores: list[float]
    length: int
    think: list[float] = field(default_factory=list)
    record: dict | None = None
    decisions: list[int] = field(default_factory=list)
    branching: float = 0.0
    hidden: dict | None = None

    def to_json(self) -> dict:
        """The result as JSON (``from_json`` reads it back)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> GameResult:
        """Inverse of ``to_json``."""
        return cls(**data)


def seating(agents: list[str], players: int, index: int) -> list[str]:
    """Agent names per seat for game ``index``: the list cycled and rotated by ``index``."""
    k = len(agents)
    return [agents[(index + seat) % k] for seat in range(players)]


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` in a tournament seeded ``seed``."""
    return derive_seed(seed, "game", index)


def play_game(game: Game, seats: list[str], seed: int, index: int = 0,
              keep_record: bool = False, hidden_samples: int = 0) -> GameResult:
    """Play one game; each agent sees only its `Turn` (view, legal actions, resampler).

    With ``hidden_samples`` > 0 (games with hidden information), every decision is also
    measured by `measure_hidden`; this costs time but never changes the game.
    """
    players = [make_agent(name, game, derive_seed(seed, "agent", s)) for s, name in enumerate(seats)]
    state = game.new_state(seed)
    think = [0.0] * game.num_players
    decisions = [0] * game.num_players
    legal_total = 0
    hidden = HiddenTally(hidden_samples, seed) if hidden_samples else None
    while movers := state.to_move():
        seat = movers[0]
        turn = Turn.of(state, seat)
        if hidden:
            hidden.measure(state, seat)
        start = time.perf_counter()
        action = players[seat].act(turn)
        think[seat] += time.perf_counter() - start
        decisions[seat] += 1
        legal_total += len(turn.legal)
        state.apply(seat, action)
    meta = {"seats": seats, "returns": state.returns()}
    record = Record.of(state, **meta).to_json() if keep_record else None
    length = len(state.history)
    return GameResult(index, seed, list(seats), state.returns(), state.scores(),
                      length, think, record, decisions,
                      round(legal_total / length, 3) if length else 0.0,
                      hidden.to_json() if hidden else None)


def summarise(results: Iterable[GameResult], agents: list[str]) -> dict:
    """Wins, draws and win rate with 95% CI per agent and per seat, and game lengths.

    A seat "wins" when its return is the largest; a draw is a shared first place, counted as
    its share of the win (the returns) in the rate.
    """
    results = list(results)
    names = list(dict.fromkeys(agents))
    per_agent = {n: {"seat_games": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0.0}
                 for n in names}
    players = len(results[0].seats) if results else 0
    seat_points = [0.0] * players
    for r in results:
        for seat, (name, ret) in enumerate(zip(r.seats, r.returns, strict=True)):
            row = per_agent[name]
            row["seat_games"] += 1
            row["points"] += ret
            seat_points[seat] += ret
            if ret == 1.0:
                row["wins"] += 1
            elif ret > 0.0:
                row["draws"] += 1
            else:
                row["losses"] += 1
    n = len(results)
    for row in per_agent.values():
        row.update(rate(row["points"], row["seat_games"]))
        row["points"] = round(row["points"], 2)
    return {
        "games": n,
        "agents": per_agent,
        "seats": [rate(p, n) for p in seat_points],
        "length": describe([r.length for r in results]) if results else {},
    }
