"""Finished games, step by step: the views and words a replay page shows, and
the record a person downloads.

Only finished games are replayed or downloaded: a record holds the seed, and
the seed holds every hidden card. A finished game never changes, so each of
its replays (per point of view) and its record are computed once and kept
(:class:`ReplayCache`), whoever asks and however often.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from comboarena.core import Event, Record, Result, events_for, options_json

from .catalog import build_game
from .errors import TableError
from .kinds import TableStatus
from .store import TableRow
from .words import Words


def record_of(row: TableRow) -> Record:
    """The finished game's record, as ``comboarena replay`` reads it, with the players' names."""
    if row.status != TableStatus.OVER:
        raise TableError("not_over", "the record is available once the game is over (it reveals every card)")
    record = Record(row.game, dict(row.options), row.seed, None, list(row.actions), row.result)
    return record.with_players([s.name for s in row.seats])


def parse_pov(pov: str, players: int) -> list[int | None] | None:
    """``spectator`` -> [None]; ``"1"`` -> [1]; ``all`` -> None (every seat, all revealed)."""
    if pov == "all":
        return None
    if pov in ("spectator", ""):
        return [None]
    if pov.isdigit() and int(pov) < players:
        return [int(pov)]
    raise TableError("bad_request", f"pov must be 'spectator', 'all' or a seat 0..{players - 1}")


def result_summary(row: TableRow) -> dict[str, Any] | None:
    """Who won a finished game, for the lobby: ``winners``, ``winner_names``, ``reason``, ``draw``."""
    if row.status != TableStatus.OVER or not row.result:
        return None
    try:
        result = Result.from_dict(row.result)
    except (KeyError, TypeError, ValueError):
        return None
    names = [s.name for s in row.seats]
    return {
        "winners": list(result.winners),
        "winner_names": [names[s] if 0 <= s < len(names) else f"Seat {s + 1}" for s in result.winners],
        "reason": result.reason,
        "draw": result.is_draw,
    }


def build_replay(row: TableRow, pov: str) -> dict[str, Any]:
    """Every step of a finished game from one point of view.

    Each step has the action that led to it, a sentence saying what
    happened (``text``), the events in words as that viewer saw them, and the
    view after it: ``view`` (the viewer's; the spectator's for ``all``) and
    ``views`` (by viewer key). ``all`` also gives ``seat_views``, every
    seat's own view in seat order, and the events with everyone's private
    parts shown.
    """
    record = record_of(row)
    game = build_game(row.game, row.options)
    state = game.new_state(seed=record.seed)
    chosen = parse_pov(pov, game.players)
    viewers: list[int | None] = [*range(game.players), None] if chosen is None else chosen
    main = None if chosen is None else chosen[0]
    words = Words(game)
    names = [s.name for s in row.seats]

    def frame(step: dict[str, Any]) -> dict[str, Any]:
        views = {_key(v): state.view(v) for v in viewers}
        step["view"] = views[_key(main)]
        step["views"] = views
        if chosen is None:
            step["seat_views"] = [views[str(s)] for s in range(game.players)]
        return step

    steps: list[dict[str, Any]] = [
        frame({"ply": 0, "seat": None, "action": None, "text": words.start(names), "events": []})
    ]
    for ply, (seat, text) in enumerate(record.actions, 1):
        applied = state.apply(seat, text)
        if words.follows_table:
            words.follow(state.view(None))
        events = _words(words, applied, chosen, names)
        described = words.step([e["text"] for e in events], seat, names)
        steps.append(frame({"ply": ply, "seat": seat, "action": text, "text": described, "events": events}))
    result = state.result()
    return {
        "id": row.id,
        "game": row.game,
        "title": game.info.title,
        "options": options_json(record.options),
        "players": game.players,
        "names": names,
        "seats": [{"seat": s.seat, "name": s.name, "kind": str(s.kind), "agent": s.agent} for s in row.seats],
        "pov": pov or "spectator",
        "viewers": [_key(v) for v in viewers],
        "start": 1 if len(steps) > 1 else 0,
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


class ReplayCache:
    """Finished games' replays and records as JSON bytes, computed once each.

    Requests for the same one while it is being computed wait for that one
    computation. The least recently used are dropped past ``max_bytes``.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.items: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self.building: dict[tuple[str, str], asyncio.Future[bytes]] = {}
        #: How many times something was computed (tests and the bench read it).
        self.builds = 0

    async def get(self, key: tuple[str, str], build: Callable[[], Any]) -> bytes:
        """The cached bytes for ``key``, or ``await build()`` (returning JSON-able data or text), cached."""
        hit = self.items.get(key)
        if hit is not None:
            self.items.move_to_end(key)
            return hit
        waiting = self.building.get(key)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.building[key] = future
        try:
            value = await build()
            data = value.encode() if isinstance(value, str) else json.dumps(value, separators=(",", ":")).encode()
            self.builds += 1
            self._put(key, data)
            future.set_result(data)
            return data
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self.building[key]

    def _put(self, key: tuple[str, str], data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        self.items[key] = data
        self.size += len(data)
        while self.size > self.max_bytes:
            _, old = self.items.popitem(last=False)
            self.size -= len(old)
