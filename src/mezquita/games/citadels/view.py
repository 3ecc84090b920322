"""What a seat may know: its view, the masking of events, and worlds consistent with both.

Hidden from a seat: other hands and museums, the deck order, the face-down characters,
characters not yet revealed and the draft pools it did not see. Public: everything in the
cities, gold, hand sizes, the face-up characters, and the Assassin's, Thief's and Witch's
targets from the moment they are named (the classic rules have them announced).
With ``full`` (the end of the game, replays) a view shows everything, whoever asks.
"""

from __future__ import annotations

import random
from typing import TypeVar

from .cards import ASSASSIN, CHAR_INDEX, CHAR_KEYS, CHAR_RANK, DIST_KEYS, HOSPITAL, THIEF, WITCH
from .decisions import TABLE
from .flow import take_top
from .model import CallStatus, CitadelsModel, DraftStep, PendingKind, Phase, TurnFlag
from .queries import score_parts, threshold

#: a state of the model (`resample` returns a world of the same class)
M = TypeVar("M", bound=CitadelsModel)


def _sorted_keys(dists: list[int]) -> list[str]:
    return sorted(DIST_KEYS[d] for d in dists)


#: each target of the view and the character that names it
TARGETERS = (("murdered", ASSASSIN), ("robbed", THIEF), ("bewitched", WITCH))


def _char(char: int) -> str | None:
    return CHAR_KEYS[char] if char >= 0 else None


def view(st: CitadelsModel, seat: int | None, full: bool) -> dict:
    """The JSON view of ``seat`` (``None``: spectator); with ``full``, everything."""
    n = st.game.num_players
    revealed: list[list[str]] = [[] for _ in range(n)]
    for char, s, status in st.calls:
        if s >= 0 and status != CallStatus.WITCH:
            revealed[s].append(CHAR_KEYS[char])
    seats = []
    for s in range(n):
        info = {
            "gold": st.gold[s],
            "hand_size": len(st.hands[s]),
            "city": [DIST_KEYS[d] for d in st.cities[s]],
            "beautified": _sorted_keys(st.beauty[s]),
            "museum_size": len(st.museum[s]),
            "characters": revealed[s],
            "character_count": len(st.held[s]),
            "score": score_parts(st, s),
        }
        if full:
            info["hand"] = _sorted_keys(st.hands[s])
            info["museum"] = _sorted_keys(st.museum[s])
            info["held"] = [CHAR_KEYS[c] for c in st.held[s]]
        seats.append(info)
    if seat is not None and not full:  # the seat's own secrets
        held = st.held[seat]
        hand: list[str] | None = _sorted_keys(st.hands[seat])
        museum: list[str] | None = _sorted_keys(st.museum[seat])
        my_characters = [CHAR_KEYS[c] for c in held]
        # which of those targets the seat's own characters named (its Assassin's, Thief's,
        # Witch's); at the end every view is the same, and names none
        my_targets = [what for what, holder in TARGETERS if holder in held]
    else:
        hand = museum = None
        my_characters, my_targets = [], []
    return {
        "round": st.round,
        "phase": st.phase.key,
        "crown": st.crown,
        "threshold": threshold(st),
        "bell_tower": st.bell_announced,
        "end_triggered": st.end_triggered,
        "first_complete": st.first_complete,
        "deck_size": len(st.deck),
        "deck": _sorted_keys(st.deck) if full else None,
        "character_deck": [CHAR_KEYS[c] for c in st.game.characters],
        "seats": seats,
        "hand": hand,
        "museum": museum,
        "my_characters": my_characters,
        "face_up": [CHAR_KEYS[c] for c in st.face_up],
        "face_down_count": len(st.face_down),
        "face_down": [CHAR_KEYS[c] for c in st.face_down] if full else None,
        "draft": _draft_view(st, seat, full),
        "rank": st.rank,
        "calls": [{"character": CHAR_KEYS[c], "seat": s, "status": CallStatus(k).key}
                  for c, s, k in st.calls],
        "murdered": _char(st.murdered),
        "robbed": _char(st.robbed),
        "bewitched": _char(st.bewitched),
        "my_targets": my_targets,
        "tax_collector": st.tax_seat,
        "protected": st.bishop_seat,
        "turn": _turn_view(st, seat, full) if st.phase == Phase.TURNS and st.actor >= 0 else None,
        "pending": _pending_view(st, seat, full),
    }


def _draft_view(st: CitadelsModel, seat: int | None, full: bool) -> dict:
    drafting = st.phase == Phase.DRAFT
    drafter = st.plan[st.step][0] if drafting else -1
    return {
        "drafter": drafter,
        "kind": DraftStep(st.plan[st.step][1]).key if drafting else None,
        "pool": [CHAR_KEYS[c] for c in st.pool] if drafting and (full or seat == drafter) else None,
        "pool_size": len(st.pool),
        "steps_done": [[s, DraftStep(k).key] for s, k, _, _ in st.draft_log],
        "mine": [{"seat": s, "kind": DraftStep(k).key, "pool": [CHAR_KEYS[c] for c in pool],
                  "card": CHAR_KEYS[card]} for s, k, pool, card in st.draft_log if full or s == seat],
    }


def _turn_view(st: CitadelsModel, seat: int | None, full: bool) -> dict:
    f = st.flags
    return {
        "seat": st.actor,
        "character": CHAR_KEYS[st.character],
        "acted": bool(f & TurnFlag.ACTED),
        "builds_left": st.builds,
        "income_taken": bool(f & TurnFlag.INCOME),
        "power_used": bool(f & TurnFlag.POWER),
        "action_only": bool(f & TurnFlag.ONLY),
        "witch_resumed": bool(f & TurnFlag.RESUMED),
        "must_thank": bool(f & TurnFlag.THANK),
        "drawn": _sorted_keys(st.drawn) if full or seat == st.actor else None,
        "drawn_count": len(st.drawn),
    }


def _pending_view(st: CitadelsModel, seat: int | None, full: bool) -> dict | None:
    if not st.pending:
        return None
    top = st.pending[-1]
    kind, who = top.kind, top.seat
    out: dict = {"kind": kind.key, "seat": who}
    if kind == PendingKind.WIZARD_TAKE:
        out["target"] = top.other
        if full or seat == who:
            out["hand"] = _sorted_keys(st.hands[top.other])
    elif kind == PendingKind.WIZARD_USE:
        out["card"] = DIST_KEYS[top.district] if full or seat in (who, top.other) else None
    elif kind == PendingKind.LIGHTHOUSE and (full or seat == who):
        out["deck"] = _sorted_keys(st.deck)
    elif kind in (PendingKind.EXCHANGE, PendingKind.GRAVEYARD):
        out["district"] = DIST_KEYS[top.district]
    elif kind == PendingKind.PAY:
        out["to"] = top.other
    elif kind == PendingKind.MAGICIAN:
        out["discarded"] = top.count
    return out


# -- resampling --------------------------------------------------------------------------------------
def resample(st: M, seat: int, rng: random.Random) -> M:
    """A state with every value hidden from ``seat`` redealt consistently with its view,
    the secrets of past events included."""
    new = st.clone()
    perm = _resample_characters(st, new, seat, rng)
    _resample_districts(new, seat, rng)
    _resample_events(new, seat, perm, rng)
    return new


def _resample_characters(st: CitadelsModel, new: CitadelsModel, seat: int,
                         rng: random.Random) -> list[int]:
    """Swap characters the seat cannot tell apart: same membership in every draft pool it
    saw, same called status. Such swaps keep its view and yield a possible draft. A murdered
    character that was held (its call says so, not who) may also trade places with a held
    character not yet called. Returns the permutation applied (character -> character)."""
    seen = [set(pool) for s, _, pool, _ in st.draft_log if s == seat]
    if st.phase == Phase.DRAFT and st.plan[st.step][0] == seat:
        seen.append(set(st.pool))
    known = set(st.face_up) | set(st.held[seat])
    known.update(card for s, _, _, card in st.draft_log if s == seat)
    known.update(c for c, s, status in st.calls if s >= 0 or status == CallStatus.ABSENT)
    murdered = st.murdered
    hidden_victim = (murdered >= 0 and murdered not in known
                     and [murdered, -1, CallStatus.MURDERED] in st.calls)
    if hidden_victim:
        known.add(murdered)
    groups: dict[tuple, list[int]] = {}
    for c in st.game.characters:
        if c not in known:
            key = (tuple(c in p for p in seen), st.phase == Phase.TURNS and CHAR_RANK[c] <= st.rank)
            groups.setdefault(key, []).append(c)
    # The redeal is a function of the view and ``rng`` alone (the same view, the same world):
    # the group's places are taken in their order and dealt a shuffle of its sorted cards,
    # so the true character behind each place never decides which world comes out.
    place = _place_key(st)
    perm = list(range(len(st.holder)))
    for cards in groups.values():
        if len(cards) > 1:
            for a, b in zip(sorted(cards, key=place), _shuffled(cards, rng)):
                perm[a] = b
    if hidden_victim:
        like = (tuple(murdered in p for p in seen), False)
        slots = [c for c in groups.get(like, ())
                 if st.holder[c] >= 0 and HOSPITAL not in st.cities[st.holder[c]]]
        pick = rng.randrange(len(slots) + 1)
        # the victim and those characters' places, in order: the victim goes to the
        # picked one, the others' new characters fill the rest in order
        places = sorted([murdered, *slots], key=place)
        dealt = [perm[c] for c in places if c != murdered]
        dealt.insert(pick, murdered)
        for c, b in zip(places, dealt):
            perm[c] = b
    if all(i == p for i, p in enumerate(perm)):
        return perm
    new.held = [[perm[c] for c in cs] for cs in st.held]
    new.holder = [-1] * len(st.holder)
    for s, cs in enumerate(new.held):
        for c in cs:
            new.holder[c] = s
    new.face_down = [perm[c] for c in st.face_down]
    new.random_face_down = perm[st.random_face_down]
    new.pool = sorted(perm[c] for c in st.pool)
    new.draft_log = [[s, k, sorted(perm[c] for c in pool), perm[card]] for s, k, pool, card in st.draft_log]
    return perm


def _place_key(st: CitadelsModel):
    """Orders characters by the place they hold this round (a seat's hand of characters, the
    face-down removed ones, the random face-down one, the draft pool, elsewhere): places the
    seat can count, whichever character holds them."""
    def key(c: int) -> tuple[int, ...]:
        seat = st.holder[c]
        if seat >= 0:
            return (0, seat, st.held[seat].index(c))
        if c in st.face_down:
            return (1, st.face_down.index(c))
        return (2,) if c == st.random_face_down else (3,) if c in st.pool else (4,)

    return key


def _resample_districts(new: CitadelsModel, seat: int, rng: random.Random) -> None:
    """Pool every district card the seat cannot see and deal it back into the same places."""
    top = new.pending[-1] if new.pending else None
    shown_hand = top.other if top and top.kind == PendingKind.WIZARD_TAKE and top.seat == seat else -1
    deck_shown = bool(top and top.kind == PendingKind.LIGHTHOUSE and top.seat == seat)
    # the Wizard's taken card, unless the seat is the Wizard or the one it was taken from
    wiz_top = (top if top and top.kind == PendingKind.WIZARD_USE and seat not in (top.seat, top.other)
               else None)
    others = [s for s in range(len(new.hands)) if s != seat and s != shown_hand]
    pool: list[int] = []
    for s in others:
        pool += new.hands[s]
        pool += new.museum[s]
    if not deck_shown:
        pool += new.deck
    if new.actor != seat:
        pool += new.drawn
    if wiz_top is not None:
        pool.append(wiz_top.district)
    pool.sort()  # which card lay where is hidden: the redeal must not depend on it
    pool = _shuffled(pool, rng)
    for s in others:
        new.hands[s] = take_top(pool, len(new.hands[s]))
        new.museum[s] = take_top(pool, len(new.museum[s]))
    if new.actor != seat:
        new.drawn = take_top(pool, len(new.drawn))
    if wiz_top is not None:
        new.pending[-1] = wiz_top._replace(district=pool.pop())
    if deck_shown:
        new.deck = _shuffled(sorted(new.deck), rng)
    else:
        new.deck = pool


def _resample_events(new: CitadelsModel, seat: int, perm: list[int], rng: random.Random) -> None:
    """Give the secrets of past events that ``seat`` does not see values of the redealt world:
    this round's characters follow the character permutation and its cards come from the
    redealt hands; older rounds' characters and cards follow a random rotation of the game's
    characters and cards. The seat's log does not change; a leak in `public_event` would
    show up as a difference."""
    events = new.events
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i]["do"] == "round"), 0)
    new.events = _older_rounds(new, seat, start, rng) + _redealt(
        new, seat, events, start, len(events), perm, rng.randrange(len(new.game.deck)), rng)


#: seat -> (the first event of the current round, older rounds rewritten): searches resample
#: the same position thousands of times, and events never change once recorded
_OLDER: dict[int, tuple[dict, list[dict]]] = {}


def _older_rounds(new: CitadelsModel, seat: int, start: int, rng: random.Random) -> list[dict]:
    events = new.events
    if not start:
        return []
    memo = _OLDER.get(seat)
    if memo is None or memo[0] is not events[start] or len(memo[1]) != start:
        # a fixed rotation (no draw from ``rng``): the world then never depends on whether
        # the memo was filled, and older secrets are placeholders that carry no true value
        memo = _OLDER[seat] = (events[start], _redealt(new, seat, events, 0, start, [], start, rng))
    return memo[1]


def _redealt(new: CitadelsModel, seat: int, events: list[dict], begin: int, end: int,
             perm: list[int], turn: int, rng: random.Random) -> list[dict]:
    """Events ``begin..end`` with the secrets hidden from ``seat`` replaced: characters by
    ``perm`` (this round) or, without one, placeholders: the game's characters and cards
    in turn from ``turn`` on, by the event's place, never by its true value."""
    chars, deck = new.game.characters, new.game.deck
    secrets = TABLE.secrets
    out = events[begin:end]
    for i, event in enumerate(out):
        rule = secrets.get(event["do"])
        if rule is None or seat in rule.seen_by(event, new):
            continue
        event = out[i] = event.copy()
        for name in rule.secret:
            value = event[name]
            if name == "cards":
                event[name] = [DIST_KEYS[deck[(i + k + turn) % len(deck)]] for k in range(len(value))]
            elif name == "district":
                hand = new.hands[event["seat"]] if perm else None
                event[name] = DIST_KEYS[hand[rng.randrange(len(hand))] if hand
                                        else deck[(i + turn) % len(deck)]]
            else:  # a character
                event[name] = CHAR_KEYS[perm[CHAR_INDEX[value]] if perm else chars[(i + turn) % len(chars)]]
    return out


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    """A uniformly shuffled copy (sorting by random keys, one per item in order: faster than
    ``rng.shuffle``)."""
    draw = rng.random
    keys = [draw() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]
