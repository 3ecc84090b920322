"""The round flow: draft, calling the characters, the frame of a turn, and city changes.

A round removes characters, drafts them along a fixed ``plan`` (rule 2.2), then calls
them by rank (rule 2.3). A turn is a small state machine kept in the state: ``flags``
(`TurnFlag`), ``builds`` left, and a ``pending`` stack of forced decisions (`Pending`).
What happens automatically (a robbery on reveal, the Merchant's extra gold, the Tax
Collector's due...) is recorded here as events; the players' decisions are in `decisions`.
"""

from __future__ import annotations

from functools import cache

from .cards import (
    ABBOT,
    ALCHEMIST,
    ARCHITECT,
    ASSASSIN,
    BALL_ROOM,
    BELL_TOWER,
    BISHOP,
    CHAR_INCOME,
    CHAR_KEYS,
    DIST_COLOUR,
    DIST_KEYS,
    EMPEROR,
    HAUNTED_CITY,
    HOSPITAL,
    KING,
    LIGHTHOUSE,
    MERCHANT,
    NAVIGATOR,
    PARK,
    POOR_HOUSE,
    QUEEN,
    SCHOOL_OF_MAGIC,
    TAX_COLLECTOR,
    THIEF,
    THRONE_ROOM,
    WITCH,
)
from .model import CallStatus, CitadelsModel, DraftStep, Pending, PendingKind, Phase, TurnFlag
from .queries import build_cost, scores, threshold

# The functions of a turn run several times per decision of a playout, so they avoid small
# comprehensions and calls where a loop or a test does (each costs a frame in Python 3.11),
# and read the named constants through plain names (measured in `model`).
_ONLY, _INCOME, _RESUMED, _ACTED = TurnFlag.ONLY, TurnFlag.INCOME, TurnFlag.RESUMED, TurnFlag.ACTED
#: per income colour, per district: 1 if it pays (its colour, or the School of Magic)
_PAYS = tuple(tuple(int(DIST_COLOUR[d] == colour or d == SCHOOL_OF_MAGIC) for d in range(len(DIST_KEYS)))
              for colour in range(5))
_PLAYED, _ABSENT, _BEWITCHED = CallStatus.PLAYED, CallStatus.ABSENT, CallStatus.BEWITCHED
#: the characters with something to do as their turn opens (see `_start_powers`)
_START_POWERS = frozenset((BISHOP, ABBOT, EMPEROR, QUEEN, TAX_COLLECTOR))
#: ... and right after their action (see `after_action`)
_AFTER_POWERS = frozenset((MERCHANT, ARCHITECT, NAVIGATOR, WITCH))
#: per character, the districts it may build in a turn
_BUILDS = tuple(3 if c == ARCHITECT else 0 if c == NAVIGATOR else 1 for c in range(len(CHAR_KEYS)))


def keys(dists: list[int]) -> list[str]:
    """District keys of district ids, in the given order."""
    out = []
    for d in dists:
        out.append(DIST_KEYS[d])
    return out


def take_top(deck: list[int], count: int) -> list[int]:
    """The top ``count`` cards of ``deck`` (fewer if it runs out), top first, taken from it."""
    if count > len(deck):
        count = len(deck)
    if not count:
        return []
    got = deck[:-count - 1:-1]
    del deck[-count:]
    return got


# -- the draft ---------------------------------------------------------------------------------
#: per `DraftStep`, the decision that takes the step (and its event)
DRAFT_DECISIONS = ("pick", "discard_char")


@cache
def draft_plan(players: int, crown: int) -> list[list[int]]:
    """The draft steps of a round: 2 players alternate keeping and discarding, 3 players go
    round twice, 4-8 players go round once from the Crown to the left. Shared between
    rounds and states: never changed."""
    a, b, c = crown, (crown + 1) % players, (crown + 2) % players
    pick, discard = DraftStep.PICK, DraftStep.DISCARD
    if players == 2:
        return [[a, pick], [b, pick], [b, discard], [a, pick], [a, discard], [b, pick]]
    if players == 3:
        return [[a, pick], [b, pick], [c, pick]] * 2
    return [[(crown + i) % players, pick] for i in range(players)]


def start_round(st: CitadelsModel) -> None:
    """Shuffle the characters, remove one face down and some face up, start the draft."""
    game = st.game
    cards = list(game.characters)
    st.rng.shuffle(cards)
    st.random_face_down = random_face_down = cards.pop()
    st.face_down = [random_face_down]
    face_up, up_keys = [], []
    rank4 = game.by_rank[4]
    for _ in range(game.face_up_count):
        # the rank-4 character is never removed face up: draw again among the others (the
        # k-th of the cards without it)
        skip = cards.index(rank4) if rank4 in cards else len(cards)
        k = st.rng.below(len(cards) - (skip < len(cards)))
        char = cards.pop(k if k < skip else k + 1)
        face_up.append(char)
        up_keys.append(CHAR_KEYS[char])
    st.face_up = face_up
    st.plan = plan = draft_plan(game.num_players, st.crown)
    # 7-player rule (and 8 players with 9 characters): the last seat sees the face-down card
    st.swap_rule = len(cards) == len(plan)
    cards.sort()
    st.pool = cards
    st.step = 0
    st.draft_log = []
    chars: list[list[int]] = []
    st.held = chars
    for _ in range(game.num_players):
        chars.append([])
    st.holder = [-1] * len(st.holder)
    st.phase = Phase.DRAFT
    st._event(None, "round", st.round, st.crown, up_keys, CHAR_KEYS[random_face_down])
    if st.swap_rule:
        _prepare_step(st)


def _prepare_step(st: CitadelsModel) -> None:
    """Under the swap rule (callers check it), the last step also offers the face-down card."""
    if st.step == len(st.plan) - 1:
        st.pool.append(st.random_face_down)
        st.pool.sort()
        st.face_down.remove(st.random_face_down)


def draft_step(st: CitadelsModel, seat: int, char: int) -> None:
    """Keep or put face down ``char`` (the plan says which: the effect of both decisions of
    `DRAFT_DECISIONS`); after the last step the leftovers go face down and the calls begin."""
    plan, step, pool = st.plan, st.step, st.pool
    kind = plan[step][1]
    st._event(seat, DRAFT_DECISIONS[kind], CHAR_KEYS[char])
    st.draft_log.append([seat, kind, pool.copy(), char])
    pool.remove(char)
    if kind == DraftStep.PICK:
        st.held[seat].append(char)
        st.holder[char] = seat
    else:
        st.face_down.append(char)
    st.step = step = step + 1
    if step < len(plan):
        if st.swap_rule:
            _prepare_step(st)
        return
    st.face_down.extend(st.pool)
    st.pool = []
    begin_calls(st)


# -- calling characters ----------------------------------------------------------------------
def begin_calls(st: CitadelsModel) -> None:
    """After the draft: reset the round's targets and call rank 1."""
    st.phase = Phase.TURNS
    st.rank = 0
    st.calls = []
    st.murdered = st.robbed = st.bewitched = st.witch = -1
    st.tax_seat = st.bishop_seat = -1
    st.rank1_built = False
    call_next(st)


def _call(st: CitadelsModel, char: int, seat: int, status: CallStatus) -> None:
    st.calls.append([char, seat, status])
    st._event(seat if seat >= 0 else None, "call", CHAR_KEYS[char], status.key)


def call_next(st: CitadelsModel) -> None:
    """Call the next rank; skip absent and murdered characters; end the round after 9."""
    by_rank, holder, rank = st.game.by_rank, st.holder, st.rank
    while rank < 9:
        rank += 1
        char = by_rank[rank]
        if char < 0:
            continue
        seat = holder[char]
        if seat < 0:
            _call(st, char, -1, _ABSENT)
            continue
        st.rank = rank
        # the Ball Room's owner holds the Crown as the character is called
        thank = TurnFlag.THANK if st.crown != seat and BALL_ROOM in st.built[st.crown] else 0
        if char == st.murdered:
            if HOSPITAL in st.built[seat]:
                _call(st, char, seat, CallStatus.HOSPITAL)
                start_turn(st, seat, char, _ONLY | thank)
                return
            _call(st, char, -1, CallStatus.MURDERED)
            continue
        bewitched = char == st.bewitched
        _call(st, char, seat, _BEWITCHED if bewitched else _PLAYED)
        if char == st.robbed or char == KING:
            reveal(st, seat, char)
        start_turn(st, seat, char, (_ONLY if bewitched else 0) | thank)
        return
    st.rank = rank
    end_round(st)


def reveal(st: CitadelsModel, seat: int, char: int) -> None:
    """As a living character is revealed: the Thief robs it, the King takes the Crown (the
    caller asks only for these two)."""
    thief = st.holder[THIEF]
    if char == st.robbed and thief >= 0 and char != st.bewitched:
        st._event(thief, "robbery", seat, st.gold[seat])
        st.gold[thief] += st.gold[seat]
        st.gold[seat] = 0
    if char == KING:
        take_crown(st, seat)


def start_turn(st: CitadelsModel, seat: int, char: int, flags: int) -> None:
    """Open the turn of ``char`` played by ``seat`` (flags: action-only, resumed, thanks due)."""
    st.actor, st.character = seat, char
    st.builds = _BUILDS[char]
    st.spent = st.built_this_turn = st.beautified_this_turn = st.to_keep = 0
    st.drawn = []
    st.pending = []
    st.flags = flags
    if flags & _ONLY:
        return
    if char in _START_POWERS:
        _start_powers(st, seat, char)
    if flags & _RESUMED:
        st.flags |= _ACTED
        after_action(st)


def _start_powers(st: CitadelsModel, seat: int, char: int) -> None:
    if char in (BISHOP, ABBOT):
        st.bishop_seat = seat
    if char == EMPEROR:
        st.pending.append(Pending(PendingKind.CROWN, seat, count=1))
    elif char == QUEEN:
        n = st.game.num_players
        holder = st.holder[st.game.by_rank[4]]
        if holder != seat and holder in ((seat + 1) % n, (seat - 1) % n):
            gain(st, seat, 3, char)
    elif char == TAX_COLLECTOR:
        st.tax_seat = seat
        killer = st.holder[ASSASSIN]
        if st.rank1_built and killer >= 0 and killer != seat and st.gold[killer] > 0:
            pay(st, killer, seat, char)
    elif char == ABBOT:
        richest = max(st.gold)
        rich = [s for s, g in enumerate(st.gold) if g == richest]
        if richest > 0 and len(rich) == 1 and rich[0] != seat:
            pay(st, rich[0], seat, char)


def after_action(st: CitadelsModel) -> None:
    """Powers that follow the gold-or-cards action; an action-only turn ends here."""
    if st.flags & _ONLY:
        finish_turn(st)
        return
    char = st.character
    if char not in _AFTER_POWERS:
        return
    seat = st.actor
    if char == MERCHANT:
        gain(st, seat, 1, char)
    elif char == ARCHITECT:
        draw(st, seat, 2, CHAR_KEYS[char])
    elif char == NAVIGATOR:
        st.pending.append(Pending(PendingKind.NAVIGATOR, seat))
    elif char == WITCH:
        st.pending.append(Pending(PendingKind.BEWITCH, seat))


def take_income(st: CitadelsModel, chosen: bool = False) -> None:
    """Collect the acting character's district income (once per turn; the School of Magic
    counts as its colour); recorded when ``chosen`` (the decision) or when it brings gold."""
    st.flags |= _INCOME
    colour = CHAR_INCOME[st.character]
    if colour < 0:
        return
    pays, seat, amount = _PAYS[colour], st.actor, 0
    for d in st.cities[seat]:
        amount += pays[d]
    if amount:
        st.gold[seat] += amount
    if chosen or amount:
        st._event(seat, "income", amount)


def finish_turn(st: CitadelsModel, forfeit: bool = False, announce: bool = False) -> None:
    """End-of-turn effects, then (``announce``: the seat chose to end it) the "end" event, so
    that the log tells what the end brought before the turn ends; then the Witch's resumed
    turn or the next call."""
    seat = st.actor
    if not forfeit:
        if not st.flags & (_ONLY | _INCOME):
            take_income(st)
        if st.character == ALCHEMIST and not st.flags & _ONLY and st.spent:
            gain(st, seat, st.spent, ALCHEMIST)
        if st.built_this_turn:
            if st.rank == 1:
                st.rank1_built = True
            tax = st.tax_seat
            if tax >= 0 and tax != seat and st.gold[seat] > 0:
                pay(st, seat, tax, TAX_COLLECTOR)
        built = st.built[seat]
        if not st.gold[seat] and POOR_HOUSE in built:
            gain(st, seat, 1, POOR_HOUSE, district=True)
        if not st.hands[seat] and PARK in built:
            draw(st, seat, 2, DIST_KEYS[PARK])
    if announce:
        st._event(seat, "end")
    st.flags = 0  # (the next turn, or the end of the round, sets ``pending`` afresh)
    if st.calls[-1][2] == _BEWITCHED and st.witch >= 0:
        char = st.character
        _call(st, char, st.witch, CallStatus.WITCH)
        start_turn(st, st.witch, char, TurnFlag.RESUMED)
        return
    call_next(st)


def end_round(st: CitadelsModel) -> None:
    """Step 4: a murdered King still takes the Crown, a murdered Emperor still gives it."""
    st.rank = 10
    st.actor = -1
    if st.murdered == KING and st.holder[KING] >= 0:
        take_crown(st, st.holder[KING])
    if st.murdered == EMPEROR and st.holder[EMPEROR] >= 0:
        st.pending = [Pending(PendingKind.CROWN, st.holder[EMPEROR])]
        return
    close_round(st)


def close_round(st: CitadelsModel) -> None:
    """Finish the game if a city was completed this round, else draft the next round."""
    st.pending = []
    if st.end_triggered:
        st.phase = Phase.OVER
        st._event(None, "game_over", scores(st))
        return
    st.round += 1
    start_round(st)


# -- gold, cards and the Crown -------------------------------------------------------------------
def gain(st: CitadelsModel, seat: int, gold: int, source: int, district: bool = False) -> None:
    """``seat`` receives ``gold`` from the bank because of character (or district) ``source``."""
    st.gold[seat] += gold
    st._event(seat, "bonus", gold, (DIST_KEYS if district else CHAR_KEYS)[source])


def pay(st: CitadelsModel, payer: int, to: int, source: int) -> None:
    """``payer`` gives 1 gold to ``to`` because of character ``source``."""
    st.gold[payer] -= 1
    st.gold[to] += 1
    st._event(payer, "pay", to, 1, CHAR_KEYS[source])


def draw(st: CitadelsModel, seat: int, count: int, source: str | None = None) -> list[int]:
    """``seat`` draws up to ``count`` cards into hand (fewer if the deck runs out); with a
    ``source`` (a card key) the draw is recorded as an event of its own."""
    got = take_top(st.deck, count)
    st.hands[seat].extend(got)
    if source is not None:
        st._event(seat, "draw_bonus", len(got), keys(got), source)
    return got


def take_crown(st: CitadelsModel, seat: int) -> None:
    """The King (alive or murdered) takes the Crown."""
    if seat != st.crown:
        st._event(seat, "crown_taken")
    set_crown(st, seat)


def set_crown(st: CitadelsModel, seat: int) -> None:
    """Move the Crown; the Throne Room's owner earns 1 gold whenever it changes hands."""
    if seat == st.crown:
        return
    st.crown = seat
    for s, built in enumerate(st.built):
        if THRONE_ROOM in built:
            gain(st, s, 1, THRONE_ROOM, district=True)


# -- cities ---------------------------------------------------------------------------------------
def build(st: CitadelsModel, seat: int, dist: int, counted: bool) -> int:
    """Pay for and build ``dist`` from ``seat``'s hand (``counted``: uses one of the turn's
    builds); the Bell Tower and the Lighthouse ask next. Returns the price paid."""
    cost = build_cost(st, seat, dist)
    st.gold[seat] -= cost
    st.spent += cost
    st.hands[seat].remove(dist)
    st.built_this_turn += 1
    if counted:
        st.builds -= 1
    add_district(st, seat, dist, False, st.round)
    if dist == BELL_TOWER:
        st.pending.append(Pending(PendingKind.BELL_TOWER, seat))
    elif dist == LIGHTHOUSE and st.deck:
        st.pending.append(Pending(PendingKind.LIGHTHOUSE, seat))
    return cost


def remove_district(st: CitadelsModel, seat: int, dist: int) -> bool:
    """Take one copy of ``dist`` out of ``seat``'s city (the plain copy first); return
    whether the removed copy was beautified."""
    city = st.cities[seat]
    city.remove(dist)
    if dist not in city:
        st.built[seat].discard(dist)
    beauty = st.beauty[seat]
    beautified = dist in beauty and beauty.count(dist) > city.count(dist)
    if beautified:
        beauty.remove(dist)
    if dist == BELL_TOWER:
        st.bell_announced = False
    if dist == HAUNTED_CITY and HAUNTED_CITY not in st.built[seat]:
        st.haunted[seat] = -1
    return beautified


def add_district(st: CitadelsModel, seat: int, dist: int, beautified: bool, haunted: int) -> None:
    """Put ``dist`` into ``seat``'s city (after building or an exchange)."""
    st.cities[seat].append(dist)
    st.built[seat].add(dist)
    if beautified:
        st.beauty[seat].append(dist)
    if dist == HAUNTED_CITY:
        st.haunted[seat] = haunted
    check_end(st, seat)


def check_end(st: CitadelsModel, seat: int) -> None:
    """A complete city triggers the end of the game at the end of the round (first: +4)."""
    if len(st.cities[seat]) >= threshold(st):
        st.end_triggered = True
        if st.first_complete < 0:
            st.first_complete = seat
