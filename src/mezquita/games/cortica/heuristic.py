"""A Cortiça heuristic bot that reads only its seat's view.

Resources are valued by a fixed table (cork far above bark above oak trees). Every decision
is scored by the value it adds:

* resolving: the value gained by each legal use (an intern's first use counts its best
  follow-up too); hiring is worth a fixed bonus early in the game;
* placing: what the worker adds when the seat's placed workers and this one resolve left to
  right, plus part of what the space denies the opponent, plus a little for earlier spaces;
* resting: the card worth most to the opponent and least to the seat next round.

Small random noise breaks ties so that self-play does not repeat one game.
"""

from __future__ import annotations

from mezquita.agents import Agent, Turn

from .cards import Effect
from .evaluation import HIRE_ROUNDS, HIRE_VALUE, LATE_HIRE, VALUES
from .rules import CorticaGame, can_pay, convert

#: a placement counts this share of what it denies the opponent
DENIAL = 0.4
#: the standard deviation of the noise added to every score
NOISE = 0.3
#: a plan flipped without using it: this share of the change in what the plan gains
FLIP_SHARE = 0.2
#: per space of a card: the earlier space is preferred by this much
SPACE_PENALTY = 0.05


class CorticaHeuristic(Agent):
    """Greedy value-of-resources player (see the module docstring)."""

    name = "heuristic"
    game: CorticaGame

    def act(self, turn: Turn) -> int:
        view, me = turn.view, turn.seat
        self.plans = [p["side"] for p in view["plans"]]
        if view["phase"] == "place":
            scores = self._placement_scores(view, me, turn.legal)
        elif view["phase"] == "rest":
            scores = self._rest_scores(view, me, turn.legal)
        else:
            scores = self._resolve_scores(view, me, turn.legal)
        return max(turn.legal, key=lambda a: scores[a] + self.rng.gauss(0.0, NOISE))

    # -- resolving ---------------------------------------------------------------------------
    def _resolve_scores(self, view: dict, me: int, legal: list[int]) -> dict[int, float]:
        res = _resources(view, me)
        info = view["resolving"]
        card = info["card"]
        intern_first = info["uses_left"] == 2
        early = 1.0 if view["round"] < HIRE_ROUNDS else LATE_HIRE
        game = self.game
        scores = {}
        for a in legal:
            if a in game.skip:
                scores[a] = 0.0
                continue
            after, gain = self._after(a, res, card, early)
            if intern_first and a not in game.flip_use_plan and a not in game.double_plan:
                gain += max(0.0, self._best_use(card, after, early))
            scores[a] = gain
        return scores

    def _after(self, action: int, res: list[int], card: int, early: float) -> tuple[list, float]:
        """Resources after one use and the value it adds (hire: a bonus)."""
        game = self.game
        cards = game.cards
        after = res.copy()
        block = game.actions.kind(action)
        if block is game.use:
            effect = cards.actions[card].options[game.use.indices(action)[1]]
            if effect.special == "hire":
                return after, HIRE_VALUE * early
            convert(after, effect)
            return after, _worth(after) - _worth(res)
        (p,) = block.indices(action)
        if block is game.use_plan:
            convert(after, cards.plans[p].sides[self.plans[p]])
        elif block is game.flip_plan:
            return after, FLIP_SHARE * (self._plan_gain(p, 1 - self.plans[p], res)
                                 - self._plan_gain(p, self.plans[p], res))
        elif block is game.flip_use_plan:
            convert(after, cards.plans[p].sides[1 - self.plans[p]])
        else:  # double_plan
            side = cards.plans[p].sides[self.plans[p]]
            convert(after, side)
            convert(after, side)
        return after, _worth(after) - _worth(res)

    def _plan_gain(self, p: int, side: int, res: list[int]) -> float:
        effect = self.game.cards.plans[p].sides[side]
        return _gain(effect, res) if can_pay(res, effect.pay) else 0.0

    def _best_use(self, card: int, res: list[int], early: float) -> float:
        """The best value one use of ``card`` adds for resources ``res`` (0 if none)."""
        best = 0.0
        for effect in self.game.cards.actions[card].options:
            if effect.special == "hire":
                best = max(best, HIRE_VALUE * early)
            elif effect.special == "use_plan":
                best = max([best, *(self._plan_gain(p, self.plans[p], res) for p in range(3))])
            elif effect.special is None and can_pay(res, effect.pay):
                best = max(best, _gain(effect, res))
        return best

    # -- placing -------------------------------------------------------------------------------
    def _round_value(self, view: dict, seat: int, extra: tuple[int, int] | None) -> float:
        """Value ``seat``'s placed workers (plus ``extra`` = (card, space)) add, left to right."""
        early = 1.0 if view["round"] < HIRE_ROUNDS else LATE_HIRE
        res = _resources(view, seat)
        total = 0.0
        for slot in view["row"][1:]:
            for s, w in enumerate(slot["spaces"]):
                mine = w is not None and w["owner"] == seat
                if not (mine or extra == (slot["card"], s)):
                    continue
                uses = 2 if mine and w["intern"] else 1
                if extra == (slot["card"], s) and view["stack"][0]["intern"]:
                    uses = 2
                for _ in range(uses):
                    gain, res = self._greedy_use(slot["card"], res, early)
                    total += gain
        return total

    def _greedy_use(self, card: int, res: list[int], early: float) -> tuple[float, list[int]]:
        best, best_res = 0.0, res
        options: list[Effect] = list(self.game.cards.actions[card].options)
        for effect in options:
            if effect.special == "hire":
                if HIRE_VALUE * early > best:
                    best, best_res = HIRE_VALUE * early, res
                continue
            if effect.special == "use_plan":
                candidates = [self.game.cards.plans[p].sides[self.plans[p]] for p in range(3)]
            elif effect.special is None:
                candidates = [effect]
            else:
                continue
            for eff in candidates:
                if can_pay(res, eff.pay):
                    after = res.copy()
                    convert(after, eff)
                    gain = _worth(after) - _worth(res)
                    if gain > best:
                        best, best_res = gain, after
        return best, best_res

    def _placement_scores(self, view: dict, me: int, legal: list[int]) -> dict[int, float]:
        base_me = self._round_value(view, me, None)
        base_opp = self._round_value(view, 1 - me, None)
        scores = {}
        for a in legal:
            card, space = self.game.place.indices(a)
            mine = self._round_value(view, me, (card, space)) - base_me
            theirs = self._round_value(view, 1 - me, (card, space)) - base_opp
            scores[a] = mine + DENIAL * theirs - SPACE_PENALTY * space
        return scores

    # -- resting -------------------------------------------------------------------------------
    def _rest_scores(self, view: dict, me: int, legal: list[int]) -> dict[int, float]:
        early = 1.0 if view["round"] < HIRE_ROUNDS else LATE_HIRE
        mine, theirs = _resources(view, me), _resources(view, 1 - me)
        rest = self.game.rest
        return {a: self._best_use(rest.indices(a)[0], theirs, early)
                - self._best_use(rest.indices(a)[0], mine, early) for a in legal}


def _resources(view: dict, seat: int) -> list[int]:
    r = view["resources"][seat]
    return [r["tree"], r["bark"], r["cork"]]


def _worth(res: list[int]) -> float:
    return res[0] * VALUES[0] + res[1] * VALUES[1] + res[2] * VALUES[2]


def _gain(effect: Effect, res: list[int]) -> float:
    after = res.copy()
    convert(after, effect)
    return _worth(after) - _worth(res)
