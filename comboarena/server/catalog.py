"""What the lobby offers: the registered games with their options, and the
checks a new table's settings go through before anything is stored."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from comboarena.core import ComboArenaError, Game, OptionError, game_class, games, make

from .errors import TableError
from .presets import Preset, default_preset, find_preset, presets
from .settings import THINK_LIMIT, Settings
from .strength import strength

STATIC = Path(__file__).parent / "static"


def default_agent(game: Game, think_limit: float = THINK_LIMIT) -> str:
    """The opponent offered first: the game's heuristic if it has one."""
    return default_preset(game, think_limit).name


def agent_label(spec: str) -> str:
    """A seat name for an agent that a newcomer can read.

    >>> agent_label("ismcts:iters=200"), agent_label("sixteen.heuristic"), agent_label("random")
    ('Search AI (200)', 'Heuristic AI', 'Random AI')
    """
    name, _, rest = spec.partition(":")
    if name == "random":
        return "Random AI"
    if name == "first":
        return "Simple AI"
    if name == "ismcts":
        iters = [p.split("=", 1)[1] for p in rest.split(":") if p.startswith("iters=")]
        return f"Search AI ({iters[0]})" if iters else "Search AI"
    if name.endswith(".heuristic"):
        return "Heuristic AI"
    return spec[:24]


def _lobby_order(found: tuple[Preset, ...]) -> list[Preset]:
    """The heuristic first (the usual opponent), then the rest weakest first."""
    return sorted(found, key=lambda p: (p.level != 1, p.level))


def game_info(name: str, think_limit: float = THINK_LIMIT) -> dict[str, Any]:
    """A game as the lobby shows it: title, summary, options, agents, and whether it has its own page.
    Made once per game class (it deals a game for the notation example), then copied."""
    return copy.deepcopy(_game_info(game_class(name), think_limit))


@lru_cache(maxsize=64)
def _game_info(cls: type[Game], think_limit: float) -> dict[str, Any]:
    info = cls.info
    name = info.name
    game = cls()
    return {
        "name": info.name,
        "title": info.title,
        "summary": info.summary,
        "notation": info.notation,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "players": game.players,
        "simultaneous": info.simultaneous,
        "teams": info.teams,
        "information": info.information,
        "chance": info.chance,
        "options": [_option(o) for o in info.options],
        # The presets a table may seat: the only agents a client can name.
        # Each with its strength from the shipped ladder, so people can pick their level.
        "agents": [
            {**p.to_dict(), "strength": strength(name, p.name)} for p in _lobby_order(presets(game, think_limit))
        ],
        "default_agent": default_agent(game, think_limit),
        "example": _example(game),
        "page": (STATIC / "games" / f"{name}.js").is_file(),
    }


def _example(game: Game) -> str:
    """A few legal first moves, as a hint of the notation (e.g. for the move box)."""
    try:
        state = game.new_state(seed=1)
        seat = state.to_act[0]
        return ", ".join(str(a) for a in state.legal_actions(seat)[:3])
    except Exception:
        return ""


def _option(o: Any) -> dict[str, Any]:
    kind = o.type.__name__ if o.type in (bool, int, float, str, tuple) else "str"
    return {
        "name": o.name,
        "default": list(o.default) if isinstance(o.default, tuple) else o.default,
        "help": o.help,
        "allowed": o.allowed(),
        "choices": list(o.choices) if o.choices is not None else None,
        # An option that names content: the names a table may use (never a path).
        "names": list(o.names()) if o.names is not None else None,
        "type": kind,
        "minimum": o.minimum,
        "maximum": o.maximum,
    }


def catalog(think_limit: float = THINK_LIMIT) -> list[dict[str, Any]]:
    return [game_info(name, think_limit) for name in games()]


#: Option names that would fix the shuffle (every hidden card); no client may set them,
#: whatever a game declares. The server draws every table's seed itself.
SHUFFLE_OPTIONS = frozenset({"seed", "deck", "shuffle", "position", "chance", "stack"})


def build_game(name: str, options: dict[str, Any], max_open_int: int | None = None) -> Game:
    """The game with options given as JSON values or as texts (from a form).

    Options that name content (16 Bit Tactics' ``map`` and ``campaign``) take
    only the names the game lists (``Option.names``): this never opens a file.
    Stored tables are rebuilt through here too, so a table stored with a path
    (by an older server) is refused rather than read.

    ``max_open_int`` bounds integer options that declare no maximum (e.g. a
    turn limit), so no table can be made to last for ever.
    """
    try:
        cls = game_class(name)
    except OptionError as exc:
        raise TableError("no_game", str(exc)) from None
    fixing = sorted(SHUFFLE_OPTIONS & set(options))
    if fixing:
        raise TableError(
            "bad_option",
            f"option {fixing[0]!r} is not accepted: the server shuffles every table itself, so that nobody "
            "(not even the table's creator) can know the hidden cards",
        )
    specs = {o.name: o for o in cls.info.options}
    values: dict[str, Any] = {}
    try:
        for key, value in options.items():
            spec = specs.get(key)
            if spec is not None and isinstance(value, str) and spec.type is not str:
                value = spec.parse(value)
            if spec is not None:
                # Content is named from the server's list; a path is never opened for a client.
                spec.named(value)
            values[key] = value
        game = make(name, **values)
    except ComboArenaError as exc:
        raise TableError("bad_option", str(exc)) from None
    if max_open_int is not None:
        for spec in cls.info.options:
            value = game.options.get(spec.name)
            unbounded = spec.type is int and spec.maximum is None and spec.choices is None
            if unbounded and isinstance(value, int) and value > max_open_int:
                raise TableError(
                    "bad_option",
                    f"bad value {value} for option '{spec.name}': this server allows at most {max_open_int}",
                )
    return game


@dataclass
class TableSpec:
    """A new table's settings, checked."""

    game: Game
    seats: list[str]
    clock: float | None
    fallback: str
    #: Server-side code only (tests, tools): never taken from a client, who could then
    #: read every hidden card. ``None``: the server draws a secret seed.
    seed: int | None = None


def check_spec(
    settings: Settings,
    name: str,
    options: dict[str, Any],
    seats: list[str] | None,
    clock: float | None,
    fallback: str | None,
) -> TableSpec:
    """Validate everything about a new table; raises :class:`TableError` saying what is wrong."""
    game = build_game(name, options, settings.max_open_int_option)
    n = game.players
    if seats is None:
        seats = ["open"] + [default_agent(game, settings.think_limit)] * (n - 1)
    if len(seats) != n:
        raise TableError("bad_request", f"{game.info.title} with these options has {n} seats; {len(seats)} given")
    checked = []
    for i, spec in enumerate(seats):
        spec = spec.strip()
        checked.append("open" if spec == "open" else check_agent(game, spec, f"seat {i}", settings.think_limit))
    if fallback:
        fallback = check_agent(game, fallback.strip(), "fallback", settings.think_limit)
    else:
        fallback = default_agent(game, settings.think_limit)
    if clock is not None and not settings.min_clock <= clock <= settings.max_clock:
        raise TableError(
            "bad_option",
            f"clock must be from {settings.min_clock:g} to {settings.max_clock:g} seconds per move (or none)",
        )
    return TableSpec(game, checked, clock, fallback)


def check_agent(game: Game, name: str, where: str, think_limit: float = THINK_LIMIT) -> str:
    """``name`` if it is one of the game's presets; else :class:`TableError` listing them.
    A client names a preset, never an agent spec: no option of its choosing reaches an agent."""
    if find_preset(game, name, think_limit) is not None:
        return name
    allowed = ", ".join(p.name for p in presets(game, think_limit))
    shown = name if len(name) <= 60 else name[:60] + "…"
    hint = " ('open' is a person's seat)" if name.split(":")[0] == "human" else ""
    raise TableError(
        "bad_option", f"{where}: {shown!r} is not an agent this server offers{hint}; choose one of {allowed}"
    )
