"""The agent protocol: ``choose(view, legal_actions, rng) -> Action``.

An agent sees only the view of its own seat and the list of its legal actions.
"""

from __future__ import annotations

import random
from typing import Any

from comboarena.core import Action, Event


class Agent:
    """Base of all agents. Subclasses implement :meth:`choose`.

    Agents that track what happens (e.g. an opponent's habits) set
    ``wants_events = True`` and receive, after every action, the events as their
    seat may see them through :meth:`observe`. Agents whose choice never reads
    the view (it depends on the legal actions and ``rng`` only) set
    ``wants_view = False``: a loop may then hand them an empty dict instead of
    building the view, which in some games costs more than the step itself.
    """

    name = "agent"
    wants_events = False
    wants_view = True

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def reset(self, seat: int) -> None:
        """Called before each game with the agent's seat."""

    def observe(self, events: list[Event]) -> None:
        """The events of the last action, filtered for this agent's seat."""

    def __repr__(self) -> str:
        return f"<agent {self.name}>"


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions."""

    name = "random"
    wants_view = False

    def __init__(self, game: Any = None) -> None:
        self.game = game

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


class FirstAgent(Agent):
    """Always takes the first legal action (deterministic; for tests and baselines)."""

    name = "first"
    wants_view = False

    def __init__(self, game: Any = None) -> None:
        self.game = game

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return legal[0]
