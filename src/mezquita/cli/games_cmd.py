"""``mezquita games``: the games and their options."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from mezquita.engine import games

from .app import app
from .common import console


@app.command("games")
def games_command(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the games and their options."""
    infos = games()
    if as_json:
        typer.echo(json.dumps([i.to_json() for i in infos], indent=2, ensure_ascii=False))
        return
    table = Table(title="Mezquita games", show_lines=True)
    for column in ("id", "name", "players", "hidden info", "options"):
        table.add_column(column)
    for info in infos:
        options = "\n".join(
            f"--{o.name} {o.default}" + (f"  ({'/'.join(map(str, o.choices))})" if o.choices else "")
            + (f": {o.help}" if o.help else "")
            for o in info.options
        )
        players = (f"{info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        name = info.name + (f"\n[yellow]reconstruction:[/] {info.reconstruction}"
                            if info.reconstruction else "")
        table.add_row(info.id, name, players, "yes" if info.hidden_information else "no", options)
    console.print(table)
