"""Terminal play: rendering with rich, prompting people, running a table."""

from comboarena.core.grammar import YOU
from comboarena.ui import Command, MenuItem, TextUI

from .keyboard import Keyboard, WindowClosed
from .prompt import Quit, TimeUp, read_action
from .reaction import ReactionDelay
from .session import Session

__all__ = [
    "YOU",
    "Command",
    "Keyboard",
    "MenuItem",
    "Quit",
    "ReactionDelay",
    "Session",
    "TextUI",
    "TimeUp",
    "WindowClosed",
    "read_action",
]
