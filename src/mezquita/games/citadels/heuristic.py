"""A Citadels heuristic bot that reads only its seat's view.

Every legal action gets a score from simple, readable rules of thumb and the bot plays the
best one: draft the character that pays most for this city (income colours, Merchant and
Architect early, Assassin and Thief against rich or leading players), take gold when a good
card in hand can soon be built, otherwise draw; keep and build the most valuable district it
can afford; name targets that hurt the leader; always thank the Ball Room's owner.
"""

from __future__ import annotations

from mezquita.agents import Agent, Turn

from .cards import CHAR_INDEX, CHAR_KEYS, DIST_COLOUR, DIST_COST, DIST_INDEX, DIST_POINTS, PURPLE
from .decisions import SPACE
from .values import character_values

# which characters to name as a target, most harmful first
_VICTIMS = ("architect", "merchant", "alchemist", "king", "navigator", "warlord", "emperor",
            "tax_collector", "diplomat", "bishop", "abbot", "magician", "wizard", "queen",
            "artist", "thief")


class CitadelsHeuristic(Agent):
    """Rule-of-thumb scoring of every legal action (see the module docstring)."""

    name = "heuristic"

    def act(self, turn: Turn) -> int:
        ctx = _Context(turn)
        best, best_score = turn.legal[0], -1e9
        for action in turn.legal:
            score = ctx.score(action) + self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = action, score
        return best


class _Context:
    def __init__(self, turn: Turn) -> None:
        v = turn.view
        self.view = v
        self.me = turn.seat
        me = v["seats"][self.me]
        self.gold = me["gold"]
        self.city = [DIST_INDEX[k] for k in me["city"]]
        self.hand = [DIST_INDEX[k] for k in v["hand"] or []]
        self.sizes = [len(s["city"]) for s in v["seats"]]
        others = [s for s in range(len(self.sizes)) if s != self.me]
        self.leader = max(others, key=lambda s: (v["seats"][s]["score"]["districts"],
                                                 self.sizes[s])) if others else self.me
        self.mine = set(v["my_characters"])
        self.turn = v["turn"]
        self._char_values: list[float] | None = None

    # -- helpers ---------------------------------------------------------------------------
    def card_value(self, d: int, gold: int) -> float:
        """How much a district card in hand is worth to this city."""
        if d in self.city:
            return 0.2
        value = DIST_POINTS[d] + (1.0 if DIST_COLOUR[d] == PURPLE else 0.0)
        colours = {DIST_COLOUR[c] for c in self.city}
        if DIST_COLOUR[d] not in colours:
            value += 0.6
        if DIST_COST[d] > gold + 6:
            value -= 2.0
        return value

    def buildable(self) -> list[int]:
        return [d for d in self.hand if d not in self.city]

    def victim(self, key: str) -> float:
        if key in self.mine:
            return -5.0
        return len(_VICTIMS) - _VICTIMS.index(key) if key in _VICTIMS else 0.0

    def char_value(self, key: str) -> float:
        if self._char_values is None:
            self._char_values = character_values(
                self.me, self.city, len(self.hand), bool(self.buildable()), self.gold,
                self.view["crown"], self.sizes, max(s["gold"] for s in self.view["seats"]))
        return self._char_values[CHAR_INDEX[key]]

    # -- scoring ---------------------------------------------------------------------------
    def score(self, action: int) -> float:
        """An action's score: the ``_<kind>(seat, item)`` rule (seat and item -1 if unused)."""
        block = SPACE.kind(action)
        values = block.indices(action)
        seat = values[0] if block.params and block.params[0].name == "seat" else -1
        item = values[-1] if block.params and block.params[-1].name != "seat" else -1
        method = getattr(self, "_" + block.name, None)
        return method(seat, item) if method else 0.0

    def _thank(self, _s: int, _i: int) -> float:
        return 100.0

    def _pick(self, _s: int, c: int) -> float:
        return self.char_value(CHAR_KEYS[c])

    def _discard_char(self, _s: int, c: int) -> float:
        return -self.char_value(CHAR_KEYS[c])  # the other seat would want the best ones

    def _gold(self, _s: int, _i: int) -> float:
        wanted = [d for d in self.buildable() if DIST_COST[d] >= 2]
        return 2.0 if wanted else 0.5

    def _draw(self, _s: int, _i: int) -> float:
        return 1.0 if not self.buildable() or self.gold >= 6 else 0.8

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
        theirs = self.view["seats"][seat]["hand_size"]
        return 4.0 + theirs - len(self.hand) * 1.5 - 2.0

    def _discard(self, _s: int, d: int) -> float:
        return 3.0 if d in self.city else -1.0

    def _done(self, _s: int, _i: int) -> float:
        return 0.0

    def _look(self, seat: int, _i: int) -> float:
        return 2.0 + self.view["seats"][seat]["hand_size"]

    def _take(self, _s: int, d: int) -> float:
        return self.card_value(d, self.gold)

    def _wiz_build(self, _s: int, _i: int) -> float:
        return 1.0

    def _wiz_keep(self, _s: int, _i: int) -> float:
        return 0.0

    def _crown(self, seat: int, _i: int) -> float:
        return -self.sizes[seat] + self.view["seats"][seat]["gold"] * 0.1

    def _pay_gold(self, _s: int, _i: int) -> float:
        return 1.0 if self.gold >= 2 else -1.0

    def _pay_card(self, _s: int, d: int) -> float:
        return -self.card_value(d, self.gold) * 0.5

    def _nav_gold(self, _s: int, _i: int) -> float:
        return 1.0 if self.buildable() else 0.0

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
        return 1.0 if not self.buildable() and self.gold >= 4 else -1.0

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
