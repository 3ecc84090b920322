"""The `mezquita` command: games, play, simulate, replay, bench, and its errors."""

import json

import pytest
from typer.testing import CliRunner

from mezquita.cli import app

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_json_lists_cordoba_with_its_options():
    result = invoke("games", "--json")
    assert result.exit_code == 0
    cordoba = next(g for g in json.loads(result.stdout) if g["id"] == "cordoba")
    assert {o["name"] for o in cordoba["options"]} == {"hand", "landmarks", "match", "cards"}
    assert invoke("games").exit_code == 0


def test_simulate_same_seed_same_output_and_sensible_numbers():
    args = ("simulate", "cordoba", "--agents", "random,heuristic", "--games", "40", "--seed", "1",
            "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    summary = json.loads(first.stdout)
    assert summary["games"] == 40
    assert summary["agents"]["heuristic"]["games"] == 40
    assert summary["agents"]["heuristic"]["rate"] > summary["agents"]["random"]["rate"]
    lo, hi = summary["agents"]["heuristic"]["ci95"]
    assert lo <= summary["agents"]["heuristic"]["rate"] <= hi
    assert summary["length"]["median"] == 20
    assert summary["agents"]["heuristic"]["fair"] == 0.5
    rates = [summary["agents"][a]["rate"] for a in ("heuristic", "random")]
    assert sum(rates) == pytest.approx(1.0, abs=1e-3)


def test_simulate_with_game_options_and_records_then_replay(tmp_path):
    out = tmp_path / "records"
    result = invoke("simulate", "cordoba", "--hand", "3", "--match", "true", "--agents",
                    "random,random", "--games", "3", "--records", str(out))
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    record = json.loads(files[0].read_text())
    assert record["options"] == {"hand": 3, "landmarks": 7, "match": True, "cards": 10}
    assert len(record["actions"]) == 40
    replayed = invoke("replay", str(files[0]))
    assert replayed.exit_code == 0 and "40 actions replayed" in replayed.stdout


def test_replay_detects_a_tampered_record(tmp_path):
    out = tmp_path / "r"
    invoke("simulate", "cordoba", "--games", "1", "--records", str(out))
    path = next(out.glob("*.json"))
    record = json.loads(path.read_text())
    record["meta"]["returns"] = list(reversed(record["meta"]["returns"]))
    if record["meta"]["returns"] == json.loads(path.read_text())["meta"]["returns"]:
        record["meta"]["returns"] = [2.0, -1.0]
    path.write_text(json.dumps(record))
    result = invoke("replay", str(path))
    assert result.exit_code != 0 and "record says returns" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("simulate", "chess"), "unknown game 'chess'"),
    (("simulate", "cordoba", "--hand", "4"), "must be one of 1, 3, 10"),
    (("simulate", "cordoba", "--colour", "red"), "no option 'colour'"),
    (("simulate", "cordoba", "--agents", "random,genius"), "unknown agent 'genius'"),
    (("play", "cordoba", "--seat", "3"), "--seat must be 0..1"),
    (("replay", "/nonexistent/file.json"), "cannot read record"),
    (("bench", "--game", "chess"), "unknown game 'chess'"),
])
def test_bad_input_gives_one_clear_line_and_nonzero_exit(args, message, tmp_path):
    result = invoke(*args)
    assert result.exit_code != 0
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 2


def test_bad_input_writes_nothing(tmp_path):
    out = tmp_path / "never"
    result = invoke("simulate", "cordoba", "--hand", "2", "--records", str(out))
    assert result.exit_code != 0 and not out.exists()


def test_play_explains_bad_input_and_asks_again():
    moves = "\n".join(["banana", "99", '{"do": "play", "card": 11, "landmark": 1}'] + ["1"] * 10) + "\n"
    result = invoke("play", "cordoba", "--bot", "random", "--seed", "4", input=moves)
    assert result.exit_code == 0, result.output
    assert "neither a listed number nor a JSON action" in result.stdout
    assert "choose a number from 1 to" in result.stdout
    assert "card must be one of 1, 2, 3" in result.stdout
    assert "Game over." in result.stdout


def test_play_speaks_the_chosen_language_around_the_board():
    moves = "\n".join(["banana", "99"] + ["1"] * 10) + "\n"
    result = invoke("play", "cordoba", "--bot", "random", "--seed", "4", "--lang", "de", input=moves)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())  # the console wraps long lines
    assert "ist weder eine Nummer der Liste" in out and "wähle eine Zahl von 1 bis" in out
    assert "dein Zug" in out and "du spielst als Spieler 1" in out
    assert "your move" not in out and "Try again" not in out


def test_play_never_shows_the_bots_face_down_cards():
    result = invoke("play", "cordoba", "--bot", "random", "--seed", "8",
                    input="1\n" * 10)
    assert result.exit_code == 0
    assert "face-down card" in result.stdout or "▮" in result.stdout


def test_bench_quick_json_reports_ratios_to_the_anchor():
    result = invoke("bench", "--quick", "--json", "--game", "cordoba")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)["figures"]
    playout = next(f for f in figures if f["game"] == "cordoba" and f["unit"] == "games/s")
    assert playout["value"] > 0
    anchor = next(f for f in figures if f["name"].startswith("goofspiel"))
    if anchor["value"]:  # each ratio is to the anchor slices timed alongside that figure
        assert 0 < playout["anchor_value"] <= anchor["value"]
        assert playout["ratio"] == pytest.approx(playout["value"] / playout["anchor_value"], rel=0.01)
        assert all(f["vs_anchor"] is not None for f in figures if f["unit"] in ("games/s", "decisions/s")
                   and f["name"] != anchor["name"] and f["value"])
    assert any(f["unit"] == "MB" and f["value"] > 0 for f in figures)  # peak memory


def test_replay_of_a_record_from_an_older_rules_version_says_why_not(tmp_path):
    old = {"format": "mezquita-record/1", "game": "cordoba", "options": {"hand": 1}, "seed": 3,
           "actions": [[0, {"card": 4, "landmark": 7}]], "meta": {}}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    result = invoke("replay", str(path))
    assert result.exit_code != 0
    assert "version 1" in result.output and "version 2" in result.output
    assert "Traceback" not in result.output


def test_bad_numbers_on_the_command_line_give_one_plain_error_line():
    for args in (("simulate", "cordoba", "--games", "0"), ("arena", "cordoba", "--workers", "0")):
        result = invoke(*args)
        assert result.exit_code != 0
        assert "Error: Invalid value" in result.output and "╭" not in result.output
