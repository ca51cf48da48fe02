"""What the tests' small stand-in games (Poke, Counter, Broken, Snap) share: the parts
of the protocol those tests never reach, and a state started with no history."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from comboarena.core import Chance, Game, State

S = TypeVar("S", bound=State)


class DoubleGame(Game):
    """A test double: no determinization, positions or encoder (the tests using it need none)."""

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> State:
        raise NotImplementedError("a test double: the tests using it determinize nothing")

    def check_invariants(self, state: State) -> None:
        pass

    def _from_position(self, fields: Any, chance: Any) -> State:
        raise NotImplementedError("a test double: the tests using it build no positions")

    def encoder(self) -> Any:
        raise NotImplementedError("a test double: the tests using it need no encoder")


def started(state: S, game: Game, seed: int | None) -> S:
    """``state`` of ``game`` at its start: chance from ``seed`` (0 if None), no stacked deck, no moves."""
    state.game = game
    state._chance = Chance(seed or 0)
    state._deck = None
    state._start = None
    state._log = []
    return state
