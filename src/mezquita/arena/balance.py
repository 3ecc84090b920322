"""The balance report: for one game and its variants, what a designer asks first.

1. **Seat advantage**: the strongest cheap bot (the game's heuristic, else random) plays
   itself in every seat; any difference between seats is the game's, not the players'.
   Seat 0's win rate is compared with the fair share ``1/players``.
2. **Skill ladder** random < heuristic < search: each step is a seat-rotated match between
   two neighbours; a step *holds* when the stronger agent's win-rate CI lies above the fair
   share. A ladder that holds says skill, not luck, decides the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from mezquita.engine import Game, derive_seed

from .plan import Plan
from .runner import play_plan
from .tournament import GameResult, summarise


@dataclass(frozen=True)
class Verdict:
    """Where a win rate's 95% CI lies with respect to a fair share."""

    rate: float
    low: float
    high: float
    fair: float

    @property
    def word(self) -> str:
        """``"above"``, ``"below"`` or ``"level"`` (the CI contains the fair share)."""
        if self.low > self.fair:
            return "above"
        if self.high < self.fair:
            return "below"
        return "level"

    def to_json(self) -> dict:
        """The verdict as JSON."""
        return {"rate": self.rate, "ci95": [self.low, self.high], "fair": round(self.fair, 4),
                "verdict": self.word}


def ladder_agents(game: Game, search: str) -> list[str]:
    """random, the game's heuristic if it has one, then ``search``."""
    return ["random", *(["heuristic"] if game.heuristic else []), search]


def balance(game: Game, games: int, search: str, seed: int = 0, workers: int = 1,
            on_result: Callable[[GameResult], None] | None = None) -> dict:
    """Seat advantage and skill ladder of one configured game (see the module docstring)."""
    fair = 1 / game.num_players
    mirror = "heuristic" if game.heuristic else "random"
    results = play_plan(Plan.of(game, [mirror], games, seed), workers, on_result=on_result)
    seats = summarise(results, [mirror])["seats"]
    report = {
        "game": game.info.id, "options": dict(game.options), "players": game.num_players,
        "games_per_match": games, "mirror_agent": mirror,
        "seats": [Verdict(s["rate"], *s["ci95"], fair).to_json() for s in seats],
        "ladder": [],
    }
    agents = ladder_agents(game, search)
    for step, (weak, strong) in enumerate(pairwise(agents)):
        plan = Plan.of(game, [strong, weak], games, derive_seed(seed, "ladder", step))
        row = summarise(play_plan(plan, workers, on_result=on_result), [strong, weak])
        stats = row["agents"][strong]
        report["ladder"].append({"weaker": weak, "stronger": strong,
                                 **Verdict(stats["rate"], *stats["ci95"], fair).to_json()})
    report["ladder_holds"] = all(step["verdict"] == "above" for step in report["ladder"])
    return report


def describe(report: dict) -> list[str]:
    """The report as sentences a designer can read."""
    pct = "{:.0%}".format
    n, fair = report["games_per_match"], report["seats"][0]["fair"]
    first = report["seats"][0]
    lo, hi = first["ci95"]
    seat_text = {
        "above": "the first seat is favoured",
        "below": "the first seat is at a disadvantage",
        "level": "no first-seat advantage detectable at this sample size",
    }[first["verdict"]]
    lines = [f"Seat 0 wins {pct(first['rate'])} (95% CI {pct(lo)}-{pct(hi)}) of {n} "
             f"{report['mirror_agent']} self-play games against a fair {pct(fair)}: {seat_text}."]
    for step in report["ladder"]:
        lo, hi = step["ci95"]
        holds = {"above": "holds", "level": "is not separated", "below": "is inverted"}
        lines.append(f"{step['stronger']} vs {step['weaker']}: {pct(step['rate'])} "
                     f"(95% CI {pct(lo)}-{pct(hi)}, fair {pct(fair)}): the step "
                     f"{holds[step['verdict']]}.")
    ladder = report["ladder"]
    order = " < ".join([ladder[0]["weaker"], *(s["stronger"] for s in ladder)])
    lines.append(f"Skill ladder {order} "
                 + ("holds: skill, not luck, decides." if report["ladder_holds"]
                    else "does not fully hold: more games, a stronger search, or more luck?"))
    return lines
