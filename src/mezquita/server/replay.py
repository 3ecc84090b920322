"""Replays of finished matches: every frame shows everything, with the log entries it added."""

from __future__ import annotations

from mezquita.engine import Record

from .match import Match, MatchError


def replay(match: Match, lang: str) -> dict:
    """A finished match move by move, with nothing hidden: the full view after every
    action and the log entries it added."""
    if match.status != "finished":
        raise MatchError("only finished matches can be replayed")
    record = Record(match.row.game, match.row.options, match.row.seed, match.row.actions,
                    version=match.game.info.version)
    state = match.game.new_state(match.row.seed)
    frames = [{"turn": 0, "seat": None, "log": [], "view": state.full_view()}]
    for turn, (seat, action) in enumerate(match.row.actions):
        before = len(state.events)
        state.apply(seat, action)
        frames.append({"turn": turn + 1, "seat": seat, "view": state.full_view(),
                       "log": [match.worded(e, lang) for e in state.events[before:]]})
    return {"match": match.public(), "record": record.to_json(), "frames": frames}

