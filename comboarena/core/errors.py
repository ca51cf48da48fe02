"""The errors a user of the engine can provoke.

All of them subclass :class:`ValueError`, so ``except ValueError`` catches any
bad input, and each message says what was wrong and what is allowed.
"""

from __future__ import annotations


class ComboArenaError(ValueError):
    """Base class of every error raised for bad input."""


class IllegalAction(ComboArenaError):
    """An action that is well formed but not allowed now; the state is unchanged.

    ``why`` is the rules' reason alone (``"nobody stands on g4"``), where the
    game gave one, for a prompt that lists the legal moves its own way.
    """

    def __init__(self, message: str, why: str | None = None) -> None:
        super().__init__(message)
        self.why = why


class NotationError(ComboArenaError):
    """Text that is not the notation of any action of the game."""


class OptionError(ComboArenaError):
    """An unknown game, an unknown option, a bad option value or a bad stacked deck."""


class RecordError(ComboArenaError):
    """A record file that cannot be read or does not replay."""


class PositionError(ComboArenaError):
    """A position (``game.from_position``) that is malformed or impossible; the
    message says what is wrong and where (``position.hands[1][2]``)."""


class GameNotOver(ComboArenaError):
    """``result()`` asked of a game that has not ended."""


class InvariantError(AssertionError):
    """A game's own invariant (e.g. card conservation) does not hold: an engine bug."""
