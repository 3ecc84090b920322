"""A Citadels heuristic bot that reads only its seat's view.

Every legal action gets a score from simple, readable rules of thumb and the bot plays the
best one: draft the character that pays most for this city (income colours, Merchant and
Architect early, Assassin and Thief against rich or leading players), take gold when a good
card in hand can soon be built, otherwise draw; keep and build the most valuable district it
can afford; name targets that hurt the leader; always thank the Ball Room's owner.

The same rules also run directly on a (determinised) state, without building a view:
`heuristic_action` is the search bots' model of how a player moves (the game's
``rollout_policy``), in playouts and for the opponents inside the tree. It reads the seat's
own hand and characters from the state it is given, which for a search bot is a world drawn
by the sampler, never the true state.
"""

from __future__ import annotations

import random
from typing import Any

from mezquita.agents import Agent, Turn
from mezquita.engine.actions import Block

from .cards import CHAR_KEYS, DIST_COLOUR, DIST_COST, DIST_INDEX, DIST_POINTS, PURPLE
from .decisions import SPACE, TABLE
from .model import CitadelsModel
from .queries import district_points
from .values import character_values

# which characters to name as a target, most harmful first
_VICTIMS = ("architect", "merchant", "alchemist", "king", "navigator", "warlord", "emperor",
            "tax_collector", "diplomat", "bishop", "abbot", "magician", "wizard", "queen",
            "artist", "thief")


class CitadelsHeuristic(Agent):
    """Rule-of-thumb scoring of every legal action (see the module docstring)."""

    name = "heuristic"

    def act(self, turn: Turn) -> int:
        return _best(_ViewContext(turn.view, turn.seat), turn.legal, self.rng)


def heuristic_action(st: CitadelsModel, seat: int, legal: list[int], rng: random.Random) -> int:
    """The heuristic's move for ``seat`` in the state ``st`` (a search bot's world), read
    from the state's fields instead of a view: the same rules, at a fraction of the cost."""
    if len(legal) == 1:
        return legal[0]
    return _best(_ModelContext(st, seat), legal, rng)


def _best(ctx: _Context, legal: list[int], rng: random.Random) -> int:
    best, best_score = legal[0], -1e9
    rules, draw = _RULES, rng.random
    for action in legal:
        rule, seat, item = rules[action]
        score = rule(ctx, seat, item) + draw() * 1e-3
        if score > best_score:
            best, best_score = action, score
    return best


class _lazy:
    """A fact worked out on first use and then kept as an instance attribute (what
    `functools.cached_property` does, without the lock it takes on every first use in
    Python 3.11)."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.name = make.__name__

    def __get__(self, obj: Any, cls: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.make(obj)
        return value


class _Context:
    """What the rules read: the seat's gold, city, hand and characters, and per seat the
    city size, district points, gold and hand size, and the Crown. The per-seat facts are
    worked out on first use (most decisions need none of them), from a view or a state by
    the two subclasses."""

    me: int
    city: list[int]
    hand: list[int]
    gold: int
    crown: int
    #: the seat's characters (keys), and per seat: city size, district points, gold, hand size
    mine: set[str]
    sizes: list[int]
    points: list[int]
    golds: list[int]
    hand_sizes: list[int]

    # -- helpers ---------------------------------------------------------------------------
    @_lazy
    def leader(self) -> int:
        """The other seat ahead on district points (then city size)."""
        points, sizes, me = self.points, self.sizes, self.me
        others = [s for s in range(len(sizes)) if s != me]
        return max(others, key=lambda s: (points[s], sizes[s])) if others else me

    @_lazy
    def colours(self) -> set[int]:
        return {DIST_COLOUR[c] for c in self.city}

    def card_value(self, d: int, gold: int) -> float:
        """How much a district card in hand is worth to this city."""
        if d in self.city:
            return 0.2
        value = DIST_POINTS[d] + (1.0 if DIST_COLOUR[d] == PURPLE else 0.0)
        if DIST_COLOUR[d] not in self.colours:
            value += 0.6
        if DIST_COST[d] > gold + 6:
            value -= 2.0
        return value

    @_lazy
    def buildable(self) -> list[int]:
        """The cards in hand not yet in the city."""
        city = self.city
        return [d for d in self.hand if d not in city]

    def victim(self, key: str) -> float:
        if key in self.mine:
            return -5.0
        return len(_VICTIMS) - _VICTIMS.index(key) if key in _VICTIMS else 0.0

    @_lazy
    def char_values(self) -> list[float]:
        """Per character index, what it is worth to this seat (`character_values`)."""
        return character_values(self.me, self.city, len(self.hand), bool(self.buildable),
                                self.gold, self.crown, self.sizes, max(self.golds))

    # -- scoring: an action's score is its kind's rule ``_<kind>(seat, item)`` (seat and item
    # -1 if unused; see `_SCORES`), read by `_best` ------------------------------------------
    def _thank(self, _s: int, _i: int) -> float:
        return 100.0

    def _pick(self, _s: int, c: int) -> float:
        return self.char_values[c]

    def _discard_char(self, _s: int, c: int) -> float:
        return -self.char_values[c]  # the other seat would want the best ones

    def _gold(self, _s: int, _i: int) -> float:
        wanted = [d for d in self.buildable if DIST_COST[d] >= 2]
        return 2.0 if wanted else 0.5

    def _draw(self, _s: int, _i: int) -> float:
        return 1.0 if not self.buildable or self.gold >= 6 else 0.8

    def _keep(self, _s: int, d: int) -> float:
        return self.card_value(d, self.gold)

    _lighthouse = _keep

    def _build(self, _s: int, d: int) -> float:
        return 10.0 + self.card_value(d, self.gold)

    def _income(self, _s: int, _i: int) -> float:
        return 20.0

    def _end(self, _s: int, _i: int) -> float:
        return 0.0

    def _kill(self, _s: int, c: int) -> float:
        return 5.0 + self.victim(CHAR_KEYS[c])

    _bewitch = _kill

    def _rob(self, _s: int, c: int) -> float:
        return 5.0 + self.victim(CHAR_KEYS[c])

    def _swap(self, seat: int, _i: int) -> float:
        theirs = self.hand_sizes[seat]
        return 4.0 + theirs - len(self.hand) * 1.5 - 2.0

    def _discard(self, _s: int, d: int) -> float:
        return 3.0 if d in self.city else -1.0

    def _done(self, _s: int, _i: int) -> float:
        return 0.0

    def _look(self, seat: int, _i: int) -> float:
        return 2.0 + self.hand_sizes[seat]

    def _take(self, _s: int, d: int) -> float:
        return self.card_value(d, self.gold)

    def _wiz_build(self, _s: int, _i: int) -> float:
        return 1.0

    def _wiz_keep(self, _s: int, _i: int) -> float:
        return 0.0

    def _crown(self, seat: int, _i: int) -> float:
        return -self.sizes[seat] + self.golds[seat] * 0.1

    def _pay_gold(self, _s: int, _i: int) -> float:
        return 1.0 if self.gold >= 2 else -1.0

    def _pay_card(self, _s: int, d: int) -> float:
        return -self.card_value(d, self.gold) * 0.5

    def _nav_gold(self, _s: int, _i: int) -> float:
        return 1.0 if self.buildable else 0.0

    def _nav_cards(self, _s: int, _i: int) -> float:
        return 0.5

    def _beautify(self, _s: int, _d: int) -> float:
        return 1.0 if self.gold >= 4 else -1.0

    def _destroy(self, seat: int, d: int) -> float:
        if seat == self.me:
            return -10.0
        threat = self.sizes[seat] - 4
        return threat + DIST_POINTS[d] * 0.3 - DIST_COST[d] * 0.5 + (1.0 if seat == self.leader else 0)

    def _give(self, _s: int, d: int) -> float:
        return 2.0 - DIST_COST[d] * 0.5

    def _exchange(self, seat: int, d: int) -> float:
        return DIST_POINTS[d] - (1.0 if seat != self.leader else 0.0)

    def _lab(self, _s: int, d: int) -> float:
        return 2.0 if d in self.city or self.hand.count(d) > 1 else -1.0

    def _smithy(self, _s: int, _i: int) -> float:
        return 1.0 if not self.buildable and self.gold >= 4 else -1.0

    def _museum(self, _s: int, d: int) -> float:
        return 2.0 if d in self.city or len(self.hand) > 3 else -1.0

    def _armory(self, seat: int, d: int) -> float:
        return 0.5 * DIST_POINTS[d] + self.sizes[seat] - 7.0

    def _grave_yes(self, _s: int, _i: int) -> float:
        return 1.0 if self.gold >= 3 else -1.0

    def _grave_no(self, _s: int, _i: int) -> float:
        return 0.0

    def _bell_yes(self, _s: int, _i: int) -> float:
        return 1.0 if self.sizes[self.me] >= max(self.sizes) else -1.0

    def _bell_no(self, _s: int, _i: int) -> float:
        return 0.0


class _ViewContext(_Context):
    """The rules' facts read from a seat's view."""

    def __init__(self, v: dict, me: int) -> None:
        seats = v["seats"]
        self._seats = seats
        self.me, self.crown = me, v["crown"]
        self.city = [DIST_INDEX[k] for k in seats[me]["city"]]
        self.hand = [DIST_INDEX[k] for k in v["hand"] or []]
        self.gold = seats[me]["gold"]
        self.mine = set(v["my_characters"])

    @_lazy
    def sizes(self) -> list[int]:
        return [len(s["city"]) for s in self._seats]

    @_lazy
    def points(self) -> list[int]:
        return [s["score"]["districts"] for s in self._seats]

    @_lazy
    def golds(self) -> list[int]:
        return [s["gold"] for s in self._seats]

    @_lazy
    def hand_sizes(self) -> list[int]:
        return [s["hand_size"] for s in self._seats]


class _ModelContext(_Context):
    """The same facts read from a (determinised) state's fields: no view to build."""

    def __init__(self, st: CitadelsModel, me: int) -> None:
        self._st = st
        self.me, self.crown = me, st.crown
        self.city, self.hand = st.cities[me], st.hands[me]
        self.golds = st.gold
        self.gold = st.gold[me]

    @_lazy
    def mine(self) -> set[str]:
        return {CHAR_KEYS[c] for c in self._st.held[self.me]}

    @_lazy
    def sizes(self) -> list[int]:
        return [len(c) for c in self._st.cities]

    @_lazy
    def points(self) -> list[int]:
        st = self._st
        return [district_points(st, s) for s in range(len(st.cities))]

    @_lazy
    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self._st.hands]


#: per decision kind, its scoring rule ``rule(context, seat, item)``: one for every kind of
#: the decision table (`TABLE.per_action` refuses a table that misses one)
_SCORES = {
    "pick": _Context._pick, "discard_char": _Context._discard_char, "gold": _Context._gold,
    "draw": _Context._draw, "keep": _Context._keep, "build": _Context._build, "end": _Context._end,
    "income": _Context._income, "thank": _Context._thank, "kill": _Context._kill, "rob": _Context._rob,
    "bewitch": _Context._bewitch, "swap": _Context._swap, "discard": _Context._discard,
    "done": _Context._done, "look": _Context._look, "take": _Context._take, "wiz_keep": _Context._wiz_keep,
    "wiz_build": _Context._wiz_build, "crown": _Context._crown, "pay_gold": _Context._pay_gold,
    "pay_card": _Context._pay_card, "nav_gold": _Context._nav_gold, "nav_cards": _Context._nav_cards,
    "beautify": _Context._beautify, "destroy": _Context._destroy, "give": _Context._give,
    "exchange": _Context._exchange, "lab": _Context._lab, "smithy": _Context._smithy,
    "museum": _Context._museum, "armory": _Context._armory, "grave_yes": _Context._grave_yes,
    "grave_no": _Context._grave_no, "bell_yes": _Context._bell_yes, "bell_no": _Context._bell_no,
    "lighthouse": _Context._lighthouse,
}


def _rule(rule: Any, block: Block, indices: tuple[int, ...]) -> tuple:
    """``(rule, seat, item)`` of one action: its kind's rule and arguments (-1 where the block
    has no such parameter)."""
    params = block.params
    seat = indices[0] if params and params[0].name == "seat" else -1
    item = indices[-1] if params and params[-1].name != "seat" else -1
    return rule, seat, item


#: per action id, its rule and arguments
_RULES = [_rule(rule, SPACE.kind(a), indices) for a, (rule, indices) in enumerate(TABLE.per_action(_SCORES))]
