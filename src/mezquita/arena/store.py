"""A tournament's output folder: ``plan.json`` and ``games.jsonl``, one finished game a line.

Each game is appended (and flushed) as soon as it ends, so an interrupted run loses only
the games in flight; starting again with the same folder and plan skips the finished ones.
"""

from __future__ import annotations

import json
from pathlib import Path

from mezquita.engine import MezquitaError

from .plan import Plan
from .tournament import GameResult

PLAN_FILE = "plan.json"
GAMES_FILE = "games.jsonl"


class PlanMismatch(MezquitaError):
    """The output folder holds games of a different tournament."""


class ResultStore:
    """Finished games of one plan in ``folder``."""

    def __init__(self, folder: Path, plan: Plan) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.plan = plan
        plan_path = self.folder / PLAN_FILE
        if plan_path.exists():
            old = json.loads(plan_path.read_text(encoding="utf-8"))
            if {k: v for k, v in old.items() if k != "games"} != {
                    k: v for k, v in plan.to_json().items() if k != "games"}:
                raise PlanMismatch(
                    f"{str(self.folder)!r} holds another tournament ({old['game']}, "
                    f"{old['agents']}, seed {old['seed']}); use a new --out folder")
        plan_path.write_text(json.dumps(plan.to_json(), indent=1) + "\n", encoding="utf-8")

    def load(self) -> dict[int, GameResult]:
        """Finished games by index (a torn last line from a crash is ignored)."""
        path = self.folder / GAMES_FILE
        found: dict[int, GameResult] = {}
        if not path.exists():
            return found
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):  # drop a line torn by a crash before appending more
            text = text[: text.rfind("\n") + 1]
            path.write_text(text, encoding="utf-8")
        for line in text.splitlines():
            try:
                result = GameResult.from_json(json.loads(line))
            except (json.JSONDecodeError, TypeError):
                continue
            if result.index < self.plan.games:
                found[result.index] = result
        return found

    def append(self, result: GameResult) -> None:
        """Record one finished game."""
        with (self.folder / GAMES_FILE).open("a", encoding="utf-8") as f:
            f.write(json.dumps(result.to_json()) + "\n")
