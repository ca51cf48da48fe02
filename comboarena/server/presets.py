"""The agents a client may seat: the server's named presets (levels).

A client never sends an agent spec. It names one of the presets listed here
(and by ``GET /api/games/{name}`` under ``agents``); anything else is refused
with the list. Each preset's cost per decision is bounded:

- ``random`` and ``first`` are instant, the game's own agents (its
  heuristic) take a few milliseconds (they run on the *light* lane of
  :mod:`.thinking`);
- the two search levels are ISMCTS with the settings ``docs/agents.md``
  suggests for the game, an iteration count, and a time budget per decision
  that the search honours (``ismcts:time=``, checked between iterations and
  inside rollouts), never more than ``Settings.think_limit``. They run on the
  *search* lane, where tables take turns.

Preset names look like agent specs (``ismcts:iters=200``) because that is
what earlier servers stored and offered; what runs is the preset's own
``spec``. A stored table whose seat names anything else (an older server
accepted any spec) is given the game's default agent when it is resumed.
"""

from __future__ import annotations

from dataclasses import dataclass

from comboarena.agents import Agent, make_agent
from comboarena.core import Game

#: The search levels: iterations per decision and the most seconds a decision may take.
SEARCH_LEVELS = ((200, 1.0), (1000, 3.0))


@dataclass(frozen=True)
class Preset:
    """One agent a client may seat."""

    #: What a client sends and a seat stores.
    name: str
    #: What the lobby and the seat list show.
    label: str
    #: The agent the server builds.
    spec: str
    #: Strength order, 0 the weakest.
    level: int
    #: Runs on the search lane (seconds per decision) rather than the light lane.
    search: bool = False
    #: The most seconds one decision may take (``None``: milliseconds).
    budget: float | None = None

    def build(self, game: Game) -> Agent:
        return make_agent(self.spec, game)

    def to_dict(self) -> dict[str, object]:
        return {"spec": self.name, "label": self.label, "level": self.level, "seconds": self.budget}


def presets(game: Game, think_limit: float) -> tuple[Preset, ...]:
    """Every preset of ``game``, weakest first; search budgets capped at ``think_limit`` seconds."""
    out = [Preset("random", "Random AI", "random", 0), Preset("first", "Simple AI", "first", 0)]
    # The game's own agents (its heuristic): chosen by the game's authors, not by a client.
    for own in game.info.agents:
        name = f"{game.name}.{own}"
        label = "Heuristic AI" if own == "heuristic" else f"{own.replace('_', ' ').capitalize()} AI"
        out.append(Preset(name, label, name, 1))
    # A search's rollouts stop where the game says (``Game.ismcts_cutoff``, ISMCTS's default).
    for level, (iters, seconds) in enumerate(SEARCH_LEVELS, 2):
        budget = min(seconds, think_limit)
        spec = f"ismcts:iters={iters}:time={budget:g}"
        out.append(Preset(f"ismcts:iters={iters}", f"Search AI ({iters})", spec, level, True, budget))
    return tuple(out)


def find_preset(game: Game, name: str, think_limit: float) -> Preset | None:
    """The preset called ``name``, or ``None``."""
    for p in presets(game, think_limit):
        if p.name == name:
            return p
    return None


def default_preset(game: Game, think_limit: float) -> Preset:
    """The opponent offered first: the game's heuristic if it has one, else random."""
    found = find_preset(game, f"{game.name}.heuristic", think_limit)
    return found or presets(game, think_limit)[0]
