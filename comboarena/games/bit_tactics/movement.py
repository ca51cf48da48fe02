"""Movement: the squares a unit can reach with its MOV (rulebook "Terrain
Effects": move costs, water, deep water, Broken/Thick/Fast, height cost with the
first +1 free, Jumping Across, Jumping Up/Down with the exact-Jump stop), the move
itself ("Characters always advance through their forward facing", so a slippery
slope on the way tests Agility), and Knockback and Falling.

Units pass through allies and fallen units but not through standing foes, and
end a move only on an empty square.

Changes the battle's units (the state's ``units``): squares, facing and HP (a
slip, a fall).
"""

from __future__ import annotations

import heapq
from itertools import compress
from operator import and_
from typing import Any

from comboarena.core import Event

from .battle import HALT, MOV_BITS, Battle
from .board import Edge, Profile
from .fasttargets import side_units
from .maps import SLOPE
from .statuses import FLOAT
from .view import EV_KNOCKBACK, EV_MOVE, EV_SLIP

#: A search key is cost * KEY + slippery slopes crossed: cheaper first, then safer.
KEY = 16
_INF = 1 << 30


def profile(b: Battle, u: int) -> Profile:
    s = b.sheets[u]
    return Profile(b.floats(u), s.waterwalk, s.jump, b.rules.across_level)


#: Per search state, the steps out of it as plain tuples (state, key, gap), cheapest first.
#: A state is a square ``t`` (free to go on) or ``size + t`` (stopped there: the height
#: change equalled Jump), which has no steps out. ``key`` is the search key the step adds
#: (cost * KEY, + 1 for a slippery slope unless floating); ``gap`` is the square jumped
#: over, or ``size`` (a square nobody stands on) for a walk.
Plain = tuple[tuple[tuple[int, int, int], ...], ...]


Tables = tuple[Plain, Plain, dict[tuple[int, int], Any], tuple[dict[int, Edge], ...]]


def _tables(b: Battle, u: int) -> Tables:
    """The movement edges of ``u``'s profile as plain tuples: for any step, and for the
    first step of a move (its first-square cost); and the profile's searches on an empty
    board (see :func:`_search`)."""
    memo_key = (u, (b.sm[u] >> FLOAT) & 1)  # all but Float follows from the sheet and the rules
    got = b.memo.get(memo_key)
    if got is None:
        got = b.memo[memo_key] = _profile_tables(b, u)
    return got  # type: ignore[return-value]


def _profile_tables(b: Battle, u: int) -> Tables:
    s = b.sheets[u]
    board = b.board
    floats = b.floats(u)
    key = (floats, s.waterwalk, s.jump, b.rules.across_level)
    got = board.plain.get(key)
    if got is None:
        edges = board.edges(profile(b, u))
        n = board.size
        slope = 0 if floats else 1
        none: tuple[tuple[int, int, int], ...] = ()
        got = board.plain[key] = (
            tuple(_plain(es, False, slope, n) for es in edges) + (none,) * n,
            tuple(_plain(es, True, slope, n) for es in edges) + (none,) * n,
            {},
            # the edge out of each square into each state (one at most: each step out of a
            # square leads to a different square)
            tuple({e.to + (n if e.stop else 0): e for e in es} for es in edges),
        )
    return got  # type: ignore[no-any-return]


def _plain(es: tuple[Edge, ...], first: bool, slope: int, n: int) -> tuple[tuple[int, int, int], ...]:
    out = [
        (
            e.to + (n if e.stop else 0),
            (e.first_cost if first else e.cost) * KEY + (slope if e.slope else 0),
            e.gap if e.gap >= 0 else n,
        )
        for e in es
    ]
    # Cheapest first, so a search stops looking at a square's steps at the first too dear
    # (the order of one square's steps changes nothing: each leads to a different state).
    out.sort(key=lambda x: x[1])
    return tuple(out)


Search = tuple[list[int], list[int], list[int]]
#: A search found: its result, and the squares it reached with their best key (in order,
#: whoever stands there; see :func:`reachable`).
Found = tuple[Search, dict[int, int]]


def _foe_flags(b: Battle, side: int) -> list[bool]:
    """Whether each unit is a foe of ``side`` (kept in the battle's memo, as
    :class:`.fasttargets.Targets` keeps it)."""
    return side_units(b, side)[0]


def _search(b: Battle, u: int, mov: int) -> Found:
    """Least-cost search from ``u``'s square over the states (square, free or stopped):
    (best key per state, parent per state, the states reached), with the squares reached;
    a parent is the square of the (free) state it came from.

    The same search on an empty board is kept per profile, start and MOV with the squares
    it looked at: when no unit, door or boulder stands on any of them, this search would
    make exactly the same steps, so its result is that one. A search with something in
    the way looks at no more than that one did, so it is kept in the battle's memo by what
    stands where that one looked (see :func:`_blocked`)."""
    cached = b.reach
    sq = b.sq
    start = sq[u]
    if cached is not None and cached[0] == u and cached[1] == start:
        return cached[2]
    memo = b.memo
    tables_key = (u, (b.sm[u] >> FLOAT) & 1)  # as :func:`_tables`
    tables: Tables | None = memo.get(tables_key)  # type: ignore[assignment]
    if tables is None:
        tables = memo[tables_key] = _profile_tables(b, u)
    edges, firsts, empty, _ = tables
    limit = mov * KEY + KEY - 1
    board = b.board
    bits = board.bits
    up = list(map(bool, b.hp))  # HP is never below 0
    standing = sum(map(bits.__getitem__, compress(sq, up)))
    dyn_mask = b.dmask
    filled = dyn_mask | standing
    free = empty.get((start, limit))
    if free is None:
        best_free, looked, jumped = _watch(edges, firsts, start, limit, board.size)
        free = empty[(start, limit)] = ((best_free, _squares(b, u, mov, best_free)), looked, jumped)
    found, looked, jumped = free
    if (looked | jumped) & filled:  # (``closed`` lies within ``filled``)
        foes = sum(map(bits.__getitem__, compress(sq, map(and_, _foe_flags(b, b.sides[u]), up))))
        # A square in the way only makes moves dearer: the search enters and jumps over
        # no square the search on an empty board did not, so only those matter.
        closed = (dyn_mask | foes | (standing & board.slopes)) & looked
        filled &= jumped
        if closed or filled:
            return _blocked(b, u, mov, tables, start, limit, closed, filled)
    b.reach = (u, start, found)
    return found


def _blocked(b: Battle, u: int, mov: int, tables: Tables, start: int, limit: int, closed: int, filled: int) -> Found:
    """The search with the squares of ``closed`` closed and those of ``filled`` not to be
    jumped over (kept in the battle's memo by them)."""
    key = (u, (b.sm[u] >> FLOAT) & 1, start, limit, closed, filled)
    found: Found | None = b.memo.get(key)  # type: ignore[assignment]
    if found is None:
        n = b.board.size
        blocked = []
        over = [False] * (n + 1)  # square ``n`` stands for "no gap"
        while closed:
            low = closed & -closed
            blocked.append(low.bit_length() - 1)
            closed ^= low
        while filled:
            low = filled & -filled
            over[low.bit_length() - 1] = True
            filled ^= low
        result = _run(tables[0], tables[1], start, limit, blocked, over, n)
        found = b.memo[key] = (result, _squares(b, u, mov, result))
    b.reach = (u, start, found)
    return found


def _squares(b: Battle, u: int, mov: int, result: Search) -> dict[int, int]:
    """The squares a search reached (in order), with the search key of each (its best of
    free and stopped)."""
    best, _, reached = result
    n = b.board.size
    squares = sorted(reached)
    if mov > 10:  # every step costs at least 1 MOV: squares reached lie within MOV (the table goes to 10)
        near = set(b.board.within[10][b.sq[u]])
        squares = [t for t in squares if (t - n if t >= n else t) in near]
    if squares and squares[-1] >= n:  # some squares are reached stopped: take each one's best
        squares = sorted({t - n if t >= n else t for t in squares})
        return {t: min(best[t], best[n + t]) for t in squares}
    return {t: best[t] for t in squares}


def _run(
    edges: Plain,
    firsts: Plain,
    start: int,
    limit: int,
    closed: list[int],
    filled: list[bool],
    n: int,
) -> Search:
    """The search itself, entering no square of ``closed`` (free or stopped there) and
    jumping over none of ``filled``."""
    best = [_INF] * (2 * n)
    # A closed state's best is -1 during the search, so no step can improve it (no step
    # has a negative key); it is _INF again in the result.
    for t in closed:
        best[t] = best[n + t] = -1
    parent = [-1] * (2 * n)
    reached: list[int] = []
    best[start] = 0
    heap = []
    # The first step (its first-square cost), then the rest in order of key and state.
    for t, nk, g in firsts[start]:
        if nk > limit:
            break
        if filled[g]:
            continue
        if nk < best[t]:
            best[t] = nk
            parent[t] = start
            reached.append(t)
            heap.append((nk, t))
    heap.sort()
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        key, s = pop(heap)
        if key > best[s]:
            continue
        for t, ck, g in edges[s]:
            nk = key + ck
            if nk > limit:
                break
            if nk < best[t] and not filled[g]:
                if best[t] == _INF:
                    reached.append(t)
                best[t] = nk
                parent[t] = s
                push(heap, (nk, t))
    for t in closed:
        best[n + t] = _INF
        if t != start:
            best[t] = _INF
    return best, parent, reached


def _watch(edges: Plain, firsts: Plain, start: int, limit: int, n: int) -> tuple[Search, int, int]:
    """The search on an empty board, with the squares entered and jumped over by every
    step it looked at (as bit masks)."""
    best = [_INF] * (2 * n)
    parent = [-1] * (2 * n)
    reached: list[int] = []
    best[start] = 0
    heap = []
    looked = jumped = 0
    for t, nk, g in firsts[start]:
        if nk > limit:
            break
        looked |= 1 << (t - n if t >= n else t)
        jumped |= 1 << g
        if nk < best[t]:
            best[t] = nk
            parent[t] = start
            reached.append(t)
            heap.append((nk, t))
    heap.sort()
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        key, s = pop(heap)
        if key > best[s]:
            continue
        for t, ck, g in edges[s]:
            nk = key + ck
            if nk > limit:
                break
            looked |= 1 << (t - n if t >= n else t)
            jumped |= 1 << g
            if nk < best[t]:
                if best[t] == _INF:
                    reached.append(t)
                best[t] = nk
                parent[t] = s
                push(heap, (nk, t))
    return (best, parent, reached), looked, jumped & ~(1 << n)


def reachable(b: Battle, u: int) -> dict[int, int]:
    """The squares ``u`` can move to this turn (in order), with the search key (MOV spent *
    16 + slopes)."""
    m = b.sm[u]
    if m & HALT:  # (Battle.can_move)
        return {}
    mov = b.sheets[u].mov
    if m & MOV_BITS:
        mov = b.mov(u)
    if mov <= 0:
        return {}
    out = _search(b, u, mov)[1].copy()
    for t in filter(out.__contains__, b.sq):  # every unit, standing or fallen, has a square of its own
        del out[t]
    return out


def path_to(b: Battle, u: int, dest: int) -> list[tuple[int, Edge]]:
    """The steps of the cheapest move to ``dest`` (each: the square left and the edge taken)."""
    best, parent, _ = _search(b, u, b.mov(u))[0]
    n = b.board.size
    step = _tables(b, u)[3]
    t = dest if best[dest] <= best[n + dest] else dest + n
    steps: list[tuple[int, Edge]] = []
    start = b.sq[u]
    while t != start:
        s = parent[t]
        steps.append((s, step[s][t]))
        t = s
    steps.reverse()
    return steps


def move(b: Battle, u: int, dest: int, events: list[Event]) -> int:
    """Move ``u`` to ``dest`` along its cheapest path, facing each step's direction. A
    slippery slope entered on the way tests Agility (the die must exceed the slope's
    difficulty): on a failure the unit slides one square downhill (if it can), takes the
    slope's damage and its move ends there. Returns the square it ends on."""
    steps = path_to(b, u, dest)
    board = b.board
    start = b.sq[u]
    seat = b.sheets[u].seat
    names = board.names
    path = [names[start]]
    end = start
    cost = 0
    tests: list[Event] = []
    slipped = None
    floating = b.floats(u)
    terrain = board.terrain
    for i, (_, e) in enumerate(steps):
        end = e.to
        cost += e.first_cost if i == 0 else e.cost
        b.face[u] = e.dir
        path.append(names[end])
        if terrain[end] == SLOPE and not floating:
            feature = board.map.feature_at(end)
            assert feature is not None
            die = b.sheets[u].skills[feature.skill]
            roll = b.chance.roll(die)
            ok = roll > feature.tn
            data = {
                "unit": u,
                "square": board.name(end),
                "skill": "agility",
                "die": die,
                "roll": roll,
                "tn": feature.tn,
                "ok": ok,
                "to": board.name(end),
            }
            tests.append(Event(EV_SLIP, seat, data))
            if not ok:
                slipped = feature
                low = board.step[feature.down][end]
                if low >= 0 and _can_land(b, u, low) and board.ht[low] <= board.ht[end]:
                    end = low
                    path.append(board.name(end))
                    data["to"] = board.name(end)
                break
    _place(b, u, end)
    events.append(
        Event(
            EV_MOVE,
            seat,
            {"unit": u, "from": names[start], "to": names[end], "path": path, "cost": cost},
        )
    )
    events.extend(tests)
    if slipped is not None and slipped.damage:
        b.lose_hp(u, slipped.damage, -1, "slip", events)
    return end


def _can_land(b: Battle, u: int, sq: int) -> bool:
    """Whether ``u`` can be put on ``sq`` by a slide or a knockback: on the map, enterable
    terrain, no door or boulder, nobody there."""
    p = profile(b, u)
    return b.board.enter_cost(sq, p) >= 0 and b.block[sq] < 0 and b.occ[sq] < 0


def _place(b: Battle, u: int, sq: int) -> None:
    old = b.sq[u]
    if b.occ[old] == u:
        b.occ[old] = -1
    b.sq[u] = sq
    b.occ[sq] = u


def knockback_path(b: Battle, target: int, d: int, n: int) -> int:
    """Where ``target`` ends when knocked ``n`` squares in direction ``d``: it stops at the
    map's edge, a wall, a door or boulder, another unit, water it cannot enter, or
    ground higher than where it stands."""
    board = b.board
    cur = b.sq[target]
    for _ in range(n):
        nxt = board.step[d][cur]
        if nxt < 0 or not _can_land(b, target, nxt) or board.ht[nxt] > board.ht[cur]:
            break
        cur = nxt
    return cur


def knockback(b: Battle, target: int, attacker_sq: int, n: int, damage: int, by: int, events: list[Event]) -> None:
    """Rulebook "Knockback and Falling": the target moves ``n`` squares straight away from
    the attacker; a change of level equal to or greater than its Jump deals half the
    attack's damage again (Float: no fall). On an exact diagonal the target goes the way
    that hurts it least."""
    board = b.board
    start = b.sq[target]
    best = None
    for d in board.directions(attacker_sq, start):
        end = knockback_path(b, target, d, n)
        drop = board.ht[start] - board.ht[end]
        falls = drop > 0 and drop >= b.sheets[target].jump and not b.floats(target)
        key = (falls, drop, board.distance(start, end))
        if best is None or key < best[0]:
            best = (key, d, end, drop, falls)
    assert best is not None
    _, d, end, drop, falls = best
    if end != start:
        _place(b, target, end)
    events.append(
        Event(
            EV_KNOCKBACK,
            b.sheets[target].seat,
            {
                "unit": target,
                "from": board.name(start),
                "to": board.name(end),
                "fall": drop if end != start else 0,
                "direction": "nesw"[d],
            },
        )
    )
    if falls and end != start:
        b.lose_hp(target, damage // 2, by, "fall", events)


__all__ = ["knockback", "knockback_path", "move", "path_to", "profile", "reachable"]
