"""The balance report: for one game and its variants, what a designer asks first.

1. **Starting positions**: one agent (the game's heuristic by default, any agent with
   ``mirror``) plays itself in every seat, so any difference between positions is the
   game's, not the players'. Positions count from the seat the game says started (its
   ``start_seat`` figure: Citadels' first Crown holder, not seat 0), each compared with the
   fair share ``1/players``, the game as the unit.
2. **Skill ladder** random < heuristic < search: each step is a match on the fair schedule
   between two neighbours; a step *holds* when the stronger agent's win share (the game as
   the unit: its seats' returns summed) has a CI above its fair share (the seats it holds
   over the seats). A ladder that holds says skill, not luck, decides the game.

Each match is one `Plan` over all variants, in its own sub-folder of ``out`` when given
(``mirror/``, ``step-1/``...), so a balance study resumes like any tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

from mezquita.engine import Game, derive_seed

from .plan import Plan
from .report import analyse
from .runner import play_plan
from .tournament import GameResult


def ladder_agents(game: Game, search: str) -> list[str]:
    """random, the game's heuristic if it has one, then ``search``."""
    return ["random", *(["heuristic"] if game.heuristic else []), search]


def mirror_agent(game: Game) -> str:
    """The default self-play agent: the game's heuristic, else random."""
    return "heuristic" if game.heuristic else "random"


def balance_plans(game: Game, variants: list[dict], games: int, search: str, mirror: str,
                  seed: int = 0, hidden_samples: int = 0) -> list[tuple[str, Plan]]:
    """``[(folder name, plan)]``: the mirror match, then one per ladder step."""
    plans = [("mirror", Plan.of(game, [mirror], games, seed, hidden_samples, variants=variants))]
    for step, (weak, strong) in enumerate(pairwise(ladder_agents(game, search)), 1):
        plans.append((f"step-{step}", Plan.of(game, [strong, weak], games,
                                              derive_seed(seed, "ladder", step), hidden_samples,
                                              variants=variants)))
    return plans


def balance(game: Game, games: int, search: str, seed: int = 0, workers: int = 1,
            on_result: Callable[[GameResult], None] | None = None, mirror: str | None = None,
            variants: list[dict] | None = None, out: Path | None = None) -> dict:
    """Starting positions and skill ladder of a game and its variants (module docstring).

    ``{"game", "mirror_agent", "games_per_match", "matches": [{"name", "agents", "report",
    "results"}], "variants": [per variant summary]}``."""
    mirror = mirror or mirror_agent(game)
    variants = variants or [{}]
    matches = []
    for name, plan in balance_plans(game, variants, games, search, mirror, seed):
        results = play_plan(plan, workers, out=out / name if out else None, on_result=on_result)
        matches.append({"name": name, "agents": plan.agents, "plan": plan,
                        "report": analyse(results, plan), "results": results})
    summary = []
    for v in range(len(variants)):
        self_play = matches[0]["report"]["variants"][v]
        steps = []
        for match in matches[1:]:
            strong, weak = match["agents"]
            row = match["report"]["variants"][v]["agents"][strong]
            steps.append({"weaker": weak, "stronger": strong, "rate": row["rate"],
                          "ci95": row["ci95"], "fair": row["fair"], "verdict": row["verdict"],
                          "games": row["games"]})
        summary.append({"variant": self_play["variant"], "changed": self_play["changed"],
                        "players": self_play["players"], "games": self_play["games"],
                        "positions": self_play["positions"], "seats": self_play["seats"],
                        "rounds": self_play["rounds"], "length": self_play["length"],
                        "margin": self_play["margin"], "ladder": steps,
                        "ladder_holds": all(s["verdict"] == "above" for s in steps)})
    return {"game": game.info.id, "options": dict(game.options), "mirror_agent": mirror,
            "games_per_match": games, "matches": matches, "variants": summary}


def describe(variant: dict, mirror: str) -> list[str]:
    """One variant's balance as sentences a designer can read."""
    pct = "{:.0%}".format
    n, players = variant["games"], variant["players"]
    fair = 1 / players
    first = variant["positions"][0]
    lo, hi = first["ci95"]
    text = {"above": "starting is an advantage", "below": "starting is a disadvantage",
            "level": "no starting advantage detectable at this sample size"}[first["verdict"]]
    lines = [f"The start player wins {pct(first['rate'])} (95% CI {pct(lo)}-{pct(hi)}) of {n} "
             f"{mirror} self-play games against a fair {pct(fair)}: {text}."]
    if players > 2:
        lines.append("By position from the start player: " + ", ".join(
            f"{'start' if p == 0 else f'+{p}'} {pct(r['rate'])} ({pct(r['ci95'][0])}-"
            f"{pct(r['ci95'][1])})" for p, r in enumerate(variant["positions"])) + ".")
    holds = {"above": "holds", "level": "is not separated", "below": "is inverted"}
    for step in variant["ladder"]:
        lo, hi = step["ci95"]
        lines.append(f"{step['stronger']} vs {step['weaker']}: {step['stronger']} wins "
                     f"{pct(step['rate'])} of {step['games']} games (95% CI {pct(lo)}-{pct(hi)}; "
                     f"fair {pct(step['fair'])} for the seats it holds): the step "
                     f"{holds[step['verdict']]}.")
    ladder = variant["ladder"]
    if ladder:
        order = " < ".join([ladder[0]["weaker"], *(s["stronger"] for s in ladder)])
        lines.append(f"Skill ladder {order} "
                     + ("holds: skill, not luck, decides." if variant["ladder_holds"]
                        else "does not fully hold: more games, a stronger search, or more luck?"))
    return lines
