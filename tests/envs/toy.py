"""Raise: a stand-in game whose first answer changes the other seat's decision in the same window.

Both seats owe a decision at once. Seat 0 answers ``calm`` or ``raise``; seat 1
``a`` or ``b``. If seat 0 raises before seat 1 has answered, seat 1's question
changes: it must now ``call`` or ``fold``. No game of the package does this
yet, but the protocol allows it, and the Parallel env must not apply seat 1's
answer to the old question to the new one.
"""

from __future__ import annotations

import random
from typing import Any

from comboarena.core import Action, Encoder, Event, GameInfo, Layout, NotationError, Result, State

from ..doubles import DoubleGame, started

ACTIONS = {text: Action(text) for text in ("calm", "raise", "a", "b", "call", "fold")}


class RaiseEncoder(Encoder):
    def __init__(self) -> None:
        layout = Layout()
        layout.add("raised", 1, "1 once seat 0 has raised")
        super().__init__(list(ACTIONS.values()), layout)

    def observe(self, view: dict[str, Any]) -> list[float]:
        return [1.0 if view["raised"] else 0.0]


class Raise(DoubleGame):
    info = GameInfo(
        name="raise-test",
        title="Raise (test)",
        summary="Two seats answer at once; a raise changes the other's question.",
        rulebook="none",
        options=(),
        notation="calm, raise, a, b, call, fold",
        min_players=2,
        max_players=2,
    )

    def _setup(self) -> None:
        self.players = 2
        self.teams = ((0,), (1,))

    def new_state(self, seed: int | None = None, deck: Any = None) -> RaiseState:
        state = started(RaiseState(), self, seed)
        state.answers = {}
        state.raised = False
        return state

    def parse_action(self, text: str) -> Action:
        if text not in ACTIONS:
            raise NotationError(f"{text!r} is not a move of Raise")
        return ACTIONS[text]

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> State:
        raise NotImplementedError

    def encoder(self) -> Encoder:
        return RaiseEncoder()


class RaiseState(State):
    __slots__ = ("answers", "raised")
    answers: dict[int, str]
    raised: bool

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(s for s in (0, 1) if s not in self.answers)

    @property
    def is_over(self) -> bool:
        return len(self.answers) == 2

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        if seat == 0:
            return [ACTIONS["calm"], ACTIONS["raise"]]
        return [ACTIONS["call"], ACTIONS["fold"]] if self.raised else [ACTIONS["a"], ACTIONS["b"]]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        action = self._action(action)
        if action not in self.legal_actions(seat):
            raise self._illegal(seat, action, "not now")
        self._log.append((seat, action))
        self.answers[seat] = str(action)
        self.raised = self.raised or str(action) == "raise"
        return []

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"raised": self.raised}

    def result(self) -> Result:
        return Result((0, 1), (0.0, 0.0), (0, 0), "both answered")

    def clone(self) -> RaiseState:
        new = self.copy_base()
        new.answers = dict(self.answers)
        new.raised = self.raised
        return new
