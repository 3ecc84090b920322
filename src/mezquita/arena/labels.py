"""Names in the game's words for reports: an item key (``school_of_magic``) becomes the
name the game's own action texts give it ("School of Magic"), options read "hand 3,
landmarks 5", restrictions "one player: never pick Architect"."""

from __future__ import annotations

from functools import cache

from mezquita.engine import Game

from .restrict import Restriction


@cache
def _names(game: Game, lang: str) -> dict[str, dict[str, str]]:
    """Per action parameter with a text (``character``, ``district``...), each value's name."""
    names: dict[str, dict[str, str]] = {}
    for block in game.actions.by_name.values():
        for param in block.params:
            if param.text is not None:
                table = names.setdefault(param.name, {})
                for i, value in enumerate(param.values):
                    table.setdefault(str(value), param.label(i, lang))
    return names


def item(game: Game, key: str, group: str | None = None, lang: str = "en") -> str:
    """``key`` in the game's words: the name the action parameter called ``group`` gives it
    (any parameter's when none is called so); a key of several words is named word by word
    (Cortiça's ``"use market 2"``); a key the game does not name stays as it is."""
    names = _names(game, lang)
    tables = [names[group]] if group in names else list(names.values())

    def one(word: str) -> str:
        return next((t[word] for t in tables if word in t), word.replace("_", " "))

    return one(key) if any(key in t for t in tables) else " ".join(map(one, key.split()))


def options(changed: dict) -> str:
    """``{"hand": 3, "landmarks": 5}`` -> ``"hand 3, landmarks 5"`` (``"the base game"``)."""
    parts = []
    for key, value in changed.items():
        text = str(value).rsplit("/", 1)[-1]
        parts.append(f"{key.replace('_', ' ')} {text}")
    return ", ".join(parts) or "the base game"


def restriction(game: Game, spec: str, lang: str = "en") -> str:
    """``never:do=pick,character=architect`` -> ``"one player: never pick Architect"``;
    ``never:do=use,card=plant,option=2`` -> ``"one player: never use Plant, option 2"``."""
    r = Restriction.parse(spec)
    kind = dict(r.match).get("do")
    named = _names(game, lang)  # a field without a text keeps its value, with its name
    values = ", ".join(item(game, v, k, lang) if k in named else f"{k.replace('_', ' ')} {v}"
                       for k, v in r.match if k != "do")
    what = " ".join(filter(None, [kind and kind.replace("_", " "), values]))
    return f"{'every player' if r.every_seat else 'one player'}: {r.mode} {what}"
