"""Terminal play: rendering with rich, prompting people, running a table."""

from .prompt import Quit, read_action
from .session import Session
from .textui import MenuItem, TextUI

__all__ = ["MenuItem", "Quit", "Session", "TextUI", "read_action"]
