"""The examples of docs/research.md run, and docs/examples/ holds exactly the same code."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

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
