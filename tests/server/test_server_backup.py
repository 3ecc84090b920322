"""``mezquita backup`` / ``mezquita restore``: a backup taken while the server plays, restored
into a fresh database, holds every match finished before it, and each of them replays to its
stored result; bad input is refused in one line and writes nothing."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from mezquita.engine import Record
from mezquita.server.launch import ServerProcess
from mezquita.server.store import Store


def mezquita(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from mezquita.cli import app; app()", *args],
                          capture_output=True, text=True, timeout=120)


def _fresh_postgres(postgres_url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name}")
        c.execute(f"CREATE DATABASE {name}")
    return postgres_url.rsplit("/", 1)[0] + f"/{name}"


def _back_up_under_load(source: str, file: Path, log: Path) -> int:
    """Back ``source`` up into ``file`` while its server creates and plays bots-only matches;
    the number of matches finished before the backup began."""
    with ServerProcess(source, log=log, extra=("--create-limit", "10000",
                                               "--limit", "create/server=10000/1")) as server:
        stop = threading.Event()

        def load() -> None:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                while not stop.is_set():
                    answer = http.post("/api/matches", json={"game": "cordoba",
                                                             "seats": ["random", "random"]})
                    assert answer.status_code == 201, answer.text
                    time.sleep(0.05)

        loader = threading.Thread(target=load)
        loader.start()
        try:
            deadline = time.monotonic() + 30
            finished = []
            while len(finished) < 5 and time.monotonic() < deadline:
                time.sleep(0.3)
                finished = httpx.get(f"{server.url}/api/matches?status=finished&limit=200").json()
            done = mezquita("backup", "--db", source, str(file))
            assert done.returncode == 0, done.stderr
        finally:
            stop.set()
            loader.join()
    return len(finished)


def _every_finished_match_replays(url: str, at_least: int) -> None:
    store = Store(url)
    try:
        ids = store.ids(("finished",), 10_000)
        assert len(ids) >= at_least > 0
        for match_id in ids:
            row = store.load(match_id)
            state = Record(row.game, row.options, row.seed, row.actions).replay()
            assert state.is_terminal() and state.returns() == row.result["returns"]
    finally:
        store.close()


def test_a_sqlite_backup_under_load_restores_and_every_finished_match_replays(tmp_path):
    source = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    file = tmp_path / "backup.sqlite3"
    finished = _back_up_under_load(source, file, tmp_path / "server.log")
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    done = mezquita("restore", "--db", target, str(file))
    assert done.returncode == 0, done.stderr
    _every_finished_match_replays(target, finished)


def test_a_postgres_backup_under_load_restores_and_every_finished_match_replays(postgres_url,
                                                                              tmp_path):
    source = _fresh_postgres(postgres_url, "backup_source")
    file = tmp_path / "backup.pgdump"
    finished = _back_up_under_load(source, file, tmp_path / "server.log")
    target = _fresh_postgres(postgres_url, "backup_target")
    done = mezquita("restore", "--db", target, str(file))
    assert done.returncode == 0, done.stderr
    _every_finished_match_replays(target, finished)


def test_pg_dump_gets_the_password_in_its_environment_not_on_its_command_line(monkeypatch):
    from mezquita.cli.backup import _libpq

    monkeypatch.delenv("PGPASSWORD", raising=False)
    dbname, env = _libpq("postgresql+psycopg://anna:s3cr%40t@db.example:5433/mezquita")
    assert "s3cr" not in dbname and env["PGPASSWORD"] == "s3cr@t"
    assert "user=anna" in dbname and "host=db.example" in dbname and "port=5433" in dbname
    assert "PGPASSWORD" not in _libpq("postgresql://anna@db.example/mezquita")[1]


def test_backup_and_restore_refuse_bad_input_in_one_line(tmp_path):
    live = tmp_path / "live.sqlite3"
    Store(f"sqlite:///{live}").close()
    other = tmp_path / "other.txt"
    other.write_text("not a backup")
    cases = [
        (("backup", "--db", f"sqlite:///{tmp_path / 'none.sqlite3'}", str(tmp_path / "b")),
         "there is no database file"),
        (("backup", "--db", f"sqlite:///{live}", str(other)), "exists already"),
        (("backup", "--db", "mysql://x@y/z", str(tmp_path / "b")), "a database URL is"),
        (("restore", "--db", f"sqlite:///{tmp_path / 'new.sqlite3'}", str(other)),
         "is not a SQLite backup"),
        (("restore", "--db", f"sqlite:///{tmp_path / 'new.sqlite3'}", str(tmp_path / "none")),
         "there is no backup file"),
    ]
    for args, says in cases:
        done = mezquita(*args)
        assert done.returncode == 2 and says in done.stderr, (args, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "b").exists() and not (tmp_path / "new.sqlite3").exists()


def test_a_restore_never_overwrites_a_database_that_holds_matches(tmp_path):
    live = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    with ServerProcess(live) as server:
        httpx.post(f"{server.url}/api/matches", json={"game": "cordoba",
                                                      "seats": ["human", "human"]})
    assert mezquita("backup", "--db", live, str(tmp_path / "b.sqlite3")).returncode == 0
    done = mezquita("restore", "--db", live, str(tmp_path / "b.sqlite3"))
    assert done.returncode == 2 and "holds 1 matches already" in done.stderr


pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")
