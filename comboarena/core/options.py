"""Game options: declared once per game, validated in one place.

>>> spec = Option("players", 2, choices=(2, 4), help="number of players")
>>> spec.validate(4)
4
>>> spec.parse("4")
4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, the values allowed and a help line.

    ``choices`` lists every allowed value; otherwise ``kind`` (bool, int, float,
    str or tuple) and the optional ``minimum``/``maximum``/``check`` bound it.

    ``names`` is for an option that names content (a map, a campaign): it lists
    the names of the shipped content. Other values (paths to files) are a
    command-line feature: the play server takes only these names, so nothing a
    client sends makes it open a file (see :meth:`named`).
    """

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    minimum: float | None = None
    maximum: float | None = None
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)
    names: Callable[[], tuple[str, ...]] | None = field(default=None, compare=False)

    @property
    def type(self) -> type:
        if self.kind is not None:
            return self.kind
        if self.choices:
            return type(self.choices[0])
        return type(self.default)

    def allowed(self) -> str:
        """A short text saying which values are allowed."""
        if self.choices is not None:
            return "one of " + ", ".join(_show(c) for c in self.choices)
        t = self.type
        if t is bool:
            return "true or false"
        text = {int: "an integer", float: "a number", str: "a text", tuple: "a list"}.get(t, t.__name__)
        if self.minimum is not None and self.maximum is not None:
            text += f" from {_show(self.minimum)} to {_show(self.maximum)}"
        elif self.minimum is not None:
            text += f" >= {_show(self.minimum)}"
        elif self.maximum is not None:
            text += f" <= {_show(self.maximum)}"
        return text

    def named(self, value: Any) -> Any:
        """``value`` if it is ``None`` (the default) or one of ``names()``; else
        :class:`OptionError` listing the names, without reading anything.

        >>> spec = Option("map", None, kind=str, names=lambda: ("crossing", "keep"))
        >>> spec.named("keep")
        'keep'
        >>> try:
        ...     spec.named("/etc/passwd")
        ... except OptionError as exc:
        ...     print(exc)
        map='/etc/passwd' is not allowed — option 'map': one of 'crossing', 'keep' (files are for the command line only)
        """
        if self.names is None or value is None:
            return value
        names = self.names()
        if isinstance(value, str) and value in names:
            return value
        shown = repr(value[:40] + "…") if isinstance(value, str) and len(value) > 40 else repr(value)
        listed = ", ".join(_show(n) for n in names)
        raise OptionError(
            f"{self.name}={shown} is not allowed — option '{self.name}': one of {listed} "
            "(files are for the command line only)"
        )

    def validate(self, value: Any) -> Any:
        """Return ``value`` (normalized) or raise :class:`OptionError`; the error
        shows the value as it would be typed on the command line.

        >>> Option("window", 3.0, kind=float, maximum=60).validate(100)
        Traceback (most recent call last):
        ...
        comboarena.core.errors.OptionError: window=100 is not allowed — option 'window': allowed a number <= 60
        """
        return self._validate(value, typed(value))

    def _validate(self, value: Any, shown: str) -> Any:
        t = self.type
        if t is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if t is tuple and isinstance(value, list):
            value = tuple(value)
        if self.choices is not None:
            if (value in self.choices and type(value) is type(self.choices[0])) or (
                value is None and None in self.choices
            ):
                return value
            raise self._bad(shown)
        if value is None and self.default is None:
            return None
        if not isinstance(value, t) or (t is int and isinstance(value, bool)):
            raise self._bad(shown)
        if self.minimum is not None and value < self.minimum:  # type: ignore[operator]
            raise self._bad(shown)
        if self.maximum is not None and value > self.maximum:  # type: ignore[operator]
            raise self._bad(shown)
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise self._bad(shown, problem)
        return value

    def parse(self, text: str) -> Any:
        """Read a value from command-line text (``-o players=4``) and validate it;
        errors show the text as typed.

        >>> Option("players", 2, choices=(2, 4)).parse("3")
        Traceback (most recent call last):
        ...
        comboarena.core.errors.OptionError: players=3 is not allowed — option 'players': allowed one of 2, 4
        """
        text = text.strip()
        if text.lower() == "none" and self.default is None:
            # An option that may be unset (default None) reads "none" whatever its kind, tuples included.
            return self._validate(None, text)
        t = self.type
        value: Any
        try:
            if t is bool:
                low = text.lower()
                if low in _TRUE:
                    value = True
                elif low in _FALSE:
                    value = False
                else:
                    raise ValueError(text)
            elif t is int:
                value = int(text)
            elif t is float:
                value = float(text)
            elif t is tuple:
                parts = [p for p in text.replace("(", "").replace(")", "").split(",") if p.strip()]
                value = tuple(int(p) if p.strip().lstrip("-").isdigit() else p.strip() for p in parts)
            else:
                value = text
        except ValueError:
            raise self._bad(text) from None
        if value == "none" and self.default is None:
            value = None
        return self._validate(value, text)

    def _bad(self, shown: str, problem: str = "") -> OptionError:
        why = problem or f"allowed {self.allowed()}"
        return OptionError(f"{self.name}={shown} is not allowed — option '{self.name}': {why}")


def _show(value: Any) -> str:
    """A value in the text of ``allowed()``: choices that are texts in quotes, bounds as plain numbers (``60``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def typed(value: Any) -> str:
    """An option value as it is typed after ``-o name=`` on the command line.

    >>> typed((0, 2)), typed(True), typed(None), typed("tag"), typed(1.5)
    ('0,2', 'true', 'none', 'tag', '1.5')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple | list):
        return ",".join(typed(v) for v in value)
    return str(value)


def options_json(options: Mapping[str, Any]) -> dict[str, Any]:
    """Option values as JSON data (tuples become lists), for records, reports and APIs.

    >>> options_json({"fighters": ("boris", "grace"), "best_of": 3})
    {'fighters': ['boris', 'grace'], 'best_of': 3}
    """
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}


def resolve_options(game: str, specs: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``specs`` and fill in the defaults.

    >>> resolve_options("demo", (Option("n", 1, kind=int),), {"n": 3})
    {'n': 3}
    """
    by_name = {o.name: o for o in specs}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        names = ", ".join(by_name) or "none"
        raise OptionError(f"unknown option '{unknown[0]}' for {game}; its options are: {names}")
    return {o.name: o.validate(given[o.name]) if o.name in given else o.default for o in specs}


def parse_option_texts(game: str, specs: tuple[Option, ...], texts: list[str]) -> dict[str, Any]:
    """Read ``["players=4", "wilds=false"]`` into validated option values."""
    by_name = {o.name: o for o in specs}
    out: dict[str, Any] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep:
            raise OptionError(f"option '{text}' should be written name=value, e.g. players=4")
        if name not in by_name:
            names = ", ".join(by_name) or "none"
            raise OptionError(f"unknown option '{name}' for {game}; its options are: {names}")
        out[name] = by_name[name].parse(value)
    return out
