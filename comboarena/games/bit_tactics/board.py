"""Geometry of a map, computed once per map: Distance, the string of Line of
Effect, Facing, and the movement edges of Terrain Effects.

Squares are ints ``y * width + x`` (``a1`` = 0, bottom left); directions are
``0..3`` for north (up the ranks), east, south, west.

>>> from .maps import parse_map, SAMPLE
>>> b = board_of(parse_map(SAMPLE, "sample.txt"))
>>> b.distance(b.sq("a1"), b.sq("b2"))   # "diagonally adjacent ... are actually 2 squares distant"
2
>>> [b.name(s) for s in b.line(b.sq("a1"), b.sq("c3"))]   # through corners: both squares count
['b1', 'a2', 'b2', 'c2', 'b3']
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from comboarena.core import Action

from . import actions as A
from .maps import BOULDER, DEEP, DOOR, OPEN, SLOPE, WALL, WATER, Map

N, E, S, W = range(4)
DIR_NAMES = "nesw"
DX = (0, 1, 0, -1)
DY = (1, 0, -1, 0)
#: Facing relations: which part of a unit an attack comes through.
FRONT, SIDE, BACK = 0, 1, 2
#: EVA change by the part attacked: "+1EVA" through the front, "-1EVA" through the back.
FACING_EVA = (1, 0, -1)
#: A ``tops`` entry not yet worked out (see :meth:`Board.top`).
UNKNOWN = 1 << 30


class Edge(NamedTuple):
    """One step of movement out of a square (a walk to a neighbour, or a jump across a gap)."""

    to: int
    cost: int  # MC of the square entered, with its modifier and the height cost (not the first-square discount)
    first_cost: int  # the same, as the first square entered in a move
    stop: bool  # the height change equals Jump: movement ends there
    gap: int  # jumping across: the square jumped over; -1 for a walk
    dir: int
    slope: bool  # entering a slippery slope


class Profile(NamedTuple):
    """What changes how a unit moves: Float, walking on water, its Jump, the jump-across reading."""

    float_: bool
    waterwalk: bool
    jump: int
    across_level: bool


class Board:
    """Static geometry of one map (shared by every state on it)."""

    def __init__(self, m: Map) -> None:
        self.map = m
        w, h = m.width, m.height
        self.width, self.height, self.size = w, h, w * h
        self.ht = m.ht
        self.terrain = m.terrain
        self.xs = tuple(s % w for s in range(self.size))
        self.ys = tuple(s // w for s in range(self.size))
        #: ``step[d][sq]``: the neighbour of ``sq`` in direction ``d``, or -1 off the map.
        self.step = tuple(
            tuple(
                (self.ys[s] + DY[d]) * w + self.xs[s] + DX[d]
                if 0 <= self.xs[s] + DX[d] < w and 0 <= self.ys[s] + DY[d] < h
                else -1
                for s in range(self.size)
            )
            for d in range(4)
        )
        self.names = tuple(m.square_name(s) for s in range(self.size))
        #: square name -> index
        self.index = {name: s for s, name in enumerate(self.names)}
        #: ``move <square>`` per square, and command actions per (verb, what, off) per square
        self.moves = tuple(A.move(name) for name in self.names)
        self._commands: dict[tuple[str, str, bool], _Commands] = {}
        self._lines: dict[int, tuple[int, ...]] = {}
        n = self.size
        #: ``dist[a * size + b]``: the cardinal distance
        self.dist = [abs(self.xs[a] - self.xs[b]) + abs(self.ys[a] - self.ys[b]) for a in range(n) for b in range(n)]
        #: ``inline[a * size + b]``: same file or rank
        self.inline = [self.xs[a] == self.xs[b] or self.ys[a] == self.ys[b] for a in range(n) for b in range(n)]
        #: ``tops[a * size + b]``: see :meth:`top`; ``UNKNOWN`` (higher than anything) until
        #: asked for, so a reader that finds it no higher than a target needs no call.
        self.tops = [UNKNOWN] * (n * n)
        self._areas: dict[int, tuple[int, ...]] = {}
        #: :meth:`in_sight` and :meth:`seen_around`, by their arguments
        self._sight: dict[tuple[int, int, int], frozenset[int]] = {}
        self._seen: dict[tuple[int, int, int], frozenset[int]] = {}
        #: ``within[r][a]``: the squares at most ``r`` from ``a`` (r up to 10)
        self.within = [[tuple(b for b in range(n) if self.dist[a * n + b] <= r) for a in range(n)] for r in range(11)]
        self._edges: dict[Profile, tuple[tuple[Edge, ...], ...]] = {}
        #: the movement search's plain edge tables per profile (see :mod:`.movement`)
        self.plain: dict[tuple[bool, bool, int, bool], Any] = {}
        #: ``bits[sq]``: the bit of ``sq`` in a mask of squares; ``slopes``: the mask of the slopes
        self.bits = tuple(1 << s for s in range(n))
        self.slopes = sum(1 << s for s in range(n) if self.terrain[s] == SLOPE)
        #: the floor's base move cost (water 2), modifiers (+1) included; -1 where nobody walks by default
        self.base_cost = tuple(_base_cost(m, s) for s in range(self.size))

    # -- names ------------------------------------------------------------------------

    def sq(self, name: str) -> int:
        got = self.index.get(name)
        return got if got is not None else self.map.square(name)

    def name(self, sq: int) -> str:
        return self.names[sq]

    # -- Distance ---------------------------------------------------------------------

    def commands(self, verb: str, what: str = "", off: bool = False) -> dict[int, Action]:
        """The ``verb what <square> [off]`` action of each square, by square (interned, each
        made the first time it is looked up)."""
        key = (verb, what, off)
        got = self._commands.get(key)
        if got is None:
            got = self._commands[key] = _Commands(self.names, verb, what, off)
        return got

    def distance(self, a: int, b: int) -> int:
        """Rulebook "Distance": only the cardinal directions count."""
        return abs(self.xs[a] - self.xs[b]) + abs(self.ys[a] - self.ys[b])

    def in_line(self, a: int, b: int) -> bool:
        """Same file or same rank (melee "must draw their range in a straight line")."""
        return self.xs[a] == self.xs[b] or self.ys[a] == self.ys[b]

    def direction(self, a: int, b: int) -> int:
        """The direction from ``a`` toward ``b`` along the larger axis (north/south on a tie)."""
        dx, dy = self.xs[b] - self.xs[a], self.ys[b] - self.ys[a]
        if abs(dy) >= abs(dx):
            return N if dy > 0 else S
        return E if dx > 0 else W

    def directions(self, a: int, b: int) -> tuple[int, ...]:
        """The directions toward ``b`` along its larger axis; two on an exact diagonal."""
        dx, dy = self.xs[b] - self.xs[a], self.ys[b] - self.ys[a]
        vertical = N if dy > 0 else S
        horizontal = E if dx > 0 else W
        if abs(dy) > abs(dx):
            return (vertical,)
        if abs(dx) > abs(dy):
            return (horizontal,)
        return (vertical, horizontal)

    # -- Facing -----------------------------------------------------------------------

    def facing_attacked(self, attacker: int, target: int, target_facing: int) -> int:
        """FRONT, SIDE or BACK: the side of the target's square the string from the
        attacker's middle passes through; "if there is any doubt use the facing most
        beneficial to the target" (an exact diagonal touches two sides)."""
        best = BACK
        for d in self.directions(target, attacker):
            rel = FRONT if d == target_facing else BACK if d == (target_facing + 2) % 4 else SIDE
            if rel < best:
                best = rel
        return best

    def turn_toward(self, a: int, b: int, facing: int) -> int:
        """The facing a unit at ``a`` takes to attack ``b``: toward it along the larger
        axis; on an exact diagonal it keeps its facing if that is one of the two, else
        turns north or south."""
        dirs = self.directions(a, b)
        return facing if facing in dirs else dirs[0]

    # -- Line of Effect ---------------------------------------------------------------

    def line(self, a: int, b: int) -> tuple[int, ...]:
        """The squares the string from ``a``'s middle to ``b``'s passes over, between them.

        Where it passes exactly through a corner, both squares beside the corner count
        (doubt favours the target: either may block)."""
        key = a * self.size + b
        got = self._lines.get(key)
        if got is None:
            w = self.width
            got = self._lines[key] = tuple(a + d for d in _offsets(self.xs[b] - self.xs[a], self.ys[b] - self.ys[a], w))
        return got

    def top(self, k: int) -> int:
        """``tops[k]`` (``k = a * size + b``): the height of the tallest square the string
        from ``a`` to ``b`` passes over (-1 if none), from the map alone; worked out the
        first time it is asked for (most pairs of squares never are)."""
        got = self.tops[k]
        if got == UNKNOWN:
            a, b = divmod(k, self.size)
            w = self.width
            offsets = _offsets(self.xs[b] - self.xs[a], self.ys[b] - self.ys[a], w)
            got = self.tops[k] = max(map(self.ht.__getitem__, map(a.__add__, offsets)), default=-1)
        return got

    # -- Area of effect ---------------------------------------------------------------

    def area(self, center: int, ae: int) -> tuple[int, ...]:
        """Rulebook "AE": the squares within ``ae`` (counted cardinally) of the target square,
        nearest first."""
        if ae == 0:
            return (center,)
        key = center * 16 + ae
        got = self._areas.get(key)
        if got is None:
            got = self._areas[key] = self._area(center, ae)
        return got

    def _area(self, center: int, ae: int) -> tuple[int, ...]:
        cx, cy = self.xs[center], self.ys[center]
        out = []
        for y in range(max(0, cy - ae), min(self.height, cy + ae + 1)):
            for x in range(max(0, cx - ae), min(self.width, cx + ae + 1)):
                if abs(x - cx) + abs(y - cy) <= ae:
                    out.append(y * self.width + x)
        return tuple(sorted(out, key=lambda s: (self.distance(center, s), s)))

    def in_sight(self, a: int, r: int, uh: int) -> frozenset[int]:
        """The squares within ``r`` (up to 10) of ``a`` that a unit on ``a`` has Line of Effect
        to over the map alone (a unit standing ``uh`` tall on each; ``a`` itself included)."""
        key = (a, r, uh)
        got = self._sight.get(key)
        if got is None:
            n, ht, top = self.size, self.ht, self.top
            aN = a * n
            got = self._sight[key] = frozenset(c for c in self.within[r][a] if c == a or top(aN + c) <= ht[c] + uh)
        return got

    def seen_around(self, t: int, ae: int, uh: int) -> frozenset[int]:
        """The squares within ``ae`` of ``t`` with Line of Effect to ``t`` over the map alone
        (a unit standing ``uh`` tall on it; ``t`` itself included): the centres of an area
        that reaches a unit on ``t``."""
        key = (t, ae, uh)
        got = self._seen.get(key)
        if got is None:
            n, top = self.size, self.top
            tall = self.ht[t] + uh
            got = self._seen[key] = frozenset(c for c in self.area(t, ae) if c == t or top(c * n + t) <= tall)
        return got

    # -- Terrain Effects: movement edges ------------------------------------------------

    def edges(self, p: Profile) -> tuple[tuple[Edge, ...], ...]:
        """For each square, the steps out of it for a mover of profile ``p`` (static terrain only;
        units, doors and boulders are checked as the move is searched)."""
        got = self._edges.get(p)
        if got is None:
            got = self._edges[p] = tuple(self._edges_from(s, p) for s in range(self.size))
        return got

    def enter_cost(self, sq: int, p: Profile) -> int:
        """The MC of entering ``sq`` before any height cost; -1 if ``p`` cannot enter it.

        Open 1, water 2, deep water impassable (walking on water: as open ground;
        Float: 1), Broken/Thick/Fast + 1; Float ignores every movement penalty."""
        t = self.terrain[sq]
        if t == WALL:
            return -1
        if p.float_:
            return 1
        if t == DEEP and not p.waterwalk:
            return -1
        cost = self.base_cost[sq]
        if p.waterwalk and t in (WATER, DEEP):
            cost = 1 + (self.map.mod[sq] > 0)
        return cost

    def _edges_from(self, s: int, p: Profile) -> tuple[Edge, ...]:
        out = []
        hs = self.ht[s]
        for d in range(4):
            t = self.step[d][s]
            if t < 0:
                continue
            base = self.enter_cost(t, p)
            if base < 0:
                continue
            dh = self.ht[t] - hs
            if abs(dh) > p.jump:
                continue
            # "Height: MC +1, -1 for first square entered if it is only +1HT"; Float ignores it.
            climb = 1 if dh > 0 and not p.float_ else 0
            first = 0 if dh == 1 else climb
            slope = self.terrain[t] == SLOPE
            out.append(Edge(t, base + climb, base + first, abs(dh) == p.jump, -1, d, slope))
        for d in range(4):
            g = self.step[d][s]
            if g < 0:
                continue
            t = self.step[d][g]
            if t < 0:
                continue
            # "Jumping Across: May cross 1 empty space to area of lower HT."
            drop = hs - self.ht[t]
            if drop < 0 or (drop == 0 and not p.across_level) or drop > p.jump:
                continue
            if self.terrain[g] in (WALL, DOOR, BOULDER) or self.ht[g] >= min(hs, self.ht[t]):
                continue  # not an empty space: a wall, or ground as high as either side
            base = self.enter_cost(t, p)
            if base < 0:
                continue
            out.append(Edge(t, 1 + base, 1 + base, drop == p.jump, g, d, self.terrain[t] == SLOPE))
        return tuple(out)


class _Commands(dict[int, Action]):
    """One command's actions by target square, made as they are first looked up."""

    __slots__ = ("names", "off", "verb", "what")

    def __init__(self, names: tuple[str, ...], verb: str, what: str, off: bool) -> None:
        super().__init__()
        self.names, self.verb, self.what, self.off = names, verb, what, off

    def __missing__(self, sq: int) -> Action:
        got = self[sq] = A.command(self.verb, self.what, self.names[sq], self.off)
        return got


@cache
def _offsets(dx: int, dy: int, width: int) -> tuple[int, ...]:
    """The squares a string from a square's middle to the one ``dx`` files and ``dy`` ranks
    away passes over, between them, as offsets from the first on a map ``width`` wide: the
    supercover of the line (where it passes exactly through a corner, both squares beside
    the corner count). It depends on the two squares' difference only."""
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    dx, dy = abs(dx), abs(dy)
    x1, y1 = dx * sx, dy * sy
    out: list[tuple[int, int]] = []
    x = y = 0
    ddx, ddy = 2 * dx, 2 * dy
    if ddx >= ddy:
        prev = err = dx
        for _ in range(dx):
            x += sx
            err += ddy
            if err > ddx:
                y += sy
                err -= ddx
                if err + prev < ddx:
                    out.append((x, y - sy))
                elif err + prev > ddx:
                    out.append((x - sx, y))
                else:
                    out.append((x, y - sy))
                    out.append((x - sx, y))
            out.append((x, y))
            prev = err
    else:
        prev = err = dy
        for _ in range(dy):
            y += sy
            err += ddx
            if err > ddy:
                x += sx
                err -= ddy
                if err + prev < ddy:
                    out.append((x - sx, y))
                elif err + prev > ddy:
                    out.append((x, y - sy))
                else:
                    out.append((x - sx, y))
                    out.append((x, y - sy))
            out.append((x, y))
            prev = err
    return tuple(yy * width + xx for xx, yy in out if (xx, yy) != (x1, y1) and (xx, yy) != (0, 0))


def _base_cost(m: Map, sq: int) -> int:
    t = m.terrain[sq]
    if t in (WALL, DEEP):
        return -1
    base = 2 if t == WATER else 1  # open ground, and doors and boulders once out of the way
    if t in (OPEN, WATER, SLOPE, DOOR, BOULDER):
        base += 1 if m.mod[sq] else 0
    return base


@cache
def board_of(m: Map) -> Board:
    """The (cached) board of map ``m``."""
    return Board(m)


__all__ = ["BACK", "DIR_NAMES", "FACING_EVA", "FRONT", "SIDE", "Board", "Edge", "Profile", "board_of"]
