"""Errors the server answers with: a machine-readable code, a sentence for
people, and the HTTP status the same error has on the REST API."""

from __future__ import annotations

#: HTTP status for each error code (WebSocket clients get the code itself).
STATUS = {
    "no_table": 404,
    "no_game": 404,
    "not_found": 404,
    "bad_request": 400,
    "bad_option": 400,
    "bad_token": 403,
    "not_seated": 403,
    "replaced": 403,
    "method_not_allowed": 405,
    "timeout": 408,
    "illegal": 409,
    "stale": 409,
    "not_started": 409,
    "over": 409,
    "not_over": 409,
    "seat_taken": 409,
    "reserved": 409,
    "started": 409,
    "too_large": 413,
    "too_many_tables": 429,
    "rate_limited": 429,
    "storage": 503,
    "internal": 500,
}


class TableError(Exception):
    """A request the table refuses; nothing at the table changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class StorageError(ValueError):
    """The table store cannot be opened or used (a bad URL, a missing folder, a
    read-only or damaged file, a database that is down or already served).
    The message is one line that says what is wrong and what to do."""


def storage_unavailable() -> TableError:
    """The error a request gets while the store cannot save anything."""
    return TableError(
        "storage",
        "the server cannot save right now (its database is not answering), so nothing was changed; "
        "try again in a moment",
    )
