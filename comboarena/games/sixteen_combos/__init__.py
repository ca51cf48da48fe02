"""16 Combos (Poikilos 1.0 RC1): the card battle system with sixteen combos, checks and reactions."""

from .game import SixteenCombos
from .state import ComboState

__all__ = ["ComboState", "SixteenCombos"]
