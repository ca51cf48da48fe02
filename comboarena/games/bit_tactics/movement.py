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


def _search(b: Battle, u: int, mov: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Least-cost search from ``u``'s square: (best key free, best key stopped, parent free,
    parent stopped); a parent is ``square * 2 + stopped`` of the state it came from."""
    board = b.board
    n = board.size
    edges = board.edges(profile(b, u))
    start = b.sq[u]
    side = b.sheets[u].side
    occ, hp, block, sheets = b.occ, b.hp, b.block, b.sheets
    floating = b.floats(u)
    terrain = board.terrain
    best = [[_INF] * n, [_INF] * n]
    parent = [[-1] * n, [-1] * n]
    best[0][start] = 0
    heap = [(0, start)]
    limit = mov * KEY + KEY - 1
    while heap:
        key, s = heapq.heappop(heap)
        if key > best[0][s]:
            continue
        first = s == start
        for e in edges[s]:
            t = e.to
            if block[t] >= 0:
                continue
            o = occ[t]
            if o >= 0 and hp[o] > 0 and (sheets[o].side != side or terrain[t] == SLOPE):
                continue  # a standing foe blocks; nobody slips on a slope someone stands on
            g = e.gap
            if g >= 0 and (block[g] >= 0 or (occ[g] >= 0 and hp[occ[g]] > 0)):
                continue  # jumping across needs an empty space
            nk = key + (e.first_cost if first else e.cost) * KEY + (1 if e.slope and not floating else 0)
            if nk > limit:
                continue
            stop = 1 if e.stop else 0
            if nk < best[stop][t]:
                best[stop][t] = nk
                parent[stop][t] = s * 2
                if not stop:
                    heapq.heappush(heap, (nk, t))
    return best[0], best[1], parent[0], parent[1]


def reachable(b: Battle, u: int) -> dict[int, int]:
    """The squares ``u`` can move to this turn, with the search key (MOV spent * 16 + slopes)."""
    if not b.can_move(u):
        return {}
    mov = b.mov(u)
    if mov <= 0:
        return {}
    free, stopped, _, _ = _search(b, u, mov)
    occ = b.occ
    start = b.sq[u]
    out = {}
    for t in range(b.board.size):
        k = free[t] if free[t] < stopped[t] else stopped[t]
        if k < _INF and t != start and occ[t] < 0:
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
        s = (pf if stop == 0 else ps)[t] // 2
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
            data = {"unit": u, "square": board.name(end), "skill": "agility", "die": die, "roll": roll,
                    "tn": feature.tn, "ok": ok, "to": board.name(end)}  # fmt: skip
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
    events.append(Event(EventKind.MOVE, seat, {"unit": u, "from": board.name(start), "to": board.name(end),
                                                "path": path, "cost": cost}))  # fmt: skip
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
    events.append(Event(EventKind.KNOCKBACK, b.sheets[target].seat, {
        "unit": target, "from": board.name(start), "to": board.name(end), "fall": drop if end != start else 0,
        "direction": "nesw"[d]}))  # fmt: skip
    if falls and end != start:
        b.lose_hp(target, damage // 2, by, "fall", events)


__all__ = ["knockback", "knockback_path", "move", "path_to", "profile", "reachable"]
