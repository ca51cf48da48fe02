"""What a game supplies to be shown in a terminal: its table rendered with rich,
its move menu and its own commands (:class:`TextUI`). A game's ``text.py``
subclasses it; the terminal (``comboarena.terminal``) uses it. Its words for
events and results come from the game's plain-text narration
(:class:`comboarena.core.narration.Narration`), which the server shares."""

from .textui import Command, MenuItem, TextUI

__all__ = ["Command", "MenuItem", "TextUI"]
