"""``mezquita backup`` and ``mezquita restore``: a consistent copy of the server's database,
taken while the server runs, and a fresh database made from one; ``mezquita export-player``:
one player's data (what `GET /api/me/export` gives the player), for an operator.

SQLite: the online backup API copies every page within one read transaction (in WAL mode the
server keeps writing meanwhile), into a standalone SQLite file. PostgreSQL: ``pg_dump`` (a
snapshot) in its custom format, restored with ``pg_restore``. A restore goes into a database
that holds no match yet; the server migrates the schema when it starts on it.
"""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import typer

from .app import app
from .common import console, fail

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"


@app.command("backup")
def backup_command(
    file: Path = typer.Argument(..., help="The backup file to write (must not exist)."),
    db: str = typer.Option("sqlite:///./mezquita.sqlite3", "--db",
                           help="Database URL: sqlite:///path or postgresql://user@host/db."),
) -> None:
    """Copy the server's database into FILE, consistently, while the server runs."""
    if file.exists():
        fail(f"{file} exists already; choose a new file name")
    try:
        if _is_postgres(db):
            dbname, env = _libpq(db)
            _run(_pg_tool("pg_dump"), "--format=custom", f"--file={file}", "--no-owner",
                 f"--dbname={dbname}", env=env)
        else:
            _sqlite_copy(_sqlite_path(db, must_exist=True), file)
    except (OSError, sqlite3.Error) as err:
        file.unlink(missing_ok=True)
        fail(f"backup failed: {err}")
    console.print(f"backed up {_shown(db)} to {file} ({file.stat().st_size:,} bytes)")


@app.command("restore")
def restore_command(
    file: Path = typer.Argument(..., help="A file written by mezquita backup."),
    db: str = typer.Option(..., "--db", help="The database to restore into (it must hold no "
                                             "match): sqlite:///path or postgresql://..."),
) -> None:
    """Make the database DB a copy of the backup FILE (stop the server on DB first)."""
    if not file.is_file():
        fail(f"there is no backup file {file}")
    magic = file.read_bytes()[:16]
    postgres = _is_postgres(db)
    if not magic.startswith(PG_MAGIC if postgres else SQLITE_MAGIC):
        fail(f"{file} is not a {'PostgreSQL' if postgres else 'SQLite'} backup made by "
             f"mezquita backup (a backup restores into the same kind of database)")
    try:
        held = _matches_in(db)
        if held:
            fail(f"{_shown(db)} holds {held} matches already; restore into a new database")
        if postgres:
            dbname, env = _libpq(db)
            _run(_pg_tool("pg_restore"), "--no-owner", "--no-privileges", "--exit-on-error",
                 "--clean", "--if-exists", f"--dbname={dbname}", str(file), env=env)
        else:
            _sqlite_copy(file, _sqlite_path(db, must_exist=False))
    except (OSError, sqlite3.Error) as err:
        fail(f"restore failed: {err}")
    console.print(f"restored {file} into {_shown(db)}")


@app.command("export-player")
def export_player_command(
    name: str = typer.Argument(..., help="The account's name (any case)."),
    file: Path = typer.Argument(..., help="The JSON file to write (must not exist)."),
    db: str = typer.Option("sqlite:///./mezquita.sqlite3", "--db",
                           help="Database URL: sqlite:///path or postgresql://user@host/db."),
) -> None:
    """Write everything stored of the account NAME into FILE (JSON), while the server runs."""
    import json

    from mezquita.server.accounts import BOT_PREFIX, name_key
    from mezquita.server.store import Store, StoreUnavailable

    if file.exists():
        fail(f"{file} exists already; choose a new file name")
    if not _is_postgres(db):
        _sqlite_path(db, must_exist=True)
    key = name_key(name)
    try:
        store = Store(db, instance=f"export-{os.getpid()}")
    except StoreUnavailable as err:
        fail(str(err))
    try:
        found = store.account(key)
        if found is None or key.startswith(BOT_PREFIX):
            fail(f"there is no account {name!r} in {_shown(db)}")
        data = store.player_data(found["id"])
    finally:
        store.close()
    file.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    console.print(f"wrote the data of {found['name']} to {file}: {len(data['matches'])} matches, "
                  f"{len(data['chat'])} chat lines")


def _is_postgres(url: str) -> bool:
    if url.startswith(("postgresql:", "postgres:", "postgresql+psycopg:")):
        return True
    if not url.startswith("sqlite:///"):
        fail("a database URL is sqlite:///PATH or postgresql://USER@HOST/DB")
    return False


def _libpq(url: str) -> tuple[str, dict[str, str]]:
    """The connection string for ``pg_dump``/``pg_restore`` without the password, and their
    environment holding it (``PGPASSWORD``): a command line is visible to every user of the
    machine (``ps``), the environment only to its owner."""
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    from mezquita.server.store import libpq_url

    try:
        parts = conninfo_to_dict(libpq_url(url.replace("postgres://", "postgresql://", 1)))
    except ProgrammingError as err:  # a malformed URL
        fail(f"cannot read the database URL {_shown(url)}: {err}")
    password = parts.pop("password", None)
    env = {**os.environ, **({"PGPASSWORD": str(password)} if password is not None else {})}
    return make_conninfo(**parts), env


def _shown(url: str) -> str:
    return url.rsplit("@", 1)[-1]


def _sqlite_path(url: str, must_exist: bool) -> Path:
    path = Path(url.removeprefix("sqlite:///").split("?", 1)[0].removeprefix("file:"))
    if must_exist and not path.is_file():
        fail(f"there is no database file {path}")
    return path


def _sqlite_copy(source: Path, target: Path) -> None:
    """Copy SQLite database ``source`` page by page into ``target`` (one read transaction:
    a consistent snapshot, however busy the source) and check the copy."""
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as src, \
            sqlite3.connect(target) as dst:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")  # one standalone file
        check = dst.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise sqlite3.DatabaseError(f"the copy fails its integrity check: {check}")
        tables = {row[0] for row in dst.execute("SELECT name FROM sqlite_master")}
    if not {"matches", "moves"} <= tables:
        target.unlink(missing_ok=True)
        raise sqlite3.DatabaseError(f"{source} is not a Mezquita database (no matches table)")


def _matches_in(url: str) -> int:
    """How many matches database ``url`` holds (0 when it is new or empty)."""
    import sqlalchemy as sa
    from sqlalchemy.exc import SQLAlchemyError

    from mezquita.server.store import engine_for

    if not _is_postgres(url) and not _sqlite_path(url, must_exist=False).exists():
        return 0
    engine = engine_for(url)
    try:
        with engine.connect() as c:
            if not sa.inspect(c).has_table("matches"):
                return 0
            return c.execute(sa.text("SELECT count(*) FROM matches")).scalar_one()
    except SQLAlchemyError as err:
        fail(f"cannot open the database {_shown(url)}: "
             f"{str(getattr(err, 'orig', err)).strip().splitlines()[0]}")
    finally:
        engine.dispose()


def _pg_tool(name: str) -> str:
    """``pg_dump`` / ``pg_restore``: on the PATH, else Debian's newest."""
    found = shutil.which(name) or next(iter(sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        fail(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return found


def _run(*command: str, env: dict[str, str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit code {done.returncode}"]
        raise OSError(f"{Path(command[0]).name}: {lines[0]}")
