"""Citadels (Bruno Faidutti, 2000), classic edition with the Dark City characters and districts.

Rules as implemented: docs/games/citadels.md; each numbered rule there is tested under its
number in tests/games/citadels/.

Layers, each importing only those before it: `cards` (data) -> `model` (fields, enums,
`Pending`) -> `queries` (read-only) -> `flow` (the round) -> `decisions` (the action space and
the table of decisions) -> `view` (views, masked events, resampling) -> this module.

Action layout (`decisions.TABLE`, one block per decision kind, ids contiguous per block and
the same for every option set): draft ``pick``/``discard_char`` x 18 characters; ``gold``,
``draw``; ``keep``/``build`` x 42 districts; ``end``, ``income``, ``thank``; ``kill``/``rob``/
``bewitch`` x character; ``swap`` x 8 seats; ``discard`` x district; ``done``; ``look`` x seat;
``take`` x district; ``wiz_keep``, ``wiz_build``; ``crown`` x seat; ``pay_gold``; ``pay_card`` x
district; ``nav_gold``, ``nav_cards``; ``beautify`` x district; ``destroy`` x seat x district;
``give`` x district; ``exchange`` x seat x district; ``lab`` x district; ``smithy``; ``museum``
x district; ``armory`` x seat x district; ``grave_yes``, ``grave_no``, ``bell_yes``,
``bell_no``; ``lighthouse`` x district. JSON: ``{"do": "destroy", "seat": 2, "district": "keep"}``.
"""

from __future__ import annotations

import random
from typing import ClassVar, Self

from mezquita.engine import GameInfo, Option, UnknownOption, register

from .belief import draft_belief
from .breakdown import breakdown
from .cards import (
    BASE_CHARS,
    BASE_DISTRICTS,
    CHAR_INDEX,
    CHAR_KEYS,
    CHAR_NAMES,
    CHAR_RANK,
    DARK_DISTRICTS,
    DIST_COPIES,
    DIST_INDEX,
    DIST_KEYS,
    DIST_NAMES,
    NUM_CHARS,
    QUEEN,
)
from .decisions import MAX_SEATS, TABLE, apply, legal
from .flow import start_round, take_top
from .heuristic import heuristic_action
from .hints import hint_reason
from .model import CitadelsModel, CitadelsSetup, Phase
from .queries import cut_scores, ranking_keys, scores
from .view import resample, view

_DRAFT, _TURNS = Phase.DRAFT, Phase.TURNS  # read once per decision: plain names (see `model`)
#: per seat, the one-seat tuple `_to_move` answers (shared: tuples cannot change)
_ONE_SEAT = tuple((s,) for s in range(MAX_SEATS))
#: the lobby's choice per rank 1-8: the base character, then its Dark City alternative(s)
CHARACTER_CHOICES = tuple(
    tuple(CHAR_KEYS[c] for c in sorted(range(NUM_CHARS), key=lambda c: c not in BASE_CHARS)
          if CHAR_RANK[c] == rank) for rank in range(1, 9))
CHARACTER_NAMES = {key: CHAR_NAMES[c] for c, key in enumerate(CHAR_KEYS)}

INFO = GameInfo(
    id="citadels",
    name="Citadels",
    min_players=2,
    max_players=8,
    hidden_information=True,  # hands, drafted characters, face-down cards, deck
    chance=True,  # district draws and the character shuffle each round
    version=2,  # 2: action space in blocks (ids changed); targets public; Thief's limits
    summary="Bruno Faidutti, 2000 (classic, with Dark City): draft secret characters, "
            "build a city of 8 districts, score the most.",
    options=(
        Option("players", 4, tuple(range(2, 9)), "number of players (8 needs a rank-9 character)"),
        Option("crown", -1, None, "seat holding the Crown at the start; -1: a random seat",
               widget="seat"),
        Option("characters", (), None,
               "Dark City characters replacing the base one of the same rank, e.g. "
               "witch,alchemist (any of witch, tax_collector, wizard, emperor, abbot, "
               "alchemist, navigator, diplomat)",
               widget="per_group", groups=CHARACTER_CHOICES, labels=CHARACTER_NAMES),
        Option("rank9", "none", ("none", "queen", "artist"),
               "add a rank-9 character (Queen: 5+ players; any: 4+ players)",
               labels=CHARACTER_NAMES),
        Option("dark_city", (), None,
               "Dark City purple districts added to the deck: empty (none), all, or a list "
               "of keys such as museum,park",
               widget="subset", groups=(tuple(DIST_KEYS[d] for d in DARK_DISTRICTS),),
               labels={DIST_KEYS[d]: DIST_NAMES[d] for d in DARK_DISTRICTS}),
        Option("short", False, (False, True), "short game: ends at 7 districts instead of 8"),
    ),
)


class CitadelsGame(CitadelsSetup["CitadelsState"]):
    """Citadels with the options declared in ``INFO`` (see docs/games/citadels.md)."""

    info = INFO
    decisions = TABLE
    heuristic = "mezquita.games.citadels.heuristic:CitadelsHeuristic"
    golden: ClassVar[tuple[tuple[dict, int], ...]] = (
        ({"players": 2}, 3), ({"players": 5, "dark_city": "all", "rank9": "artist"}, 4))
    #: difficulty levels (agents/levels.py), weakest first: the heuristic with 80, 60, 40, 20 and
    #: 0% random moves (one against three of the level below wins 0.39-0.45 at 4 players), and
    #: Expert, ISMCTS with the draft belief whose cut playouts count gold and cards (`vismcts`;
    #: `omcts`, which models the opponents by the heuristic's rules, beat the heuristic as well
    #: but lost to plain ISMCTS bots); measured in docs/levels.md and docs/levels-history.md
    levels: ClassVar[dict[str, str]] = {
        "beginner": "heuristic-80", "novice": "heuristic-60", "easy": "heuristic-40",
        "medium": "heuristic-20", "hard": "heuristic", "expert": "vismcts-1000",
    }
    #: the heuristic's rules on a (determinised) state: playouts, and `omcts`' opponent model
    rollout_policy = staticmethod(heuristic_action)
    #: `vismcts`' value of a cut playout: the score plus half a point per gold and card (a
    #: quarter above 5 players)
    cut_scores = staticmethod(cut_scores)
    belief = staticmethod(draft_belief)
    hint_reason = staticmethod(hint_reason)
    bench_settings = ({"players": 4}, {"players": 7})

    def _configure(self) -> None:
        n = self.num_players
        chosen = list(BASE_CHARS)
        for key in self.options["characters"]:
            c = CHAR_INDEX.get(key)
            if c is None or c in BASE_CHARS or CHAR_RANK[c] == 9:
                raise UnknownOption(f"option 'characters': {key!r} is not a Dark City "
                                    "character of ranks 1-8")
            if chosen[CHAR_RANK[c] - 1] != BASE_CHARS[CHAR_RANK[c] - 1]:
                raise UnknownOption(f"option 'characters': two characters of rank {CHAR_RANK[c]}")
            chosen[CHAR_RANK[c] - 1] = c
        rank9 = self.options["rank9"]
        if rank9 != "none":
            c = CHAR_INDEX[rank9]
            if n < 4 or (c == QUEEN and n < 5):
                need = 5 if c == QUEEN else 4
                raise UnknownOption(f"the {rank9} needs at least {need} players")
            chosen.append(c)
        elif n == 8:
            raise UnknownOption("8 players need a rank-9 character (option rank9)")
        self.characters = tuple(chosen)
        self.nameable = tuple(
            tuple(c for c in chosen if CHAR_RANK[c] >= r) for r in range(10))
        self.by_rank = tuple(
            [-1] + [next((c for c in chosen if CHAR_RANK[c] == r), -1) for r in range(1, 10)])
        dark = self.options["dark_city"]
        if dark == ("all",):
            extra = DARK_DISTRICTS
        else:
            bad = [k for k in dark if DIST_INDEX.get(k) not in DARK_DISTRICTS]
            if bad:
                raise UnknownOption(f"option 'dark_city': {bad[0]!r} is not a Dark City district")
            extra = tuple(sorted({DIST_INDEX[k] for k in dark}))
        self.deck = tuple(
            d for d in BASE_DISTRICTS + tuple(extra) for _ in range(DIST_COPIES[d]))
        crown = self.options["crown"]
        if not -1 <= crown < n:
            raise UnknownOption(f"option 'crown' must be -1 (random) or a seat 0..{n - 1}")
        self.threshold = 7 if self.options["short"] else 8
        self.face_up_count = _face_up(n, len(chosen))

    @property
    def max_game_length(self) -> int:
        # No rule bounds a game (a round may build nothing, so a game could go on forever);
        # 20,000 is ten times the longest of thousands of random and bot games (about 2,000
        # decisions), the bound the conformance suite and the OpenSpiel adapter rely on.
        return 20_000


class CitadelsState(CitadelsModel):
    """A game of Citadels: the contract's hooks over the layers below (fields in `model`)."""

    game: CitadelsGame

    def _setup(self) -> None:
        g = self.game
        n = g.num_players
        self.deck = list(g.deck)
        self.rng.shuffle(self.deck)
        self.hands = [take_top(self.deck, 4) for _ in range(n)]
        self.cities = [[] for _ in range(n)]
        self.built = [set() for _ in range(n)]
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
        self.actor = self.character = -1
        self.flags = 0
        self.builds = self.spent = self.built_this_turn = self.beautified_this_turn = self.to_keep = 0
        self.drawn = []
        self.pending = []
        self.bell_announced = self.end_triggered = False
        self.first_complete = -1
        start_round(self)

    def _to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == _TURNS:
            pending = self.pending
            return _ONE_SEAT[pending[-1].seat if pending else self.actor]
        if phase == _DRAFT:
            return _ONE_SEAT[self.plan[self.step][0]]
        return ()

    # the hooks run once per decision: the functions themselves, without a call in between
    _legal_actions = legal
    _apply = apply

    def _scores(self) -> list[float]:
        return [float(s) for s in scores(self)]

    def _returns(self) -> list[float]:
        keys = ranking_keys(self)
        best = max(keys)
        winners = [s for s, k in enumerate(keys) if k == best]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(keys))]

    def _view(self, seat: int | None, full: bool) -> dict:
        return view(self, seat, full)

    def _breakdown(self, lang: str, names: list[str | None] | None) -> dict:
        return breakdown(self, lang, names)

    def _resample(self, seat: int, rng: random.Random) -> Self:
        return resample(self, seat, rng)


def _face_up(players: int, characters: int) -> int:
    """Characters removed face up each round (rule: players + 1 remain for 4-6 players)."""
    return 0 if players <= 3 else max(0, characters - 1 - (players + 1))


register(CitadelsGame, CitadelsState)
