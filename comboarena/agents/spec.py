"""Agents by name: ``random``, ``ismcts:iters=400:c=0.7``, ``sixteen.heuristic``.

A spec is a name, then ``:key=value`` options. Options are read as int, float,
true/false or text, and checked by the agent's constructor.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from comboarena.core import Game, OptionError

from .base import Agent

BUILTIN = {
    "random": "comboarena.agents.base:RandomAgent",
    "first": "comboarena.agents.base:FirstAgent",
    "ismcts": "comboarena.agents.ismcts:ISMCTS",
    "human": "comboarena.agents.human:HumanAgent",
}


def agent_names(game: Game) -> list[str]:
    """Every agent name usable with ``game``."""
    return sorted(BUILTIN) + [f"{game.name}.{k}" for k in game.info.agents]


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iters=200"`` -> ``("ismcts", {"iters": 200})``."""
    name, *parts = spec.strip().split(":")
    options: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"agent option {part!r} in {spec!r} should be key=value, e.g. ismcts:iters=400")
        options[key.strip()] = _value(value.strip())
    return name.strip(), options


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_agent(spec: str, game: Game) -> Agent:
    """Build the agent named by ``spec`` for ``game``; unknown names or options raise :class:`OptionError`."""
    name, options = parse_spec(spec)
    target = BUILTIN.get(name)
    if target is None and name.startswith(game.name + "."):
        target = game.info.agents.get(name[len(game.name) + 1 :])
    if target is None:
        raise OptionError(f"unknown agent {name!r} for {game.name}; agents are: {', '.join(agent_names(game))}")
    module, _, attr = target.partition(":")
    cls = getattr(importlib.import_module(module), attr)
    params = inspect.signature(cls).parameters
    unknown = [k for k in options if k not in params or k == "game"]
    if unknown:
        allowed = [p for p in params if p != "game"]
        raise OptionError(
            f"agent {name!r} has no option {unknown[0]!r}; its options are: {', '.join(allowed) or 'none'}"
        )
    try:
        agent: Agent = cls(game, **options)
    except (TypeError, ValueError) as exc:
        raise OptionError(f"agent {spec!r}: {exc}") from None
    agent.name = spec.strip()
    return agent
