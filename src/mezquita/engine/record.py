"""Game records: ``(game, options, seed, actions)`` and their exact replay."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BadRecord, MezquitaError
from .game import State
from .registry import load

FORMAT = "mezquita-record/1"


@dataclass
class Record:
    """Everything needed to replay a game exactly.

    Attributes:
        game: game id.
        options: the game's options.
        seed: the deal's seed.
        actions: ``[seat, action JSON]`` pairs in order.
        version: the game's ``info.version`` when the record was written; a record of
            another version is refused by ``replay`` (its actions may mean other things).
        meta: free information (agents, date, final returns) not used by replay.
    """

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[list[Any]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    version: int | None = None

    @classmethod
    def of(cls, state: State, **meta: Any) -> Record:
        """The record of a state's history."""
        g = state.game
        actions = [[seat, g.action_to_json(a)] for seat, a in state.history]
        return cls(g.info.id, dict(g.options), state.seed, actions, dict(meta), g.info.version)

    def replay(self, on_step: Callable[[State], None] | None = None) -> State:
        """Play the record from its seed; raise `BadRecord` if any step fails or the record
        was written for another version of the game's rules. ``on_step`` (if given) sees the
        state as dealt and after each action."""
        try:
            game = load(self.game, **self.options)
        except MezquitaError as err:
            raise BadRecord(f"record cannot start: {err}") from None
        version = game.info.version if self.version is None else self.version
        if version != game.info.version:
            raise BadRecord(
                f"this record was written for version {version} of {game.info.name}'s rules and "
                f"actions; this Mezquita plays version {game.info.version}, whose actions differ, "
                "so the record cannot be replayed")
        state = game.new_state(self.seed)
        if on_step is not None:
            on_step(state)
        for turn, pair in enumerate(self.actions):
            if not (isinstance(pair, list | tuple) and len(pair) == 2 and isinstance(pair[0], int)):
                raise BadRecord(f"action {turn} is not a [seat, action] pair: {pair!r}")
            try:
                state.apply(pair[0], pair[1])
            except MezquitaError as err:
                raise BadRecord(f"action {turn} ({pair!r}) does not replay: {err}") from None
            if on_step is not None:
                on_step(state)
        return state

    def to_json(self) -> dict:
        """The record as JSON."""
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "version": self.version,
            "seed": self.seed,
            "actions": self.actions,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate and read a record written by ``to_json``."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadRecord(f"not a Mezquita record (expected \"format\": \"{FORMAT}\")")
        try:
            game, options, seed, actions = (
                data["game"], data["options"], data["seed"], data["actions"]
            )
        except KeyError as err:
            raise BadRecord(f"record has no {err.args[0]!r} field") from None
        if not isinstance(game, str) or not isinstance(options, dict):
            raise BadRecord("record 'game' must be a string and 'options' an object")
        if not isinstance(seed, int) or not isinstance(actions, list):
            raise BadRecord("record 'seed' must be an integer and 'actions' a list")
        version = data.get("version", 1)  # records before versions were kept are version 1
        if type(version) is not int:
            raise BadRecord("record 'version' must be an integer")
        return cls(game, options, seed, actions, data.get("meta") or {}, version)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(json.dumps(self.to_json()) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file; raise `BadRecord` on unreadable or malformed JSON."""
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError) as err:
            raise BadRecord(f"cannot read record {str(path)!r}: {err}") from None
        except json.JSONDecodeError as err:
            raise BadRecord(f"record {str(path)!r} is not valid JSON: {err}") from None
        return cls.from_json(data)
