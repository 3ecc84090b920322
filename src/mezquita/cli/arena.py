"""``mezquita arena GAME`` (parallel, resumable tournaments with a full report) and
``mezquita balance GAME`` (seat advantage and skill ladder per variant)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from mezquita.arena.balance import balance, describe, ladder_agents
from mezquita.arena.plan import HIDDEN_SAMPLES, Plan
from mezquita.arena.report import analyse
from mezquita.arena.runner import BACKENDS, play_plan
from mezquita.arena.store import ResultStore
from mezquita.engine import MezquitaError, load

from .app import app
from .common import GAME_OPTIONS, console, err_console, fail, load_game, parse_game_options
from .simulate import parse_agents, prepare_out_dir, print_summary

REPORT_FILE = "report.json"


def _progress() -> Progress:
    return Progress("[progress.description]{task.description}", BarColumn(),
                    MofNCompleteColumn(), TimeRemainingColumn(), console=err_console,
                    transient=True)


@app.command("arena", context_settings=GAME_OPTIONS)
def arena_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    agents: str = typer.Option("random,heuristic", "--agents",
                               help="Comma-separated agents, e.g. random,heuristic,ismcts-200."),
    games: int = typer.Option(100, "--games", min=1, help="Number of games."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes (or Ray CPUs)."),
    backend: str = typer.Option("local", "--backend", help="local (process pool) or ray."),
    ray_address: str = typer.Option(None, "--ray-address",
                                    help="Join a Ray cluster (e.g. auto, ray://host:10001)."),
    seed: int = typer.Option(0, "--seed", help="Tournament seed (same seed, same games)."),
    out: Path = typer.Option(None, "--out",
                             help="Folder for games.jsonl, report.json and PNG plots; "
                                  "running again with it resumes the tournament."),
    hidden_samples: int = typer.Option(HIDDEN_SAMPLES, "--hidden-samples", min=0,
                                       help="Resamples per measured decision for the hidden "
                                            "share (0: do not measure)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Seat-rotated tournament on a process pool or Ray: win rates per agent and seat with
    95% CIs, ratings, game lengths, branching factor, time per decision, hidden share.
    Game options follow GAME as in `simulate`: --hand 3 or -o hand=3."""
    game = load_game(game_id, ctx.args)
    names = parse_agents(agents, game)
    if backend not in BACKENDS:
        fail(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")
    plan = Plan.of(game, names, games, seed, hidden_samples)
    folder = prepare_out_dir(out)
    try:
        resumed = len(ResultStore(folder, plan).load()) if folder else 0
    except MezquitaError as err:
        fail(str(err))
    start = time.perf_counter()
    with _progress() as progress:
        task = progress.add_task(f"{game_id} games", total=games, completed=resumed)
        try:
            results = play_plan(plan, workers, backend, folder, ray_address=ray_address,
                                on_result=lambda _: progress.advance(task))
        except MezquitaError as err:
            fail(str(err))
    elapsed = time.perf_counter() - start
    report = analyse(results, plan)
    report.update({"workers": workers, "backend": backend, "resumed_games": resumed,
                   "seconds": round(elapsed, 2)})
    if len(results) > resumed:
        report["games_per_second"] = round((len(results) - resumed) / elapsed, 3)
    if folder:
        from mezquita.arena.plots import write_plots

        (folder / REPORT_FILE).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        write_plots(report, folder)
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    print_report(report)
    if folder:
        console.print(f"results, report.json and plots in {folder}")


def print_report(report: dict) -> None:
    """The simulate tables, then per-seat rates, ratings and game measures."""
    print_summary(report)
    per_seat = Table(title="win rate per agent and seat (95% CI)")
    per_seat.add_column("agent")
    for seat in range(len(report["seats"])):
        per_seat.add_column(f"seat {seat}", justify="right")
    for name, rows in report["per_seat"].items():
        per_seat.add_row(name, *(f"{r['rate']:.1%} ({r['ci95'][0]:.0%}-{r['ci95'][1]:.0%})"
                                 if r["games"] else "-" for r in rows))
    console.print(per_seat)
    ratings = Table(title="OpenSkill ratings (ordinal = mu - 3 sigma)")
    for column in ("agent", "mu", "sigma", "ordinal", "ms/decision"):
        ratings.add_column(column, justify="left" if column == "agent" else "right")
    for row in report["ratings"]:
        ratings.add_row(row["agent"], f"{row['mu']:.1f}", f"{row['sigma']:.2f}",
                        f"{row['ordinal']:.1f}",
                        f"{report['agents'][row['agent']]['ms_per_decision']:.2f}")
    console.print(ratings)
    facts = [f"draws: {report['draws']}", f"mean branching factor: {report['branching']}"]
    if report.get("hidden"):
        h = report["hidden"]
        facts.append(f"hidden share: {h['share']:.1%} of decisions; "
                     f"{h['distinct_worlds']:.2f} distinct worlds in {h['samples']} resamples")
    if report.get("games_per_second"):
        facts.append(f"{report['games_per_second']:.2f} games/s on {report['workers']} "
                     f"{report['backend']} worker(s)")
    console.print("; ".join(facts))


@app.command("balance", context_settings=GAME_OPTIONS)
def balance_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    variant: list[str] = typer.Option(None, "--variant",
                                      help="Options of one variant as key=value,key=value "
                                           "(repeatable); default: the game as configured."),
    games: int = typer.Option(200, "--games", min=1, help="Games per match."),
    search: str = typer.Option("ismcts-200", "--search", help="The search bot on the ladder."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes."),
    seed: int = typer.Option(0, "--seed", help="Seed (same seed, same games)."),
    as_json: bool = typer.Option(False, "--json", help="Print the reports as JSON."),
) -> None:
    """First-seat advantage with its CI and the skill ladder random < heuristic < search,
    for the game and each variant. Base game options follow GAME as in `simulate`."""
    base = parse_game_options(ctx.args)
    configs = [dict(base, **_variant(v)) for v in variant] if variant else [base]
    try:
        loaded = [load(game_id, **options) for options in configs]
        parse_agents(search, loaded[0])
    except MezquitaError as err:
        fail(str(err))
    reports = []
    with _progress() as progress:
        for game in loaded:
            matches = len(ladder_agents(game, search))  # the mirror match + each step
            task = progress.add_task(_title(game.info.id, game.options), total=matches * games)
            reports.append(balance(game, games, search, seed, workers,
                                   on_result=lambda _, t=task: progress.advance(t)))
    if as_json:
        typer.echo(json.dumps(reports, indent=2))
        return
    for report in reports:
        console.rule(_title(report["game"], report["options"]))
        for line in describe(report):
            console.print(f"• {line}", highlight=False)


def _variant(text: str) -> dict[str, str]:
    """``"hand=3,landmarks=5"`` -> ``{"hand": "3", "landmarks": "5"}``."""
    options = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            fail(f"--variant takes key=value pairs separated by commas, not {text!r}")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def _title(game_id: str, options: dict) -> str:
    return f"{game_id} " + " ".join(f"{k}={v}" for k, v in options.items())
