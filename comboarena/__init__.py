"""Combo Arena: play, simulate and study Sixteen, c-c-c-COMBO, Combo Fighter,
16 Combos and 16 Bit Tactics.

>>> import comboarena as ca
>>> game = ca.make("sixteen")
>>> state = game.new_state(seed=7)
>>> state.to_act
(0,)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import games as _games  # noqa: F401  (registers the built-in games)
from .agents import Agent
from .agents import make_agent as _make_agent
from .core import (
    Action,
    Chance,
    Encoder,
    Event,
    Game,
    GameInfo,
    GameNotOver,
    IllegalAction,
    NotationError,
    Option,
    OptionError,
    PositionError,
    Record,
    RecordError,
    Result,
    State,
    TurnQueue,
    Window,
    events_for,
    games,
    make,
    register,
    replay,
)

if TYPE_CHECKING:
    from . import testing as testing

__version__ = "0.1.0"


def make_agent(spec: str, game: Game) -> Agent:
    """Build an agent by name, e.g. ``"random"``, ``"ismcts:iters=400"``, ``"sixteen.heuristic"``."""
    return _make_agent(spec, game)


def __getattr__(name: str) -> Any:
    # ``ca.testing`` without importing it (and its helpers) on every ``import comboarena``.
    if name == "testing":
        import importlib

        return importlib.import_module(".testing", __name__)
    raise AttributeError(f"module 'comboarena' has no attribute {name!r}")


__all__ = [
    "Action",
    "Chance",
    "Encoder",
    "Event",
    "Game",
    "GameInfo",
    "GameNotOver",
    "IllegalAction",
    "NotationError",
    "Option",
    "OptionError",
    "PositionError",
    "Record",
    "RecordError",
    "Result",
    "State",
    "TurnQueue",
    "Window",
    "events_for",
    "games",
    "make",
    "make_agent",
    "register",
    "replay",
    "testing",
]
