"""The ``mezquita`` command. Each sub-command lives in its own module of this package and
registers itself on ``app`` when imported below."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="mezquita",
    help="Mezquita: play, simulate and research five tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Sub-commands register on `app` when imported (keep one import line per module).
from . import games_cmd, play, simulate, replay, bench, serve, arena  # noqa: E402,F401,I001
