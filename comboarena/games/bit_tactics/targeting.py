"""Where a command can be aimed: Range (defaults; melee in straight lines;
ranged +1 RNG from 2 HT above), Line of Effect, AE, Long and Reach weapons, and
what must stand on the target square. Each check has a twin that says in words
why a square cannot be aimed at (for error messages and clients).

An attack aimed where the rules say it "automatically fails" (out of range, no
Line of Effect) is not offered: the rules' outcome is known, so the engine
refuses it with the reason instead of spending the unit's action on nothing.
"""

from __future__ import annotations

from .battle import Battle
from .content import ALLY, ANY, FALLEN, FOE, HITS_ALLIES, HITS_FOES, MAGICAL, SELF, Ability, Weapon


def weapon_range(b: Battle, u: int, w: Weapon, a: int, t: int) -> tuple[bool, int]:
    """(is it a ranged attack, its RNG against ``t``): a bow, gun, crossbow or thrown weapon
    with its ammo equipped shoots; +1 RNG from 2 HT above the target. Without ammo it
    strikes in melee at RNG 1."""
    if w.ranged and b.ammo_for(u, w) >= 0:
        ht = b.board.ht
        return True, w.range + (1 if ht[a] - ht[t] >= 2 else 0)
    return False, w.range if (w.long or w.reach) else 1


def weapon_problem(b: Battle, u: int, w: Weapon, a: int, t: int) -> str | None:
    """Why ``u`` on ``a`` cannot hit square ``t`` with ``w`` (None: it can)."""
    board = b.board
    ranged, rng = weapon_range(b, u, w, a, t)
    d = board.distance(a, t)
    if d == 0:
        return "you cannot attack your own square"
    if ranged:
        if d > rng:
            return f"out of range: {board.name(t)} is {d} squares away, the {w.name} reaches {rng}"
        return _loe_problem(b, a, t)
    if not board.in_line(a, t):
        return f"melee attacks strike in a straight line; {board.name(t)} is not on your rank or file"
    if d > rng:
        return f"out of range: {board.name(t)} is {d} squares away, the {w.name} reaches {rng}"
    dh = abs(board.ht[a] - board.ht[t])
    if dh > b.rules.melee_height:
        return f"{board.name(t)} is {dh} HT above or below you; melee reaches {b.rules.melee_height}"
    if d == 2:
        mid = board.line(a, t)[0]
        if w.reach and b.unit_at(mid) >= 0:
            return f"a reach weapon hits only the closest target along its line: {board.name(mid)}"
        return _loe_problem(b, a, t)
    return None


def _loe_problem(b: Battle, a: int, t: int) -> str | None:
    s = b.blocker(a, t)
    if s < 0:
        return None
    board = b.board
    return (
        f"no Line of Effect: the line to {board.name(t)} passes over {board.name(s)} (HT {b.top(s)}), "
        f"taller than a target there (HT {board.ht[t]} + {b.rules.unit_height})"
    )


def ability_problem(b: Battle, u: int, ab: Ability, t: int, w: Weapon | None) -> str | None:
    """Why ``u`` cannot aim ``ab`` at square ``t`` (range, line, LoE; not who stands there)."""
    board = b.board
    a = b.sq[u]
    if ab.target == SELF or (ab.range == 0 and not ab.weapon):
        return None if t == a else "this ability is centred on yourself: aim it at your own square"
    if ab.weapon and w is not None:
        if ab.ae:  # an area shot: the centre needs range and LoE, not a straight line
            _, rng = weapon_range(b, u, w, a, t)
            d = board.distance(a, t)
            if d == 0 or d > rng:
                return f"out of range: {board.name(t)} is {d} squares away, the {w.name} reaches {rng}"
            return _loe_problem(b, a, t)
        return weapon_problem(b, u, w, a, t)
    d = board.distance(a, t)
    if d > ab.range:
        return f"out of range: {board.name(t)} is {d} squares away, {ab.name} reaches {ab.range}"
    if ab.line and d and not board.in_line(a, t):
        return f"{ab.name} strikes in a straight line; {board.name(t)} is not on your rank or file"
    if ab.line and abs(board.ht[a] - board.ht[t]) > b.rules.melee_height:
        return f"{board.name(t)} is too far above or below you (melee reaches {b.rules.melee_height} HT)"
    if d and t != a:
        return _loe_problem(b, a, t)
    return None


def affected(b: Battle, u: int, ab: Ability, t: int, magic_limit: bool = False) -> list[int]:
    """The units an ability aimed at ``t`` touches: its area (AE counted from ``t``), those
    its ``hits`` allow, each with Line of Effect from ``t``; a magical Limit Attack touches
    only units with Combo status."""
    board = b.board
    side = b.sheets[u].side
    out = []
    fallen = ab.target == FALLEN
    for s in board.area(t, ab.ae):
        v = b.occ[s]
        if v < 0 or (b.hp[v] > 0) == fallen:
            continue
        mine = b.sheets[v].side == side
        if (ab.hits == HITS_FOES and mine) or (ab.hits == HITS_ALLIES and not mine):
            continue
        if magic_limit and not b.combo(v):
            continue
        if s != t and not b.line_of_effect(t, s):
            continue
        out.append(v)
    return out


def wants(b: Battle, u: int, ab: Ability, t: int, magic_limit: bool = False) -> str | None:
    """Why nobody the ability is meant for stands at or around ``t`` (None: somebody does)."""
    board = b.board
    side = b.sheets[u].side
    v = b.occ[t]
    if ab.ae == 0 or ab.target in (SELF, FALLEN):
        if ab.target == SELF:
            return None
        if ab.target == FALLEN:
            ok = v >= 0 and b.hp[v] <= 0 and b.sheets[v].side == side
            return None if ok else f"{ab.name} wakes a fallen ally; none lies on {board.name(t)}"
        if v < 0 or b.hp[v] <= 0:
            return f"nobody stands on {board.name(t)}"
        if ab.target == FOE and b.sheets[v].side == side:
            return f"{ab.name} is aimed at foes; {board.name(t)} holds an ally"
        if ab.target == ALLY and b.sheets[v].side != side:
            return f"{ab.name} is aimed at allies; {board.name(t)} holds a foe"
        if magic_limit and not b.combo(v):
            return "a magical Limit Attack can only be used against a target with Combo status"
        return None
    hit = affected(b, u, ab, t, magic_limit)
    if ab.target == FOE and not any(b.sheets[v].side != side for v in hit):
        return f"no foe {'with Combo status ' if magic_limit else ''}in the area around {board.name(t)}"
    if ab.target == ALLY and not any(b.sheets[v].side == side for v in hit):
        return f"no ally in the area around {board.name(t)}"
    if ab.target == ANY and not hit:
        return f"nobody in the area around {board.name(t)}"
    return None


def fight_problem(b: Battle, u: int, t: int) -> str | None:
    """Why ``u`` cannot Fight the unit on ``t`` (None: at least one of its weapons can)."""
    v = b.unit_at(t)
    if v < 0:
        return f"nobody stands on {b.board.name(t)}"
    if b.sheets[v].side == b.sheets[u].side:
        return "you Fight foes, not allies"
    a = b.sq[u]
    first: str | None = None
    for w in b.weapons(u):  # (a loop: no comprehension to make for every foe of every view)
        why = weapon_problem(b, u, w, a, t)
        if why is None:
            return None
        if first is None:
            first = why
    return first


def fight_targets(b: Battle, u: int) -> list[int]:
    a = b.sq[u]
    out = []
    weapons = b.weapons(u)
    for v in b.foes_of(u):
        t = b.sq[v]
        if any(weapon_problem(b, u, w, a, t) is None for w in weapons):
            out.append(t)
    return sorted(out)


def ability_targets(b: Battle, u: int, ab: Ability, w: Weapon | None, magic_limit: bool = False) -> list[int]:
    """Every square ``ab`` may be aimed at now (sorted)."""
    board = b.board
    a = b.sq[u]
    if ab.target == SELF or (ab.range == 0 and not ab.weapon):
        return [a] if wants(b, u, ab, a, magic_limit) is None else []
    side = b.sheets[u].side
    if ab.target == FOE:
        anchors = [b.sq[v] for v in b.units if b.hp[v] > 0 and b.sheets[v].side != side]
    elif ab.target == FALLEN:
        anchors = [b.sq[v] for v in b.units if b.hp[v] <= 0 and b.sheets[v].side == side]
    elif ab.target == ALLY:
        anchors = [b.sq[v] for v in b.units if b.hp[v] > 0 and b.sheets[v].side == side]
    else:
        anchors = [b.sq[v] for v in b.units if b.hp[v] > 0]
    if ab.ae and ab.target != FALLEN:
        cands = {s for anchor in anchors for s in board.area(anchor, ab.ae)}
    else:
        cands = set(anchors)
    out = []
    for t in cands:
        if ability_problem(b, u, ab, t, w) is None and wants(b, u, ab, t, magic_limit) is None:
            out.append(t)
    return sorted(out)


def guard_targets(b: Battle, u: int) -> list[int]:
    """ "Guard: Choose yourself or 1 ally in AE1.\""""
    a = b.sq[u]
    side = b.sheets[u].side
    return sorted(
        b.sq[v] for v in b.units if b.hp[v] > 0 and b.sheets[v].side == side and b.board.distance(a, b.sq[v]) <= 1
    )


def item_range(b: Battle, u: int, revive: bool) -> list[int]:
    """Items are used on yourself or an ally next to you (RNG 1, the rulebook's default);
    a reviving item on a fallen ally next to you."""
    a = b.sq[u]
    side = b.sheets[u].side
    dist = b.board.dist
    base = a * b.board.size
    sq, hp = b.sq, b.hp
    return sorted(
        sq[v] for v, s in enumerate(b.sheets) if s.side == side and dist[base + sq[v]] <= 1 and (hp[v] <= 0) == revive
    )


def magic_limit_usable(ab: Ability) -> bool:
    return ab.attack == MAGICAL


__all__ = [
    "ability_problem",
    "ability_targets",
    "affected",
    "fight_problem",
    "fight_targets",
    "guard_targets",
    "item_range",
    "wants",
    "weapon_problem",
    "weapon_range",
]
