"""``mezquita audit GAME``: the rule-hole detector (``mezquita.arena.audit``)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from mezquita.arena.audit import audit, lineups, variants
from mezquita.engine import MezquitaError, load

from .app import app
from .arena import progress_bar
from .common import GAME_OPTIONS, console, fail, parse_game_options
from .simulate import prepare_out_dir


@app.command("audit", context_settings=GAME_OPTIONS)
def audit_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    games: int = typer.Option(20, "--games", min=1, help="Games per variant and lineup."),
    seed: int = typer.Option(0, "--seed", help="Seed (same seed, same games)."),
    out: Path = typer.Option(None, "--out",
                             help="Folder for audit.json and one replayable record per kept "
                                  "finding (findings/NNN-KIND.json)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Play every variant with random, heuristic and mixed players and report states with no
    legal action, crashes, loops without progress, games past their length cap, exhausted
    decks, events that never fire and actions never legal, each with a replayable record.
    Base options follow GAME."""
    base = parse_game_options(ctx.args)
    try:
        plan = [(v, len(lineups(load(game_id, **dict(base, **v))))) for v in variants(game_id, base)]
    except MezquitaError as err:
        fail(str(err))
    folder = prepare_out_dir(out)
    with progress_bar() as progress:
        task = progress.add_task(f"{game_id} audit", total=games * sum(n for _, n in plan))
        report = audit(game_id, base, games, seed, lambda: progress.advance(task))
    if folder:
        (folder / "findings").mkdir(exist_ok=True)
        number = 0
        for finding in report["findings"]:
            for record in finding["records"]:
                slug = finding["kind"].replace(" ", "-")
                (folder / "findings" / f"{number:03d}-{slug}.json").write_text(
                    json.dumps(record) + "\n", encoding="utf-8")
                number += 1
        (folder / "audit.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    console.print(f"{report['games']} games of {game_id} in {len(plan)} variants", highlight=False)
    for f in report["findings"]:
        console.print(f"• {f['kind']}: {f['detail']} ({f['count']} times)", highlight=False)
    if not report["findings"]:
        console.print("• no state without a legal action, crash, loop, overlong game or empty "
                      "deck", highlight=False)
    for variant, c in report["coverage"].items():
        if c["never_fired"]:
            console.print(f"• {variant}: events never fired: {', '.join(c['never_fired'])}",
                          highlight=False)
        if c["never_legal"]:
            console.print(f"• {variant}: never legal: {', '.join(c['never_legal'])}",
                          highlight=False)
    if folder:
        console.print(f"audit.json and the findings' records in {folder}", highlight=False)
