"""Combo Fighter: simultaneous face-down plays, the Win Circle, combos, and a deck
that is your life bar. Fighters are data (``fighters/*.toml``, one file each);
see ``docs/rules/combo-fighter.md`` and ``docs/games/combo-fighter.md``."""

from .actions import AsideAction, CardAction, Pick, Word, parse
from .content import Fighter, FighterDataError, fighter_ids, fighters, load_fighter, load_fighter_file
from .game import ComboFighter
from .state import FighterState
from .view import EventKind, FighterView, Phase, Termination

__all__ = [
    "AsideAction",
    "CardAction",
    "ComboFighter",
    "EventKind",
    "Fighter",
    "FighterDataError",
    "FighterState",
    "FighterView",
    "Phase",
    "Pick",
    "Termination",
    "Word",
    "fighter_ids",
    "fighters",
    "load_fighter",
    "load_fighter_file",
    "parse",
]
