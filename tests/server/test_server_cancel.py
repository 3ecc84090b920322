"""A shutdown cancels the server's tasks and waits for them: a cancel that lands as a database
call ends is not lost, and a task that keeps running after one does not hold the shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

import pytest

from mezquita.server.schedule import stop_tasks
from mezquita.server.store import Store


def test_a_cancel_arriving_as_a_database_call_ends_is_not_swallowed(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(5)
        return "done"

    async def main() -> None:
        call = asyncio.create_task(store.call(slow))
        while not started.is_set():
            await asyncio.sleep(0.01)
        release.set()
        time.sleep(0.1)  # the call has ended, the loop has not heard yet: the cancel lands now
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call

    try:
        asyncio.run(main())
    finally:
        store.close()


def test_stopping_tasks_cancels_again_and_gives_up_after_its_time():
    async def stubborn(cancels: list[int]) -> None:
        """Goes on after its first cancel, ends at its second."""
        while True:
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                cancels.append(1)
                if len(cancels) > 1:
                    raise

    async def deaf(done: asyncio.Event) -> None:
        """Ignores every cancel until ``done`` is set."""
        while not done.is_set():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(10)

    async def main() -> None:
        cancels: list[int] = []
        first = asyncio.create_task(stubborn(cancels))
        await asyncio.sleep(0)
        await stop_tasks([first], seconds=5)
        assert first.cancelled() and cancels == [1, 1]

        done = asyncio.Event()
        second = asyncio.create_task(deaf(done))
        await asyncio.sleep(0)
        began = time.monotonic()
        await stop_tasks([second], seconds=0.3)
        assert 0.3 <= time.monotonic() - began < 2 and not second.done()
        done.set()
        second.cancel()
        await second

    asyncio.run(main())
