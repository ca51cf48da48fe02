"""The registry of games: ``games()`` lists them, ``make()`` builds one.

Games are registered by name with a ``"module:Class"`` path and imported only
when first used, so listing games stays cheap.
"""

from __future__ import annotations

from typing import Any

from .errors import OptionError
from .game import Game
from .loading import load_object

_REGISTRY: dict[str, str | type[Game]] = {}


def register(name: str, target: str | type[Game]) -> None:
    """Register a game class, or a lazy ``"package.module:Class"`` path, under ``name``."""
    _REGISTRY[name] = target


def games() -> list[str]:
    """Names of the registered games, sorted."""
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The class registered as ``name``; raises :class:`OptionError` if unknown."""
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise OptionError(f"unknown game {name!r}; the games are: {', '.join(games())}") from None
    if isinstance(target, str):
        cls = load_object(target)
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise TypeError(f"{target} is not a Game subclass")
        _REGISTRY[name] = target = cls
    return target


def make(name: str, **options: Any) -> Game:
    """Build game ``name`` with ``options``; bad options raise :class:`OptionError`.

    >>> import comboarena as ca
    >>> ca.make("sixteen", players=4).teams
    ((0, 2), (1, 3))
    """
    return game_class(name)(**options)
