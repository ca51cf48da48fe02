"""Table chat: cleaning a message, and the latest messages a table keeps in memory.

Text is stored and sent raw (only trimmed and stripped of control
characters); pages must render it as text, never as HTML.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from datetime import UTC, datetime
from typing import Any

from .errors import TableError
from .store import ChatRow

#: Longest chat message, in characters, after cleaning.
MAX_CHAT_CHARS = 200
#: Name shown for a spectator who gave none in ``hello``.
SPECTATOR = "Spectator"


def clean_chat(text: object) -> str:
    """The text as stored: control characters removed (line breaks and tabs
    become spaces), trimmed, 1 to 200 characters; else :class:`TableError`.

    >>> clean_chat("  gg\\n wp\\x00 ")
    'gg  wp'
    >>> clean_chat("<script>alert(1)</script>")
    '<script>alert(1)</script>'
    """
    if not isinstance(text, str):
        raise TableError("bad_request", "chat text must be a text")
    cleaned = "".join(
        " " if ch in "\n\r\t" else ch for ch in text if ch in "\n\r\t" or unicodedata.category(ch) != "Cc"
    ).strip()
    if not cleaned:
        raise TableError("bad_request", "chat text is empty; write something (at most 200 characters)")
    if len(cleaned) > MAX_CHAT_CHARS:
        raise TableError("bad_request", f"chat text is too long ({len(cleaned)} characters; at most {MAX_CHAT_CHARS})")
    return cleaned


def iso(at: float) -> str:
    """A Unix time as ISO-8601 UTC, to the second.

    >>> iso(0)
    '1970-01-01T00:00:00Z'
    """
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def message_json(m: ChatRow) -> dict[str, Any]:
    """A message as clients get it: ``{"id", "seat", "name", "text", "at"}``."""
    return {"id": m.id, "seat": m.seat, "name": m.name, "text": m.text, "at": iso(m.at)}


class ChatLog:
    """A table's latest messages (for ``welcome``) and the next message id."""

    def __init__(self, rows: list[ChatRow], last_id: int, keep: int) -> None:
        self.recent: deque[ChatRow] = deque(rows, maxlen=max(1, keep))
        self.last_id = last_id

    def next_id(self) -> int:
        self.last_id += 1
        return self.last_id

    def add(self, row: ChatRow) -> None:
        self.recent.append(row)

    def latest(self) -> list[dict[str, Any]]:
        return [message_json(m) for m in self.recent]
