"""The game protocol shared by every game: errors, options, actions, events,
results, records, positions, chance, encoders, windows and turn queues, and
the registry. Imports nothing from games, agents, sim or server."""

from .action import Action
from .chance import Chance
from .encoder import Encoder, Feature, Layout, Observation, one_hot
from .errors import (
    ComboArenaError,
    GameNotOver,
    IllegalAction,
    InvariantError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
)
from .events import Event, events_for
from .game import Game, GameInfo, State, Timer, check_seat
from .loading import load_object
from .options import Option, options_json, parse_option_texts, resolve_options
from .position import Fields
from .record import FORMAT_VERSION, Record
from .registry import game_class, games, make, register
from .replay import replay
from .result import Result, team_result
from .turns import TurnQueue, Window

__all__ = [
    "FORMAT_VERSION",
    "Action",
    "Chance",
    "ComboArenaError",
    "Encoder",
    "Event",
    "Feature",
    "Fields",
    "Game",
    "GameInfo",
    "GameNotOver",
    "IllegalAction",
    "InvariantError",
    "Layout",
    "NotationError",
    "Observation",
    "Option",
    "OptionError",
    "PositionError",
    "Record",
    "RecordError",
    "Result",
    "State",
    "Timer",
    "TurnQueue",
    "Window",
    "check_seat",
    "events_for",
    "game_class",
    "games",
    "load_object",
    "make",
    "one_hot",
    "options_json",
    "parse_option_texts",
    "register",
    "replay",
    "resolve_options",
    "team_result",
]
