"""OpenSkill (Plackett-Luce) ratings of the agents of a tournament.

Games are rated in index order, so a tournament always gives the same ratings. Each seat is
its own team; when one agent holds several seats of a game (two agents at four seats), each
seat plays with a copy of the agent's rating and the agent takes the mean of the updated
copies. Each game is one whole ranking of its seats: the winner(s) first, then the others by
score (`GameResult.ranks`), equal keys sharing a rank. The ladder orders
agents by the conservative ordinal ``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .tournament import GameResult


def rate(results: Iterable[GameResult], agents: list[str]) -> list[dict]:
    """``[{"agent", "mu", "sigma", "ordinal"}]`` sorted from strongest to weakest."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in dict.fromkeys(agents)}
    for result in sorted(results, key=lambda r: r.index):
        teams = [[model.rating(mu=ratings[n].mu, sigma=ratings[n].sigma)] for n in result.seats]
        # openskill annotates ranks as list[float] (a list is invariant); int ranks are its own
        # documented use
        updated = model.rate(teams, ranks=result.ranks)  # type: ignore[arg-type]
        for name in set(result.seats):
            seats = [s for s, n in enumerate(result.seats) if n == name]
            mu = sum(updated[s][0].mu for s in seats) / len(seats)
            sigma = sum(updated[s][0].sigma for s in seats) / len(seats)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
    ladder = [{"agent": n, "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
               "ordinal": round(r.ordinal(), 2)} for n, r in ratings.items()]
    return sorted(ladder, key=lambda row: -row["ordinal"])
