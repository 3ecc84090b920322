"""Start ``mezquita serve`` as a child process on a free loopback port (for tests and the
load benchmark), wait until it answers, and stop it (gently, or with kill -9)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO

from .status import MatchStatus


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """``mezquita serve`` in a child process; ``url`` is its base address."""

    def __init__(self, db_url: str, port: int | None = None, bots: str = "thread",
                 log: Path | None = None, extra: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.db_url = db_url
        self.extra = extra
        self.env = env or {}
        self.port = port or free_port()
        self.bots = bots
        self.log = log
        self.process: subprocess.Popen | None = None
        self._log_file: IO[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        """Launch the server and wait until ``/api/health`` answers."""
        command = [sys.executable, "-c", "from mezquita.cli import app; app()", "serve",
                   "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db_url, "--bots", self.bots,
                   "--log-level", "warning", *self.extra]
        self._log_file = open(self.log, "ab") if self.log else None  # noqa: SIM115
        out = self._log_file or subprocess.DEVNULL
        self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mezquita serve exited with code {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"mezquita serve did not answer on {self.url} within {timeout} s")

    def wait_finished(self, match_id: str, timeout: float = 60.0) -> None:
        """Wait until match ``match_id`` is finished (its bots played it out), or raise."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with urllib.request.urlopen(f"{self.url}/api/matches/{match_id}", timeout=5) as answer:
                if json.load(answer)["status"] == MatchStatus.FINISHED:
                    return
            time.sleep(0.1)
        raise AssertionError(f"match {match_id} did not finish within {timeout} s")

    def kill(self) -> None:
        """Kill the server at once (SIGKILL: no clean-up, like a crash)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self._close_log()

    def stop(self) -> None:
        """Stop the server gently (SIGTERM), killing it if it does not exit."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_log()

    def _close_log(self) -> None:
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
