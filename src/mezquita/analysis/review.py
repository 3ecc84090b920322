"""The post-game review of one seat: for each of its decisions in a record, the analyst's
estimate before it (the value of its best action) and after it (the value of the action
played), the best alternative, and a mark where the decision lost much.

Every decision is analysed from the seat's `Turn` at that moment (its view then, its legal
actions, its resampler), never from the true state: the other seats' hidden cards of the
record play no part, exactly as in a hint. A mark compares two estimates of the same search,
so it judges the decision, not the luck that followed it (a card drawn afterwards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mezquita.agents import Turn
from mezquita.engine import Game, MezquitaError, Record, State, load_texts, pick

from .search import Estimate, analyse, analyst, measure_of

#: lost value (best action's minus the played one's, on the [0, 1] scale) that marks a mistake
MISTAKE = 0.10
#: lost value that marks a blunder
BLUNDER = 0.25
#: the review's words (marks, table heads) in the four languages
WORDS = load_texts(Path(__file__).parent / "texts.json")


def word(key: str, lang: str = "en") -> str:
    """A word of the review (``"mistake"``, ``"win chance"``, a table head...) in ``lang``."""
    return pick(WORDS[key], lang)


@dataclass(frozen=True)
class Step:
    """One decision of the reviewed seat.

    Attributes:
        index: its place in the record (the number of actions played before it).
        action: the action id played.
        forced: it was the only legal action (not searched).
        played, best, alternative: the estimates of the action played, of the analyst's best
            action and of its best action other than the one played (None: not searched, or
            the search never tried it).
    """

    index: int
    action: int
    forced: bool
    played: Estimate | None
    best: Estimate | None
    alternative: Estimate | None

    @property
    def before(self) -> float | None:
        """The value of the position for the seat: that of its best action."""
        return self.best.value if self.best else None

    @property
    def after(self) -> float | None:
        """The value of the action played."""
        return self.played.value if self.played else self.before if self.forced else None

    @property
    def loss(self) -> float | None:
        """How much value the decision gave away (0 for the analyst's own choice)."""
        if self.forced:
            return 0.0
        if self.before is None or self.after is None:
            return None
        return max(0.0, self.before - self.after)

    @property
    def certain(self) -> bool:
        """The loss is beyond the search's noise: the played action's interval lies wholly
        below the best action's (a mark without it may be noise)."""
        return bool(self.played and self.best and self.played.high < self.best.low)

    @property
    def mark(self) -> str | None:
        """``"blunder"``, ``"mistake"`` or None, by `BLUNDER` and `MISTAKE`."""
        if self.loss is None:
            return None
        loss = round(self.loss, 9)  # 0.6 - 0.5 is a mistake, not 0.0999...
        return "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else None


@dataclass(frozen=True)
class Review:
    """A seat's review of a record: its `Step` per decision and how they were found."""

    game: Game
    seat: int
    analyst: str
    measure: str
    steps: tuple[Step, ...]

    def to_json(self, lang: str = "en") -> dict:
        """Per decision: the action, the best action, the estimates with intervals, the mark."""
        g = self.game

        def estimate(e: Estimate | None) -> dict | None:
            if e is None:
                return None
            return {"action": g.action_to_json(e.action), "label": g.action_label(e.action, lang),
                    "value": round(e.value, 3), "interval": [round(e.low, 3), round(e.high, 3)],
                    "visits": e.visits}

        def rounded(x: float | None) -> float | None:
            return None if x is None else round(x, 3)

        steps = [{"index": s.index, "seat": self.seat, "action": g.action_to_json(s.action),
                  "label": g.action_label(s.action, lang), "forced": s.forced,
                  "best": estimate(s.best), "played": estimate(s.played),
                  "alternative": estimate(s.alternative), "before": rounded(s.before),
                  "after": rounded(s.after), "loss": rounded(s.loss), "mark": s.mark,
                  "certain": s.certain}
                 for s in self.steps]
        marks = [s.mark for s in self.steps]
        return {"game": g.info.id, "options": dict(g.options), "seat": self.seat,
                "analyst": self.analyst, "measure": self.measure,
                "thresholds": {"mistake": MISTAKE, "blunder": BLUNDER},
                "mistakes": marks.count("mistake"), "blunders": marks.count("blunder"),
                "steps": steps}


def review_step(state: State, seat: int, action: int, budget: int | None = None,
                seed: int = 0) -> Step:
    """The review of ``seat`` playing action id ``action`` in ``state``, from its turn only."""
    turn = Turn.of(state, seat)
    if action not in turn.legal:
        raise MezquitaError(f"{state.game.action_label(action)!r} is not a legal action of seat {seat} "
                            f"at step {len(state.history)}")
    if len(turn.legal) == 1:
        return Step(len(state.history), action, True, None, None, None)
    analysis = analyse(turn, budget, seed)
    best = analysis.estimates[0] if analysis.estimates else None
    alternative = next((e for e in analysis.estimates if e.action != action), None)
    return Step(len(state.history), action, False, analysis.of(action), best, alternative)


def review(record: Record, seat: int, budget: int | None = None, seed: int = 0,
           on_step: Callable[[int, int], None] | None = None) -> Review:
    """Review every decision of ``seat`` in ``record`` (see the module docstring).

    Raises `BadRecord` if the record does not replay and `MezquitaError` for a seat the game
    does not have. ``on_step(done, total)`` is called after each decision (a progress bar).
    """
    game = record.replay().game  # checks the whole record before any search
    if not (type(seat) is int and 0 <= seat < game.num_players):
        raise MezquitaError(f"there is no seat {seat} in this {game.num_players}-player "
                            f"{game.info.name} game (seats 0-{game.num_players - 1})")
    spec = analyst(game, budget)
    state = game.new_state(record.seed)
    total = sum(1 for s, _ in record.actions if s == seat)
    steps = []
    for who, action in record.actions:
        if who == seat:
            steps.append(review_step(state, seat, game.to_action_id(action), budget, seed))
            if on_step is not None:
                on_step(len(steps), total)
        state.apply(who, action)
    return Review(game, seat, spec, measure_of(spec), tuple(steps))
