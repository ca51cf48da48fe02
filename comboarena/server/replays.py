"""Finished games, step by step: the views and words a replay page shows, and
the record a person downloads.

Only finished games are replayed or downloaded: a record holds the seed, and
the seed holds every hidden card.
"""

from __future__ import annotations

from typing import Any

from comboarena.core import Event, Record, events_for, make

from .errors import TableError
from .store import TableRow
from .words import Words


def record_of(row: TableRow) -> Record:
    """The game's record, as ``comboarena replay`` reads it."""
    if row.status != "over":
        raise TableError("not_over", "the record is available once the game is over (it reveals every card)")
    return Record(row.game, dict(row.options), row.seed, None, list(row.actions), row.result)


def parse_pov(pov: str, players: int) -> list[int | None] | None:
    """``spectator`` -> [None]; ``"1"`` -> [1]; ``all`` -> None (every seat, all revealed)."""
    if pov == "all":
        return None
    if pov in ("spectator", ""):
        return [None]
    if pov.isdigit() and int(pov) < players:
        return [int(pov)]
    raise TableError("bad_request", f"pov must be 'spectator', 'all' or a seat 0..{players - 1}")


def build_replay(row: TableRow, pov: str) -> dict[str, Any]:
    """Every step of a finished game from one point of view.

    Each step has the action that led to it, the events in words as that
    viewer saw them, and the view after it. ``all`` gives every seat's view
    and the events with everyone's private parts shown.
    """
    record = record_of(row)
    game = make(row.game, **row.options)
    state = game.new_state(seed=record.seed)
    chosen = parse_pov(pov, game.players)
    viewers: list[int | None] = [*range(game.players), None] if chosen is None else chosen
    words = Words(game)
    names = [s.name for s in row.seats]

    def views() -> dict[str, Any]:
        return {_key(v): state.view(v) for v in viewers}

    steps: list[dict[str, Any]] = [{"ply": 0, "seat": None, "action": None, "events": [], "views": views()}]
    for ply, (seat, text) in enumerate(record.actions, 1):
        events = state.apply(seat, text)
        steps.append(
            {
                "ply": ply,
                "seat": seat,
                "action": text,
                "events": _words(words, events, chosen, names),
                "views": views(),
            }
        )
    result = state.result()
    return {
        "id": row.id,
        "game": row.game,
        "title": game.info.title,
        "options": record.to_dict()["options"],
        "players": game.players,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "agent": s.agent} for s in row.seats],
        "pov": pov,
        "viewers": [_key(v) for v in viewers],
        "steps": steps,
        "result": {**result.to_dict(), "text": words.result(state.view(None), result, names)},
    }


def _key(viewer: int | None) -> str:
    return "spectator" if viewer is None else str(viewer)


def _words(
    words: Words, events: list[Event], chosen: list[int | None] | None, names: list[str]
) -> list[dict[str, Any]]:
    out = []
    for e in events:
        if chosen is None:
            # All revealed: each event as the seat it concerns saw it.
            viewer = e.seat if e.private is not None and e.seat in e.private[0] else None
            if e.private is not None and viewer is None:
                viewer = e.private[0][0]
        else:
            viewer = chosen[0]
        shown = events_for([e], viewer)[0]
        text = words.event(shown, viewer, names)
        if text:
            out.append({"kind": e.kind, "seat": e.seat, "text": text})
    return out
