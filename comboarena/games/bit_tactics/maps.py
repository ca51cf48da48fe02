"""Battle maps in a plain text format a person can edit (``maps/*.txt``).

A map file::

    # comments start with '#'
    title: The Old Ford
    text: A shallow river between two banks.
    objective: rout                      # or: reach h8 | survive 8
    8 | 1. 1. 2. 4# 2. 1b 1. 0.          # one row per rank, the top rank first
    ...
    1 | 0. 0. 0~ 0= 0~ 1. 1t 2.
        a  b  c  d  e  f  g  h           # (optional) the files, for the reader
    deploy 1: a1-d2                      # squares or rectangles: side 1 (the party)
    deploy 2: e7 f7 g8 h8                # side 2
    feature d5: door lore 7 damage 4     # a rune door (Lore), a boulder (Might),
    feature c3: slope agility 6 down s   # a slippery slope (Agility)

Each square is its height (one digit, 0-9), then its terrain, then an optional
modifier: terrain ``.`` open (grass, earth, stone: MC 1), ``~`` water (MC 2),
``=`` deep water (impassable unless a movement ability or status allows),
``#`` wall (impassable; blocks Line of Effect by its height), ``D`` rune door,
``O`` boulder, ``S`` slippery slope; modifier ``b`` broken, ``t`` thick,
``f`` fast (MC + 1). Squares are named as on a chessboard: files ``a``, ``b``,
... from the left, ranks ``1``, ``2``, ... from the bottom row as the file
draws it (``a1`` is the bottom-left square).

Errors name the file, the line and what is allowed.

>>> m = parse_map(SAMPLE, "sample.txt")
>>> m.width, m.height, m.square_name(0), m.ht[m.square("c2")], TERRAIN_CHARS[m.terrain[m.square("b1")]]
(3, 3, 'a1', 2, '~')
>>> parse_map(SAMPLE, "sample.txt").to_text() == parse_map(m.to_text(), "again.txt").to_text()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import NamedTuple

from .datafile import ContentError
from .statuses import SKILLS

MAPS_DIR = Path(__file__).with_name("maps")

OPEN, WATER, DEEP, WALL, DOOR, BOULDER, SLOPE = range(7)
TERRAIN_CHARS = ".~=#DOS"
TERRAIN_NAMES = ("open", "water", "deep water", "wall", "rune door", "boulder", "slippery slope")
MODIFIER_CHARS = " btf"
MODIFIER_NAMES = ("", "broken", "thick", "fast")
FEATURE_KINDS = {DOOR: ("door", "lore"), BOULDER: ("boulder", "might"), SLOPE: ("slope", "agility")}
#: How much taller than its floor a closed door and a boulder stand (for Line of Effect).
DOOR_HEIGHT = 3
BOULDER_HEIGHT = 2
#: How a feature stands during a battle (the state's ``features``, written as such in
#: positions and views): a rune door ``closed`` or ``open``; a boulder on its square
#: (the square's name) or ``gone`` (sunk in deep water); a slippery slope ``slope``.
CLOSED, OPENED, GONE, SLOPED = "closed", "open", "gone", "slope"
OBJECTIVES = ("rout", "reach", "survive")
DIRS = "nesw"
MIN_SIZE, MAX_SIZE = 3, 16

SAMPLE = """\
title: Sample
objective: rout
3 | 0. 1. 1#
2 | 0. 0.b 2.
1 | 0. 0~ 1.
deploy 1: a1 a2
deploy 2: c2 c1
"""


class Feature(NamedTuple):
    """A skill puzzle on a square: a rune door (Lore), a boulder (Might), a slippery slope (Agility)."""

    square: int
    kind: int  # DOOR, BOULDER or SLOPE
    skill: int  # statuses.SKILLS index
    tn: int  # the difficulty: the skill die must exceed it
    damage: int  # door: backlash on a failure; boulder: what it deals to a unit it rolls into; slope: a slip's fall
    down: int  # slope: the direction a failed test slides you (0-3 for n e s w); -1 otherwise


class Map(NamedTuple):
    """A battle map; ``ht``, ``terrain`` and ``mod`` are indexed by square (``y * width + x``)."""

    id: str
    title: str
    text: str
    width: int
    height: int
    ht: tuple[int, ...]
    terrain: tuple[int, ...]
    mod: tuple[int, ...]
    features: tuple[Feature, ...]
    deploy: tuple[tuple[int, ...], tuple[int, ...]]
    facing: tuple[int, int]  # the facing of each side at deployment
    objective: str
    objective_arg: int  # reach: the square; survive: the rounds
    source: str

    @property
    def size(self) -> int:
        return self.width * self.height

    def square(self, name: str) -> int:
        """The index of square ``name`` (``a1``); raises ``ValueError`` off the map."""
        sq = square_index(name, self.width, self.height)
        if sq < 0:
            raise ValueError(f"{name!r} is not a square of this {self.width}x{self.height} map (a1-{self.corner})")
        return sq

    def square_name(self, sq: int) -> str:
        return square_name(sq, self.width)

    @property
    def corner(self) -> str:
        return square_name(self.size - 1, self.width)

    def start_features(self) -> tuple[str, ...]:
        """The features as a battle on this map begins: doors closed, boulders in place."""
        return tuple(
            CLOSED if f.kind == DOOR else self.square_name(f.square) if f.kind == BOULDER else SLOPED
            for f in self.features
        )

    def feature_at(self, sq: int) -> Feature | None:
        for f in self.features:
            if f.square == sq:
                return f
        return None

    def cell(self, sq: int) -> str:
        return f"{self.ht[sq]}{TERRAIN_CHARS[self.terrain[sq]]}{MODIFIER_CHARS[self.mod[sq]].strip()}"

    def to_text(self) -> str:
        """The map in its file format (round-trips through :func:`parse_map`)."""
        out = [f"title: {self.title}"]
        if self.text:
            out.append(f"text: {self.text}")
        obj = self.objective
        if obj == "reach":
            obj += " " + self.square_name(self.objective_arg)
        elif obj == "survive":
            obj += f" {self.objective_arg}"
        out.append(f"objective: {obj}")
        w = len(str(self.height))
        for y in range(self.height - 1, -1, -1):
            cells = " ".join(f"{self.cell(y * self.width + x):<3}" for x in range(self.width)).rstrip()
            out.append(f"{y + 1:>{w}} | {cells}")
        out.append(" " * (w + 3) + "".join(f"{chr(97 + x):<4}" for x in range(self.width)).rstrip())
        for side in (0, 1):
            out.append(f"deploy {side + 1}: " + " ".join(self.square_name(s) for s in self.deploy[side]))
            out.append(f"facing {side + 1}: {DIRS[self.facing[side]]}")
        for f in self.features:
            name, skill = FEATURE_KINDS[f.kind]
            line = f"feature {self.square_name(f.square)}: {name} {skill} {f.tn}"
            if f.damage:
                line += f" damage {f.damage}"
            if f.down >= 0:
                line += f" down {DIRS[f.down]}"
            out.append(line)
        return "\n".join(out) + "\n"


def square_index(name: str, width: int, height: int) -> int:
    """``a1`` -> 0; -1 if ``name`` is not a square of a ``width`` x ``height`` map."""
    m = re.fullmatch(r"([a-p])([1-9]|1[0-6])", name.strip().lower())
    if not m:
        return -1
    x, y = ord(m.group(1)) - 97, int(m.group(2)) - 1
    if x >= width or y >= height:
        return -1
    return y * width + x


def square_name(sq: int, width: int) -> str:
    return f"{chr(97 + sq % width)}{sq // width + 1}"


# -- parsing ------------------------------------------------------------------------


def parse_map(text: str, source: str, map_id: str | None = None) -> Map:
    """Read a map file's text; raises :class:`ContentError` naming ``source`` and the line."""
    rows: list[tuple[int, int, list[str]]] = []  # (line, rank, cells)
    meta: dict[str, tuple[int, str]] = {}
    deploys: dict[int, tuple[int, str]] = {}
    facings: dict[int, tuple[int, str]] = {}
    features: list[tuple[int, str, str]] = []

    def fail(line: int, problem: str) -> ContentError:
        return ContentError(f"{source}, line {line}: {problem}")

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].rstrip() if not re.match(r"^\s*\d+\s*\|", raw) else _strip_comment(raw)
        if not line.strip():
            continue
        m = re.match(r"^\s*(\d+)\s*\|(.*)$", line)
        if m:
            rows.append((n, int(m.group(1)), m.group(2).split()))
            continue
        m = re.match(r"^\s*(title|text|objective)\s*:\s*(.*)$", line)
        if m:
            if m.group(1) in meta:
                raise fail(n, f"'{m.group(1)}' is given twice")
            meta[m.group(1)] = (n, m.group(2).strip())
            continue
        m = re.match(r"^\s*(deploy|facing)\s+(\d)\s*:\s*(.*)$", line)
        if m:
            side = int(m.group(2))
            if side not in (1, 2):
                raise fail(n, f"'{m.group(1)} {side}': the sides are 1 (the party, or the first player) and 2")
            table = deploys if m.group(1) == "deploy" else facings
            if side in table:
                raise fail(n, f"'{m.group(1)} {side}' is given twice")
            table[side] = (n, m.group(3).strip())
            continue
        m = re.match(r"^\s*feature\s+([a-p]\d{1,2})\s*:\s*(.*)$", line)
        if m:
            features.append((n, m.group(1), m.group(2).strip()))
            continue
        if re.fullmatch(r"\s*([a-p]\s*)+", line):
            continue  # the row of file letters under the grid
        # Errors never quote the file: a file that is not a map may hold anything.
        raise fail(
            n,
            "this line is not part of a map: lines are 'title:', 'text:', 'objective:', a row "
            "'<rank> | <squares>', 'deploy <1|2>:', 'facing <1|2>:' or 'feature <square>:'",
        )
    if "title" not in meta or not meta["title"][1]:
        raise ContentError(f"{source}: a map needs a 'title: ...' line")
    if not rows:
        raise ContentError(f"{source}: the map has no rows ('<rank> | <squares>', the top rank first)")
    height = len(rows)
    width = len(rows[0][2])
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise fail(rows[0][0], f"the map is {width}x{height}; maps are {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}")
    size = width * height
    ht = [0] * size
    terrain = [0] * size
    mod = [0] * size
    for i, (n, rank, cells) in enumerate(rows):
        if rank != height - i:
            raise fail(
                n, f"this row is labelled {rank}, but rows go from rank {height} (top) down to 1: expected {height - i}"
            )
        if len(cells) != width:
            raise fail(n, f"rank {rank} has {len(cells)} squares; the first row has {width}")
        y = rank - 1
        for x, cell in enumerate(cells):
            m = re.fullmatch(r"(\d)([.~=#DOS])([btf]?)", cell)
            if not m:
                raise fail(
                    n,
                    f"square {chr(97 + x)}{rank} cannot be read: write a height digit 0-9, a terrain "
                    f"({' '.join(f'{c} {t}' for c, t in zip(TERRAIN_CHARS, TERRAIN_NAMES, strict=True))}) and "
                    "optionally a modifier (b broken, t thick, f fast), e.g. 2. or 0~f",
                )
            sq = y * width + x
            ht[sq] = int(m.group(1))
            terrain[sq] = TERRAIN_CHARS.index(m.group(2))
            mod[sq] = MODIFIER_CHARS.index(m.group(3)) if m.group(3) else 0
            if mod[sq] and terrain[sq] in (WALL, DOOR, BOULDER, DEEP):
                raise fail(n, f"square {chr(97 + x)}{rank}: a {TERRAIN_NAMES[terrain[sq]]} takes no modifier")

    def squares(n: int, spec: str) -> list[int]:
        out: list[int] = []
        for token in spec.replace(",", " ").split():
            a, _, b = token.partition("-")
            sa = square_index(a, width, height)
            sb = square_index(b, width, height) if b else sa
            if sa < 0 or sb < 0:
                raise fail(
                    n,
                    f"the squares must be on this {width}x{height} map (a1-{square_name(size - 1, width)}), "
                    "e.g. a1 b2 or a1-d2",
                )
            for y in range(min(sa // width, sb // width), max(sa // width, sb // width) + 1):
                for x in range(min(sa % width, sb % width), max(sa % width, sb % width) + 1):
                    sq = y * width + x
                    if sq in out:
                        raise fail(n, f"{square_name(sq, width)} is listed twice")
                    out.append(sq)
        return out

    deploy: list[tuple[int, ...]] = []
    for side in (1, 2):
        if side not in deploys:
            raise ContentError(f"{source}: a map needs 'deploy {side}: <squares>' (where side {side} starts)")
        n, spec = deploys[side]
        sqs = squares(n, spec)
        for sq in sqs:
            if terrain[sq] in (DEEP, WALL, DOOR, BOULDER):
                raise fail(n, f"{square_name(sq, width)} is {TERRAIN_NAMES[terrain[sq]]}: units cannot start there")
        deploy.append(tuple(sqs))
    common = set(deploy[0]) & set(deploy[1])
    if common:
        raise fail(deploys[2][0], f"{square_name(min(common), width)} is in both deployment zones")

    facing = []
    for side in (1, 2):
        if side in facings:
            n, d = facings[side]
            if d not in DIRS or len(d) != 1:
                raise fail(n, "facing must be one of n, e, s, w")
            facing.append(DIRS.index(d))
        else:
            facing.append(_toward(deploy[side - 1], deploy[2 - side], width))

    feats = []
    for n, name, spec in features:
        sq = square_index(name, width, height)
        if sq < 0:
            raise fail(n, f"the feature's square is not on this {width}x{height} map")
        feats.append(_feature(n, sq, name, spec, terrain[sq], fail))
    for sq in range(size):
        if terrain[sq] in FEATURE_KINDS and not any(f.square == sq for f in feats):
            kind, skill = FEATURE_KINDS[terrain[sq]]
            raise ContentError(
                f"{source}: square {square_name(sq, width)} is a {TERRAIN_NAMES[terrain[sq]]}; "
                f"describe it with 'feature {square_name(sq, width)}: {kind} {skill} <difficulty> ...'"
            )

    objective, arg = "rout", 0
    if "objective" in meta:
        n, spec = meta["objective"]
        parts = spec.split()
        if not parts or parts[0] not in OBJECTIVES:
            raise fail(n, "objective must be rout, reach <square> or survive <rounds>")
        objective = parts[0]
        if objective == "reach":
            arg = square_index(parts[1], width, height) if len(parts) == 2 else -1
            if arg < 0 or terrain[arg] in (DEEP, WALL, DOOR, BOULDER):
                raise fail(n, "objective 'reach' needs one square a unit can stand on, e.g. reach h8")
        elif objective == "survive":
            if len(parts) != 2 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= 50:
                raise fail(n, "objective 'survive' needs a number of rounds from 1 to 50, e.g. survive 8")
            arg = int(parts[1])
        elif len(parts) > 1:
            raise fail(n, "objective 'rout' takes nothing more")
    return Map(
        id=map_id or Path(source).stem,
        title=meta["title"][1],
        text=meta.get("text", (0, ""))[1],
        width=width,
        height=height,
        ht=tuple(ht),
        terrain=tuple(terrain),
        mod=tuple(mod),
        features=tuple(sorted(feats)),
        deploy=(deploy[0], deploy[1]),
        facing=(facing[0], facing[1]),
        objective=objective,
        objective_arg=arg,
        source=source,
    )


def _strip_comment(raw: str) -> str:
    # In a grid row '#' is a wall; a comment there starts with ' # ' after the squares.
    m = re.match(r"^(\s*\d+\s*\|(?:\s*\d[.~=#DOS][btf]?)*)\s*(#.*)?$", raw)
    return m.group(1) if m else raw


def _toward(mine: tuple[int, ...], theirs: tuple[int, ...], width: int) -> int:
    """The facing from one deployment zone's middle toward the other's."""
    if not mine or not theirs:
        return 0
    mx = sum(s % width for s in mine) / len(mine)
    my = sum(s // width for s in mine) / len(mine)
    tx = sum(s % width for s in theirs) / len(theirs)
    ty = sum(s // width for s in theirs) / len(theirs)
    dx, dy = tx - mx, ty - my
    if abs(dy) >= abs(dx):
        return 0 if dy > 0 else 2
    return 1 if dx > 0 else 3


def _feature(n: int, sq: int, name: str, spec: str, terrain: int, err: Callable[[int, str], ContentError]) -> Feature:
    if terrain not in FEATURE_KINDS:
        raise err(
            n, f"{name} is {TERRAIN_NAMES[terrain]}; mark the square D (rune door), O (boulder) or S (slope) first"
        )
    kind_name, skill_name = FEATURE_KINDS[terrain]
    parts = spec.split()
    usage = f"'feature {name}: {kind_name} {skill_name} <difficulty 1-11>" + (
        " down <n|e|s|w> [damage N]'" if terrain == SLOPE else " [damage N]'"
    )
    if len(parts) < 3 or parts[0] != kind_name or parts[1] != skill_name or not parts[2].isdigit():
        raise err(n, f"the square is a {TERRAIN_NAMES[terrain]}: write {usage}")
    tn = int(parts[2])
    if not 1 <= tn <= 11:
        raise err(n, f"difficulty {tn} is out of range: a d6-d12 skill die must be able to exceed it (1-11)")
    damage, down = 0, -1
    rest = parts[3:]
    while rest:
        key = rest.pop(0)
        value = rest.pop(0) if rest else ""
        if key == "damage" and value.isdigit() and int(value) <= 99:
            damage = int(value)
        elif key == "down" and terrain == SLOPE and value in DIRS and len(value) == 1:
            down = DIRS.index(value)
        else:
            raise err(n, f"the words after the difficulty cannot be read: write {usage}")
    if terrain == SLOPE and down < 0:
        raise err(n, f"a slope needs the direction it slides you: write {usage}")
    return Feature(sq, terrain, SKILLS.index(skill_name), tn, damage, down)


def load_map_file(path: str | Path) -> Map:
    """Read a map file; a missing or unreadable file raises :class:`ContentError`."""
    path = Path(path)
    source = f"maps/{path.name}" if path.parent == MAPS_DIR else str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{source}: cannot read the map file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ContentError(f"{source}: not a text file (a map is plain text)") from None
    return parse_map(text, source, path.stem)


@cache
def shipped_maps() -> dict[str, Map]:
    """The maps shipped in ``maps/*.txt``, by id."""
    return {p.stem: load_map_file(p) for p in sorted(MAPS_DIR.glob("*.txt"))}


@cache
def shipped_map_names() -> tuple[str, ...]:
    """The ids of the shipped maps, from their file names alone (nothing is read)."""
    return tuple(p.stem for p in sorted(MAPS_DIR.glob("*.txt")))


def find_map(name: str) -> Map:
    """A shipped map by id, or a map file by path (the command line's); :class:`ContentError` if neither."""
    maps = shipped_maps()
    if name in maps:
        return maps[name]
    path = Path(name)
    try:
        if path.suffix == ".txt" or "/" in name or path.exists():
            return _load_cached(str(path.resolve()) if path.exists() else name)
    except OSError as exc:  # e.g. a name too long to be a path
        raise ContentError(f"no map file at that path: {exc.strerror or exc}") from None
    shown = name if len(name) <= 40 else name[:40] + "…"
    raise ContentError(f"no map {shown!r}; the maps are {', '.join(maps)}, or give the path of a map file (.txt)")


@cache
def _load_cached(path: str) -> Map:
    return load_map_file(path)


__all__ = [
    "BOULDER",
    "CLOSED",
    "DEEP",
    "DOOR",
    "GONE",
    "OPEN",
    "OPENED",
    "SLOPE",
    "SLOPED",
    "TERRAIN_CHARS",
    "WALL",
    "WATER",
    "Feature",
    "Map",
    "find_map",
    "load_map_file",
    "parse_map",
    "shipped_map_names",
    "shipped_maps",
    "square_index",
    "square_name",
]
