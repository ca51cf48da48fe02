"""Terminal play: rendering with rich, prompting people, running a table."""

from .grammar import YOU
from .keyboard import Keyboard, WindowClosed
from .prompt import Quit, TimeUp, read_action
from .reaction import ReactionDelay
from .session import Session
from .textui import Command, MenuItem, TextUI

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
