"""Test doubles for terminal play: a clock the test moves, scripted agents and
people, and a terminal (a real pseudo-terminal) that a test types into."""

from __future__ import annotations

import io
import os
import pty
from collections.abc import Iterable

from comboarena.agents import Agent


class Time:
    """A clock that moves only when told (``sleep``), or by ``step`` at every reading."""

    def __init__(self, step: float = 0.0) -> None:
        self.now = 0.0
        self.step = step
        self.sleeps: list[float] = []

    def clock(self) -> float:
        now = self.now
        self.now += self.step
        return now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


class Script(Agent):
    """Plays ``moves`` in order when legal, else the first legal of ``prefer`` (else
    the first legal action); notes the time of each decision."""

    def __init__(self, *moves: str, prefer: tuple[str, ...] = ("pass",), time: Time | None = None) -> None:
        self.moves = list(moves)
        self.prefer = prefer
        self.time = time
        self.times: list[float] = []
        self.name = "script"

    def choose(self, view, legal, rng):
        if self.time is not None:
            self.times.append(self.time.now)
        names = [str(a) for a in legal]
        if self.moves and self.moves[0] in names:
            return legal[names.index(self.moves.pop(0))]
        for name in self.prefer:
            if name in names:
                return legal[names.index(name)]
        return legal[0]


class Person:
    """A person answering timed prompts: each answer is ``(seconds it takes, text)``;
    ``text=None`` (or taking the whole time) lets the time run out."""

    def __init__(self, time: Time, answers: Iterable[tuple[float, str | None]], lines: Iterable[str] = ()) -> None:
        self.time = time
        self.answers = list(answers)
        self.lines = list(lines)
        self.asked: list[tuple[float, float]] = []  # (when, seconds left)

    def timed(self, prompt: str, seconds: float) -> str | None:
        self.asked.append((self.time.now, seconds))
        took, text = self.answers.pop(0)
        if text is None or took >= seconds:
            self.time.now += seconds
            return None
        self.time.now += took
        return text

    def line(self, prompt: str) -> str:
        return self.lines.pop(0)


class Typist(io.StringIO):
    """A console file on a pseudo-terminal's output side that types into its input:
    ``when(text, keys)`` types ``keys`` the first time a write holds ``text``
    after the triggers before it have fired."""

    def __init__(self) -> None:
        super().__init__()
        self.master, self.slave = pty.openpty()
        self.triggers: list[tuple[str, bytes]] = []

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def when(self, text: str, keys: bytes) -> None:
        self.triggers.append((text, keys))

    def write(self, s: str) -> int:
        n = super().write(s)
        if self.triggers and self.triggers[0][0] in s:
            _, keys = self.triggers.pop(0)
            self.type(keys)
        return n

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)
        super().close()
