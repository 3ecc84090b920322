"""Golden playthroughs in OpenSpiel's own format (``generate_playthrough``), one per game on a
small setting, replayed and compared line by line as OpenSpiel's integration tests do. Each
file names its game and setting on its first line (``game: mezquita_cortica(max_rounds=2)``),
so the files are the list.

Regenerate after an intended change with
``python tests/adapters/test_openspiel_playthroughs.py`` and review the diff; add a game with
``python tests/adapters/test_openspiel_playthroughs.py "mezquita_<id>(<small setting>)"``.
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
#: the committed playthroughs, one small setting per game: short files, every kind of node
FILES = sorted(FOLDER.glob("mezquita_*.txt"))
SEED = 7
#: pickled bytes depend on the Python version's pickle protocol, not on the game
UNSTABLE = ("SerializeState()",)


def game_string(path: Path) -> str:
    """The game and setting a playthrough file was written for (its first line)."""
    return path.read_text().split("\n", 1)[0].removeprefix("game: ")


def stable(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(UNSTABLE)]


def test_the_files_are_named_after_their_games():
    assert len(FILES) >= 4
    for path in FILES:
        assert game_string(path).startswith(f"{path.stem}(") or game_string(path) == path.stem


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_openspiel_playthrough_replays_identically(path):
    original, fresh = generate_playthrough.replay(str(path))
    for number, (want, got) in enumerate(zip(stable(original), stable(fresh)), 1):
        assert got == want, f"line {number} of {path.name} differs"
    assert len(stable(original)) == len(stable(fresh))


if __name__ == "__main__":
    import sys

    FOLDER.mkdir(parents=True, exist_ok=True)
    for game in sys.argv[1:] or [game_string(p) for p in FILES]:
        out = FOLDER / f"{game.split('(')[0]}.txt"
        out.write_text(generate_playthrough.playthrough(game, None, seed=SEED))
