"""The legal targets of every command of the acting unit, computed in one pass with
the board's tables (the hot path of legal-move generation). Each test mirrors a
rule checked in words by :mod:`.targeting` (whose functions explain refusals);
``tests/rules/bit_tactics/test_targets.py`` checks that the two always agree.
"""

from __future__ import annotations

from .battle import Battle
from .content import ALLY, FALLEN, FOE, SELF, Ability, Weapon
from .targeting import wants


def target_is_square(ab: Ability) -> bool:
    """A foe- or ally-aimed area ability (not one aimed at the fallen or at anyone)."""
    return ab.target in (FOE, ALLY)


class Targets:
    """Target squares for the acting unit ``u`` at its square, reusing per-call facts."""

    __slots__ = ("a", "aN", "b", "ht", "mh", "side", "u", "uh", "units")

    def __init__(self, b: Battle, u: int) -> None:
        self.b = b
        self.u = u
        self.a = b.sq[u]
        self.aN = self.a * b.board.size
        self.ht = b.board.ht
        self.uh = b.rules.unit_height
        self.mh = b.rules.melee_height
        self.side = b.sheets[u].side
        hp, sq, sheets = b.hp, b.sq, b.sheets
        #: (unit, square, is a foe, is standing)
        self.units = [(v, sq[v], sheets[v].side != self.side, hp[v] > 0) for v in range(len(sheets))]

    def loe(self, t: int) -> bool:
        b = self.b
        board = b.board
        target_top = self.ht[t] + self.uh
        if board.tops[self.aN + t] > target_top:
            return False
        if b.dyn:
            block = b.block
            for s in board.line(self.a, t):
                if block[s] > target_top:
                    return False
        return True

    def weapon_hits(self, w: Weapon, t: int) -> bool:
        """Whether weapon ``w`` reaches square ``t`` (range, straight line, height, reach, LoE)."""
        b = self.b
        board = b.board
        d = board.dist[self.aN + t]
        if d == 0:
            return False
        ht = self.ht
        a = self.a
        if w.kind and b.ammo_for(self.u, w) >= 0:
            return d <= w.range + (1 if ht[a] - ht[t] >= 2 else 0) and self.loe(t)
        rng = w.range if (w.long or w.reach) else 1
        if d > rng or not board.inline[self.aN + t] or abs(ht[a] - ht[t]) > self.mh:
            return False
        if d == 2:
            if w.reach and b.unit_at(board.line(a, t)[0]) >= 0:
                return False
            return self.loe(t)
        return True

    def fight(self) -> list[int]:
        weapons = self.b.weapons(self.u)
        out = []
        for _, t, foe, up in self.units:
            if foe and up:
                for w in weapons:
                    if self.weapon_hits(w, t):
                        out.append(t)
                        break
        out.sort()
        return out

    def ability(self, ab: Ability, w: Weapon | None, magic_limit: bool = False) -> list[int]:
        b = self.b
        if ab.target == SELF or (ab.range == 0 and not ab.weapon):
            return [self.a] if wants(b, self.u, ab, self.a, magic_limit) is None else []
        if ab.ae and target_is_square(ab):
            return _area_targets(self, ab, w, magic_limit)
        if ab.ae:
            from .targeting import ability_targets

            return ability_targets(b, self.u, ab, w, magic_limit)
        target = ab.target
        combo = b.combo
        out = []
        want_foe = target == FOE
        want_ally = target in (ALLY, FALLEN)
        if ab.weapon and w is not None:
            for v, t, foe, up in self.units:
                if (
                    up
                    and (foe if want_foe else (not foe if want_ally else True))
                    and (not magic_limit or combo(v))
                    and self.weapon_hits(w, t)
                ):
                    out.append(t)
            out.sort()
            return out
        board = b.board
        dist, inline, ht, aN, a = board.dist, board.inline, self.ht, self.aN, self.a
        rng = ab.range
        line = ab.line
        fallen = target == FALLEN
        for v, t, foe, up in self.units:
            if up == fallen or (foe if want_ally else (not foe if want_foe else False)):
                continue
            if magic_limit and not combo(v):
                continue
            d = dist[aN + t]
            if d > rng:
                continue
            if line and d and (not inline[aN + t] or abs(ht[a] - ht[t]) > self.mh):
                continue
            if line and not d and abs(ht[a] - ht[t]) > self.mh:
                continue
            if d and not self.loe(t):
                continue
            out.append(t)
        out.sort()
        return out


def _area_targets(tg: Targets, ab: Ability, w: Weapon | None, magic_limit: bool) -> list[int]:
    """Area abilities aimed at a square: every centre within range and Line of Effect whose
    area holds a unit the ability is meant for (seen from the centre)."""
    b = tg.b
    board = b.board
    n = board.size
    dist, ht, tops, area = board.dist, tg.ht, board.tops, board.area
    uh = tg.uh
    a, aN = tg.a, tg.aN
    hits = ab.hits
    target = ab.target
    want_foe = target == FOE
    want_ally = target == ALLY
    occ, hp, sheets, side = b.occ, b.hp, b.sheets, tg.side
    if w is not None:
        ranged = bool(w.kind) and b.ammo_for(tg.u, w) >= 0
        base_rng = w.range if ranged else (w.range if (w.long or w.reach) else 1)
    else:
        ranged, base_rng = False, ab.range
    anchors = [t for v, t, foe, up in tg.units if up and (foe if want_foe else (not foe if want_ally else True))]
    cands = sorted({c for t in anchors for c in area(t, ab.ae)})
    out = []
    for c in cands:
        d = dist[aN + c]
        rng = base_rng + (1 if ranged and ht[a] - ht[c] >= 2 else 0)
        if (d == 0 and w is not None) or d > rng or (d and tops[aN + c] > ht[c] + uh):
            continue
        if d and b.dyn and not b.line_of_effect(a, c):
            continue
        cN = c * n
        for sq in area(c, ab.ae):
            v = occ[sq]
            if v < 0 or hp[v] <= 0:
                continue
            mine = sheets[v].side == side
            if (hits == 0 and mine) or (hits == 1 and not mine) or (want_foe and mine) or (want_ally and not mine):
                continue
            if magic_limit and not b.combo(v):
                continue
            if sq != c and (tops[cN + sq] > ht[sq] + uh or (b.dyn and not b.line_of_effect(c, sq))):
                continue
            out.append(c)
            break
    return out


__all__ = ["Targets"]
