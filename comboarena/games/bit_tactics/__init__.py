"""16 Bit Tactics: grid battles with height, facing, dice, jobs, monsters and campaigns."""

from .game import BitTactics
from .state import TacticsState

__all__ = ["BitTactics", "TacticsState"]
