"""``mezquita play GAME``: a readable terminal game against bots."""

from __future__ import annotations

import json
import random

import typer

from mezquita.agents import Turn, make_agent
from mezquita.engine import IllegalAction, MezquitaError, State, derive_seed, seat_name
from mezquita.engine.texts import check_lang
from mezquita.web import catalogue

from .app import app
from .common import GAME_OPTIONS, console, fail, load_game


@app.command("play", context_settings=GAME_OPTIONS)
def play_command(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `mezquita games`)."),
    bot: str = typer.Option("heuristic", "--bot", help="Bot for the other seats."),
    seat: int = typer.Option(0, "--seat", help="Your seat (0 plays first)."),
    seed: int = typer.Option(None, "--seed", help="Deal seed (default: random)."),
    lang: str = typer.Option("en", "--lang", help="Language: en, es, ca, de."),
) -> None:
    """Play GAME in the terminal against bots. Game options follow, e.g. `--hand 3`."""
    try:
        check_lang(lang)
    except MezquitaError as err:
        fail(str(err))
    game = load_game(game_id, ctx.args)
    if not 0 <= seat < game.num_players:
        fail(f"--seat must be 0..{game.num_players - 1} for {game.num_players} players")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        bots = {s: make_agent(bot, game, derive_seed(seed, "bot", s))
                for s in range(game.num_players) if s != seat}
    except MezquitaError as err:
        fail(str(err))
    words = WORDS[lang]
    if game.info.reconstruction:  # the lobby's short note, in the chosen language
        note = catalogue(lang)[f"game.{game.info.id}.reconstruction"]
        console.print(f"[yellow]{words['note']}:[/] {note}")
    console.print(f"[bold]{game.info.name}[/] {game!r}, seed {seed}; "
                  + words["you_are"].format(seat=seat_name(seat, lang)), highlight=False)
    state = game.new_state(seed)
    shown = 0  # log entries already echoed
    try:
        while movers := state.to_move():
            # several seats may move at once (a simultaneous phase): the bots go first
            mover = next((m for m in movers if m != seat), seat)
            if mover == seat:
                console.print(game.render_text(state.view(seat), lang))
                _human_turn(state, seat, lang)
            else:
                state.apply(mover, bots[mover].act(Turn.of(state, mover)))
            shown = _echo(state, seat, lang, shown)
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + words["left"])
        raise typer.Exit(1) from None
    console.print(game.render_text(state.view(seat), lang))
    _print_result(state, seat, lang)


def _echo(state: State, seat: int, lang: str, shown: int) -> int:
    """Print the log entries after the first ``shown`` as ``seat`` may know them."""
    entries = state.log(seat, shown)
    for entry in entries:
        console.print(f"  » {state.game.event_text(entry, lang)}", highlight=False)
    return shown + len(entries)


def _human_turn(state: State, seat: int, lang: str) -> None:
    """Ask until a legal action is given (by number, label or JSON)."""
    options = state.legal_actions_json(seat, lang)
    for i, option in enumerate(options, 1):
        console.print(f"  [cyan]{i:>2}[/] {option['label']}", highlight=False)
    while True:
        answer = console.input(WORDS[lang]["prompt"]).strip()
        try:
            action = _parse_answer(answer, options, lang)
            state.apply(seat, action)
            return
        except (IllegalAction, ValueError) as err:
            console.print(f"[red]{err}[/] {WORDS[lang]['again']}", highlight=False)


def _parse_answer(answer: str, options: list[dict], lang: str = "en"):
    if answer.isdigit():
        number = int(answer)
        if not 1 <= number <= len(options):
            raise ValueError(WORDS[lang]["range"].format(n=len(options)))
        return options[number - 1]["id"]
    for option in options:
        if answer.lower() == option["label"].lower():
            return option["id"]
    try:
        return json.loads(answer)
    except json.JSONDecodeError:
        raise ValueError(WORDS[lang]["unknown"].format(answer=repr(answer))) from None


#: what the terminal says around the board, per language
WORDS = {
    "en": {"note": "Note", "you_are": "you are {seat}.", "left": "Game left.",
           "prompt": "[bold]your move[/] (number or JSON): ", "again": "Try again.",
           "range": "choose a number from 1 to {n}",
           "unknown": "{answer} is neither a listed number nor a JSON action"},
    "es": {"note": "Nota", "you_are": "juegas como {seat}.", "left": "Partida abandonada.",
           "prompt": "[bold]tu jugada[/] (número o JSON): ", "again": "Inténtalo de nuevo.",
           "range": "elige un número del 1 al {n}",
           "unknown": "{answer} no es un número de la lista ni una jugada en JSON"},
    "ca": {"note": "Nota", "you_are": "jugues com a {seat}.", "left": "Partida abandonada.",
           "prompt": "[bold]la teva jugada[/] (número o JSON): ", "again": "Torna-ho a provar.",
           "range": "tria un número de l'1 al {n}",
           "unknown": "{answer} no és un número de la llista ni una jugada en JSON"},
    "de": {"note": "Hinweis", "you_are": "du spielst als {seat}.", "left": "Partie verlassen.",
           "prompt": "[bold]dein Zug[/] (Nummer oder JSON): ", "again": "Versuche es noch einmal.",
           "range": "wähle eine Zahl von 1 bis {n}",
           "unknown": "{answer} ist weder eine Nummer der Liste noch ein Zug in JSON"},
}

#: the end of a game, as told to the terminal player
OUTCOME = {
    "en": ("Game over.", "You win!", "A draw.", "You lose."),
    "es": ("Fin de la partida.", "¡Ganas!", "Empate.", "Pierdes."),
    "ca": ("Fi de la partida.", "Guanyes!", "Empat.", "Perds."),
    "de": ("Spielende.", "Du gewinnst!", "Unentschieden.", "Du verlierst."),
}


def _print_result(state: State, seat: int, lang: str) -> None:
    """The score table from the engine's breakdown, and who won."""
    over, win, draw, loss = OUTCOME[lang]
    returns = state.returns()
    outcome = win if returns[seat] == 1.0 else draw if returns[seat] == max(returns) else loss
    console.print(f"[bold]{over}[/] {outcome}", highlight=False)
    table = state.score_breakdown(lang)
    n = state.game.num_players
    names = [seat_name(s, lang) for s in range(n)]
    width = max(len(row["label"]) for row in table["rows"]) if table["rows"] else 10
    console.print(f"{'':<{width}}  " + "  ".join(f"{name:>10}" for name in names), highlight=False)
    for row in [*table["rows"], {"label": "=", "values": table["totals"]}]:
        cells = "  ".join(f"{_number(v):>10}" for v in row["values"])
        console.print(f"{row['label']:<{width}}  {cells}", highlight=False)
    console.print(f"[bold]{table['reason']}[/]", highlight=False)


def _number(value) -> str:
    """Integers as integers (3, not 3.0); anything else as it is."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "-" if value is None else str(value)
