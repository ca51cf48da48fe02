"""How long an agent takes to answer a reaction window in real time.

Agents decide in microseconds; in a timed window (``State.timer()``, e.g.
c-c-c-COMBO's "3 seconds" to COUNTER) that would let an agent pre-empt every
person at the table. A real-time client therefore asks everyone when the
window opens and lets each agent answer after a human-like delay, drawn
afresh for every decision from ``low``-``high`` seconds (default 0.6-2) and
always inside the window.

>>> import random
>>> delay = ReactionDelay.parse("0.6-2")
>>> delay
ReactionDelay(low=0.6, high=2.0)
>>> 0.6 <= delay.draw(random.Random(1), window=3.0) <= 2.0
True
>>> delay.draw(random.Random(1), window=1.0) < 1.0   # a short window: still inside it
True
>>> ReactionDelay.parse("0").draw(random.Random(1), window=3.0)
0.0
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from comboarena.core import OptionError

#: The latest share of a window in which an agent answers, so that it always answers inside it.
INSIDE = 0.9


@dataclass(frozen=True)
class ReactionDelay:
    """Seconds an agent waits before answering a real-time window: uniform in ``low``-``high``."""

    low: float = 0.6
    high: float = 2.0

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise OptionError(f"reaction delay {self.low}-{self.high}: give MIN-MAX seconds with 0 <= MIN <= MAX")

    @classmethod
    def parse(cls, text: str) -> ReactionDelay:
        """``"0.6-2"`` (a range) or ``"1"`` (always that long); raises :class:`OptionError`."""
        low, sep, high = text.strip().partition("-")
        try:
            a = float(low)
            b = float(high) if sep else a
        except ValueError:
            raise OptionError(
                f"reaction delay {text!r}: give MIN-MAX seconds, e.g. 0.6-2, or one number (0: at once)"
            ) from None
        return cls(a, b)

    def draw(self, rng: random.Random, window: float) -> float:
        """A delay for one decision in a window of ``window`` seconds (always less than it)."""
        top = min(self.high, INSIDE * window)
        bottom = min(self.low, top)
        return bottom if bottom == top else rng.uniform(bottom, top)

    def __str__(self) -> str:
        return f"{self.low:g}-{self.high:g}"


__all__ = ["INSIDE", "ReactionDelay"]
