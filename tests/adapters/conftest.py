"""Every test here taking a ``config`` runs once per registered game and player count, so a
new game in the registry is covered without touching these tests."""

from __future__ import annotations

import mezquita
from mezquita.adapters.common import player_counts
from mezquita.engine import GameInfo, UnknownOption


def _loadable(info: GameInfo, options: dict) -> dict:
    """``options``, or with the first single other option change that makes them load (e.g.
    a seat count that needs an extra character); unchanged if none does."""
    candidates = [options] + [
        {**options, o.name: choice}
        for o in info.options if o.name not in options and o.choices is not None
        for choice in o.choices if choice != o.default
    ]
    for candidate in candidates:
        try:
            mezquita.load(info.id, **candidate)
        except UnknownOption:
            continue
        return candidate
    return options


def _configs() -> list[tuple[str, dict]]:
    configs = []
    for info in mezquita.list_games():
        has_players_option = any(o.name == "players" for o in info.options)
        for n in player_counts(info):
            configs.append((info.id, _loadable(info, {"players": n}) if has_players_option
                            else {}))
    return configs


def pytest_generate_tests(metafunc):
    if "config" in metafunc.fixturenames:
        configs = _configs()
        ids = [f"{g}-{o['players']}p" if "players" in o else g for g, o in configs]
        metafunc.parametrize("config", configs, ids=ids)
