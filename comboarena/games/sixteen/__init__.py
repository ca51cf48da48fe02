"""Sixteen: draw, play, make 16 or a match, never bust."""

from .actions import DRAW, Draw, Play
from .game import Sixteen
from .state import SixteenState

__all__ = ["DRAW", "Draw", "Play", "Sixteen", "SixteenState"]
