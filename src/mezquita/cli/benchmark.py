"""``mezquita benchmark GAME AGENT``: an agent against the levels on the fixed, versioned suite
of deals (``mezquita.arena.benchmark``)."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from mezquita.agents import levels_of
from mezquita.arena.benchmark import DEFAULT_DEALS, STANDARD_DEALS, benchmark
from mezquita.engine import MezquitaError, load

from .app import app
from .arena import progress_bar
from .common import console, fail


@app.command("benchmark")
def benchmark_command(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    agent: str = typer.Argument(None, metavar="AGENT",
                                help="The agent measured: a level, heuristic, mcts-200, ..."),
    agents: str = typer.Option(None, "--agents", help="Instead of AGENT: your own bot as "
                                                      "module:Class (an Agent subclass)."),
    players: int = typer.Option(None, "--players", min=1, help="Player count (default: the game's)."),
    deals: int = typer.Option(DEFAULT_DEALS, "--deals", min=1,
                              help=f"Deals of the suite to play (published: {STANDARD_DEALS}); "
                                   "each is played once from every seat against each opponent."),
    opponents: str = typer.Option(None, "--opponents",
                                  help="Comma-separated levels to play against (default: every "
                                       "level of the game, e.g. easy,medium,hard,expert)."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Win rate and average score difference of AGENT against each level (95% intervals,
    deals as clusters) on the suite's first DEALS deals, seats rotated: the same deals give
    the same games on any machine for agents that are deterministic given their seed."""
    if (agent is None) == (agents is None):
        fail("name the agent measured: AGENT or --agents module:Class (one of them)")
    name = agent or agents
    if agents is not None and ":" not in agents:
        fail(f"--agents takes your own bot as module:Class, not {agents!r}")
    wanted = None if opponents is None else tuple(o.strip() for o in opponents.split(",") if o.strip())
    if wanted == ():
        fail("--opponents names no level")
    try:
        game = load(game_id, **({} if players is None else {"players": players}))
        wanted = wanted or tuple(levels_of(game))
        with progress_bar() as progress:
            task = progress.add_task(f"{game_id} benchmark", total=deals * game.num_players * len(wanted))
            report = benchmark(game, name, deals, wanted, workers, lambda: progress.advance(task))
    except MezquitaError as err:
        fail(str(err))
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    table = Table(title=f"{report['suite']}: {name} in {game_id}, {report['players']} players, "
                        f"{deals} deals x {report['players']} seats per opponent")
    for column in ("opponent", "games", "win rate", "95% CI", "fair", "score diff", "95% CI ",
                   "digest"):
        table.add_column(column, justify="left" if column in ("opponent", "digest") else "right")
    for row in report["opponents"]:
        lo, hi = row["win_ci95"]
        dlo, dhi = row["score_diff_ci95"]
        timed = " (timed)" if row["timed"] else ""
        table.add_row(f"{row['opponent']} = {row['opponent_agent']}{timed}", str(row["games"]),
                      f"{row['win_rate']:.3f}", f"{lo:.3f}-{hi:.3f}", f"{row['fair']:.3f}",
                      f"{row['score_diff']:+.2f}", f"{dlo:+.2f} to {dhi:+.2f}", row["digest"])
    console.print(table)
    if any(row["timed"] for row in report["opponents"]):
        console.print("(timed): that level has a time budget, so its games depend on the machine")
