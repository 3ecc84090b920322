"""Game-independent bots. They only ever see a `Turn`: their seat's view, legal actions and a
resampling hook."""

from . import alphabeta, guided, ismcts, mcts  # noqa: F401  (registers the search families)
from .base import Agent, Turn
from .levels import LEVELS, levels_of
from .random_agent import RandomAgent
from .registry import UnknownAgent, agent_family, make_agent, split_name

__all__ = ["LEVELS", "Agent", "RandomAgent", "Turn", "UnknownAgent", "agent_family", "levels_of",
           "make_agent", "split_name"]
