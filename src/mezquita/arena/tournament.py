"""One game between named agents (`play_game`), its result, and a quick summary.

Which agents sit where comes from the fair schedule (``schedule.py``); each game is dealt
from its own seed, so the same tournament seed always gives the same games.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import TypedDict

from mezquita.agents import Turn, make_agent
from mezquita.engine import Game, Record, derive_seed

from .figures import figures
from .hidden import HiddenTally
from .restrict import RestrictedAgent, Restriction
from .schedule import seating
from .stats import describe, rate
from .trajectory import Tracker

__all__ = ["GameResult", "play_game", "seating", "summarise"]  # seating: the fair schedule's


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
        hidden: hidden-information measure (see `HiddenTally`), when asked for.
        variant: index of the plan's variant the game was played in.
        start: the seat that started, as the game declares it (``figures.py``).
        rounds: length in the game's own rounds, if it declares them.
        facts: the game's countable facts ``[group, item, verb, seat]``.
        digest: a hash of the agents, the moves and the final full view; two games with the
            same digest are the same game between the same agents (``None`` where unknown,
            e.g. from the fast simulator).
        restricted: the seats that played under the plan's restriction (``restrict.py``).
        removed: per restricted seat, the decisions at which the restriction took a choice away.
        trajectory: the game's trajectory figures (``trajectory.py``).
    """

    index: int
    seed: int
    seats: list[str]
    returns: list[float]
    scores: list[float]
    length: int
    think: list[float] = field(default_factory=list)
    record: dict | str | None = None
    decisions: list[int] = field(default_factory=list)
    branching: float = 0.0
    hidden: dict | None = None
    variant: int = 0
    start: int = 0
    rounds: int | None = None
    facts: list[list] = field(default_factory=list)
    digest: str | None = None
    restricted: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    trajectory: dict | None = None

    @property
    def ranks(self) -> list[int]:
        """Per seat, 0 for the winner(s), then by score: seats better than this one."""
        keys = list(zip(self.returns, self.scores, strict=True))
        return [sum(other > mine for other in keys) for mine in keys]

    def to_json(self) -> dict:
        """The result as JSON (``from_json`` reads it back)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> GameResult:
        """Inverse of ``to_json``."""
        return cls(**data)


def play_game(game: Game, seats: list[str], seed: int, index: int = 0,
              keep_record: bool = False, hidden_samples: int = 0, variant: int = 0,
              restriction: Restriction | None = None, restricted: Iterable[int] = ()) -> GameResult:
    """Play one game; each agent sees only its `Turn` (view, legal actions, resampler).

    With ``hidden_samples`` > 0 (games with hidden information), decisions are also
    measured by `HiddenTally`; this costs time but never changes the game. The agents of the
    ``restricted`` seats play under ``restriction``.
    """
    players = [make_agent(name, game, derive_seed(seed, "agent", s)) for s, name in enumerate(seats)]
    bound: list[RestrictedAgent] = []  # the agents of the restricted seats, in seat order
    if restriction:
        restricted = sorted(restricted)
        for s in restricted:
            players[s] = agent = RestrictedAgent(players[s], restriction)
            bound.append(agent)
    else:
        restricted = []
    tracker = Tracker(game)
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
        tracker.observe(state, len(turn.legal))
    meta = {"seats": seats, "returns": state.returns()}
    record = Record.of(state, **meta).to_json() if keep_record else None
    length = len(state.history)
    moves = json.dumps([seats, state.history, state.full_view()], sort_keys=True,
                       default=str).encode()
    return GameResult(index, seed, list(seats), state.returns(), state.scores(),
                      length, think, record, decisions,
                      round(legal_total / length, 3) if length else 0.0,
                      hidden.to_json() if hidden else None, variant, **figures(state),
                      digest=hashlib.blake2b(moves, digest_size=8).hexdigest(),
                      restricted=restricted, removed=[agent.removed for agent in bound],
                      trajectory=tracker.summary(state.returns()))


class _Tally(TypedDict):
    """One agent's games in `summarise`: counts, points (the sum of its returns) and its
    fair share of them (the sum of its seats' shares of each game)."""

    games: int
    wins: int
    draws: int
    losses: int
    points: float
    fair: float


def summarise(results: Iterable[GameResult], agents: list[str], share: float = 1.0) -> dict:
    """Per agent: games, wins, draws, losses and its win share with a 95% CI, the game as the
    unit (an agent holding several seats of a game counts that game once, with the sum of
    its seats' returns); plus game lengths. ``share``: the share of distinct games
    (`stats.effective_share`), which narrows the sample size the intervals assume.

    A game is won when one of the agent's seats has the largest return alone; a draw is a
    shared first place, counted as its share of the win.
    """
    results = list(results)
    names = list(dict.fromkeys(agents))
    per_agent: dict[str, _Tally] = {
        n: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0.0, "fair": 0.0}
        for n in names}
    for r in results:
        for name in dict.fromkeys(r.seats):
            mine = [s for s, n in enumerate(r.seats) if n == name]
            points = sum(r.returns[s] for s in mine)
            row = per_agent[name]
            row["games"] += 1
            row["points"] += points
            row["fair"] += len(mine) / len(r.seats)
            if points >= 1.0 - 1e-9:
                row["wins"] += 1
            elif points > 0.0:
                row["draws"] += 1
            else:
                row["losses"] += 1
    # each tally with its win share; ``fair`` and ``points`` keep their places, rounded
    rows = {n: {**row, **rate(row["points"], row["games"], row["games"] * share),
                "fair": round(row["fair"] / row["games"], 4) if row["games"] else 0.0,
                "points": round(row["points"], 2)}
            for n, row in per_agent.items()}
    return {
        "games": len(results),
        "agents": rows,
        "length": describe([r.length for r in results]) if results else {},
    }
