"""Tournaments between agents: fair seat schedules, variants, statistics with the game as the
unit, a process pool or Ray to play them, resumable output folders, ratings, game-declared
figures, plots, HTML reports, balance studies and sweeps."""

from .plan import Plan
from .report import analyse
from .runner import play_plan
from .schedule import schedule, seating
from .stats import wilson
from .tournament import GameResult, play_game, summarise

__all__ = ["GameResult", "Plan", "analyse", "play_game", "play_plan", "schedule", "seating",
           "summarise", "wilson"]
