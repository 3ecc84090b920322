"""Applying the turn decisions: the action, building, character powers, purple districts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACTIONS
from .cards import ARMORY, BELL_TOWER, GRAVEYARD, LIBRARY, LIGHTHOUSE, OBSERVATORY
from .districts import (
    add_district,
    build_cost,
    check_end,
    destroy_cost,
    district_value,
    exchange_cost,
    remove_district,
    set_crown,
)
from .turn import (
    F_ACTED,
    F_LAB,
    F_MUSEUM,
    F_POWER,
    F_SMITHY,
    F_THANK,
    P_BELL,
    P_BEWITCH,
    P_CROWN,
    P_EXCHANGE,
    P_GRAVE,
    P_KEEP,
    P_LIGHT,
    P_MAGIC,
    P_NAV,
    P_PAY,
    P_WIZ_TAKE,
    P_WIZ_USE,
    after_action,
    close_round,
    finish_turn,
    take_income,
)

if TYPE_CHECKING:
    from .state import CitadelsState


def apply_turn(st: CitadelsState, action: int) -> None:
    """Apply a legal turn decision (the Ball Room's thanks come first)."""
    kind, seat, item = ACTIONS[action]
    if st.flags & F_THANK:
        st.flags &= ~F_THANK
        if kind != "thank":
            finish_turn(st, forfeit=True)  # forgot to thank: the turn is lost
        return
    if st.pending:
        _apply_pending(st, kind, seat, item)
    else:
        _FREE[kind](st, seat, item)


def build(st: CitadelsState, seat: int, dist: int, counted: bool) -> None:
    """Pay for and build ``dist`` from ``seat``'s hand; Bell Tower and Lighthouse ask next."""
    cost = build_cost(st, seat, dist)
    st.gold[seat] -= cost
    st.spent += cost
    st.hands[seat].remove(dist)
    st.built_n += 1
    if counted:
        st.builds -= 1
    add_district(st, seat, dist, False, st.round)
    if dist == BELL_TOWER:
        st.pending.append([P_BELL, seat, 0, 0])
    elif dist == LIGHTHOUSE and st.deck:
        st.pending.append([P_LIGHT, seat, 0, 0])


# -- free decisions ----------------------------------------------------------------------------
def _gold(st: CitadelsState, _s: int, _d: int) -> None:
    st.gold[st.actor] += 2
    st.flags |= F_ACTED
    after_action(st)


def _draw(st: CitadelsState, _s: int, _d: int) -> None:
    seat = st.actor
    city = st.cities[seat]
    st.flags |= F_ACTED
    count = 3 if OBSERVATORY in city else 2
    keep = 2 if LIBRARY in city else 1
    deck = st.deck
    st.drawn = [deck.pop() for _ in range(min(count, len(deck)))]
    if len(st.drawn) <= keep:
        st.hands[seat].extend(st.drawn)
        st.drawn = []
        after_action(st)
    else:
        st.keep_n = keep
        st.pending.append([P_KEEP, seat, 0, 0])


def _build(st: CitadelsState, _s: int, dist: int) -> None:
    build(st, st.actor, dist, True)


def _end(st: CitadelsState, _s: int, _d: int) -> None:
    finish_turn(st)


def _income(st: CitadelsState, _s: int, _d: int) -> None:
    take_income(st)


def _kill(st: CitadelsState, _s: int, char: int) -> None:
    st.murdered = char
    st.flags |= F_POWER


def _rob(st: CitadelsState, _s: int, char: int) -> None:
    st.robbed = char
    st.flags |= F_POWER


def _swap(st: CitadelsState, seat: int, _d: int) -> None:
    a = st.actor
    st.hands[a], st.hands[seat] = st.hands[seat], st.hands[a]
    st.flags |= F_POWER


def _discard(st: CitadelsState, _s: int, dist: int) -> None:
    st.flags |= F_POWER
    st.pending.append([P_MAGIC, st.actor, 0, 0])
    _apply_pending(st, "discard", -1, dist)


def _look(st: CitadelsState, seat: int, _d: int) -> None:
    st.flags |= F_POWER
    st.pending.append([P_WIZ_TAKE, st.actor, seat, 0])


def _beautify(st: CitadelsState, _s: int, dist: int) -> None:
    st.gold[st.actor] -= 1
    st.beauty[st.actor].append(dist)
    st.art_n += 1


def _destroy(st: CitadelsState, seat: int, dist: int) -> None:
    me = st.actor
    st.flags |= F_POWER
    st.gold[me] -= destroy_cost(st, seat, dist)
    remove_district(st, seat, dist)
    for owner, city in enumerate(st.cities):
        if GRAVEYARD in city and owner != me and st.gold[owner] > 0:
            st.pending.append([P_GRAVE, owner, dist, 0])
            return  # the Graveyard's answer ends the Warlord's turn
    st.deck.insert(0, dist)
    finish_turn(st)


def _give(st: CitadelsState, _s: int, dist: int) -> None:
    st.flags |= F_POWER
    st.pending.append([P_EXCHANGE, st.actor, dist, 0])


def _lab(st: CitadelsState, _s: int, dist: int) -> None:
    st.hands[st.actor].remove(dist)
    st.deck.insert(0, dist)
    st.gold[st.actor] += 1
    st.flags |= F_LAB


def _smithy(st: CitadelsState, _s: int, _d: int) -> None:
    st.gold[st.actor] -= 2
    st.draw(st.actor, 3)
    st.flags |= F_SMITHY


def _museum(st: CitadelsState, _s: int, dist: int) -> None:
    st.hands[st.actor].remove(dist)
    st.museum[st.actor].append(dist)
    st.flags |= F_MUSEUM


def _armory(st: CitadelsState, seat: int, dist: int) -> None:
    remove_district(st, st.actor, ARMORY)
    st.deck.insert(0, ARMORY)
    remove_district(st, seat, dist)
    st.deck.insert(0, dist)


_FREE = {
    "gold": _gold, "draw": _draw, "build": _build, "end": _end, "income": _income,
    "kill": _kill, "rob": _rob, "swap": _swap, "discard": _discard, "look": _look,
    "beautify": _beautify, "destroy": _destroy, "give": _give, "lab": _lab,
    "smithy": _smithy, "museum": _museum, "armory": _armory,
}


# -- pending decisions ------------------------------------------------------------------------
def _apply_pending(st: CitadelsState, kind: str, target: int, item: int) -> None:
    top = st.pending[-1]
    pk, seat, a = top[0], top[1], top[2]
    if pk == P_MAGIC:
        if kind == "discard":
            st.hands[seat].remove(item)
            st.deck.insert(0, item)
            top[2] += 1
        else:
            st.pending.pop()
            st.draw(seat, a)
        return
    st.pending.pop()
    if pk == P_KEEP:
        st.drawn.remove(item)
        st.hands[seat].append(item)
        st.keep_n -= 1
        if st.keep_n > 0 and len(st.drawn) > st.keep_n:
            st.pending.append(top)
            return
        st.hands[seat].extend(st.drawn[:st.keep_n])
        st.deck[:0] = st.drawn[st.keep_n:]
        st.drawn = []
        st.keep_n = 0
        after_action(st)
    elif pk == P_NAV:
        if kind == "nav_gold":
            st.gold[seat] += 4
        else:
            st.draw(seat, 4)
    elif pk == P_BEWITCH:
        st.bewitched, st.witch = item, seat
        st.flags |= F_POWER
        finish_turn(st)
    elif pk == P_WIZ_TAKE:
        st.hands[a].remove(item)
        st.pending.append([P_WIZ_USE, seat, item, 0])
    elif pk == P_WIZ_USE:
        if kind == "wiz_build":
            st.hands[seat].append(a)
            build(st, seat, a, False)
        else:
            st.hands[seat].append(a)
    elif pk == P_CROWN:
        set_crown(st, target)
        if a == 0 and (st.gold[target] or st.hands[target]):
            st.pending.append([P_PAY, target, seat, 0])
        elif st.rank > 9:
            close_round(st)
    elif pk == P_PAY:
        if kind == "pay_gold":
            st.gold[seat] -= 1
            st.gold[a] += 1
        else:
            st.hands[seat].remove(item)
            st.hands[a].append(item)
    elif pk == P_EXCHANGE:
        _exchange(st, seat, a, target, item)
        finish_turn(st)
    elif pk == P_GRAVE:
        if kind == "grave_yes":
            st.gold[seat] -= 1
            st.hands[seat].append(a)
        else:
            st.deck.insert(0, a)
        finish_turn(st)
    elif pk == P_BELL:
        if kind == "bell_yes":
            st.bell = True
            for s in [seat, *range(st.game.num_players)]:
                check_end(st, s)
    else:  # P_LIGHT
        st.deck.remove(item)
        st.hands[seat].append(item)
        st.rng.shuffle(st.deck)


def _exchange(st: CitadelsState, me: int, give: int, seat: int, take: int) -> None:
    """The Diplomat swaps ``give`` for ``take`` and pays any difference to its owner."""
    diff = max(0, exchange_cost(st, seat, take) - district_value(st, me, give))
    st.gold[me] -= diff
    st.gold[seat] += diff
    bell, h_me, h_them = st.bell, st.haunted[me], st.haunted[seat]
    b_give = remove_district(st, me, give)
    b_take = remove_district(st, seat, take)
    add_district(st, seat, give, b_give, h_me)
    add_district(st, me, take, b_take, h_them)
    st.bell = bell
