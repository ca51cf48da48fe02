"""c-c-c-COMBO: a 4-player team card game of COMBOs, COUNTERs, BURNs and FEEDs."""

from .actions import DRAW, HEAL, PASS, Burn, ChooseBig, Discard, Draw, Heal, Pass, Play
from .game import CccCombo
from .state import CccState

__all__ = [
    "DRAW",
    "HEAL",
    "PASS",
    "Burn",
    "CccCombo",
    "CccState",
    "ChooseBig",
    "Discard",
    "Draw",
    "Heal",
    "Pass",
    "Play",
]
