"""``mezquita simulate GAME``: games between agents on the fair seat schedule, with statistics."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from mezquita.agents.registry import check_agent_names
from mezquita.arena import Plan, play_plan, summarise
from mezquita.engine import Game, MezquitaError

from .app import app
from .common import GAME_OPTIONS, console, err_console, fail, load_game


def parse_agents(text: str, game: Game) -> list[str]:
    """``"random,heuristic"`` -> names, checked against the agent registry."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        fail("--agents needs at least one agent name, e.g. --agents random,heuristic")
    try:
        check_agent_names(names, game)
    except MezquitaError as err:
        fail(str(err))
    return names


def prepare_out_dir(path: Path | None) -> Path | None:
    """Create an output folder, or exit with a clear error if it cannot be made."""
    if path is None:
        return None
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        fail(f"cannot create {str(path)!r}: {err.strerror}")
    return path


@app.command("simulate", context_settings=GAME_OPTIONS)
def simulate_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    agents: str = typer.Option("random,heuristic", "--agents", help="Comma-separated agents."),
    games: int = typer.Option(100, "--games", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", help="Tournament seed (same seed, same games)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    records: Path = typer.Option(None, "--records", help="Write each game's record here."),
    engine: bool = typer.Option(False, "--engine",
                                help="Use the reference engine even where a fast simulator exists."),
) -> None:
    """Play games on the fair seat schedule and report win shares with 95% CIs.

    Games whose agents a compiled simulator has (``mezquita.fast``: random and heuristic in
    Córdoba and Cortiça) run there, with the same deals and seats; ``--engine`` forces the engine."""
    game = load_game(game_id, ctx.args)
    names = parse_agents(agents, game)
    out = prepare_out_dir(records)
    simulator = None if engine else fast_simulator(game_id, names, dict(game.options), out is not None)
    if simulator is not None:
        summary = simulator(game_id, dict(game.options), names, games, seed)
        err_console.print(f"[dim]played by {summary['simulator']} (--engine: the reference engine)[/]")
    else:
        summary = engine_summary(game, game_id, names, games, seed, out)
    summary.update({"game": game_id, "options": game.options, "seed": seed, "agent_list": names})
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
    else:
        print_summary(summary)


def fast_simulator(game_id: str, names: list[str], options: dict, records: bool):
    """`mezquita.fast.tournament.run` when it can play this tournament, else None (saying
    why on stderr when a fast simulator exists but cannot be used)."""
    try:
        from mezquita import fast
    except ImportError:  # numpy missing: the fast package cannot even be imported
        return None
    if not fast.supports(game_id, names, options):
        return None
    if records:
        err_console.print("[dim]--records: using the reference engine (the fast simulator keeps "
                          "no records)[/]")
        return None
    from mezquita.fast import tournament

    def run(game_id, options, names, games, seed):
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), console=err_console, transient=True) as progress:
            task = progress.add_task(f"{game_id} games", total=games)
            return tournament.run(game_id, options, names, games, seed,
                                  on_chunk=lambda n: progress.advance(task, n))

    return run


def engine_summary(game: Game, game_id: str, names: list[str], games: int, seed: int,
                   out: Path | None) -> dict:
    """The tournament on the reference engine (writing records to ``out`` if given)."""
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err_console, transient=True) as progress:
        task = progress.add_task(f"{game_id} games", total=games)

        def done(result) -> None:
            progress.advance(task)
            if out is not None:
                (out / f"game-{result.index:06d}.json").write_text(json.dumps(result.record) + "\n")

        plan = Plan.of(game, names, games, seed, hidden_samples=0, records=out is not None)
        results = play_plan(plan, on_result=done)
    return {**summarise(results, names), "simulator": "engine"}


def print_summary(summary: dict) -> None:
    """Tables: per agent (games, wins, draws, win share with CI against its fair share) and
    game length."""
    title = f"{summary['game']} {summary['options']}: {summary['games']} games, seed {summary['seed']}"
    table = Table(title=title)
    for column in ("agent", "games", "wins", "draws", "losses", "win share", "95% CI", "fair"):
        table.add_column(column, justify="right" if column != "agent" else "left")
    for name, row in summary["agents"].items():
        lo, hi = row["ci95"]
        table.add_row(name, str(row["games"]), str(row["wins"]), str(row["draws"]),
                      str(row["losses"]), f"{row['rate']:.1%}", f"{lo:.1%} - {hi:.1%}",
                      f"{row['fair']:.0%}")
    console.print(table)
    length = summary["length"]
    console.print(f"game length (decisions): mean {length['mean']}, median {length['median']}, "
                  f"min {length['min']}, max {length['max']}")
