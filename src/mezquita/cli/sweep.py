"""``mezquita sweep GAME --vary hand=1,3,10 --vary landmarks=7,6,5``: every combination of the
varied options as one resumable tournament, compared side by side."""

from __future__ import annotations

import json
import time
from itertools import product
from pathlib import Path

import typer
from rich.table import Table

from mezquita.arena.plan import Plan
from mezquita.arena.report import analyse
from mezquita.engine import MezquitaError, load

from .app import app
from .arena import run_tournament
from .common import GAME_OPTIONS, console, err_console, fail, parse_game_options
from .simulate import parse_agents, prepare_out_dir


def parse_vary(items: list[str]) -> list[dict[str, str]]:
    """``["hand=1,3", "landmarks=7,5"]`` -> the 4 combinations, first option slowest."""
    axes = []
    for text in items:
        key, eq, values = text.partition("=")
        choices = [v.strip() for v in values.split(",") if v.strip()]
        if not eq or not key.strip() or not choices:
            fail(f"--vary takes OPTION=VALUE,VALUE,..., not {text!r}")
        axes.append([(key.strip().replace("-", "_"), v) for v in choices])
    return [dict(combo) for combo in product(*axes)]


@app.command("sweep", context_settings=GAME_OPTIONS)
def sweep_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    vary: list[str] = typer.Option(..., "--vary",
                                   help="OPTION=V1,V2,... (repeatable: every combination is "
                                        "a variant), e.g. --vary hand=1,3 or "
                                        "--vary cards=a.json,b.json."),
    agents: str = typer.Option("heuristic", "--agents",
                               help="Comma-separated agents (module:Class for your own)."),
    games: int = typer.Option(100, "--games", min=1, help="Games per variant."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes."),
    seed: int = typer.Option(0, "--seed", help="Seed (variants share their deal seeds)."),
    out: Path = typer.Option(None, "--out", help="Folder of the resumable sweep and its reports."),
    records: bool = typer.Option(False, "--records", help="Keep every game's record in OUT/records/."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    engine: bool = typer.Option(False, "--engine",
                                help="Use the reference engine even where a fast simulator exists "
                                     "(the game's own figures need it)."),
) -> None:
    """Each variant's figures side by side with the difference from the first variant and
    its 95% CI: win shares, the start player's win rate, draws, lengths, score margins and the
    game's own figures per game. Base options follow GAME (--players 5).

    Without --out, --records and --engine, sweeps whose agents a compiled simulator has
    (``mezquita.fast``: random and heuristic in Córdoba and Cortiça) run there, with the same
    games; that report leaves out the game's own figures (the simulator keeps no events)."""
    base = parse_game_options(ctx.args)
    variants = parse_vary(vary)
    try:
        game = load(game_id, **base)
        for v in variants:
            load(game_id, **dict(base, **v))
    except MezquitaError as err:
        fail(str(err))
    if records and out is None:
        fail("--records needs --out (the records are written to OUT/records/)")
    names = parse_agents(agents, game)
    plan = Plan.of(game, names, games, seed, hidden_samples=0, records=records, variants=variants)
    report = None if engine else fast_sweep(plan, out is not None or records)
    if report is None:
        folder = prepare_out_dir(out)
        _, report = run_tournament(plan, workers, "local", folder)
    else:
        folder = None
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    print_comparison(report)
    if folder:
        console.print(f"report.html (every variant), report.json, games.csv, metrics.csv and "
                      f"plots in {folder}")


def fast_sweep(plan: Plan, keeps_files: bool) -> dict | None:
    """The sweep's report from `mezquita.fast` when it has the game, every variant and every
    agent (saying so on stderr), else None."""
    try:
        from mezquita import fast
    except ImportError:  # numpy missing
        return None
    options = [dict(plan.load(v).options) for v in range(len(plan.variants))]  # parsed values
    if not all(fast.supports(plan.game, plan.agents, o) for o in options):
        return None
    if keeps_files:
        err_console.print("[dim]--out/--records: using the reference engine (the fast simulator "
                          "keeps no records or events)[/]")
        return None
    from mezquita.fast.tournament import game_results

    start = time.perf_counter()
    results = [r for v, o in enumerate(options)
               for r in game_results(plan.game, o, plan.agents, plan.games, plan.seed, v,
                                     len(options))]
    elapsed = time.perf_counter() - start
    report = analyse(results, plan)
    simulator = f"mezquita.fast ({fast.default_backend()})"
    for v in report["variants"]:
        v["metrics"], v["never"] = {}, {}  # no events: the game's own figures need the engine
    report.update({"simulator": simulator, "seconds": round(elapsed, 2),
                   "games_per_second": round(len(results) / elapsed, 1) if elapsed else None})
    err_console.print(f"[dim]played by {simulator}; the game's own figures need --engine[/]")
    return report


def _evidence(diff: dict) -> float:
    """How clearly a difference stands out: its size over its CI's half-width."""
    half = (diff["ci95"][1] - diff["ci95"][0]) / 2
    return abs(diff["diff"]) / half if half > 0 else 0.0


def print_comparison(report: dict, metric_rows: int = 12) -> None:
    """One row per figure and variant: its value and its difference from the first variant
    (95% CIs); the headline figures, then the game's figures whose difference stands out most
    from its interval."""
    names = [v["variant"] for v in report["variants"]]
    table = Table(title=f"{report['game']}: {report['planned_games']} games per variant; "
                        f"differences from {names[0]} (95% CI)")
    for column in ("figure", "variant", "value (95% CI)", "difference (95% CI)"):
        table.add_column(column, justify="left" if column in ("figure", "variant") else "right",
                         overflow="fold")
    rows = report["comparison"]
    moved = [r for r in rows if r["metric"] and any(r["diffs"][1:])]
    moved.sort(key=lambda r: -max(_evidence(d) for d in r["diffs"][1:] if d))
    for row in [r for r in rows if not r["metric"]] + moved[:metric_rows]:
        rate = row["kind"] == "rate"
        key = "rate" if rate else "mean"
        show = (lambda x: f"{x:.0%}") if rate else (lambda x: f"{x:.3g}")
        gap = (lambda x: f"{100 * x:+.0f}") if rate else (lambda x: f"{x:+.3g}")
        unit = " pts" if rate else ""
        for i, (name, value, diff) in enumerate(zip(names, row["values"], row["diffs"], strict=True)):
            table.add_row(row["figure"] if i == 0 else "", name,
                          f"{show(value[key])} ({show(value['ci95'][0])}-{show(value['ci95'][1])})"
                          if value else "-",
                          f"{gap(diff['diff'])}{unit} ({gap(diff['ci95'][0])} to {gap(diff['ci95'][1])})"
                          if diff else "", end_section=i == len(names) - 1)
    console.print(table)
    if len(rows) > len(moved[:metric_rows]):
        console.print("every figure of every variant: report.html / report.json", highlight=False)
    for v in report["variants"]:
        for group, verbs in v.get("never", {}).items():
            for verb, items in verbs.items():
                console.print(f"{v['variant']}: never {verb} ({group}): {', '.join(items)}",
                              highlight=False)
