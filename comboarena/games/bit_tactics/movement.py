"""Movement: the squares a unit can reach with its MOV (rulebook "Terrain
Effects": move costs, water, deep water, Broken/Thick/Fast, height cost with the
first +1 free, Jumping Across, Jumping Up/Down with the exact-Jump stop), the move
itself ("Characters always advance through their forward facing", so a slippery
slope on the way tests Agility), and Knockback and Falling.

Units pass through allies and fallen units but not through standing foes, and
end a move only on an empty square.
"""

from __future__ import annotations

import heapq

from comboarena.core import Event

from .battle import Battle
from .board import Edge, Profile
from .maps import SLOPE
from .view import EventKind

#: A search key is cost * KEY + slippery slopes crossed: cheaper first, then safer.
KEY = 16
_INF = 1 << 30


def profile(b: Battle, u: int) -> Profile:
    s = b.sheets[u]
    return Profile(b.floats(u), s.waterwalk, s.jump, b.rules.across_level)


#: Per square, the steps out of it as plain tuples (to, key, stop, gap): ``key`` is the
#: search key a step adds (cost * KEY, + 1 for a slippery slope unless floating); ``gap``
#: is the square jumped over, or ``size`` (a square nobody stands on) for a walk.
Plain = tuple[tuple[tuple[int, int, int, int], ...], ...]


def _tables(b: Battle, u: int) -> tuple[Plain, Plain]:
    """The movement edges of ``u``'s profile as plain tuples: for any step, and for the
    first step of a move (its first-square cost)."""
    s = b.sheets[u]
    board = b.board
    floats = b.floats(u)
    key = (floats, s.waterwalk, s.jump, b.rules.across_level)
    got = board.plain.get(key)
    if got is None:
        edges = board.edges(profile(b, u))
        n = board.size
        slope = 0 if floats else 1
        got = board.plain[key] = (
            tuple(tuple(_plain(e, e.cost, slope, n) for e in es) for es in edges),
            tuple(tuple(_plain(e, e.first_cost, slope, n) for e in es) for es in edges),
        )
    return got  # type: ignore[no-any-return]


def _plain(e: Edge, cost: int, slope: int, n: int) -> tuple[int, int, int, int]:
    return (e.to, cost * KEY + (slope if e.slope else 0), 1 if e.stop else 0, e.gap if e.gap >= 0 else n)


def _search(b: Battle, u: int, mov: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Least-cost search from ``u``'s square: (best key free, best key stopped, parent free,
    parent stopped); a parent is the square of the (free) state it came from."""
    cached = b.reach
    start = b.sq[u]
    if cached is not None and cached[0] == u and cached[1] == start:
        return cached[2]
    board = b.board
    n = board.size
    edges, firsts = _tables(b, u)
    sheets = b.sheets
    side = sheets[u].side
    terrain = board.terrain
    # ``closed``: squares no step may enter (a closed door or boulder, a standing foe, a
    # slope someone stands on); ``filled``: squares a jump across may not pass over (a
    # closed door or boulder, anyone standing). Index ``n`` stands for "no gap".
    closed = [False] * (n + 1)
    for t in b.dyn:
        closed[t] = True
    filled = closed[:]
    hp, sq = b.hp, b.sq
    for v in range(len(sheets)):
        if hp[v] > 0:
            t = sq[v]
            filled[t] = True
            if sheets[v].side != side or terrain[t] == SLOPE:
                closed[t] = True
    free = [_INF] * n
    stopped = [_INF] * n
    pfree = [-1] * n
    pstop = [-1] * n
    free[start] = 0
    limit = mov * KEY + KEY - 1
    heap = []
    # The first step (its first-square cost), then the rest in order of key and square.
    for t, nk, stop, g in firsts[start]:
        if closed[t] or filled[g] or nk > limit:
            continue
        if stop:
            if nk < stopped[t]:
                stopped[t] = nk
                pstop[t] = start
        elif nk < free[t]:
            free[t] = nk
            pfree[t] = start
            heap.append((nk, t))
    heap.sort()
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        key, s = pop(heap)
        if key > free[s]:
            continue
        for t, ck, stop, g in edges[s]:
            if closed[t] or filled[g]:
                continue
            nk = key + ck
            if nk > limit:
                continue
            if stop:
                if nk < stopped[t]:
                    stopped[t] = nk
                    pstop[t] = s
            elif nk < free[t]:
                free[t] = nk
                pfree[t] = s
                push(heap, (nk, t))
    result = (free, stopped, pfree, pstop)
    b.reach = (u, start, result)
    return result


def reachable(b: Battle, u: int) -> dict[int, int]:
    """The squares ``u`` can move to this turn, with the search key (MOV spent * 16 + slopes)."""
    if not b.can_move(u):
        return {}
    mov = b.mov(u)
    if mov <= 0:
        return {}
    free, stopped, _, _ = _search(b, u, mov)
    occ = b.occ
    out = {}
    # Every step costs at least 1 MOV and a jump across covers 2 squares for 2: look within MOV.
    for t in b.board.within[min(mov, 10)][b.sq[u]]:
        k = free[t]
        k2 = stopped[t]
        if k2 < k:
            k = k2
        if k < _INF and occ[t] < 0:
            out[t] = k
    return out


def path_to(b: Battle, u: int, dest: int) -> list[tuple[int, Edge]]:
    """The steps of the cheapest move to ``dest`` (each: the square left and the edge taken)."""
    free, stopped, pf, ps = _search(b, u, b.mov(u))
    edges = b.board.edges(profile(b, u))
    stop = 0 if free[dest] <= stopped[dest] else 1
    steps: list[tuple[int, Edge]] = []
    t = dest
    start = b.sq[u]
    while t != start:
        s = (pf if stop == 0 else ps)[t]
        edge = next(e for e in edges[s] if e.to == t and (1 if e.stop else 0) == stop)
        steps.append((s, edge))
        t, stop = s, 0
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
    path = [board.name(start)]
    end = start
    cost = 0
    tests: list[Event] = []
    slipped = None
    floating = b.floats(u)
    for i, (_, e) in enumerate(steps):
        end = e.to
        cost += e.first_cost if i == 0 else e.cost
        b.face[u] = e.dir
        path.append(board.name(end))
        if board.terrain[end] == SLOPE and not floating:
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
            tests.append(Event(EventKind.SLIP, seat, data))
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
            EventKind.MOVE,
            seat,
            {"unit": u, "from": board.name(start), "to": board.name(end), "path": path, "cost": cost},
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
            EventKind.KNOCKBACK,
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
