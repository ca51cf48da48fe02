"""Real-time limits at a table: the rules' reaction windows and per-move clocks.

The engine is turn-based and deterministic; it only says, through
``State.timer()``, that the open decision has a real-time limit and what each
seat does when it runs out. This module keeps the deadlines (in event-loop
time); :class:`comboarena.server.live.LiveTable` applies what expires.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from comboarena.core import Action, Timer


@dataclass
class Window:
    """An open reaction window: ``on_expiry[seat]`` is applied for every seat
    still to answer at ``deadline``."""

    deadline: float
    seconds: float
    on_expiry: dict[int, Action]

    @property
    def seats(self) -> frozenset[int]:
        return frozenset(self.on_expiry)


def next_window(old: Window | None, timer: Timer | None, actor: int | None, now: float) -> Window | None:
    """The window after an action by ``actor`` (``None``: no action, e.g. a re-check).

    A seat answering inside a window does not give the others more time: when
    the actor was one of the seats the old window waited for and the new window
    waits for some of the same seats, it is the same window and keeps its
    deadline. Anything else opens a new window with the full time.

    >>> from comboarena.core import Action, Timer
    >>> w = next_window(None, Timer(3.0, {1: Action("pass"), 2: Action("pass")}), 0, now=10.0)
    >>> w.deadline, sorted(w.seats)
    (13.0, [1, 2])
    >>> next_window(w, Timer(3.0, {2: Action("pass")}), 1, now=11.5).deadline
    13.0
    """
    if timer is None:
        return None
    expiry = dict(timer.on_expiry)
    if old is not None and (actor is None or actor in old.seats) and set(expiry) <= old.seats:
        return Window(old.deadline, old.seconds, expiry)
    return Window(now + float(timer.seconds), float(timer.seconds), expiry)


@dataclass
class Clocks:
    """Per-move clocks of the people at a table: seat -> deadline.

    A seat's clock starts when it comes to owe a decision and restarts after
    each of its own moves; it stops when the seat no longer owes one.
    """

    deadlines: dict[int, float] = field(default_factory=dict)
    started: dict[int, float] = field(default_factory=dict)

    def update(self, owing: Iterable[int], actor: int | None, limit: float, now: float) -> None:
        owing = set(owing)
        for seat in list(self.deadlines):
            if seat not in owing or seat == actor:
                del self.deadlines[seat]
                del self.started[seat]
        for seat in owing:
            if seat not in self.deadlines:
                self.deadlines[seat] = now + limit
                self.started[seat] = limit

    def clear(self) -> None:
        self.deadlines.clear()
        self.started.clear()

    def expired(self, now: float) -> list[int]:
        return sorted(s for s, d in self.deadlines.items() if d <= now)


def earliest(window: Window | None, clocks: Clocks) -> float | None:
    """The next deadline of any kind, or ``None``."""
    times = list(clocks.deadlines.values())
    if window is not None:
        times.append(window.deadline)
    return min(times) if times else None


def timers_payload(
    window: Window | None, clocks: Clocks, viewer: int | None, now: float, idle: bool = False
) -> dict[str, Any]:
    """What a client shows as countdowns: seconds left, not wall-clock times
    (so the client's clock need not agree with the server's). ``idle``: the
    clocks are the server's idle limit, not a clock the table chose."""
    out: dict[str, Any] = {"window": None, "clocks": []}
    if window is not None:
        out["window"] = {
            "remaining": round(max(0.0, window.deadline - now), 2),
            "seconds": window.seconds,
            "mine": viewer is not None and viewer in window.seats,
            "seats": sorted(window.seats),
        }
    out["clocks"] = [
        {"seat": s, "remaining": round(max(0.0, d - now), 2), "seconds": clocks.started[s], "idle": idle}
        for s, d in sorted(clocks.deadlines.items())
    ]
    return out
