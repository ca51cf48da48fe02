"""``human``: a person at the terminal, asked for each move."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

from comboarena.agents import Agent
from comboarena.core import Action, Game

from .prompt import read_action


class HumanAgent(Agent):
    """Shows the seat's view and asks for a move (see :mod:`comboarena.terminal`). It lives
    with the terminal, which it needs; ``make_agent("human", game)`` finds it by name."""

    name = "human"

    def __init__(self, game: Game) -> None:
        self.game = game
        self._ui: Any = None

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        console = Console()
        if self._ui is None:
            self._ui = self.game.text_ui()
        names = [f"seat {s}" for s in range(self.game.players)]
        if view.get("seat") is not None:
            names[view["seat"]] = "You"
        console.print(self._ui.render(view, names))
        return read_action(console, self.game, self._ui, legal, console.input)
