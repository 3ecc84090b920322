"""`mezquita simulate` and `mezquita sweep` play on the fast simulator when it has the agents,
and say so."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numpy")

from typer.testing import CliRunner

from mezquita.cli import app

runner = CliRunner()


def simulate(*args):
    result = runner.invoke(app, ["simulate", "cordoba", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("options", [[], ["--hand", "10", "--landmarks", "5"], ["--match", "true"]])
def test_heuristic_games_on_the_fast_simulator_are_the_engines_games(options):
    """Same deals and seats, deterministic agents: the fast summary equals the engine's."""
    args = ["--agents", "heuristic,heuristic", "--games", "30", "--seed", "4", *options]
    fast, engine = simulate(*args), simulate(*args, "--engine")
    assert fast.pop("simulator").startswith("mezquita.fast")
    assert engine.pop("simulator") == "engine"
    assert fast == engine


def test_other_agents_and_records_use_the_engine(tmp_path):
    assert simulate("--agents", "ismcts-5,random", "--games", "2")["simulator"] == "engine"
    records = simulate("--agents", "random,random", "--games", "2", "--records", str(tmp_path))
    assert records["simulator"] == "engine" and len(list(tmp_path.glob("*.json"))) == 2
    fast = simulate("--agents", "random,heuristic", "--games", "3000", "--seed", "2")
    assert fast["simulator"].startswith("mezquita.fast")
    assert fast["agents"]["heuristic"]["ci95"][0] > 0.9


def test_cortica_heuristic_games_on_the_fast_simulator_are_the_engines():
    """The heuristic's noise comes from generators seeded as the arena seeds its agents."""
    args = ["--agents", "heuristic,heuristic", "--games", "20", "--seed", "4"]
    result = runner.invoke(app, ["simulate", "cortica", "--json", *args])
    engine = runner.invoke(app, ["simulate", "cortica", "--json", *args, "--engine"])
    fast, engine = json.loads(result.stdout), json.loads(engine.stdout)
    assert fast.pop("simulator").startswith("mezquita.fast") and engine.pop("simulator") == "engine"
    assert fast == engine


def sweep(*args):
    result = runner.invoke(app, ["sweep", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(("game", "vary"), [("cortica", "max_rounds=40,8"), ("cordoba", "hand=1,3")])
def test_sweeps_on_the_fast_simulator_play_the_engines_games(game, vary):
    """Heuristic self-play: every figure but the game's own (events) and the thinking times
    is the engine's."""
    args = [game, "--vary", vary, "--agents", "heuristic", "--games", "16", "--seed", "3"]
    (fast,), (engine,) = sweep(*args)["reports"].values(), sweep(*args, "--engine")["reports"].values()
    assert fast["simulator"].startswith("mezquita.fast") and "simulator" not in engine
    for f, e in zip(fast["variants"], engine["variants"], strict=True):
        for key in ("games", "draws", "positions", "seats", "length", "rounds", "margin", "ratings"):
            assert f[key] == e[key], key
        assert f["metrics"] == {} and e["metrics"]


def test_sweeps_keeping_files_use_the_engine(tmp_path):
    report = sweep("cortica", "--vary", "max_rounds=40,8", "--agents", "random", "--games", "2",
                   "--out", str(tmp_path))
    assert "simulator" not in report and (tmp_path / "report.json").exists()


def test_fast_sweep_reports_say_what_the_simulator_cannot_measure():
    """The simulator keeps no moves or positions: no repeat check, no trajectory figures, and
    the report's summary says so (and how to get them)."""
    import mezquita
    from mezquita.arena.export import summary_lines

    (fast,) = sweep("cordoba", "--vary", "hand=1,3", "--agents", "heuristic", "--games", "4")[
        "reports"].values()
    for v in fast["variants"]:
        assert v["trajectory"] is None and v["sample"]["checked"] is False
        first = summary_lines(v, mezquita.load("cordoba"))[0]
        assert "no trajectory figures" in first and "--engine" in first
