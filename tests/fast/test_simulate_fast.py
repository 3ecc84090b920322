"""`mezquita simulate` plays on the fast simulator when it has the agents, and says so."""

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
