"""Agents by name: ``random``, ``ismcts:iters=400:c=0.7``, ``sixteen.heuristic``.

A spec is a name, then ``:key=value`` options. Options are read as int, float,
true/false or text, and checked by the agent's constructor; a number that is
not finite (``nan``, ``inf``) is refused here for every agent.
"""

from __future__ import annotations

import importlib
import inspect
import math
from typing import Any

from comboarena.core import Game, OptionError

from .base import Agent

BUILTIN = {
    "random": "comboarena.agents.base:RandomAgent",
    "first": "comboarena.agents.base:FirstAgent",
    "ismcts": "comboarena.agents.ismcts:ISMCTS",
    "human": "comboarena.terminal.human:HumanAgent",
    "policy": "comboarena.agents.policy:PolicyAgent",
}


def agent_names(game: Game) -> list[str]:
    """Every agent name usable with ``game``."""
    return sorted(BUILTIN) + [f"{game.name}.{k}" for k in game.info.agents]


#: What each built-in agent is, in a few words (``comboarena rules``).
ABOUT = {
    "random": "uniformly random legal moves",
    "first": "always the first legal move (tests, baselines)",
    "ismcts": "information-set Monte Carlo tree search; options in docs/agents.md",
    "human": "a person at the terminal",
    "policy": "a learned policy played with numpy from a file: policy:path=FILE (docs/envs.md)",
}
#: What a game's own agents are, by their short name (``<game>.<name>``).
OWN = {
    "heuristic": "the game's own heuristic (docs/rules/{game}.md)",
    "learned": "the game's shipped learned policy: masked PPO, played with numpy (docs/envs.md)",
}


def describe_agents(game: Game) -> list[str]:
    """One line per agent usable with ``game``: its spec with every option at its
    default (``auto``: chosen from the others), and what it is; for ``comboarena rules``.

    >>> import comboarena as ca
    >>> print(next(line for line in describe_agents(ca.make("sixteen")) if line.startswith("sixteen.h")))
    sixteen.heuristic: the game's own heuristic (docs/rules/sixteen.md)
    """
    lines = []
    for name in agent_names(game):
        options = [
            f":{p.name}={'auto' if p.default is None else p.default}"
            for p in inspect.signature(_agent_class(name, game)).parameters.values()
            if p.name != "game" and p.default is not inspect.Parameter.empty
        ]
        own = name.partition(".")[2]
        about = ABOUT.get(name) or OWN.get(own, "the game's own {own} (docs/rules/{game}.md)").format(
            game=game.name, own=own
        )
        lines.append(f"{name}{''.join(options)}: {about}")
    return lines


def _agent_class(name: str, game: Game) -> Any:
    target = BUILTIN.get(name)
    if target is None and name.startswith(game.name + "."):
        target = game.info.agents.get(name[len(game.name) + 1 :])
    if target is None:
        raise OptionError(f"unknown agent {name!r} for {game.name}; agents are: {', '.join(agent_names(game))}")
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


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
    cls = _agent_class(name, game)
    for key, value in options.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise OptionError(f"agent {name!r}: option {key} must be a finite number, got {value!r}")
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
