"""Waiting for a match page to be ready: its first draw is finished once ``<body data-turn>``
is set (the board shows before the rest of that draw has run)."""

from __future__ import annotations


def wait_drawn(page) -> None:
    """Return once the match page in ``page`` has finished its first draw."""
    page.wait_for_selector("body[data-turn]", state="attached")
