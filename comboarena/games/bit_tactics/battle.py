"""One battle's units as plain lists, with the rules that read and change a single
unit: effective stats under statuses (rulebook "Status Effects"), statuses
(durations, "most recent wins", resistance rolls), damage, healing, Limit and KO
("Limit and Limit Attacks").

Units are ints (their index); squares are ints (see :mod:`.board`). A
:class:`Battle` is the state's ``units`` field: cloned with it, written in its
positions one :class:`Unit` at a time. It changes the units' squares, facing,
HP, MP, Limit, statuses, items and gear; the map's doors and boulders are the
state's ``features``, which the battle only places (:meth:`Battle.place_features`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from comboarena.core import Chance, Event

from .board import Board
from .content import MAGICAL, PHYSICAL, RESIST_TYPES, Ability, Weapon, pack
from .maps import BOULDER, BOULDER_HEIGHT, CLOSED, DOOR, DOOR_HEIGHT, GONE
from .statuses import (
    COMBO,
    DEF_DOWN,
    DEF_UP,
    DISABLED,
    DMG_DOWN,
    DMG_UP,
    FLOAT,
    GUARD,
    HASTE,
    IMMOBILIZE,
    MDEF_DOWN,
    MDEF_UP,
    MDMG_DOWN,
    MDMG_UP,
    NAMES,
    NEGATIVE,
    PROTECT,
    REGEN,
    RESIST_SKILL,
    SAP,
    SHELL,
    SILENCE,
    SLOW,
    STOP,
    Status,
    duration,
)
from .view import EV_DAMAGE, EV_EXPIRE, EV_HEAL, EV_KO, EV_LIMIT, EV_REVIVE, EV_STATUS, EV_TICK

if TYPE_CHECKING:
    from .units import Sheet

#: "PCs can have up to 20 Limit at any one time"; "10+ Limit" makes a Limit Attack.
LIMIT_MAX = 20
LIMIT_READY = 10
PHYSICAL_BIT = 1 << RESIST_TYPES.index("physical")
MAGICAL_BIT = 1 << RESIST_TYPES.index("magical")
#: The bit of each element (index into content.ELEMENTS) in a resist mask; "none" resists nothing.
ELEMENT_BITS = (0, *(1 << (RESIST_TYPES.index(e)) for e in RESIST_TYPES[2:]))
#: Statuses with no countdown of their own (the guard ends at the guarder's next turn).
UNTIMED = 1 << GUARD
#: the statuses that keep a unit from moving, and from acting
HALT = (1 << STOP) | (1 << IMMOBILIZE)
NO_ACT = (1 << STOP) | (1 << DISABLED)
#: the statuses that change MOV
MOV_BITS = (1 << HASTE) | (1 << SLOW)
_GUARD_BIT = 1 << GUARD
_SAP_REGEN = (1 << SAP) | (1 << REGEN)


class Rules(NamedTuple):
    """The readings a game's options choose (docs/rules/16-bit-tactics.md, "Options")."""

    counters_always: bool = False
    crits_hit: bool = False
    ties_reroll: bool = True
    across_level: bool = False
    melee_height: int = 2
    unit_height: int = 1
    move_first: bool = False


class Unit(NamedTuple):
    """One unit as a position lists it (and as a battle deploys it)."""

    sheet: Sheet
    square: int
    facing: int  # 0-3: n, e, s, w
    hp: int
    mp: int
    limit: int
    statuses: tuple[Status, ...]
    items: tuple[tuple[str, int], ...]  # carried: (id, count)
    equip: tuple[str, str, str]  # weapon, offhand, ammo


def ammo_dmg(ammo: str, w: Weapon) -> int:
    """The extra DMG of ``ammo`` (an ammo id, ``""`` for none) shot from ranged weapon ``w``,
    or -1 when it does not feed that weapon (a PC's natural weapons need none: 0)."""
    if not ammo:
        return -1
    a = pack().ammo[ammo]
    return a.dmg if a.kind == w.kind else -1


class Battle:
    """The units of the battle being fought, and where the map's doors and boulders stand."""

    __slots__ = (
        "block",
        "board",
        "chance",
        "dmask",
        "dyn",
        "eq",
        "face",
        "gb",
        "hp",
        "inv",
        "limit",
        "memo",
        "mp",
        "occ",
        "reach",
        "rules",
        "sheets",
        "sides",
        "sm",
        "sq",
        "st",
    )

    rules: Rules
    board: Board
    sheets: tuple[Sheet, ...]
    sides: tuple[int, ...]  # each unit's side (from its sheet)
    chance: Chance
    sq: list[int]
    face: list[int]
    hp: list[int]
    mp: list[int]
    limit: list[int]
    st: list[tuple[Status, ...]]
    sm: list[int]  # each unit's statuses as a bit mask
    inv: list[tuple[tuple[str, int], ...]]  # items carried: (id, count)
    eq: list[tuple[str, str, str]]  # weapon, offhand, ammo
    gb: list[tuple[int, int, int, int, int, int]]  # shield bonus: eva, def, def2, meva, mdef, mdef2
    occ: list[int]  # square -> the unit on it (standing or fallen), or -1
    block: list[int]  # square -> the top of a closed door or a boulder on it, or -1
    dyn: tuple[int, ...]  # the squares with a closed door or a boulder
    dmask: int  # the same squares as a bit mask
    #: the last movement search: (unit, square, ((best key per state, parent per state, states
    #: reached), the squares reached with their best key))
    reach: tuple[int, int, tuple[tuple[list[int], list[int], list[int]], dict[int, int]]] | None
    #: facts that follow from the sheets, rules and board alone, keyed by (unit, loadout)
    #: (:func:`.fasttargets.plan`), (unit, Float) (movement tables), side (who is a foe) and
    #: ("hp_share", side) (:func:`.victory.hp_share`): shared by clones, only ever added to,
    #: never changed
    memo: dict[object, object]

    @classmethod
    def deploy(
        cls, rules: Rules, board: Board, units: Sequence[Unit], features: Sequence[str], chance: Chance
    ) -> Battle:
        """A battle with ``units`` where they stand, the doors and boulders as ``features``
        says, rolling ``chance``'s dice."""
        b = cls.__new__(cls)
        b.rules = rules
        b.board = board
        b.sheets = tuple(x.sheet for x in units)
        b.sides = tuple(s.side for s in b.sheets)
        b.chance = chance
        b.sq = [x.square for x in units]
        b.face = [x.facing for x in units]
        b.hp = [x.hp for x in units]
        b.mp = [x.mp for x in units]
        b.limit = [x.limit for x in units]
        b.st = [() for _ in units]
        b.sm = [0 for _ in units]
        for u, x in enumerate(units):
            if x.statuses:
                b.set_statuses(u, x.statuses)
        b.inv = [x.items for x in units]
        b.eq = [x.equip for x in units]
        b.gb = [shield_bonus(x.equip[1]) for x in units]
        b.occ = [-1] * board.size
        for u, x in enumerate(units):
            b.occ[x.square] = u
        b.place_features(features)
        b.memo = {}
        return b

    def key(self) -> tuple[object, ...]:
        """Everything about the units that a position writes (for the state's equality)."""
        return (
            tuple((s.build, s.side, s.seat) for s in self.sheets),
            tuple(self.sq),
            tuple(self.face),
            tuple(self.hp),
            tuple(self.mp),
            tuple(self.limit),
            tuple(self.st),
            tuple(self.inv),
            tuple(self.eq),
        )

    def clone(self, chance: Chance) -> Battle:
        new = Battle.__new__(Battle)
        new.rules = self.rules
        new.board = self.board
        new.sheets = self.sheets
        new.sides = self.sides
        new.chance = chance
        new.sq = self.sq[:]
        new.face = self.face[:]
        new.hp = self.hp[:]
        new.mp = self.mp[:]
        new.limit = self.limit[:]
        new.st = self.st[:]
        new.sm = self.sm[:]
        new.inv = self.inv[:]
        new.eq = self.eq[:]
        new.gb = self.gb[:]
        new.occ = self.occ[:]
        new.block = self.block[:]
        new.dyn = self.dyn
        new.dmask = self.dmask
        new.reach = self.reach  # a search result is never changed, only replaced
        new.memo = self.memo
        return new

    @property
    def units(self) -> range:
        return range(len(self.sheets))

    # -- terrain features ---------------------------------------------------------------

    def place_features(self, features: Sequence[str]) -> None:
        """Place the doors and boulders as the state's ``features`` say (a door ``closed`` or
        ``open``, a boulder's square or ``gone``): closed doors and boulders block."""
        board = self.board
        self.reach = None
        block = self.block = [-1] * board.size
        placed = []
        for f, state in zip(board.map.features, features, strict=True):
            if f.kind == DOOR and state == CLOSED:
                block[f.square] = board.ht[f.square] + DOOR_HEIGHT
                placed.append(f.square)
            elif f.kind == BOULDER and state != GONE:
                sq = board.index[state]
                block[sq] = board.ht[sq] + BOULDER_HEIGHT
                placed.append(sq)
        # (the squares placed on, not every square of the map looked at: most maps have none)
        self.dyn = tuple(sorted({s for s in placed if block[s] >= 0})) if placed else ()
        self.dmask = sum(board.bits[s] for s in self.dyn)

    def passable(self, sq: int) -> bool:
        return self.block[sq] < 0

    def top(self, sq: int) -> int:
        """How high the square reaches for Line of Effect (a door or boulder on it included)."""
        b = self.block[sq]
        return b if b >= 0 else self.board.ht[sq]

    def line_of_effect(self, a: int, b: int) -> bool:
        """Rulebook "Line of Effect": the string from ``a`` to ``b`` passes over nothing taller
        than a unit standing on ``b`` (its square's height plus the unit height)."""
        board = self.board
        target_top = board.ht[b] + self.rules.unit_height
        k = a * board.size + b
        if board.tops[k] > target_top and board.top(k) > target_top:
            return False
        if self.dyn:
            block = self.block
            for s in board.line(a, b):
                if block[s] > target_top:
                    return False
        return True

    def blocker(self, a: int, b: int) -> int:
        """The first square on the string from ``a`` to ``b`` that blocks it, or -1."""
        target_top = self.board.ht[b] + self.rules.unit_height
        for s in self.board.line(a, b):
            if self.top(s) > target_top:
                return s
        return -1

    # -- who is where -------------------------------------------------------------------

    def standing(self, u: int) -> bool:
        return self.hp[u] > 0

    def side(self, u: int) -> int:
        return self.sheets[u].side

    def unit_at(self, sq: int) -> int:
        """The standing unit on ``sq``, or -1."""
        u = self.occ[sq]
        return u if u >= 0 and self.hp[u] > 0 else -1

    def foes_of(self, u: int) -> list[int]:
        side = self.sheets[u].side
        return [v for v in self.units if self.hp[v] > 0 and self.sheets[v].side != side]

    def allies_of(self, u: int) -> list[int]:
        side = self.sheets[u].side
        return [v for v in self.units if self.hp[v] > 0 and self.sheets[v].side == side]

    def side_standing(self, side: int) -> bool:
        hp = self.hp
        return any(s.side == side and hp[v] > 0 for v, s in enumerate(self.sheets))

    # -- effective stats ------------------------------------------------------------------

    def has(self, u: int, kind: int) -> bool:
        return (self.sm[u] >> kind) & 1 == 1

    def can_move(self, u: int) -> bool:
        """Not Immobilized, not Stopped."""
        return not self.sm[u] & HALT

    def can_act(self, u: int) -> bool:
        """Not Disabled, not Stopped."""
        return not self.sm[u] & NO_ACT

    def can_cast(self, u: int) -> bool:
        return not (self.sm[u] >> SILENCE) & 1

    def may_use(self, u: int, ab: Ability) -> bool:
        """Silence: "Target may not cast spells" (a Limit Attack that is a spell included)."""
        return ab.kind != "spell" or not (self.sm[u] >> SILENCE) & 1

    def mov(self, u: int) -> int:
        """MOV, Haste + 1, Slow - 1."""
        m = self.sm[u]
        mov = self.sheets[u].mov
        if m & MOV_BITS:
            mov += ((m >> HASTE) & 1) - ((m >> SLOW) & 1)
        return mov if mov > 0 else 0

    def floats(self, u: int) -> bool:
        return self.sheets[u].levitate or (self.sm[u] >> FLOAT) & 1 == 1

    def eva(self, u: int) -> int:
        """EVA before facing: Haste + 1, Slow - 1, a buckler's bonus."""
        m = self.sm[u]
        return self.sheets[u].eva + self.gb[u][0] + ((m >> HASTE) & 1) - ((m >> SLOW) & 1)

    def meva(self, u: int) -> int:
        """M.Eva (used by the rulebook without a definition: the magical EVA)."""
        m = self.sm[u]
        return max(0, self.sheets[u].meva + self.gb[u][3] + ((m >> HASTE) & 1) - ((m >> SLOW) & 1))

    def defs(self, u: int, bravery: int = 0) -> tuple[int, int]:
        """(2DEF, DEF): DEF Down halves DEF (rounded up; 2DEF no higher than it), DEF Up + 2,
        and ``bravery`` (1 when the attacker had Bravery as it declared the attack) off both."""
        s, g, m = self.sheets[u], self.gb[u], self.sm[u]
        d, d2 = s.def_ + g[1], s.def2 + g[2]
        if (m >> DEF_DOWN) & 1:
            d = (d + 1) // 2
            d2 = min(d2, d)
        if (m >> DEF_UP) & 1:
            d += 2
        d, d2 = d - bravery, d2 - bravery
        return max(0, d2), max(0, d)

    def mdefs(self, u: int, faith: int = 0) -> tuple[int, int]:
        """(2M.Def, M.Def), as :meth:`defs` with M.Def Down/Up and the attacker's Faith."""
        s, g, m = self.sheets[u], self.gb[u], self.sm[u]
        d, d2 = s.mdef + g[4], s.mdef2 + g[5]
        if (m >> MDEF_DOWN) & 1:
            d = (d + 1) // 2
            d2 = min(d2, d)
        if (m >> MDEF_UP) & 1:
            d += 2
        d, d2 = d - faith, d2 - faith
        return max(0, d2), max(0, d)

    def dmg(self, u: int) -> int:
        """DMG; DMG Up/Down add/take half the Base DMG (rounded up)."""
        s, m = self.sheets[u], self.sm[u]
        half = (s.base_dmg + 1) // 2
        return max(0, s.dmg + half * (((m >> DMG_UP) & 1) - ((m >> DMG_DOWN) & 1)))

    def mdmg(self, u: int) -> int:
        s, m = self.sheets[u], self.sm[u]
        half = (s.base_mdmg + 1) // 2
        return max(0, s.mdmg + half * (((m >> MDMG_UP) & 1) - ((m >> MDMG_DOWN) & 1)))

    def resists(self, u: int) -> int:
        """The unit's resist mask: its own, Protect (all physical), Shell (all magical)."""
        m = self.sm[u]
        r = self.sheets[u].resist
        if (m >> PROTECT) & 1:
            r |= PHYSICAL_BIT
        if (m >> SHELL) & 1:
            r |= MAGICAL_BIT
        return r

    def resisted(self, u: int, attack: int, element: int) -> bool:
        """ "Resist (type): Attacks of the listed type deal half damage and effect.\""""
        bits = (PHYSICAL_BIT if attack == PHYSICAL else MAGICAL_BIT if attack == MAGICAL else 0) | ELEMENT_BITS[element]
        return self.resists(u) & bits != 0

    def hp_max(self, u: int) -> int:
        return self.sheets[u].hp

    def weapons(self, u: int) -> list[Weapon]:
        """The weapons a Fight attacks with: the main one, and a second one (two weapons)."""
        s = self.sheets[u]
        if s.natural is not None:
            return [s.natural]
        p = pack()
        main, off, _ = self.eq[u]
        out = [p.weapons[main]]
        if off in p.weapons:
            out.append(p.weapons[off])
        return out

    def ammo_for(self, u: int, w: Weapon) -> int:
        """The ammo's extra DMG if ``u`` has ammo for ranged weapon ``w`` equipped, else -1."""
        if self.sheets[u].natural is not None:
            return 0
        return ammo_dmg(self.eq[u][2], w)

    def ammo_element(self, u: int) -> int:
        ammo = self.eq[u][2]
        return pack().ammo[ammo].element if ammo else 0

    def items_of(self, u: int) -> dict[str, int]:
        return dict(self.inv[u])

    def take_item(self, u: int, item: str) -> int:
        """Use up one ``item``; returns how many are left."""
        left = 0
        out = []
        for i, n in self.inv[u]:
            if i == item:
                n -= 1
                left = n
            if n > 0:
                out.append((i, n))
        self.inv[u] = tuple(out)
        return left

    def give_item(self, u: int, item: str) -> None:
        out = list(self.inv[u])
        for k, (i, n) in enumerate(out):
            if i == item:
                out[k] = (i, n + 1)
                break
        else:
            out.append((item, 1))
        self.inv[u] = tuple(out)

    # -- statuses -----------------------------------------------------------------------------

    def set_statuses(self, u: int, statuses: tuple[Status, ...]) -> None:
        self.st[u] = statuses
        m = 0
        for s in statuses:
            m |= 1 << s.kind
        self.sm[u] = m

    def status(self, u: int, kind: int) -> Status | None:
        for s in self.st[u]:
            if s.kind == kind:
                return s
        return None

    def inflict(
        self,
        u: int,
        kind: int,
        turns: int,
        die: int,
        caster: int,
        amount: int,
        element: int,
        why: str,
        events: list[Event],
    ) -> bool:
        """Give ``u`` a status for ``turns`` of its turns ("most recent wins": an earlier one
        of the kind is replaced). Refused for an immune unit or no turns; returns success."""
        data = {"unit": u, "status": NAMES[kind], "turns": turns, "by": caster, "why": why}
        if (self.sheets[u].immune >> kind) & 1:
            data["why"] = "immune"
            events.append(Event(EV_STATUS, self.sheets[u].seat, data))
            return False
        if turns <= 0:
            data["why"] = "too short"
            events.append(Event(EV_STATUS, self.sheets[u].seat, data))
            return False
        new = Status(kind, turns, die, caster, amount, element)
        self.set_statuses(u, (*(s for s in self.st[u] if s.kind != kind), new))
        events.append(Event(EV_STATUS, self.sheets[u].seat, data))
        return True

    def cure(self, u: int, mask: int, why: str, events: list[Event]) -> None:
        gone = [s for s in self.st[u] if (mask >> s.kind) & 1]
        if gone:
            self.set_statuses(u, tuple(s for s in self.st[u] if not (mask >> s.kind) & 1))
            for s in gone:
                events.append(Event(EV_EXPIRE, self.sheets[u].seat, {"unit": u, "status": NAMES[s.kind], "why": why}))

    def status_turns(self, caster_die: int, kind: int, halves: int) -> int:
        """A new status's duration: the caster's M.Atk die / 2 (Stop: halved), halved again
        for each of ``halves`` (partial resistance, a Resist), rounded down."""
        return duration(caster_die, kind) >> halves

    def end_guards_of(self, guarder: int, events: list[Event]) -> None:
        """The Guard command lasts "until your next action"."""
        sm = self.sm
        for v in compress(range(len(sm)), map(_GUARD_BIT.__and__, sm)):  # the guarded units
            g = self.status(v, GUARD)
            if g is not None and g.caster == guarder:
                self.set_statuses(v, tuple(s for s in self.st[v] if s.kind != GUARD))
                events.append(Event(EV_EXPIRE, self.sheets[v].seat, {"unit": v, "status": "guard", "why": "guarder"}))

    def tick(self, u: int, events: list[Event]) -> None:
        """At the end of each of its turns a unit's statuses count down one turn ("after
        applying the effect reduce the remaining duration by 1"); for a negative status it
        then rolls its resistance skill against the caster's M.Atk die, and if it rolls
        higher the status loses one more turn."""
        if not self.st[u]:
            return
        seat = self.sheets[u].seat
        kept = []
        for s in self.st[u]:
            if (UNTIMED >> s.kind) & 1:
                kept.append(s)
                continue
            turns = s.turns - 1
            data: dict[str, object] = {"unit": u, "status": NAMES[s.kind], "turns": turns}
            if turns > 0 and s.kind in NEGATIVE:
                skill = RESIST_SKILL[s.kind]
                mine = self.roll_test(self.sheets[u].skills[skill], s.die)
                data["roll"] = {
                    "skill": skill,
                    "die": self.sheets[u].skills[skill],
                    "caster_die": s.die,
                    "rolls": mine[1],
                    "won": mine[0],
                }
                if mine[0]:
                    turns -= 1
                    data["turns"] = turns
            events.append(Event(EV_TICK, seat, data))
            if turns > 0:
                kept.append(s._replace(turns=turns))
            else:
                events.append(Event(EV_EXPIRE, seat, {"unit": u, "status": NAMES[s.kind], "why": "ran out"}))
        self.set_statuses(u, tuple(kept))

    def roll_test(self, mine: int, theirs: int) -> tuple[bool, list[list[int]]]:
        """A resisted test: both roll; the higher wins. Ties are rolled again (option
        ties=reroll) or go to the one resisting (ties=keep). Returns (won, the rolls)."""
        rolls = []
        for _ in range(20):
            a = self.chance.roll(mine)
            b = self.chance.roll(theirs)
            rolls.append([a, b])
            if a != b:
                return a > b, rolls
            if not self.rules.ties_reroll:
                return True, rolls
        return True, rolls

    # -- HP, MP, Limit, KO -------------------------------------------------------------------

    def gain_limit(self, u: int, n: int, events: list[Event]) -> None:
        """ "Each time a PC or monster hits with, or is hit by, an attack that deals damage they gain 1 Limit.\""""
        old = self.limit[u]
        new = min(LIMIT_MAX, old + n)
        if new != old:
            self.limit[u] = new
            events.append(Event(EV_LIMIT, self.sheets[u].seat, {"unit": u, "limit": new, "change": new - old}))

    def lose_hp(self, u: int, amount: int, by: int, why: str, events: list[Event]) -> int:
        """Take ``amount`` HP (never below 0); a unit at 0 HP is KO'd. Returns what was taken."""
        if self.hp[u] <= 0:
            return 0
        taken = min(amount, self.hp[u])
        self.hp[u] -= taken
        seat = self.sheets[u].seat
        events.append(Event(EV_DAMAGE, seat, {"unit": u, "amount": taken, "hp": self.hp[u], "why": why, "by": by}))
        if self.hp[u] == 0:
            self.knock_out(u, events)
        return taken

    def knock_out(self, u: int, events: list[Event]) -> None:
        """A KO'd unit stays where it fell, loses its statuses and ends the guards it gave."""
        self.set_statuses(u, ())
        events.append(Event(EV_KO, self.sheets[u].seat, {"unit": u}))
        self.end_guards_of(u, events)

    def gain_hp(self, u: int, amount: int, by: int, why: str, events: list[Event]) -> int:
        if self.hp[u] <= 0:
            return 0
        got = min(amount, self.hp_max(u) - self.hp[u])
        self.hp[u] += got
        events.append(
            Event(EV_HEAL, self.sheets[u].seat, {"unit": u, "amount": got, "hp": self.hp[u], "why": why, "by": by})
        )
        return got

    def revive(self, u: int, percent: int, events: list[Event]) -> None:
        self.hp[u] = max(1, self.hp_max(u) * percent // 100)
        events.append(Event(EV_REVIVE, self.sheets[u].seat, {"unit": u, "hp": self.hp[u]}))

    # -- the start of a turn --------------------------------------------------------------

    def start_turn(self, u: int, events: list[Event]) -> bool:
        """What happens as a unit's turn begins: the guards it gave end; its Auto powers
        without a condition begin or reapply; Sap takes and Regen gives HP. Returns
        whether Sap took HP (who stands may have changed)."""
        sm = self.sm
        if any(map(_GUARD_BIT.__and__, sm)):
            self.end_guards_of(u, events)
        s = self.sheets[u]
        for auto in s.auto:
            if auto.when == 0:
                self.inflict(u, auto.status, duration(s.matk, auto.status), s.matk, -1, s.base_mdmg, 0, "auto", events)
        if not sm[u] & _SAP_REGEN:
            return False
        sapped = False
        sap = self.status(u, SAP)
        if sap is not None:
            amount = sap.amount
            if self.resisted(u, 0, sap.element):  # Sap's damage has its attack's element
                amount //= 2
            sapped = self.lose_hp(u, amount, sap.caster, "sap", events) > 0
        regen = self.status(u, REGEN)
        if regen is not None and self.hp[u] > 0:
            self.gain_hp(u, regen.amount, regen.caster, "regen", events)
        return sapped

    def combo(self, u: int) -> bool:
        return (self.sm[u] >> COMBO) & 1 == 1


def shield_bonus(offhand: str) -> tuple[int, int, int, int, int, int]:
    """What a shield carried in the offhand adds: EVA, DEF, 2DEF, M.Eva, M.Def, 2M.Def."""
    p = pack()
    a = p.armours.get(offhand)
    if a is None:
        return (0, 0, 0, 0, 0, 0)
    return (a.eva, a.def_, a.def2, a.meva, a.mdef, a.mdef2)


def count_items(items: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Items as a unit carries them: each id once with its count, in the order first listed."""
    out: dict[str, int] = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return tuple(out.items())


__all__ = [
    "HALT",
    "LIMIT_MAX",
    "LIMIT_READY",
    "MOV_BITS",
    "NO_ACT",
    "Battle",
    "Rules",
    "Unit",
    "count_items",
    "shield_bonus",
]
