"""The browser client: plain HTML, CSS and JavaScript modules in ``static/`` (no build step),
served by `mezquita.server`. One renderer per game in ``static/js/renderers/``, plus a generic
renderer that draws any game from its view JSON and labelled legal actions."""

import json
from functools import cache
from pathlib import Path

#: The folder the app serves under ``/static``.
STATIC = Path(__file__).parent / "static"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The interface's strings in ``lang`` (one of `mezquita.engine.LANGS`), as the page and
    the terminal word them."""
    return json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
