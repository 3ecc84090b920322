"""Every registered game, at every benchmarked setting, passes the shipped conformance suite."""

import pytest

import mezquita
from mezquita.engine.conformance import check_game
from mezquita.engine.registry import game_class

SETTINGS = [
    (info.id, setting)
    for info in mezquita.list_games()
    for setting in game_class(info.id).bench_settings
]


@pytest.mark.parametrize(("game_id", "setting"), SETTINGS, ids=[f"{g}-{s}" for g, s in SETTINGS])
def test_game_passes_conformance(game_id, setting):
    game = mezquita.load(game_id, **setting)
    assert check_game(game, seeds=range(3), deep_every=3) > 0
