"""``mezquita play GAME``: a readable terminal game against bots."""

from __future__ import annotations

import json
import random

import typer

from mezquita.agents import Turn, make_agent
from mezquita.engine import IllegalAction, MezquitaError, State

from . import app
from .common import GAME_OPTIONS, console, fail, load_game


@app.command("play", context_settings=GAME_OPTIONS)
def play_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    bot: str = typer.Option("heuristic", "--bot", help="Bot for the other seats."),
    seat: int = typer.Option(0, "--seat", help="Your seat (0 plays first)."),
    seed: int = typer.Option(None, "--seed", help="Deal seed (default: random)."),
    lang: str = typer.Option("en", "--lang", help="Language of labels: en, es, ca, de."),
) -> None:
    """Play GAME in the terminal against bots. Game options follow, e.g. `--hand 3`."""
    game = load_game(game_id, ctx.args)
    if not 0 <= seat < game.num_players:
        fail(f"--seat must be 0..{game.num_players - 1} for {game.num_players} players")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        bots = {s: make_agent(bot, game, seed + s) for s in range(game.num_players) if s != seat}
    except MezquitaError as err:
        fail(str(err))
    if game.info.reconstruction:
        console.print(f"[yellow]Note:[/] {game.info.reconstruction}")
    console.print(f"[bold]{game.info.name}[/] {game!r}, seed {seed}; you are seat {seat}.")
    state = game.new_state(seed)
    shown = 0  # log entries printed so far
    try:
        while movers := state.to_move():
            # Several seats may move at once (a simultaneous phase): the bots go first.
            mover = next((m for m in movers if m != seat), seat)
            if mover == seat:
                shown = _print_log(state, seat, lang, shown)
                console.print(game.render_text(state.view(seat), lang))
                _human_turn(state, seat, lang)
            else:
                state.apply(mover, bots[mover].act(Turn.of(state, mover)))
    except (EOFError, KeyboardInterrupt):
        console.print("\nGame left.")
        raise typer.Exit(1) from None
    _print_log(state, seat, lang, shown)
    console.print(game.render_text(state.view(seat), lang))
    _print_result(state, seat)


def _print_log(state: State, seat: int, lang: str, start: int) -> int:
    """Print the log entries from ``start`` on as ``seat`` may know them; return the count."""
    log = state.log(seat, start)
    for entry in log:
        console.print(f"  [dim]{state.game.event_text(entry, lang)}[/]", highlight=False)
    return start + len(log)


def _human_turn(state: State, seat: int, lang: str) -> None:
    """Ask until a legal action is given (by number, label or JSON)."""
    options = state.legal_actions_json(seat, lang)
    for i, option in enumerate(options, 1):
        console.print(f"  [cyan]{i:>2}[/] {option['label']}", highlight=False)
    while True:
        answer = console.input("[bold]your move[/] (number or JSON): ").strip()
        try:
            action = _parse_answer(answer, options)
            state.apply(seat, action)
            return
        except (IllegalAction, ValueError) as err:
            console.print(f"[red]{err}[/] Try again.", highlight=False)


def _parse_answer(answer: str, options: list[dict]):
    if answer.isdigit():
        number = int(answer)
        if not 1 <= number <= len(options):
            raise ValueError(f"choose a number from 1 to {len(options)}")
        return options[number - 1]["id"]
    for option in options:
        if answer.lower() == option["label"].lower():
            return option["id"]
    try:
        return json.loads(answer)
    except json.JSONDecodeError:
        raise ValueError(f"{answer!r} is neither a listed number nor a JSON action") from None


def _print_result(state: State, seat: int) -> None:
    returns, scores = state.returns(), state.scores()
    line = ", ".join(f"seat {s}: {scores[s]}" for s in range(len(scores)))
    best = max(returns)
    outcome = ("You win!" if returns[seat] == 1.0 else
               "A draw." if returns[seat] == best else "You lose.")
    console.print(f"[bold]Game over.[/] Scores: {line}. {outcome}")
