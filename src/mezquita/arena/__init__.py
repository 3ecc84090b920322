"""Tournaments between agents: seat rotation, statistics, reports."""

from .stats import wilson
from .tournament import GameResult, game_seed, play_game, run, seating, summarise

__all__ = ["GameResult", "game_seed", "play_game", "run", "seating", "summarise", "wilson"]
