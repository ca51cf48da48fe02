"""16 Bit Tactics' actions: a unit's turn in small steps, and the decisions at camp.

A unit's turn: ``move c4``, ``face n``, one command (``fight d5``,
``ja shield-bash d5``, ``ja backstab d5 off`` (with the second weapon),
``magic cinder e6``, ``item tonic b2``, ``guard b3``, ``limit d5`` (a Limit
Attack with your weapon, or a monster's own), ``limit cinder d5`` (a magical
Limit Attack), ``skill lore e4`` (a puzzle on the map)), then ``end``. At camp
between the battles of a campaign: ``job ada scout``, ``secondary ada mender``,
``learn ada cinder``, ``equip ada counter``, ``remove ada counter``, ``ready``.

>>> parse(" Magic  Cinder E6 ")
Command('magic cinder e6')
>>> str(parse("ja backstab d5 off")), parse("end") is END
('ja backstab d5 off', True)
"""

from __future__ import annotations

import re

from comboarena.core import Action, NotationError

VERBS = ("fight", "ja", "magic", "item", "guard", "limit", "skill")
CAMP_VERBS = ("job", "secondary", "learn", "equip", "remove")
SQUARE = re.compile(r"^[a-p](1[0-6]|[1-9])$")
WORD = re.compile(r"^[a-z][a-z0-9\-]{0,23}$")

NOTATION_HELP = (
    "move <square>, face <n|e|s|w>, fight <square>, ja <ability> <square> [off], magic <spell> <square>, "
    "item <item> <square>, guard <square>, limit <square>, limit <spell> <square>, skill <skill> <square>, end; "
    "at camp: job/secondary/learn/equip/remove <unit> <what>, ready"
)


class Move(Action):
    """Move to ``square`` (a turn's one move, along the cheapest path)."""

    __slots__ = ("square",)

    square: str

    def __init__(self, square: str) -> None:
        super().__init__(f"move {square}")
        object.__setattr__(self, "square", square)


class Face(Action):
    """Turn to face ``direction`` (n, e, s, w)."""

    __slots__ = ("direction",)

    direction: str

    def __init__(self, direction: str) -> None:
        super().__init__(f"face {direction}")
        object.__setattr__(self, "direction", direction)


class End(Action):
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("end")


class Ready(Action):
    """Camp: done with the camp decisions."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("ready")


class Command(Action):
    """A battle command: ``verb`` (fight, ja, magic, item, guard, limit, skill), what it uses
    (an ability, spell, item or skill; empty for fight, guard and a weapon Limit), the
    target ``square``, and ``off`` (a job ability made with the second weapon)."""

    __slots__ = ("off", "square", "verb", "what")

    verb: str
    what: str
    square: str
    off: bool

    def __init__(self, verb: str, what: str, square: str, off: bool = False) -> None:
        text = f"{verb} {what} {square}" if what else f"{verb} {square}"
        super().__init__(text + (" off" if off else ""))
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "off", off)


class CampAction(Action):
    """A camp decision for one party member: ``job``, ``secondary``, ``learn``, ``equip``, ``remove``."""

    __slots__ = ("unit", "verb", "what")

    verb: str
    unit: str
    what: str

    def __init__(self, verb: str, unit: str, what: str) -> None:
        super().__init__(f"{verb} {unit} {what}")
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "unit", unit)
        object.__setattr__(self, "what", what)


END = End()
READY = Ready()
FACES = {d: Face(d) for d in "nesw"}
_CACHE: dict[str, Action] = {"end": END, "ready": READY, **{str(f): f for f in FACES.values()}}


def intern(action: Action) -> Action:
    """One shared object per notation (legal lists reuse them)."""
    return _CACHE.setdefault(action.text, action)


def move(square: str) -> Action:
    a = _CACHE.get("move " + square)
    return a if a is not None else intern(Move(square))


def command(verb: str, what: str, square: str, off: bool = False) -> Action:
    key = (f"{verb} {what} {square}" if what else f"{verb} {square}") + (" off" if off else "")
    a = _CACHE.get(key)
    return a if a is not None else intern(Command(verb, what, square, off))


def camp(verb: str, unit: str, what: str) -> Action:
    key = f"{verb} {unit} {what}"
    a = _CACHE.get(key)
    return a if a is not None else intern(CampAction(verb, unit, what))


def parse(text: str) -> Action:
    """Read an action's notation (case and extra spaces do not matter)."""
    if not isinstance(text, str):
        raise NotationError(f"expected notation text, got {type(text).__name__}")
    key = " ".join(text.lower().split())
    got = _CACHE.get(key)
    if got is not None:
        return got
    words = key.split()
    if not words:
        raise NotationError(f"empty move; write {NOTATION_HELP}")
    verb, args = words[0], words[1:]
    if verb == "move":
        if len(args) == 1 and SQUARE.match(args[0]):
            return move(args[0])
        raise NotationError(f"{text.strip()!r}: write move <square>, e.g. move c4 (files a-p, ranks from 1)")
    if verb == "face":
        raise NotationError(f"{text.strip()!r}: write face n, face e, face s or face w")
    if verb in ("end", "ready"):
        raise NotationError(f"{verb} takes nothing after it")
    if verb in ("fight", "guard"):
        if len(args) == 1 and SQUARE.match(args[0]):
            return command(verb, "", args[0])
        raise NotationError(f"{text.strip()!r}: write {verb} <square>, e.g. {verb} d5")
    if verb == "limit":
        if len(args) == 1 and SQUARE.match(args[0]):
            return command(verb, "", args[0])
        if len(args) == 2 and WORD.match(args[0]) and SQUARE.match(args[1]):
            return command(verb, args[0], args[1])
        raise NotationError(f"{text.strip()!r}: write limit <square> or limit <spell> <square>")
    if verb in ("ja", "magic", "item", "skill"):
        off = len(args) == 3 and args[2] == "off" and verb == "ja"
        if (len(args) == 2 or off) and WORD.match(args[0]) and SQUARE.match(args[1]):
            return command(verb, args[0], args[1], off)
        what = {"ja": "<ability>", "magic": "<spell>", "item": "<item>", "skill": "<skill>"}[verb]
        extra = " [off]" if verb == "ja" else ""
        raise NotationError(f"{text.strip()!r}: write {verb} {what} <square>{extra}, e.g. {_EXAMPLE[verb]}")
    if verb in CAMP_VERBS:
        if len(args) == 2 and WORD.match(args[0]) and WORD.match(args[1]):
            return camp(verb, args[0], args[1])
        raise NotationError(
            f"{text.strip()!r}: write {verb} <unit> <{'job' if verb in ('job', 'secondary') else 'ability'}>"
        )
    raise NotationError(f"{text.strip()!r} is not a 16 Bit Tactics move; write {NOTATION_HELP}")


_EXAMPLE = {"ja": "ja shield-bash d5", "magic": "magic cinder e6", "item": "item tonic b2", "skill": "skill lore e4"}

__all__ = ["END", "FACES", "NOTATION_HELP", "READY", "CampAction", "Command", "End", "Face", "Move", "Ready", "parse"]
