"""Step 3 of a round: calling the characters, and the flow of one character's turn.

A turn is a small state machine kept in the state: ``flags`` (action taken, income taken,
power used...), ``builds`` left, and a ``pending`` stack of forced sub-decisions (keep a
drawn card, name a target, answer the Graveyard...). `legal_turn` lists the choices of the
top pending decision, or else the free choices of the acting seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import NUM_DISTRICTS, A
from .cards import (
    ABBOT,
    ALCHEMIST,
    ARCHITECT,
    ARMORY,
    ARTIST,
    ASSASSIN,
    BALL_ROOM,
    BISHOP,
    CHAR_INCOME,
    CHAR_RANK,
    DIPLOMAT,
    DIST_COLOUR,
    EMPEROR,
    HOSPITAL,
    KEEP,
    KING,
    LABORATORY,
    MAGICIAN,
    MERCHANT,
    MUSEUM,
    NAVIGATOR,
    PARK,
    POOR_HOUSE,
    QUEEN,
    SCHOOL_OF_MAGIC,
    SMITHY,
    TAX_COLLECTOR,
    THIEF,
    WARLORD,
    WITCH,
    WIZARD,
)
from .districts import (
    build_cost,
    can_build,
    destroy_cost,
    district_value,
    exchange_cost,
    is_complete,
    set_crown,
)

if TYPE_CHECKING:
    from .state import CitadelsState

# turn flags
F_ACTED, F_INCOME, F_POWER, F_LAB, F_SMITHY, F_MUSEUM = 1, 2, 4, 8, 16, 32
F_ONLY, F_RESUMED, F_THANK = 64, 128, 256
# pending decision kinds: entries are [kind, seat, a, b]
(P_KEEP, P_NAV, P_BEWITCH, P_MAGIC, P_WIZ_TAKE, P_WIZ_USE, P_CROWN, P_PAY, P_EXCHANGE,
 P_GRAVE, P_BELL, P_LIGHT) = range(12)
PENDING_NAMES = ("keep_drawn", "navigator", "bewitch", "magician", "wizard_take", "wizard_use",
                 "crown", "pay", "exchange", "graveyard", "bell_tower", "lighthouse")
# call statuses in ``calls`` entries [character, seat or -1, status]
PLAYED, ABSENT, MURDERED, BEWITCHED, HOSPITALISED, RESUMED = range(6)
CALL_NAMES = ("played", "absent", "murdered", "bewitched", "hospital", "witch")


# -- calling characters ------------------------------------------------------------------
def begin_calls(st: CitadelsState) -> None:
    """After the draft: reset the round's targets and call rank 1."""
    st.phase = 1
    st.rank = 0
    st.calls = []
    st.murdered = st.robbed = st.bewitched = st.witch = -1
    st.tax_seat = st.bishop_seat = -1
    st.rank1_built = False
    call_next(st)


def call_next(st: CitadelsState) -> None:
    """Call the next rank; skip absent and murdered characters; end the round after 9."""
    by_rank = st.game.by_rank
    while st.rank < 9:
        st.rank += 1
        char = by_rank[st.rank]
        if char < 0:
            continue
        seat = st.holder[char]
        if seat < 0:
            st.calls.append([char, -1, ABSENT])
            continue
        # the Ball Room's owner holds the Crown as the character is called
        thank = F_THANK if st.crown != seat and BALL_ROOM in st.cities[st.crown] else 0
        if char == st.murdered:
            if HOSPITAL in st.cities[seat]:
                st.calls.append([char, seat, HOSPITALISED])
                start_turn(st, seat, char, F_ONLY | thank)
                return
            st.calls.append([char, -1, MURDERED])
            continue
        status, flags = (BEWITCHED, F_ONLY) if char == st.bewitched else (PLAYED, 0)
        st.calls.append([char, seat, status])
        reveal(st, seat, char)
        start_turn(st, seat, char, flags | thank)
        return
    end_round(st)


def reveal(st: CitadelsState, seat: int, char: int) -> None:
    """As a living character is revealed: the Thief robs it, the King takes the Crown."""
    thief = st.holder[THIEF]
    if char == st.robbed and thief >= 0 and char != st.bewitched:
        st.gold[thief] += st.gold[seat]
        st.gold[seat] = 0
    if char == KING:
        set_crown(st, seat)


def start_turn(st: CitadelsState, seat: int, char: int, flags: int) -> None:
    """Open the turn of ``char`` played by ``seat`` (flags: action-only, resumed, thanks due)."""
    st.actor, st.char = seat, char
    st.builds = 3 if char == ARCHITECT else 0 if char == NAVIGATOR else 1
    st.spent = st.built_n = st.art_n = 0
    st.drawn = []
    st.keep_n = 0
    st.pending = []
    st.flags = flags
    if flags & F_ONLY:
        return
    _start_powers(st, seat, char)
    if flags & F_RESUMED:
        st.flags |= F_ACTED
        after_action(st)


def _start_powers(st: CitadelsState, seat: int, char: int) -> None:
    if char in (BISHOP, ABBOT):
        st.bishop_seat = seat
    if char == EMPEROR:
        st.pending.append([P_CROWN, seat, 0, 0])
    elif char == QUEEN:
        n = st.game.num_players
        holder = st.holder[st.game.by_rank[4]]
        if holder != seat and holder in ((seat + 1) % n, (seat - 1) % n):
            st.gold[seat] += 3
    elif char == TAX_COLLECTOR:
        st.tax_seat = seat
        killer = st.holder[ASSASSIN]
        if st.rank1_built and killer >= 0 and killer != seat and st.gold[killer] > 0:
            st.gold[killer] -= 1
            st.gold[seat] += 1
    elif char == ABBOT:
        richest = max(st.gold)
        rich = [s for s, g in enumerate(st.gold) if g == richest]
        if richest > 0 and len(rich) == 1 and rich[0] != seat:
            st.gold[rich[0]] -= 1
            st.gold[seat] += 1


def after_action(st: CitadelsState) -> None:
    """Powers that follow the gold-or-cards action; an action-only turn ends here."""
    if st.flags & F_ONLY:
        finish_turn(st)
        return
    char, seat = st.char, st.actor
    if char == MERCHANT:
        st.gold[seat] += 1
    elif char == ARCHITECT:
        st.draw(seat, 2)
    elif char == NAVIGATOR:
        st.pending.append([P_NAV, seat, 0, 0])
    elif char == WITCH:
        st.pending.append([P_BEWITCH, seat, 0, 0])


def take_income(st: CitadelsState) -> None:
    """1 gold per district of the character's colour (School of Magic counts as it)."""
    colour = CHAR_INCOME[st.char]
    st.flags |= F_INCOME
    if colour < 0:
        return
    city = st.cities[st.actor]
    st.gold[st.actor] += sum(1 for d in city if DIST_COLOUR[d] == colour or d == SCHOOL_OF_MAGIC)


def finish_turn(st: CitadelsState, forfeit: bool = False) -> None:
    """End-of-turn effects, then the Witch's resumed turn or the next call."""
    seat = st.actor
    if not forfeit:
        if not st.flags & (F_ONLY | F_INCOME):
            take_income(st)
        if st.char == ALCHEMIST and not st.flags & F_ONLY:
            st.gold[seat] += st.spent
        if st.built_n:
            if st.rank == 1:
                st.rank1_built = True
            tax = st.tax_seat
            if tax >= 0 and tax != seat and st.gold[seat] > 0:
                st.gold[seat] -= 1
                st.gold[tax] += 1
        city = st.cities[seat]
        if POOR_HOUSE in city and st.gold[seat] == 0:
            st.gold[seat] += 1
        if PARK in city and not st.hands[seat]:
            st.draw(seat, 2)
    st.pending = []
    st.flags = 0
    if st.calls[-1][2] == BEWITCHED and st.witch >= 0:
        char = st.char
        st.calls.append([char, st.witch, RESUMED])
        start_turn(st, st.witch, char, F_RESUMED)
        return
    call_next(st)


def end_round(st: CitadelsState) -> None:
    """Step 4: a murdered King still takes the Crown, a murdered Emperor still gives it."""
    st.rank = 10
    st.actor = -1
    if st.murdered == KING and st.holder[KING] >= 0:
        set_crown(st, st.holder[KING])
    if st.murdered == EMPEROR and st.holder[EMPEROR] >= 0:
        st.pending = [[P_CROWN, st.holder[EMPEROR], 1, 0]]
        return
    close_round(st)


def close_round(st: CitadelsState) -> None:
    """Finish the game if a city was completed this round, else draft the next round."""
    st.pending = []
    if st.end_trig:
        st.phase = 2
        return
    st.round += 1
    from .draft import start_round

    start_round(st)


# -- legal choices ---------------------------------------------------------------------------
def legal_turn(st: CitadelsState) -> list[int]:
    """The acting seat's choices (or the top pending decision's), sorted."""
    out = _pending_choices(st) if st.pending else _free_choices(st)
    if st.flags & F_THANK:
        out.append(A["thank"])
    out.sort()
    return out


def targets(st: CitadelsState, lowest_rank: int) -> list[int]:
    """Characters that can be named: in this game, not face up, from ``lowest_rank`` up."""
    return [c for c in st.game.characters
            if CHAR_RANK[c] >= lowest_rank and c not in st.face_up]


def _pending_choices(st: CitadelsState) -> list[int]:
    kind, seat, a, _ = st.pending[-1]
    if kind == P_KEEP:
        return [A["keep"] + d for d in set(st.drawn)]
    if kind == P_NAV:
        return [A["nav_gold"], A["nav_cards"]]
    if kind == P_BEWITCH:
        return [A["bewitch"] + c for c in targets(st, 2)]
    if kind == P_MAGIC:
        return [A["discard"] + d for d in set(st.hands[seat])] + [A["done"]]
    if kind == P_WIZ_TAKE:
        return [A["take"] + d for d in set(st.hands[a])]
    if kind == P_WIZ_USE:
        out = [A["wiz_keep"]]
        if build_cost(st, seat, a) <= st.gold[seat] and can_build(st, seat, a, True):
            out.append(A["wiz_build"])
        return out
    if kind == P_CROWN:
        others = [s for s in range(st.game.num_players) if s != seat]
        choice = [s for s in others if s != st.crown] or others
        return [A["crown"] + s for s in choice]
    if kind == P_PAY:
        out = [A["pay_card"] + d for d in set(st.hands[seat])]
        if st.gold[seat]:
            out.append(A["pay_gold"])
        return out
    if kind == P_EXCHANGE:
        return _exchanges(st, a)
    if kind == P_GRAVE:
        return [A["grave_yes"], A["grave_no"]]
    if kind == P_BELL:
        return [A["bell_yes"], A["bell_no"]]
    return [A["lighthouse"] + d for d in set(st.deck)]  # P_LIGHT


def _free_choices(st: CitadelsState) -> list[int]:
    seat, char, flags = st.actor, st.char, st.flags
    acted = flags & F_ACTED
    if flags & F_ONLY:
        return [A["gold"], A["draw"]]
    gold, hand, city = st.gold[seat], st.hands[seat], st.cities[seat]
    out = [A["end"]] if acted else [A["gold"], A["draw"]]
    if acted and st.builds > 0:
        wiz = char == WIZARD
        out += [A["build"] + d for d in set(hand)
                if build_cost(st, seat, d) <= gold and can_build(st, seat, d, wiz)]
    if not flags & F_INCOME and CHAR_INCOME[char] >= 0:
        out.append(A["income"])
    if not flags & F_POWER:
        out += _power_choices(st, seat, char, acted)
    if char == ARTIST and st.art_n < 2 and gold > 0:
        out += [A["beautify"] + d for d in set(city) if st.beauty[seat].count(d) < city.count(d)]
    if LABORATORY in city and hand and not flags & F_LAB:
        out += [A["lab"] + d for d in set(hand)]
    if SMITHY in city and gold >= 2 and not flags & F_SMITHY:
        out.append(A["smithy"])
    if MUSEUM in city and hand and not flags & F_MUSEUM:
        out += [A["museum"] + d for d in set(hand)]
    if ARMORY in city:
        base = A["armory"]
        out += [base + s * NUM_DISTRICTS + d for s in range(st.game.num_players) if s != seat
                for d in set(st.cities[s])]
    return out


def _power_choices(st: CitadelsState, seat: int, char: int, acted: int) -> list[int]:
    n = st.game.num_players
    if char == ASSASSIN:
        return [A["kill"] + c for c in targets(st, 2)]
    if char == THIEF:
        return [A["rob"] + c for c in targets(st, 3)]
    if char == MAGICIAN:
        out = [A["swap"] + s for s in range(n) if s != seat]
        return out + [A["discard"] + d for d in set(st.hands[seat])]
    if char == WIZARD:
        return [A["look"] + s for s in range(n) if s != seat and st.hands[s]]
    if char == WARLORD and acted:
        return _destroys(st, seat)
    if char == DIPLOMAT and acted:
        return [A["give"] + d for d in set(st.cities[seat]) if _exchanges(st, d)]
    return []


def _destroys(st: CitadelsState, seat: int) -> list[int]:
    out, gold, base = [], st.gold[seat], A["destroy"]
    for s in range(st.game.num_players):
        if s == st.bishop_seat or is_complete(st, s):
            continue
        out += [base + s * NUM_DISTRICTS + d for d in set(st.cities[s])
                if d != KEEP and destroy_cost(st, s, d) <= gold]
    return out


def _exchanges(st: CitadelsState, give: int) -> list[int]:
    """Districts the Diplomat may take for his ``give`` without creating duplicates."""
    seat = st.actor
    mine = st.cities[seat]
    value = district_value(st, seat, give)
    gold, base, out = st.gold[seat], A["exchange"], []
    for s in range(st.game.num_players):
        if s == seat or s == st.bishop_seat or is_complete(st, s):
            continue
        theirs = st.cities[s]
        if give in theirs:
            continue
        for d in set(theirs):
            if d != KEEP and d not in mine and exchange_cost(st, s, d) - value <= gold:
                out.append(base + s * NUM_DISTRICTS + d)
    return out
