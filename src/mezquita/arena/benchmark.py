"""A benchmark anyone can cite: one agent against the game's levels on a fixed, versioned
suite of deals, with seats rotated (``mezquita benchmark``).

The suite is named by `SUITE` (bump its version whenever anything below changes what is
played: the derivation, the seat order, the opponents' construction). Deal ``k`` of a game
at ``N`` players is dealt from ``derive_seed(0, SUITE, game, "Np", "deal", k)`` (the
engine's one derivation: BLAKE2b-64 of the ``/``-joined keys, shifted right by 2), played
once with the agent in each seat ``0 .. N-1`` and the same opponent level in every other
seat; the agent in seat ``s`` of deal ``k`` is seeded ``derive_seed(0, SUITE, game, "Np",
"agent", k, s)`` and the opponent in seat ``t`` with ``"opponent"`` in place of
``"agent"``. So the same deals give the same games wherever an agent is deterministic given
its seed; the ``digest`` of each opponent's games (the action histories) lets two runs
check it. The levels play without their time cap (iteration and depth budgets only); a level
with a time budget of its own (``-0.5s``) cannot be reproduced exactly across machines and
is marked ``timed``.

Per opponent the report gives the agent's *win rate* (its mean return: a shared first place
counts as its share), the fair share ``1/N``, and the *score difference* (its score minus the
mean of the other seats' scores, the game's own ``scores()``), each with a 95% interval that
treats a deal's seat rotations as one cluster (the rate: Wilson on the effective number of
games, `stats.clustered_rate`; the difference: normal over the per-deal means). The literature's
standard for card games is 10,000 deals (DouZero, PerfectDou); `STANDARD_DEALS` is ours.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from functools import lru_cache

from mezquita.agents import Turn, levels_of, make_agent, split_name
from mezquita.agents.levels import make_level
from mezquita.engine import Game, derive_seed, load

from .pool import map_games
from .stats import Z95, clustered_rate

#: the suite's name and version (bump on any change to what is played)
SUITE = "mezquita-benchmark-v1"
#: the suite size results are published at (docs/levels.md)
STANDARD_DEALS = 1000
#: the size a plain ``mezquita benchmark`` plays: quick, for a first look and for tests
DEFAULT_DEALS = 10


def deal_seed(game_id: str, players: int, k: int) -> int:
    """The seed of deal ``k`` of the suite for ``game_id`` at ``players`` players."""
    return derive_seed(0, SUITE, game_id, f"{players}p", "deal", k)


def agent_seed(game_id: str, players: int, role: str, k: int, seat: int) -> int:
    """The seed of the agent (``role`` "agent") or an opponent in ``seat`` of deal ``k``."""
    return derive_seed(0, SUITE, game_id, f"{players}p", role, k, seat)


def play_deal(game_id: str, players: int, agent: str, opponent: str, k: int,
              seat: int) -> tuple[float, float, list]:
    """Deal ``k`` with ``agent`` in ``seat`` and level ``opponent`` elsewhere: the agent's
    return, its score difference and the game's action history."""
    game = _load(game_id, players)
    agents = []
    for s in range(players):
        if s == seat:
            agents.append(make_agent(agent, game, agent_seed(game_id, players, "agent", k, s)))
        else:
            agents.append(make_level(opponent, game, agent_seed(game_id, players, "opponent", k, s),
                                     cap=False))
    state = game.new_state(deal_seed(game_id, players, k))
    while movers := state.to_move():
        mover = movers[0]
        state.apply(mover, agents[mover].act(Turn.of(state, mover)))
    scores = state.scores()
    others = [x for s, x in enumerate(scores) if s != seat]
    return state.returns()[seat], scores[seat] - sum(others) / len(others), state.history


def benchmark(game: Game, agent: str, deals: int = DEFAULT_DEALS,
              opponents: tuple[str, ...] | None = None, workers: int = 1,
              on_game: Callable[[], None] | None = None) -> dict:
    """Play the suite's first ``deals`` deals of ``game`` (default options but the player
    count) against each of ``opponents`` (level names; None: every level of the game, weakest
    first); the report as JSON."""
    game_id, players = game.info.id, game.num_players
    mapping = levels_of(game)
    opponents = tuple(mapping) if opponents is None else opponents
    make_agent(agent, game, 0)  # a bad name fails before any game
    for opponent in opponents:
        make_level(opponent, game)  # and so does a level the game does not offer
    rows = []
    for opponent in opponents:
        jobs = [(game_id, players, agent, opponent, k, s) for k in range(deals) for s in range(players)]
        results = map_games(play_deal, jobs, workers, on_game)
        rows.append(_summary(opponent, mapping[opponent], players, deals, results))
    return {"suite": SUITE, "game": game_id, "players": players, "agent": agent, "deals": deals,
            "games_per_opponent": deals * players, "opponents": rows}


def _summary(opponent: str, spec: str, players: int, deals: int, results: list) -> dict:
    """One opponent's row: rates and differences clustered by deal (seats of a deal in a row)."""
    by_deal = [results[k * players:(k + 1) * players] for k in range(deals)]
    win = clustered_rate([(sum(r for r, _, _ in deal), players) for deal in by_deal])
    means = [sum(d for _, d, _ in deal) / players for deal in by_deal]
    mean = sum(means) / deals
    sd = math.sqrt(sum((m - mean) ** 2 for m in means) / (deals - 1)) if deals > 1 else 0.0
    half = Z95 * sd / math.sqrt(deals)
    digest = hashlib.sha256(json.dumps([h for _, _, h in results]).encode()).hexdigest()[:16]
    return {"opponent": opponent, "opponent_agent": spec, "timed": isinstance(split_name(spec)[1], float),
            "games": len(results), "win_rate": win["rate"], "win_ci95": win["ci95"],
            "fair": round(1 / players, 4),
            "score_diff": round(mean, 3), "score_diff_ci95": [round(mean - half, 3), round(mean + half, 3)],
            "digest": digest}


@lru_cache(maxsize=8)
def _load(game_id: str, players: int) -> Game:
    game = load(game_id)
    if game.num_players == players:
        return game
    return load(game_id, players=players)
