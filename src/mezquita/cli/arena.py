"""``mezquita arena GAME`` and ``mezquita balance GAME``: tournaments with full reports."""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from mezquita.arena.balance import balance, balance_plans, describe
from mezquita.arena.export import balance_json, summary_lines, write_balance, write_folder
from mezquita.arena.labels import item as item_label
from mezquita.arena.labels import options as options_text
from mezquita.arena.models import DEFAULT_SEARCH, default_models
from mezquita.arena.plan import HIDDEN_SAMPLES, Plan
from mezquita.arena.report import analyse
from mezquita.arena.runner import BACKENDS, play_plan
from mezquita.arena.store import ResultStore
from mezquita.engine import Game, MezquitaError, load

from .app import app
from .common import GAME_OPTIONS, console, err_console, fail, load_game, parse_game_options
from .simulate import parse_agents, prepare_out_dir


def progress_bar() -> Progress:
    """The progress bar every tournament command shows on stderr."""
    return Progress("[progress.description]{task.description}", BarColumn(),
                    MofNCompleteColumn(), TimeRemainingColumn(), console=err_console,
                    transient=True)


def run_tournament(plan: Plan, workers: int, backend: str, folder: Path | None,
                   ray_address: str | None = None) -> tuple[list, dict]:
    """Play (or resume) ``plan`` with a progress bar; return its results and report."""
    if backend not in BACKENDS:
        fail(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")
    try:
        resumed = len(ResultStore(folder, plan).load()) if folder else 0
    except MezquitaError as err:
        fail(str(err))
    start = time.perf_counter()
    with progress_bar() as progress:
        task = progress.add_task(f"{plan.game} games", total=plan.total, completed=resumed)
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
        write_folder(report, results, plan, folder)
    return results, report


@app.command("arena", context_settings=GAME_OPTIONS)
def arena_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    agents: str = typer.Option("random,heuristic", "--agents",
                               help="Comma-separated agents: random, heuristic, ismcts-200, "
                                    "mcts-0.1s, or your own as module:Class."),
    games: int = typer.Option(100, "--games", min=1, help="Number of games."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes (or Ray CPUs)."),
    backend: str = typer.Option("local", "--backend", help="local (process pool) or ray."),
    ray_address: str = typer.Option(None, "--ray-address",
                                    help="Join a Ray cluster (e.g. auto, ray://host:10001)."),
    seed: int = typer.Option(0, "--seed", help="Tournament seed (same seed, same games)."),
    out: Path = typer.Option(None, "--out",
                             help="Folder for games.jsonl, report.json/html, CSVs and plots; "
                                  "running again with it resumes the tournament."),
    records: bool = typer.Option(False, "--records",
                                 help="Keep every game's record in OUT/records/."),
    hidden_samples: int = typer.Option(HIDDEN_SAMPLES, "--hidden-samples", min=0,
                                       help="Resamples per measured decision for the hidden "
                                            "share (0: do not measure)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Tournament on the fair schedule (every agent in every seat against every lineup):
    win shares with 95% CIs (the game as the unit), starting positions, ratings, lengths in
    decisions and rounds, score margins, the game's own figures. Game options follow GAME as
    in `simulate`: --hand 3 or -o hand=3."""
    game = load_game(game_id, ctx.args)
    names = parse_agents(agents, game)
    if records and out is None:
        fail("--records needs --out (the records are written to OUT/records/)")
    plan = Plan.of(game, names, games, seed, hidden_samples, records)
    folder = prepare_out_dir(out)
    _, report = run_tournament(plan, workers, backend, folder, ray_address)
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    for i, variant in enumerate(report["variants"]):
        print_variant(report, variant, plan.load(i))
    _print_facts(report)
    if folder:
        console.print(f"report.html, report.json, games.csv, metrics.csv and plots in {folder}")


def print_variant(report: dict, v: dict, game: Game) -> None:
    """The summary in sentences, then agents (not in self-play), positions, per-seat rates,
    ratings, lengths and the game's figures in its words."""
    if not v.get("games"):
        console.print(f"{v['variant']}: no games")
        return
    pct = "{:.1%} ({:.0%}-{:.0%})".format
    console.rule(f"{game.info.name}: {options_text(v['changed'])}, {v['games']} games, "
                 f"seed {report['seed']}")
    for line in summary_lines(v, game):
        console.print(f"• {line}", highlight=False)
    if not v["self_play"]:
        table = Table(title="win share: the game as the unit; draws count as their share; "
                            "verdicts Holm-adjusted")
        for column in ("agent", "games", "wins", "win share (95% CI)", "fair", "verdict",
                       "ms/move"):
            table.add_column(column, justify="left" if column == "agent" else "right",
                             no_wrap=column in ("agent", "win share (95% CI)"))
        for name, r in v["agents"].items():
            table.add_row(name, str(r["games"]), str(r["wins"]), pct(r["rate"], *r["ci95"]),
                          f"{r['fair']:.0%}", r["verdict"], f"{r['ms_per_decision']:.2f}")
        console.print(table)
    seats = Table(title=f"seats, from {v['basis']}")
    for column in ("position", "from the start player", "seat index"):
        seats.add_column(column, justify="left" if column == "position" else "right")
    for p, (a, s) in enumerate(zip(v["positions"], v["seats"], strict=True)):
        seats.add_row("start" if p == 0 else f"+{p}", f"{pct(a['rate'], *a['ci95'])} {a['verdict']}",
                      f"seat {p}: {pct(s['rate'], *s['ci95'])} {s['verdict']}")
    console.print(seats)
    if v["self_play"]:
        _print_metrics(v, game)
        return
    per_seat = Table(title="win rate per agent and seat (95% CI)")
    per_seat.add_column("agent")
    for seat in range(v["players"]):
        per_seat.add_column(f"seat {seat}", justify="right")
    for name, rows in v["per_seat"].items():
        per_seat.add_row(name, *(pct(r["rate"], *r["ci95"]) if r["games"] else "-" for r in rows))
    console.print(per_seat)
    if v.get("head_to_head"):
        h2h = Table(title="head to head: the row agent's win share in games with the column agent")
        h2h.add_column("agent")
        for name in v["head_to_head"]:
            h2h.add_column(name, justify="right")
        for name, row in v["head_to_head"].items():
            h2h.add_row(name, *(pct(row[b]["rate"], *row[b]["ci95"]) if b in row else "-"
                                for b in v["head_to_head"]))
        console.print(h2h)
    ratings = Table(title="OpenSkill ratings from whole-game rankings (ordinal = mu - 3 sigma)")
    for column in ("agent", "mu", "sigma", "ordinal"):
        ratings.add_column(column, justify="left" if column == "agent" else "right")
    for row in v["ratings"]:
        ratings.add_row(row["agent"], f"{row['mu']:.1f}", f"{row['sigma']:.2f}", f"{row['ordinal']:.1f}")
    console.print(ratings)
    for label, d in (("length (decisions)", v["length"]), ("length (rounds)", v["rounds"]),
                     ("score margin", v["margin"])):
        if d:
            console.print(f"{label}: mean {d['mean']} (95% CI {d['ci95'][0]}-{d['ci95'][1]}), "
                          f"median {d['median']}, min {d['min']}, max {d['max']}", highlight=False)
    _print_metrics(v, game)


def _print_metrics(v: dict, game: Game) -> None:
    """Lengths, trajectory and the game's own figures, items named in the game's words."""
    pct = "{:.1%} ({:.0%}-{:.0%})".format
    if v["self_play"]:
        for label, d in (("length (decisions)", v["length"]), ("length (rounds)", v["rounds"]),
                         ("score margin", v["margin"])):
            if d:
                console.print(f"{label}: mean {d['mean']} (95% CI {d['ci95'][0]}-{d['ci95'][1]})",
                              highlight=False)
    for group, verbs in v.get("metrics", {}).items():
        for verb, items in verbs.items():
            t = Table(title=f"{group}: {verb} (seats concerned win: a correlation, not an effect)")
            for column in ("item", "count", "per game", "games with it", "seats concerned win",
                           "verdict", "winner's share"):
                t.add_column(column, justify="left" if column == "item" else "right",
                             no_wrap=column == "item")
            for r in sorted(items, key=lambda r: -r["win"]["rate"] if r["win"]["n"] else 1):
                t.add_row(item_label(game, r["item"], group), str(r["count"]),
                          f"{r['per_game']['mean']:g}",
                          pct(r["games_with"]["rate"], *r["games_with"]["ci95"]),
                          pct(r["win"]["rate"], *r["win"]["ci95"]) if r["win"]["n"] else "-",
                          r["win"].get("verdict", "-"),
                          pct(r["winner_share"]["rate"], *r["winner_share"]["ci95"])
                          if r["winner_share"]["n"] else "-")
            console.print(t)
    for group, verbs in v.get("never", {}).items():
        for verb, items in verbs.items():
            names = ", ".join(item_label(game, i, group) for i in items)
            console.print(f"never {verb} ({group}): {names}", highlight=False)


def _print_facts(report: dict) -> None:
    facts = []
    for v in report["variants"]:
        if v.get("games"):
            facts.append(f"{v['variant']}: draws {v['draws']}, mean branching {v['branching']}")
            if v.get("hidden"):
                h = v["hidden"]
                facts.append(f"hidden share {h['share']:.1%} of decisions; "
                             f"{h['distinct_worlds']:.2f} distinct worlds in {h['samples']} resamples")
    if report.get("games_per_second"):
        facts.append(f"{report['games_per_second']:.2f} games/s on {report['workers']} "
                     f"{report['backend']} worker(s)")
    console.print("; ".join(facts), highlight=False)


@app.command("balance", context_settings=GAME_OPTIONS)
def balance_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    variant: list[str] = typer.Option(None, "--variant",
                                      help="Options of one variant as key=value,key=value "
                                           "(repeatable); default: the game as configured."),
    games: int = typer.Option(200, "--games", min=1, help="Games per match and variant."),
    search: str = typer.Option("ismcts-200", "--search", help="The search bot on the ladder."),
    models: str = typer.Option(None, "--models",
                               help="Player models for the self-play matches, comma-separated "
                                    "(default: the game's heuristic, else random, and "
                                    f"{DEFAULT_SEARCH}); any agents, e.g. ismcts-100."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes."),
    seed: int = typer.Option(0, "--seed", help="Seed (same seed, same games)."),
    out: Path = typer.Option(None, "--out",
                             help="Folder for report.html, balance.json and one resumable "
                                  "sub-folder per match."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Advantage of the starting positions (self-play) and the skill ladder random <
    heuristic < search, for the game and each variant. Base options follow GAME."""
    base = parse_game_options(ctx.args)
    variants = [parse_pairs(v, "--variant") for v in variant] if variant else [{}]
    try:
        game = load(game_id, **base)
        for v in variants:
            load(game_id, **dict(base, **v))
        parse_agents(search, game)
    except MezquitaError as err:
        fail(str(err))
    mirrors = parse_agents(models, game) if models else default_models(game)
    folder = prepare_out_dir(out)
    plans = balance_plans(game, variants, games, search, mirrors, seed)
    if folder:
        try:
            for name, plan in plans:
                ResultStore(folder / name, plan)
        except MezquitaError as err:
            fail(str(err))
    with progress_bar() as progress:
        task = progress.add_task(f"{game_id} balance", total=sum(p.total for _, p in plans))
        report = balance(game, games, search, mirrors, seed, workers,
                         lambda _: progress.advance(task), variants, folder)
    if folder:
        write_balance(report, folder, describe)
    if as_json:
        typer.echo(json.dumps(balance_json(report), indent=2))
        return
    for v in report["variants"]:
        changed = " ".join(f"{k}={val}" for k, val in v["changed"].items()) or "defaults"
        console.rule(f"{game_id} {changed}")
        for line in describe(v):
            console.print(f"• {line}", highlight=False)
    if folder:
        console.print(f"report.html and balance.json in {folder}")


def parse_pairs(text: str, flag: str) -> dict[str, str]:
    """``"hand=3,landmarks=5"`` -> ``{"hand": "3", "landmarks": "5"}``."""
    options = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            fail(f"{flag} takes key=value pairs separated by commas, not {text!r}")
        options[key.strip().replace("-", "_")] = value.strip()
    return options
