"""The legal targets of every command of the acting unit, computed in one pass with
the board's tables (the hot path of legal-move generation). Each test mirrors a
rule checked in words by :mod:`.targeting` (whose functions explain refusals);
``tests/rules/bit_tactics/test_targets.py`` checks that the two always agree.
"""

from __future__ import annotations

from typing import NamedTuple

from comboarena.core import Action

from .battle import Battle
from .content import ALLY, FALLEN, FOE, SELF, Ability, Weapon, pack
from .targeting import ability_targets, wants

#: A weapon as a Fight or an ability uses it: (the weapon, whether it shoots, its RNG
#: before the height bonus).
Spec = tuple[Weapon, bool, int]
#: What a list of targets found by :meth:`Targets.ability` is kept under (see :func:`shared_key`).
Key = tuple[object, ...]


class Plan(NamedTuple):
    """What a unit's commands need that follows from its sheet and loadout alone."""

    weapons: list[Weapon]
    specs: list[Spec]  # per weapon
    far: int  # no weapon reaches further (+1: shooting from above)
    #: per JA (in the order of the sheet), and again per JA with the second weapon:
    #: (MP cost, the ability, the weapon's index or -1, how its targets are found (``AIM_*``),
    #: the actions by target square, the key its targets are kept under without a weapon
    #: (:func:`shared_key`) or None)
    jas: tuple[tuple[int, Ability, int, int, dict[int, Action], Key | None], ...]
    #: per spell: (MP cost, the spell, how its targets are found, the ``magic`` actions by
    #: target square, the key its targets are kept under or None)
    spells: tuple[tuple[int, Ability, int, dict[int, Action], Key | None], ...]
    #: per item id carried: how its targets are found (see :func:`item_use`)
    items: dict[str, int]
    #: the actions of ``fight`` and ``guard`` by target square
    fight: dict[int, Action]
    guard: dict[int, Action]
    #: the ``item`` actions by target square, per item id carried
    item_actions: dict[str, dict[int, Action]]


#: How an ability's targets are found: by :meth:`Targets.ability`; the user's square (aimed
#: at itself: always a target); the standing foes its weapon hits (a Fight with that weapon).
AIM_ANY, AIM_SELF, AIM_WEAPON = range(3)


def _aim(ab: Ability, weapon: int) -> int:
    if ab.target == SELF:
        return AIM_SELF
    if ab.weapon and weapon >= 0 and ab.target == FOE and not ab.ae:
        return AIM_WEAPON
    return AIM_ANY


#: How an item is used: no target, the user or an ally next to it (standing; fallen), itself.
ITEM_NONE, ITEM_STANDING, ITEM_FALLEN, ITEM_SELF = range(4)


def plan(b: Battle, u: int) -> Plan:
    """``u``'s :class:`Plan` for its loadout now (made once per unit and loadout per battle,
    shared by the battle's clones: nothing in it ever changes)."""
    key = (u, b.eq[u])
    got = b.memo.get(key)
    if got is None:
        got = b.memo[key] = _plan(b, u)
    return got  # type: ignore[return-value]


def _plan(b: Battle, u: int) -> Plan:
    p = pack()
    cmd = b.board.commands
    s = b.sheets[u]
    weapons = b.weapons(u)
    specs = [_spec(b, u, w) for w in weapons]
    jas: list[tuple[int, Ability, int, int, dict[int, Action], Key | None]] = []
    spells = []
    for i in s.actives:
        ab = p.abilities[i]
        if ab.kind == "spell":
            aim = _aim(ab, -1)
            spells.append((ab.mp, ab, aim, cmd("magic", ab.id), shared_key(ab) if aim == AIM_ANY else None))
            continue
        w = 0 if ab.weapon else -1
        aim = _aim(ab, w)
        jas.append((ab.mp, ab, w, aim, cmd("ja", ab.id), shared_key(ab) if w < 0 and aim == AIM_ANY else None))
        if ab.weapon and len(weapons) > 1:
            jas.append((ab.mp, ab, 1, _aim(ab, 1), cmd("ja", ab.id, True), None))
    items = {item: item_use(b, u, item) for item, _ in b.inv[u]}
    far = max(spec[2] for spec in specs) + 1
    item_actions = {item: cmd("item", item) for item in items}
    return Plan(weapons, specs, far, tuple(jas), tuple(spells), items, cmd("fight"), cmd("guard"), item_actions)


def shared_key(ab: Ability) -> Key | None:
    """The key under which :meth:`Targets.ability` keeps the targets of ``ab`` used without
    a weapon and not as a magical Limit Attack, or None where it keeps none (aimed at
    itself, RNG 0, an area aimed at anyone or the fallen)."""
    target = ab.target
    if target == SELF or (ab.range == 0 and not ab.weapon):
        return None
    if ab.ae:
        return (target, ab.ae, ab.hits, ab.range, False) if target in (FOE, ALLY) else None
    return (target, ab.range, ab.line, False)


def _spec(b: Battle, u: int, w: Weapon) -> Spec:
    ranged = bool(w.kind) and b.ammo_for(u, w) >= 0
    return w, ranged, w.range if (ranged or w.long or w.reach) else 1


def item_use(b: Battle, u: int, item: str) -> int:
    """How ``item`` is used by ``u`` (as :func:`.targeting.item_range` and the equip rules)."""
    p = pack()
    it = p.items.get(item)
    if it is not None:
        return ITEM_FALLEN if it.revive > 0 else ITEM_STANDING
    s = b.sheets[u]
    weapon, _, _ = b.eq[u]
    ok = False
    if item in p.weapons:
        ok = p.weapons[item].type in s.weapon_types
    elif item in p.armours:
        ok = p.armours[item].type == "shield" and "shield" in s.armour_types and not p.weapons[weapon].two_hand
    elif item in p.ammo:
        ok = True
    return ITEM_SELF if ok else ITEM_NONE


def target_is_square(ab: Ability) -> bool:
    """A foe- or ally-aimed area ability (not one aimed at the fallen or at anyone)."""
    return ab.target in (FOE, ALLY)


#: Who is on whose side, per side: (is a foe, is an ally) by unit, and the foes and the
#: allies (the side's own units) in unit order.
Sides = tuple[list[bool], list[bool], list[int], list[int]]


def side_units(b: Battle, side: int) -> Sides:
    """:data:`Sides` for ``side`` (kept in the battle's memo: it follows from the sheets)."""
    got: Sides | None = b.memo.get(side)  # type: ignore[assignment]
    if got is None:
        sides = b.sides
        got = b.memo[side] = (
            [s != side for s in sides],
            [s == side for s in sides],
            [v for v, s in enumerate(sides) if s != side],
            [v for v, s in enumerate(sides) if s == side],
        )
    return got


class Targets:
    """Target squares for the acting unit ``u`` at its square, reusing per-call facts."""

    __slots__ = (
        "_foe",
        "_hits_by",
        "_near",
        "_units",
        "a",
        "aN",
        "allies",
        "b",
        "dist",
        "foes",
        "found",
        "ht",
        "inline",
        "mh",
        "side",
        "tops",
        "u",
        "uh",
    )

    def __init__(self, b: Battle, u: int) -> None:
        self.b = b
        self.u = u
        board = b.board
        a = self.a = b.sq[u]
        self.aN = a * board.size
        self.ht = board.ht
        self.dist = board.dist
        self.inline = board.inline
        self.tops = board.tops
        rules = b.rules
        self.uh = rules.unit_height
        self.mh = rules.melee_height
        side = self.side = b.sides[u]
        sq, hp = b.sq, b.hp
        sides = side_units(b, side)
        self._foe = sides[0]
        # (loops: no comprehension to make on the hot path)
        foes: list[int] = []
        for v in sides[2]:
            if hp[v]:  # HP is never below 0
                foes.append(sq[v])
        allies: list[int] = []
        for v in sides[3]:
            if hp[v]:
                allies.append(sq[v])
        #: the squares of the standing foes, and of the standing allies (``u`` included), by unit
        self.foes = foes
        self.allies = allies
        self._units: list[tuple[int, int, bool, bool]] | None = None
        self._hits_by: list[list[int] | None] = [None, None]
        self._near: list[int] | None = None
        #: target lists already found, by what they follow from (see :meth:`ability`; read-only
        #: to callers, who may look a list up here before asking :meth:`kept`)
        self.found: dict[tuple[object, ...], list[int]] = {}

    @property
    def units(self) -> list[tuple[int, int, bool, bool]]:
        """(unit, square, is a foe, is standing) of every unit."""
        got = self._units
        if got is None:
            sq = self.b.sq
            up = map(bool, self.b.hp)  # HP is never below 0
            got = self._units = list(zip(range(len(sq)), sq, self._foe, up, strict=True))
        return got

    def loe(self, t: int) -> bool:
        target_top = self.ht[t] + self.uh
        k = self.aN + t
        if self.tops[k] > target_top and self.b.board.top(k) > target_top:
            return False
        b = self.b
        if b.dyn:
            block = b.block
            for s in b.board.line(self.a, t):
                if block[s] > target_top:
                    return False
        return True

    def _spec(self, w: Weapon) -> Spec:
        """(the weapon, whether it shoots, its RNG before the height bonus)."""
        return _spec(self.b, self.u, w)

    def weapon_hits(self, w: Weapon, t: int) -> bool:
        """Whether weapon ``w`` reaches square ``t`` (range, straight line, height, reach, LoE)."""
        return self._hits(self._spec(w), t)

    def _hits(self, spec: tuple[Weapon, bool, int], t: int) -> bool:
        k = self.aN + t
        d = self.dist[k]
        if d == 0:
            return False
        w, ranged, rng = spec
        ht = self.ht
        dh = ht[self.a] - ht[t]
        if ranged:
            return d <= rng + (1 if dh >= 2 else 0) and self.loe(t)
        if d > rng or not self.inline[k] or dh > self.mh or -dh > self.mh:
            return False
        if d == 2:
            if w.reach and self.b.unit_at(self.b.board.line(self.a, t)[0]) >= 0:
                return False
            return self.loe(t)
        return True

    def hits_with(self, pl: Plan, i: int) -> list[int]:
        """The squares of the standing foes weapon ``i`` of ``pl`` hits, in order (as
        :meth:`ability` finds them for a foe-aimed weapon ability without an area)."""
        got = self._hits_by[i]
        if got is None:
            spec = pl.specs[i]
            dist, aN, far, hits = self.dist, self.aN, spec[2] + 1, self._hits
            got = self._hits_by[i] = []
            for t in self.foes:  # (a loop: no comprehension to make on the hot path)
                if dist[aN + t] <= far and hits(spec, t):
                    got.append(t)
            got.sort()
        return got

    def fight(self, pl: Plan | None = None) -> list[int]:
        if pl is None:
            pl = plan(self.b, self.u)
        if len(pl.specs) == 1:
            return self.hits_with(pl, 0)[:]
        return self._fight_two(pl)

    def fights(self, pl: Plan) -> list[int]:
        """As :meth:`fight`, but with one weapon the list kept by :meth:`hits_with` (not to be changed)."""
        if len(pl.specs) == 1:
            return self.hits_with(pl, 0)
        return self._fight_two(pl)

    def _fight_two(self, pl: Plan) -> list[int]:
        specs = pl.specs
        hits = self._hits
        dist, aN = self.dist, self.aN
        far = pl.far
        out = []
        for t in self.foes:
            if dist[aN + t] > far:
                continue
            for spec in specs:
                if hits(spec, t):
                    out.append(t)
                    break
        out.sort()
        return out

    def guard(self) -> list[int]:
        """ "Guard: Choose yourself or 1 ally in AE1" (as :func:`.targeting.guard_targets`)."""
        return self.near()[:]

    def near(self) -> list[int]:
        """The squares of ``u`` and the standing allies next to it, in order (shared: not to
        be changed; :meth:`guard` gives a copy)."""
        got = self._near
        if got is None:
            dist, aN = self.dist, self.aN
            got = self._near = []
            for t in self.allies:  # (a loop: no comprehension to make on the hot path)
                if dist[aN + t] <= 1:
                    got.append(t)
            got.sort()
        return got

    def items(self, revive: bool) -> list[int]:
        """Yourself or an ally next to you; the fallen for a reviving item (as :func:`.targeting.item_range`)."""
        dist, aN = self.dist, self.aN
        if not revive:
            return self.near()[:]
        out = []
        for _, t, foe, up in self.units:  # (a loop: no comprehension to make on the hot path)
            if not foe and not up and dist[aN + t] <= 1:
                out.append(t)
        out.sort()
        return out

    def ability(self, ab: Ability, w: Weapon | None, magic_limit: bool = False, spec: Spec | None = None) -> list[int]:
        """The target squares of ``ab`` used with weapon ``w`` (``spec``: ``w``'s, if known)."""
        b = self.b
        target = ab.target
        if target == SELF or (ab.range == 0 and not ab.weapon):
            return [self.a] if wants(b, self.u, ab, self.a, magic_limit) is None else []
        if ab.ae:
            if target not in (FOE, ALLY):
                return ability_targets(b, self.u, ab, w, magic_limit)
            if w is not None:
                return _area_targets(self, ab, w, magic_limit)
            # Without a weapon, the centres follow from these alone (spells share them).
            key: tuple[object, ...] = (target, ab.ae, ab.hits, ab.range, magic_limit)
            got = self.found.get(key)
            if got is None:
                got = self.found[key] = _area_targets(self, ab, w, magic_limit)
            return got[:]
        if not ab.weapon or w is None:
            key = (target, ab.range, ab.line, magic_limit)
            got = self.found.get(key)
            if got is None:
                got = self.found[key] = self._in_range(target, ab.range, ab.line, magic_limit)
            return got[:]
        combo = b.combo
        out = []
        want_foe = target == FOE
        want_ally = target in (ALLY, FALLEN)
        if spec is None:
            spec = self._spec(w)
        hits = self._hits
        if want_foe and not magic_limit:
            dist, aN, far = self.dist, self.aN, spec[2] + 1
            for t in self.foes:  # (a loop: no comprehension to make on the hot path)
                if dist[aN + t] <= far and hits(spec, t):
                    out.append(t)
        else:
            for v, t, foe, up in self.units:
                if (
                    up
                    and (foe if want_foe else (not foe if want_ally else True))
                    and (not magic_limit or combo(v))
                    and hits(spec, t)
                ):
                    out.append(t)
        out.sort()
        return out

    def kept(self, key: Key, ab: Ability) -> list[int]:
        """As :meth:`ability` for ``ab`` without a weapon (not a magical Limit Attack),
        whose targets are kept under ``key`` (its :func:`shared_key`): the list kept, not a
        copy (not to be changed)."""
        got = self.found.get(key)
        if got is None:
            if ab.ae:
                got = self.found[key] = _area_targets(self, ab, None, False)
            else:
                got = self.found[key] = self._in_range(ab.target, ab.range, ab.line, False)
        return got

    def _in_range(self, target: int, rng: int, line: bool, magic_limit: bool) -> list[int]:
        """The targets of an ability without a weapon or an area: within ``rng`` (in a
        straight line within the melee height, for ``line``) and Line of Effect."""
        combo = self.b.combo
        out = []
        want_foe = target == FOE
        want_ally = target in (ALLY, FALLEN)
        dist, inline, ht, aN, a = self.dist, self.inline, self.ht, self.aN, self.a
        mh = self.mh
        fallen = target == FALLEN
        if magic_limit or fallen or not (want_foe or want_ally):
            cands = [
                t
                for v, t, foe, up in self.units
                if up != fallen
                and not (foe if want_ally else (not foe if want_foe else False))
                and (not magic_limit or combo(v))
            ]
        else:
            cands = self.foes if want_foe else self.allies
        for t in cands:
            d = dist[aN + t]
            if d > rng:
                continue
            if line and (abs(ht[a] - ht[t]) > mh or (d and not inline[aN + t])):
                continue
            if d and not self.loe(t):
                continue
            out.append(t)
        out.sort()
        return out


def _area_targets(tg: Targets, ab: Ability, w: Weapon | None, magic_limit: bool) -> list[int]:
    """Area abilities aimed at a square: every centre within range and Line of Effect whose
    area holds a unit the ability is meant for (seen from the centre).

    Only the standing units of the side it is aimed at can be meant for it (those the
    hits and a magical Limit Attack's Combo leave), and a unit lies in a centre's area
    exactly when the centre lies in the unit's (both: within AE, counted cardinally).
    With no door or boulder on the map, Line of Effect follows from the map alone, so
    the centres are the board's kept sets (:meth:`.board.Board.seen_around` of each such
    unit, :meth:`.board.Board.in_sight` of the user) less those out of range."""
    b = tg.b
    ae = ab.ae
    hits = ab.hits
    if ab.target == FOE:  # (a foe is never the user's own side: hits of allies only spare it)
        if hits == 1:
            return []
        anchors = tg.foes
    else:  # aimed at allies, the user among them
        if hits == 0:
            return []
        anchors = tg.allies
    if magic_limit:
        occ = b.occ
        anchors = [t for t in anchors if b.combo(occ[t])]
    if w is not None:
        ranged = bool(w.kind) and b.ammo_for(tg.u, w) >= 0
        base_rng = w.range if ranged else (w.range if (w.long or w.reach) else 1)
    else:
        ranged, base_rng = False, ab.range
    far = base_rng + 1 if ranged else base_rng  # no centre further is in range
    if b.dyn or far > 10:
        return _area_targets_dyn(tg, ae, anchors, w, ranged, base_rng, far)
    if not anchors:
        return []
    board = b.board
    uh = tg.uh
    seen_around = board.seen_around
    near = set(seen_around(anchors[0], ae, uh))
    for t in anchors[1:]:
        near |= seen_around(t, ae, uh)
    near &= board.in_sight(tg.a, far, uh)
    out = sorted(near)
    if ranged or w is not None:
        # In sight within ``far``: a weapon's centre is not its user's square, and a shot
        # reaches ``far`` only from 2 HT above the centre.
        a, aN, dist, ht = tg.a, tg.aN, board.dist, board.ht
        ha = ht[a]
        out = [c for c in out if (c != a or w is None) and (not ranged or dist[aN + c] <= base_rng or ha - ht[c] >= 2)]
    return out


def _area_targets_dyn(
    tg: Targets, ae: int, anchors: list[int], w: Weapon | None, ranged: bool, base_rng: int, far: int
) -> list[int]:
    """:func:`_area_targets` centre by centre, with the doors and boulders in the way."""
    b = tg.b
    board = b.board
    n = board.size
    dist, ht, tops, top, area = board.dist, tg.ht, board.tops, board.top, board.area
    uh = tg.uh
    a, aN = tg.a, tg.aN
    near = {c for t in anchors for c in area(t, ae)}
    if far <= 10:  # (the board's table of squares within reach goes to 10)
        near.intersection_update(board.within[far][a])
    out = []
    ha = ht[a]
    dyn = b.dyn
    for c in sorted(near):
        d = dist[aN + c]
        rng = base_rng + 1 if ranged and ha - ht[c] >= 2 else base_rng
        if (d == 0 and w is not None) or d > rng or (d and tops[aN + c] > ht[c] + uh and top(aN + c) > ht[c] + uh):
            continue
        if d and dyn and not b.line_of_effect(a, c):
            continue
        cN = c * n
        for sq in anchors:
            if dist[cN + sq] > ae:
                continue
            if sq != c and (
                (tops[cN + sq] > ht[sq] + uh and top(cN + sq) > ht[sq] + uh) or (dyn and not b.line_of_effect(c, sq))
            ):
                continue
            out.append(c)
            break
    return out


__all__ = [
    "AIM_ANY",
    "AIM_SELF",
    "AIM_WEAPON",
    "ITEM_FALLEN",
    "ITEM_NONE",
    "ITEM_SELF",
    "ITEM_STANDING",
    "Plan",
    "Targets",
    "item_use",
    "plan",
    "shared_key",
]
