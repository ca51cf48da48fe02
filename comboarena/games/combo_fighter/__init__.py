"""Combo Fighter: simultaneous face-down plays, the Win Circle, combos, and a deck
that is your life bar. Fighters are data (``fighters/*.toml``); see
``docs/rules/combo-fighter.md``."""

from .actions import AsideAction, CardAction, Pick, Word, parse
from .content import Fighter, FighterDataError, fighters, load_fighter, load_fighter_file
from .game import ComboFighter
from .state import FighterState

__all__ = [
    "AsideAction",
    "CardAction",
    "ComboFighter",
    "Fighter",
    "FighterDataError",
    "FighterState",
    "Pick",
    "Word",
    "fighters",
    "load_fighter",
    "load_fighter_file",
    "parse",
]
