"""``mezquita review RECORD``: the analyst's review of every decision of a seat (or of every
seat) in a game record, as a table in the game's words or as JSON (docs/review.md)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from mezquita.analysis import BLUNDER, MISTAKE, Review, review
from mezquita.analysis.review import word
from mezquita.analysis.search import Estimate
from mezquita.engine import MezquitaError, Record, seat_name
from mezquita.engine.texts import check_lang

from .app import app
from .common import console, err_console, fail


@app.command("review")
def review_command(
    path: Path = typer.Argument(..., metavar="RECORD", help="A record written by simulate --records."),
    seat: int = typer.Option(None, "--seat", help="Review this seat only (default: every seat)."),
    budget: int = typer.Option(None, "--budget", min=1,
                               help="Search iterations (or alpha-beta depth) per decision; "
                                    "default: the Expert's."),
    seed: int = typer.Option(0, "--seed", help="Search seed (same seed, same review)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    lang: str = typer.Option("en", "--lang", help="Language of moves and table: en, es, ca, de."),
) -> None:
    """Review each decision with the strongest bot's search, from that seat's view only."""
    try:
        check_lang(lang)
        record = Record.load(path)
        players = record.replay().game.num_players
        seats = list(range(players)) if seat is None else [seat]
        reviews = [_run(record, s, budget, seed) for s in seats]
    except MezquitaError as err:
        fail(str(err))
    if as_json:
        typer.echo(json.dumps({"record": str(path), "reviews": [r.to_json(lang) for r in reviews]},
                              indent=2, ensure_ascii=False))
        return
    for r in reviews:
        print_review(r, lang)


def _run(record: Record, seat: int, budget: int | None, seed: int) -> Review:
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err_console, transient=True) as progress:
        task = progress.add_task(f"seat {seat}", total=None)
        return review(record, seat, budget, seed,
                      on_step=lambda done, total: progress.update(task, completed=done, total=total))


def print_review(r: Review, lang: str) -> None:
    """The review as a table: per decision the move played, its value (after), the value of
    the best move (before), the best alternative to the move played with its value, the mark."""
    g = r.game

    def value(e: Estimate | None) -> str:
        return f"{e.value:.0%} [{e.low:.0%}-{e.high:.0%}]" if e else word("untried", lang)

    title = word("title", lang).format(player=seat_name(r.seat, lang), game=g.info.name,
                                       analyst=r.analyst, measure=word(r.measure, lang))
    table = Table(title=title, title_justify="left")
    for key in ("decision", "played", "after", "before", "alternative", "mark"):
        table.add_column(word(key, lang), justify="right" if key in ("after", "before") else "left")
    for n, step in enumerate(r.steps, 1):
        played = g.action_label(step.action, lang)
        if step.forced:
            table.add_row(str(n), played, word("forced", lang), "", "", "")
            continue
        alt = step.alternative
        mark = word(step.mark, lang) + ("" if step.certain else "?") if step.mark else ""
        table.add_row(str(n), played, value(step.played), value(step.best),
                      f"{g.action_label(alt.action, lang)}  {value(alt)}" if alt else "",
                      f"[bold red]{mark}[/]" if step.mark == "blunder" else mark)
    console.print(table)
    marks = [s.mark for s in r.steps]
    summary = word("summary", lang).format(
        mistakes=marks.count("mistake"), blunders=marks.count("blunder"),
        mistake=round(MISTAKE * 100), blunder=round(BLUNDER * 100))
    console.print(summary, highlight=False)
