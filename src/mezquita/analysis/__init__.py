"""Learning from the strongest bot: hints during a game and a review after it, both computed
from one seat's view only (docs/review.md). Sits beside the arena: it uses the engine's public
API and the agents, nothing of the server."""

from .hint import Suggestion, hint
from .review import BLUNDER, MISTAKE, Review, Step, review, review_step
from .search import Analysis, Estimate, analyse, analyst

__all__ = ["BLUNDER", "MISTAKE", "Analysis", "Estimate", "Review", "Step", "Suggestion", "analyse",
           "analyst", "hint", "review", "review_step"]
