"""What a seat may know (`view`) and states consistent with it (`resample`).

Hidden: other hands and museums, the deck order, the face-down characters, characters not
yet revealed, the draft pools a seat did not see, and the Assassin's, Thief's and Witch's
targets until their rank is called (that a target was named is public).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .cards import ASSASSIN, CHAR_KEYS, CHAR_RANK, DIST_KEYS, HOSPITAL, THIEF
from .districts import threshold
from .scoring import breakdown
from .turn import (
    CALL_NAMES,
    F_ACTED,
    F_INCOME,
    F_ONLY,
    F_POWER,
    F_RESUMED,
    F_THANK,
    P_EXCHANGE,
    P_GRAVE,
    P_LIGHT,
    P_MAGIC,
    P_PAY,
    P_WIZ_TAKE,
    P_WIZ_USE,
    PENDING_NAMES,
    targets,
)

if TYPE_CHECKING:
    from .state import CitadelsState

HIDDEN = "hidden"
PHASES = ("draft", "turns", "over")


def _keys(dists: list[int]) -> list[str]:
    return sorted(DIST_KEYS[d] for d in dists)


def _target(st: CitadelsState, char: int, chooser: int, seat: int | None) -> str | None:
    if char < 0:
        return None
    if CHAR_RANK[char] <= st.rank or (seat is not None and seat == chooser):
        return CHAR_KEYS[char]
    return HIDDEN


def view(st: CitadelsState, seat: int | None) -> dict:
    """The JSON view of ``seat`` (``None``: spectator)."""
    n = st.game.num_players
    revealed: list[list[str]] = [[] for _ in range(n)]
    for char, s, status in st.calls:
        if s >= 0 and CALL_NAMES[status] != "witch":
            revealed[s].append(CHAR_KEYS[char])
    seats = [{
        "gold": st.gold[s],
        "hand_size": len(st.hands[s]),
        "city": [DIST_KEYS[d] for d in st.cities[s]],
        "beautified": _keys(st.beauty[s]),
        "museum_size": len(st.museum[s]),
        "characters": revealed[s],
        "character_count": len(st.chars[s]),
        "score": breakdown(st, s),
    } for s in range(n)]
    mine = seat is not None
    out = {
        "round": st.round,
        "phase": PHASES[st.phase],
        "crown": st.crown,
        "threshold": threshold(st),
        "bell_tower": st.bell,
        "end_triggered": st.end_trig,
        "first_complete": st.first,
        "deck_size": len(st.deck),
        "character_deck": [CHAR_KEYS[c] for c in st.game.characters],
        "seats": seats,
        "hand": _keys(st.hands[seat]) if mine else None,
        "museum": _keys(st.museum[seat]) if mine else None,
        "my_characters": [CHAR_KEYS[c] for c in st.chars[seat]] if mine else [],
        "face_up": [CHAR_KEYS[c] for c in st.face_up],
        "face_down_count": len(st.face_down),
        "draft": _draft_view(st, seat),
        "rank": st.rank,
        "calls": [{"character": CHAR_KEYS[c], "seat": s, "status": CALL_NAMES[k]}
                  for c, s, k in st.calls],
        "murdered": _target(st, st.murdered, st.holder[ASSASSIN], seat),
        "robbed": _target(st, st.robbed, st.holder[THIEF], seat),
        "bewitched": _target(st, st.bewitched, st.witch, seat),
        "tax_collector": st.tax_seat,
        "protected": st.bishop_seat,
        "turn": _turn_view(st, seat) if st.phase == 1 and st.actor >= 0 else None,
        "pending": _pending_view(st, seat),
    }
    return out


def _draft_view(st: CitadelsState, seat: int | None) -> dict:
    drafting = st.phase == 0
    drafter = st.plan[st.step][0] if drafting else -1
    return {
        "drafter": drafter,
        "kind": ("pick", "discard")[st.plan[st.step][1]] if drafting else None,
        "pool": [CHAR_KEYS[c] for c in st.pool] if drafting and seat == drafter else None,
        "pool_size": len(st.pool),
        "steps_done": [[s, ("pick", "discard")[k]] for s, k, _, _ in st.dlog],
        "mine": [{"kind": ("pick", "discard")[k], "pool": [CHAR_KEYS[c] for c in pool],
                  "card": CHAR_KEYS[card]} for s, k, pool, card in st.dlog if s == seat],
    }


def _turn_view(st: CitadelsState, seat: int | None) -> dict:
    f = st.flags
    return {
        "seat": st.actor,
        "character": CHAR_KEYS[st.char],
        "acted": bool(f & F_ACTED),
        "builds_left": st.builds,
        "income_taken": bool(f & F_INCOME),
        "power_used": bool(f & F_POWER),
        "action_only": bool(f & F_ONLY),
        "witch_resumed": bool(f & F_RESUMED),
        "must_thank": bool(f & F_THANK),
        "drawn": _keys(st.drawn) if seat == st.actor else None,
        "drawn_count": len(st.drawn),
    }


def _pending_view(st: CitadelsState, seat: int | None) -> dict | None:
    if not st.pending:
        return None
    kind, who, a, _b = st.pending[-1]
    out: dict = {"kind": PENDING_NAMES[kind], "seat": who}
    if kind == P_WIZ_TAKE:
        out["target"] = a
        if seat == who:
            out["hand"] = _keys(st.hands[a])
    elif kind == P_WIZ_USE:
        out["card"] = DIST_KEYS[a] if seat == who else HIDDEN
    elif kind == P_LIGHT and seat == who:
        out["deck"] = _keys(st.deck)
    elif kind in (P_EXCHANGE, P_GRAVE):
        out["district"] = DIST_KEYS[a]
    elif kind == P_PAY:
        out["to"] = a
    elif kind == P_MAGIC:
        out["discarded"] = a
    return out


# -- resampling ---------------------------------------------------------------------------------
def resample(st: CitadelsState, seat: int, rng: random.Random) -> CitadelsState:
    """A state with every value hidden from ``seat`` redealt consistently with its view."""
    new = st.clone()
    _resample_characters(st, new, seat, rng)
    _resample_targets(st, new, seat, rng)
    _resample_districts(new, seat, rng)
    return new


def _resample_characters(st: CitadelsState, new: CitadelsState, seat: int,
                         rng: random.Random) -> None:
    """Swap characters the seat cannot tell apart: same membership in every draft pool it
    saw, same called status. Such swaps keep its view and yield a possible draft. A murdered
    character whose holder stayed hidden may also trade places with a held character not
    yet called (a murdered character is always held)."""
    seen = [set(pool) for s, _, pool, _ in st.dlog if s == seat]
    if st.phase == 0 and st.plan[st.step][0] == seat:
        seen.append(set(st.pool))
    known = set(st.face_up) | set(st.chars[seat])
    known.update(card for s, _, _, card in st.dlog if s == seat)
    known.update(c for c, s, _ in st.calls if s >= 0)
    murdered = st.murdered
    hidden_victim = murdered >= 0 and CHAR_RANK[murdered] <= st.rank and murdered not in known
    if murdered >= 0 and CHAR_RANK[murdered] <= st.rank:
        known.add(murdered)
    groups: dict[tuple, list[int]] = {}
    for c in st.game.characters:
        if c not in known:
            key = (tuple(c in p for p in seen), st.phase == 1 and CHAR_RANK[c] <= st.rank)
            groups.setdefault(key, []).append(c)
    perm = list(range(len(st.holder)))
    for cards in groups.values():
        if len(cards) > 1:
            shuffled = _shuffled(cards, rng)
            for a, b in zip(cards, shuffled):
                perm[a] = b
    if hidden_victim:
        like = (tuple(murdered in p for p in seen), False)
        slots = [c for c in groups.get(like, ())
                 if st.holder[c] >= 0 and HOSPITAL not in st.cities[st.holder[c]]]
        pick = rng.randrange(len(slots) + 1)
        if pick < len(slots):
            other = slots[pick]
            perm[murdered], perm[other] = perm[other], murdered
    if all(i == p for i, p in enumerate(perm)):
        return
    new.chars = [[perm[c] for c in cs] for cs in st.chars]
    new.holder = [-1] * len(st.holder)
    for s, cs in enumerate(new.chars):
        for c in cs:
            new.holder[c] = s
    new.face_down = [perm[c] for c in st.face_down]
    new.fd_random = perm[st.fd_random]
    new.pool = sorted(perm[c] for c in st.pool)
    new.dlog = [[s, k, sorted(perm[c] for c in pool), perm[card]] for s, k, pool, card in st.dlog]


def _resample_targets(st: CitadelsState, new: CitadelsState, seat: int,
                      rng: random.Random) -> None:
    """Redraw named targets the seat cannot know among the characters not yet called."""
    def redraw(char: int, chooser: int, lowest: int) -> int:
        if char < 0 or chooser == seat or CHAR_RANK[char] <= st.rank:
            return char
        options = [c for c in targets(st, lowest) if CHAR_RANK[c] > st.rank]
        return rng.choice(options) if options else char

    new.murdered = redraw(st.murdered, new.holder[ASSASSIN], 2)
    new.robbed = redraw(st.robbed, new.holder[THIEF], 3)
    new.bewitched = redraw(st.bewitched, st.witch, 2)


def _resample_districts(new: CitadelsState, seat: int, rng: random.Random) -> None:
    """Pool every district card the seat cannot see and deal it back into the same places."""
    top = new.pending[-1] if new.pending else None
    shown_hand = top[2] if top and top[0] == P_WIZ_TAKE and top[1] == seat else -1
    deck_shown = bool(top and top[0] == P_LIGHT and top[1] == seat)
    wiz_card = bool(top and top[0] == P_WIZ_USE and top[1] != seat)
    others = [s for s in range(len(new.hands)) if s != seat and s != shown_hand]
    pool: list[int] = []
    for s in others:
        pool += new.hands[s]
        pool += new.museum[s]
    if not deck_shown:
        pool += new.deck
    if new.actor != seat:
        pool += new.drawn
    if wiz_card:
        pool.append(top[2])
    pool = _shuffled(pool, rng)
    for s in others:
        k = len(new.hands[s])
        new.hands[s] = [pool.pop() for _ in range(k)]
        k = len(new.museum[s])
        new.museum[s] = [pool.pop() for _ in range(k)]
    if new.actor != seat:
        new.drawn = [pool.pop() for _ in new.drawn]
    if wiz_card:
        top[2] = pool.pop()
    if deck_shown:
        new.deck = _shuffled(new.deck, rng)
    else:
        new.deck = pool


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    """A uniformly shuffled copy (sorting by random keys: faster than ``rng.shuffle``)."""
    return sorted(items, key=lambda _: rng.random())
