"""Trajectory metrics: how a game unfolded, read from a fixed evaluation of every position.

The evaluation is the game's ``evaluation(state, seat)`` hook where it has one (Cortiça,
Wittig's Cordoba: a value in [-1, 1] per seat), else its running ``scores()`` (Córdoba,
Citadels, Europa: points). It is taken after every decision, the same for every player
model, so the figures compare games, variants and models (after Browne's and Ludii's
metrics):

* **lead changes**: how often the sole leader changed (a tie leads nobody);
* **drama**: the largest amount the eventual winner was behind the leader, in the
  evaluation's units (0: the winner was never behind);
* **settled at**: the share of the game after which the eventual winner led alone to the
  end (0: from the first move; 1: only at the end, or never alone);
* **comeback**: the eventual winner was behind the leader at half-time;
* **timeout**: the game ran past the length its rules promise (``max_game_length``), a
  rule hole; 0 in a sound game;
* **branching by tenth**: the mean number of legal actions in each tenth of the game.

Games without a single winner (a shared first place) have no drama, settled point or
comeback.
"""

from __future__ import annotations

from mezquita.engine import Game, State

TENTHS = 10


def evaluation_name(game: Game) -> str:
    """What the trajectory figures are measured with, for reports."""
    return ("the game's position evaluation (-1 to 1 per seat)" if game.evaluation
            else "the running score")


class Tracker:
    """Collects the evaluation and the number of legal actions at every decision."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.values: list[list[float]] = []
        self.legal: list[int] = []

    def observe(self, state: State, legal: int) -> None:
        """Record the position after a decision that had ``legal`` choices."""
        evaluate = self.game.evaluation
        seats = range(self.game.num_players)
        self.values.append([evaluate(state, s) for s in seats] if evaluate
                           else [float(x) for x in state.scores()])
        self.legal.append(legal)

    def summary(self, returns: list[float]) -> dict:
        """The game's trajectory figures (module docstring)."""
        n = len(self.values)
        branching = [0.0] * TENTHS
        counts = [0] * TENTHS
        for t, k in enumerate(self.legal):
            tenth = t * TENTHS // n
            branching[tenth] += k
            counts[tenth] += 1
        out = {"lead_changes": lead_changes(self.values),
               "timeout": n > self.game.max_game_length,
               "branching": [round(b / c, 3) if c else None
                             for b, c in zip(branching, counts, strict=True)],
               "drama": None, "settled": None, "comeback": None}
        best = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best]
        if len(winners) == 1 and n:
            out.update(winner_figures(self.values, winners[0]))
        return out


def leader(values: list[float]) -> int | None:
    """The seat with the sole largest value, or None on a tie."""
    best = max(values)
    top = [s for s, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else None


def lead_changes(values: list[list[float]]) -> int:
    """How often the sole leader changed from one leader to another."""
    changes, last = 0, None
    for row in values:
        now = leader(row)
        if now is not None:
            changes += last is not None and now != last
            last = now
    return changes


def winner_figures(values: list[list[float]], winner: int) -> dict:
    """Drama, settled point and comeback of the eventual ``winner``."""
    n = len(values)
    drama = max(max(row) - row[winner] for row in values)
    settled = n
    while settled > 0 and leader(values[settled - 1]) == winner:
        settled -= 1
    half = values[(n - 1) // 2]
    return {"drama": round(drama, 4), "settled": round(settled / n, 4),
            "comeback": half[winner] < max(half)}
