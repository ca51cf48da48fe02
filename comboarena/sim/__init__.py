"""Self-play at scale: the runner, its backends, statistics and reports."""

from .backends import BACKENDS, Backend, BackendError
from .driver import check_backend, open_backend, simulate
from .report import SimReport, Tally
from .runner import GameOutcome, play_game, run, seat_slots
from .stats import effective_games, wilson

__all__ = [
    "BACKENDS",
    "Backend",
    "BackendError",
    "GameOutcome",
    "SimReport",
    "Tally",
    "check_backend",
    "effective_games",
    "open_backend",
    "play_game",
    "run",
    "seat_slots",
    "simulate",
    "wilson",
]
