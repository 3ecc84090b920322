"""What the strongest search thinks of every legal action of one decision, from the deciding
seat's `Turn` alone (its view, legal actions and resampler; never the true state).

The *analyst* of a game is its strongest level (`mezquita.agents.levels_of`: Master where the
game offers it, else Expert) when that is a search, run on a fixed budget instead of a clock
so that the same view and seed always give the same numbers:

- MCTS family (``mcts``, ``ismcts``, ``omcts``, ``vismcts``): ``budget`` iterations (default:
  the level's own, or `DEFAULT_ITERATIONS` where the level has a time budget). An action's
  *value* is the mean return the search's visits to it brought back, a **win chance** in
  [0, 1] (a playout cut before the end is scored by the softmax share of the scores, or of
  the game's cut scores for ``vismcts``, so it is partly a score share); its interval is the
  Wilson 95% interval of that mean over its visits, treating them as independent draws of a
  0/1 result (they are not quite: the tree's own choices below it improve as it searches).
  Actions are ranked by visits, the search's own choice. Where the search's solver proved an
  action's result (deterministic two-player games of perfect information), its value is that
  result with no interval, and a proven win ranks first.
- Alpha-beta (``alphabeta``): depth ``budget`` (default `DEFAULT_DEPTH`), each root action
  searched with a full window, so every value is exact at that depth. The value is the game's
  **evaluation** mapped to [0, 1] (1 a forced win), not a probability; the interval spans the
  values at the last two depths (how much one more ply moved it), not a confidence interval.
- A game whose strongest level is no search (Europa's geography bots) is analysed by its default search
  (`mezquita.agents.levels.default_levels`) on ``budget`` iterations.
"""

from __future__ import annotations

from dataclasses import dataclass

from mezquita.agents import Turn, levels_of, make_agent, split_name
from mezquita.agents.alphabeta import AlphaBeta
from mezquita.agents.levels import default_levels
from mezquita.agents.mcts import MCTS
from mezquita.engine import Game, MezquitaError

#: iterations where the strongest level searches on a clock (a clock would not reproduce)
DEFAULT_ITERATIONS = 300
#: alpha-beta depth where the strongest level searches on a clock (0.5 s reaches about 5 on one core)
DEFAULT_DEPTH = 4
WIN_CHANCE = "win chance"
EVALUATION = "evaluation"


@dataclass(frozen=True)
class Estimate:
    """The analyst's value of one action for the deciding seat.

    Attributes:
        action: the action id.
        value: in [0, 1]: a win chance or an evaluation (see `Analysis.measure`).
        low, high: how sure it is (see the module docstring for what the interval means).
        visits: the search's visits to it (MCTS family; None for alpha-beta).
    """

    action: int
    value: float
    low: float
    high: float
    visits: int | None = None


@dataclass(frozen=True)
class Analysis:
    """Every legal action's `Estimate`, best first, and how they were found."""

    seat: int
    estimates: tuple[Estimate, ...]
    analyst: str  # the agent spec that searched, e.g. "ismcts-1000"
    measure: str  # WIN_CHANCE or EVALUATION

    def of(self, action: int) -> Estimate | None:
        """The estimate of ``action``, or None if the search never tried it."""
        return next((e for e in self.estimates if e.action == action), None)


def analyst(game: Game, budget: int | None = None) -> str:
    """The agent spec that analyses ``game`` with ``budget`` (iterations or depth)."""
    if budget is not None and budget < 1:
        raise MezquitaError(f"a budget counts iterations or plies and must be at least 1, not {budget}")
    *_, strongest = levels_of(game).values()
    if not isinstance(make_agent(strongest, game), (MCTS, AlphaBeta)):  # no search: the default's
        strongest = default_levels(game)["expert"]
    family, level = split_name(strongest)
    if family == "alphabeta":
        depth = budget or (level if isinstance(level, int) else DEFAULT_DEPTH)
        return f"alphabeta-{depth}"
    iterations = budget or (level if isinstance(level, int) else DEFAULT_ITERATIONS)
    return f"{family}-{iterations}"


def measure_of(spec: str) -> str:
    """What the values of analyst ``spec`` measure: `WIN_CHANCE` or `EVALUATION`."""
    return EVALUATION if split_name(spec)[0] == "alphabeta" else WIN_CHANCE


def analyse(turn: Turn, budget: int | None = None, seed: int = 0) -> Analysis:
    """Every legal action of ``turn`` valued by the game's analyst (module docstring)."""
    if not turn.legal:
        raise MezquitaError(f"seat {turn.seat} has no decision to make now")
    spec = analyst(turn.game, budget)
    agent = make_agent(spec, turn.game, seed)
    if isinstance(agent, AlphaBeta):
        return Analysis(turn.seat, _alphabeta(agent, turn), spec, measure_of(spec))
    assert isinstance(agent, MCTS)
    return Analysis(turn.seat, _mcts(agent, turn), spec, measure_of(spec))


def _mcts(agent: MCTS, turn: Turn) -> tuple[Estimate, ...]:
    # imported here: the arena package is heavy, and every server worker imports this module
    from mezquita.arena.stats import wilson

    root = agent.search(turn)
    base = turn.seat * turn.game.num_actions
    found = []
    for a in turn.legal:
        child = root.children.get(base + a)
        if child is not None and child.proven is not None:  # the solver's exact answer
            value = child.proven[turn.seat]
            found.append(Estimate(a, value, value, value, child.visits))
        elif child is not None and child.visits:
            mean = child.total / child.visits
            low, high = wilson(mean * child.visits, child.visits)
            found.append(Estimate(a, mean, low, high, child.visits))
    found.sort(key=lambda e: (e.low < 1.0, -e.visits, e.action))  # a proven win first
    return tuple(found)


def _alphabeta(agent: AlphaBeta, turn: Turn) -> tuple[Estimate, ...]:
    world = turn.sample(agent.rng)
    depth = agent.depth
    found = []
    for a in turn.legal:
        values = [(agent.action_value(world, turn.seat, a, d) + 1.0) / 2.0
                  for d in sorted({max(1, depth - 1), depth})]
        found.append(Estimate(a, values[-1], min(values), max(values)))
    found.sort(key=lambda e: (-e.value, e.action))
    return tuple(found)

