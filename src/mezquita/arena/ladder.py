"""The difficulty ladder of a game: does each level beat the one below it?

A *rung* is one agent (the challenger) against ``players - 1`` copies of another. Game ``i``
deals from the seed of deal ``i // players`` and seats the challenger at seat ``i % players``,
so every deal is played once from every seat: in two-player games both seat orders equally
often on the same cards. The challenger's rate is its mean return (a shared first place
counts as its share), with a 95% Wilson interval; a rung *holds* when the interval's lower
bound is above the fair share ``1 / players``.

The ladder's rungs (`rungs`) are the game's lowest level against random (showing it is still
a real player), each level against the one below it, and the top level against the heuristic
(unless the level below the top is the heuristic: that rung is already played); for the four
core levels: easy-random, medium-easy, hard-medium, expert-hard, expert-heuristic. The
fixed-time rungs put the game's search family (that of its Expert) at 0.1 s and at 1 s per
decision against the heuristic. The robustness rungs (`robustness_rungs`) put the top level
(Expert, or Master where a game has it) against a pool of opponents it does not model: every
level below it, the game's plain search at three
iteration budgets and, with three or more players, a mixed table. A rung's opponent is one
agent in every other seat, or a *table*: agent names joined by ``+``, dealt round the other
seats in turn and turned from deal to deal. Each rung also reports the challenger's mean and
slowest decision, in seconds. Levels keep their time cap (``levels.CAP_SECONDS``) unless the
rung is measured ``cap=False``: on a busy machine the cap binds and a level's strength then
depends on the load, not only its budget.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import lru_cache

from mezquita.agents import LEVELS, Turn, levels_of, make_agent, split_name
from mezquita.agents.levels import make_level, plain_search
from mezquita.engine import Game, derive_seed, load

from .pool import map_games
from .stats import wilson

#: per-decision budgets of the fixed-time comparison, in seconds
FIXED_TIMES = (0.1, 1.0)
#: iteration budgets of the plain search in the robustness pool
POOL_BUDGETS = (100, 300, 1000)
#: joins the agents of a mixed table in a rung's opponent (``hard+ismcts-300+medium``)
TABLE = "+"


@dataclass
class Rung:
    """One measured match-up (see the module docstring)."""

    challenger: str
    opponent: str
    challenger_agent: str
    opponent_agent: str
    games: int
    points: float
    fair: float
    ci95: tuple[float, float]
    mean_seconds: float
    max_seconds: float

    @property
    def rate(self) -> float:
        """The challenger's mean return."""
        return self.points / self.games if self.games else 0.0

    @property
    def holds(self) -> bool:
        """The lower bound of the 95% interval is above the fair share."""
        return self.ci95[0] > self.fair

    def to_json(self) -> dict:
        """The rung as JSON, with its rate and verdict."""
        return {**asdict(self), "rate": round(self.rate, 4), "holds": self.holds}


def rungs(game: Game, fixed_time: bool = False) -> list[tuple[str, str]]:
    """The match-ups (challenger, opponent) of ``game``'s ladder (see the module docstring), or
    of its fixed-time comparison."""
    levels = levels_of(game)
    if not fixed_time:
        names = list(levels)
        ladder = [(names[0], "random"), *zip(names[1:], names[:-1])]
        if levels[names[-2]] != "heuristic":
            ladder.append((names[-1], "heuristic"))
        return ladder
    family, _ = split_name(levels["expert"])
    return [(f"{family}-{seconds:g}s", "heuristic") for seconds in FIXED_TIMES]


def robustness_rungs(game: Game) -> list[tuple[str, str]]:
    """The game's top level against each opponent of the pool: every level below it, plain
    search (ISMCTS where the game hides information, else MCTS) at `POOL_BUDGETS` iterations
    but its own, and with three or more players a mixed table of the next level down, the
    middle budget's search and the level below that, dealt round the other seats."""
    mapping = levels_of(game)
    *below, top = mapping
    searches = [f"{plain_search(game)}-{budget}" for budget in POOL_BUDGETS]
    tables = [*below, *(s for s in searches if s != mapping[top])]
    if game.num_players >= 3:
        mixed = [below[-1], searches[1], below[-2]]
        tables.append(TABLE.join(mixed[k % len(mixed)] for k in range(game.num_players - 1)))
    return [(top, table) for table in tables]


def play_one(game_id: str, options: str, challenger: str, opponent: str, seed: int,
             index: int, cap: bool = True) -> tuple[float, list[float]]:
    """Game ``index`` of a rung: the challenger's return and its decision times (``cap``:
    levels keep their time cap). The opponent's agents (one, or a table) take the other seats
    in turn, starting one further round the table at each deal."""
    game = _load(game_id, options)
    players = game.num_players
    hero, deal_index = index % players, index // players
    deal = derive_seed(seed, "deal", deal_index)
    table = opponent.split(TABLE)
    names = {seat: table[(k + deal_index) % len(table)]
             for k, seat in enumerate(s for s in range(players) if s != hero)}
    names[hero] = challenger

    def build(name: str, agent_seed: int):
        if name in LEVELS:
            return make_level(name, game, agent_seed, cap)
        return make_agent(name, game, agent_seed)

    agents = [build(names[s], derive_seed(seed, "agent", index, s)) for s in range(players)]
    state = game.new_state(deal)
    times = []
    while movers := state.to_move():
        seat = movers[0]
        turn = Turn.of(state, seat)
        start = time.perf_counter()
        action = agents[seat].act(turn)
        if seat == hero:
            times.append(time.perf_counter() - start)
        state.apply(seat, action)
    return state.returns()[hero], times


def measure(game: Game, challenger: str, opponent: str, games: int, workers: int = 1,
            seed: int = 0, on_game: Callable[[], None] | None = None, cap: bool = True) -> Rung:
    """Play one rung of ``games`` games, rounded up to a multiple of the seat count so every
    deal is played from every seat, on ``workers`` processes (``cap`` as in `play_one`)."""
    games = -(-games // game.num_players) * game.num_players
    options = json.dumps(game.options, sort_keys=True)
    seed = derive_seed(seed, "rung", challenger, opponent)
    args = [(game.info.id, options, challenger, opponent, seed, i, cap) for i in range(games)]
    results = map_games(play_one, args, workers, on_game)
    points = sum(r for r, _ in results)
    times = [t for _, ts in results for t in ts]
    lo, hi = wilson(points, games)
    return Rung(challenger, opponent, _spec(game, challenger), _spec(game, opponent), games,
                round(points, 2), 1 / game.num_players, (round(lo, 4), round(hi, 4)),
                round(sum(times) / len(times), 4) if times else 0.0,
                round(max(times), 4) if times else 0.0)


def _spec(game: Game, name: str) -> str:
    mapping = levels_of(game)
    return TABLE.join(mapping.get(part, part) for part in name.split(TABLE))


@lru_cache(maxsize=8)
def _load(game_id: str, options: str) -> Game:
    return load(game_id, **json.loads(options))
