"""The game protocol shared by every game: errors, options, actions, events,
results, records and the registry. Imports nothing from games, agents, sim or
server."""

from .action import Action
from .errors import (
    ComboArenaError,
    GameNotOver,
    IllegalAction,
    InvariantError,
    NotationError,
    OptionError,
    RecordError,
)
from .events import Event, events_for
from .game import Game, GameInfo, State, Timer, check_seat
from .options import Option, parse_option_texts, resolve_options
from .record import FORMAT_VERSION, Record, replay
from .registry import game_class, games, make, register
from .result import Result, team_result

__all__ = [
    "FORMAT_VERSION",
    "Action",
    "ComboArenaError",
    "Event",
    "Game",
    "GameInfo",
    "GameNotOver",
    "IllegalAction",
    "InvariantError",
    "NotationError",
    "Option",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "State",
    "Timer",
    "check_seat",
    "events_for",
    "game_class",
    "games",
    "make",
    "parse_option_texts",
    "register",
    "replay",
    "resolve_options",
    "team_result",
]
