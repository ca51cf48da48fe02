"""The one source of chance of a state: shuffles, draws from a range and dice.

A :class:`Chance` is two integers (the game's ``seed`` and the number of
``draws`` taken so far) plus the results a scenario forced. The ``k``-th draw
uses its own stream derived from ``(seed, k)`` (SplitMix64, see
:mod:`comboarena.core.rng`), so cloning a state copies two ints, a
position can hold the chance state as plain JSON, and a determinized state
with a fresh seed cannot foresee the real one's future.

Scenarios write their dice down like a stacked deck: forced results are
used first, in order, by :meth:`Chance.roll` and :meth:`Chance.below`.

>>> c = Chance(7)
>>> d = c.clone()
>>> c.roll(6) == d.roll(6), c.draws
(True, 1)
>>> c.force(6, 1)
>>> c.roll(6), c.roll(6)
(6, 1)
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any, TypeVar

from .errors import OptionError, PositionError
from .rng import derive, new_seed

T = TypeVar("T")


class Chance:
    """Seeded, countable, forceable randomness; see the module docstring."""

    __slots__ = ("draws", "forced", "seed")

    seed: int
    draws: int
    forced: tuple[int, ...]

    def __init__(self, seed: int | None = None, draws: int = 0, forced: tuple[int, ...] = ()) -> None:
        self.seed = new_seed() if seed is None else seed
        self.draws = draws
        self.forced = tuple(forced)

    # -- drawing ------------------------------------------------------------------

    def deal(self, items: MutableSequence[Any]) -> None:
        """The game's opening shuffle, seeded by the seed itself (``random.Random(seed)``).

        Counted as a draw like any other; the games that dealt this way before
        the chance object existed deal exactly as they did, so old records replay.
        """
        random.Random(self.seed).shuffle(items)
        self.draws += 1

    def stream(self) -> random.Random:
        """A generator of the next draw's own stream, for a rule that needs several
        numbers at once (counts as one draw)."""
        rng = random.Random(derive(self.seed, self.draws))
        self.draws += 1
        return rng

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place with the next draw's stream."""
        random.Random(derive(self.seed, self.draws)).shuffle(items)
        self.draws += 1

    def below(self, n: int) -> int:
        """A number from ``0`` to ``n - 1`` (a forced result first, if any)."""
        if n < 1:
            raise ValueError(f"cannot draw from an empty range (n = {n})")
        if self.forced:
            value = self._forced(0, n - 1, f"a draw from 0..{n - 1}")
        else:
            value = derive(self.seed, self.draws) % n
        self.draws += 1
        return value

    def roll(self, sides: int) -> int:
        """A roll of a ``sides``-sided die: ``1`` to ``sides`` (a forced result first, if any)."""
        if sides < 1:
            raise ValueError(f"a die has at least one side, not {sides}")
        if self.forced:
            value = self._forced(1, sides, f"a d{sides}")
        else:
            value = derive(self.seed, self.draws) % sides + 1
        self.draws += 1
        return value

    def choice(self, items: list[T]) -> T:
        """One of ``items``, uniformly (counts as one draw)."""
        return items[self.below(len(items))]

    def _forced(self, low: int, high: int, what: str) -> int:
        value, self.forced = self.forced[0], self.forced[1:]
        if not low <= value <= high:
            raise OptionError(f"the forced result {value} is not a result of {what} ({low} to {high})")
        return value

    # -- scenarios ------------------------------------------------------------------

    def force(self, *results: int) -> None:
        """Queue results for the next :meth:`roll` and :meth:`below` calls (scenario dice)."""
        for r in results:
            if not isinstance(r, int) or isinstance(r, bool):
                raise OptionError(f"a forced result is a whole number, not {r!r}")
        self.forced += results

    # -- copying and positions --------------------------------------------------------

    def clone(self) -> Chance:
        new = Chance.__new__(Chance)
        new.seed = self.seed
        new.draws = self.draws
        new.forced = self.forced
        return new

    def to_json(self) -> dict[str, Any]:
        """``{"seed", "draws", "forced"}``: the chance state as it stands, for positions."""
        return {"seed": self.seed, "draws": self.draws, "forced": list(self.forced)}

    @classmethod
    def from_json(cls, data: Any, where: str = "position.chance") -> Chance:
        """Read :meth:`to_json`'s form back; raises :class:`PositionError` naming the field."""
        if not isinstance(data, dict):
            raise PositionError(f"{where} must be an object with seed, draws and forced")
        unknown = sorted(set(data) - {"seed", "draws", "forced"})
        if unknown:
            raise PositionError(f"{where}: unknown field {unknown[0]!r}; fields are seed, draws, forced")
        seed, draws, forced = data.get("seed"), data.get("draws", 0), data.get("forced", [])
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise PositionError(f"{where}.seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
        if not isinstance(draws, int) or isinstance(draws, bool) or draws < 0:
            raise PositionError(f"{where}.draws must be a whole number >= 0, got {draws!r}")
        if not isinstance(forced, list) or not all(_is_int(r) for r in forced):
            raise PositionError(f"{where}.forced must be a list of whole numbers, got {forced!r}")
        return cls(seed, draws, tuple(forced))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Chance)
            and self.seed == other.seed
            and self.draws == other.draws
            and self.forced == other.forced
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        forced = f", forced={self.forced}" if self.forced else ""
        return f"Chance({self.seed}, draws={self.draws}{forced})"


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


__all__ = ["Chance"]
