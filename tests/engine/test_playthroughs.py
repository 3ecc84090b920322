"""Golden playthroughs: replaying each committed file's game gives the same text, step by step.

After an intended change of behaviour, regenerate with
``python -m mezquita.engine.playthrough tests/playthroughs`` and review the diff.
"""

from pathlib import Path

import pytest

from mezquita.engine.playthrough import GOLDEN, file_name, playthrough

FOLDER = Path(__file__).parents[1] / "playthroughs"


@pytest.mark.parametrize(("game_id", "options", "seed"), GOLDEN,
                         ids=[file_name(*g) for g in GOLDEN])
def test_playthrough_matches_golden_file(game_id, options, seed):
    golden = (FOLDER / file_name(game_id, options, seed)).read_text()
    fresh = playthrough(game_id, options, seed)
    for number, (want, got) in enumerate(zip(golden.splitlines(), fresh.splitlines()), 1):
        assert got == want, f"line {number} differs from the golden playthrough"
    assert len(golden.splitlines()) == len(fresh.splitlines())
