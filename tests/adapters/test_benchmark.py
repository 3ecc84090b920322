"""The adapter benchmark measures what it names, for the games asked for."""

from __future__ import annotations

from mezquita.benchmarks.adapters import run


def test_quick_run_gives_overhead_and_search_figures_with_ratios():
    figures = run(["cordoba"], quick=True)
    assert {f.game for f in figures} == {"cordoba"}
    names = [f.name for f in figures]
    for name in ("engine random play, observed", "PettingZoo AEC random play",
                 "Gymnasium random play", "FastVectorEnv random play", "Mezquita native ismcts"):
        assert name in names
    for figure in figures:
        if figure.anchor == "engine random play":  # each says what a step costs
            assert figure.note.endswith("x an engine decision")
        assert figure.value > 0
        if figure.anchor:
            assert figure.anchor in names and figure.ratio > 0


def test_a_simultaneous_game_gets_overhead_figures_and_no_search():
    figures = run(["europa"], quick=True)
    names = {f.name for f in figures}
    assert "PettingZoo AEC random play" in names
    assert "Mezquita native ismcts" not in names
    assert "FastVectorEnv random play" not in names  # Europa has no fast simulator
    assert all(f.value > 0 for f in figures)
