"""Who owes a decision: windows several seats answer at once, and turn queues
with extra turns inserted.

Both are small immutable values (tuples and ints), so a state that holds one
clones it for free and a position writes it as plain JSON.

A :class:`Window` is a decision that several seats owe at once: face-down
plays (everyone must answer), a reaction window (the first counter closes it
for everyone), a set of damage takers. The state's ``to_act`` is the window's
``waiting``.

>>> w = Window.open((1, 2, 3))
>>> w = w.answer(2)
>>> w.waiting, w.answered, w.is_closed
((1, 3), (2,), False)
>>> w.close().is_closed
True

A :class:`TurnQueue` is whose turn it is, round by round: the round's order,
and extra turns inserted to be taken next ("get another turn", Quicken: "take
a turn right after the currently acting character").

>>> q = TurnQueue.start((0, 1, 2))
>>> q = q.insert_next(0)   # seat 0 earns an extra turn after this one
>>> q = q.advance(); q.current, q.extra_turn
(0, True)
>>> q = q.advance(); q.current, q.round
(1, 1)
>>> q.advance().advance().round
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .action import Action
from .errors import PositionError


class Window(NamedTuple):
    """A decision several seats owe at once: who was ``asked``, who is still ``waiting``."""

    asked: tuple[int, ...]
    waiting: tuple[int, ...]

    @classmethod
    def open(cls, seats: Sequence[int]) -> Window:
        """Ask ``seats`` (in the order given, which is ``to_act``'s order). The same
        seats give the same (shared) window."""
        seats = tuple(seats)
        window = _OPENED.get(seats)
        if window is None:
            window = cls(seats, seats)
            if len(_OPENED) < MEMO_LIMIT:
                _OPENED[seats] = window
        return window

    @classmethod
    def one(cls, seat: int) -> Window:
        """A decision of one seat alone."""
        return _ONE[seat] if 0 <= seat < len(_ONE) else cls((seat,), (seat,))

    def answer(self, seat: int) -> Window:
        """``seat`` has answered; it is no longer waited for."""
        key = (self, seat)
        window = _ANSWERED.get(key)
        if window is None:
            window = Window(self.asked, tuple(s for s in self.waiting if s != seat))
            if len(_ANSWERED) < MEMO_LIMIT:
                _ANSWERED[key] = window
        return window

    def close(self) -> Window:
        """Closed for everyone (e.g. the first COUNTER ends a reaction window)."""
        return Window(self.asked, ())

    @property
    def is_closed(self) -> bool:
        return not self.waiting

    @property
    def answered(self) -> tuple[int, ...]:
        """The seats asked that have answered, in the order asked."""
        waiting = self.waiting
        return tuple(s for s in self.asked if s not in waiting)

    def expects(self, seat: int) -> bool:
        return seat in self.waiting

    def timer_actions(self, action: Action) -> dict[int, Action]:
        """``action`` for every seat still waiting (what a real-time client applies on expiry)."""
        return {s: action for s in self.waiting}

    def to_json(self) -> dict[str, list[int]]:
        return {"asked": list(self.asked), "waiting": list(self.waiting)}

    @classmethod
    def from_json(cls, data: Any, where: str, players: int) -> Window:
        """Read :meth:`to_json`'s form; every seat in range, ``waiting`` among ``asked``."""
        if not isinstance(data, dict) or set(data) != {"asked", "waiting"}:
            raise PositionError(f"{where} must be an object with 'asked' and 'waiting' (lists of seats)")
        asked, waiting = (
            _seats(data["asked"], f"{where}.asked", players),
            _seats(data["waiting"], f"{where}.waiting", players),
        )
        if not set(waiting) <= set(asked):
            raise PositionError(f"{where}.waiting names seats that were not asked")
        return cls(asked, waiting)


_ONE = tuple(Window((s,), (s,)) for s in range(16))

# Windows and turn queues are immutable values, and a table uses few of them: each
# step is worked out once and remembered, so a pass or a new turn in self-play costs
# a dict look-up rather than new tuples. The memos are bounded (then they stop growing).
MEMO_LIMIT = 1 << 14
_OPENED: dict[tuple[int, ...], Window] = {}
_ANSWERED: dict[tuple[Window, int], Window] = {}
_ADVANCED: dict[TurnQueue, TurnQueue] = {}


class TurnQueue(NamedTuple):
    """Turns in rounds: the round's ``order``, the turn at ``at`` in it, and
    ``extra`` turns inserted before the order goes on.

    ``current`` is the actor whose turn it is (a seat, a character, a unit);
    ``extra_turn`` says whether it is an inserted turn rather than a regular one.
    """

    order: tuple[int, ...]
    at: int
    extra: tuple[int, ...]
    current: int
    extra_turn: bool
    round: int

    @classmethod
    def start(cls, order: Sequence[int], round: int = 1) -> TurnQueue:
        """Round ``round`` begins with ``order[0]``'s turn."""
        order = tuple(order)
        if not order:
            raise ValueError("a turn order needs at least one actor")
        return cls(order, 0, (), order[0], False, round)

    def insert_next(self, actor: int) -> TurnQueue:
        """``actor`` takes a turn right after the current one (before other inserted turns)."""
        return self._replace(extra=(actor, *self.extra))

    def insert_last(self, actor: int) -> TurnQueue:
        """``actor`` takes a turn after the turns already inserted."""
        return self._replace(extra=(*self.extra, actor))

    @property
    def round_over(self) -> bool:
        """The current turn is the round's last: no extra turn waits and the order is done."""
        return not self.extra and self.at >= len(self.order) - 1

    def advance(
        self,
        skip: Callable[[int], bool] | None = None,
        next_order: Callable[[int], Sequence[int]] | None = None,
    ) -> TurnQueue:
        """The next turn: an inserted one first, else the next in the order; after the
        order's last, a new round (with ``next_order(round)`` if given, else the same order).

        Actors for which ``skip`` is true are passed over (out of the game, or
        unable to act); if every actor of a new round would be skipped, raises
        ``ValueError`` (the caller ends the game before that).
        """
        if skip is None and next_order is None:
            nxt = _ADVANCED.get(self)
            if nxt is None:
                nxt = self._advance(None, None)
                if len(_ADVANCED) < MEMO_LIMIT:
                    _ADVANCED[self] = nxt
            return nxt
        return self._advance(skip, next_order)

    def _advance(
        self,
        skip: Callable[[int], bool] | None,
        next_order: Callable[[int], Sequence[int]] | None,
    ) -> TurnQueue:
        # Positional construction: NamedTuple._replace costs several times as much, and
        # every turn of a self-play game comes through here.
        order, at, extra, current, extra_turn, round_ = self
        began_round = False
        while True:
            if extra:
                current, extra, extra_turn = extra[0], extra[1:], True
            elif at + 1 < len(order):
                at += 1
                current, extra_turn = order[at], False
            elif began_round:
                raise ValueError("no actor left to take a turn")
            else:
                if next_order is not None:
                    order = tuple(next_order(round_ + 1))
                    if not order:
                        raise ValueError("a turn order needs at least one actor")
                at, current, extra_turn, round_ = 0, order[0], False, round_ + 1
                began_round = True
            if skip is None or not skip(current):
                return TurnQueue(order, at, extra, current, extra_turn, round_)

    def to_json(self) -> dict[str, Any]:
        return {
            "order": list(self.order),
            "at": self.at,
            "extra": list(self.extra),
            "current": self.current,
            "extra_turn": self.extra_turn,
            "round": self.round,
        }

    @classmethod
    def from_json(cls, data: Any, where: str, actors: int) -> TurnQueue:
        keys = {"order", "at", "extra", "current", "extra_turn", "round"}
        if not isinstance(data, dict) or set(data) != keys:
            raise PositionError(f"{where} must be an object with {', '.join(sorted(keys))}")
        order = _seats(data["order"], f"{where}.order", actors)
        extra = _seats(data["extra"], f"{where}.extra", actors)
        at, current, rnd = data["at"], data["current"], data["round"]
        if not order or not isinstance(at, int) or not 0 <= at < len(order):
            raise PositionError(f"{where}.at must point into a non-empty order")
        if not isinstance(current, int) or not 0 <= current < actors:
            raise PositionError(f"{where}.current must be from 0 to {actors - 1}")
        if not isinstance(data["extra_turn"], bool):
            raise PositionError(f"{where}.extra_turn must be true or false")
        if not data["extra_turn"] and current != order[at]:
            raise PositionError(f"{where}.current must be order[at] on a regular turn")
        if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
            raise PositionError(f"{where}.round must be a whole number >= 1")
        return cls(order, at, extra, current, data["extra_turn"], rnd)


def _seats(value: Any, where: str, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in value
    ):
        raise PositionError(f"{where} must be a list of numbers from 0 to {players - 1}")
    return tuple(value)


__all__ = ["TurnQueue", "Window"]
