"""Every decision of Citadels in ONE table: its action block, legal choices, effect, and
what of its event is secret.

The action space is one block per decision kind (``{"do": kind, ...}`` with a ``character``,
a ``district``, a ``seat``, or a ``seat`` and a ``district``); seats range over 8 so that ids
are the same for every option set. Each entry is an engine `Decision`
(`mezquita.engine.decisions`) declared by `decision` above its effect, holding

- ``choices(st)``: its legal ids now (the caller knows the context applies: the draft step,
  the top pending decision, or the acting seat's free choices of that part of its turn,
  before or after its action and for the character's power while it is unused, see
  `Opens`); None for the frame of every turn (gold, draw, end, income, thank), which
  `legal` lists itself,
- ``effect(st, seat, *indices)``: what it does, recording its event ``{"do": kind, ...}``,
- its event's fields, and the ``secret`` ones only ``seen_by(event, st)`` may know (others
  see ``None``).

Labels are ``texts.json["actions"][kind]``; event texts ``texts.json["events"][kind]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mezquita.engine import Decision, Decisions, Event, Hint, Param, State, nobody, owner, owner_and
from mezquita.engine.decisions import SeenBy

from .cards import (
    ARMORY,
    ARTIST,
    ASSASSIN,
    CHAR_INCOME,
    CHAR_KEYS,
    DIPLOMAT,
    DIST_COST,
    DIST_KEYS,
    GRAVEYARD,
    GREAT_WALL,
    KEEP,
    LABORATORY,
    LIBRARY,
    MAGICIAN,
    MUSEUM,
    OBSERVATORY,
    SMITHY,
    THIEF,
    WARLORD,
    WIZARD,
)
from .flow import (
    DRAFT_DECISIONS,
    add_district,
    after_action,
    build,
    check_end,
    close_round,
    draft_step,
    draw,
    finish_turn,
    keys,
    remove_district,
    set_crown,
    take_income,
    take_top,
)
from .model import CitadelsModel, Pending, PendingKind, Phase, TurnFlag
from .queries import (
    build_cost,
    build_costs,
    can_build,
    destroy_cost,
    district_value,
    exchange_cost,
    is_complete,
    may_duplicate,
    robbable,
    targets,
    threshold,
)
from .words import TEXTS, char_name, district_name

#: seats in the action space (the most players a game can have)
MAX_SEATS = 8

_CHAR = Param("character", CHAR_KEYS, text=lambda k, lang: char_name(CHAR_KEYS.index(k), lang))
_DIST = Param("district", DIST_KEYS, text=lambda k, lang: district_name(DIST_KEYS.index(k), lang))
_SEAT = Param("seat", range(MAX_SEATS), seats=True)
_PARAMS = {"": (), "c": (_CHAR,), "d": (_DIST,), "s": (_SEAT,), "sd": (_SEAT, _DIST)}

@dataclass(frozen=True)
class Opens:
    """When a free choice of the acting seat (`FREE_DECISIONS`) is open."""

    #: only in this character's turn / only to a city with this district (-1: any)
    character: int = -1
    district: int = -1
    #: only before (False) or only after (True) the turn's action (None: both)
    acted: bool | None = None
    #: the character's power, used once a turn: `_turn` asks only while it is unused
    power: bool = False


#: the decisions, in action-id order, and the events the round records by itself
TABLE = Decisions(events={
    "round": Event(("round", "crown", "face_up", "face_down"), secret=("face_down",), seen_by=nobody),
    "call": Event(("character", "status"), banner={"status": "murdered"},
                  told=TEXTS["events"]["call_murdered_you"]), "forfeit": Event(("to",)),
    "bonus": Event(("gold", "source")), "pay": Event(("to", "gold", "source")),
    "draw_bonus": Event(("count", "cards", "source"), secret=("cards",)),
    "robbery": Event(("target", "gold"), banner=True), "crown_taken": Event(),
    "game_over": Event(("scores",)),
})
SPACE = TABLE.space
#: free decision kind -> when it is open
OPENS: dict[str, Opens] = {}
#: decision kind -> its first id
_BASE: dict[str, int] = {}
#: decision kind without parameters -> its one id, as a 1-tuple
_ONE: dict[str, tuple[int]] = {}
#: the `TurnFlag` bits and the phase the choices read, as plain names (measured in `model`)
_ACTED, _INCOME, _POWER, _ONLY, _THANK = (
    TurnFlag.ACTED, TurnFlag.INCOME, TurnFlag.POWER, TurnFlag.ONLY, TurnFlag.THANK)
_DRAFT = Phase.DRAFT
#: the board elements a decision's actions point at (its `Hint`), by the shape's last parameter
_ON = {"c": ("character", "pool"), "d": ("hand", "drawn", "looked", "deck", "city"),
       "s": ("seat",), "sd": ("city",)}


def decision(kind: str, shape: str, fields: tuple[str, ...] | None, choices: Callable | None,
             secret: tuple[str, ...] = (), seen_by: SeenBy = owner, undoable: bool = False,
             opens: Opens | None = None, on: str | None = None,
             facts: Callable[[CitadelsModel, int, str], dict] | None = None,
             banner: bool = False) -> Callable:
    """Declare decision ``kind`` (parameters ``shape``: "", "c", "d", "s" or "sd"; the
    ``fields`` of the event it records under its kind, None: none) with its ``choices``
    (None: a decision of the turn's frame), the board element ``on`` which its actions
    point (one of `_ON` for its shape: a character in the row or the draft ``pool``; a
    district in the ``hand``, ``drawn``, ``looked`` at in another hand, on the ``deck`` or in
    a ``city``, the acting seat's unless the shape names a seat; a ``seat``) and the
    ``facts`` a page shows beside each legal one, whether its event is a ``banner``
    (`Event`); decorates its effect."""
    if (on is None) != (not shape) or (shape and on not in _ON[shape]):
        raise ValueError(f"decision {kind!r}: {shape!r} actions point at one of {_ON.get(shape)}")
    last = _PARAMS[shape][-1].name if shape else ""
    # several decisions point at one card of the hand (build it, discard it to the Laboratory,
    # put it under the Museum...): their hints name the decision as the card's control
    hint = Hint(on, last, "seat" if shape == "sd" else None,
                control=kind if on == "hand" else None) if on else None

    def register_effect(effect: Callable) -> Callable:
        event = None if fields is None else Event(fields, secret, seen_by, banner)
        block = TABLE.add(Decision(kind, _PARAMS[shape], effect, TEXTS["actions"][kind], event,
                                   choices, undoable, hint, facts))
        _BASE[kind] = block.base
        if not shape:
            _ONE[kind] = (block.id(),)
        if opens is not None:
            OPENS[kind] = opens
        return effect

    return register_effect


def _ids(kind: str, items) -> list[int]:
    """The ids of a one-parameter decision ``kind`` for these parameter indices."""
    base = _BASE[kind]
    if not base:  # the first block: ids are the indices
        return list(items)
    out = []
    for i in items:
        out.append(base + i)
    return out


def _distinct_ids(kind: str, cards: list[int]) -> list[int]:
    """The ids of a one-district decision ``kind`` for these cards, each once (unsorted; a
    small set costs more to build than these few tests)."""
    base, out = _BASE[kind], []
    for d in cards:
        action = base + d
        if action not in out:
            out.append(action)
    return out


def _one(kind: str) -> tuple[int]:
    """The one id of a decision without parameters (shared: callers only read it)."""
    return _ONE[kind]


def _top(st: CitadelsModel) -> Pending:
    return st.pending[-1]


def _free(st: CitadelsModel) -> bool:
    """Free choices beyond the action are open (not an action-only turn)."""
    return not st.flags & _ONLY


# -- the draft ----------------------------------------------------------------------------------
# one effect for both: the plan's step says which it is (and names the event)
decision("pick", "c", ("character",), lambda st: _ids("pick", st.pool), secret=("character",),
         on="pool")(draft_step)
decision("discard_char", "c", ("character",),
         lambda st: _ids("discard_char", st.pool), secret=("character",), on="pool")(draft_step)


# -- the action and building ---------------------------------------------------------------------
@decision("gold", "", ("gold",), None)
def _gold(st: CitadelsModel, seat: int) -> None:
    st.gold[seat] += 2
    st.flags |= _ACTED
    st._event(seat, "gold", 2)
    after_action(st)


@decision("draw", "", ("count", "keep", "cards"), None, secret=("cards",))
def _draw(st: CitadelsModel, seat: int) -> None:
    built = st.built[seat]
    st.flags |= _ACTED
    count = 3 if OBSERVATORY in built else 2
    keep = 2 if LIBRARY in built else 1
    drawn = st.drawn = take_top(st.deck, count)
    n = len(drawn)
    st._event(seat, "draw", n, keep if keep < n else n, keys(drawn))
    if n <= keep:
        st.hands[seat] += drawn
        st.drawn = []
        after_action(st)
    else:
        st.to_keep = keep
        st.pending.append(_KEEP_DRAWN[seat])


#: per seat, its pending choice among cards drawn (records are immutable: shared)
_KEEP_DRAWN = tuple(Pending(PendingKind.KEEP_DRAWN, seat) for seat in range(MAX_SEATS))


@decision("keep", "d", ("district",), lambda st: _distinct_ids("keep", st.drawn), secret=("district",),
          on="drawn")
def _keep(st: CitadelsModel, seat: int, dist: int) -> None:
    top = st.pending.pop()
    st._event(seat, "keep", DIST_KEYS[dist])
    st.drawn.remove(dist)
    st.hands[seat].append(dist)
    st.to_keep -= 1
    if st.to_keep > 0 and len(st.drawn) > st.to_keep:
        st.pending.append(top)
        return
    st.hands[seat].extend(st.drawn[:st.to_keep])
    st.deck[:0] = st.drawn[st.to_keep:]
    st.drawn = []
    st.to_keep = 0
    after_action(st)


def _buildable(st: CitadelsModel) -> list[int]:
    """The build ids open now, unsorted (`_turn` sorts its list)."""
    seat = st.actor
    hand = st.hands[seat]
    if st.flags & _ONLY or st.builds <= 0 or not hand:
        return []
    gold, costs, built = st.gold[seat], build_costs(st, seat), st.built[seat]
    base, out = _BUILD_BASE, []
    for d in hand:  # each district once; one the city has only if it may have two
        if costs[d] <= gold and base + d not in out and (
                d not in built or may_duplicate(st, seat, st.character == WIZARD)):
            out.append(base + d)
    return out


@decision("build", "d", ("district", "cost"), _buildable, on="hand")
def _build(st: CitadelsModel, seat: int, dist: int) -> None:
    cost = build(st, seat, dist, True)
    st._event(seat, "build", DIST_KEYS[dist], cost)


#: the first build id, read by `_buildable` as a plain name
_BUILD_BASE = _BASE["build"]


@decision("end", "", (), None)
def _end(st: CitadelsModel, seat: int) -> None:
    finish_turn(st, announce=True)


@decision("income", "", ("gold",), None, undoable=True)  # public gold, no draw, the turn goes on
def _income(st: CitadelsModel, seat: int) -> None:
    take_income(st, chosen=True)


@decision("thank", "", ("to",), None)
def _thank(st: CitadelsModel, seat: int) -> None:
    st._event(seat, "thank", st.crown)


# -- character powers -----------------------------------------------------------------------------
@decision("kill", "c", ("character",),
          lambda st: _ids("kill", targets(st, 2)), opens=Opens(character=ASSASSIN, power=True),
          on="character", banner=True)
def _kill(st: CitadelsModel, seat: int, char: int) -> None:
    st.murdered = char
    st.flags |= TurnFlag.POWER
    st._event(seat, "kill", CHAR_KEYS[char])


@decision("rob", "c", ("character",),
          lambda st: _ids("rob", robbable(st)), opens=Opens(character=THIEF, power=True), on="character")
def _rob(st: CitadelsModel, seat: int, char: int) -> None:
    st.robbed = char
    st.flags |= TurnFlag.POWER
    st._event(seat, "rob", CHAR_KEYS[char])


@decision("bewitch", "c", ("character",), lambda st: _ids("bewitch", targets(st, 2)), on="character")
def _bewitch(st: CitadelsModel, seat: int, char: int) -> None:
    st.pending.pop()
    st.bewitched, st.witch = char, seat
    st.flags |= TurnFlag.POWER
    st._event(seat, "bewitch", CHAR_KEYS[char])
    finish_turn(st)


def _others(st: CitadelsModel) -> list[int]:
    out = list(range(st.game.num_players))
    del out[st.actor]
    return out


@decision("swap", "s", ("target", "given", "got"),
          lambda st: _ids("swap", _others(st)), opens=Opens(character=MAGICIAN, power=True), on="seat")
def _swap(st: CitadelsModel, seat: int, other: int) -> None:
    st._event(seat, "swap", other, len(st.hands[seat]), len(st.hands[other]))
    st.hands[seat], st.hands[other] = st.hands[other], st.hands[seat]
    st.flags |= TurnFlag.POWER


def _discards(st: CitadelsModel) -> list[int]:
    if st.pending:  # the Magician goes on discarding
        return _distinct_ids("discard", st.hands[_top(st).seat])
    return _distinct_ids("discard", st.hands[st.actor])


@decision("discard", "d", ("district",),
          _discards, secret=("district",), opens=Opens(character=MAGICIAN, power=True), on="hand")
def _discard(st: CitadelsModel, seat: int, dist: int) -> None:
    if st.pending:  # the Magician goes on discarding
        count = st.pending.pop().count
    else:
        st.flags |= TurnFlag.POWER
        count = 0
    st.hands[seat].remove(dist)
    st.deck.insert(0, dist)
    st.pending.append(Pending(PendingKind.MAGICIAN, seat, count=count + 1))
    st._event(seat, "discard", DIST_KEYS[dist])


@decision("done", "", ("count", "cards"), lambda st: _one("done"), secret=("cards",))
def _done(st: CitadelsModel, seat: int) -> None:
    top = st.pending.pop()
    got = draw(st, seat, top.count)
    st._event(seat, "done", len(got), keys(got))


@decision("look", "s", ("target",), lambda st: _ids("look", [s for s in _others(st) if st.hands[s]]),
          opens=Opens(character=WIZARD, power=True), on="seat")
def _look(st: CitadelsModel, seat: int, other: int) -> None:
    st.flags |= TurnFlag.POWER
    st.pending.append(Pending(PendingKind.WIZARD_TAKE, seat, other=other))
    st._event(seat, "look", other)


@decision("take", "d", ("target", "district"), lambda st: _distinct_ids("take", st.hands[_top(st).other]),
          secret=("district",), seen_by=owner_and("target"), on="looked")
def _take(st: CitadelsModel, seat: int, dist: int) -> None:
    top = st.pending.pop()
    st.hands[top.other].remove(dist)
    st.pending.append(Pending(PendingKind.WIZARD_USE, seat, district=dist, other=top.other))
    st._event(seat, "take", top.other, DIST_KEYS[dist])


@decision("wiz_keep", "", ("target", "district"), lambda st: _one("wiz_keep"), secret=("district",),
          seen_by=owner_and("target"))
def _wiz_keep(st: CitadelsModel, seat: int) -> None:
    top = st.pending.pop()
    st.hands[seat].append(top.district)
    st._event(seat, "wiz_keep", top.other, DIST_KEYS[top.district])


def _wizard_builds(st: CitadelsModel) -> Sequence[int]:
    top = _top(st)
    dist = top.district
    ok = build_cost(st, top.seat, dist) <= st.gold[top.seat] and can_build(st, top.seat, dist, True)
    return _one("wiz_build") if ok else []


@decision("wiz_build", "", None, _wizard_builds)
def _wiz_build(st: CitadelsModel, seat: int) -> None:
    top = st.pending.pop()
    st.hands[seat].append(top.district)
    cost = build(st, seat, top.district, False)
    st._event(seat, "build", DIST_KEYS[top.district], cost)


def _crown_choices(st: CitadelsModel) -> list[int]:
    seat = _top(st).seat
    others = [s for s in range(st.game.num_players) if s != seat]
    return _ids("crown", [s for s in others if s != st.crown] or others)


@decision("crown", "s", ("target",), _crown_choices, on="seat")
def _crown(st: CitadelsModel, seat: int, to: int) -> None:
    top = st.pending.pop()
    st._event(seat, "crown", to)
    set_crown(st, to)
    if top.count and (st.gold[to] or st.hands[to]):
        st.pending.append(Pending(PendingKind.PAY, to, other=seat))
    elif st.rank > 9:
        close_round(st)


@decision("pay_gold", "", ("target",), lambda st: _one("pay_gold") if st.gold[_top(st).seat] else [])
def _pay_gold(st: CitadelsModel, seat: int) -> None:
    top = st.pending.pop()
    st.gold[seat] -= 1
    st.gold[top.other] += 1
    st._event(seat, "pay_gold", top.other)


@decision("pay_card", "d", ("target", "district"),
          lambda st: _distinct_ids("pay_card", st.hands[_top(st).seat]),
          secret=("district",), seen_by=owner_and("target"), on="hand")
def _pay_card(st: CitadelsModel, seat: int, dist: int) -> None:
    top = st.pending.pop()
    st.hands[seat].remove(dist)
    st.hands[top.other].append(dist)
    st._event(seat, "pay_card", top.other, DIST_KEYS[dist])


@decision("nav_gold", "", ("gold",), lambda st: _one("nav_gold"))
def _nav_gold(st: CitadelsModel, seat: int) -> None:
    st.pending.pop()
    st.gold[seat] += 4
    st._event(seat, "nav_gold", 4)


@decision("nav_cards", "", ("count", "cards"), lambda st: _one("nav_cards"), secret=("cards",))
def _nav_cards(st: CitadelsModel, seat: int) -> None:
    st.pending.pop()
    got = draw(st, seat, 4)
    st._event(seat, "nav_cards", len(got), keys(got))


def _beautifiable(st: CitadelsModel) -> list[int]:
    seat = st.actor
    if st.character != ARTIST or not _free(st) or st.beautified_this_turn >= 2 or not st.gold[seat]:
        return []
    city, beauty = st.cities[seat], st.beauty[seat]
    return _ids("beautify", sorted(d for d in set(city) if beauty.count(d) < city.count(d)))


@decision("beautify", "d", ("district",), _beautifiable, opens=Opens(character=ARTIST), on="city")
def _beautify(st: CitadelsModel, seat: int, dist: int) -> None:
    st.gold[seat] -= 1
    st.beauty[seat].append(dist)
    st.beautified_this_turn += 1
    st._event(seat, "beautify", DIST_KEYS[dist])


def _sd(kind: str, pairs) -> list[int]:
    block = TABLE.block(kind)
    return [block.id(s, d) for s, d in pairs]


def _destroys(st: CitadelsModel) -> list[int]:
    """The Warlord's targets, unsorted (he names them after his action: `_turn` sorts)."""
    gold, full, bishop = st.gold[st.actor], threshold(st), st.bishop_seat
    out = []
    # the price is the printed cost - 1, more only with beautified districts or the Great
    # Wall: most districts need no closer look
    within = _DESTROYABLE[min(gold, len(_DESTROYABLE) - 1)]
    for s, city in enumerate(st.cities):
        if s == bishop or len(city) >= full:
            continue
        ids, built = _DESTROY_IDS[s], st.built[s]
        plain = not st.beauty[s] and GREAT_WALL not in built
        for d in built:  # each district once
            if d in within and (plain or destroy_cost(st, s, d) <= gold):
                out.append(ids[d])
    return out


def _destroy_price(st: CitadelsModel, action: int, lang: str) -> dict:
    """A destroy's price in gold, shown beside it (the view carries no district values)."""
    return {"cost": destroy_cost(st, *TABLE.block("destroy").indices(action))}


@decision("destroy", "sd", ("target", "district", "cost"),
          _destroys, opens=Opens(character=WARLORD, acted=True, power=True), on="city", facts=_destroy_price)
def _destroy(st: CitadelsModel, me: int, seat: int, dist: int) -> None:
    st.flags |= TurnFlag.POWER
    cost = destroy_cost(st, seat, dist)
    st.gold[me] -= cost
    remove_district(st, seat, dist)
    st._event(me, "destroy", seat, DIST_KEYS[dist], cost)
    for other, built in enumerate(st.built):
        if GRAVEYARD in built and other != me and st.gold[other] > 0:
            st.pending.append(Pending(PendingKind.GRAVEYARD, other, district=dist))
            return  # the Graveyard's answer ends the Warlord's turn
    st.deck.insert(0, dist)
    finish_turn(st)


#: per gold 0 to the highest price: the districts the Warlord may destroy at their printed
#: cost - 1 (never the Keep)
_DESTROYABLE = tuple(frozenset(d for d, cost in enumerate(DIST_COST) if cost - 1 <= gold and d != KEEP)
                     for gold in range(max(DIST_COST)))
#: per seat, per district: the id of destroying it
_DESTROY_IDS = [[TABLE.block("destroy").id(s, d) for d in range(len(DIST_KEYS))] for s in range(MAX_SEATS)]


def _exchange_pairs(st: CitadelsModel, give: int) -> list[tuple[int, int]]:
    """(seat, district) the Diplomat may take for his ``give`` without creating duplicates."""
    seat = st.actor
    mine = st.cities[seat]
    value = district_value(st, seat, give)
    gold, out = st.gold[seat], []
    for s in range(st.game.num_players):
        if s == seat or s == st.bishop_seat or is_complete(st, s):
            continue
        theirs = st.cities[s]
        if give in theirs:
            continue
        for d in sorted(set(theirs)):
            if d != KEEP and d not in mine and exchange_cost(st, s, d) - value <= gold:
                out.append((s, d))
    return out


def _gives(st: CitadelsModel) -> list[int]:
    return _ids("give", sorted(d for d in set(st.cities[st.actor]) if _exchange_pairs(st, d)))


@decision("give", "d", ("district",), _gives, opens=Opens(character=DIPLOMAT, acted=True, power=True),
          on="city")
def _give(st: CitadelsModel, seat: int, dist: int) -> None:
    st.flags |= TurnFlag.POWER
    st.pending.append(Pending(PendingKind.EXCHANGE, seat, district=dist))
    st._event(seat, "give", DIST_KEYS[dist])


@decision("exchange", "sd", ("target", "district", "gave", "paid"),
          lambda st: _sd("exchange", _exchange_pairs(st, _top(st).district)), on="city")
def _exchange(st: CitadelsModel, me: int, seat: int, take: int) -> None:
    """The Diplomat swaps his offer for ``take`` and pays any difference to its owner."""
    give = st.pending.pop().district
    diff = max(0, exchange_cost(st, seat, take) - district_value(st, me, give))
    st.gold[me] -= diff
    st.gold[seat] += diff
    bell, h_me, h_them = st.bell_announced, st.haunted[me], st.haunted[seat]
    b_give = remove_district(st, me, give)
    b_take = remove_district(st, seat, take)
    add_district(st, seat, give, b_give, h_me)
    add_district(st, me, take, b_take, h_them)
    st.bell_announced = bell
    st._event(me, "exchange", seat, DIST_KEYS[take], DIST_KEYS[give], diff)
    finish_turn(st)


# -- purple districts --------------------------------------------------------------------------------
def _owns(st: CitadelsModel, dist: int, flag: int) -> bool:
    return dist in st.built[st.actor] and not st.flags & flag


@decision("lab", "d", ("district",), lambda st: _distinct_ids("lab", st.hands[st.actor])
          if _free(st) and _owns(st, LABORATORY, TurnFlag.LAB) else [], secret=("district",),
          opens=Opens(district=LABORATORY), on="hand")
def _lab(st: CitadelsModel, seat: int, dist: int) -> None:
    st.hands[seat].remove(dist)
    st.deck.insert(0, dist)
    st.gold[seat] += 1
    st.flags |= TurnFlag.LAB
    st._event(seat, "lab", DIST_KEYS[dist])


@decision("smithy", "", ("count", "cards"), lambda st: _one("smithy") if _free(st) and st.gold[st.actor] >= 2
          and _owns(st, SMITHY, TurnFlag.SMITHY) else [], secret=("cards",), opens=Opens(district=SMITHY))
def _smithy(st: CitadelsModel, seat: int) -> None:
    st.gold[seat] -= 2
    got = draw(st, seat, 3)
    st.flags |= TurnFlag.SMITHY
    st._event(seat, "smithy", len(got), keys(got))


@decision("museum", "d", ("district",), lambda st: _distinct_ids("museum", st.hands[st.actor])
          if _free(st) and _owns(st, MUSEUM, TurnFlag.MUSEUM) else [], secret=("district",),
          opens=Opens(district=MUSEUM), on="hand")
def _museum(st: CitadelsModel, seat: int, dist: int) -> None:
    st.hands[seat].remove(dist)
    st.museum[seat].append(dist)
    st.flags |= TurnFlag.MUSEUM
    st._event(seat, "museum", DIST_KEYS[dist])


def _armory_targets(st: CitadelsModel) -> list[int]:
    if not (_free(st) and ARMORY in st.built[st.actor]):
        return []
    return _sd("armory", [(s, d) for s in _others(st) for d in sorted(set(st.cities[s]))])


@decision("armory", "sd", ("target", "district"), _armory_targets, opens=Opens(district=ARMORY), on="city")
def _armory(st: CitadelsModel, me: int, seat: int, dist: int) -> None:
    remove_district(st, me, ARMORY)
    st.deck.insert(0, ARMORY)
    remove_district(st, seat, dist)
    st.deck.insert(0, dist)
    st._event(me, "armory", seat, DIST_KEYS[dist])


@decision("grave_yes", "", ("district",), lambda st: _one("grave_yes"))
def _grave_yes(st: CitadelsModel, seat: int) -> None:
    dist = st.pending.pop().district
    st.gold[seat] -= 1
    st.hands[seat].append(dist)
    st._event(seat, "grave_yes", DIST_KEYS[dist])
    finish_turn(st)


@decision("grave_no", "", ("district",), lambda st: _one("grave_no"))
def _grave_no(st: CitadelsModel, seat: int) -> None:
    dist = st.pending.pop().district
    st.deck.insert(0, dist)
    st._event(seat, "grave_no", DIST_KEYS[dist])
    finish_turn(st)


@decision("bell_yes", "", (), lambda st: _one("bell_yes"))
def _bell_yes(st: CitadelsModel, seat: int) -> None:
    st.pending.pop()
    st.bell_announced = True
    st._event(seat, "bell_yes")
    for s in [seat, *range(st.game.num_players)]:
        check_end(st, s)


@decision("bell_no", "", (), lambda st: _one("bell_no"))
def _bell_no(st: CitadelsModel, seat: int) -> None:
    st.pending.pop()
    st._event(seat, "bell_no")


@decision("lighthouse", "d", ("district",), lambda st: _ids("lighthouse", set(st.deck)), secret=("district",),
          on="deck")
def _lighthouse(st: CitadelsModel, seat: int, dist: int) -> None:
    st.pending.pop()
    st.deck.remove(dist)
    st.hands[seat].append(dist)
    st.rng.shuffle(st.deck)
    st._event(seat, "lighthouse", DIST_KEYS[dist])


# -- which decisions are open when -------------------------------------------------------------------
#: the answers to each pending decision
PENDING_DECISIONS: dict[PendingKind, tuple[str, ...]] = {
    PendingKind.KEEP_DRAWN: ("keep",),
    PendingKind.NAVIGATOR: ("nav_gold", "nav_cards"),
    PendingKind.BEWITCH: ("bewitch",),
    PendingKind.MAGICIAN: ("discard", "done"),
    PendingKind.WIZARD_TAKE: ("take",),
    PendingKind.WIZARD_USE: ("wiz_keep", "wiz_build"),
    PendingKind.CROWN: ("crown",),
    PendingKind.PAY: ("pay_card", "pay_gold"),
    PendingKind.EXCHANGE: ("exchange",),
    PendingKind.GRAVEYARD: ("grave_yes", "grave_no"),
    PendingKind.BELL_TOWER: ("bell_yes", "bell_no"),
    PendingKind.LIGHTHOUSE: ("lighthouse",),
}
#: the acting seat's own choices beyond the turn's frame (`_turn`) when nothing is pending
FREE_DECISIONS = ("kill", "rob", "swap", "discard", "look", "beautify", "destroy", "give", "lab",
                  "smithy", "museum", "armory")


def _choices(acted: bool, char: int) -> tuple:
    """What is open to ``char`` before or after its action: whether it collects district
    income; the choices of its own decisions while its power is unused, and once it is used;
    ``(district, choices)`` of those open only to a city with that district."""
    open_ = [(OPENS[kind], TABLE.by_kind[kind].choices) for kind in FREE_DECISIONS
             if OPENS[kind].character in (-1, char) and OPENS[kind].acted in (None, acted)]
    own = [(o, choices) for o, choices in open_ if o.district < 0]
    return (CHAR_INCOME[char] >= 0, tuple(choices for _, choices in own),
            tuple(choices for o, choices in own if not o.power),
            tuple((o.district, choices) for o, choices in open_ if o.district >= 0))


#: before and after the turn's action, per character, the free decisions open to it then
#: (the others belong to other characters or to the other part of the turn)
_FREE_BEFORE, _FREE_AFTER = ([_choices(acted, c) for c in range(len(CHAR_KEYS))] for acted in (False, True))
#: the districts that open decisions of their own
_OPENING = frozenset(o.district for o in OPENS.values() if o.district >= 0)


def _choices_of(kind: str) -> Callable[[CitadelsModel], Sequence[int]]:
    """The ``choices`` of decision ``kind``, which lists its own legal ids."""
    choices = TABLE.by_kind[kind].choices
    if choices is None:
        raise ValueError(f"decision {kind!r} has no choices of its own")
    return choices


#: per `PendingKind`, the choices of its answers
_PENDING_CHOICES = [tuple(_choices_of(name) for name in PENDING_DECISIONS[kind]) for kind in PendingKind]
(_GOLD_ID,), (_DRAW_ID,), (_END_ID,), (_INCOME_ID,), (_THANK_ID,) = map(
    _one, ("gold", "draw", "end", "income", "thank"))


def _turn(st: CitadelsModel) -> list[int]:
    """The acting seat's sorted choices when nothing is pending: the frame of the turn (gold
    or cards first; then building and ending it; the income at any time), then the powers."""
    flags = st.flags
    if flags & _ONLY:  # the action alone, which ends the turn
        return [] if flags & _ACTED else [_GOLD_ID, _DRAW_ID]
    if flags & _ACTED:
        out = _buildable(st)  # unsorted
        out.append(_END_ID)
        has_income, powers, used, in_city = _FREE_AFTER[st.character]
    else:
        out = [_GOLD_ID, _DRAW_ID]
        has_income, powers, used, in_city = _FREE_BEFORE[st.character]
    if has_income and not flags & _INCOME:
        out.append(_INCOME_ID)
    if flags & _POWER:
        powers = used
    for choices in powers:
        out += choices(st)
    built = st.built[st.actor]
    if not _OPENING.isdisjoint(built):
        for dist, choices in in_city:
            if dist in built:
                out += choices(st)
        out.sort()
    elif powers or flags & _ACTED:
        out.sort()
    return out


def legal(st: CitadelsModel, seat: int | None = None) -> list[int]:
    """The sorted legal ids of the seat to move (``seat``: the contract's argument, which is
    always that seat): the draft's, the top pending decision's, or the turn's (`_turn`)."""
    if st.phase == _DRAFT:
        return _ids(DRAFT_DECISIONS[st.plan[st.step][1]], st.pool)
    pending = st.pending
    if pending:
        out: list[int] = []
        for choices in _PENDING_CHOICES[pending[-1].kind]:
            out += choices(st)
        out.sort()
    else:
        out = _turn(st)
    if st.flags & _THANK:
        out.append(_THANK_ID)
        out.sort()
    return out


def apply(st: CitadelsModel, seat: int, action: int) -> None:
    """Apply a legal decision (a turn with the Ball Room's thanks due: thanks first, any
    other decision forfeits the turn)."""
    if st.flags & _THANK:
        st.flags &= ~_THANK
        if action != _THANK_ID:
            st._event(seat, "forfeit", st.crown)
            finish_turn(st, forfeit=True)
            return
    State._apply(st, seat, action)  # the decision's effect, from the table
