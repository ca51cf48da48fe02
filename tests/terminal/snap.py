"""A tiny game with a reaction window for several seats, to test the terminal on its own.

"Snap": three players, ``rounds`` rounds. In round ``r`` seat ``r % 3`` has the
turn: ``flip`` (a card) or ``pass`` (no flip, no point). After a flip the two
other seats have a reaction window of ``window`` seconds: the first ``snap``
scores a point and closes it; ``pass`` lets it go (``pass`` on expiry); when
both pass, the flipper scores. Each seat holds a secret that only its own
view shows (``hand``), for the hot-seat screens.
"""

from __future__ import annotations

from typing import Any

from comboarena.core import Action, Event, GameInfo, GameNotOver, Option, Result, State, Timer
from comboarena.core.errors import NotationError
from comboarena.core.result import team_result

from ..doubles import DoubleGame, started

FLIP, SNAP, PASS = Action("flip"), Action("snap"), Action("pass")
ACTIONS = {"flip": FLIP, "snap": SNAP, "pass": PASS}


def secret(seat: int) -> str:
    return f"SECRET-OF-SEAT-{seat}"


class Snap(DoubleGame):
    info = GameInfo(
        name="snap-test",
        title="Snap (test)",
        summary="Flip on your turn; the others race to snap within the window.",
        rulebook="none",
        options=(
            Option("window", 3.0, "seconds to snap", kind=float, minimum=0.0),
            Option("rounds", 3, "rounds", kind=int, minimum=1),
        ),
        notation="flip, snap, pass",
        min_players=3,
        max_players=3,
        text_ui="comboarena.ui.textui:TextUI",
    )

    def _setup(self) -> None:
        self.players = 3
        self.teams = ((0,), (1,), (2,))

    def new_state(self, seed: int | None = None, deck: Any = None) -> SnapState:
        s = started(SnapState(), self, seed)
        s.round = 0
        s.waiting = ()
        s.points = [0, 0, 0]
        return s

    def parse_action(self, text: str) -> Action:
        try:
            return ACTIONS[text.strip().lower()]
        except (KeyError, AttributeError):
            raise NotationError(f"{text!r} is not a move of Snap; moves are flip, snap, pass") from None


class SnapState(State):
    __slots__ = ("points", "round", "waiting")
    game: Snap
    round: int
    waiting: tuple[int, ...]
    points: list[int]

    @property
    def turn(self) -> int:
        return self.round % 3

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return self.waiting or (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.round >= self.game.options["rounds"]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [SNAP, PASS] if self.waiting else [FLIP, PASS]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        action = self._action(action)
        if action not in self.legal_actions(seat):
            raise self._illegal(seat, action, "not now")
        self._log.append((seat, action))
        if not self.waiting:
            if action == FLIP:
                self.waiting = ((self.turn + 1) % 3, (self.turn + 2) % 3)
                return [Event("flip", seat, {})]
            self.round += 1
            return [Event("pass", seat, {})]
        if action == SNAP:
            self.points[seat] += 1
            self.waiting = ()
            self.round += 1
            return [Event("snap", seat, {})]
        self.waiting = tuple(s for s in self.waiting if s != seat)
        events = [Event("pass", seat, {})]
        if not self.waiting:
            self.points[self.turn] += 1
            self.round += 1
            events.append(Event("stands", None, {}))
        return events

    def timer(self) -> Timer | None:
        if self.waiting and self.game.options["window"] > 0:
            return Timer(self.game.options["window"], {s: PASS for s in self.waiting})
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"seat": seat, "round": self.round, "points": list(self.points)}
        v["waiting"] = list(self.waiting)
        if seat is not None:
            v["hand"] = secret(seat)
        return v

    def result(self) -> Result:
        if not self.is_over:
            raise GameNotOver("not over")
        return team_result(self.game.teams, self.points, "most points", "equal points")

    def clone(self) -> SnapState:
        new = SnapState()
        new.game = self.game
        new._chance, new._deck, new._start, new._log = self._chance.clone(), None, None, self._log[:]
        new.round, new.waiting, new.points = self.round, self.waiting, self.points[:]
        return new

    def _key(self) -> tuple[Any, ...]:
        return (self.round, self.waiting, tuple(self.points), tuple(map(str, self._log)))

    def _position(self) -> dict[str, Any]:
        raise NotImplementedError("a test double: the tests using it build no positions")
