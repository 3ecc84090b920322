"""Helpers the adapters share: seat counts, agent names and canonical view strings."""

from __future__ import annotations

import json

from mezquita.engine import GameInfo


def player_counts(info: GameInfo) -> list[int]:
    """The seat counts a game can be loaded with: its ``players`` option's choices,
    ``min_players..max_players`` if that option takes any value, or the fixed count."""
    option = next((o for o in info.options if o.name == "players"), None)
    if option is None:
        return [info.min_players]
    if option.choices is not None:
        return sorted(option.choices)
    return list(range(info.min_players, info.max_players + 1))


def agent_name(seat: int) -> str:
    """PettingZoo's name of a seat, e.g. ``"player_0"``."""
    return f"player_{seat}"


def canonical(value: object) -> str:
    """A JSON value as one canonical string (sorted keys, no spaces): equal views, equal
    strings, so the string can key search trees and tabular policies."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
