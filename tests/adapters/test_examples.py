"""The examples of docs/research.md run, and docs/examples/ holds exactly the same code."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from mezquita.agents.levels import LEVELS

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCKS = re.findall(r"```python\n(.*?)```", (DOCS / "research.md").read_text(), re.S)


def test_every_example_file_is_shown_verbatim_in_research_md():
    examples = sorted((DOCS / "examples").glob("*.py"))
    assert examples
    for path in examples:
        assert path.read_text() in BLOCKS, f"{path.name} differs from its block in research.md"


@pytest.mark.slow
@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_research_md_code_block_runs(code):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()


@pytest.mark.slow
def test_baselines_trains_in_stages_and_measures_every_level():
    """The curriculum form of docs/examples/baselines.py (its block runs the one-stage smoke
    run): a stage against random play, then a pool of the heuristic and self-play, then a row
    per difficulty level."""
    command = [sys.executable, str(DOCS / "examples" / "baselines.py"), "cortica", "random:2048",
               "heuristic+self-play:2048", "--games", "2", "--expert-games", "1"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    trained, *levels = out.stdout.splitlines()
    assert trained.startswith("cortica, random:2048 then heuristic+self-play:2048, seed 0: "
                              "8192 steps")
    assert [line.split()[1] for line in levels] == list(LEVELS)  # Cortiça offers all seven
    assert ["over 2 games" in line for line in levels] == [True] * 5 + [False] * 2
    assert all("over 1 games" in line for line in levels[-2:])
