"""`mezquita review RECORD`: on records written by `simulate --records`, for each game, and its
one-line errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mezquita.cli import app

runner = CliRunner()

#: each game with short options and a small budget (iterations, or plies for alpha-beta)
GAMES = [("cordoba", [], "20"), ("citadels", ["--players", "4"], "8"),
         ("cortica", [], "1"), ("europa", ["--players", "2", "--stack", "56", "--finish", "12"], "8"),
         ("cordoba-wittig", [], "1")]


def record_of(tmp_path, game_id: str, options: list[str]):
    out = tmp_path / "records"
    result = runner.invoke(app, ["simulate", game_id, *options, "--agents", "random,heuristic",
                                 "--games", "1", "--records", str(out)])
    assert result.exit_code == 0, result.output
    (path,) = out.glob("*.json")
    return path


@pytest.mark.parametrize(("game_id", "options", "budget"), GAMES)
def test_review_runs_on_simulated_records_of_every_game(tmp_path, game_id, options, budget):
    path = record_of(tmp_path, game_id, options)
    record = json.loads(path.read_text())
    result = runner.invoke(app, ["review", str(path), "--seat", "0", "--budget", budget, "--json"])
    assert result.exit_code == 0, result.output
    (r,) = json.loads(result.stdout)["reviews"]
    mine = [a for s, a in record["actions"] if s == 0]
    assert [s["action"] for s in r["steps"]] == mine
    for s in r["steps"]:
        assert s["seat"] == 0 and {"best", "before", "after", "mark", "certain"} <= set(s)
        if not s["forced"]:
            assert 0.0 <= s["before"] <= 1.0 and s["best"]["action"] is not None
    table = runner.invoke(app, ["review", str(path), "--seat", "0", "--budget", budget, "--lang", "de"])
    assert table.exit_code == 0, table.output
    assert "Spieler 1" in table.stdout and "Entscheidung" in table.stdout


def test_review_without_a_seat_reviews_every_seat(tmp_path):
    path = record_of(tmp_path, "cordoba", [])
    result = runner.invoke(app, ["review", str(path), "--budget", "5", "--json"])
    assert result.exit_code == 0, result.output
    assert [r["seat"] for r in json.loads(result.stdout)["reviews"]] == [0, 1]


def test_bad_input_is_one_clear_line_and_exit_2(tmp_path):
    path = record_of(tmp_path, "cordoba", [])
    data = json.loads(path.read_text())
    wrong_game = tmp_path / "wrong.json"
    wrong_game.write_text(json.dumps({**data, "game": "chess"}))
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps({**data, "actions": [data["actions"][0]] * 3}))
    cases = [
        (["/nonexistent/game.json"], "cannot read record"),
        ([str(wrong_game)], "unknown game"),
        ([str(tampered)], "does not replay"),
        ([str(path), "--seat", "2"], "no seat 2"),
        ([str(path), "--lang", "fr"], "unknown language"),
        ([str(path), "--budget", "0"], "--budget"),
    ]
    for args, words in cases:
        result = runner.invoke(app, ["review", *args])
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) <= 6  # typer frames --budget 0 in a box
