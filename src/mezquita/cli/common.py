"""Helpers shared by the sub-commands: option parsing, loading, one-line errors."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

from mezquita.engine import Game, MezquitaError, load

console = Console()
err_console = Console(stderr=True)

#: typer settings for commands that take the game's own options as ``--name value``.
GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one clear error line to stderr and exit non-zero."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def parse_game_options(args: list[str]) -> dict[str, str]:
    """``["--hand", "3", "--match=true", "-o", "landmarks=6"]`` -> ``{"hand": "3", ...}``.

    Values stay strings; the game's declared options convert and validate them.
    """
    options: dict[str, str] = {}
    rest = list(args)
    while rest:
        word = rest.pop(0)
        if word in ("-o", "--option"):
            if not rest or "=" not in rest[0]:
                fail(f"{word} needs key=value")
            key, value = rest.pop(0).split("=", 1)
        elif word.startswith("--"):
            key, eq, value = word[2:].partition("=")
            if not eq:
                if not rest or rest[0].startswith("--"):
                    fail(f"option --{key} needs a value")
                value = rest.pop(0)
        else:
            fail(f"unexpected argument {word!r} (game options look like --hand 3)")
        options[key.replace("-", "_")] = value
    return options


def load_game(game_id: str, args: list[str]) -> Game:
    """Load ``game_id`` with options from extra command-line ``args``; exit on bad input."""
    try:
        return load(game_id, **parse_game_options(args))
    except MezquitaError as err:
        fail(str(err))

