"""Re-playing a record: the game it names, built with its options, then every action."""

from __future__ import annotations

from .errors import ComboArenaError, RecordError
from .game import State
from .record import Record
from .registry import make


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state a record reaches by re-applying its actions.

    ``upto`` stops after that many actions. Raises :class:`RecordError` when
    the record names an unknown game, bad options or an action that is not
    legal where it stands.
    """
    try:
        game = make(record.game, **record.options)
        if record.position is not None:
            state = game.from_position(record.position)
        else:
            state = game.new_state(seed=record.seed, deck=record.deck)
    except ComboArenaError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, (seat, text) in enumerate(actions):
        try:
            state.apply(seat, text)
        except ComboArenaError as exc:
            raise RecordError(f"record action {i} ({seat}, {text!r}) does not replay: {exc}") from None
    return state


__all__ = ["replay"]
