"""c-c-c-COMBO: a 4-player team card game of COMBOs, COUNTERs, BURNs and FEEDs."""

from .actions import DRAW, HEAL, PASS, Burn, ChooseBig, Discard, Draw, Heal, Pass, Play
from .encoder import CccEncoder
from .game import CccCombo
from .state import CccState
from .view import CccView, DrawReason, Effect, EventKind, Phase, Termination

__all__ = [
    "DRAW",
    "HEAL",
    "PASS",
    "Burn",
    "CccCombo",
    "CccEncoder",
    "CccState",
    "CccView",
    "ChooseBig",
    "Discard",
    "Draw",
    "DrawReason",
    "Effect",
    "EventKind",
    "Heal",
    "Pass",
    "Phase",
    "Play",
    "Termination",
]
