"""A flat observation vector built from one seat's view (so it cannot leak).

Seats are listed relative to the observer (the observer first, then to its left). Every value
lies in [0, 1]: counts are divided by the scale given and saturate at 1. Layout, with ``n``
players, ``C`` = 18 characters and ``D`` = 42 district types:

| offset | size | meaning |
|---|---|---|
| 0 | 3 | phase one-hot: draft, turns, over |
| 3 | 5 | round/20, deck size/80, threshold is 7, end triggered, rank called/10 |
| 8 | n x (31 + D) | per seat, in the order of the next 6 rows: |
| +0 | 6 | gold/10, hand size/10, city size/8, museum size/5, has the Crown, first complete |
| +6 | 5 | city colour counts/4 |
| +11 | C | characters revealed this round |
| +29 | 2 | is acting now, score/40 |
| +31 | D | district types in the city |
| . | D | own hand: copies of each type / 2 |
| . | C | own characters this round |
| . | C | characters removed face up |
| . | C + 2 | draft pool offered to the observer; draft step is pick / discard |
| . | 3 x C | murdered, robbed, bewitched character one-hot (targets are public once named) |
| . | C | acting character |
| . | 7 | acted, income taken, power used, builds left/3, action only, Witch resumed, must thank |
| . | 12 | pending decision kind one-hot |
| . | D | own drawn cards waiting to be kept |
| . | 2n | relative seat of the Tax Collector, of the protected (Bishop/Abbot) city |

The memory block (`encode_memory`, after the observation in the OpenSpiel adapter's
information-state tensor): what the seat has seen that the observation does not show, with
``S`` the most draft steps one seat takes in a round (3 with 2 players, 2 with 3, else 1).
Its draft steps fill the first slots in their order (the others are zero); the characters
each seat revealed in the round before are written outside the draft only (during the draft
the seat blocks' characters revealed still show them):

| offset | size | meaning |
|---|---|---|
| 0 | S x (2C + 2) | per draft step of the seat this round, in the order of the next 3 rows: |
| +0 | C | the characters offered to it (its last step's leftovers went face down) |
| +C | C | the character it chose |
| +2C | 2 | the step: pick (kept) / discard (put face down, 2 players) |
| S x (2C + 2) | n x C | per seat, the characters it revealed in the round before |
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .cards import CHAR_INDEX, DIST_COLOUR, DIST_INDEX, NUM_CHARS, NUM_DISTRICTS
from .flow import draft_plan
from .model import CallStatus, PendingKind, Phase, TurnFlag
from .queries import scores, threshold

if TYPE_CHECKING:
    from mezquita.engine import Game

    from .model import CitadelsModel

_PHASES = [phase.key for phase in Phase]
_PENDING = [kind.key for kind in PendingKind]
_WITCH = CallStatus.WITCH.key

C, D = NUM_CHARS, NUM_DISTRICTS
_PER_SEAT = 31 + D


def observation_size(game: Game) -> int:
    """Length of `encode_view`'s vector for ``game``'s player count."""
    n = game.num_players
    return 8 + n * _PER_SEAT + D + C + C + C + 2 + 3 * C + C + 7 + len(_PENDING) + D + 2 * n


def _onehot(size: int, index: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def _chars(keys: list[str]) -> list[float]:
    out = [0.0] * C
    for k in keys:
        out[CHAR_INDEX[k]] = 1.0
    return out


def _counts(keys: list[str], scale: float) -> list[float]:
    out = [0.0] * D
    for k in keys:
        out[DIST_INDEX[k]] = min(1.0, out[DIST_INDEX[k]] + scale)
    return out


def _sat(value: float, scale: float) -> float:
    """``value / scale``, saturating at 1."""
    return min(1.0, value / scale)


def encode_view(game: Game, view: dict) -> list[float]:
    """The observation of ``view`` (layout in the module docstring)."""
    n = game.num_players
    me = view["seat"] if view["seat"] is not None else 0
    order = [(me + i) % n for i in range(n)]
    rel = {s: i for i, s in enumerate(order)}
    turn = view["turn"]
    actor = turn["seat"] if turn else -1
    x = _onehot(3, _PHASES.index(view["phase"]))
    x += [_sat(view["round"], 20), _sat(view["deck_size"], 80), float(view["threshold"] == 7),
          float(view["end_triggered"]), _sat(view["rank"], 10)]
    for s in order:
        info = view["seats"][s]
        colours = [0.0] * 5
        for k in info["city"]:
            colours[DIST_COLOUR[DIST_INDEX[k]]] += 0.25
        x += [_sat(info["gold"], 10), _sat(info["hand_size"], 10), _sat(len(info["city"]), 8),
              _sat(info["museum_size"], 5), float(view["crown"] == s),
              float(view["first_complete"] == s)]
        x += [min(1.0, c) for c in colours] + _chars(info["characters"])
        x += [float(actor == s), _sat(sum(info["score"].values()), 40)]
        x += _counts(info["city"], 1.0)
    x += _counts(view["hand"] or [], 0.5)
    x += _chars(view["my_characters"]) + _chars(view["face_up"])
    draft = view["draft"]
    x += _chars(draft["pool"] or [])
    x += [float(draft["kind"] == "pick"), float(draft["kind"] == "discard")]
    for name in ("murdered", "robbed", "bewitched"):
        target = view[name]
        x += _chars([target] if target else [])
    if turn:
        x += _chars([turn["character"]])
        x += [float(turn["acted"]), float(turn["income_taken"]), float(turn["power_used"]),
              _sat(turn["builds_left"], 3), float(turn["action_only"]), float(turn["witch_resumed"]),
              float(turn["must_thank"])]
        drawn = turn["drawn"] or []
    else:
        x += [0.0] * (C + 7)
        drawn = []
    pending = view["pending"]
    x += _onehot(len(_PENDING), _PENDING.index(pending["kind"]) if pending else -1)
    x += _counts(drawn, 1.0)
    x += _onehot(n, rel.get(view["tax_collector"], -1))
    x += _onehot(n, rel.get(view["protected"], -1))
    return x


def _ones(out, at: int, ids: list[int]) -> None:
    """`_chars` or `_counts(keys, 1.0)` of the keys of ``ids`` into ``out`` from index ``at``."""
    for i in ids:
        out[at + i] = 1.0


def _copies(out, at: int, ids: list[int], scale: float) -> None:
    """`_counts(keys, scale)` of the keys of ``ids`` into ``out`` from index ``at``: each
    present id's copies times ``scale``, saturating at 1 (exact: ``scale`` is 1/2 or 1/4)."""
    copies: dict[int, int] = {}
    for i in ids:
        copies[i] = copies.get(i, 0) + 1
    for i, k in copies.items():
        out[at + i] = min(1.0, k * scale)


def encode_state(game: Game, st: CitadelsModel, seat: int | None, out) -> None:
    """`encode_view` of ``st.view(seat)`` read from the state, without building the view,
    written into ``out`` (zeroed: only the entries that are not 0 are written): hands,
    characters, pools and drawn cards count only where the view shows them."""
    n = game.num_players
    full = not st.to_move()
    me = seat if seat is not None else 0
    turn = st.phase == Phase.TURNS and st.actor >= 0
    actor = st.actor if turn else -1
    totals = scores(st)
    # Counts saturate at 1 as in `_sat`, written ``v / scale if v < scale else 1.0``: the same
    # value as ``min(1.0, v / scale)`` for these integer counts, without a call per value.
    out[st.phase] = 1.0
    out[3] = st.round / 20 if st.round < 20 else 1.0
    deck = len(st.deck)
    out[4] = deck / 80 if deck < 80 else 1.0
    if threshold(st) == 7:
        out[5] = 1.0
    if st.end_triggered:
        out[6] = 1.0
    out[7] = st.rank / 10 if st.rank < 10 else 1.0
    at = [8 + _PER_SEAT * ((s - me) % n) for s in range(n)]  # each seat's block, me first
    for char, s, status in st.calls:
        if s >= 0 and status != CallStatus.WITCH:
            out[at[s] + 11 + char] = 1.0
    gold, hands, museum, cities = st.gold, st.hands, st.museum, st.cities
    for s, o in enumerate(at):
        city = cities[s]
        coins, held, built, kept, score = gold[s], len(hands[s]), len(city), len(museum[s]), totals[s]
        out[o] = coins / 10 if coins < 10 else 1.0
        out[o + 1] = held / 10 if held < 10 else 1.0
        out[o + 2] = built / 8 if built < 8 else 1.0
        out[o + 3] = kept / 5 if kept < 5 else 1.0
        if st.crown == s:
            out[o + 4] = 1.0
        if st.first_complete == s:
            out[o + 5] = 1.0
        out[o + 30] = score / 40 if score < 40 else 1.0
        colours = [0, 0, 0, 0, 0]
        for d in city:
            out[o + 31 + d] = 1.0
            colours[DIST_COLOUR[d]] += 1
        for c, k in enumerate(colours):
            if k:
                out[o + 6 + c] = k / 4 if k < 4 else 1.0
    if actor >= 0:
        out[at[actor] + 29] = 1.0
    o = 8 + n * _PER_SEAT
    if seat is not None and not full:  # the view shows its own hand and characters
        _copies(out, o, st.hands[seat], 0.5)
        _ones(out, o + D, st.held[seat])
    o += D + C
    _ones(out, o, st.face_up)
    o += C
    if st.phase == Phase.DRAFT:
        drafter, kind = st.plan[st.step]
        if full or seat == drafter:
            _ones(out, o, st.pool)
        out[o + C + kind] = 1.0
    o += C + 2
    for target in (st.murdered, st.robbed, st.bewitched):
        if target >= 0:
            out[o + target] = 1.0
        o += C
    if turn:
        f = st.flags
        out[o + st.character] = 1.0
        o += C
        for k, flag in enumerate((TurnFlag.ACTED, TurnFlag.INCOME, TurnFlag.POWER)):
            if f & flag:
                out[o + k] = 1.0
        out[o + 3] = st.builds / 3 if st.builds < 3 else 1.0
        for k, flag in enumerate((TurnFlag.ONLY, TurnFlag.RESUMED, TurnFlag.THANK), 4):
            if f & flag:
                out[o + k] = 1.0
        o += 7
    else:
        o += C + 7
    if st.pending:
        out[o + st.pending[-1].kind] = 1.0
    o += len(_PENDING)
    if turn and (full or seat == st.actor):
        _ones(out, o, st.drawn)
    o += D
    for target in (st.tax_seat, st.bishop_seat):
        if target >= 0:
            out[o + (target - me) % n] = 1.0
        o += n


@cache
def _draft_steps(players: int) -> int:
    """The most draft steps one seat takes in a round of ``players`` (the plan's shape does
    not depend on who has the Crown)."""
    seats = [seat for seat, _ in draft_plan(players, 0)]
    return max(seats.count(seat) for seat in range(players))


def memory_size(game: Game) -> int:
    """Length of `encode_memory`'s block for ``game``'s player count."""
    return _draft_steps(game.num_players) * (2 * C + 2) + game.num_players * C


def encode_memory(game: Game, st: CitadelsModel, seat: int | None, out) -> None:
    """The memory block of ``seat`` (layout in the module docstring) written into ``out``
    (zeroed): its own draft steps this round, and the characters each seat revealed in the
    round before (public calls) once the draft is over."""
    n = game.num_players
    width = 2 * C + 2
    o = 0
    for drafter, kind, pool, card in st.draft_log:
        if drafter == seat:
            _ones(out, o, pool)
            out[o + C + card] = 1.0
            out[o + 2 * C + kind] = 1.0
            o += width
    if st.phase == Phase.DRAFT:
        return
    o = _draft_steps(n) * width
    me = seat if seat is not None else 0
    rounds = 0  # "round" events met, walking back from the last event
    for event in reversed(st.events):
        kind = event["do"]
        if kind == "round":
            rounds += 1
            if rounds == 2:
                return
        elif rounds == 1 and kind == "call" and event["seat"] is not None \
                and event["status"] != _WITCH:
            out[o + C * ((event["seat"] - me) % n) + CHAR_INDEX[event["character"]]] = 1.0

