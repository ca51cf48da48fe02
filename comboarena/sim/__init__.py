"""Self-play at scale: the runner, its statistics and reports."""

from .report import SimReport, Tally
from .runner import GameOutcome, play_game, run, seat_slots
from .stats import wilson

__all__ = ["GameOutcome", "SimReport", "Tally", "play_game", "run", "seat_slots", "wilson"]
