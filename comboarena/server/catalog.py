"""What the lobby offers: the registered games with their options, and the
checks a new table's settings go through before anything is stored."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from comboarena.agents import agent_names, make_agent, parse_spec
from comboarena.core import ComboArenaError, Game, OptionError, game_class, games, make

from .errors import TableError
from .settings import Settings

STATIC = Path(__file__).parent / "static"
#: Agents offered in the lobby besides each game's own heuristic.
SUGGESTED_AGENTS = ("random", "first", "ismcts:iters=200", "ismcts:iters=1000")
#: Upper bounds on agent options, so no table can tie up the server's threads.
AGENT_LIMITS = {"iters": 20000, "time": 10.0}


def default_agent(game: Game) -> str:
    """The opponent offered first: the game's heuristic if it has one."""
    return f"{game.name}.heuristic" if "heuristic" in game.info.agents else "random"


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


def game_info(name: str) -> dict[str, Any]:
    """A game as the lobby shows it: title, summary, options, agents, and whether it has its own page."""
    cls = game_class(name)
    info = cls.info
    game = cls()
    heuristics = [a for a in agent_names(game) if a.startswith(name + ".")]
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
        "agents": [{"spec": a, "label": agent_label(a)} for a in [*heuristics, *SUGGESTED_AGENTS]],
        "default_agent": default_agent(game),
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
        "type": kind,
        "minimum": o.minimum,
        "maximum": o.maximum,
    }


def catalog() -> list[dict[str, Any]]:
    return [game_info(name) for name in games()]


#: Option names that would fix the shuffle (every hidden card); no client may set them,
#: whatever a game declares. The server draws every table's seed itself.
SHUFFLE_OPTIONS = frozenset({"seed", "deck", "shuffle", "position", "chance", "stack"})


def build_game(name: str, options: dict[str, Any], max_open_int: int | None = None) -> Game:
    """The game with options given as JSON values or as texts (from a form).

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
        seats = ["open"] + [default_agent(game)] * (n - 1)
    if len(seats) != n:
        raise TableError("bad_request", f"{game.info.title} with these options has {n} seats; {len(seats)} given")
    checked = []
    for i, spec in enumerate(seats):
        spec = spec.strip()
        checked.append("open" if spec == "open" else _check_agent(game, spec, f"seat {i}"))
    fallback = _check_agent(game, fallback.strip(), "fallback") if fallback else default_agent(game)
    if clock is not None and not settings.min_clock <= clock <= settings.max_clock:
        raise TableError(
            "bad_option",
            f"clock must be from {settings.min_clock:g} to {settings.max_clock:g} seconds per move (or none)",
        )
    return TableSpec(game, checked, clock, fallback)


def _check_agent(game: Game, spec: str, where: str) -> str:
    if spec.split(":")[0] == "human":
        raise TableError("bad_option", f"{where}: 'human' is the terminal player; use 'open' for a person's seat")
    try:
        _name, opts = parse_spec(spec)
        make_agent(spec, game)
    except ComboArenaError as exc:
        raise TableError("bad_option", f"{where}: {exc}") from None
    # A search told to think for ever would hold a worker thread for ever.
    for key, most in AGENT_LIMITS.items():
        value = opts.get(key)
        if isinstance(value, int | float) and value > most:
            raise TableError("bad_option", f"{where}: {key} may be at most {most:g} on this server")
    return spec
