"""The "add a new game" example in docs/engine.md runs and passes the conformance suite."""

import re
from pathlib import Path

import mezquita
from mezquita.engine.conformance import check_game

DOC = Path(__file__).parents[2] / "docs" / "engine.md"


def test_engine_doc_example_game_passes_conformance():
    code = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S).group(1)
    exec(compile(code, str(DOC), "exec"), {})
    assert check_game(mezquita.load("high-card"), seeds=range(10)) == 20
