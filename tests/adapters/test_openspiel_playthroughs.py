"""Golden playthroughs in OpenSpiel's own format (``generate_playthrough``), one per game on a
small setting, replayed and compared line by line as OpenSpiel's integration tests do.

Regenerate after an intended change with
``python tests/adapters/test_openspiel_playthroughs.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import mezquita.adapters.openspiel  # noqa: F401  (registers the mezquita_ games)

if not flags.FLAGS.is_parsed():  # generate_playthrough reads absl flags; keep their defaults
    flags.FLAGS.mark_as_parsed()

FOLDER = Path(__file__).parents[1] / "playthroughs" / "openspiel"
#: one small setting per game: short files, every kind of node
GAMES = {
    "cordoba": "mezquita_cordoba(cards=3,explicit_chance=True,landmarks=3)",
    "cortica": "mezquita_cortica(max_rounds=2)",
    # a short recall window keeps the lines of the information-state tensor short
    "citadels": "mezquita_citadels(players=2,recall_window=1,short=True)",
    "cordoba-wittig": "mezquita_cordoba-wittig(board=small,recall_window=1)",
}
SEED = 7
#: pickled bytes depend on the Python version's pickle protocol, not on the game
UNSTABLE = ("SerializeState()",)


def path(game_id: str) -> Path:
    return FOLDER / f"mezquita_{game_id}.txt"


def stable(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(UNSTABLE)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_openspiel_playthrough_replays_identically(game_id):
    original, fresh = generate_playthrough.replay(str(path(game_id)))
    for number, (want, got) in enumerate(zip(stable(original), stable(fresh)), 1):
        assert got == want, f"line {number} of {path(game_id).name} differs"
    assert len(stable(original)) == len(stable(fresh))


if __name__ == "__main__":
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game_id, game_string in GAMES.items():
        path(game_id).write_text(generate_playthrough.playthrough(game_string, None, seed=SEED))
