"""Fixtures for the web server tests: an app on a temporary SQLite file, match creation and
WebSocket helpers, and a private PostgreSQL server when Debian's binaries are installed."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from contextlib import contextmanager
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from fastapi.testclient import TestClient  # noqa: E402
from server_players import claim_all  # noqa: E402

from mezquita.server import create_app  # noqa: E402
from mezquita.server.launch import free_port  # noqa: E402
from mezquita.server.limits import Settings  # noqa: E402


def missing(what: str) -> None:
    """Fail on CI (env CI set), skip locally, when a needed binary is absent."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required on CI but is not installed")
    pytest.skip(f"{what} is not installed (apt-get install -y postgresql chromium)")


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'mezquita.sqlite3'}"


@contextmanager
def database_at(url: str, revision: str):
    """A connection, in one transaction, to a new database ``url`` migrated only up to
    ``revision``: an old database to fill, which `Store` then upgrades."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    import mezquita.server.store.db as db

    engine = sa.create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent.parent / "migrations"))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            yield connection
    finally:
        engine.dispose()


#: test bounds: spectators are throttled only lightly, so that tests watching stay quick
TEST_SETTINGS = {"spectator_interval": 0.02, "create_limit": 10_000}


@pytest.fixture
def client(db_url: str):
    with TestClient(create_app(db_url, bot_pool="thread",
                               settings=Settings(**TEST_SETTINGS))) as test_client:
        yield test_client


@pytest.fixture(name="claim_all")
def claim_all_fixture():
    """`claim_all` for tests that talk to a server process."""
    return claim_all


@pytest.fixture
def create(client):
    """create(seats, **fields) -> the creation answer (asserting 201) with every invitation
    claimed; a ``seed`` makes it a practice match (the only kind a client may seed)."""

    def make(seats: list[str], game: str = "cordoba", **fields) -> dict:
        if fields.get("seed") is not None:
            fields.setdefault("practice", True)
        response = client.post("/api/matches", json={"game": game, "seats": seats, **fields})
        assert response.status_code == 201, response.text
        return claim_all(client.post, response.json())

    return make


class Socket:
    """A test WebSocket speaking the play protocol."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.last: dict | None = None
        self.presences: list[dict] = []  # presence messages, kept apart from the others

    def hello(self, token: str | None = None, lang: str = "en") -> dict:
        self.ws.send_json({"type": "hello", "lang": lang, **({"token": token} if token else {})})
        return self.receive()

    def act(self, action, turn: int | None = None) -> None:
        self.ws.send_json({"type": "act", "action": action,
                           **({"turn": turn} if turn is not None else {})})

    def receive(self) -> dict:
        """The next message that is not a presence message."""
        while True:
            message = self.ws.receive_json()
            if message.get("type") != "presence":
                self.last = message
                return message
            self.presences.append(message)

    def play_out(self, message: dict) -> dict:
        """Play the first legal action whenever it is this socket's turn, from ``message``
        until the end; the final update."""
        while not message["view"]["terminal"]:
            if message["legal"]:
                self.act(message["legal"][0]["action"], message["turn"])
            message = self.receive()
        return message

    def until(self, check) -> dict:
        """The last message received, or the next ones, until ``check(message)`` holds."""
        if self.last is not None and check(self.last):
            return self.last
        for _ in range(200):
            if check(self.receive()):
                return self.last
        raise AssertionError("expected message never came")


@pytest.fixture
def connect(client):
    """connect(match_id) -> a context manager yielding a `Socket`."""
    from contextlib import contextmanager

    @contextmanager
    def open_socket(match_id: str):
        with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
            yield Socket(ws)

    return open_socket


@pytest.fixture
def seated_pair(connect):
    """seated_pair(made) -> a context manager yielding ``(a, b, first running update of a)``
    for a match of two human seats, both joined."""
    from contextlib import contextmanager

    @contextmanager
    def open_pair(made: dict):
        tokens = [s["token"] for s in made["seats"]]
        with connect(made["id"]) as a, connect(made["id"]) as b:
            a.hello(tokens[0])
            b.hello(tokens[1])
            yield a, b, a.until(lambda m: m["match"]["status"] == "running")

    return open_pair


# -- a private PostgreSQL server ------------------------------------------------------------
def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL server in a temp dir on a free loopback port (as user postgres if root)."""
    bin_dir = _pg_bin()
    if bin_dir is None:
        missing("PostgreSQL (/usr/lib/postgresql/*/bin)")
    root = Path(tempfile.mkdtemp(prefix="mezquita-pg-"))
    data, port = root / "data", free_port()
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    run = lambda *args: subprocess.run([*prefix, *args], check=True, capture_output=True)  # noqa: E731
    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "mezquita", "--auth=trust", "-E", "UTF8")
    server = subprocess.Popen([*prefix, str(bin_dir / "postgres"), "-D", str(data), "-p", str(port),
                               "-h", "127.0.0.1", "-k", str(root), "-F"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            ready = subprocess.run([str(bin_dir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)],
                                   capture_output=True)
            if ready.returncode == 0:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("the private PostgreSQL server did not start")
        run(str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "mezquita",
            "mezquita")
        yield f"postgresql://mezquita@127.0.0.1:{port}/mezquita"
    finally:
        subprocess.run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "stop", "-m", "fast"],
                       capture_output=True)
        server.wait(20)
        shutil.rmtree(root, ignore_errors=True)
