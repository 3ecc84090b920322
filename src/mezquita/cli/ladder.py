"""``mezquita ladder GAME``: the measured difficulty ladder (or ``--fixed-time`` strength, or
the top level's ``--robustness`` against a pool)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from mezquita.agents import levels_of
from mezquita.arena.ladder import TABLE, measure, robustness_rungs, rungs

from .app import app
from .common import GAME_OPTIONS, console, load_game


@app.command("ladder", context_settings=GAME_OPTIONS)
def ladder_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    games: int = typer.Option(100, "--games", min=1,
                              help="Games per rung (rounded up to a multiple of the seats)."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes."),
    seed: int = typer.Option(0, "--seed", help="Seed (same seed, same games)."),
    fixed_time: bool = typer.Option(False, "--fixed-time",
                                    help="Instead: the search at 0.1 s and 1 s per decision "
                                         "against the heuristic."),
    robustness: bool = typer.Option(False, "--robustness",
                                    help="Instead: the top level against a pool of opponents "
                                         "it does not model (the levels below, plain search at "
                                         "three budgets, a mixed table with 3+ players)."),
    only: str = typer.Option(None, "--only", help="Only the rungs whose challenger (with "
                                                  "--robustness: opponent) is one of these "
                                                  "(comma-separated), e.g. expert."),
    uncapped: bool = typer.Option(False, "--uncapped",
                                  help="Measure the levels' iteration and depth budgets without "
                                       "their 0.9 s time cap (results free of the machine's load)."),
    out: Path = typer.Option(None, "--out", help="Folder for ladder-GAME-Np.json (rungs "
                                                 "measured before and not run again are kept)."),
) -> None:
    """Each of the game's levels against the one below it (the lowest against random, the top
    also against the heuristic), seat-rotated (every deal from every seat):
    win rate with its 95% interval, whether its lower bound is above the fair share, and
    the challenger's time per decision. Game options follow GAME: --players 4."""
    if fixed_time and robustness:
        raise typer.BadParameter("choose one of --fixed-time and --robustness")
    game = load_game(game_id, ctx.args)
    mapping = levels_of(game)
    kind = "fixed-time" if fixed_time else "robustness" if robustness else "ladder"
    console.print(f"[bold]{game.info.name}[/] {game!r}: " +
                  ", ".join(f"{name} = {spec}" for name, spec in mapping.items()), highlight=False)
    wanted = set(only.split(",")) if only else None
    titles = {"fixed-time": "Fixed-time strength", "robustness": "Robustness", "ladder": "Ladder"}
    table = Table(title=f"{titles[kind]}: {game.info.id}, {game.num_players} players")
    for column in ("challenger", "opponent", "games", "rate", "95% CI", "fair", "holds",
                   "s/decision", "slowest s"):
        table.add_column(column, justify="left" if column in ("challenger", "opponent") else "right")
    results = []
    for challenger, opponent in robustness_rungs(game) if robustness else rungs(game, fixed_time):
        if wanted and (opponent if robustness else challenger) not in wanted:
            continue
        rung = measure(game, challenger, opponent, games, workers, seed, cap=not uncapped)
        results.append({**rung.to_json(), "capped": not uncapped})
        lo, hi = rung.ci95
        table.add_row(_named(challenger, mapping), _named(opponent, mapping), str(rung.games),
                      f"{rung.rate:.3f}", f"{lo:.3f}-{hi:.3f}", f"{rung.fair:.3f}",
                      "yes" if rung.holds else "[red]no[/]", f"{rung.mean_seconds:.3f}",
                      f"{rung.max_seconds:.3f}")
        console.print(f"{challenger} vs {opponent}: {rung.rate:.3f} ({lo:.3f}-{hi:.3f}) "
                      f"over {rung.games} games", highlight=False)
    console.print(table, width=140)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        name = f"{kind}-{game.info.id}-{game.num_players}p.json"
        path = out / name
        if path.exists():  # keep the rungs measured by earlier runs (e.g. with --only)
            new = {(r["challenger"], r["opponent"]) for r in results}
            kept = [r for r in json.loads(path.read_text())["rungs"]
                    if (r["challenger"], r["opponent"]) not in new]
            results = kept + results
        report = {"game": game.info.id, "options": game.options, "players": game.num_players,
                  "levels": mapping, "seed": seed, "rungs": results}
        path.write_text(json.dumps(report, indent=1, default=list) + "\n")
        console.print(f"written {out / name}", highlight=False)


def _named(name: str, mapping: dict[str, str]) -> str:
    return TABLE.join(f"{part} ({mapping[part]})" if part in mapping else part
                      for part in name.split(TABLE))
