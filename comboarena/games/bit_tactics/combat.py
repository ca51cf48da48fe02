"""Making an Attack, and the other commands' effects.

One process for every attack (rulebook "Making an Attack"): roll the attack's
die (ATK, or M.Atk for magic; Blind: roll twice, keep the lower); its maximum
is a Crit (DMG doubled); the roll against the target's thresholds gives the
result band:

- physical: at or under EVA (front +1, back -1): no damage, no effect; at or
  under 2DEF: quarter damage; at or under DEF: half; above: full;
- magical: at or under M.Eva: nothing; under 2M.Def: Fully Resisted (quarter
  damage, no status); at or under M.Def: Partially Resisted (half damage, half
  the status's duration); above: full.

A Resist halves the damage and the effect; Guard halves physical damage;
Combo status adds 5 x the attacker's LV. Halvings round down, applied once at
the end (``rating >> halvings``). Area attacks roll for each target. An attack
that hits but deals 0 damage has no special effect.

What an attack brings from its maker is fixed as it is declared (a
:class:`Strike`): an area attack that hits its own maker, knocking it out or
back, still strikes the rest of its targets as declared.

Changes the battle's units (the state's ``units``): HP, MP, Limit, statuses,
facing, squares (knockback), items and gear; a Quickened unit's extra turn is
returned for :mod:`.turn` to put in the state's ``queue``.
"""

from __future__ import annotations

from typing import NamedTuple

from comboarena.core import Event

from .battle import Battle, shield_bonus
from .board import FACING_EVA
from .content import FALLEN, MAGICAL, NONE, PHYSICAL, Ability, Weapon, pack
from .movement import knockback
from .statuses import BLIND, BRAVERY, COMBO, FAITH, GUARD, NAMES, QUICKEN, Status, duration
from .targeting import affected, weapon_problem, weapon_range
from .view import EV_COUNTER, EV_EQUIP, EV_FACE, EV_GUARD, EV_ITEM, EV_MP, EV_ROLL, EV_STATUS

MISS, QUARTER, HALF, FULL = "miss", "quarter", "half", "full"
FULLY_RESISTED, PARTIALLY_RESISTED = "fully resisted", "partially resisted"
#: Halvings of each band's damage.
SHIFT = {MISS: 0, QUARTER: 2, HALF: 1, FULL: 0, FULLY_RESISTED: 2, PARTIALLY_RESISTED: 1}
#: "Creatures with the Combo Status take +DMG/MDmg = 5 x LV of attacker."
COMBO_PER_LEVEL = 5


class Strike(NamedTuple):
    """One attack as declared: what it brings to each target it reaches."""

    attack: int  # PHYSICAL or MAGICAL
    rating: int  # the DMG or M.Dmg rating; -1 for an attack that deals no damage (status only)
    element: int
    statuses: tuple[int, ...]
    knockback: int
    gaze: bool
    limit: bool  # a Limit Attack: every hit is a crit
    combo: bool  # it gives Combo status on a hit (a physical Limit Attack)
    melee: bool  # a melee weapon attack (what counter-attacks answer)
    # The maker's part, read as the attack is declared, so that an area attack that knocks
    # out its own maker (its statuses gone) or knocks it back (moved) keeps it:
    origin: int  # its square: the facing struck, the way targets are knocked back
    lower: int  # 1 under Bravery (physical) or Faith (magical): an enemy's DEF/M.Def and 2x - 1
    blind: bool  # Blind: a physical attack rolls twice and keeps the lower


def band_of(b: Battle, attacker: int, target: int, s: Strike, roll: int, die: int) -> tuple[str, dict[str, int]]:
    """The result band of ``roll`` and the thresholds it was read against."""
    crit_hit = b.rules.crits_hit and roll == die
    # Bravery and Faith lower an "Enemy" DEF or M.Def: not an ally's, nor the maker's own,
    # caught in an area attack.
    lower = s.lower if b.sides[target] != b.sides[attacker] else 0
    if s.attack == PHYSICAL:
        rel = b.board.facing_attacked(s.origin, b.sq[target], b.face[target])
        eva = b.eva(target) + FACING_EVA[rel]
        d2, d = b.defs(target, lower)
        th = {"eva": eva, "def2": d2, "def": d, "facing": rel}
        if crit_hit:
            return FULL, th
        if roll <= eva:
            return MISS, th
        if roll <= d2:
            return QUARTER, th
        if roll <= d:
            return HALF, th
        return FULL, th
    meva = b.meva(target)
    md2, md = b.mdefs(target, lower)
    th = {"meva": meva, "mdef2": md2, "mdef": md}
    if crit_hit:
        return FULL, th
    if roll <= meva:
        return MISS, th
    if roll < md2:
        return FULLY_RESISTED, th
    if roll <= md:
        return PARTIALLY_RESISTED, th
    return FULL, th


def bands_of(b: Battle, attacker: int, target: int, s: Strike, die: int) -> list[str]:
    """The result band of every roll ``1..die`` (entry ``roll - 1``), as :func:`band_of`
    reads them, with the thresholds read once (the odds ask for every roll)."""
    band = band_of(b, attacker, target, s, 1, die)[1]
    crit_hit = b.rules.crits_hit
    out: list[str] = []
    if s.attack == PHYSICAL:
        eva, d2, d = band["eva"], band["def2"], band["def"]
        for roll in range(1, die + 1):
            if crit_hit and roll == die:
                out.append(FULL)
            else:
                out.append(MISS if roll <= eva else QUARTER if roll <= d2 else HALF if roll <= d else FULL)
        return out
    meva, md2, md = band["meva"], band["mdef2"], band["mdef"]
    for roll in range(1, die + 1):
        if crit_hit and roll == die:
            out.append(FULL)
        else:
            out.append(
                MISS if roll <= meva else FULLY_RESISTED if roll < md2 else PARTIALLY_RESISTED if roll <= md else FULL
            )
    return out


def strike(b: Battle, a: int, t: int, s: Strike, events: list[Event]) -> int:
    """Resolve one attack against one target; returns the damage dealt."""
    sa, st = b.sheets[a], b.sheets[t]
    if s.gaze and b.has(t, BLIND):
        events.append(
            Event(
                EV_STATUS,
                st.seat,
                {"unit": t, "status": "blind", "turns": 0, "by": a, "why": "blind: immune to gaze attacks"},
            )
        )
        return 0
    die = sa.atk if s.attack == PHYSICAL else sa.matk
    rolls = [b.chance.roll(die)]
    if s.blind:
        rolls.append(b.chance.roll(die))  # "roll twice for physical attacks and use the lower result"
    roll = min(rolls)
    crit = roll == die or s.limit
    band, th = band_of(b, a, t, s, roll, die)
    data = {
        "unit": a,
        "target": t,
        "attack": "physical" if s.attack == PHYSICAL else "magical",
        "die": die,
        "rolls": rolls,
        "roll": roll,
        "crit": crit,
        "band": band,
        **th,
    }
    events.append(Event(EV_ROLL, sa.seat, data))
    if band == MISS:
        return 0
    resisted = b.resisted(t, s.attack, s.element)
    dealt = 0
    if s.rating >= 0:
        rating = s.rating * (2 if crit else 1)
        if b.combo(t):
            rating += COMBO_PER_LEVEL * sa.level
        halvings = SHIFT[band] + resisted + (s.attack == PHYSICAL and b.has(t, GUARD))
        amount = rating >> halvings
        dealt = b.lose_hp(t, amount, a, "attack", events)
        if dealt > 0:
            b.gain_limit(t, 2 if st.reaction == "vengeance" else 1, events)
    hit = dealt > 0 or s.rating < 0
    if not hit:
        return 0
    standing = b.hp[t] > 0
    if standing and s.statuses and band != FULLY_RESISTED:
        halves = (band == PARTIALLY_RESISTED) + resisted
        for kind in s.statuses:
            turns = duration(sa.matk, kind) >> halves
            b.inflict(t, kind, turns, sa.matk, a, sa.base_mdmg, s.element, "inflicted", events)
    if standing and s.knockback and dealt > 0:
        knockback(b, t, s.origin, s.knockback, dealt, a, events)
        standing = b.hp[t] > 0
    if standing and s.combo and dealt > 0:
        # "the target gains Combo Status"; "reset by any successful hit with a Limit Attack"
        b.inflict(t, COMBO, 1, 0, a, 0, 0, "limit", events)
    if standing and dealt > 0:
        _after_hit(b, t, events)
    return dealt


def _after_hit(b: Battle, t: int, events: list[Event]) -> None:
    """Auto powers with a condition (being hit, falling to half HP), and Auto-Tonic."""
    s = b.sheets[t]
    hurt = b.hp[t] * 2 <= b.hp_max(t)
    for auto in s.auto:
        if auto.when == 1 or (auto.when == 2 and hurt):
            b.inflict(t, auto.status, duration(s.matk, auto.status), s.matk, -1, s.base_mdmg, 0, "auto", events)
    if s.reaction == "auto-tonic" and hurt and b.items_of(t).get("tonic", 0) > 0:
        left = b.take_item(t, "tonic")
        events.append(
            Event(EV_ITEM, s.seat, {"unit": t, "item": "tonic", "target": t, "left": left, "why": "auto-tonic"})
        )
        b.gain_hp(t, pack().items["tonic"].heal, t, "item", events)


# -- the commands -----------------------------------------------------------------------


def turn_toward(b: Battle, u: int, t: int, events: list[Event]) -> None:
    """ "A character that attacks always automatically changes facing toward the target.\""""
    a = b.sq[u]
    if t == a:
        return
    new = b.board.turn_toward(a, t, b.face[u])
    if new != b.face[u]:
        b.face[u] = new
        events.append(Event(EV_FACE, b.sheets[u].seat, {"unit": u, "facing": "nesw"[new], "why": "attack"}))


def weapon_strike(b: Battle, u: int, w: Weapon, ab: Ability | None, limit: bool, combo: bool) -> Strike:
    """The strike of a weapon attack (a Fight, or a job ability made with the weapon)."""
    extra = b.ammo_for(u, w) if w.ranged else -1
    ranged = extra >= 0
    s = b.sheets[u]
    rating = b.dmg(u) + w.dmg + (extra if ranged else 0)
    element = w.element or (b.ammo_element(u) if ranged else 0)
    statuses = w.statuses
    kb = w.knockback
    if ab is not None:
        rating += ab.bonus * s.base_dmg
        element = ab.element or element
        statuses = (*ab.statuses, *(x for x in w.statuses if x not in ab.statuses))
        kb = max(kb, ab.knockback)
        if ab.damage == 0:
            rating = -1
    return Strike(
        PHYSICAL,
        max(rating, 0) if rating >= 0 else -1,
        element,
        statuses,
        kb,
        False,
        limit,
        combo,
        not ranged,
        *_declared(b, u, PHYSICAL),
    )


def ability_strike(b: Battle, u: int, ab: Ability, limit: bool) -> Strike:
    """The strike of an attack ability that does not use a weapon (spells, monster attacks)."""
    s = b.sheets[u]
    if ab.damage == 0:
        rating = -1
    elif ab.attack == MAGICAL or ab.damage == 2:
        main = b.weapons(u)[0]
        rating = max(0, b.mdmg(u) + main.mdmg + ab.bonus * s.base_mdmg)
    else:
        rating = max(0, b.dmg(u) + ab.bonus * s.base_dmg)
    physical_limit = limit and ab.attack == PHYSICAL
    return Strike(
        ab.attack,
        rating,
        ab.element,
        ab.statuses,
        ab.knockback,
        ab.gaze,
        limit,
        physical_limit,
        ab.attack == PHYSICAL and ab.line,
        *_declared(b, u, ab.attack),
    )


def _declared(b: Battle, u: int, attack: int) -> tuple[int, int, bool]:
    """The maker's part of a :class:`Strike`: its square, Bravery or Faith, Blind."""
    m = b.sm[u]
    if attack == PHYSICAL:
        return b.sq[u], (m >> BRAVERY) & 1, (m >> BLIND) & 1 == 1
    return b.sq[u], (m >> FAITH) & 1, False


def long_squares(b: Battle, u: int, w: Weapon, t: int) -> list[int]:
    """The squares a melee weapon attack on ``t`` strikes: a Long weapon every square of the
    line up to ``t`` ("can hit up to 2 targets"); any other weapon ``t`` alone."""
    a = b.sq[u]
    ranged, _ = weapon_range(b, u, w, a, t)
    if w.long and not ranged and b.board.distance(a, t) == 2:
        return [b.board.line(a, t)[0], t]
    return [t]


def fight(
    b: Battle, u: int, t: int, limit: bool, events: list[Event], counter: bool = False
) -> list[tuple[int, int, bool]]:
    """The Fight command: one attack with each weapon (two weapons: "a separate attack with
    each"). Returns (target, damage, melee) for each unit struck."""
    struck: list[tuple[int, int, bool]] = []
    turn_toward(b, u, t, events)
    for w in b.weapons(u):
        if b.hp[u] <= 0 or weapon_problem(b, u, w, b.sq[u], t) is not None:
            continue
        s = weapon_strike(b, u, w, None, limit, limit)
        attack = []
        for sq in long_squares(b, u, w, t):
            v = b.unit_at(sq)
            if v >= 0:
                attack.append((v, strike(b, u, v, s, events), s.melee))
        # "Complete each attack normally": each weapon's attack earns its own Limit.
        _attacker_limit(b, u, attack, events)
        struck += attack
    if not counter:
        counters(b, u, struck, events)
    return struck


def _attacker_limit(b: Battle, u: int, struck: list[tuple[int, int, bool]], events: list[Event]) -> None:
    """The Limit the maker of one attack earns: 1 if it dealt damage, whoever and however many
    it hit ("Character making AE attacks only gain 1 Limit regardless of how many targets")."""
    if b.hp[u] > 0:
        for _, d, _ in struck:  # (a loop: no generator to make for every attack)
            if d > 0:
                b.gain_limit(u, 1, events)
                return


def counters(b: Battle, attacker: int, struck: list[tuple[int, int, bool]], events: list[Event]) -> None:
    """Counter-attacks: a unit damaged by a melee attack that still stands and can act
    strikes back with a Fight if its weapon reaches (reaction ability Counter; every unit
    under option counters=always). Counter-attacks are not countered."""
    done = set()
    for v, dealt, melee in struck:
        if v in done or dealt <= 0 or not melee or b.hp[v] <= 0 or b.hp[attacker] <= 0 or not b.can_act(v):
            continue
        if b.sheets[v].reaction != "counter" and not b.rules.counters_always:
            continue
        t = b.sq[attacker]
        if not any(weapon_problem(b, v, w, b.sq[v], t) is None for w in b.weapons(v)):
            continue
        done.add(v)
        events.append(Event(EV_COUNTER, b.sheets[v].seat, {"unit": v, "target": attacker}))
        fight(b, v, t, False, events, counter=True)


def use_ability(b: Battle, u: int, ab: Ability, t: int, off: bool, limit: bool, events: list[Event]) -> list[int]:
    """A JA, a spell, a monster's attack or Limit Attack aimed at ``t``. Returns the units
    given Quicken (the state inserts their turns)."""
    if ab.mp:
        b.mp[u] -= ab.mp
        events.append(Event(EV_MP, b.sheets[u].seat, {"unit": u, "amount": -ab.mp, "mp": b.mp[u]}))
    magic_limit = limit and ab.attack == MAGICAL
    if ab.attack != NONE:
        turn_toward(b, u, t, events)
        struck: list[tuple[int, int, bool]] = []
        if ab.weapon:
            w = b.weapons(u)[1 if off else 0]
            s = weapon_strike(b, u, w, ab, limit, limit)
            squares = long_squares(b, u, w, t) if not ab.ae else None
            targets = [b.unit_at(x) for x in squares] if squares else affected(b, u, ab, t)
            for v in targets:
                if v >= 0:
                    struck.append((v, strike(b, u, v, s, events), s.melee))
        else:
            s = ability_strike(b, u, ab, limit)
            for v in affected(b, u, ab, t, magic_limit):
                struck.append((v, strike(b, u, v, s, events), s.melee))
        _attacker_limit(b, u, struck, events)
        counters(b, u, struck, events)
        return []
    return support(b, u, ab, t, events)


def support(b: Battle, u: int, ab: Ability, t: int, events: list[Event]) -> list[int]:
    """A supporting ability (no attack roll): healing, statuses granted, cures, revival, MP."""
    s = b.sheets[u]
    quickened = []
    for v in affected(b, u, ab, t):
        if ab.target == FALLEN or (ab.revive and b.hp[v] <= 0):
            if b.hp[v] <= 0:
                b.revive(v, ab.revive, events)
            continue
        if ab.heal:
            main = b.weapons(u)[0]
            amount = (
                b.mdmg(u) + main.mdmg + ab.heal_bonus * s.base_mdmg
                if ab.heal == 2
                else (b.dmg(u) + ab.heal_bonus * s.base_dmg)
            )
            b.gain_hp(v, max(0, amount), u, "heal", events)
        if ab.cure:
            b.cure(v, ab.cure, "cured", events)
        if ab.restore_mp:
            got = min(ab.restore_mp, s.mp - b.mp[v])
            b.mp[v] += got
            events.append(Event(EV_MP, b.sheets[v].seat, {"unit": v, "amount": got, "mp": b.mp[v]}))
        for kind in ab.statuses:
            if kind == QUICKEN:
                events.append(
                    Event(
                        EV_STATUS,
                        b.sheets[v].seat,
                        {"unit": v, "status": NAMES[QUICKEN], "turns": 0, "by": u, "why": "granted"},
                    )
                )
                quickened.append(v)
            else:
                b.inflict(v, kind, duration(s.matk, kind), s.matk, u, s.base_mdmg, ab.element, "granted", events)
    return quickened


def use_item(b: Battle, u: int, item: str, t: int, events: list[Event]) -> None:
    """The Item command: use a consumable on yourself or an ally next to you, or switch
    a carried weapon, shield or ammo with the one equipped."""
    p = pack()
    seat = b.sheets[u].seat
    if item in p.items:
        it = p.items[item]
        left = b.take_item(u, item)
        v = b.occ[t]
        events.append(Event(EV_ITEM, seat, {"unit": u, "item": item, "target": v, "left": left}))
        if it.revive:
            if b.hp[v] <= 0:
                b.revive(v, it.revive, events)
            return
        if it.heal:
            b.gain_hp(v, it.heal, u, "item", events)
        if it.mp:
            got = min(it.mp, b.sheets[v].mp - b.mp[v])
            b.mp[v] += got
            events.append(Event(EV_MP, b.sheets[v].seat, {"unit": v, "amount": got, "mp": b.mp[v]}))
        if it.cure:
            b.cure(v, it.cure, "cured", events)
        return
    weapon, offhand, ammo = b.eq[u]
    b.take_item(u, item)
    stowed = []
    if item in p.ammo:
        if ammo:
            stowed.append(ammo)
        ammo = item
    elif item in p.armours:  # a shield
        if offhand:
            stowed.append(offhand)
        offhand = item
    else:
        stowed.append(weapon)
        weapon = item
        if p.weapons[item].two_hand and offhand:
            stowed.append(offhand)
            offhand = ""
    for x in stowed:
        b.give_item(u, x)
    b.eq[u] = (weapon, offhand, ammo)
    b.gb[u] = shield_bonus(offhand)
    events.append(Event(EV_EQUIP, seat, {"unit": u, "equipped": item, "stowed": stowed}))


def guard(b: Battle, u: int, t: int, events: list[Event]) -> None:
    """ "Guard: ... that PC takes half damage from physical attacks until your next action.\""""
    v = b.occ[t]
    events.append(Event(EV_GUARD, b.sheets[u].seat, {"unit": u, "target": v}))
    b.set_statuses(v, (*(x for x in b.st[v] if x.kind != GUARD), Status(GUARD, 1, 0, u, 0, 0)))


__all__ = ["Strike", "band_of", "bands_of", "fight", "guard", "strike", "use_ability", "use_item"]
