"""The WebSocket message protocol: what a client may send, read strictly.

Client to server (JSON objects, ``type`` first)::

    {"type": "hello", "token": "...", "since": 12}   # join the table's feed; token optional (spectator)
    {"type": "act", "token": "...", "action": "5R", "version": 12, "id": 7}  # version: what you saw
    {"type": "leave", "token": "..."}                 # give the seat to an agent
    {"type": "rematch", "token": "..."}               # a new table, same game and seats
    {"type": "ping", "id": 1}

Server to client: ``welcome`` (after hello: table, seat, version, view, legal
actions, timers, missed events or ``full``), ``update`` (after each action:
version, events in words, view, legal, timers, result), ``ack`` (your action
is stored), ``table`` (seats, status, rematch changed), ``sync`` (a fresh
picture after seats changed: the game began, a seat was replaced), ``timers``,
``rematch``, ``error`` (``code`` and ``message``) and ``pong``. See :mod:`comboarena.server.live`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: Message types a client may send.
CLIENT_TYPES = ("hello", "act", "leave", "rematch", "ping")
#: Longest action notation and token accepted (real ones are far shorter).
MAX_ACTION_CHARS = 200
MAX_TOKEN_CHARS = 100
MAX_ID_CHARS = 64


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


def parse_client(text: str) -> ClientMessage:
    """Read one client message or raise :class:`ProtocolError` saying what is wrong."""
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
        (isinstance(msg_id, int) and not isinstance(msg_id, bool)) or (isinstance(msg_id, str) and len(msg_id) <= 64)
    ):
        raise ProtocolError("bad_message", f'"id" must be a number or a short text (at most {MAX_ID_CHARS} chars)')
    token = _text(data, "token", MAX_TOKEN_CHARS, required=kind in ("act", "leave", "rematch"))
    if kind == "hello":
        return ClientMessage("hello", token=token, since=_int(data, "since"), id=msg_id)
    if kind == "act":
        action = _text(data, "action", MAX_ACTION_CHARS, required=True)
        return ClientMessage("act", token=token, action=action, version=_int(data, "version"), id=msg_id)
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
