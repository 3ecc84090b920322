"""`CitadelsState`: the complete truth of a game, its setup, cheap copy and dispatch.

District cards and characters are plain ints (indices into `cards`); the deck's top is
its last element and "the bottom of the deck" is index 0.
"""

from __future__ import annotations

import random
from typing import Any

from mezquita.engine import State

from . import draft, turn
from .actions import ACTIONS
from .cards import NUM_CHARS
from .powers import apply_turn
from .scoring import final_returns, scores


class CitadelsState(State):
    """A game of Citadels.

    Attributes:
        deck: district deck, top last. hands, cities, museum: per seat, district ids.
        beauty: per seat, district ids beautified by the Artist (a multiset).
        haunted: per seat, the round its Haunted City was built (-1: none).
        gold: per seat. crown: seat with the Crown. round: 1, 2...
        phase: 0 draft, 1 character turns, 2 game over.
        plan, step, pool, dlog: the draft (steps ``[seat, kind]``, current step, cards offered
            now, and ``[seat, kind, pool seen, card]`` per step done).
        face_up, face_down, fd_random, swap_rule: removed characters this round.
        chars: per seat, characters kept this round. holder: per character, seat or -1.
        rank: rank being called (10: end of round). calls: ``[char, seat, status]`` log.
        murdered, robbed, bewitched: secret targets (-1 none); witch: seat of the Witch.
        tax_seat, bishop_seat: seats of the revealed Tax Collector and Bishop/Abbot.
        rank1_built: the rank-1 player built (Tax Collector's late claim).
        actor, char, flags, builds, spent, built_n, art_n: the current turn.
        drawn, keep_n: cards drawn as the action and how many to keep.
        pending: stack of forced decisions ``[kind, seat, a, b]``.
        bell: the Bell Tower end at 7 is in force. end_trig: a city was completed.
        first: first seat to complete its city (-1).
    """

    fields = (
        "deck", "hands", "cities", "beauty", "haunted", "museum", "gold", "crown", "round",
        "phase", "plan", "step", "pool", "dlog", "face_up", "face_down", "fd_random",
        "swap_rule", "chars", "holder", "rank", "calls", "murdered", "robbed", "bewitched",
        "witch", "tax_seat", "bishop_seat", "rank1_built", "actor", "char", "flags", "builds",
        "spent", "built_n", "art_n", "drawn", "keep_n", "pending", "bell", "end_trig", "first",
    )

    # -- setup --------------------------------------------------------------------------------
    def _setup(self) -> None:
        g = self.game
        n = g.num_players
        self.deck = list(g.deck)
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(4)] for _ in range(n)]
        self.cities = [[] for _ in range(n)]
        self.beauty = [[] for _ in range(n)]
        self.museum = [[] for _ in range(n)]
        self.haunted = [-1] * n
        self.gold = [2] * n
        crown = g.options["crown"]
        self.crown = crown if crown >= 0 else self.rng.below(n)
        self.round = 1
        self.holder = [-1] * NUM_CHARS
        self.rank = 0
        self.calls = []
        self.murdered = self.robbed = self.bewitched = self.witch = -1
        self.tax_seat = self.bishop_seat = -1
        self.rank1_built = False
        self.actor = self.char = -1
        self.flags = self.builds = self.spent = self.built_n = self.art_n = self.keep_n = 0
        self.drawn = []
        self.pending = []
        self.bell = self.end_trig = False
        self.first = -1
        draft.start_round(self)

    def draw(self, seat: int, count: int) -> None:
        """``seat`` draws up to ``count`` cards (fewer if the deck runs out)."""
        deck, hand = self.deck, self.hands[seat]
        for _ in range(min(count, len(deck))):
            hand.append(deck.pop())

    # -- the contract hooks -------------------------------------------------------------------
    def _to_move(self) -> tuple[int, ...]:
        if self.phase == 1:
            return (self.pending[-1][1],) if self.pending else (self.actor,)
        if self.phase == 0:
            return (self.plan[self.step][0],)
        return ()

    def _legal_actions(self, seat: int) -> list[int]:
        if self.phase == 0:
            return draft.legal_draft(self)
        return turn.legal_turn(self)

    def _apply(self, seat: int, action: int) -> None:
        if self.phase == 0:
            kind, _, char = ACTIONS[action]
            draft.apply_draft(self, seat, char, draft.PICK if kind == "pick" else draft.DISCARD)
        else:
            apply_turn(self, action)

    def _scores(self) -> list[float]:
        return [float(s) for s in scores(self)]

    def _returns(self) -> list[float]:
        return final_returns(self)

    def _view(self, seat: int | None, full: bool = False) -> dict:
        from .view import view

        return view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> State:
        from .view import resample

        return resample(self, seat, rng)

    def _copy_into(self, new: Any) -> None:
        new.deck = self.deck.copy()
        new.hands = [h.copy() for h in self.hands]
        new.cities = [c.copy() for c in self.cities]
        new.beauty = [b.copy() for b in self.beauty]
        new.museum = [m.copy() for m in self.museum]
        new.haunted = self.haunted.copy()
        new.gold = self.gold.copy()
        new.crown = self.crown
        new.round = self.round
        new.phase = self.phase
        new.plan = self.plan  # never mutated after a round starts
        new.step = self.step
        new.pool = self.pool.copy()
        new.dlog = self.dlog.copy()  # entries are never mutated
        new.face_up = self.face_up.copy()
        new.face_down = self.face_down.copy()
        new.fd_random = self.fd_random
        new.swap_rule = self.swap_rule
        new.chars = [c.copy() for c in self.chars]
        new.holder = self.holder.copy()
        new.rank = self.rank
        new.calls = self.calls.copy()  # entries are never mutated
        new.murdered, new.robbed, new.bewitched = self.murdered, self.robbed, self.bewitched
        new.witch, new.tax_seat, new.bishop_seat = self.witch, self.tax_seat, self.bishop_seat
        new.rank1_built = self.rank1_built
        new.actor, new.char, new.flags = self.actor, self.char, self.flags
        new.builds, new.spent, new.built_n = self.builds, self.spent, self.built_n
        new.art_n, new.keep_n = self.art_n, self.keep_n
        new.drawn = self.drawn.copy()
        new.pending = [p.copy() for p in self.pending]
        new.bell, new.end_trig, new.first = self.bell, self.end_trig, self.first
