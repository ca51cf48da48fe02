"""Upper bounds on what ``16-bit-tactics.heuristic``'s best command from a square is
worth, so that a square that cannot beat the best plan found so far is passed over
without weighing each of its commands (the plan chosen is the same).

A square's bound is the largest of what each kind of command may bring there: the
non-attack ones (support abilities, items, Guard) at their best targets within reach
(the puzzles, doors and boulders, at their best anywhere), and each kind of attack
(Fight, Limit, each attack ability) the best cases of the foes within its reach, as
many of them as one such command strikes. A foe's best case for a strike is read
with the facing it is struck from at its most favourable (back) where it raises the
damage, knock-out and effect chances and at its least favourable (front) where it
lowers what these take away, and the counter-attack at its weakest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .battle import LIMIT_READY
from .combat import Strike
from .content import FALLEN, HITS_ALLIES, HITS_FOES, MAGICAL, Ability, Weapon, pack
from .maps import BOULDER, DOOR
from .statuses import GUARD

if TYPE_CHECKING:
    from .heuristic import _Planner

#: How much better a plan must be to replace the best so far (:meth:`.heuristic._Planner.plan`).
TIE = 1e-9
#: No ceiling: worked out square by square.
NONE = float("inf")


class _Part(NamedTuple):
    """One strike of an attack command, or what a support ability, an item or Guard
    brings each unit it may touch."""

    strike: Strike | None  # None: ``fixed`` says what it brings
    reach: int  # the farthest from the unit's square a unit it touches may stand
    most: int  # how many units one command touches with it (0: any number)
    fixed: tuple[tuple[float, int], ...]  # (what it brings, unit) where more than nothing, the most first


class Bounds:
    """The bounds of one decision (:class:`.heuristic._Planner`), worked out as read."""

    def __init__(self, planner: _Planner) -> None:
        self.pl = planner
        #: each strike's bound on each foe, by (part, foe)
        self._foes: dict[tuple[int, int], float] = {}
        self.parts: list[_Part] = []
        #: each kind of attack: its cost and its parts (summed), and the farthest they reach
        self.attacks: list[tuple[float, list[int]]] = []
        self.reach = -1
        #: each other kind of command: its cost, its parts and the most they may bring
        #: wherever the unit stands, the most less its cost first
        self.others: list[tuple[float, list[int], float]] = []
        #: no bound: every square is weighed
        self.exact = False
        self._build()

    def _build(self) -> None:
        pl = self.pl
        b, u = pl.b, pl.u
        p = pack()
        s = b.sheets[u]
        weapons = b.weapons(u)
        self._kind(0.0, [self._strike(pl.made_strike(i, None, False), w, None, 0) for i, w in enumerate(weapons)])
        limit = b.limit[u] >= LIMIT_READY
        if limit:
            if s.natural is None:
                parts = [self._strike(pl.made_strike(i, None, True), w, None, 0) for i, w in enumerate(weapons)]
                self._kind(2.0, parts)
            elif b.may_use(u, p.abilities[s.limit]):
                ab = p.abilities[s.limit]
                self._ability(ab, False, weapons[0] if ab.weapon else None, True, 2.0)
        for ab, _, cost, variants in pl._actives:
            for off, w in variants if ab.attack else variants[:1]:  # (support: the same with either)
                self._ability(ab, off, w, False, cost)
            if limit and ab.attack == MAGICAL and ab.kind == "spell":
                self._ability(ab, False, None, True, cost + 2.0)
        side = pl.side
        for item, _ in b.inv[u]:
            if item in p.items:
                it = p.items[item]
                revive = it.revive > 0
                fixed = [
                    (v, pl._item_value(it, v)) for v in b.units if b.sheets[v].side == side and (b.hp[v] <= 0) == revive
                ]
                self._kind(0.0, [self._fixed(fixed, 1, 1)])
        fixed = [(v, 0.6 * pl._danger_share(v) * 10) for v in pl.allies if v != u and not b.has(v, GUARD)]
        self._kind(0.0, [self._fixed(fixed, 1, 1)])
        if pl.state.features:  # (the puzzles, wherever the unit stands: a door, a boulder onto a foe)
            puzzle = 0.0
            for f in b.board.map.features:
                if f.kind == DOOR:
                    if f.damage < 0:
                        self.exact = True
                    puzzle = max(puzzle, 12.0)
                elif f.kind == BOULDER:
                    hit = max((min(f.damage, b.hp[v]) / b.hp_max(v) * 30 for v in pl.foes), default=0.0)
                    puzzle = max(puzzle, hit)
            self._kind(0.0, [self._fixed([(u, puzzle)], 0, 1)])
        self.others.sort(key=lambda k: k[2] - k[0], reverse=True)
        self.reach = max((self.parts[i].reach for _, kind in self.attacks for i in kind), default=-1)

    def _kind(self, cost: float, parts: list[int]) -> None:
        if any(self.parts[i].strike is not None for i in parts):
            self.attacks.append((cost, parts))
            return
        ceiling = 0.0
        for i in parts:
            part = self.parts[i]
            got = [x for x, _ in part.fixed]
            ceiling += sum(got[: part.most] if part.most else got)
        if ceiling > cost:  # (a kind that brings no more than its cost never beats nothing)
            self.others.append((cost, parts, ceiling))

    def _strike(
        self, strike: Strike, w: Weapon | None, ab: Ability | None, extra: int, aim: Weapon | None = None
    ) -> int:
        """A strike's part; ``w``: the weapon it strikes with, ``ab``: the ability aimed (its
        range), ``extra``: the area around the square aimed at, ``aim``: the weapon aimed with."""
        reach = 0
        most = 1
        if w is not None:
            reach = _reach(w)
            if w.long:
                most = 2
        if ab is not None:
            reach = max(reach, ab.range)
        if aim is not None:
            reach = max(reach, _reach(aim))
        if extra:
            most = 0
        self.parts.append(_Part(strike, reach + extra, most, ()))
        return len(self.parts) - 1

    def _fixed(self, fixed: list[tuple[int, float]], reach: int, most: int) -> int:
        got = sorted(((x, v) for v, x in fixed if x > 0), reverse=True)
        self.parts.append(_Part(None, reach, most, tuple(got)))
        return len(self.parts) - 1

    def _ability(self, ab: Ability, off: bool, w: Weapon | None, limit: bool, cost: float) -> None:
        """Bound ``ab`` used with ``w`` (as :meth:`.heuristic._Planner.ability_value` weighs it)."""
        pl = self.pl
        b, u = pl.b, pl.u
        if ab.target == FALLEN and ab.attack:
            self.exact = True
            return
        if not ab.attack:
            reach = max([ab.range, *(_reach(x) for x in b.weapons(u))] if ab.weapon else [ab.range])
            self._kind(cost, [self._fixed(self._support(ab), reach + ab.ae, 0 if ab.ae else 1)])
            return
        if ab.weapon:
            i = 1 if off else 0
            mine = b.weapons(u)[i]
            self._kind(cost, [self._strike(pl.made_strike(i, ab, limit), mine, ab, ab.ae, w)])
        else:
            self._kind(cost, [self._strike(pl.made_strike(-1, ab, limit), w, ab, ab.ae)])

    def _support(self, ab: Ability) -> list[tuple[int, float]]:
        """What a support ability brings each unit it may touch (the unit itself as if in
        the foes' reach wherever it stands)."""
        pl = self.pl
        b, u = pl.b, pl.u
        side = pl.side
        fallen = ab.target == FALLEN
        share = sum(max(0.0, pl.threat[f]) for f in pl.foes) / max(1, b.hp[u])
        out = []
        for v in b.units:
            if (b.hp[v] > 0) == fallen:
                continue
            mine = b.sheets[v].side == side
            if (ab.hits == HITS_FOES and mine) or (ab.hits == HITS_ALLIES and not mine):
                continue
            if v == u:
                terms = pl._support_terms(ab, v, share)
            else:
                got = pl._terms.get((ab.id, v))
                if got is None:
                    got = pl._terms[(ab.id, v)] = pl._support_terms(ab, v)
                terms = got
            out.append((v, sum(terms)))
        return out

    def may_beat(self, d: int, beat: float) -> bool:
        """Whether a command from square ``d`` may be worth more than ``beat`` (False: none
        is, but for rounding: a bound sums the terms of what it bounds in another order,
        and a plan takes a square only where it is better by more than :data:`TIE`, far
        more than such rounding)."""
        if self.exact:
            return True
        limit = beat
        if limit < 0.0:  # (no command at all is worth 0)
            return True
        pl = self.pl
        b = pl.b
        u = pl.u
        board = b.board
        dist = board.dist
        at = d * board.size
        sq = b.sq
        parts = self.parts
        for cost, kind, ceiling in self.others:
            if ceiling - cost <= limit:
                break  # (and so for every kind after it)
            total = 0.0
            for i in kind:
                part = parts[i]
                reach = part.reach
                most = part.most
                n = 0
                for x, v in part.fixed:  # (the most first)
                    if v == u or dist[at + sq[v]] <= reach:
                        total += x
                        n += 1
                        if n == most:
                            break
            if total - cost > limit:
                return True
        near = [(v, far) for v in pl.foes if (far := dist[at + sq[v]]) <= self.reach]
        if not near:  # (no attack reaches a foe: each is worth nothing, less its cost)
            return False
        foes = self._foes
        for cost, kind in self.attacks:
            total = 0.0
            for i in kind:
                part = parts[i]
                reach = part.reach
                got = []
                for v, far in near:
                    if far <= reach:
                        ub = foes.get((i, v))
                        if ub is None:
                            ub = foes[(i, v)] = pl.strike_bound(v, part.strike)  # type: ignore[arg-type]
                        if ub > 0:
                            got.append(ub)
                most = part.most
                if most and len(got) > most:
                    got.sort(reverse=True)
                    del got[most:]
                total += sum(got)
            if total - cost > limit:
                return True
        return False


def _reach(w: Weapon) -> int:
    """How far ``w`` strikes at most (a shot from 2 HT above included)."""
    return w.range + 1 if w.ranged else (w.range if (w.long or w.reach) else 1)


__all__ = ["Bounds"]
