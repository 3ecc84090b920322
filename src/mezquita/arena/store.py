"""A tournament's output folder: ``plan.json`` and ``games.jsonl``, one finished game a line,
plus ``records/game-NNNNNN.json`` when the plan keeps records.

Each game is appended (and flushed) as soon as it ends, so an interrupted run loses only
the games in flight; starting again with the same folder and plan skips the finished ones.
A larger game count extends the tournament; a different plan, or a smaller count (which
would silently shrink the folder's report), is refused.
"""

from __future__ import annotations

import json
from pathlib import Path

from mezquita.engine import MezquitaError

from .plan import Plan
from .tournament import GameResult

PLAN_FILE = "plan.json"
GAMES_FILE = "games.jsonl"
RECORDS = "records"


class PlanMismatch(MezquitaError):
    """The output folder holds games of a different tournament."""


def _identity(plan: dict) -> dict:
    return {k: v for k, v in plan.items() if k not in ("games", "records")}


class ResultStore:
    """Finished games of one plan in ``folder``."""

    def __init__(self, folder: Path, plan: Plan) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.plan = plan
        plan_path = self.folder / PLAN_FILE
        if plan_path.exists():
            old = json.loads(plan_path.read_text(encoding="utf-8"))
            old.setdefault("variants", [{}])
            if _identity(old) != _identity(plan.to_json()):
                changed = sorted(k for k, v in _identity(plan.to_json()).items() if old.get(k) != v)
                raise PlanMismatch(
                    f"{str(self.folder)!r} holds another tournament ({old['game']}, agents "
                    f"{','.join(old['agents'])}, seed {old['seed']}; differs in "
                    f"{', '.join(changed)}); use a new --out folder")
            if old["games"] > plan.games:
                raise PlanMismatch(
                    f"{str(self.folder)!r} holds a tournament of {old['games']} games per variant; "
                    f"--games {plan.games} would shrink its report. Run with --games "
                    f"{old['games']} or more, or use a new --out folder")
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
            if result.index < self.plan.total:
                found[result.index] = result
        return found

    def append(self, result: GameResult) -> None:
        """Record one finished game (its record, if kept, in its own file)."""
        data = result.to_json()
        if isinstance(result.record, dict):
            (self.folder / RECORDS).mkdir(exist_ok=True)
            name = f"{RECORDS}/game-{result.index:06d}.json"
            (self.folder / name).write_text(json.dumps(result.record) + "\n", encoding="utf-8")
            data["record"] = name
        with (self.folder / GAMES_FILE).open("a", encoding="utf-8") as f:
            f.write(json.dumps(data) + "\n")
