"""The browser client: plain HTML, CSS and JavaScript modules in ``static/`` (no build step),
served by `mezquita.server`. One renderer per game in ``static/js/renderers/``, plus a generic
renderer that draws any game from its view JSON and labelled legal actions."""

from pathlib import Path

#: The folder the app serves under ``/static``.
STATIC = Path(__file__).parent / "static"
