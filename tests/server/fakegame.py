"""A tiny game with a rules timer, to test the server's timers on their own.

"Poke": two players, three rounds. Seat 0 pokes (``poke``); then seat 1 has a
reaction window of ``window`` seconds to ``block`` or ``pass`` (``pass`` on
expiry). Each block is a point for seat 1, each unanswered poke one for seat 0.
Seat 0 also holds a secret number (``secret``) that only its own view shows.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from comboarena.agents import Agent
from comboarena.core import (
    Action,
    Event,
    GameInfo,
    GameNotOver,
    Option,
    Result,
    State,
    Timer,
    team_result,
)
from comboarena.core.errors import NotationError

from ..doubles import DoubleGame, started

POKE, BLOCK, PASS = Action("poke"), Action("block"), Action("pass")
ACTIONS = {"poke": POKE, "block": BLOCK, "pass": PASS}
ROUNDS = 3


class Poke(DoubleGame):
    info = GameInfo(
        name="poke-test",
        title="Poke (test)",
        summary="Seat 0 pokes; seat 1 blocks or lets it pass within the window.",
        rulebook="none",
        options=(Option("window", 0.3, "seconds to answer a poke", kind=float, minimum=0.0),),
        notation="poke, block, pass",
        min_players=2,
        max_players=2,
    )

    def _setup(self) -> None:
        self.players = 2
        self.teams = ((0,), (1,))

    def new_state(self, seed: int | None = None, deck: Any = None) -> PokeState:
        s = started(PokeState(), self, seed)
        s.round = 0
        s.waiting = False
        s.points = [0, 0]
        s.secret = s._chance.below(1000)
        return s

    def parse_action(self, text: str) -> Action:
        try:
            return ACTIONS[text.strip().lower()]
        except (KeyError, AttributeError):
            raise NotationError(f"{text!r} is not a move of Poke; moves are poke, block, pass") from None


class PokeState(State):
    __slots__ = ("points", "round", "secret", "waiting")
    game: Poke
    round: int
    waiting: bool
    points: list[int]
    secret: int

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return (1,) if self.waiting else (0,)

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [BLOCK, PASS] if self.waiting else [POKE]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        action = self._action(action)
        if action not in self.legal_actions(seat):
            raise self._illegal(seat, action, "not now")
        self._log.append((seat, action))
        if action == POKE:
            self.waiting = True
            return [Event("poke", seat, {}, ((0,), {"secret": self.secret}))]
        self.waiting = False
        self.points[1 if action == BLOCK else 0] += 1
        self.round += 1
        return [Event(str(action), seat, {"points": list(self.points)})]

    def timer(self) -> Timer | None:
        if self.waiting and self.game.options["window"] > 0:
            return Timer(self.game.options["window"], {1: PASS})
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"seat": seat, "round": self.round, "points": list(self.points), "waiting": self.waiting}
        if seat == 0:
            v["secret"] = self.secret
        return v

    def result(self) -> Result:
        if not self.is_over:
            raise GameNotOver("not over")
        return team_result(self.game.teams, self.points, "most points", "equal points")

    def clone(self) -> PokeState:
        new = PokeState()
        new.game = self.game
        new._chance, new._deck, new._start, new._log = self._chance.clone(), None, None, self._log[:]
        new.round, new.waiting, new.points, new.secret = self.round, self.waiting, self.points[:], self.secret
        return new

    def _key(self) -> tuple[Any, ...]:
        return (self.round, self.waiting, tuple(self.points), self.secret, tuple(map(str, self._log)))

    def _position(self) -> dict[str, Any]:
        raise NotImplementedError("a test double: the tests using it build no positions")


COMBO, COUNTER = Action("combo"), Action("counter")
WINDOW_ACTIONS = {"combo": COMBO, "counter": COUNTER, "pass": PASS}


class Broken(Agent):
    """An agent that always fails (the table's fallback policy must cover for it)."""

    name = "broken"

    def __init__(self, game: Any = None) -> None:
        self.game = game

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        raise RuntimeError("this agent always fails")


class Stuck(Agent):
    """An agent that never finishes thinking (a stopping server must not wait for it)."""

    name = "stuck"

    def __init__(self, game: Any = None) -> None:
        self.game = game

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        import time

        time.sleep(600)
        return legal[0]


class StuckPoke(Poke):
    """Poke with an agent that thinks for ever (``stuck-test.stuck``)."""

    info = dataclasses.replace(Poke.info, name="stuck-test", agents={"stuck": "tests.server.fakegame:Stuck"})


class Counter(DoubleGame):
    """ "Counter": three players, three rounds. Seat 0 plays ``combo``; then seats
    1 and 2 both owe an answer in a reaction window of ``window`` seconds:
    ``counter`` (a point for them) or ``pass`` (on expiry). A round nobody
    counters is a point for seat 0."""

    info = GameInfo(
        name="counter-test",
        title="Counter (test)",
        summary="Seat 0 combos; seats 1 and 2 may counter within the window.",
        rulebook="none",
        options=(Option("window", 1.0, "seconds to answer a combo", kind=float, minimum=0.0),),
        notation="combo, counter, pass",
        min_players=3,
        max_players=3,
        agents={"broken": "tests.server.fakegame:Broken"},
    )

    def _setup(self) -> None:
        self.players = 3
        self.teams = ((0,), (1,), (2,))

    def new_state(self, seed: int | None = None, deck: Any = None) -> CounterState:
        s = started(CounterState(), self, seed)
        s.round = 0
        s.owing = []
        s.countered = False
        s.points = [0, 0, 0]
        return s

    def parse_action(self, text: str) -> Action:
        try:
            return WINDOW_ACTIONS[text.strip().lower()]
        except (KeyError, AttributeError):
            raise NotationError(f"{text!r} is not a move of Counter; moves are combo, counter, pass") from None


class CounterState(State):
    __slots__ = ("countered", "owing", "points", "round")
    game: Counter
    round: int
    owing: list[int]
    countered: bool
    points: list[int]

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(self.owing) if self.owing else (0,)

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [COUNTER, PASS] if self.owing else [COMBO]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        action = self._action(action)
        if action not in self.legal_actions(seat):
            raise self._illegal(seat, action, "not now")
        self._log.append((seat, action))
        if action == COMBO:
            self.owing = [1, 2]
            self.countered = False
            return [Event("combo", seat, {"round": self.round})]
        self.owing.remove(seat)
        if action == COUNTER:
            self.points[seat] += 1
            self.countered = True
        events = [Event(str(action), seat, {"round": self.round})]
        if not self.owing:
            if not self.countered:
                self.points[0] += 1
            self.round += 1
        return events

    def timer(self) -> Timer | None:
        if self.owing and self.game.options["window"] > 0:
            return Timer(self.game.options["window"], dict.fromkeys(self.owing, PASS))
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "round": self.round, "points": list(self.points), "owing": list(self.owing)}

    def result(self) -> Result:
        if not self.is_over:
            raise GameNotOver("not over")
        return team_result(self.game.teams, self.points, "most points", "equal points")

    def clone(self) -> CounterState:
        new = CounterState()
        new.game = self.game
        new._chance, new._deck, new._start, new._log = self._chance.clone(), None, None, self._log[:]
        new.round, new.owing, new.countered, new.points = self.round, self.owing[:], self.countered, self.points[:]
        return new

    def _key(self) -> tuple[Any, ...]:
        return (self.round, tuple(self.owing), self.countered, tuple(self.points), tuple(map(str, self._log)))

    def _position(self) -> dict[str, Any]:
        raise NotImplementedError("a test double: the tests using it build no positions")
