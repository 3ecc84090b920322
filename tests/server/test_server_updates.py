"""The caches behind each update (worded log entries, legal-action entries, encoded text)
give exactly what building the update from scratch gives."""

from __future__ import annotations

import json
import random

import pytest

from mezquita.engine import load
from mezquita.server.match import LOG_TAIL, Match
from mezquita.server.status import HUMAN
from mezquita.server.store import MatchRow, now


def live_match(game_id: str, seed: int) -> Match:
    game = load(game_id)
    seats = game.num_players
    row = MatchRow(id="m", game=game_id, options={}, seed=seed, seats=[HUMAN] * seats,
                   token_hashes=[None] * seats, joined=[True] * seats,
                   status="running", created_at=now())
    return Match(row, game.new_state(seed))


def play(match: Match, rng: random.Random) -> None:
    seat = rng.choice(match.state.to_move())
    action = rng.choice(match.state.legal_actions(seat))
    match.state = match.state.child(seat, action)
    match.row.actions.append([seat, action])
    match.row.move_sources.append(HUMAN)


@pytest.mark.parametrize(("game_id", "moves"), [("cordoba", 40), ("citadels", 300)])
def test_cached_log_and_legal_actions_equal_fresh_ones(game_id: str, moves: int) -> None:
    """Move by move, for every seat and a spectator, in two languages: the log (masks that
    change as cards are revealed, the tail sliding past ``LOG_TAIL`` entries, the full reveal
    at the end) and the legal actions equal the engine's own, worded afresh."""
    match, rng = live_match(game_id, 7), random.Random(7)
    slid = False
    for _ in range(moves):
        if match.state.is_terminal():
            break
        play(match, rng)
        start = max(0, len(match.state.events) - LOG_TAIL)
        slid = slid or start > 0
        for viewer in [None, *range(match.game.num_players)]:
            for lang in ("en", "de"):
                events = match.state.events
                fresh = [dict(match.worded(e, lang), event=n,
                              number=len({ev["turn"] for ev in events[:n + 1]}))
                         for n, e in enumerate(match.state.log(viewer, start), start)]
                assert match.log_for(viewer, lang) == fresh
                if viewer is not None and viewer in match.state.to_move():
                    assert match.legal_for(viewer, lang) == match.state.legal_actions_json(
                        viewer, lang, match.display_names(lang))
    assert slid or match.state.is_terminal()


def test_encoded_update_is_the_message_as_json() -> None:
    """The text sent is the update as JSON, re-encoded only after a change."""
    match, rng = live_match("cordoba", 3), random.Random(3)
    play(match, rng)
    text = match.encoded(0, "en")
    decoded, expected = json.loads(text), json.loads(json.dumps(match.message(0, "en")))
    decoded.pop("server_time")
    expected.pop("server_time")
    assert decoded == expected
    assert match.encoded(0, "en") is text
    play(match, rng)
    match.changed()
    assert json.loads(match.encoded(0, "en"))["turn"] == decoded["turn"] + 1


def test_a_new_name_rewords_the_cached_log_buttons_and_score_table() -> None:
    match = live_match("citadels", 3)
    rng = random.Random(1)
    while not any(e["seat"] == 1 for e in match.state.events):
        play(match, rng)
    assert "Player 2" in " ".join(e["text"] for e in match.log_for(None, "en"))
    match.set_names([None, "Anna", None, None][:match.game.num_players])
    texts = " ".join(e["text"] for e in match.log_for(None, "en"))
    assert "Anna" in texts and "Player 2" not in texts
    named = []
    while not match.state.is_terminal():
        seat = match.state.to_move()[0]
        labels = [entry["label"] for entry in match.legal_for(seat, "en")]
        named += [label for label in labels if "Anna" in label or "Player 2" in label]
        play(match, rng)
    assert named and all("Player 2" not in label for label in named)
    table = match.state.score_breakdown("en", match.display_names("en"))
    assert "Player 2" not in table["reason"]
