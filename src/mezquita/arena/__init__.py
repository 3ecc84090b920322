"""Tournaments between agents: seat rotation, statistics, reports; a process pool or Ray to
play them, resumable output folders, ratings, plots and balance reports."""

from .plan import Plan
from .report import analyse
from .runner import play_plan
from .stats import wilson
from .tournament import GameResult, game_seed, play_game, seating, summarise

__all__ = ["GameResult", "Plan", "analyse", "game_seed", "play_game", "play_plan",
           "seating", "summarise", "wilson"]
