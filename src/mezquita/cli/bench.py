"""``mezquita bench``: speed figures as ratios against anchors measured in the same run, and
the run's peak memory."""

from __future__ import annotations

import json
import platform
import resource
from importlib import import_module

import typer
from rich.table import Table

from mezquita import __version__
from mezquita.engine import MezquitaError, games

from .app import app
from .common import console, err_console, fail

#: bench modules in ``mezquita.benchmarks`` run by default, and the optional ones by flag.
SUITES = ("playouts", "search", "adapters", "fast")
OPTIONAL = {"server": "server"}


@app.command("bench")
def bench_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON (the figures we track)."),
    game: list[str] = typer.Option(None, "--game", help="Only this game (repeatable)."),
    quick: bool = typer.Option(False, "--quick", help="Short timings (noisier)."),
    server: bool = typer.Option(False, "--server", help="Also run the WebSocket server load test."),
) -> None:
    """Measure playout, search, adapter and fast-simulator speed; report ratios against the
    goofspiel anchor of the same run (interleaved with it), and peak memory."""
    from mezquita.benchmarks import Figure, anchor

    known = {i.id for i in games()}
    for g in game or []:
        if g not in known:
            fail(f"unknown game {g!r} (known games: {', '.join(sorted(known))})")
    suites = list(SUITES) + ([OPTIONAL["server"]] if server else [])
    anchor.reset()
    figures = []
    for name in suites:
        try:
            module = import_module(f"mezquita.benchmarks.{name}")
        except ModuleNotFoundError as err:
            if err.name and err.name.startswith("mezquita.benchmarks"):
                continue  # that suite does not exist yet
            err_console.print(f"[yellow]skipped {name}:[/] {err}")
            continue
        err_console.print(f"[dim]running {name}...[/]")
        try:
            figures.extend(module.run(game or None, quick))
        except MezquitaError as err:
            fail(str(err))
        except Exception as err:  # a broken game or adapter must not hide the other figures
            err_console.print(f"[yellow]{name} failed:[/] {type(err).__name__}: {err}")
            figures.append(Figure(f"{name} suite", "", 0.0, "", note=f"failed: {type(err).__name__}: "
                                  f"{err}"[:200]))
    run_anchor = anchor.shared(quick)
    figures = [run_anchor.figure(), *(f for f in figures if f.name != anchor.NAME)]
    run_anchor.finalise(figures)  # with the anchor's best over the whole run
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures.append(Figure("bench process peak memory", "", round(peak, 1), "MB",
                          note="peak resident memory of this run (child processes apart)"))
    result = {"mezquita": __version__, "python": platform.python_version(),
              "machine": platform.machine(), "quick": quick,
              "figures": [f.to_json() for f in figures]}
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    table = Table(title=f"mezquita bench ({'quick' if quick else 'full'})")
    numeric = ("value", "ratio to anchor", "vs goofspiel")
    for column in ("measure", "game", "setting", *numeric[:1], "unit", *numeric[1:], "note"):
        table.add_column(column, justify="right" if column in numeric else "left")
    for f in figures:
        ratio = f"{f.ratio:.2f}x" if f.ratio is not None else ""
        versus = f"{f.vs_anchor:.2f}x" if f.vs_anchor is not None else ""
        table.add_row(f.name, f.game, f.setting, f"{f.value:,}", f.unit, ratio, versus, f.note)
    console.print(table)
