"""Named difficulty levels, one ordered vocabulary for every game (`LEVELS`, weakest first:
``beginner``, ``novice``, ``easy``, ``medium``, ``hard``, ``expert``, ``master``).

A game declares what each of its levels plays as a class attribute ``levels`` on its `Game`,
mapping the level name to a concrete agent name (``{"easy": "heuristic-35", "expert":
"ismcts-0.8s", ...}``): a contiguous run of `LEVELS`, in their order, that holds at least
`CORE_LEVELS` (so 4 to 7 levels; `check_levels`). A game that declares nothing gets
`default_levels`. A level's name says its place on the game's ladder, not the same strength
across games. The levels are agent families of their own, so ``--bot hard``, ``--agents
easy,master`` and the lobby all accept them, each in the games that offer it; the agent built
keeps the level as its name and the concrete spec in ``spec``. A level built on an iteration
or depth budget is also capped at `CAP_SECONDS` per decision, so that every level keeps the
promise of an answer within a second even on a busy machine.

``heuristic-N`` (the game's heuristic playing a uniformly random legal move at a share of
N percent of its decisions) is the usual Easy: its moves look like the heuristic's, and the
random ones are the mistakes a person can see and punish. ``docs/levels.md`` lists every
game's mapping and the measured ladder (``mezquita ladder GAME``).
"""

from __future__ import annotations

from mezquita.engine import Game, MezquitaError

from .alphabeta import AlphaBeta
from .base import Agent
from .mcts import MCTS, Budget
from .registry import UnknownAgent, agent_family, make_agent

#: every level name a game may offer, weakest first
LEVELS = ("beginner", "novice", "easy", "medium", "hard", "expert", "master")
#: the levels every game offers
CORE_LEVELS = ("easy", "medium", "hard", "expert")
#: the per-decision time every level must stay within (the levels' promise to a person)
EXPERT_SECONDS = 1.0
#: the time cap every level puts on a search with an iteration or depth budget, so that a
#: busy machine slows the bot's play down to this, not past the promise
CAP_SECONDS = 0.9


def plain_search(game: Game) -> str:
    """The search family that needs nothing of a game: ISMCTS where it hides information,
    else MCTS."""
    return "ismcts" if game.info.hidden_information else "mcts"


def default_levels(game: Game) -> dict[str, str]:
    """Levels for a game that declares none: built from its heuristic (when it has one) and
    MCTS, or ISMCTS for games with hidden information."""
    search = plain_search(game)
    if getattr(game, "heuristic", None):
        return {"easy": "heuristic-35", "medium": "heuristic", "hard": f"{search}-300",
                "expert": f"{search}-0.8s"}
    return {"easy": "random", "medium": f"{search}-30", "hard": f"{search}-300",
            "expert": f"{search}-0.8s"}


class LevelError(MezquitaError):
    """A game's ``levels`` declaration that breaks the rules of `check_levels`."""


def check_levels(game_id: str, names: list[str]) -> None:
    """Raise `LevelError` unless ``names`` (a game's declared levels, in declaration order)
    are known level names, in the order of `LEVELS`, contiguous, and include `CORE_LEVELS`."""
    known = ", ".join(LEVELS)
    unknown = [name for name in names if name not in LEVELS]
    if unknown:
        raise LevelError(f"game {game_id!r} declares unknown level(s) {', '.join(unknown)} "
                         f"(the levels, weakest first: {known})")
    missing = [name for name in CORE_LEVELS if name not in names]
    if missing:
        raise LevelError(f"game {game_id!r} declares no agent for level(s) {', '.join(missing)} "
                         f"(every game offers {', '.join(CORE_LEVELS)})")
    first = LEVELS.index(names[0])
    if names != list(LEVELS[first:first + len(names)]):
        raise LevelError(f"game {game_id!r} declares its levels as {', '.join(names)}: they must "
                         f"be a run of {known} in that order, with no gap")


def levels_of(game: Game) -> dict[str, str]:
    """Level name -> concrete agent name for ``game`` (its own ``levels`` or the defaults),
    weakest first; `LevelError` for a declaration that breaks `check_levels`."""
    levels = dict(game.levels) if game.levels else default_levels(game)
    check_levels(game.info.id, list(levels))
    return levels


def make_level(level: str, game: Game, seed: int = 0, cap: bool = True) -> Agent:
    """The agent of ``level`` in ``game``, named after the level, with the time cap unless
    ``cap`` is False (the ladder can measure the budgets alone, free of the machine's load);
    `UnknownAgent` if the game does not offer ``level``."""
    levels = levels_of(game)
    if level not in levels:
        raise UnknownAgent(f"{game.info.name} has no level {level!r} (its levels: {', '.join(levels)})")
    spec = levels[level]
    agent = make_agent(spec, game, seed)
    agent.name, agent.spec = level, spec
    if cap and isinstance(agent, MCTS) and agent.budget.seconds is None:
        agent.budget = Budget(iterations=agent.budget.iterations, seconds=CAP_SECONDS)
    elif cap and isinstance(agent, AlphaBeta) and agent.seconds is None:
        agent.seconds = CAP_SECONDS
    return agent


def _level_factory(level_name: str):
    def factory(game: Game, seed: int, level: int | float | None) -> Agent:
        if level is not None:
            raise UnknownAgent(f"the level {level_name!r} takes no number (try {level_name})")
        return make_level(level_name, game, seed)

    return factory


for _name in LEVELS:
    agent_family(_name)(_level_factory(_name))
