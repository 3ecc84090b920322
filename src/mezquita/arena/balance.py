"""The balance report: for one game and its variants, what a designer asks first.

1. **Starting positions**, under each player model (``models``: the game's heuristic and
   a search bot by default, ``models.py``): the model plays itself in every seat, so any
   difference between positions is the game's, not the players'. Positions count from the
   seat the game says started (its ``start_seat`` figure: Citadels' first Crown holder, not
   seat 0), each compared with the fair share ``1/players``, the game as the unit; the
   answer is judged across the models (robust, or depends on the model).
2. **Skill ladder** random < heuristic < search: each step is a match on the fair schedule
   between two neighbours; a step *holds* when the stronger agent's win share (the game as
   the unit: its seats' returns summed) has a CI above its fair share (the seats it holds
   over the seats). A ladder that holds says skill, not luck, decides the game.

Each match is one `Plan` over all variants, in its own sub-folder of ``out`` when given
(``mirror-heuristic/``, ``step-1/``...), so a balance study resumes like any tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import TypedDict

from mezquita.engine import Game, derive_seed

from .models import START_WORDS, WORDS, judge
from .plan import Plan
from .plots import slug
from .report import analyse
from .runner import play_plan
from .tournament import GameResult


class Match(TypedDict):
    """One match of a balance study: its folder name, agents, plan, report and games."""

    name: str
    agents: list[str]
    plan: Plan
    report: dict
    results: list[GameResult]


def ladder_agents(game: Game, search: str) -> list[str]:
    """random, the game's heuristic if it has one, then ``search``."""
    return ["random", *(["heuristic"] if game.heuristic else []), search]


def balance_plans(game: Game, variants: list[dict], games: int, search: str, models: list[str],
                  seed: int = 0, hidden_samples: int = 0) -> list[tuple[str, Plan]]:
    """``[(folder name, plan)]``: one self-play match per model (the same deals), then one
    per ladder step."""
    plans = [(f"mirror-{slug(m)}", Plan.of(game, [m], games, seed, hidden_samples,
                                            variants=variants)) for m in models]
    for step, (weak, strong) in enumerate(pairwise(ladder_agents(game, search)), 1):
        plans.append((f"step-{step}", Plan.of(game, [strong, weak], games,
                                              derive_seed(seed, "ladder", step), hidden_samples,
                                              variants=variants)))
    return plans


def balance(game: Game, games: int, search: str, models: list[str], seed: int = 0,
            workers: int = 1, on_result: Callable[[GameResult], None] | None = None,
            variants: list[dict] | None = None, out: Path | None = None) -> dict:
    """Starting positions under each model and the skill ladder of a game and its variants
    (module docstring).

    ``{"game", "models", "games_per_match", "matches": [{"name", "agents", "report",
    "results"}], "variants": [per variant summary]}``."""
    variants = variants or [{}]
    matches: list[Match] = []
    for name, plan in balance_plans(game, variants, games, search, models, seed):
        results = play_plan(plan, workers, out=out / name if out else None, on_result=on_result)
        matches.append({"name": name, "agents": plan.agents, "plan": plan,
                        "report": analyse(results, plan), "results": results})
    mirrors, steps_of = matches[:len(models)], matches[len(models):]
    summary = []
    for v in range(len(variants)):
        per_model = {}
        for model, match in zip(models, mirrors, strict=True):
            r = match["report"]["variants"][v]
            per_model[model] = {k: r.get(k) for k in ("games", "sample", "positions", "seats",
                                                      "rounds", "length", "margin", "trajectory")}
        steps = []
        for match in steps_of:
            strong, weak = match["agents"]
            row = match["report"]["variants"][v]["agents"][strong]
            steps.append({"weaker": weak, "stronger": strong, "rate": row["rate"],
                          "ci95": row["ci95"], "fair": row["fair"], "verdict": row["verdict"],
                          "games": row["games"]})
        first = mirrors[0]["report"]["variants"][v]
        start = judge(f"start player, {first['variant']}",
                      {m: WORDS[p["positions"][0]["verdict"]] for m, p in per_model.items()},
                      START_WORDS)
        summary.append({"variant": first["variant"], "changed": first["changed"],
                        "players": first["players"], "games": first["games"],
                        "models": per_model, "start": start, "ladder": steps,
                        "ladder_holds": all(s["verdict"] == "above" for s in steps)})
    return {"game": game.info.id, "options": dict(game.options), "models": models,
            "games_per_match": games, "matches": matches, "variants": summary}


def describe(variant: dict) -> list[str]:
    """One variant's balance as sentences a designer can read."""
    pct = "{:.0%}".format
    players = variant["players"]
    fair = 1 / players
    lines = []
    for model, m in variant["models"].items():
        first = m["positions"][0]
        lo, hi = first["ci95"]
        text = {"above": "starting is an advantage", "below": "starting is a disadvantage",
                "level": "no starting advantage detectable at this sample size"}[first["verdict"]]
        sample = m["sample"]
        rest = (f" (all the same game move for move: {model} leaves nothing to chance here)"
                if sample["deterministic"] else
                f" ({sample['distinct']} distinct)" if sample["checked"]
                and sample["distinct"] < m["games"] else "")
        lines.append(f"With {model} self-play the start player wins {pct(first['rate'])} "
                     f"(95% CI {pct(lo)}-{pct(hi)}) of {m['games']} games{rest} against a fair "
                     f"{pct(fair)}: {text}.")
        if players > 2:
            lines.append(f"By position from the start player ({model}): " + ", ".join(
                f"{'start' if p == 0 else f'+{p}'} {pct(r['rate'])} ({pct(r['ci95'][0])}-"
                f"{pct(r['ci95'][1])})" for p, r in enumerate(m["positions"])) + ".")
    lines.append(variant["start"]["text"][0].upper() + variant["start"]["text"][1:])
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
