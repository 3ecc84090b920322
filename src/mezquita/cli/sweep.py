"""``mezquita sweep GAME --vary hand=1,3,10 --vary landmarks=7,6,5``: every combination of the
varied options as one resumable tournament, compared side by side."""

from __future__ import annotations

import json
import time
from itertools import product
from pathlib import Path

import typer
from rich.table import Table

from mezquita.arena.export import model_folder, write_sweep
from mezquita.arena.labels import restriction as restriction_label
from mezquita.arena.models import DEFAULT_SEARCH, default_models, sweep_robustness
from mezquita.arena.plan import Plan
from mezquita.arena.report import analyse
from mezquita.arena.restrict import expand
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
    vary: list[str] = typer.Option(None, "--vary",
                                   help="OPTION=V1,V2,... (repeatable: every combination is "
                                        "a variant), e.g. --vary hand=1,3 or "
                                        "--vary cards=a.json,b.json."),
    restrict: list[str] = typer.Option(None, "--restrict",
                                       help="Restricted play (repeatable): never:FIELD=VALUE or "
                                            "always:FIELD=VALUE on the actions' JSON, for one "
                                            "seat (its win-rate change is measured) or every "
                                            "seat with @all; FIELD=* ranks every value, e.g. "
                                            "'never:do=pick,character=*'."),
    models: str = typer.Option(None, "--models",
                               help="Player models, comma-separated: each plays itself in every "
                                    "seat (default: the heuristic and "
                                    f"{DEFAULT_SEARCH})."),
    agents: str = typer.Option(None, "--agents",
                               help="Instead of --models: one lineup of agents on the fair "
                                    "schedule (module:Class for your own)."),
    games: int = typer.Option(100, "--games", min=1, help="Games per variant and model."),
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
    its 95% CI (win shares, the start player's win rate, draws, lengths, score margins,
    trajectory figures and the game's own figures), the restricted-play figure of each
    --restrict, under each player model, and whether each answer holds under every model.
    Base options follow GAME (--players 5).

    Without --out, --records, --restrict and --engine, models that a compiled simulator has
    (``mezquita.fast``: random and heuristic in Córdoba and Cortiça) run there, with the same
    games; that report leaves out the game's own figures (the simulator keeps no events)."""
    base = parse_game_options(ctx.args)
    combos = parse_vary(vary) if vary else [{}]
    try:
        game = load(game_id, **base)
        for v in combos:
            load(game_id, **dict(base, **v))
        restrictions = [r for text in restrict or [] for r in expand(text, game)]
    except MezquitaError as err:
        fail(str(err))
    if len(combos) == 1 and not restrictions:
        fail("a sweep needs --vary OPTION=V1,V2,... or --restrict RESTRICTION")
    if records and out is None:
        fail("--records needs --out (the records are written to OUT/records/)")
    if models and agents:
        fail("give --models (self-play of each) or --agents (one lineup), not both")
    lineups = ([parse_agents(agents, game)] if agents else
               [[m] for m in parse_agents(models, game)] if models else
               [[m] for m in default_models(game)])
    variants = combos + [dict(c, restrict=r.spec) for c in combos for r in restrictions]
    folder = prepare_out_dir(out)
    reports = {}
    for lineup in lineups:
        name = ",".join(lineup)
        plan = Plan.of(game, lineup, games, seed, hidden_samples=0, records=records,
                       variants=variants)
        report = None if engine or restrictions else fast_sweep(plan, out is not None or records)
        if report is None:
            _, report = run_tournament(plan, workers, "local",
                                       folder / model_folder(name) if folder else None)
        reports[name] = report
    study = {"game": game_id, "options": dict(game.options), "games_per_variant": games,
             "seed": seed, "models": list(reports), "reports": reports,
             "robustness": sweep_robustness(reports, lambda spec: restriction_label(game, spec))}
    if folder:
        write_sweep(study, folder)
    if as_json:
        typer.echo(json.dumps(study, indent=2))
        return
    for name, report in reports.items():
        console.rule(f"player model: {name}")
        print_comparison(report)
        print_restricted(report)
    console.rule("across player models")
    for question in study["robustness"]:
        console.print(f"• {question['text']}", highlight=False)
    if folder:
        console.print(f"report.html, report.json and one folder per player model in {folder}",
                      highlight=False)


def print_restricted(report: dict) -> None:
    """The restricted-play ranking: the denied player's win-rate change per element."""
    rows = report.get("restricted_play")
    if not rows:
        return
    table = Table(title="restricted play: one seat denied (or forced), same deals and opponents; "
                        "verdicts Holm-adjusted")
    for column in ("restriction", "denied player wins", "unrestricted", "change (95% CI)",
                   "it bit in", "verdict"):
        table.add_column(column, justify="left" if column in ("restriction", "verdict") else "right")
    for r in rows:
        d = r["change"]
        table.add_row(r["restriction"], f"{r['denied']['rate']:.1%}", f"{r['control_rate']['rate']:.1%}",
                      f"{100 * d['diff']:+.1f} pts ({100 * d['ci95'][0]:+.1f} to "
                      f"{100 * d['ci95'][1]:+.1f})", f"{r['bit_in']['rate']:.0%} of games",
                      r["verdict"])
    console.print(table)


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
        # no moves, events or positions: repeats, the game's own and trajectory figures need
        # the engine (the summary says so)
        v["metrics"], v["never"] = {}, {}
    report.update({"simulator": simulator, "seconds": round(elapsed, 2),
                   "games_per_second": round(len(results) / elapsed, 1) if elapsed else None})
    err_console.print(f"[dim]played by {simulator}, which keeps no moves or positions: repeats "
                      "unchecked, no trajectory figures and no game figures (--engine has them)[/]")
    return report


def _evidence(diff: dict) -> float:
    """How clearly a difference stands out: its size over its CI's half-width."""
    half = (diff["ci95"][1] - diff["ci95"][0]) / 2
    return abs(diff["diff"]) / half if half > 0 else 0.0


def print_comparison(report: dict, metric_rows: int = 12) -> None:
    """One row per figure and variant: its value and its difference from the first variant
    (95% CIs); the headline figures, then the game's figures whose difference stands out most
    from its interval."""
    rows = report.get("comparison")
    if not rows:
        return
    names = report["compared"]
    table = Table(title=f"{report['game']}: {report['planned_games']} games per variant; "
                        f"differences from {names[0]} (95% CI)")
    for column in ("figure", "variant", "value (95% CI)", "difference (95% CI)"):
        table.add_column(column, justify="left" if column in ("figure", "variant") else "right",
                         overflow="fold")
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
        console.print("every figure of every variant: --out DIR writes them to report.html and "
                      "report.json", highlight=False)
    for v in report["variants"]:
        for group, verbs in v.get("never", {}).items():
            for verb, items in verbs.items():
                console.print(f"{v['variant']}: never {verb} ({group}): {', '.join(items)}",
                              highlight=False)
