"""Geography bots for Europa: players who know where places lie, each with its own error.

A bot keeps its own noisy copy of the public location data: every solution point it believes
in is the true point moved by a Gaussian offset of its *error* in km in each direction, fixed
by the bot's seed (the same bot always misplaces Córdoba the same way). It never reads the
state's hidden values: it sees only its `Turn`.

The error for a place is the level's ``σ`` scaled by the place's *fame*, as people know
places: famous ones well, small ones vaguely. Fame runs from 0 to 1: for a capital or city
the log of its population from 10,000 (0) to 10 million (1), plus ``CAPITAL_FAME`` for a
capital; waters and landscapes have ``BLUE_FAME``. The error is ``σ · FAME_SPREAD ** (0.5 -
fame)``: ``σ`` itself for a city of about 300,000 (Córdoba), half of it for Paris or London,
up to twice it for Hammerfest, and 1.5 times it for the Alps or Tuscany.

To judge a card it samples where the place might be (its belief plus a Gaussian of its error,
its own uncertainty: it knows which places it knows badly), locates each sample on the board,
and estimates for every tip prefix (E/W; E/W+area; ...; all four stones) the probability that
it is right. The value of a tip with ``k`` stones is ``P(right) · (k + KEEP_VALUE · [k ≥
stones needed to keep the card])``.

- Choosing: the display card with the best value; a swap when that value is worse than an
  average stack card by ``SWAP_MARGIN`` (and a swap card is left).
- Tipping: the prefix of best value that extends the stones already placed; "done" when
  the placed stones are that prefix.

Levels (agent names; ``heuristic`` is the geographer), spaced so that each beats the one below
in about two games of three (two players; ``docs/levels.md``):

============================  ========
agent                         σ (km)
============================  ========
``europa-homebody``           450
``europa-daytripper``         340
``europa-tourist``            260
``europa-traveller``          185
``europa-geographer``         125
``europa-cartographer``       75
``europa-navigator``          40
============================  ========
"""

from __future__ import annotations

import math
import random
from functools import partial

from mezquita.agents.base import Agent, Turn
from mezquita.agents.registry import UnknownAgent, agent_family
from mezquita.engine import Game, derive_seed

from .board import AREAS, SECTIONS, load_board
from .cards import KEEP_NEED, Card, card, deck
from .rules import DONE, SWAP, TAKE, TIP_BLOCKS

LEVELS = {"homebody": 450.0, "daytripper": 340.0, "tourist": 260.0, "traveller": 185.0,
          "geographer": 125.0, "cartographer": 75.0, "navigator": 40.0}
DEFAULT_LEVEL = "geographer"
#: fame from a town's population: log10 of it mapped from TOWN_LOG_RANGE onto 0-1
TOWN_LOG_RANGE = (4.0, 7.0)  # 10,000 inhabitants -> 0, 10 million -> 1
CAPITAL_FAME = 0.3  # a capital is better known than a city of its size
BLUE_FAME = 0.2  # waters and landscapes: known like a town of about 40,000
FAME_SPREAD = 4.0  # the error for the least known place over that for the best known
KM_PER_DEGREE = 111.2
SAMPLES = 120
KEEP_VALUE = 1.5  # fields a kept card is worth at the end (majorities and sets), roughly
SWAP_MARGIN = 0.5  # swap only for a clearly better expected stack card

_BOARD = load_board()
_COLS = [float(e) for e in _BOARD.column_edges]
_ROWS = {a: [float(e) for e in _BOARD.area_rows[a]] for a in AREAS}  # north to south
_SOUTH, _NORTH = float(_BOARD.south), float(_BOARD.north)
_WEST, _EAST = float(_BOARD.west), float(_BOARD.east)
_SPLIT = float(_BOARD.split_lon)
_NCOLS = len(_COLS) - 1
_WIDTH = (_EAST - _WEST) / _NCOLS  # the columns are of equal width
_STACK_VALUES: dict[float, float] = {}  # per sigma: the value of an average stack card


def fast_place(lat: float, lon: float) -> tuple:
    """The board place of a point as ``(ew, area, sector, section)``, with float edges and
    the point clamped into the board (for sampling; the rules use ``board.locate``)."""
    lat = min(max(lat, _SOUTH), _NORTH)
    lon = min(max(lon, _WEST), _EAST)
    area = "N" if lat >= _ROWS["N"][-1] else "M" if lat >= _ROWS["M"][-1] else "S"
    rows = _ROWS[area]
    row = 0
    while row < len(rows) - 2 and lat < rows[row + 1]:
        row += 1
    col = min(int((lon - _WEST) / _WIDTH), _NCOLS - 1)
    west = _WEST + col * _WIDTH
    quarter = (0 if 2 * lat >= rows[row] + rows[row + 1] else 2) + (2 * (lon - west) >= _WIDTH)
    return ("W" if lon < _SPLIT else "E", area, row * _NCOLS + col + 1, SECTIONS[quarter])


def fame(c: Card) -> float:
    """How well known a place is, from 0 (a village) to 1 (a capital of millions)."""
    if c.population is None:
        return BLUE_FAME
    low, high = TOWN_LOG_RANGE
    known = (math.log10(c.population) - low) / (high - low) + (CAPITAL_FAME if c.kind == "capital" else 0.0)
    return min(max(known, 0.0), 1.0)


def fame_factor(c: Card) -> float:
    """The error for ``c`` over a level's σ: 1 at fame 0.5, ``FAME_SPREAD`` times smaller for
    the best known places than for the least known, geometrically in between."""
    return FAME_SPREAD ** (0.5 - fame(c))


def offset(lat: float, lon: float, north_km: float, east_km: float) -> tuple[float, float]:
    """A point moved by ``north_km`` and ``east_km``."""
    lat2 = lat + north_km / KM_PER_DEGREE
    lon2 = lon + east_km / (KM_PER_DEGREE * max(math.cos(math.radians(lat)), 0.2))
    return lat2, lon2


class EuropaHeuristic(Agent):
    """A geography bot of level ``sigma`` km (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0, sigma: float = LEVELS[DEFAULT_LEVEL]) -> None:
        super().__init__(game, seed)
        self.sigma = float(sigma)
        self.seed = seed
        self._tables: dict[str, dict[tuple, float]] = {}

    # -- knowledge ---------------------------------------------------------------------
    def error(self, c: Card) -> float:
        """This bot's location error for ``c`` in km: its level's σ scaled by the place's fame."""
        return self.sigma * fame_factor(c)

    def belief(self, c: Card) -> list[tuple[float, float]]:
        """Where this bot believes the card's solution points lie (fixed per bot seed)."""
        rng = random.Random(derive_seed(self.seed, "belief", c.id))
        error = self.error(c)
        return [offset(lat, lon, rng.gauss(0, error), rng.gauss(0, error)) for lat, lon in c.points]

    def chances(self, card_id: str) -> dict[tuple, float]:
        """Estimated probability that each tip prefix is right for ``card_id``."""
        table = self._tables.get(card_id)
        if table is None:
            c = card(card_id)
            believed, error = self.belief(c), self.error(c)
            rng = random.Random(derive_seed(self.seed, "samples", card_id))
            counts: dict[tuple, int] = {}
            for _ in range(SAMPLES):
                prefixes: set[tuple] = set()
                for lat, lon in believed:
                    place = fast_place(*offset(lat, lon, rng.gauss(0, error), rng.gauss(0, error)))
                    prefixes.update(place[:k] for k in range(1, 5))
                for p in prefixes:
                    counts[p] = counts.get(p, 0) + 1
            table = self._tables[card_id] = {p: n / SAMPLES for p, n in counts.items()}
        return table

    def value(self, card_id: str, prefix: tuple) -> float:
        """Expected fields (plus the kept card's worth) of tipping ``prefix``."""
        need = KEEP_NEED[card(card_id).colour]
        k = len(prefix)
        return self.chances(card_id).get(prefix, 0.0) * (k + (KEEP_VALUE if k >= need else 0.0))

    def best_tip(self, card_id: str, placed: tuple = ()) -> tuple:
        """The tip of best value that extends the stones already ``placed``."""
        candidates = [p for p in self.chances(card_id) if p[: len(placed)] == placed]
        if placed:
            candidates.append(placed)
        return max(candidates, key=lambda p: (self.value(card_id, p), -len(p), p))

    def card_value(self, card_id: str) -> float:
        """The value of the best tip for a card."""
        return self.value(card_id, self.best_tip(card_id))

    def stack_value(self) -> float:
        """What a swap may bring: the average card value of a bot of this level, over a
        fixed sample of 40 cards (computed once per level, by a bot of seed 0)."""
        if self.sigma not in _STACK_VALUES:
            probe = EuropaHeuristic(self.game, 0, self.sigma)
            ids = sorted(deck())
            sample = random.Random(0).sample(ids, min(40, len(ids)))
            _STACK_VALUES[self.sigma] = sum(probe.card_value(k) for k in sample) / len(sample)
        return _STACK_VALUES[self.sigma]

    # -- decisions ---------------------------------------------------------------------
    def act(self, turn: Turn) -> int:
        view, legal = turn.view, turn.legal
        if view["phase"] == "choose":
            return self._choose(view, legal)
        return self._tip(view, turn.seat, legal)

    def _choose(self, view: dict, legal: list[int]) -> int:
        slots = [TAKE.indices(a)[0] for a in legal if a in TAKE]
        best = max(slots, key=lambda s: (self.card_value(view["display"][s]), -s))
        swap = SWAP.id(best)
        if swap in legal and self.card_value(view["display"][best]) + SWAP_MARGIN < self.stack_value():
            return swap
        return TAKE.id(best)

    def _tip(self, view: dict, seat: int, legal: list[int]) -> int:
        placed = tuple(view["tips"][seat])
        target = self.best_tip(view["cards"][seat], placed)
        if target == placed:
            return DONE.id()
        block = TIP_BLOCKS[len(placed)]
        return block.id_of(target[len(placed)])


def _factory(sigma: float, game: Game, seed: int, level: int | None) -> Agent:
    if game.info.id != "europa":
        raise UnknownAgent(f"the geography bots play Europa only, not {game.info.id!r}")
    return EuropaHeuristic(game, seed, sigma)


for _level, _sigma in LEVELS.items():
    agent_family(f"europa-{_level}")(partial(_factory, _sigma))
