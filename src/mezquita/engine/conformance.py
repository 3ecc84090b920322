"""A conformance suite every game must pass, shipped in the package (like pgx's api_test).

``check_game(game)`` plays seeded random games and checks, at every decision, the contract
the rest of Mezquita relies on: sorted legal ids inside the action space, masks, JSON action
round-trips, illegal actions and wrong seats rejected with the state untouched, clone
independence, JSON round-trips of states, views that are JSON and unchanged by ``resample``
(so a view cannot carry what resampling redeals), worlds that depend on the view alone
(redealing any world of the same view with the same generator gives the same world, so a
hint or review cannot depend on the hidden truth), logs and move texts unchanged by
``resample`` in all four languages (so a text cannot reveal what the views do not),
resampled legal actions, takebacks that give exactly the state before the decision taken
back (and undoable decisions that draw no chance), beliefs that weigh every world the view
allows (the true one too) positively, bounded length, returns that share one point, at the
end views and logs that show everything to everybody, a score breakdown whose totals are the
scores, and records that replay to the identical final state.
"""

from __future__ import annotations

import json
import math
import random

from .errors import IllegalAction
from .game import Game, State
from .record import Record
from .texts import LANGS


def check_game(game: Game, seeds: range = range(5), deep_every: int = 1) -> int:
    """Play one random game per seed and check every step; return the decisions checked.

    ``deep_every`` > 1 runs the costly checks (JSON round-trip, resampling) on every n-th step.
    """
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed)
        step = 0
        while movers := state.to_move():
            if step >= game.max_game_length:
                raise AssertionError(f"seed {seed}: longer than max_game_length {game.max_game_length}")
            seat = rng.choice(movers)
            deep = step % deep_every == 0
            check_decision(state, seat, rng, deep=deep)
            before = state.clone() if deep else None
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if before is not None:
                check_takeback(before, state, seat)
            step += 1
            checked += 1
        check_terminal(state)
    return checked


def check_decision(state: State, seat: int, rng: random.Random, deep: bool = True) -> None:
    """The per-decision checks of ``check_game`` (see the module docstring)."""
    game = state.game
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to move but has no legal action"
    assert legal == sorted(set(legal)), "legal actions must be sorted and unique"
    assert legal[0] >= 0 and legal[-1] < game.num_actions, "legal id outside the action space"
    mask = state.legal_mask(seat)
    assert [i for i, m in enumerate(mask) if m] == legal, "mask disagrees with legal actions"
    for a in legal[:3]:
        assert game.action_from_json(json.loads(json.dumps(game.action_to_json(a)))) == a
        assert isinstance(game.action_label(a), str)
    before = state.to_json()
    illegal = next((a for a in range(game.num_actions) if a not in set(legal)), None)
    if illegal is not None:
        _expect_illegal(state, seat, illegal, before)
    others = [s for s in range(game.num_players) if s not in state.to_move()]
    if others:
        _expect_illegal(state, others[0], legal[0], before)
    twin = state.clone()
    twin.apply(seat, legal[-1])
    assert state.to_json() == before, "applying to a clone changed the original"
    if not deep:
        return
    text = json.dumps(before)
    again = game.state_from_json(json.loads(text))
    assert again.to_json() == before, "state JSON round-trip is not exact"
    for viewer in [None, *range(game.num_players)]:
        view = state.view(viewer)
        json.dumps(view)
        assert view["step"] == len(state.history) and view["to_move"] == list(state.to_move()), (
            "a game's view overrides the engine's common keys")
        assert again.view(viewer) == view, "a state rebuilt from JSON shows another view"
    for viewer in [None, *range(game.num_players)]:
        log = state.log(viewer)
        json.dumps(log)
        assert again.log(viewer) == log, "a state rebuilt from JSON shows another log"
        for entry in log[-3:]:
            for lang in LANGS:
                assert isinstance(game.event_text(entry, lang), str)
    for viewer in range(game.num_players):
        sample = state.resample(viewer, rng)
        assert sample.view(viewer) == state.view(viewer), (
            f"resample for seat {viewer} changed its view: the view shows something hidden "
            "or resample redeals something visible")
        assert sample.log(viewer) == state.log(viewer), (
            f"resample for seat {viewer} changed its log: a log entry shows something hidden "
            "or resample does not redeal past events")
        for entry, true in zip(sample.log(viewer)[-5:], state.log(viewer)[-5:]):
            for lang in LANGS:
                assert game.event_text(entry, lang) == game.event_text(true, lang), (
                    "a move text differs between worlds the seat cannot tell apart")
        assert sample.legal_actions(viewer) == state.legal_actions(viewer)
        draw = len(state.history)  # a generator of its own: the game's random walk stays as it was
        again_from_truth = state.resample(viewer, random.Random(draw)).to_json()
        assert sample.resample(viewer, random.Random(draw)).to_json() == again_from_truth, (
            f"resample for seat {viewer} depends on more than its view: redealing another world "
            "of the same view with the same generator gives another world, so a search (a hint, "
            "a review) could answer differently as the hidden truth differs")
        assert state.to_json() == before, "resample changed the original state"
        if game.belief is not None:
            likelihood = game.belief(sample, viewer)
            for world in (sample, state):
                weight = likelihood(world)
                assert math.isfinite(weight) and weight > 0, (
                    f"belief weighs a world consistent with seat {viewer}'s view {weight}")
            assert state.to_json() == before, "belief changed the original state"


def check_takeback(before: State, after: State, seat: int) -> None:
    """``after`` is ``before`` with one action of ``seat``: if the action can be taken back,
    it drew no chance and taking it back gives exactly ``before`` (every seat's view and log,
    the legal actions, the whole state); bad takebacks are refused and change nothing."""
    game, action = after.game, after.history[-1][1]
    undoable = game.decisions.decision(action).undoable
    if undoable:
        assert after.rng.state == before.rng.state, (
            f"{game.action_label(action)!r} is undoable but drew chance")
    counted = after.undoable(seat)
    assert 0 <= counted <= len(after.history)
    snapshot = after.to_json()
    for bad in (0, counted + 1, "1"):
        try:
            after.takeback(seat, bad)  # type: ignore[arg-type]
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"takeback of {bad!r} decisions should have been refused")
    assert after.to_json() == snapshot, "a refused takeback changed the state"
    if not counted:
        return
    back = after.takeback(seat)
    assert after.to_json() == snapshot, "takeback changed the state it was asked of"
    assert undoable, "a decision that cannot be taken back was counted"
    for viewer in [None, *range(game.num_players)]:
        assert back.view(viewer) == before.view(viewer), f"takeback shows seat {viewer} another view"
        assert back.log(viewer) == before.log(viewer), f"takeback shows seat {viewer} another log"
    for mover in before.to_move():
        assert back.legal_actions(mover) == before.legal_actions(mover)
    assert back.to_json() == before.to_json(), "takeback is not the state before the action"


def check_terminal(state: State) -> None:
    """Checks on a finished game: returns, everything revealed, the score breakdown, no
    action accepted, exact replay."""
    game = state.game
    returns = state.returns()
    assert len(returns) == game.num_players
    assert abs(sum(returns) - 1.0) < 1e-9, f"returns {returns} do not share one point"
    full = {k: v for k, v in state.full_view().items() if k != "seat"}
    for viewer in [None, *range(game.num_players)]:
        view = {k: v for k, v in state.view(viewer).items() if k != "seat"}
        assert view == full, f"at the end, seat {viewer}'s view still hides something"
        assert state.log(viewer) == state.events, f"at the end, seat {viewer}'s log hides something"
    for lang in LANGS:
        table = state.score_breakdown(lang)
        json.dumps(table)
        assert table["totals"] == state.scores(), "breakdown totals are not the scores"
        assert all(len(row["values"]) == game.num_players and isinstance(row["label"], str)
                   for row in table["rows"]), "a breakdown row is malformed"
        winners = [s for s, r in enumerate(returns) if r == max(returns)]
        assert table["winners"] == winners, "the breakdown names other winners than returns"
        assert isinstance(table["reason"], str) and table["reason"]
    assert state.legal_actions() == []
    before = state.to_json()
    _expect_illegal(state, 0, 0, before)
    replayed = Record.from_json(json.loads(json.dumps(Record.of(state).to_json()))).replay()
    assert replayed.to_json() == before, "the record does not replay to the same final state"


def _expect_illegal(state: State, seat: int, action: int, before: dict) -> None:
    try:
        state.apply(seat, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"seat {seat} action {action} should have been rejected")
    assert state.to_json() == before, "a rejected action changed the state"
