"""16 Combos' actions and their notation.

Every action is interned: ``parse`` returns the very object the state lists
as legal, and the encoder numbers the same objects.

>>> str(announce(0, 1)), str(announce(2, 0, col=2)), str(announce(3, 1, wild=True))
('H>1', 'C>0c', 'S>1 wild')
>>> parse(" h > 1 ") is announce(0, 1)
True
>>> str(parse("SWITCH B C")), str(parse("guard drawn b s")), str(parse("10h"))
('switch bc', 'guard drawn b S', 'TH')
"""

from __future__ import annotations

from comboarena.core import Action, NotationError

from .cards import FACES, JOKER_FACES, TYPE_INDEX, TYPES

#: Columns are lettered a..z from the owner's left.
MAX_COLUMNS = 26
LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: Characters are numbered 0..MAX_CHARACTERS-1.
MAX_CHARACTERS = 12


class Word(Action):
    """A one-word decision: ``pass``, ``consult``, ``defense``, ``swap``, ``keep``,
    ``add``, ``waste``, ``counter``, ``accept``, ``refuse``, ``hold``."""

    __slots__ = ()


class Place(Action):
    """Preparing Pairs: place the dealt value card ``face`` in the next column."""

    __slots__ = ("face",)

    face: int

    def __init__(self, face: int) -> None:
        super().__init__(FACES[face])
        object.__setattr__(self, "face", face)


class Announce(Action):
    """Act with type ``type`` on character ``target`` (its pair in ``col`` on an
    any-pair turn, else its defense pair), drawing or using the saved ``wild``."""

    __slots__ = ("col", "target", "type", "wild")

    type: int
    target: int
    col: int
    wild: bool

    def __init__(self, type: int, target: int, col: int = -1, wild: bool = False) -> None:
        text = f"{TYPES[type]}>{target}{LETTERS[col] if col >= 0 else ''}{' wild' if wild else ''}"
        super().__init__(text)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "col", col)
        object.__setattr__(self, "wild", wild)


class Change(Action):
    """Face Cards: change the pair's (or the action's) type to ``type``."""

    __slots__ = ("type",)

    type: int

    def __init__(self, type: int) -> None:
        super().__init__(f"change {TYPES[type]}")
        object.__setattr__(self, "type", type)


class SwapJoker(Action):
    """Face Card as Target Value with a joker: swap, the joker (now the type card) being ``type``."""

    __slots__ = ("type",)

    type: int

    def __init__(self, type: int) -> None:
        super().__init__(f"swap to {TYPES[type]}")
        object.__setattr__(self, "type", type)


class Column(Action):
    """A decision about one column: ``verb`` is ``defense``, ``stack``, ``swap``,
    ``recover``, ``snipe``, ``defend`` or ``stance``."""

    __slots__ = ("col", "verb")

    verb: str
    col: int

    def __init__(self, verb: str, col: int) -> None:
        super().__init__(f"{verb} {LETTERS[col]}")
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "col", col)


class Switch(Action):
    """Throw, Stealth, Dodge: switch the pairs of columns ``a`` and ``b`` (a < b)."""

    __slots__ = ("a", "b")

    a: int
    b: int

    def __init__(self, a: int, b: int) -> None:
        super().__init__(f"switch {LETTERS[a]}{LETTERS[b]}")
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)


class Insight(Action):
    """Insight: the target turns the ``type`` (or value) card of column ``col`` face up."""

    __slots__ = ("col", "part")

    col: int
    part: str

    def __init__(self, col: int, part: str) -> None:
        super().__init__(f"insight {LETTERS[col]} {part}")
        object.__setattr__(self, "col", col)
        object.__setattr__(self, "part", part)


class Guard(Action):
    """Hire Guard: the drawn card (``src`` -1) or the value card of column ``src``
    becomes the type card of column ``col`` (a drawn joker as ``type``)."""

    __slots__ = ("col", "src", "type")

    src: int
    col: int
    type: int

    def __init__(self, src: int, col: int, type: int = -1) -> None:
        source = "drawn" if src < 0 else LETTERS[src]
        super().__init__(f"guard {source} {LETTERS[col]}{' ' + TYPES[type] if type >= 0 else ''}")
        object.__setattr__(self, "src", src)
        object.__setattr__(self, "col", col)
        object.__setattr__(self, "type", type)


class TypeChoice(Action):
    """A joker that became a type card is finesse or vitality."""

    __slots__ = ("type",)

    type: int

    def __init__(self, type: int) -> None:
        super().__init__(f"type {TYPES[type]}")
        object.__setattr__(self, "type", type)


WORDS = ("pass", "consult", "defense", "swap", "keep", "add", "waste", "counter", "accept", "refuse", "hold")
W: dict[str, Word] = {w: Word(w) for w in WORDS}
PASS = W["pass"]
CONSULT = W["consult"]
DEFENSE = W["defense"]
SWAP = W["swap"]
KEEP = W["keep"]
ADD = W["add"]
WASTE = W["waste"]
COUNTER = W["counter"]
ACCEPT = W["accept"]
REFUSE = W["refuse"]
HOLD = W["hold"]

PLACE = tuple(Place(f) for f in range(52))
#: ANNOUNCE[type][target] (defense pair), ANNOUNCE_AT[type][target][col], ANNOUNCE_WILD[type][target],
#: ANNOUNCE_AT_WILD[type][target][col].
ANNOUNCE = tuple(tuple(Announce(t, c) for c in range(MAX_CHARACTERS)) for t in range(4))
ANNOUNCE_WILD = tuple(tuple(Announce(t, c, wild=True) for c in range(MAX_CHARACTERS)) for t in range(4))
ANNOUNCE_AT = tuple(
    tuple(tuple(Announce(t, c, col) for col in range(MAX_COLUMNS)) for c in range(MAX_CHARACTERS)) for t in range(4)
)
ANNOUNCE_AT_WILD = tuple(
    tuple(tuple(Announce(t, c, col, True) for col in range(MAX_COLUMNS)) for c in range(MAX_CHARACTERS))
    for t in range(4)
)
CHANGE = tuple(Change(t) for t in range(4))
SWAP_JOKER = tuple(SwapJoker(t) for t in range(4))
TYPE_CHOICE = tuple(TypeChoice(t) for t in range(4))
COLUMN_VERBS = ("defense", "stack", "swap", "recover", "snipe", "defend", "stance")
COL: dict[str, tuple[Column, ...]] = {v: tuple(Column(v, c) for c in range(MAX_COLUMNS)) for v in COLUMN_VERBS}
SWITCH = tuple(tuple(Switch(a, b) if a < b else None for b in range(MAX_COLUMNS)) for a in range(MAX_COLUMNS))
INSIGHT = tuple((Insight(c, "type"), Insight(c, "value")) for c in range(MAX_COLUMNS))
#: GUARD[src + 1][col] (src -1: the drawn card); GUARD_JOKER[type][col].
GUARD = tuple(tuple(Guard(s, c) for c in range(MAX_COLUMNS)) for s in range(-1, MAX_COLUMNS))
GUARD_JOKER = tuple(tuple(Guard(-1, c, t) for c in range(MAX_COLUMNS)) for t in range(4))


def switch(a: int, b: int) -> Switch:
    s = SWITCH[min(a, b)][max(a, b)]
    assert s is not None
    return s


def announce(type: int, target: int, col: int = -1, wild: bool = False) -> Announce:
    if col >= 0:
        return (ANNOUNCE_AT_WILD if wild else ANNOUNCE_AT)[type][target][col]
    return (ANNOUNCE_WILD if wild else ANNOUNCE)[type][target]


def all_actions() -> list[Action]:
    """Every action of the game in a fixed order (the encoder's numbering)."""
    out: list[Action] = [W[w] for w in WORDS]
    out += PLACE
    for t in range(4):
        for c in range(MAX_CHARACTERS):
            out += [ANNOUNCE[t][c], ANNOUNCE_WILD[t][c]]
            out += ANNOUNCE_AT[t][c]
            out += ANNOUNCE_AT_WILD[t][c]
    out += CHANGE
    out += SWAP_JOKER
    out += TYPE_CHOICE
    for verb in COLUMN_VERBS:
        out += COL[verb]
    out += [s for row in SWITCH for s in row if s is not None]
    out += [a for pair in INSIGHT for a in pair]
    out += [g for row in GUARD for g in row]
    for t in (0, 3):  # a joker as a type card is vitality or finesse
        out += GUARD_JOKER[t]
    return out


_BY_TEXT: dict[str, Action] = {a.text.lower().replace(" ", ""): a for a in all_actions()}
for _t in (1, 2):  # GUARD_JOKER for wealth/strength is never legal, but keep parse total
    for _g in GUARD_JOKER[_t]:
        _BY_TEXT.setdefault(_g.text.lower().replace(" ", ""), _g)

NOTATION_HELP = (
    "a value card to place (7H), an action (H>1: vitality on character 1; H>1c: its column c; "
    "add ' wild' to use your saved wild), pass, or the word or column the step asks for "
    "(consult, defense, change C, swap, keep, add, waste, counter, accept, refuse, hold, "
    "switch bc, insight b type, snipe b, defend b, guard drawn b, guard c b, recover b, stance b, "
    "defense b, stack b, type S)"
)


def parse(text: str) -> Action:
    """Read a move; case and spaces do not matter. Raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"expected notation text, got {type(text).__name__}")
    raw = text.strip()
    key = raw.lower().replace(" ", "")
    if key.startswith("10"):
        key = "t" + key[2:]
    action = _BY_TEXT.get(key)
    if action is not None:
        return action
    raise NotationError(_why(raw, key))


def _why(raw: str, key: str) -> str:
    if not key:
        return f"an empty move; write {NOTATION_HELP}"
    if ">" in key:
        kind, _, rest = key.partition(">")
        if kind.upper() not in TYPE_INDEX:
            return f"{raw!r}: the action type before '>' is one of H (vitality), D (wealth), C (strength), S (finesse)"
        digits = "".join(ch for ch in rest if ch.isdigit())
        if not digits:
            return f"{raw!r}: name the target character after '>' by its number, e.g. {kind.upper()}>1"
        if int(digits) >= MAX_CHARACTERS:
            return f"{raw!r}: there is no character {digits} (characters are numbered 0..{MAX_CHARACTERS - 1})"
        return f"{raw!r}: write <type>><character>[<column>][ wild], e.g. H>1, H>1c or H>1 wild"
    upper = key.upper().rstrip("'")
    if len(upper) == 2 and upper[1] in "SHDC" and upper not in ("BJ", "RJ"):
        return f"{raw!r} is not a card; a card is rank 2-9, T, J, Q, K, A then suit S, H, D, C (e.g. 7H)"
    if upper in (FACES[JOKER_FACES[0]], FACES[JOKER_FACES[1]]):
        return f"{raw!r}: jokers are never dealt as value cards (they are in the draw deck)"
    return f"{raw!r} is not a 16 Combos move; write {NOTATION_HELP}"


__all__ = [
    "ACCEPT",
    "ADD",
    "ANNOUNCE",
    "ANNOUNCE_AT",
    "ANNOUNCE_AT_WILD",
    "ANNOUNCE_WILD",
    "CHANGE",
    "COL",
    "CONSULT",
    "COUNTER",
    "DEFENSE",
    "GUARD",
    "GUARD_JOKER",
    "HOLD",
    "INSIGHT",
    "KEEP",
    "LETTERS",
    "MAX_CHARACTERS",
    "MAX_COLUMNS",
    "NOTATION_HELP",
    "PASS",
    "PLACE",
    "REFUSE",
    "SWAP",
    "SWAP_JOKER",
    "SWITCH",
    "TYPE_CHOICE",
    "WASTE",
    "Announce",
    "Change",
    "Column",
    "Guard",
    "Insight",
    "Place",
    "SwapJoker",
    "Switch",
    "TypeChoice",
    "Word",
    "all_actions",
    "announce",
    "parse",
    "switch",
]
