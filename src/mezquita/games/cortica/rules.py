"""Cortiça (Manuel Correia, 2020): two cork producers place workers on a row of 5 actions.

Rules: the team's specs/cortica.md (from the rulebook, seeds/003). Each numbered rule is tested
in tests/games/cortica/test_cortica_rules.py under its number; notes in docs/games/cortica.md.
The card contents come from a card set (see `cards`); the default ``reconstruction-v1`` is a
reconstruction, not the printed cards.

Seats: 0 = blue (always first), 1 = red. Workers 0..3 belong to blue, red, blue, red.

Action ids (48, the same for every card set; ``c`` = action card index in the card set,
``p`` = plan index, ``k`` = a card's key):

=======  ===========================================================  ========================
ids      meaning                                                      JSON
=======  ===========================================================  ========================
0..9     place the top worker on card ``c``, space ``s``: ``2c + s``  {"place": k, "space": s}
10..14   end of round: flip card ``c`` to Rest                        {"rest": k}
15       skip the action (an intern: stop after its first use)       {"skip": true}
16..35   use option ``o`` of card ``c`` (conversion, hire): 16+4c+o   {"use": k, "option": o}
36..38   use plan ``p`` (complete its side, then flip it)             {"use_plan": k}
39..41   flip plan ``p``                                              {"flip_plan": k}
42..44   intern: flip plan ``p``, then use its new side and flip it   {"flip_use_plan": k}
45..47   intern: use plan ``p`` twice, then flip it                   {"double_plan": k}
=======  ===========================================================  ========================

A worker with nothing it could do (only "skip" legal) is skipped automatically.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from mezquita.engine import Game, GameInfo, IllegalAction, Option, State, UnknownOption, register

from .cards import (
    DEFAULT_SET,
    MAX_AMOUNT,
    MAX_OPTIONS,
    MAX_SPACES,
    NUM_ACTIONS_CARDS,
    NUM_PLANS,
    CardSet,
    Effect,
    effect_text,
    load_card_set,
    shipped_sets,
)

BLUE, RED = 0, 1
START_RESOURCES = ((3, 0, 0), (4, 0, 0))  # rule 1: blue 3 oak trees, red 4; no bark, no cork
START_STACK = (0, 1, 2, 3)  # rule 2: top -> bottom blue, red, blue, red
CORK_TO_END = 6  # rule 8
TREE, BARK, CORK = 0, 1, 2

PLACE = 0
REST = PLACE + NUM_ACTIONS_CARDS * MAX_SPACES
SKIP = REST + NUM_ACTIONS_CARDS
OPTION = SKIP + 1
USE_PLAN = OPTION + NUM_ACTIONS_CARDS * MAX_OPTIONS
FLIP_PLAN = USE_PLAN + NUM_PLANS
FLIP_USE = FLIP_PLAN + NUM_PLANS
DOUBLE = FLIP_USE + NUM_PLANS
NUM_ACTIONS = DOUBLE + NUM_PLANS
# Per round: 4 placements, at most 2 decisions per worker, 1 rest choice.
DECISIONS_PER_ROUND = 4 + 4 * 2 + 1
PLAN_KINDS = ((USE_PLAN, "use_plan"), (FLIP_PLAN, "flip_plan"), (FLIP_USE, "flip_use_plan"),
              (DOUBLE, "double_plan"))

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
    version=1,
    reconstruction=RECONSTRUCTION,
    summary="Manuel Correia, 2020: place workers to turn oak trees and bark into cork; first to "
            "6 cork ends the game. Card contents are a reconstruction.",
    options=(
        Option("cards", DEFAULT_SET, None,
               "card set: reconstruction-v1 (a reconstruction of the unpublished card contents, "
               "tuned), reconstruction-v1-untuned (the spec's table) or the path of a "
               "cortica-cards/1 JSON file", remote_choices=tuple(shipped_sets())),
        Option("max_rounds", 40, None,
               "safety limit (not a rule): after this round the game is scored as if it ended"),
    ),
)


@cache
def texts() -> dict:
    """Resource names and action verbs in en, es, ca, de (data/texts.json)."""
    return json.loads((Path(__file__).parent / "data" / "texts.json").read_text(encoding="utf-8"))


@register
class CorticaGame(Game):
    """Cortiça with options ``cards`` (card set name or path) and ``max_rounds``."""

    info = INFO
    heuristic = "mezquita.games.cortica.heuristic:CorticaHeuristic"

    def _configure(self) -> None:
        self.cards: CardSet = load_card_set(self.options["cards"])
        if not 1 <= self.options["max_rounds"] <= 1000:
            raise UnknownOption(f"option 'max_rounds' must be 1-1000, got {self.options['max_rounds']}")
        self.max_rounds: int = self.options["max_rounds"]

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        return DECISIONS_PER_ROUND * self.max_rounds

    # -- action translation ----------------------------------------------------------------
    def action_to_json(self, action: int) -> dict:
        actions, plans = self.cards.actions, self.cards.plans
        if PLACE <= action < REST:
            c, s = divmod(action - PLACE, MAX_SPACES)
            return {"place": actions[c].key, "space": s}
        if action < SKIP:
            return {"rest": actions[action - REST].key}
        if action == SKIP:
            return {"skip": True}
        if action < USE_PLAN:
            c, o = divmod(action - OPTION, MAX_OPTIONS)
            return {"use": actions[c].key, "option": o}
        base, kind = _plan_kind(action)
        return {kind: plans[action - base].key}

    def action_from_json(self, value) -> int:
        if not isinstance(value, dict) or not value:
            raise IllegalAction(f"a Cortiça action is a JSON object such as "
                                f'{{"place": "plant", "space": 0}}, not {value!r}')
        keys = set(value)
        if keys == {"place", "space"}:
            space = value["space"]
            if type(space) is not int or not 0 <= space < MAX_SPACES:
                raise IllegalAction(f"space must be 0 or 1, not {space!r}")
            return PLACE + self._action_index(value["place"]) * MAX_SPACES + space
        if keys == {"rest"}:
            return REST + self._action_index(value["rest"])
        if keys == {"skip"} and value["skip"] is True:
            return SKIP
        if keys == {"use", "option"}:
            option = value["option"]
            if type(option) is not int or not 0 <= option < MAX_OPTIONS:
                raise IllegalAction(f"option must be an integer 0-{MAX_OPTIONS - 1}, not {option!r}")
            return OPTION + self._action_index(value["use"]) * MAX_OPTIONS + option
        for base, kind in PLAN_KINDS:
            if keys == {kind}:
                return base + self._plan_index(value[kind])
        raise IllegalAction(f"unknown Cortiça action {value!r}")

    def _action_index(self, key) -> int:
        return _index_of(self.cards.actions, key, "action card", "cards")

    def _plan_index(self, key) -> int:
        return _index_of(self.cards.plans, key, "plan", "plans")

    def action_label(self, action: int, lang: str = "en") -> str:
        verbs = texts()["verbs"].get(lang, texts()["verbs"]["en"])
        actions, plans = self.cards.actions, self.cards.plans
        if PLACE <= action < REST:
            c, s = divmod(action - PLACE, MAX_SPACES)
            return verbs["place"].format(action=actions[c].names[_lang(lang)], space=s + 1)
        if action < SKIP:
            return verbs["rest"].format(action=actions[action - REST].names[_lang(lang)])
        if action == SKIP:
            return verbs["skip"]
        if action < USE_PLAN:
            c, o = divmod(action - OPTION, MAX_OPTIONS)
            card = actions[c]
            effect = (effect_text(card.options[o], texts(), lang) if o < len(card.options)
                      else f"#{o}")
            return verbs["option"].format(action=card.names[_lang(lang)], effect=effect)
        base, kind = _plan_kind(action)
        verb = {"use_plan": "use_plan", "flip_plan": "flip_plan", "flip_use_plan": "flip_use",
                "double_plan": "double"}[kind]
        return verbs[verb].format(plan=plans[action - base].names[_lang(lang)])

    # -- hooks for players and learning agents -----------------------------------------------
    def render_text(self, view: dict) -> str:
        from .render import render_view

        return render_view(self, view)

    @property
    def observation_size(self) -> int:
        from .encoding import OBSERVATION_SIZE

        return OBSERVATION_SIZE

    def encode_view(self, view: dict) -> list[float]:
        from .encoding import encode

        return encode(view)


class CorticaState(State):
    """A Cortiça game.

    Attributes:
        resources: per seat ``[oak trees, bark, cork]``, each 0..7.
        row: action card indices left to right; ``row[0]`` is the resting card.
        plans: per plan, the side up (0 = star, 1 = back).
        stack: worker ids in the stack, top first (owner = worker % 2).
        interns: per worker, True when it is intern side up.
        spaces: per action card, per space, the worker id on it or -1.
        phase: ``"place"``, ``"resolve"``, ``"rest"`` or ``"over"``.
        queue: ``[card, space]`` of the workers still to resolve, the current one first.
        uses_left: how often the current worker may still use its action (intern: 2).
        hiring: the current worker used Hire (it returns intern side up).
        round: the round number, from 1.
        winner: the winning seat once the game is over, else -1.
    """

    fields = ("resources", "row", "plans", "stack", "interns", "spaces", "phase", "queue",
              "uses_left", "hiring", "round", "winner")

    resources: list[list[int]]
    row: list[int]
    plans: list[int]
    stack: list[int]
    interns: list[bool]
    spaces: list[list[int]]
    phase: str
    queue: list[list[int]]
    uses_left: int
    hiring: bool
    round: int
    winner: int

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
        self.phase = "place"
        self.queue = []
        self.uses_left = 0
        self.hiring = False
        self.round = 1
        self.winner = -1

    # -- whose turn ------------------------------------------------------------------------------
    def current_worker(self) -> int:
        """The worker being placed (top of the stack) or resolved, or -1."""
        if self.phase == "place":
            return self.stack[0]
        if self.phase == "resolve":
            card, space = self.queue[0]
            return self.spaces[card][space]
        return -1

    def _to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "rest":
            return (self.stack[-1] % 2,)  # rule 8: the owner of the bottom worker
        return (self.current_worker() % 2,)

    def _legal_actions(self, seat: int) -> list[int]:
        if self.phase == "place":
            return [PLACE + c * MAX_SPACES + s for c in sorted(self.row[1:])
                    for s, w in enumerate(self.spaces[c]) if w < 0]
        if self.phase == "rest":
            return [REST + c for c in sorted(self.row[1:])]
        return sorted([*self._uses(), SKIP])

    def _uses(self) -> list[int]:
        """What the current worker can do now, besides skipping (rules 4-7, 10)."""
        card = self.queue[0][0]
        worker = self.spaces[card][self.queue[0][1]]
        res = self.resources[worker % 2]
        plans = self.game.cards.plans
        uses = []
        for o, effect in enumerate(self.game.cards.actions[card].options):
            if effect.special is None:
                if can_pay(res, effect.pay):
                    uses.append(OPTION + card * MAX_OPTIONS + o)
            elif effect.special == "hire":
                if not self.interns[worker]:  # rule 5: an intern on Hire has no effect
                    uses.append(OPTION + card * MAX_OPTIONS + o)
            elif effect.special == "flip_plan":
                uses.extend(FLIP_PLAN + p for p in range(NUM_PLANS))
            else:  # use_plan
                for p, plan in enumerate(plans):
                    side = plan.sides[self.plans[p]]
                    if can_pay(res, side.pay):
                        uses.append(USE_PLAN + p)
                    if self.uses_left == 2:  # rule 6: an intern's first use
                        if can_pay(res, plan.sides[1 - self.plans[p]].pay):
                            uses.append(FLIP_USE + p)
                        if can_pay(res, side.pay) and can_pay(converted(res, side), side.pay):
                            uses.append(DOUBLE + p)
        return uses

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, seat: int, action: int) -> None:
        if action < REST:
            self._place(*divmod(action - PLACE, MAX_SPACES))
        elif action < SKIP:
            self._rest(action - REST)
        elif action == SKIP:
            self._return_worker()
        else:
            self._use(seat, action)
            if self.uses_left == 0:
                self._return_worker()
        self._skip_idle_workers()

    def _place(self, card: int, space: int) -> None:
        """Rule 3: the top worker goes on an empty space; after the 4th, resolve (rule 4)."""
        self.spaces[card][space] = self.stack.pop(0)
        if not self.stack:
            self.phase = "resolve"
            self.queue = [[c, s] for c in self.row[1:]
                          for s, w in enumerate(self.spaces[c]) if w >= 0]
            self._begin_worker()

    def _use(self, seat: int, action: int) -> None:
        """Rules 5-7 and 10: one use of the current worker's action."""
        res = self.resources[seat]
        cards = self.game.cards
        if action < USE_PLAN:
            card, option = divmod(action - OPTION, MAX_OPTIONS)
            effect = cards.actions[card].options[option]
            if effect.special == "hire":
                self.hiring = True
            else:
                convert(res, effect)
            self.uses_left -= 1
            return
        base, _ = _plan_kind(action)
        p = action - base
        if base == FLIP_PLAN:
            self.plans[p] ^= 1
            self.uses_left -= 1
        elif base == USE_PLAN:
            convert(res, cards.plans[p].sides[self.plans[p]])
            self.plans[p] ^= 1
            self.uses_left -= 1
        elif base == FLIP_USE:
            self.plans[p] ^= 1
            convert(res, cards.plans[p].sides[self.plans[p]])
            self.plans[p] ^= 1
            self.uses_left = 0
        else:  # DOUBLE
            side = cards.plans[p].sides[self.plans[p]]
            convert(res, side)
            convert(res, side)
            self.plans[p] ^= 1
            self.uses_left = 0

    def _begin_worker(self) -> None:
        worker = self.current_worker()
        self.uses_left = 2 if self.interns[worker] else 1  # rule 5
        self.hiring = False

    def _return_worker(self) -> None:
        """Rule 4-5: the worker goes on top of the stack, intern side up only if just hired."""
        card, space = self.queue.pop(0)
        worker = self.spaces[card][space]
        self.spaces[card][space] = -1
        self.stack.insert(0, worker)
        self.interns[worker] = self.hiring
        if self.queue:
            self._begin_worker()
        else:
            self._end_round()

    def _skip_idle_workers(self) -> None:
        """A worker that can do nothing but skip is returned without asking."""
        while self.phase == "resolve" and not self._uses():
            self._return_worker()

    def _end_round(self) -> None:
        """Rule 8: the game ends at 6+ cork (or at the safety round limit), else rest."""
        self.uses_left = 0
        self.hiring = False
        if max(r[CORK] for r in self.resources) >= CORK_TO_END or \
                self.round >= self.game.max_rounds:
            self.phase = "over"
            self.winner = self._ranking_winner()
        else:
            self.phase = "rest"

    def _rest(self, card: int) -> None:
        """Rule 8: the chosen card rests leftmost; the resting card wakes up second."""
        resting = self.row[0]
        self.row = [card, resting, *(c for c in self.row[1:] if c != card)]
        self.round += 1
        self.phase = "place"

    def _ranking_winner(self) -> int:
        """Rule 9: most cork, then bark, then oak trees; else the top worker's owner."""
        blue, red = (r[::-1] for r in self.resources)
        if blue != red:
            return BLUE if blue > red else RED
        return self.stack[0] % 2

    # -- results -----------------------------------------------------------------------------
    def _scores(self) -> list[float]:
        return [float(r[CORK]) for r in self.resources]

    def _returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in (BLUE, RED)]

    # -- information ---------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        cards = self.game.cards

        def worker(w: int) -> dict:
            return {"worker": w, "owner": w % 2, "intern": self.interns[w]}

        resolving = None
        if self.phase == "resolve":
            card, space = self.queue[0]
            resolving = {"card": card, "space": space, "uses_left": self.uses_left,
                         **worker(self.spaces[card][space])}
        return {
            "cards": cards.name,
            "round": self.round,
            "max_rounds": self.game.max_rounds,
            "phase": self.phase,
            "resources": [dict(zip(("tree", "bark", "cork"), r)) for r in self.resources],
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

    def _copy_into(self, new: CorticaState) -> None:
        new.resources = [r.copy() for r in self.resources]
        new.row = self.row.copy()
        new.plans = self.plans.copy()
        new.stack = self.stack.copy()
        new.interns = self.interns.copy()
        new.spaces = [s.copy() for s in self.spaces]
        new.phase = self.phase
        new.queue = [q.copy() for q in self.queue]
        new.uses_left = self.uses_left
        new.hiring = self.hiring
        new.round = self.round
        new.winner = self.winner


CorticaGame.state_class = CorticaState


# -- helpers ------------------------------------------------------------------------------------
def _lang(lang: str) -> str:
    return lang if lang in ("en", "es", "ca", "de") else "en"


def _plan_kind(action: int) -> tuple[int, str]:
    """The first id and JSON key of the plan action group holding ``action``."""
    for base, kind in reversed(PLAN_KINDS):
        if action >= base:
            return base, kind
    raise IllegalAction(f"action id {action} is not a plan action")


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


def _index_of(cards, key, what: str, plural: str) -> int:
    """The position of the card whose ``key`` is ``key``, or `IllegalAction` naming the known ones."""
    for i, card in enumerate(cards):
        if card.key == key:
            return i
    known = ", ".join(c.key for c in cards)
    raise IllegalAction(f"no {what} {key!r} ({plural}: {known})")
