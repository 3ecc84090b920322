"""Europa from the command line: terminal play with several seats to move, bad input, the
arena with the geography bots, and the reconstruction note."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from mezquita.cli import app

runner = CliRunner()


def test_play_three_players_in_the_terminal_with_bad_input_asked_again():
    # take a card, then: a stone out of order (JSON), a number out of range, then West and done
    answers = ['{"do": "area", "area": "N"}', "99", "1", "3"] * 3 + ["1"] * 200
    result = runner.invoke(app, ["play", "europa", "--players", "3", "--finish", "12", "--stack", "56",
                                 "--seed", "6", "--bot", "europa-geographer", "--lang", "de"],
                           input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Spielplan und Kartenliste sind nicht öffentlich" in out  # the note, in German
    assert "Tipptafel" in out and "Wertungsleiste" in out
    assert "must choose a card first" in out  # a tip while choosing
    assert "before tipping the North/Middle/South" in out  # a stone out of order
    assert "wähle eine Zahl von 1 bis" in out  # the terminal speaks German
    assert "liegt in" in out  # an evaluation names the true place
    assert "Spielende." in out  # the end, in the chosen language


def test_play_never_prints_the_bots_tip_values_before_the_evaluation():
    result = runner.invoke(app, ["play", "europa", "--players", "2", "--finish", "12", "--stack", "56",
                                 "--seed", "2", "--bot", "europa-cartographer"], input="1\n" * 300)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    first_eval = next(i for i, line in enumerate(lines) if "lies at" in line)
    before = "\n".join(lines[:first_eval])
    assert "Player 2 places tip stone 1." in before
    assert "Player 2 places tip stone 1:" not in before


def test_games_lists_europa_with_its_reconstruction():
    result = runner.invoke(app, ["games", "--json"])
    europa = next(g for g in json.loads(result.stdout) if g["id"] == "europa")
    assert europa["simultaneous"] and europa["hidden_information"] and europa["chance"]
    assert "Reconstructed" in europa["reconstruction"] and "sector" in europa["reconstruction"]
    assert {o["name"] for o in europa["options"]} == {"players", "stack", "finish"}


def test_arena_plays_europa_with_four_geography_bots(tmp_path):
    agents = "europa-tourist,europa-traveller,europa-geographer,europa-cartographer"
    result = runner.invoke(app, ["arena", "europa", "--players", "4", "--agents", agents, "--games", "4",
                                 "--workers", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "report.json").read_text())
    assert report  # the arena wrote its report
    assert "europa-cartographer" in result.stdout
