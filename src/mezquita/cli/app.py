"""The ``mezquita`` Typer application, on which each sub-command module registers itself."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="mezquita",
    help="Mezquita: play, simulate and research five tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain one-line errors ("--games 0"), not framed boxes
)
