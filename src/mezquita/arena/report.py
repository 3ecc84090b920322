"""A tournament's full analysis as JSON: what `summarise` gives, plus what a designer reads
next (TAG-style): win rate per agent and seat, draws, ratings, the game-length distribution,
the mean branching factor, time per decision and the hidden-information measures."""

from __future__ import annotations

from collections import Counter

from .plan import Plan
from .ratings import rate as rate_agents
from .stats import rate
from .tournament import GameResult, summarise


def analyse(results: list[GameResult], plan: Plan) -> dict:
    """Everything the arena reports about ``results`` (one plan's games, in any order)."""
    results = sorted(results, key=lambda r: r.index)
    agents = list(dict.fromkeys(plan.agents))
    report = summarise(results, agents)
    report.update({"game": plan.game, "options": plan.options, "seed": plan.seed,
                   "agent_list": plan.agents, "planned_games": plan.games})
    if not results:
        return report
    players = len(results[0].seats)
    report["draws"] = sum(r.returns.count(max(r.returns)) > 1 for r in results)
    report["per_seat"] = {name: _seat_rates(results, name, players) for name in agents}
    for name, row in report["agents"].items():
        think = sum(t for r in results for n, t in zip(r.seats, r.think, strict=True) if n == name)
        moves = sum(d for r in results for n, d in zip(r.seats, r.decisions, strict=True)
                    if n == name)
        row["ms_per_decision"] = round(1000 * think / moves, 3) if moves else 0.0
    lengths = Counter(r.length for r in results)
    report["length"]["histogram"] = {str(k): lengths[k] for k in sorted(lengths)}
    decisions = sum(r.length for r in results)
    report["branching"] = round(sum(r.branching * r.length for r in results) / decisions, 3)
    report["hidden"] = _hidden(results)
    report["ratings"] = rate_agents(results, agents)
    return report


def _seat_rates(results: list[GameResult], name: str, players: int) -> list[dict]:
    """The agent's win rate (with CI) in each seat it sat in."""
    points, games = [0.0] * players, [0] * players
    for r in results:
        for seat, n in enumerate(r.seats):
            if n == name:
                games[seat] += 1
                points[seat] += r.returns[seat]
    return [dict(rate(p, g), games=g) for p, g in zip(points, games, strict=True)]


def _hidden(results: list[GameResult]) -> dict | None:
    """Hidden share and mean distinct worlds over all measured decisions (see ``hidden.py``)."""
    tallies = [r.hidden for r in results if r.hidden]
    if not tallies:
        return None
    decisions = sum(t["decisions"] for t in tallies)
    if not decisions:
        return None
    return {"samples": tallies[0]["samples"], "decisions": decisions,
            "share": round(sum(t["hiding"] for t in tallies) / decisions, 4),
            "distinct_worlds": round(sum(t["distinct"] for t in tallies) / decisions, 3)}
