"""One package per game, named after its id: rules, data files, encoding, heuristic, rendering.

`mezquita.list_games()` lists them (see `mezquita.engine.registry`).
"""
