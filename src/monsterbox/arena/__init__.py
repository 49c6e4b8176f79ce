"""Tournaments between agents: seat-rotated schedules, resumable result streams, local or Ray workers,
statistics with confidence intervals, ratings, reports and plots; and game analysis (``analyze``)."""

from monsterbox.arena.runner import ArenaConfig, run_arena
from monsterbox.arena.stats import mean_ci, wilson

__all__ = ["ArenaConfig", "mean_ci", "run_arena", "wilson"]
