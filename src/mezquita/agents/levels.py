"""Named difficulty levels: ``easy``, ``medium``, ``hard`` and ``expert``, in every game.

A game declares what each level plays as a class attribute ``levels`` on its `Game`, mapping
the level name to a concrete agent name (``{"easy": "heuristic-35", "expert": "ismcts-0.8s",
...}``); a game that declares nothing gets `default_levels`. The levels are agent families
of their own, so ``--bot hard``, ``--agents easy,expert`` and the lobby all accept them; the
agent built keeps the level as its name and the concrete spec in ``spec``. A level built on
an iteration or depth budget is also capped at `CAP_SECONDS` per decision, so that Expert
keeps its promise of an answer within a second even on a busy machine.

``heuristic-N`` (the game's heuristic playing a uniformly random legal move at a share of
N percent of its decisions) is the usual Easy: its moves look like the heuristic's, and the
random ones are the mistakes a person can see and punish. ``docs/levels.md`` lists every
game's mapping and the measured ladder (``mezquita ladder GAME``).
"""

from __future__ import annotations

from mezquita.engine import Game

from .alphabeta import AlphaBeta
from .base import Agent
from .mcts import MCTS, Budget
from .registry import UnknownAgent, agent_family, make_agent

#: the levels, weakest first
LEVELS = ("easy", "medium", "hard", "expert")
#: the per-decision time an Expert must stay within (the level's promise to a person)
EXPERT_SECONDS = 1.0
#: the time cap every level puts on a search with an iteration or depth budget, so that a
#: busy machine slows the bot's play down to this, not past the promise
CAP_SECONDS = 0.9


def default_levels(game: Game) -> dict[str, str]:
    """Levels for a game that declares none: built from its heuristic (when it has one) and
    MCTS, or ISMCTS for games with hidden information."""
    search = "ismcts" if game.info.hidden_information else "mcts"
    if getattr(game, "heuristic", None):
        return {"easy": "heuristic-35", "medium": "heuristic", "hard": f"{search}-300",
                "expert": f"{search}-0.8s"}
    return {"easy": "random", "medium": f"{search}-30", "hard": f"{search}-300",
            "expert": f"{search}-0.8s"}


def levels_of(game: Game) -> dict[str, str]:
    """Level name -> concrete agent name for ``game`` (its own ``levels`` or the defaults)."""
    levels = dict(game.levels) if game.levels else default_levels(game)
    missing = [name for name in LEVELS if name not in levels]
    if missing:
        raise UnknownAgent(f"game {game.info.id!r} declares no agent for level(s) {', '.join(missing)}")
    return {name: levels[name] for name in LEVELS}


def make_level(level: str, game: Game, seed: int = 0, cap: bool = True) -> Agent:
    """The agent of ``level`` in ``game``, named after the level, with the time cap unless
    ``cap`` is False (the ladder can measure the budgets alone, free of the machine's load)."""
    spec = levels_of(game)[level]
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
