"""Cortiça (Manuel Correia, 2020): two cork producers place workers on a row of 5 actions.

The rules are numbered in docs/games/cortica.md; tests/games/cortica/test_rules.py
tests each under its number. The card contents come from a card set (see `cards`); the
default ``reconstruction-v1`` is a reconstruction, not the printed cards.

Seats: 0 = blue (always first), 1 = red. Workers 0..3 belong to blue, red, blue, red.

Actions: 48 ids in 8 blocks, the same for every card set. ``card`` takes the keys of the
set's action cards and ``plan`` the keys of its plans, both in card-set order; ``space`` and
``option`` are 0-based indices (labels show spaces 1-based):

=============  =====  =========================  ========================================================
block          ids    parameters                 decision
=============  =====  =========================  ========================================================
place          0-9    ``card``, ``space`` (0-1)  put the top worker on that space of that card
rest           10-14  ``card``                   end of round: rest that card
skip           15                                skip the card (an intern: done after its first use)
use            16-35  ``card``, ``option`` (0-3) use that option of the card (a conversion, or Hire)
use_plan       36-38  ``plan``                   complete the plan's side up, then flip it
flip_plan      39-41  ``plan``                   flip the plan without using it
flip_use_plan  42-44  ``plan``                   intern: flip the plan, complete the new side, flip back
double_plan    45-47  ``plan``                   intern: complete the plan twice, then flip it
=============  =====  =========================  ========================================================

JSON: ``{"do": block, parameter: value...}``, e.g. ``{"do": "place", "card": "plant",
"space": 0}``, ``{"do": "use", "card": "market", "option": 1}``, ``{"do": "skip"}``.
Events (``state.events``): ``place``, ``use``, ``use_plan``, ``flip_plan``, ``flip_use_plan``,
``double_plan``, ``skip`` (``auto`` when rule 12 returned the worker), ``rest``, and for the
game itself (seat ``None``) ``round_end`` and ``game_over``; fields in docs/games/cortica.md.
A worker with nothing it could do (only "skip" legal) is skipped automatically.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import cache
from itertools import permutations
from typing import ClassVar

from mezquita.engine import (
    Decision,
    Decisions,
    Event,
    Game,
    GameInfo,
    Hint,
    Option,
    Param,
    Shared,
    State,
    UnknownOption,
    pick,
    register,
)
from mezquita.engine.actions import Block

from .cards import (
    DEFAULT_SET,
    MAX_AMOUNT,
    MAX_OPTIONS,
    MAX_SPACES,
    NUM_ACTIONS_CARDS,
    NUM_PLANS,
    RESOURCES,
    CardSet,
    Effect,
    load_card_set,
    shipped_sets,
)
from .evaluation import evaluate
from .words import TEXTS, effect_text, reason_text

BLUE, RED = 0, 1
START_RESOURCES = ((3, 0, 0), (4, 0, 0))  # rule 1: blue 3 oak trees, red 4; no bark, no cork
START_STACK = (0, 1, 2, 3)  # rule 2: top -> bottom blue, red, blue, red
CORK_TO_END = 6  # rule 8
TREE, BARK, CORK = 0, 1, 2
OWNER = tuple(w % 2 for w in range(len(START_STACK)))  # by worker id: its owner's seat
MOVERS = tuple((seat,) for seat in OWNER)  # ``_to_move()`` by worker id: shared tuples
# Per round: 4 placements, at most 2 decisions per worker (an intern's two uses; automatic
# skips are no decisions) and 1 rest choice.
DECISIONS_PER_ROUND = 4 + 4 * 2 + 1

RECONSTRUCTION = (
    "The rulebook does not list the printed contents of the 5 Action and 3 Plan cards; the "
    "default card set 'reconstruction-v1' is Mezquita's reconstruction, tuned by simulation. "
    "Load the real cards with cards=PATH (format: docs/games/cortica.md). The round limit "
    "'max_rounds' is Mezquita's safety bound, not a rule."
)

INFO = GameInfo(
    id="cortica",
    name="Cortiça",
    min_players=2,
    max_players=2,
    hidden_information=False,
    chance=False,  # the only shuffle is the setup deal
    version=2,  # 2: contract v2 action JSON {"do": kind, ...} and events
    reconstruction=RECONSTRUCTION,
    summary="Manuel Correia, 2020: place workers to turn oak trees and bark into cork; first to "
            "6 cork ends the game. Card contents are a reconstruction.",
    options=(
        Option("cards", DEFAULT_SET, None,
               "card set: reconstruction-v1 (a reconstruction of the unpublished card contents, "
               "tuned), reconstruction-v1-untuned (the first, untuned table) or the path of a "
               "cortica-cards/1 JSON file", remote_choices=tuple(shipped_sets())),
        Option("max_rounds", 40, None,
               "safety limit (not a rule): after this round the game is scored as if it ended"),
    ),
)


class CorticaGame(Game["CorticaState"]):
    """Cortiça with options ``cards`` (card set name or path) and ``max_rounds``.

    Besides ``decisions`` it keeps each block as an attribute (``place``, ``rest``, ``skip``,
    ``use``, ``use_plan``, ``flip_plan``, ``flip_use_plan``, ``double_plan``).
    """

    info = INFO
    heuristic = "mezquita.games.cortica.heuristic:CorticaHeuristic"
    evaluation = staticmethod(evaluate)
    golden: ClassVar[tuple[tuple[dict, int], ...]] = (({}, 5),)
    #: difficulty levels (agents/levels.py), weakest first: the heuristic with 40, 20 and 0%
    #: random moves, then alpha-beta by depth; each beats the one below 0.66-0.73 (docs/levels.md)
    levels: ClassVar[dict[str, str]] = {
        "beginner": "heuristic-40", "novice": "heuristic-20", "easy": "heuristic",
        "medium": "alphabeta-4", "hard": "alphabeta-6", "expert": "alphabeta-7", "master": "alphabeta-8",
    }

    def _configure(self) -> None:
        self.cards: CardSet = load_card_set(self.options["cards"])
        if not 1 <= self.options["max_rounds"] <= 1000:
            raise UnknownOption(f"option 'max_rounds' must be 1-1000, got {self.options['max_rounds']}")
        self.max_rounds: int = self.options["max_rounds"]
        self.card_index = {card.key: c for c, card in enumerate(self.cards.actions)}
        self.plan_index = {plan.key: p for p, plan in enumerate(self.cards.plans)}
        self.card_keys = tuple(card.key for card in self.cards.actions)
        self.plan_keys = tuple(plan.key for plan in self.cards.plans)
        self.decisions = decision_table(self)
        (self.place, self.rest, self.skip, self.use, self.use_plan, self.flip_plan,
         self.flip_use_plan, self.double_plan) = self.decisions.space.blocks
        # ids by parameter indices, for the legal lists (a lookup per id, not Block.id)
        self.ids = {block.name: id_table(block) for block in self.decisions.space.blocks}
        # Legal id lists are shared between states (callers never change them): resting by
        # the resting card, placing in the nodes of `placing`, resolving memoised (keys in
        # `_resolve_legal`: at most 2 sides x 512 resource triples per card, 3 x 512 x 8 plan
        # sides on a card using plans), as are conversions (`conversion_memo`, `_convert`: 512 per effect).
        self.rest_legal = tuple([self.ids["rest"][c] for c in range(NUM_ACTIONS_CARDS) if c != resting]
                                for resting in range(NUM_ACTIONS_CARDS))
        self.placing = placing(tuple(card.spaces for card in self.cards.actions),
                               tuple(map(tuple, self.ids["place"])))
        self.resolve_memo: dict[tuple[int, ...], list[int]] = {}
        # per action card: whether an option uses plans (the only options that read the
        # plans' sides and whether the worker is on its first use)
        self.uses_plans = tuple(any(e.special == "use_plan" for e in card.options)
                                for card in self.cards.actions)
        # per action card: whether a conversion pays (else its options' legality does not
        # depend on the resources)
        self.pays = tuple(any(e.special is None and any(e.pay) for e in card.options)
                          for card in self.cards.actions)
        self.conversion_memo: dict[tuple[int, ...], tuple[list[int], dict, dict]] = {}

    @property
    def max_game_length(self) -> int:
        return DECISIONS_PER_ROUND * self.max_rounds  # the game ends after max_rounds rounds

    def action_label(self, action: int, lang: str = "en", names: list[str | None] | None = None) -> str:
        """The block's label; a ``use`` names the option's effect, which depends on the card."""
        if action not in self.use:
            return super().action_label(action, lang, names)
        c, o = self.use.indices(action)
        card = self.cards.actions[c]
        effect = effect_text(card.options[o], lang) if o < len(card.options) else f"#{o + 1}"
        return pick(TEXTS["actions"]["use"], lang).format(card=pick(card.names, lang), option=effect)

    # -- text for people --------------------------------------------------------------------
    def card_name(self, key: str, lang: str = "en") -> str:
        """The name of the action card ``key`` in ``lang``."""
        return pick(self.cards.actions[self.card_index[key]].names, lang)

    def plan_name(self, key: str, lang: str = "en") -> str:
        """The name of the plan ``key`` in ``lang``."""
        return pick(self.cards.plans[self.plan_index[key]].names, lang)

    def page_data(self, lang: str = "en") -> dict:
        """The tracks' top and the cork that ends the game; per card its name and effects in
        words (per action card its options, per plan its two sides)."""
        cards = self.cards
        return {
            "max": MAX_AMOUNT, "goal": CORK_TO_END, "reconstruction": cards.reconstruction,
            "actions": [{"name": pick(c.names, lang), "options": [effect_text(e, lang) for e in c.options]}
                        for c in cards.actions],
            "plans": [{"name": pick(c.names, lang), "sides": [effect_text(e, lang) for e in c.sides]}
                      for c in cards.plans],
        }

    # -- observations for learning agents ---------------------------------------------------


#: a node of `placing`: the place ids legal with some spaces taken, per legal id the node with
#: that space taken too, and once every worker is placed, per row the ``(card, space)``
#: pairs taken in resolving order
PlaceNode = tuple[list[int], dict[int, "PlaceNode"], dict[tuple[int, ...], tuple[tuple[int, int], ...]]]


class Phase(StrEnum):
    """Where a round is (the value is what views show): workers being placed, resolved in
    order, the resting card being chosen, or the game over."""

    PLACE = "place"
    RESOLVE = "resolve"
    REST = "rest"
    OVER = "over"


#: the phases as module names, which the rules read: reading a member through its enum class
#: costs about ten times a global in Python 3.11 (random playouts: 16% more instructions)
PLACE, RESOLVE, REST, OVER = Phase


class CorticaState(State):
    """A Cortiça game.

    Attributes:
        resources: per seat ``[oak trees, bark, cork]``, each 0..7.
        row: action card indices left to right; ``row[0]`` is the resting card.
        plans: per plan, the side up (0 = star, 1 = back).
        stack: worker ids in the stack, top first (owner = worker % 2).
        interns: per worker, True when it is intern side up.
        spaces: per action card, per space, the worker id on it or -1.
        phase: where the round is (`Phase`).
        queue: ``[card, space]`` of the workers still to resolve, the current one first.
        uses_left: how often the current worker may still use its action (intern: 2).
        hiring: the current worker used Hire (it returns intern side up).
        round: the round number, from 1.
        winner: the winning seat once the game is over, else -1.
    """

    game: CorticaGame

    resources: list[list[int]]
    row: list[int]
    plans: list[int]
    stack: list[int]
    interns: list[bool]
    spaces: list[list[int]]
    phase: Phase
    queue: list[list[int]]
    uses_left: int
    hiring: bool
    round: int
    winner: int
    # Derived from the fields and kept by the moves, so that the legal ids of the next
    # decision need not be found again; None: find them from the fields (so after `_setup`,
    # `from_json` and `edit`, by `_reset_caches`).
    _placing_cache: PlaceNode | None = None  # placing: the `placing` node of the spaces taken
    _choices_cache: Shared[list[int] | None] = None  # resolving: the legal ids `_resolve` looked up

    # -- setup ---------------------------------------------------------------------------------
    def _setup(self) -> None:
        cards = self.game.cards
        self.resources = [list(r) for r in START_RESOURCES]
        self.row = list(range(NUM_ACTIONS_CARDS))
        self.rng.shuffle(self.row)  # rule 2: shuffle; the leftmost card rests
        self.plans = [0] * NUM_PLANS
        self.stack = list(START_STACK)
        self.interns = [False] * len(START_STACK)
        self.spaces = [[-1] * card.spaces for card in cards.actions]
        self.phase = PLACE
        self.queue = []
        self.uses_left = 0
        self.hiring = False
        self.round = 1
        self.winner = -1

    # -- whose turn ------------------------------------------------------------------------------
    def current_worker(self) -> int:
        """The worker being placed (top of the stack) or resolved, or -1."""
        if self.phase == PLACE:
            return self.stack[0]
        if self.phase == RESOLVE:
            card, space = self.queue[0]
            return self.spaces[card][space]
        return -1

    def _to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLACE:
            return MOVERS[self.stack[0]]  # rule 3: the owner of the top worker
        if phase == RESOLVE:
            card, space = self.queue[0]
            return MOVERS[self.spaces[card][space]]  # rule 4: the resolving worker's owner
        if phase == REST:
            return MOVERS[self.stack[-1]]  # rule 8: the owner of the bottom worker
        return ()

    def _legal_actions(self, seat: int) -> list[int]:
        phase = self.phase
        if phase == PLACE:
            return (self._placing_cache or self._place_node())[0]  # rule 3: the empty spaces
        if phase == REST:
            return self.game.rest_legal[self.row[0]]  # rule 8: any card but the resting one
        legal = self._choices_cache
        if legal is None:
            card, space = self.queue[0]
            legal = self._resolve_legal(card, self.spaces[card][space])
        return legal

    def _place_node(self) -> PlaceNode:
        """The `placing` node of the resting card and the spaces taken, found from the fields."""
        node = self.game.placing[self.row[0]]
        place = self.game.ids["place"]
        for c, card in enumerate(self.spaces):
            for s, w in enumerate(card):
                if w >= 0:
                    node = node[1][place[c][s]]
        return node

    def _resolve_legal(self, card: int, worker: int) -> list[int]:
        """Skip and `_uses` of ``worker`` on ``card``, memoised by everything `_uses` reads:
        the card, the worker's side, its owner's resources if an option pays and, on a card
        using plans, its uses left and the plans' sides."""
        if self.game.uses_plans[card]:
            key = (card, self.interns[worker], self.uses_left, *self.resources[OWNER[worker]], *self.plans)
        elif self.game.pays[card]:
            key = (card, self.interns[worker], *self.resources[OWNER[worker]])
        else:
            key = (card, self.interns[worker])
        legal = self.game.resolve_memo.get(key)
        if legal is None:
            legal = self.game.resolve_memo[key] = sorted([*self._uses(), self.game.ids["skip"]])
        return legal

    def _uses(self) -> list[int]:
        """What the current worker can do now, besides skipping (rules 4-7, 10)."""
        g = self.game
        ids = g.ids
        card, space = self.queue[0]
        worker = self.spaces[card][space]
        res = self.resources[worker % 2]
        uses = []
        for o, effect in enumerate(g.cards.actions[card].options):
            if effect.special is None:
                if can_pay(res, effect.pay):
                    uses.append(ids["use"][card][o])
            elif effect.special == "hire":
                if not self.interns[worker]:  # rule 5: an intern on Hire has no effect
                    uses.append(ids["use"][card][o])
            elif effect.special == "flip_plan":
                uses.extend(ids["flip_plan"][:NUM_PLANS])
            else:  # use_plan
                for p, plan in enumerate(g.cards.plans):
                    side = plan.sides[self.plans[p]]
                    if can_pay(res, side.pay):
                        uses.append(ids["use_plan"][p])
                    if self.uses_left == 2:  # rule 6: an intern's first use
                        if can_pay(res, plan.sides[1 - self.plans[p]].pay):
                            uses.append(ids["flip_use_plan"][p])
                        if can_pay(res, side.pay) and can_pay(converted(res, side), side.pay):
                            uses.append(ids["double_plan"][p])
        return uses

    # -- moves: one effect per decision kind (`decision_table`) -----------------------------------
    def _apply_place(self, seat: int, place: tuple[int, int, str, int]) -> None:
        """Rule 3: the top worker goes on an empty space; after the 4th, resolve (rule 4)."""
        card, space, key, action = place
        node = self._placing_cache or self._place_node()
        stack = self.stack
        worker = stack.pop(0)
        self.spaces[card][space] = worker
        self._event(seat, "place", key, space, worker, self.interns[worker])
        node = node[1][action]
        if stack:
            self._placing_cache = node
        else:
            self._placing_cache = None
            self.phase = RESOLVE
            self.queue = list(map(list, node[2][tuple(self.row)]))  # rule 4: left to right
            self._resolve(begin=True)

    def _apply_rest(self, seat: int, card: int) -> None:
        """Rule 8: the chosen card rests leftmost; the resting card wakes up second."""
        row = self.row
        resting = row[0]
        row.remove(card)  # the others keep their order
        row.insert(0, card)
        self._event(seat, "rest", self.game.card_keys[card], self.game.card_keys[resting])
        self.round += 1
        self.phase = PLACE
        self._placing_cache = self.game.placing[card]

    def _apply_skip(self, seat: int, auto: bool) -> None:
        """Rule 4: skip (an intern after one use: stop); the worker returns. (``auto`` is
        False: automatic skips are `_resolve`'s.)"""
        card, space = self.queue[0]
        self._skipped(card, space, self.spaces[card][space], auto)
        self.uses_left = 0
        self._resolve()

    def _apply_use(self, seat: int, use: tuple[int, str, Effect]) -> None:
        """Rules 5 and 10: one option of the card (a conversion, or Hire)."""
        option, key, effect = use
        if effect.special == "hire":
            self.hiring = True
            self._event(seat, "use", key, option, True)
        else:
            paid, gained = self._convert(seat, effect)
            self._event(seat, "use", key, option, False, paid, gained)
        self.uses_left -= 1
        self._resolve()

    def _apply_use_plan(self, seat: int, use: tuple[int, str, tuple[Effect, Effect]]) -> None:
        """Rule 7: complete the plan's side up once, then flip it."""
        plan, key, sides = use
        side = self.plans[plan]
        paid, gained = self._convert(seat, sides[side])
        self.plans[plan] ^= 1
        self._event(seat, "use_plan", key, side, paid, gained)
        self.uses_left -= 1
        self._resolve()

    def _apply_flip_plan(self, seat: int, use: tuple[int, str, tuple[Effect, Effect]]) -> None:
        """Rule 7: flip a plan without using it."""
        plan, key, _ = use
        self.plans[plan] ^= 1
        self._event(seat, "flip_plan", key, self.plans[plan])
        self.uses_left -= 1
        self._resolve()

    def _apply_flip_use_plan(self, seat: int, use: tuple[int, str, tuple[Effect, Effect]]) -> None:
        """Rule 6: an intern flips a plan, completes the new side and flips it back."""
        plan, key, sides = use
        side = self.plans[plan] ^ 1
        paid, gained = self._convert(seat, sides[side])
        self._event(seat, "flip_use_plan", key, side, paid, gained)
        self.uses_left -= 2
        self._resolve()

    def _apply_double_plan(self, seat: int, use: tuple[int, str, tuple[Effect, Effect]]) -> None:
        """Rule 6: an intern completes one plan twice before flipping it."""
        plan, key, sides = use
        side = self.plans[plan]
        paid, gained = self._convert(seat, sides[side], times=2)
        self.plans[plan] ^= 1
        self._event(seat, "double_plan", key, side, paid, gained)
        self.uses_left -= 2
        self._resolve()

    # -- flow ------------------------------------------------------------------------------------
    def _convert(self, seat: int, effect: Effect, times: int = 1) -> tuple[dict, dict]:
        """Apply a conversion ``times`` times to ``seat``; return what was paid and what was
        gained (new dicts). Memoised by the effect and the resources before."""
        res = self.resources[seat]
        # The game keeps its card set, and so every effect, alive: ids stay unique.
        key = (id(effect), times, *res)
        change = self.game.conversion_memo.get(key)
        if change is None:
            after = res.copy()
            for _ in range(times):
                convert(after, effect)
            change = self.game.conversion_memo[key] = (after, *_change(res, after, effect.pay, times == 2))
        after, paid, gained = change
        res[:] = after
        return paid.copy(), gained.copy()

    def _resolve(self, begin: bool = False) -> None:
        """Resolving goes on until a worker has a choice (``begin``: the first worker in the
        queue begins): a worker returns once its uses are spent, or at once when it can only
        skip (rule 12: skipped without asking), then the next one begins; after the last the
        round ends."""
        queue = self.queue
        spaces = self.spaces
        while True:
            card, space = queue[0]
            worker = spaces[card][space]
            if begin:
                self.uses_left = 2 if self.interns[worker] else 1  # rule 5
                self.hiring = False
            if self.uses_left:
                legal = self._resolve_legal(card, worker)
                if len(legal) > 1:
                    self._choices_cache = legal
                    return
                self._skipped(card, space, worker, True)
            # rules 4-5: the worker goes on top of the stack, intern side up only if just hired
            queue.pop(0)
            spaces[card][space] = -1
            self.stack.insert(0, worker)
            self.interns[worker] = self.hiring
            if not queue:
                self._choices_cache = None
                self._end_round()
                return
            begin = True

    def _skipped(self, card: int, space: int, worker: int, auto: bool) -> None:
        """Record rule 4's skip of ``worker`` on ``card`` (``used``: the uses it had made)."""
        used = (2 if self.interns[worker] else 1) - self.uses_left
        self._event(OWNER[worker], "skip", self.game.card_keys[card], space, used, auto)

    def _end_round(self) -> None:
        """Rule 8: the game ends at 6+ cork (or at the safety round limit), else rest."""
        self.uses_left = 0
        self.hiring = False
        blue, red = self.resources
        self._event(None, "round_end", self.round, [blue[CORK], red[CORK]])
        if blue[CORK] >= CORK_TO_END or red[CORK] >= CORK_TO_END or self.round >= self.game.max_rounds:
            self.phase = OVER
            result = self._result()
            self.winner = result["winner"]
            self._event(None, "game_over", *map(result.get, self.game.event_fields["game_over"]))
        else:
            self.phase = REST

    def _result(self) -> dict:
        """Rule 9: the winner by most cork, then bark, then oak trees, else the owner of the
        top worker; ``by`` names what decided (``"cork"``, ``"bark"``, ``"tree"``, ``"top"``)
        and ``limit`` the round limit if it, not 6 cork, ended the game."""
        blue, red = self.resources
        winner, by = self.stack[0] % 2, "top"
        for i in (CORK, BARK, TREE):
            if blue[i] != red[i]:
                winner, by = (BLUE if blue[i] > red[i] else RED), RESOURCES[i]
                break
        ended = max(blue[CORK], red[CORK]) >= CORK_TO_END
        return {"winner": winner, "by": by, "resources": [dict(zip(RESOURCES, r)) for r in self.resources],
                "limit": None if ended else self.game.max_rounds}

    # -- results -----------------------------------------------------------------------------
    def _scores(self) -> list[float]:
        return [float(r[CORK]) for r in self.resources]

    def _returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in (BLUE, RED)]

    def _breakdown(self, lang: str, names: list[str | None] | None) -> dict:
        labels = pick(TEXTS["breakdown"], lang)
        rows = [{"label": labels[RESOURCES[i]], "values": [r[i] for r in self.resources]}
                for i in (CORK, BARK, TREE)]
        top = self.stack[0] % 2 if len(self.stack) == len(START_STACK) else None
        rows.append({"label": labels["top"], "values": [int(top == s) for s in (BLUE, RED)]})
        returns = self.returns()
        reason = (reason_text(self._result(), lang, names) if self.phase == OVER
                  else pick(TEXTS["reasons"], lang)["running"])
        return {"rows": rows, "totals": self.scores(),
                "winners": [s for s, r in enumerate(returns) if r == max(returns)],
                "reason": reason}

    # -- information ---------------------------------------------------------------------------
    def _view(self, seat: int | None, full: bool) -> dict:
        """Everything (Cortiça hides nothing, so ``seat`` and ``full`` change nothing)."""
        cards = self.game.cards

        def worker(w: int) -> dict:
            return {"worker": w, "owner": w % 2, "intern": self.interns[w]}

        resolving = None
        if self.phase == RESOLVE:
            card, space = self.queue[0]
            resolving = {"card": card, "space": space, "uses_left": self.uses_left,
                         **worker(self.spaces[card][space])}
        return {
            "cards": cards.name,
            "round": self.round,
            "max_rounds": self.game.max_rounds,
            "phase": str(self.phase),
            "resources": [dict(zip(RESOURCES, r)) for r in self.resources],
            "row": [{"card": c, "key": cards.actions[c].key, "active": i > 0,
                     "spaces": [worker(w) if w >= 0 else None for w in self.spaces[c]]}
                    for i, c in enumerate(self.row)],
            "plans": [{"plan": p, "key": plan.key, "side": self.plans[p]}
                      for p, plan in enumerate(cards.plans)],
            "stack": [worker(w) for w in self.stack],
            "resolving": resolving,
            "queue": [list(q) for q in self.queue],
            "winner": self.winner if self.winner >= 0 else None,
        }

    def _reset_caches(self) -> None:
        self._placing_cache = self._choices_cache = None



# -- helpers ------------------------------------------------------------------------------------
def decision_table(game: CorticaGame) -> Decisions:
    """The 48 actions of the game's card set, in the blocks of the module docstring, each with
    its effect (a `CorticaState` method) and what the effect gets per id: the parameter
    indices with what it would look up from them (keys for the events, the option's effect,
    the plan's sides). A page finds each action by its `Hint`: a rest points at its action
    card, a place at a space and a use at an option of one, a plan move at its control on the
    plan card. Open information and no chance after the deal: every decision can be taken
    back until the other seat moves."""
    cards, words = game.cards, TEXTS["actions"]
    action_names = {c.key: c.names for c in cards.actions}
    plan_names = {p.key: p.names for p in cards.plans}
    card = Param("card", action_names, text=lambda key, lang: pick(action_names[key], lang))
    plan = Param("plan", plan_names, text=lambda key, lang: pick(plan_names[key], lang))
    card_keys, plan_keys = game.card_keys, game.plan_keys

    def place(block: Block, action: int) -> tuple:
        c, space = block.indices(action)
        return ((c, space, card_keys[c], action),)

    def use(block: Block, action: int) -> tuple:
        c, option = block.indices(action)
        effects = cards.actions[c].options
        return ((option, card_keys[c], effects[option] if option < len(effects) else None),)

    def plan_use(block: Block, action: int) -> tuple:
        (p,) = block.indices(action)
        return ((p, plan_keys[p], cards.plans[p].sides),)

    def converts(kind: str, flip: int, times: int) -> Callable[[CorticaState, int, str], dict]:
        """A plan move's facts: its ``cost``, the conversion it makes in words: the side it
        completes (``flip``: the side down), ``times`` times (rules 6 and 7)."""
        def facts(state: CorticaState, action: int, lang: str) -> dict:
            (p,) = state.game.decisions.block(kind).indices(action)
            effect = effect_text(cards.plans[p].sides[state.plans[p] ^ flip], lang)
            if times == 2:
                effect = pick(TEXTS["effects"], lang)["twice"].format(effect=effect)
            return {"cost": effect}
        return facts

    use_event = Event(("plan", "side", "paid", "gained"))
    # a plan card's controls, one per plan move: the page draws each as a chip on the card
    plans = [Decision(kind, (plan,), effect, words[kind],
                      Event(("plan", "side")) if kind == "flip_plan" else use_event, arguments=plan_use,
                      hint=Hint("plan", "plan", control=control), undoable=True,
                      facts=converts(kind, *how) if how else None)
             for kind, effect, control, how in (
                 ("use_plan", CorticaState._apply_use_plan, "use", (0, 1)),
                 ("flip_plan", CorticaState._apply_flip_plan, "flip", None),
                 ("flip_use_plan", CorticaState._apply_flip_use_plan, "flip_use", (1, 1)),
                 ("double_plan", CorticaState._apply_double_plan, "double", (0, 2)))]
    return Decisions([
        Decision("place", (card, Param("space", range(MAX_SPACES), text=lambda s, lang: str(s + 1))),
                 CorticaState._apply_place, words["place"],
                 Event(("card", "space", "worker", "intern")), arguments=place,
                 hint=Hint("card", "card", part="space"), undoable=True),
        Decision("rest", (card,), CorticaState._apply_rest, words["rest"], Event(("card", "woken")),
                 hint=Hint("card", "card"), undoable=True),
        Decision("skip", (), CorticaState._apply_skip, words["skip"],
                 Event(("card", "space", "used", "auto")), arguments=lambda block, action: (False,),
                 undoable=True),
        Decision("use", (card, Param("option", range(MAX_OPTIONS))), CorticaState._apply_use,
                 words["use"], Event(("card", "option", "hired", "paid", "gained")),  # paid, gained:
                 arguments=use, hint=Hint("card", "card", part="option"), undoable=True),  # not when hired
        *plans,
    ], events={"round_end": Event(("round", "cork"), banner=True),
               "game_over": Event(("winner", "by", "resources", "limit"))})


@cache  # by the action cards' numbers of spaces (shared by the card sets that agree on them)
def placing(spaces: tuple[int, ...], place: tuple[tuple[int, ...], ...]) -> tuple[PlaceNode, ...]:
    """Per resting card, the node of placing with no space taken, for action cards with
    ``spaces`` spaces and the place ids ``place[card][space]`` (rule 3: the empty spaces of
    the active cards; rule 4: the workers resolve from left to right). Nodes depend only on
    which spaces are taken, so they are few: at most 57 per resting card (up to all 4 workers
    on 6 spaces), with 24 orders of the active cards once all are placed."""
    # per resting card: each row it begins, with the position of each active space in it
    rows: list[list[tuple[tuple[int, ...], dict]]] = [[] for _ in range(NUM_ACTIONS_CARDS)]
    for row in permutations(range(NUM_ACTIONS_CARDS)):
        active = [(c, s) for c in row[1:] for s in range(spaces[c])]
        rows[row[0]].append((row, {space: i for i, space in enumerate(active)}))
    nodes: dict[tuple[int, frozenset], PlaceNode] = {}

    def node(resting: int, taken: frozenset) -> PlaceNode:
        found = nodes.get((resting, taken))
        if found is None:
            open_spaces = [(c, s) for c in range(NUM_ACTIONS_CARDS) if c != resting
                           for s in range(spaces[c]) if (c, s) not in taken]
            found = nodes[resting, taken] = ([place[c][s] for c, s in open_spaces], {}, {})
            if len(taken) < len(START_STACK):
                found[1].update((place[c][s], node(resting, taken | {(c, s)})) for c, s in open_spaces)
            else:
                found[2].update((row, tuple(sorted(taken, key=position.__getitem__)))
                                for row, position in rows[resting])
        return found

    return tuple(node(resting, frozenset()) for resting in range(NUM_ACTIONS_CARDS))


def id_table(block):
    """A block's ids as nested lists by parameter index (``table[i][j]`` is
    ``block.id(i, j)``; a block without parameters: its one id)."""
    def table(prefix: tuple[int, ...], params):
        if not params:
            return block.id(*prefix)
        return [table((*prefix, i), params[1:]) for i in range(len(params[0].values))]
    return table((), block.params)


def can_pay(res: list[int], pay: tuple[int, int, int]) -> bool:
    """True if ``res`` holds at least ``pay`` of each resource."""
    return res[0] >= pay[0] and res[1] >= pay[1] and res[2] >= pay[2]


def convert(res: list[int], effect: Effect) -> None:
    """Pay, then gain (rule 1: capped at 7). ``instead`` is checked before paying."""
    gain = effect.gain
    if effect.if_have is not None and can_pay(res, effect.if_have):
        gain = effect.instead_gain or gain
    for i in range(3):
        res[i] = min(MAX_AMOUNT, res[i] - effect.pay[i] + gain[i])


def converted(res: list[int], effect: Effect) -> list[int]:
    """A copy of ``res`` after ``convert``."""
    after = res.copy()
    convert(after, effect)
    return after


def _change(before: list[int], after: list[int], pay: tuple[int, int, int],
            twice: bool = False) -> tuple[dict, dict]:
    """What a conversion (or two) paid, and what it added after the cap, as resource dicts."""
    times = 2 if twice else 1
    paid = {r: pay[i] * times for i, r in enumerate(RESOURCES) if pay[i]}
    gained = {r: after[i] - before[i] + pay[i] * times for i, r in enumerate(RESOURCES)
              if after[i] - before[i] + pay[i] * times > 0}
    return paid, gained


register(CorticaGame, CorticaState)
