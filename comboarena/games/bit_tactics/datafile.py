"""Reading hand-edited data files with errors that name the file, the line, the
field and what is allowed.

``tomllib`` gives values without their lines, so :func:`toml_lines` scans the
text once and maps every key's path (``("abilities", 2, "range")``) to the line
it is written on; :class:`Reader` checks values field by field and raises
:class:`ContentError` with the line of the field (or of the nearest table
that holds it).

>>> text = 'id = "x"\\n[[abilities]]\\nid = "a"\\n\\n[[abilities]]\\nid = "b"\\nrange = "far"\\n'
>>> lines = toml_lines(text)
>>> lines[("abilities", 1, "range")], lines[("abilities", 0)]
(7, 2)
>>> r = Reader("jobs/x.toml", lines)
>>> r.integer({"range": "far"}, "range", ("abilities", 1), 0, 8)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
comboarena.games.bit_tactics.datafile.ContentError: jobs/x.toml, line 7: abilities[1]: field 'range' must be ...
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from comboarena.core import ComboArenaError

Path_ = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*(\]\]?)\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\.\"' ]+?)\s*=")


class ContentError(ComboArenaError):
    """A content file (job, gear, monster, map, campaign) that breaks its schema;
    the message names the file, the line, the field and what is allowed."""


def toml_lines(text: str) -> dict[Path_, int]:
    """Map each key path of a TOML text to its 1-based line (tables and array
    tables to their header's line). Handles the subset the content files use:
    tables, arrays of tables, dotted keys, inline values, multi-line strings and
    arrays."""
    out: dict[Path_, int] = {}
    counts: dict[Path_, int] = {}
    current: Path_ = ()
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        raw = lines[i]
        line_no = i + 1
        i += 1
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = _HEADER.match(raw)
        if m and m.group(1) == m.group(3)[::-1].replace("]", "["):
            names = _split_key(m.group(2))
            path = _resolve(names, counts)
            if m.group(1) == "[[":
                n = counts.get(path, -1) + 1
                counts[path] = n
                current = (*path, n)
            else:
                current = path
            out.setdefault(current, line_no)
            continue
        k = _KEY.match(raw)
        if not k:
            continue
        key_path = (*current, *_split_key(k.group(1)))
        out.setdefault(key_path, line_no)
        rest = raw[k.end() :]
        # Skip the continuation lines of a multi-line string or array.
        if rest.count('"""') == 1 or rest.count("'''") == 1:
            quote = '"""' if '"""' in rest else "'''"
            while i < len(lines) and quote not in lines[i]:
                i += 1
            i += 1
        else:
            depth = _depth(rest)
            while depth > 0 and i < len(lines):
                depth += _depth(lines[i])
                i += 1
    return out


def _split_key(text: str) -> list[str]:
    return [part.strip().strip("\"'") for part in text.split(".")]


def _resolve(names: list[str], counts: dict[Path_, int]) -> Path_:
    """A header's path, with the index of the latest element of any array table in it."""
    path: Path_ = ()
    for name in names:
        path = (*path, name)
        if path in counts and name is not names[-1]:
            path = (*path, counts[path])
    return path


def _depth(text: str) -> int:
    text = re.sub(r'"(?:[^"\\]|\\.)*"', "", text.split("#")[0] if '"' not in text else text)
    text = re.sub(r"#.*$", "", text)
    return text.count("[") + text.count("{") - text.count("]") - text.count("}")


def show(value: Any) -> str:
    """A value as an error message quotes it."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def where_text(path: Path_) -> str:
    """``("abilities", 2)`` -> ``abilities[2]``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


class Reader:
    """Field-by-field checks for one parsed file; every error carries file and line."""

    def __init__(self, source: str, lines: dict[Path_, int]) -> None:
        self.source = source
        self.lines = lines

    @classmethod
    def open(cls, path: Path, source: str) -> tuple[Reader, dict[str, Any]]:
        """Parse a TOML file; unreadable or invalid files raise :class:`ContentError`."""
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ContentError(f"{source}: cannot read the file: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise ContentError(f"{source}: not a text file (UTF-8 TOML expected)") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"{source}: not valid TOML: {exc}") from None
        return cls(source, toml_lines(text)), data

    def line(self, path: Path_) -> int | None:
        for n in range(len(path), -1, -1):
            if path[:n] in self.lines:
                return self.lines[path[:n]]
        return None

    def fail(self, path: Path_, problem: str, key: str | None = None, label: str = "") -> ContentError:
        full = (*path, key) if key is not None else path
        line = self.line(full)
        at = f", line {line}" if line else ""
        where = where_text(path) + (f" {label}" if label else "")
        what = f"field '{key}' {problem}" if key is not None else problem
        return ContentError(f"{self.source}{at}: {where + ': ' if where else ''}{what}")

    def table(
        self, value: Any, path: Path_, required: Collection[str], optional: Collection[str] = (), label: str = ""
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"must be a table, got {show(value)}", label=label)
        allowed = set(required) | set(optional)
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(
                path, f"is not a field here (allowed: {', '.join(sorted(allowed))})", unknown[0], label=label
            )
        missing = [k for k in required if k not in value]
        if missing:
            raise self.fail(path, f"is missing (required: {', '.join(required)})", missing[0], label=label)
        return value

    def text(self, t: dict[str, Any], key: str, path: Path_, default: str | None = None, label: str = "") -> str:
        value = t.get(key, default)
        if not isinstance(value, str) or (not value.strip() and default is None):
            raise self.fail(path, f"must be a non-empty text, got {show(value)}", key, label)
        return value.strip()

    def slug(self, t: dict[str, Any], key: str, path: Path_, label: str = "") -> str:
        value = t.get(key)
        if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9\-]{1,23}", value):
            raise self.fail(
                path,
                f"must be 2-24 lowercase letters, digits and '-', starting with a letter, got {show(value)}",
                key,
                label,
            )
        return value

    def integer(
        self, t: dict[str, Any], key: str, path: Path_, lo: int, hi: int, default: int | None = None, label: str = ""
    ) -> int:
        value = t.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise self.fail(path, f"must be a whole number from {lo} to {hi}, got {show(value)}", key, label)
        return value

    def flag(self, t: dict[str, Any], key: str, path: Path_, default: bool = False, label: str = "") -> bool:
        value = t.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(path, f"must be true or false, got {show(value)}", key, label)
        return value

    def choice(
        self,
        t: dict[str, Any],
        key: str,
        path: Path_,
        allowed: Iterable[str],
        default: str | None = None,
        label: str = "",
    ) -> str:
        allowed = tuple(allowed)
        value = t.get(key, default)
        if value not in allowed:
            raise self.fail(path, f"must be one of {', '.join(allowed)}, got {show(value)}", key, label)
        return str(value)

    def choices(
        self, t: dict[str, Any], key: str, path: Path_, allowed: Iterable[str], label: str = ""
    ) -> tuple[str, ...]:
        allowed = tuple(allowed)
        value = t.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(path, f"must be a list of names, got {show(value)}", key, label)
        for v in value:
            if v not in allowed:
                raise self.fail(path, f"names {v!r}; allowed: {', '.join(allowed)}", key, label)
        return tuple(value)

    def die(self, t: dict[str, Any], key: str, path: Path_, label: str = "") -> int:
        value = t.get(key)
        if value not in (4, 6, 8, 10, 12) or isinstance(value, bool):
            raise self.fail(path, f"must be a die size: 4, 6, 8, 10 or 12 (d4-d12), got {show(value)}", key, label)
        return int(value)

    def skill(self, t: dict[str, Any], key: str, path: Path_, label: str = "") -> int:
        value = t.get(key)
        if value not in (6, 8, 10, 12) or isinstance(value, bool):
            raise self.fail(path, f"must be a skill die: 6, 8, 10 or 12 (d6-d12), got {show(value)}", key, label)
        return int(value)


def read_toml(path: Path, source: str) -> tuple[Reader, dict[str, Any]]:
    return Reader.open(path, source)


__all__ = ["ContentError", "Reader", "read_toml", "show", "toml_lines", "where_text"]
