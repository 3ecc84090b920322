"""The model layer: what a game of Citadels holds, with named phases, flags and decisions.

District cards and characters are plain ints (indices into `cards`); the deck's top is its
last element and "the bottom of the deck" is index 0. Nothing here applies a rule: the
layers above read the fields (`queries`), move the round along (`flow`) and apply decisions
(`decisions`).

The named values (`Phase`, `DraftStep`, `PendingKind`, `CallStatus`) are enums of ints: a
state's JSON form holds their values, and views and events show their keys (``Phase.DRAFT.key``
is ``"draft"``). `TurnFlag` is the exception, plain ints (see there). The rules read the members
they test in every decision through module-level names (``_DRAFT = Phase.DRAFT``): reading a
member from its class is a class lookup, and without those names random playouts took 11%
more instructions (callgrind, 200 games of 4 players, Python 3.11).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple, Self, TypeVar

from mezquita.engine import Cache, Game, Shared, State


class Keyed(IntEnum):
    """An enum of the model: its value is what a state's JSON form holds, its ``key`` (the
    member's name in lower case) what views and events show."""

    key: str

    def __init__(self, *args: object) -> None:
        self.key = self.name.lower()


class Phase(Keyed):
    """Where a round is: drafting characters, playing their turns, or the game is over."""

    DRAFT = 0
    TURNS = 1
    OVER = 2


class DraftStep(Keyed):
    """What one draft step does with the chosen card."""

    PICK = 0  # keep it
    DISCARD = 1  # put it face down (2-player draft)


class TurnFlag:
    """The bits of ``flags``: what has happened in the current character's turn; a state's
    ``flags`` is their sum. Plain ints, not an `IntFlag`: every `IntFlag` operation builds a
    member, the rules test and set these bits several times per decision, and as an `IntFlag`
    random playouts took 2.4 times the instructions (callgrind, 200 games of 4 players, Python
    3.11)."""

    ACTED = 1  # took gold or drew cards
    INCOME = 2  # collected district income
    POWER = 4  # used the character's power
    LAB = 8  # used the Laboratory
    SMITHY = 16  # used the Smithy
    MUSEUM = 32  # used the Museum
    ONLY = 64  # may only take the action (bewitched, or murdered but in the Hospital)
    RESUMED = 128  # the Witch plays the bewitched character's turn
    THANK = 256  # must first thank the Ball Room's owner


class PendingKind(Keyed):
    """A forced decision that must be answered before the turn goes on."""

    KEEP_DRAWN = 0  # keep cards among those drawn
    NAVIGATOR = 1  # 4 gold or 4 cards
    BEWITCH = 2  # the Witch names her target after her action
    MAGICIAN = 3  # discard cards to redraw as many
    WIZARD_TAKE = 4  # take a card from the hand looked at
    WIZARD_USE = 5  # keep or build the card taken
    CROWN = 6  # the Emperor gives the Crown
    PAY = 7  # the Crown's new holder pays the Emperor
    EXCHANGE = 8  # the Diplomat names what he takes
    GRAVEYARD = 9  # the Graveyard's owner may buy the destroyed district
    BELL_TOWER = 10  # announce the end at 7 districts
    LIGHTHOUSE = 11  # take a card from the deck


class Pending(NamedTuple):
    """One forced decision on the ``pending`` stack.

    ``district``: the Wizard's taken card (WIZARD_USE), the Diplomat's offer (EXCHANGE), the
    destroyed district (GRAVEYARD). ``other``: the seat looked at (WIZARD_TAKE), the seat paid
    (PAY). ``count``: cards discarded so far (MAGICIAN); for CROWN, 1 if the new holder must
    pay (a living Emperor), 0 at the end of a round (a murdered one). Unused values are -1/0.
    """

    kind: PendingKind
    seat: int
    district: int = -1
    other: int = -1
    # A field named like the method ``tuple.count``, which it shadows; nothing calls that
    # method on a Pending.
    count: int = 0  # type: ignore[assignment]


class CallStatus(Keyed):
    """How a called character's turn went, in ``calls`` entries ``[character, seat, status]``."""

    PLAYED = 0
    ABSENT = 1  # nobody holds it
    MURDERED = 2  # skipped (its holder stays unknown)
    BEWITCHED = 3  # takes only its action; the Witch plays the rest
    HOSPITAL = 4  # murdered, but the Hospital lets it take its action
    WITCH = 5  # the Witch plays the bewitched character's turn


S = TypeVar("S", bound="CitadelsModel")


class CitadelsSetup(Game[S]):
    """The configured game as the rules layers read it (``state.game``); `CitadelsGame` sets
    these in ``_configure`` from the options."""

    #: the character deck of every round, in rank order
    characters: tuple[int, ...]
    #: per lowest rank 0..9: the characters in play from that rank up (who can be named)
    nameable: tuple[tuple[int, ...], ...]
    #: rank (1..9) -> character in play, or -1
    by_rank: tuple[int, ...]
    #: the district deck (one entry per physical card)
    deck: tuple[int, ...]
    #: districts that complete a city under the options: 8, or 7 in the short game (the Bell
    #: Tower can lower it in play: `queries.threshold`)
    threshold: int
    #: characters removed face up at the start of a round
    face_up_count: int


class CitadelsModel(State):
    """The fields of a game of Citadels and their cheap copy (rules live in the layers above).

    Attributes:
        deck: district deck, top last. hands, cities, museum: per seat, district ids.
        beauty: per seat, district ids beautified by the Artist (a multiset).
        haunted: per seat, the round its Haunted City was built (-1: none).
        gold: per seat. crown: seat with the Crown. round: 1, 2...
        phase: a `Phase`.
        plan, step, pool, draft_log: the draft (steps ``[seat, DraftStep]``, current step,
            cards offered now, and ``[seat, DraftStep, pool seen, character]`` per step done).
        face_up, face_down, random_face_down, swap_rule: characters removed this round
            (``random_face_down``: the one dealt face down at random as the round starts;
            ``swap_rule``: the last drafter is offered it).
        held: per seat, characters held this round. holder: per character, seat or -1.
        rank: rank being called (10: end of round). calls: ``[character, seat, CallStatus]``.
        murdered, robbed, bewitched: named targets (-1: none), public once named.
        witch: seat of the Witch who bewitched.
        tax_seat, bishop_seat: seats of the revealed Tax Collector and Bishop/Abbot.
        rank1_built: the rank-1 player built (Tax Collector's late claim).
        actor, character, flags, builds, spent: the current turn: its seat and character,
            what happened in it (the sum of its `TurnFlag` bits), builds left, gold spent on building.
        built_this_turn, beautified_this_turn: districts built, and beautified by the
            Artist, in the current turn.
        drawn, to_keep: cards drawn as the action and how many are still to keep.
        pending: stack of `Pending` decisions, top last.
        bell_announced: the Bell Tower's end at 7 districts is in force.
        end_triggered: a city was completed (the game ends with the round).
        first_complete: first seat to complete its city (-1).
        built: per seat, the set of districts its city holds, derived from ``cities`` and
            kept in step with it by `flow.add_district` and `flow.remove_district`; not part
            of the JSON form. The rules look for one district in a city several times per
            decision: a set answers in a fraction of a list scan.
    """

    game: CitadelsSetup[Any]
    deck: list[int]
    hands: list[list[int]]
    cities: list[list[int]]
    beauty: list[list[int]]
    haunted: list[int]
    museum: list[list[int]]
    gold: list[int]
    crown: int
    round: int
    phase: Phase
    plan: Shared[list[list[int]]]  # never changed once a round starts
    step: int
    pool: list[int]
    draft_log: list[Shared[list[Any]]]  # entries are never changed
    face_up: list[int]
    face_down: list[int]
    random_face_down: int
    swap_rule: bool
    held: list[list[int]]
    holder: list[int]
    rank: int
    calls: list[Shared[list[int]]]  # entries are never changed
    murdered: int
    robbed: int
    bewitched: int
    witch: int
    tax_seat: int
    bishop_seat: int
    rank1_built: bool
    actor: int
    character: int
    flags: int
    builds: int
    spent: int
    built_this_turn: int
    beautified_this_turn: int
    drawn: list[int]
    to_keep: int
    pending: list[Pending]
    bell_announced: bool
    end_triggered: bool
    first_complete: int
    built: Cache[list[set[int]]]
    # Slots: reading a field is then the quickest kind of attribute access (too many fields
    # for the shared instance dict, which would fall back to a plain dict per state).
    __slots__ = tuple(__annotations__)

    @classmethod
    def from_json(cls, game: Any, data: dict) -> Self:
        """Inverse of ``to_json``: the `Pending` records with their kinds again (the engine
        restores the phase, a declared enum; ``built`` is rebuilt as a cache)."""
        state = super().from_json(game, data)
        state.pending = [Pending(PendingKind(kind), *rest) for kind, *rest in state.pending]
        return state

    def _reset_caches(self) -> None:
        self.built = [set(c) for c in self.cities]
