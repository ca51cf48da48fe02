"""Seat tokens and table ids.

A seat token is a random secret handed once to the person who takes the
seat; the store keeps only its SHA-256, so a copy of the database cannot be
used to act for anyone.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh seat token (192 random bits, URL-safe text)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    """Constant-time comparison of two stored hashes (``None`` never matches)."""
    return a is not None and b is not None and hmac.compare_digest(a, b)


def new_table_id() -> str:
    """A short, unguessable table id for links (48 random bits)."""
    return secrets.token_urlsafe(6)


def clean_name(name: object, fallback: str) -> str:
    """A display name: printable, trimmed, at most 24 characters.

    >>> clean_name("  Ada\\n Lovelace ", "Player 1"), clean_name("", "Player 1")
    ('Ada Lovelace', 'Player 1')
    """
    if not isinstance(name, str):
        return fallback
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    return text[:24] or fallback


def unique_name(name: str, others: list[str], seat: int) -> str:
    """``name``, told apart from the other seats' names by its seat number when it repeats one.

    >>> unique_name("Random AI", ["Ada", "Random AI"], 2), unique_name("Ada", ["Bob"], 0)
    ('Random AI 3', 'Ada')
    """
    if name not in others:
        return name
    return f"{name[:20]} {seat + 1}"
