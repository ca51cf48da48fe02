"""Objects named by ``"package.module:attribute"`` paths (games, agents, text UIs),
imported only when first used so that listing them stays cheap."""

from __future__ import annotations

import importlib
from typing import Any


def load_object(target: str) -> Any:
    """The object a ``"package.module:attribute"`` path names.

    >>> load_object("comboarena.core.loading:load_object") is load_object
    True
    """
    module, sep, attr = target.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"{target!r} is not a 'package.module:attribute' path")
    return getattr(importlib.import_module(module), attr)
