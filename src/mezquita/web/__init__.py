"""The browser client: plain HTML, CSS and JavaScript modules in ``static/`` (no build step),
served by `mezquita.server`. One renderer per game in ``static/js/renderers/``, plus a generic
renderer that draws any game from its view JSON and labelled legal actions."""

import json
import sys
from functools import cache
from pathlib import Path

#: The folder the app serves under ``/static``.
STATIC = Path(__file__).parent / "static"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The interface's strings in ``lang`` (one of `mezquita.engine.LANGS`), as the page and
    the terminal word them: ``static/i18n/<lang>.json`` and every game's own (its summary,
    option help, reconstruction note and renderer words: ``data/texts.json["catalogue"]``)."""
    from mezquita.engine.registry import game_class, game_ids
    from mezquita.engine.texts import load_texts

    out = json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for game_id in game_ids():
        module = sys.modules[game_class(game_id).__module__]
        texts = load_texts(Path(module.__file__ or "").parent / "data" / "texts.json")
        out.update(texts.get("catalogue", {}).get(lang, {}))
    return out
