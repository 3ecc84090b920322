"""The rule-hole detector on a game with planted holes (``hole.py``) and on a sound one."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from mezquita.arena.audit import audit
from mezquita.cli import app
from mezquita.engine import Record

from . import fake, hole  # noqa: F401  (register the test games)


def test_audit_finds_every_planted_hole_with_a_replayable_record():
    report = audit("test-hole", {}, 10)
    found = {f["kind"]: f for f in report["findings"]}
    assert set(found) == {"no legal action", "loop", "length cap", "exhausted"}
    assert found["no legal action"]["detail"] == "seat 1 to move"
    assert found["exhausted"]["detail"] == "deck ran empty"
    stuck = Record.from_json(found["no legal action"]["records"][0]).replay()
    assert stuck.to_move() == (1,) and stuck.legal_actions(1) == []
    endless = Record.from_json(found["length cap"]["records"][0]).replay()
    assert len(endless.history) == 41 and not endless.is_terminal()
    base = report["coverage"]["base"]
    assert base == {"never_fired": ["bonus"], "never_legal": ["do=cheat"]}
    assert report["coverage"]["hole=endless"]["never_legal"] == ["do=cheat", "do=end"]


def test_audit_of_a_sound_game_finds_nothing():
    report = audit("test-claim", {}, 5)
    assert report["findings"] == []
    assert report["coverage"]["base"]["never_legal"] == []


def test_audit_command_writes_the_records(tmp_path):
    result = CliRunner().invoke(app, ["audit", "test-hole", "--games", "4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "no legal action: seat 1 to move" in result.stdout
    records = sorted((tmp_path / "findings").iterdir())
    assert records and all(Record.from_json(json.loads(p.read_text())).replay() for p in records)
    bad = CliRunner().invoke(app, ["audit", "nosuchgame"])
    assert bad.exit_code != 0 and "unknown game" in bad.output.lower()
