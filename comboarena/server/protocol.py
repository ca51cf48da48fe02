"""The WebSocket message protocol at ``/ws/{table_id}``, read strictly.

Client to server (JSON objects; ``id`` is optional on every message, a number
or a short text, and is repeated in the ``ack`` or ``error`` that answers it)::

    {"type": "hello", "token": "...", "since": 12, "name": "Ada"}
        # join the table's feed. token: your seat token (none: you watch as a
        # spectator). since: the last version you saw (catch-up). name: what
        # your chat messages are signed with when you have no seat (cleaned
        # like seat names, at most 24 characters; default "Spectator").
        # At most hello_burst (5) hellos, then one every 2 s (rate_limited).
    {"type": "act", "token": "...", "action": "5R", "version": 12}
        # a move in notation; version: the version of the table you saw
    {"type": "leave", "token": "..."}
        # give your seat up: before the game it opens again; during it the
        # table's fallback agent plays it. Leaving twice is fine (ack both).
    {"type": "rematch", "token": "..."}   # a new table, same game and seats
    {"type": "chat", "text": "gg", "token": "..."}
        # token optional: without it you chat as a spectator (your hello name).
        # text: trimmed, control characters removed, 1-200 characters
        # (bad_request otherwise). At most 3 in a burst, then one per 2 s per
        # connection (rate_limited), and a table takes at most a few a second.
        # Answered by an ack {"type": "ack", "id", "version", "chat": <message id>}.
    {"type": "ping"}                      # answered by {"type": "pong", "id"}

Server to client:

- ``welcome`` (after hello): ``seat``, ``full``, ``since``, ``table`` (as in
  ``GET /api/tables/{id}``), ``events`` (missed, in words), ``chat`` (the
  latest 100 messages, oldest first), ``version``, ``view``, ``legal``,
  ``to_act``, ``timers``, ``result``.
- ``update`` (after each action): ``events`` in words, ``version``, ``view``,
  ``legal``, ``to_act``, ``timers``, ``result``. Everyone at the table,
  agents' partners included, is sent the update that opens a reaction window
  before any agent answers it (agents pause 0.6-2 s by default).
- ``sync``: a fresh picture after seats changed (the game began, a seat was
  replaced, storage works again): ``table`` plus the snapshot fields.
- ``table``: seats, connections or status changed: ``table``, and ``notice``
  (the notices joined) with ``notices`` (a list) when something was said
  ("Ada left the game; Heuristic AI plays seat 1 from now on."). Coalesced:
  at most one per ``presence_interval`` (0.5 s) per table.
- ``chat``: ``{"type": "chat", "message": {"id": int, "seat": int | null,
  "name": str, "text": str, "at": "2024-05-01T12:00:00Z"}}`` to every
  connection at the table. ``seat`` is null for a spectator; ``text`` is
  raw: render it as text, never as HTML.
- ``timers``, ``rematch`` (``table``: the new id, ``seats``: old seat -> new
  seat), ``ack`` (your message was done and stored; ``version``),
  ``error`` (``code``, ``message``, ``id``) and ``pong``.

Error codes are those of :mod:`comboarena.server.errors` plus the protocol's
own: ``bad_json``, ``bad_message``, ``unknown_type``, ``too_large``,
``rate_limited``, ``closing``. The HTTP API (``/api/docs``) offers the same
actions, chat included.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: Message types a client may send.
CLIENT_TYPES = ("hello", "act", "leave", "rematch", "chat", "ping")
#: Longest action notation and token accepted (real ones are far shorter).
MAX_ACTION_CHARS = 200
MAX_TOKEN_CHARS = 100
MAX_ID_CHARS = 64
#: Longest raw chat text and name read (the cleaned text may have at most 200 characters).
MAX_CHAT_RAW = 1000
MAX_NAME_CHARS = 100


class ProtocolError(ValueError):
    """A message the server will not act on; ``code`` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class ClientMessage:
    """One validated client message."""

    type: str
    token: str | None = None
    action: str | None = None
    version: int | None = None
    since: int | None = None
    id: str | int | None = None
    text: str | None = None
    name: str | None = None


def parse_client(text: str) -> ClientMessage:
    """Read one client message or raise :class:`ProtocolError` saying what is wrong.

    >>> parse_client('{"type": "chat", "text": "gg"}').text
    'gg'
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", 'message is not valid JSON; send an object like {"type": "ping"}') from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", 'message must be a JSON object with a "type"')
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        types = ", ".join(CLIENT_TYPES)
        raise ProtocolError("unknown_type", f"unknown message type {_short(kind)}; types are: {types}")
    msg_id = data.get("id")
    if msg_id is not None and not (
        (isinstance(msg_id, int) and not isinstance(msg_id, bool))
        or (isinstance(msg_id, str) and len(msg_id) <= MAX_ID_CHARS)
    ):
        raise ProtocolError("bad_message", f'"id" must be a number or a short text (at most {MAX_ID_CHARS} chars)')
    token = _text(data, "token", MAX_TOKEN_CHARS, required=kind in ("act", "leave", "rematch"))
    if kind == "hello":
        name = _text(data, "name", MAX_NAME_CHARS, required=False)
        return ClientMessage("hello", token=token, since=_int(data, "since"), id=msg_id, name=name)
    if kind == "act":
        action = _text(data, "action", MAX_ACTION_CHARS, required=True)
        return ClientMessage("act", token=token, action=action, version=_int(data, "version"), id=msg_id)
    if kind == "chat":
        return ClientMessage("chat", token=token, text=_text(data, "text", MAX_CHAT_RAW, required=True), id=msg_id)
    return ClientMessage(kind, token=token, id=msg_id)


def _text(data: dict[str, Any], key: str, limit: int, required: bool) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            raise ProtocolError("bad_message", f'"{data["type"]}" needs "{key}"')
        return None
    if not isinstance(value, str):
        raise ProtocolError("bad_message", f'"{key}" must be a text')
    if len(value) > limit:
        raise ProtocolError("bad_message", f'"{key}" is too long (at most {limit} characters)')
    return value


def _int(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        raise ProtocolError("bad_message", f'"{key}" must be a whole number >= 0')
    return value


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def error(code: str, message: str, ref: str | int | None = None) -> dict[str, Any]:
    """An ``error`` message; ``id`` repeats the id of the message it answers."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["id"] = ref
    return out
