"""``mezquita replay FILE``: re-play a record, check it, print the final position."""

from __future__ import annotations

from pathlib import Path

import typer

from mezquita.engine import MezquitaError, Record

from .app import app
from .common import console, fail


@app.command("replay")
def replay_command(
    path: Path = typer.Argument(..., metavar="FILE", help="A record written by simulate --records."),
    seat: int = typer.Option(None, "--seat", help="Show the position as this seat sees it."),
) -> None:
    """Re-play a game record, check every move, and print the final position."""
    try:
        record = Record.load(path)
        state = record.replay()
        view = state.view(seat)
    except MezquitaError as err:
        fail(str(err))
    expected = record.meta.get("returns")
    if expected is not None and state.is_terminal() and expected != state.returns():
        fail(f"record says returns {expected} but the replay ends with {state.returns()}")
    game = state.game
    console.print(f"[bold]{game.info.name}[/] {game!r}, seed {record.seed}: "
                  f"{len(record.actions)} actions replayed, all legal.")
    console.print(game.render_text(view))
    if state.is_terminal():
        table = state.score_breakdown()
        console.print(f"Final scores {state.scores()}, returns {state.returns()}. {table['reason']}",
                      highlight=False)
    else:
        console.print(f"The record stops before the end; to move: {list(state.to_move())}.")
