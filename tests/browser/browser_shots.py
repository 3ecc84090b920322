"""Screenshots kept for a person to look at: written to the folder $MEZQUITA_SCREENSHOTS when
it is set (desktop and phone sizes), skipped otherwise."""

from __future__ import annotations

import os
from pathlib import Path


def keep_screenshot(page, name: str, full_page: bool = True) -> None:
    """Save ``page`` as ``name`` in $MEZQUITA_SCREENSHOTS, if that is set."""
    folder = os.environ.get("MEZQUITA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=full_page)
