"""Europa ("Paris ist ja klar, aber wo liegt Córdoba?", Günter Burkhardt, Kosmos 2016):
guess where places lie on a map of Europe, all players at once.

Rules as implemented: docs/games/europa.md; each numbered rule there is tested in
tests/games/europa/test_rules.py under the same number.

Action layout (``ActionSpace`` blocks, in id order)::

    take     slot 1..6                 take the display card in that slot (rule 1)
    swap     slot 1..6                 take it, then swap it for the stack's top card (rule 2)
    ew       side W, E                 tip stone 1: West or East of 10°E (rule 3)
    area     area N, M, S              tip stone 2: North, Middle or South
    sector   sector 1..18              tip stone 3: a sector of the tipped half-area
    section  section A, B, C, D        tip stone 4: a section of the tipped sector
    done                               stop tipping with 1-3 stones (4 stones end by themselves)

The choice of cards is sequential (one seat at a time, from the back of the track); the tip
phase is simultaneous: ``to_move()`` lists every seat still tipping, and each places its
stones one decision at a time. Other seats' stone values stay hidden until the evaluation;
how many stones a seat has placed, and whether it is done, is public.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from enum import StrEnum
from itertools import product
from typing import ClassVar

from mezquita.engine import (
    EVERYONE,
    Decision,
    Decisions,
    Event,
    Game,
    GameInfo,
    Hint,
    IllegalAction,
    Option,
    Param,
    Shared,
    State,
    pick,
    register,
)
from mezquita.engine.actions import Block

from .board import AREAS, EW, SECTIONS, load_board
from .cards import COLOURS, KEEP_NEED, best_place, card, deck, tip_right
from .words import TEXTS, value_name

BOARD = load_board()
MAX_PLAYERS = 6
SWAPS = 2  # swap cards per player (rule 2)
STONES = 4  # tip stones per player (rule 3)
MAX_SECTOR = max(BOARD.sector_count(a) for a in AREAS)
#: Track variants: the first dark-blue field (rule 7); the last field lies 8 further on.
FINISHES = (32, 20, 12)
TRACK_TAIL = BOARD.last_field - BOARD.dark_blue_from  # fields from the first dark-blue to the last
_ORDINAL = ("first", "second", "third", "fourth")  # stones, in refusal messages
_STONE_NAMES = ("East/West", "North/Middle/South", "sector", "section")
#: ``_to_move()`` of the tip phase per tuple of ``tipping`` flags: looked up, as every tip
#: decision asks and a generator over the flags cost four times as much
SEATS_TIPPING = {flags: tuple(s for s, tipping in enumerate(flags) if tipping)
                 for n in range(2, MAX_PLAYERS + 1) for flags in product((False, True), repeat=n)}


class Phase(StrEnum):
    """What the game waits for."""

    CHOOSE = "choose"  # one seat at a time takes (or swaps) a display card
    TIP = "tip"  # every seat still tipping places stones
    OVER = "over"


#: the phases as module names, which the rules read: a member's value read through its enum
#: class costs about ten times a global in Python 3.11 (random playouts: 16% more instructions)
CHOOSE, TIP, OVER = Phase


def _slot_text(value, lang: str) -> str:
    return str(value + 1)


INFO = GameInfo(
    id="europa",
    name="Europa",
    min_players=2,
    max_players=MAX_PLAYERS,
    hidden_information=True,  # the stack's order and contents; other seats' tips until evaluation
    chance=True,  # the stack is shuffled from the state's generator; swaps draw from it
    simultaneous=True,  # the tip phase: every seat tips at once
    version=1,
    reconstruction=(
        "Reconstructed: the map grid (10°E, 45°N and 55°N; 6 sector columns, rows of 5°, "
        "2x2 sections), the 224 location cards and their solution points, the track (fields "
        "0-40, dark blue from 32) and the start fields are Mezquita's own, built from public "
        "geographic data; the printed board and card list are not public."
    ),
    summary="Günter Burkhardt, Kosmos 2016: tip where European places lie, all at once; "
            "the more exact the tip, the further you move.",
    options=(
        Option("players", 3, tuple(range(2, MAX_PLAYERS + 1)), "number of players, 2-6"),
        Option("stack", BOARD.stack, (BOARD.stack, 56, BOARD.cards),
               "cards in the stack: 112 (about half, standard), 56 (short) or 224 (all)"),
        Option("finish", BOARD.dark_blue_from, FINISHES,
               "first dark-blue field: 32 (standard), 20 or 12 (short games)"),
    ),
)


class EuropaGame(Game["EuropaState"]):
    """Europa with options ``players`` (2-6), ``stack`` and ``finish``."""

    info = INFO
    heuristic = "mezquita.games.europa.heuristic:EuropaHeuristic"
    golden: ClassVar[tuple[tuple[dict, int], ...]] = (({"players": 3, "finish": 12, "stack": 56}, 6),)
    #: difficulty levels (agents/levels.py), all seven: the geography bots' location error (σ,
    #: scaled by each place's fame) shrinks from 450 to 40 km; each beats the one below about
    #: two games in three (docs/games/europa.md, docs/levels.md)
    levels: ClassVar[dict[str, str]] = {
        "beginner": "europa-homebody", "novice": "europa-daytripper", "easy": "europa-tourist",
        "medium": "europa-traveller", "hard": "europa-geographer", "expert": "europa-cartographer",
        "master": "europa-navigator",
    }
    # The short stack keeps random playouts (which rarely score) brief in the conformance suite.
    bench_settings = ({"players": 2, "stack": 56}, {"players": 4, "stack": 56},
                      {"players": 6, "stack": 56, "finish": 12})

    def _configure(self) -> None:
        self.decisions = DECISIONS  # declared after the state, whose methods are its effects
        self.finish: int = self.options["finish"]
        self.last_field: int = self.finish + TRACK_TAIL
        self.stack_size: int = self.options["stack"]

    @property
    def max_game_length(self) -> int:
        # Each round lays out one card per player from the stack, so there are at most
        # stack // players rounds; a round takes one card decision per player and at most
        # four tip decisions per player (three stones + done, or four stones).
        n = self.num_players
        return (self.stack_size // n) * (n + STONES * n)


class EuropaState(State):
    """A Europa game.

    Attributes:
        phase: what the game waits for (`Phase`).
        round: the current round, 1-based.
        positions: per seat, its field on the track.
        stack: card ids face down; the top card is the last element.
        display: per slot, the card id on display this round, or None once taken.
        order: this round's choice order (rule 1), seats from the back of the track.
        picked: how many seats of ``order`` have chosen.
        cards: per seat, the card it tips this round, or None.
        swaps: per seat, swap cards left (rule 2).
        tips: per seat, its stones this round in the fixed order (e.g. ``["W", "S", 8]``).
        tipping: per seat, whether it is still tipping.
        kept: per seat, the card ids kept for the final scoring (rule 5).
        results: the last evaluation, one dict per seat in evaluation order.
        final: the final scoring (rule 8) once the game is over, else None.
    """

    game: EuropaGame

    phase: Phase
    round: int
    positions: list[int]
    stack: list[str]
    display: list[str | None]
    order: list[int]
    picked: int
    cards: list[str | None]
    swaps: list[int]
    tips: list[list]
    tipping: list[bool]
    kept: list[list[str]]
    results: Shared[list[dict]]  # replaced, never changed in place
    final: Shared[dict | None]  # set once at the end

    # -- setup and rounds --------------------------------------------------------------
    def _setup(self) -> None:
        n = self.game.num_players
        ids = list(deck())
        self.rng.shuffle(ids)
        self.stack = ids[: self.game.stack_size]
        self.positions = list(BOARD.start_fields(n))  # seat 0, the oldest, furthest forward
        self.swaps = [SWAPS] * n
        self.kept = [[] for _ in range(n)]
        self.results = []
        self.final = None
        self.round = 0
        self._start_round()

    def _start_round(self) -> None:
        """Rule 1: lay out one card per player; the seat furthest behind chooses first."""
        n = self.game.num_players
        self.round += 1
        self.display = [self.stack.pop() for _ in range(n)]
        self.order = self.back_to_front()
        self.picked = 0
        self.cards = [None] * n
        self.tips = [[] for _ in range(n)]
        self.tipping = [False] * n
        self.phase = CHOOSE
        self._event(None, "round", self.round, list(self.display), list(self.order))

    def back_to_front(self) -> list[int]:
        """Seats from the back of the track to the front. Pieces on one field (only the last
        field holds several) count the higher seat (the younger player) as further behind,
        as at the start."""
        return sorted(range(self.game.num_players), key=lambda s: (self.positions[s], -s))

    def _to_move(self) -> tuple[int, ...]:
        if self.phase == CHOOSE:
            return (self.order[self.picked],)
        if self.phase == TIP:
            return SEATS_TIPPING[tuple(self.tipping)]
        return ()

    # -- legal actions -------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[int]:
        if self.phase == CHOOSE:
            slots = [i for i, c in enumerate(self.display) if c is not None]
            if self.swaps[seat] and self.stack:
                return TAKE.ids(slots) + SWAP.ids(slots)
            return TAKE.ids(slots)
        return self._tip_choices(seat)

    def _tip_choices(self, seat: int) -> list[int]:
        """Rule 3: the next stone in the fixed order, or done after the compulsory first."""
        tips = self.tips[seat]
        if len(tips) == 2:
            return SECTOR_CHOICES[tips[0], tips[1]]
        return TIP_CHOICES[len(tips)]

    def _check_legal(self, seat: int, action_id: int) -> None:
        """Name what is wrong with a refused tip before the engine's general message."""
        if self.phase == TIP and action_id not in self.legal_actions(seat):
            block = DECISIONS.space.kind(action_id)
            tips = self.tips[seat]
            if block in TIP_BLOCKS:
                wanted = TIP_BLOCKS.index(block)
                what = _STONE_NAMES[wanted]
                if wanted > len(tips):
                    raise IllegalAction(f"seat {seat} must place its {_ORDINAL[len(tips)]} stone "
                                        f"before tipping the {what} (order: East/West, "
                                        "North/Middle/South, sector, section)")
                if wanted < len(tips):
                    raise IllegalAction(f"seat {seat} has already tipped the {what}")
                if block is TIP_SECTOR:
                    shown = ", ".join(map(str, BOARD.sectors(tips[0], tips[1])))
                    raise IllegalAction(f"sector {TIP_SECTOR.values(action_id)[0]} is not in "
                                        f"{tips[0]}-{tips[1]}; its sectors are {shown}")
            if block is DONE:
                raise IllegalAction(f"seat {seat} must tip East or West before it is done")
            if block in (TAKE, SWAP):
                raise IllegalAction("the cards were chosen; now every seat tips")
        elif self.phase == CHOOSE and action_id not in self.legal_actions(seat):
            block = DECISIONS.space.kind(action_id)
            if block is SWAP and not self.swaps[seat]:
                raise IllegalAction(f"seat {seat} has no swap card left")
            if block is SWAP and not self.stack:
                raise IllegalAction("the stack is empty: no card to swap for")
            if block in (TAKE, SWAP):
                raise IllegalAction(f"slot {block.indices(action_id)[0] + 1} holds no card")
            raise IllegalAction(f"seat {seat} must choose a card first; tips come after all "
                                "cards are chosen")
        super()._check_legal(seat, action_id)

    # -- moves -----------------------------------------------------------------------
    # one effect per decision kind (`DECISIONS`)
    def _choose(self, seat: int, slot: int, swap: bool) -> None:
        """Rules 1 and 2: take a display card, or take it and swap it for the top card."""
        chosen = self.display[slot]
        self.display[slot] = None
        if swap:
            self.swaps[seat] -= 1
            drawn = self.stack.pop()
            self.cards[seat] = drawn
            self._event(seat, "swap", chosen, drawn, self.swaps[seat])
        else:
            self.cards[seat] = chosen
            self._event(seat, "take", chosen)
        self.picked += 1
        if self.picked == len(self.order):
            self.phase = TIP
            self.tipping = [True] * self.game.num_players

    def _stone(self, seat: int, value: str | int) -> None:
        """Rule 3: one stone in the fixed order; the fourth ends the seat's tip."""
        self.tips[seat].append(value)
        self._event(seat, "stone", self.round, len(self.tips[seat]), value)
        if len(self.tips[seat]) == STONES:
            self._finish_tip(seat)

    def _finish_tip(self, seat: int) -> None:
        self.tipping[seat] = False
        self._event(seat, "done", self.round, len(self.tips[seat]))
        if not any(self.tipping):
            self._evaluate()

    def _evaluate(self) -> None:
        """Rules 4-7: evaluate from the back; end after the round if a piece is on dark blue."""
        self.results = []
        for seat in self.back_to_front():
            chosen = self.cards[seat]
            assert chosen is not None  # every seat took a card before the tips (rule 1)
            c = card(chosen)
            tips = self.tips[seat]
            right = tip_right(c.places, tips)
            place, stones = best_place(c.places, tips)
            start = self.positions[seat]
            if right:
                self.positions[seat] = self.advance(seat, len(tips))
            kept = right and len(tips) >= KEEP_NEED[c.colour]
            if kept:
                self.kept[seat].append(c.id)
            result = {"seat": seat, "card": c.id, "tips": list(tips), "right": right,
                      "stones": stones, "place": list(place), "from": start,
                      "to": self.positions[seat], "kept": kept}
            self.results.append(result)
            self._event(seat, "evaluate", c.id, result["tips"], right, stones, result["place"],
                        start, result["to"], kept)
        self.cards = [None] * self.game.num_players
        if any(p >= self.game.finish for p in self.positions):
            self._event(None, "end", "dark_blue")
            self._final_scoring()
        elif len(self.stack) < self.game.num_players:
            self._event(None, "end", "stack")
            self._final_scoring()
        else:
            self._start_round()

    def advance(self, seat: int, steps: int) -> int:
        """Rule 4: the field ``steps`` fields ahead of ``seat``'s piece, skipping fields that
        other pieces occupy; the last field holds any number of pieces and ends the track."""
        last = self.game.last_field
        occupied = {p for s, p in enumerate(self.positions) if s != seat}
        field = self.positions[seat]
        for _ in range(steps):
            field += 1
            while field < last and field in occupied:
                field += 1
            if field >= last:
                return last
        return field

    def _final_scoring(self) -> None:
        """Rule 8: majorities per colour, then complete sets, each part from the back."""
        n = self.game.num_players
        counts = {c: [sum(card(k).colour == c for k in self.kept[s]) for s in range(n)]
                  for c in COLOURS}
        majority = {c: majority_points(counts[c]) for c in COLOURS}
        track = list(self.positions)
        for seat in self.back_to_front():
            points = sum(majority[c][seat] for c in COLOURS)
            if points:
                start = self.positions[seat]
                self.positions[seat] = self.advance(seat, points)
                self._event(seat, "majority", points, start, self.positions[seat])
        sets = [min(counts[c][s] for c in COLOURS) for s in range(n)]
        for seat in self.back_to_front():
            if sets[seat]:
                start = self.positions[seat]
                self.positions[seat] = self.advance(seat, 3 * sets[seat])
                self._event(seat, "sets", sets[seat], start, self.positions[seat])
        self.final = {"track": track, "counts": counts, "majority": majority, "sets": sets,
                      "positions": list(self.positions)}
        self.phase = OVER

    # -- scores ----------------------------------------------------------------------------
    def _scores(self) -> list[float]:
        return [float(p) for p in self.positions]

    def _breakdown(self, lang: str, names: list[str | None] | None) -> dict:
        words = TEXTS["breakdown"]
        scores = self._scores()
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        if self.final is None:
            return {"rows": [{"label": pick(words["track"], lang), "values": list(self.positions)}],
                    "totals": scores, "winners": winners, "reason": pick(words["reason_running"], lang)}
        f = self.final
        rows = [{"label": pick(words["track"], lang), "values": list(f["track"])}]
        rows += [{"label": pick(words[c], lang), "values": list(f["majority"][c])} for c in COLOURS]
        sets = [3 * s for s in f["sets"]]
        rows.append({"label": pick(words["sets"], lang), "values": sets})
        rest = [int(scores[s] - f["track"][s] - sets[s] - sum(f["majority"][c][s] for c in COLOURS))
                for s in range(self.game.num_players)]
        rows.append({"label": pick(words["skips"], lang), "values": rest})
        return {"rows": rows, "totals": scores, "winners": winners, "reason": pick(words["reason"], lang)}

    # -- information -----------------------------------------------------------------------
    def _hidden_tips(self, seat: int | None, other: int) -> bool:
        return self.phase == TIP and seat != other

    def _view(self, seat: int | None, full: bool) -> dict:
        n = self.game.num_players
        tips = [None if not full and self._hidden_tips(seat, s) else list(self.tips[s]) for s in range(n)]
        shown = {c for c in self.display if c} | {c for c in self.cards if c}
        shown |= {k for hand in self.kept for k in hand} | {r["card"] for r in self.results}
        return {
            "phase": str(self.phase),
            "round": self.round,
            "finish": self.game.finish,
            "last_field": self.game.last_field,
            "positions": list(self.positions),
            "stack": len(self.stack),
            "stack_cards": list(self.stack) if full else None,
            "display": list(self.display),
            "order": list(self.order),
            "chooser": self.order[self.picked] if self.phase == CHOOSE else None,
            "cards": list(self.cards),
            "swaps": list(self.swaps),
            "tips": tips,
            "stones": [len(t) for t in self.tips],
            "tipping": list(self.tipping),
            "kept": [list(k) for k in self.kept],
            "results": [dict(r) for r in self.results],
            "final": _copy(self.final),
            "card_info": {k: {"colour": card(k).colour, "kind": card(k).kind,
                              "names": dict(card(k).names)} for k in sorted(shown)},
        }

    def _resample(self, seat: int, rng: random.Random) -> EuropaState:
        """Redeal what ``seat`` cannot know: the stack (from every card not seen yet) and,
        while tipping, the values of the other seats' stones (their counts stay)."""
        new = self.clone()
        seen = set(self.display) | set(self.cards) | {k for hand in self.kept for k in hand}
        seen |= {e[k] for e in self.events for k in ("card", "drawn") if k in e}
        seen |= {c for e in self.events if e["do"] == "round" for c in e["cards"]}
        unseen = [k for k in deck() if k not in seen]
        rng.shuffle(unseen)
        new.stack = unseen[: len(self.stack)]
        if self.phase == TIP:
            for other in range(self.game.num_players):
                if other != seat and self.tips[other]:
                    new.tips[other] = _random_tip(len(self.tips[other]), rng)
            stones: dict[int, int] = {}
            events = []
            for e in self.events:
                if e["do"] == "stone" and e["round"] == self.round and e["seat"] != seat:
                    count = stones[e["seat"]] = stones.get(e["seat"], 0) + 1
                    e = {**e, "value": new.tips[e["seat"]][count - 1]}
                events.append(e)
            new.events = events
        return new



def majority_points(counts: list[int]) -> list[int]:
    """Rule 8a for one colour: most cards 3, second most 2; several sharing first get 2 each
    and nobody is second; one first and several sharing second get 1 each. A seat without a
    card of the colour gets nothing."""
    points = [0] * len(counts)
    top = max(counts)
    if top == 0:
        return points
    firsts = [s for s, c in enumerate(counts) if c == top]
    if len(firsts) > 1:
        for s in firsts:
            points[s] = 2
        return points
    points[firsts[0]] = 3
    second = max((c for c in counts if c < top), default=0)
    if second == 0:
        return points
    seconds = [s for s, c in enumerate(counts) if c == second]
    for s in seconds:
        points[s] = 2 if len(seconds) == 1 else 1
    return points


def _random_tip(stones: int, rng: random.Random) -> list:
    """A random valid tip of ``stones`` stones (for resampling hidden tips)."""
    ew, area = rng.choice(EW), rng.choice(AREAS)
    tip = [ew, area, rng.choice(BOARD.sectors(ew, area)), rng.choice(SECTIONS)]
    return tip[:stones]


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _sees_stone(event: dict, st: EuropaState) -> Collection[int | None]:
    """A stone's value is known to its seat only, while that round's tips go on."""
    if event["round"] == st.round and st.phase == TIP:
        return (event["seat"],)
    return EVERYONE


def _values(block: Block, action: int) -> tuple:
    return block.values(action)


def _stone_decision(kind: str, param: Param) -> Decision:
    return Decision(kind, (param,), EuropaState._stone, TEXTS["actions"][kind], arguments=_values,
                    hint=Hint("map", param.name), undoable=True)


#: the decisions (the tip stones' events are the game's ``stone``, whose value is hidden from
#: the others while they tip) and the game's own events. A stone can be taken back while its
#: seat still tips (it reveals nothing and draws nothing); the card choice (a swap draws) and
#: "done" cannot. A page finds each action by its `Hint`: a take or a swap is a control on a
#: display card, a stone the part of the map its value names, done a button of its own
DECISIONS = Decisions([
    Decision("take", (Param("slot", range(MAX_PLAYERS), _slot_text),), EuropaState._choose,
             TEXTS["actions"]["take"], Event(("card",)),
             hint=Hint("display", "slot", control="take"),
             arguments=lambda block, action: (*block.indices(action), False)),
    Decision("swap", (Param("slot", range(MAX_PLAYERS), _slot_text),), EuropaState._choose,
             TEXTS["actions"]["swap"], Event(("card", "drawn", "swaps")),
             hint=Hint("display", "slot", control="swap"),
             arguments=lambda block, action: (*block.indices(action), True)),
    _stone_decision("ew", Param("side", EW, value_name)),
    _stone_decision("area", Param("area", AREAS, value_name)),
    _stone_decision("sector", Param("sector", range(1, MAX_SECTOR + 1))),
    _stone_decision("section", Param("section", SECTIONS)),
    Decision("done", (), EuropaState._finish_tip, TEXTS["actions"]["done"], Event(("round", "stones")),
             hint=Hint("done")),
], events={
    "round": Event(("round", "cards", "order")),
    "stone": Event(("round", "number", "value"), secret=("value",), seen_by=_sees_stone),
    "evaluate": Event(("card", "tips", "right", "stones", "place", "from", "to", "kept"),
                      banner={"kept": True}),
    "end": Event(("reason",)), "majority": Event(("points", "start", "to")),
    "sets": Event(("sets", "start", "to")),
})
TAKE, SWAP, TIP_EW, TIP_AREA, TIP_SECTOR, TIP_SECTION, DONE = DECISIONS.space.blocks
TIP_BLOCKS = (TIP_EW, TIP_AREA, TIP_SECTOR, TIP_SECTION)  # stone k is placed with block k
#: Rule 3's legal ids after 0, 1 and 3 stones, and per East/West and area tipped those of
#: the sector stone: made once, as every tip decision lists them, and shared by every state
#: (callers never change a legal list)
TIP_CHOICES = {0: TIP_EW.ids(range(len(EW))), 1: [*TIP_AREA.ids(range(len(AREAS))), DONE.id()],
               3: [*TIP_SECTION.ids(range(len(SECTIONS))), DONE.id()]}
SECTOR_CHOICES = {(ew, area): [*TIP_SECTOR.ids(s - 1 for s in BOARD.sectors(ew, area)), DONE.id()]
                  for ew in EW for area in AREAS}


register(EuropaGame, EuropaState)
