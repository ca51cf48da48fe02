"""The content pack as data: jobs (``jobs/*.toml``), gear and items
(``gear.toml``), monsters (``monsters.toml``) and party presets
(``presets.toml``), checked against their schema when loaded.

The rulebook is a rules module: it ships no jobs, gear, monsters or maps.
Everything here is original to Combo Arena, with generic names; the schema is
documented in ``docs/rules/16-bit-tactics.md`` ("The content pack"). Every
error names the file, the line, the field and what is allowed.

>>> p = pack()
>>> len(p.jobs) >= 8 and len(p.monsters) >= 12
True
>>> p.ability("cinder").mp == p.ability("cinder").ap   # "a Spell costs MP = AP needed to learn it"
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from .datafile import ContentError, Path_, Reader
from .statuses import GRANTABLE, NEGATIVE_MASK, SKILLS, STATUS_IDS

HERE = Path(__file__).parent
JOBS_DIR = HERE / "jobs"

# -- vocabularies --------------------------------------------------------------------

#: How an ability is resolved: no roll (support), an ATK roll, an M.Atk roll.
NONE, PHYSICAL, MAGICAL = 0, 1, 2
ATTACKS = ("none", "physical", "magical")
#: Who may stand on the square an ability is aimed at.
FOE, ALLY, ANY, SELF, FALLEN = range(5)
TARGETS = ("foe", "ally", "any", "self", "fallen")
#: Who an area of effect touches.
HITS_FOES, HITS_ALLIES, HITS_ALL = range(3)
HITS = ("foes", "allies", "all")
#: What the damage or healing of an ability is based on.
STATS = ("none", "dmg", "mdmg")
ELEMENTS = ("none", "fire", "frost", "storm", "earth", "holy", "shadow")
#: Resist types: the two kinds of attack, then the elements (bit i of a resist mask).
RESIST_TYPES = ("physical", "magical", *ELEMENTS[1:])
#: Weapon kinds: melee, and the four ranged kinds of the rulebook.
WEAPON_KINDS = ("melee", "bow", "gun", "xbow", "throw")
MELEE = 0
WEAPON_TYPES = (
    "sword",
    "blade",
    "axe",
    "spear",
    "pike",
    "dagger",
    "staff",
    "rod",
    "fist",
    "bow",
    "gun",
    "xbow",
    "throw",
)
ARMOUR_TYPES = ("heavy", "light", "robe", "shield")
ABILITY_KINDS = ("ja", "spell", "reaction", "support", "movement")
ACTIVE_KINDS = ("ja", "spell")
REACTIONS = ("counter", "vengeance", "auto-tonic")
SUPPORTS = ("two-weapons", "heavy-armour", "magic-boost", "power-boost")
MOVEMENTS = ("stride", "leap", "waterwalk", "levitate")
PASSIVE = {"reaction": REACTIONS, "support": SUPPORTS, "movement": MOVEMENTS}
#: Auto (X, Y) conditions: the start of the unit's turn, being hit, falling to half HP.
AUTO_WHEN = ("turn", "hit", "hurt")
ROLES = ("melee", "ranged", "speed", "support", "healing", "magic", "status")
#: Words of the notation that no content id may be.
RESERVED = frozenset(
    {
        "move",
        "face",
        "fight",
        "ja",
        "magic",
        "item",
        "guard",
        "limit",
        "end",
        "skill",
        "off",
        "job",
        "learn",
        "equip",
        "remove",
        "secondary",
        "ready",
        "none",
        "n",
        "e",
        "s",
        "w",
    }
)


def resist_bit(name: str) -> int:
    return 1 << RESIST_TYPES.index(name)


# -- values ----------------------------------------------------------------------------


class Ability(NamedTuple):
    """A job ability, spell, monster attack or passive (reaction, support, movement) ability."""

    id: str
    name: str
    kind: str
    text: str
    ap: int
    mp: int
    attack: int
    weapon: bool
    damage: int  # STATS index
    bonus: int  # Bases added to the damage
    heal: int  # STATS index
    heal_bonus: int
    range: int
    ae: int
    line: bool
    target: int
    hits: int
    element: int
    statuses: tuple[int, ...]
    cure: int  # status bit mask
    revive: int  # percent of max HP
    knockback: int
    gaze: bool
    restore_mp: int
    effect: str  # the passive effect of reaction/support/movement abilities
    source: str  # "jobs/vanguard.toml" or "monsters.toml"

    @property
    def active(self) -> bool:
        return self.kind in ACTIVE_KINDS

    @property
    def offensive(self) -> bool:
        return self.target == FOE


class Weapon(NamedTuple):
    id: str
    name: str
    type: str
    kind: int  # WEAPON_KINDS index
    dmg: int
    mdmg: int
    range: int
    long: bool
    reach: bool
    two_hand: bool
    element: int
    statuses: tuple[int, ...]
    knockback: int
    text: str

    @property
    def ranged(self) -> bool:
        return self.kind != MELEE


class Armour(NamedTuple):
    id: str
    name: str
    type: str
    hp: int
    mp: int
    eva: int
    def_: int
    def2: int
    meva: int
    mdef: int
    mdef2: int
    text: str


class Ammo(NamedTuple):
    id: str
    name: str
    kind: int  # the weapon kind it feeds
    dmg: int
    element: int
    text: str


class Item(NamedTuple):
    """A consumable used with the Item command."""

    id: str
    name: str
    heal: int
    mp: int
    cure: int
    revive: int
    text: str


class Loadout(NamedTuple):
    weapon: str
    offhand: str
    armour: str
    ammo: str
    items: tuple[str, ...]
    reaction: str
    support: str
    movement: str


class Job(NamedTuple):
    id: str
    name: str
    role: str
    text: str
    hp: int  # per level (Base HP)
    mp: int
    dmg: int  # per level: Base DMG
    mdmg: int  # per level: Base M.Dmg
    atk: int
    matk: int
    eva: int
    def_: int
    def2: int
    meva: int
    mdef: int
    mdef2: int
    mov: int
    jump: int
    skills: tuple[int, int, int, int]
    weapons: tuple[str, ...]
    armours: tuple[str, ...]
    loadout: Loadout
    abilities: tuple[int, ...]  # indices into Pack.abilities
    source: str


class AutoPower(NamedTuple):
    """Auto (X, Y): status X whenever condition Y occurs (default: each turn's start)."""

    status: int
    when: int


@dataclass(frozen=True, slots=True)
class Stats:
    """A stat block, in the rulebook's Game Terms: what a monster's entry in
    ``monsters.toml`` gives, and what a unit fights with (a :class:`~.units.Sheet`
    adds who the unit is). Declared once: :class:`Monster` and ``Sheet`` are stat
    blocks with more."""

    level: int  # LV
    hp: int  # HP (a unit's maximum)
    mp: int  # MP (a unit's maximum)
    dmg: int  # DMG
    mdmg: int  # M.Dmg
    atk: int  # ATK: the size of the physical attack die
    matk: int  # M.Atk: the size of the magical attack die
    eva: int  # EVA
    def_: int  # DEF
    def2: int  # 2DEF
    meva: int  # M.Eva
    mdef: int  # M.Def
    mdef2: int  # 2M.Def
    mov: int  # MOV
    jump: int  # Jump (how many HT it may jump up or down)
    skills: tuple[int, int, int, int]  # the Might, Agility, Lore and Charm dice
    resist: int  # Resist (type): a mask of RESIST_TYPES bits
    immune: int  # a mask of status bits it never gains
    auto: tuple[AutoPower, ...]  # Auto (X, Y) powers
    reaction: str  # its reaction ability's effect ("" for none)
    limit: int  # a monster's own Limit Attack (index into Pack.abilities); -1: a PC's (its weapons)


#: The names of a stat block's numbers, in order (a Sheet or Monster begins with them).
STAT_FIELDS = tuple(f.name for f in fields(Stats))


@dataclass(frozen=True, slots=True)
class Monster(Stats):
    """A monster of ``monsters.toml``: its stat block (its numbers are its own: a monster
    has no job), with its name, natural weapon and special attacks."""

    id: str
    name: str
    text: str
    weapon: Weapon  # its natural attack
    abilities: tuple[int, ...]  # its special attacks (indices into Pack.abilities)
    source: str


#: The gear file's weapons, armours, ammo and items, by id.
Gear = tuple[dict[str, Weapon], dict[str, Armour], dict[str, Ammo], dict[str, Item]]


@dataclass(frozen=True, eq=False)
class Pack:
    """The whole content pack, shared by every game and state."""

    jobs: dict[str, Job]
    monsters: dict[str, Monster]
    abilities: tuple[Ability, ...]
    ability_index: dict[str, int]
    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    ammo: dict[str, Ammo]
    items: dict[str, Item]
    parties: dict[str, tuple[str, ...]]
    foes: dict[str, tuple[str, ...]]
    core: tuple[str, ...]
    #: every gear and item id, for the Item command's notation
    gear_ids: tuple[str, ...] = field(default=())

    def ability(self, ability_id: str) -> Ability:
        return self.abilities[self.ability_index[ability_id]]

    def job_abilities(self, job: str, kinds: tuple[str, ...] = ACTIVE_KINDS) -> list[Ability]:
        return [self.abilities[i] for i in self.jobs[job].abilities if self.abilities[i].kind in kinds]


# -- loading ---------------------------------------------------------------------------


@cache
def pack() -> Pack:
    """The shipped content pack (loaded and checked once)."""
    return load_pack(HERE)


def load_pack(root: Path) -> Pack:
    """Load and check the content pack under ``root``: ``jobs/``, ``gear.toml``, ``monsters.toml``,
    ``presets.toml``."""
    abilities: list[Ability] = []
    index: dict[str, int] = {}
    gear = _load_gear(root / "gear.toml")
    weapons, armours, ammo, items = gear
    jobs: dict[str, Job] = {}
    for path in sorted((root / "jobs").glob("*.toml")):
        job = _JobReader(path, f"jobs/{path.name}", abilities, index, gear).job()
        jobs[job.id] = job
    if not jobs:
        raise ContentError(f"{root / 'jobs'}: no job files (jobs/<id>.toml)")
    monsters = _MonsterReader(root / "monsters.toml", "monsters.toml", abilities, index, gear).monsters()

    parties, foes, core = _load_presets(root / "presets.toml", jobs, monsters)
    gear_ids = (*weapons, *armours, *ammo, *items)

    return Pack(jobs, monsters, tuple(abilities), index, weapons, armours, ammo, items, parties, foes, core, gear_ids)


class _Base:
    def __init__(self, reader: Reader, gear: Gear) -> None:
        self.r = reader
        self.gear = gear

    def statuses(self, t: dict[str, Any], key: str, path: Path_, label: str = "") -> tuple[int, ...]:
        return tuple(STATUS_IDS[s] for s in self.r.choices(t, key, path, GRANTABLE, label))

    def element(self, t: dict[str, Any], path: Path_, label: str = "") -> int:
        return ELEMENTS.index(self.r.choice(t, "element", path, ELEMENTS, "none", label))

    def ability(self, raw: Any, path: Path_, source: str, kinds: tuple[str, ...] = ABILITY_KINDS) -> Ability:
        r = self.r
        name = raw.get("name") if isinstance(raw, dict) else None
        label = repr(name) if isinstance(name, str) else ""
        t = r.table(
            raw,
            path,
            ("id", "name", "kind"),
            (
                "text",
                "ap",
                "mp",
                "attack",
                "weapon",
                "damage",
                "bonus",
                "heal",
                "heal_bonus",
                "range",
                "ae",
                "line",
                "target",
                "hits",
                "element",
                "statuses",
                "cure",
                "revive",
                "knockback",
                "gaze",
                "restore_mp",
                "effect",
            ),
            label,
        )
        aid = r.slug(t, "id", path, label)
        if aid in RESERVED:
            raise r.fail(path, f"{aid!r} is a word of the notation; choose another id", "id", label)
        kind = r.choice(t, "kind", path, kinds, label=label)
        ap = r.integer(t, "ap", path, 0, 999, 0, label)
        common: dict[str, Any] = {
            "id": aid,
            "name": r.text(t, "name", path, label=label),
            "kind": kind,
            "text": r.text(t, "text", path, "", label),
            "ap": ap,
            "source": source,
        }
        if kind in PASSIVE:
            extra = sorted(set(t) - {"id", "name", "kind", "text", "ap", "effect"})
            if extra:
                raise r.fail(path, f"is for jobs and spells; a {kind} ability has only an effect", extra[0], label)
            effect = r.choice(t, "effect", path, PASSIVE[kind], label=label)
            return Ability(
                **common,
                mp=0,
                attack=NONE,
                weapon=False,
                damage=0,
                bonus=0,
                heal=0,
                heal_bonus=0,
                range=0,
                ae=0,
                line=False,
                target=SELF,
                hits=HITS_ALLIES,
                element=0,
                statuses=(),
                cure=0,
                revive=0,
                knockback=0,
                gaze=False,
                restore_mp=0,
                effect=effect,
            )
        if "effect" in t:
            raise r.fail(path, f"is for reaction, support and movement abilities, not a {kind}", "effect", label)
        # "Unless noted otherwise a Spell costs MP = AP needed to learn it."
        mp = r.integer(t, "mp", path, 0, 999, ap if kind == "spell" else 0, label)
        attack = ATTACKS.index(r.choice(t, "attack", path, ATTACKS, "none", label))
        weapon = r.flag(t, "weapon", path, False, label)
        ae = r.integer(t, "ae", path, 0, 4, 0, label)
        # Rulebook "Range": no number listed is RNG 1, or 0 for an AE attack.
        rng = r.integer(t, "range", path, 0, 9, 0 if ae else 1, label)
        target = TARGETS.index(r.choice(t, "target", path, TARGETS, "foe", label))
        default_hits = {FOE: "foes", ALLY: "allies", FALLEN: "allies", SELF: "allies"}.get(target, "all")
        hits = HITS.index(r.choice(t, "hits", path, HITS, default_hits, label))
        damage = STATS.index(r.choice(t, "damage", path, STATS, "none", label))
        heal = STATS.index(r.choice(t, "heal", path, STATS, "none", label))
        cure_names = r.choices(t, "cure", path, ("negative", *GRANTABLE), label)
        cure = 0
        for c in cure_names:
            cure |= NEGATIVE_MASK if c == "negative" else 1 << STATUS_IDS[c]
        if attack == NONE and damage:
            raise r.fail(path, 'needs attack = "physical" or "magical" (damage is rolled for)', "damage", label)
        if weapon and attack != PHYSICAL:
            raise r.fail(path, 'a weapon ability is a physical attack (attack = "physical")', "weapon", label)
        if target == SELF and rng:
            raise r.fail(path, 'must be 0 for an ability aimed at yourself (target = "self")', "range", label)
        return Ability(
            **common,
            mp=mp,
            attack=attack,
            weapon=weapon,
            damage=damage,
            bonus=r.integer(t, "bonus", path, -5, 10, 0, label),
            heal=heal,
            heal_bonus=r.integer(t, "heal_bonus", path, -5, 10, 0, label),
            range=rng,
            ae=ae,
            line=r.flag(t, "line", path, False, label),
            target=target,
            hits=hits,
            element=self.element(t, path, label),
            statuses=self.statuses(t, "statuses", path, label),
            cure=cure,
            revive=r.integer(t, "revive", path, 0, 100, 0, label),
            knockback=r.integer(t, "knockback", path, 0, 3, 0, label),
            gaze=r.flag(t, "gaze", path, False, label),
            restore_mp=r.integer(t, "restore_mp", path, 0, 99, 0, label),
            effect="",
        )

    def add(self, ability: Ability, path: Path_, abilities: list[Ability], index: dict[str, int]) -> int:
        if ability.id in index:
            other = abilities[index[ability.id]]
            raise self.r.fail(path, f"{ability.id!r} is already the id of {other.name!r} ({other.source})", "id")
        index[ability.id] = len(abilities)
        abilities.append(ability)
        return index[ability.id]

    def stats(self, t: dict[str, Any], path: Path_, label: str = "") -> dict[str, Any]:
        r = self.r
        out: dict[str, Any] = {
            "atk": r.die(t, "atk", path, label),
            "matk": r.die(t, "matk", path, label),
            "eva": r.integer(t, "eva", path, 0, 8, label=label),
            "def_": r.integer(t, "def", path, 0, 12, label=label),
            "def2": r.integer(t, "def2", path, 0, 12, label=label),
            "meva": r.integer(t, "meva", path, 0, 8, label=label),
            "mdef": r.integer(t, "mdef", path, 0, 12, label=label),
            "mdef2": r.integer(t, "mdef2", path, 0, 12, label=label),
            "mov": r.integer(t, "mov", path, 1, 8, label=label),
            "jump": r.integer(t, "jump", path, 1, 6, label=label),
            "skills": tuple(r.skill(t, s, path, label) for s in SKILLS),
        }
        # The bands read EVA <= 2DEF <= DEF: a roll at or under 2DEF is a quarter, at or under DEF a half.
        if not out["eva"] <= out["def2"] <= out["def_"]:
            raise r.fail(path, f"must lie between eva ({out['eva']}) and def ({out['def_']})", "def2", label)
        if not out["meva"] <= out["mdef2"] <= out["mdef"]:
            raise r.fail(path, f"must lie between meva ({out['meva']}) and mdef ({out['mdef']})", "mdef2", label)
        return out


class _JobReader(_Base):
    def __init__(self, path: Path, source: str, abilities: list[Ability], index: dict[str, int], gear: Gear) -> None:
        reader, self.data = Reader.open(path, source)
        super().__init__(reader, gear)
        self.path = path
        self.source = source
        self.abilities = abilities
        self.index = index

    def job(self) -> Job:
        r = self.r
        t = r.table(self.data, (), ("id", "name", "role", "stats", "equip", "loadout", "abilities"), ("text",))
        jid = r.slug(t, "id", ())
        if jid != self.path.stem:
            raise r.fail((), f"is {jid!r} but the file is named {self.path.name}", "id")
        st = r.table(
            t["stats"],
            ("stats",),
            (
                "hp",
                "mp",
                "dmg",
                "mdmg",
                "atk",
                "matk",
                "eva",
                "def",
                "def2",
                "meva",
                "mdef",
                "mdef2",
                "mov",
                "jump",
                *SKILLS,
            ),
        )
        per_level: dict[str, Any] = {k: r.integer(st, k, ("stats",), 0, 30) for k in ("hp", "mp", "dmg", "mdmg")}
        if per_level["hp"] < 1:
            raise r.fail(("stats",), "must be at least 1 (HP gained per level)", "hp")
        eq = r.table(t["equip"], ("equip",), ("weapons", "armour"))
        weapons = r.choices(eq, "weapons", ("equip",), WEAPON_TYPES)
        armours = r.choices(eq, "armour", ("equip",), ARMOUR_TYPES)
        raw = t["abilities"]
        if not isinstance(raw, list) or not raw:
            raise r.fail((), "must be a list of [[abilities]] tables", "abilities")
        ids = [
            self.add(self.ability(a, ("abilities", i), self.source), ("abilities", i), self.abilities, self.index)
            for i, a in enumerate(raw)
        ]
        loadout = self.loadout(t["loadout"], weapons, armours, ids)
        return Job(
            id=jid,
            name=r.text(t, "name", ()),
            role=r.choice(t, "role", (), ROLES),
            text=r.text(t, "text", (), ""),
            **per_level,
            **self.stats(st, ("stats",)),
            weapons=weapons,
            armours=armours,
            loadout=loadout,
            abilities=tuple(ids),
            source=self.source,
        )

    def loadout(self, raw: Any, weapons: tuple[str, ...], armours: tuple[str, ...], ids: list[int]) -> Loadout:
        r = self.r
        p = ("loadout",)
        t = r.table(raw, p, ("weapon",), ("offhand", "armour", "ammo", "items", "reaction", "support", "movement"))
        w_table, a_table, ammo_table, item_table = self.gear
        weapon = r.choice(t, "weapon", p, tuple(w_table))
        if w_table[weapon].type not in weapons:
            raise r.fail(p, f"{weapon!r} is a {w_table[weapon].type}; this job equips {', '.join(weapons)}", "weapon")
        offhand = r.choice(t, "offhand", p, ("", *w_table, *(a for a in a_table if a_table[a].type == "shield")), "")
        if offhand in a_table and "shield" not in armours:
            raise r.fail(p, "is a shield, but this job's armour list has no 'shield'", "offhand")
        armour = r.choice(t, "armour", p, ("", *(a for a in a_table if a_table[a].type != "shield")), "")
        if armour and a_table[armour].type not in armours:
            raise r.fail(
                p, f"{armour!r} is {a_table[armour].type} armour; this job wears {', '.join(armours)}", "armour"
            )
        ammo = r.choice(t, "ammo", p, ("", *ammo_table), "")
        # Consumables, and spare weapons, shields and ammo for the Item command's switch.
        spares = (*w_table, *(a for a in a_table if a_table[a].type == "shield"), *ammo_table)
        items = r.choices(t, "items", p, (*item_table, *spares))
        known = {self.abilities[i].id: self.abilities[i] for i in ids}
        slots = {}
        for slot in ("reaction", "support", "movement"):
            value = r.choice(t, slot, p, ("", *(a for a in known if known[a].kind == slot)), "")
            slots[slot] = value
        return Loadout(weapon, offhand, armour, ammo, items, **slots)


class _MonsterReader(_Base):
    def __init__(self, path: Path, source: str, abilities: list[Ability], index: dict[str, int], gear: Gear) -> None:
        reader, self.data = Reader.open(path, source)
        super().__init__(reader, gear)
        self.source = source
        self.abilities = abilities
        self.index = index

    def monsters(self) -> dict[str, Monster]:
        r = self.r
        t = r.table(self.data, (), ("monster",))
        raw = t["monster"]
        if not isinstance(raw, list) or not raw:
            raise r.fail((), "must be a list of [[monster]] tables", "monster")
        out: dict[str, Monster] = {}
        for i, m in enumerate(raw):
            monster = self.monster(m, ("monster", i))
            if monster.id in out:
                raise r.fail(("monster", i), f"two monsters have the id {monster.id!r}", "id")
            out[monster.id] = monster
        return out

    def monster(self, raw: Any, p: Path_) -> Monster:
        r = self.r
        name = raw.get("name") if isinstance(raw, dict) else None
        label = repr(name) if isinstance(name, str) else ""
        keys = ("hp", "mp", "dmg", "mdmg", "atk", "matk", "eva", "def", "def2", "meva", "mdef", "mdef2", "mov", "jump")
        t = r.table(
            raw,
            p,
            ("id", "name", "level", *keys, *SKILLS, "weapon", "limit"),
            ("text", "resist", "immune", "auto", "reaction", "abilities"),
            label,
        )
        mid = r.slug(t, "id", p, label)
        resist = 0
        for name_ in r.choices(t, "resist", p, RESIST_TYPES, label):
            resist |= resist_bit(name_)
        immune = 0
        for name_ in r.choices(t, "immune", p, GRANTABLE, label):
            immune |= 1 << STATUS_IDS[name_]
        autos = []
        raw_auto = t.get("auto", [])
        if not isinstance(raw_auto, list):
            raise r.fail(p, "must be a list of { status = ..., when = ... } tables", "auto", label)
        for j, a in enumerate(raw_auto):
            at = r.table(a, (*p, "auto", j), ("status",), ("when",), label)
            autos.append(
                AutoPower(
                    STATUS_IDS[r.choice(at, "status", (*p, "auto", j), GRANTABLE, label=label)],
                    AUTO_WHEN.index(r.choice(at, "when", (*p, "auto", j), AUTO_WHEN, "turn", label)),
                )
            )
        weapon = _weapon(r, t["weapon"], (*p, "weapon"), natural=True)
        ids = []
        raw_ab = t.get("abilities", [])
        if not isinstance(raw_ab, list):
            raise r.fail(p, "must be a list of [[monster.abilities]] tables", "abilities", label)
        for j, a in enumerate(raw_ab):
            ap = (*p, "abilities", j)
            ids.append(self.add(self.ability(a, ap, self.source, ACTIVE_KINDS), ap, self.abilities, self.index))
        lp = (*p, "limit")
        limit = self.ability(t["limit"], lp, self.source, ACTIVE_KINDS)
        if limit.attack == NONE:
            raise r.fail(lp, 'a Limit Attack is an attack: attack = "physical" or "magical"', "attack", label)
        limit_id = self.add(limit, lp, self.abilities, self.index)
        return Monster(
            id=mid,
            name=r.text(t, "name", p, label=label),
            level=r.integer(t, "level", p, 1, 10, label=label),
            text=r.text(t, "text", p, "", label),
            hp=r.integer(t, "hp", p, 1, 999, label=label),
            mp=r.integer(t, "mp", p, 0, 999, label=label),
            dmg=r.integer(t, "dmg", p, 0, 99, label=label),
            mdmg=r.integer(t, "mdmg", p, 0, 99, label=label),
            **self.stats(t, p, label),
            resist=resist,
            immune=immune,
            auto=tuple(autos),
            reaction=r.choice(t, "reaction", p, ("", *REACTIONS), "", label),
            weapon=weapon,
            abilities=tuple(ids),
            limit=limit_id,
            source=self.source,
        )


def _weapon(r: Reader, raw: Any, p: Path_, natural: bool = False) -> Weapon:
    name = raw.get("name") if isinstance(raw, dict) else None
    label = repr(name) if isinstance(name, str) else ""
    req = ("name",) if natural else ("id", "name", "type")
    t = r.table(
        raw,
        p,
        req,
        (
            "kind",
            "dmg",
            "mdmg",
            "range",
            "traits",
            "element",
            "statuses",
            "knockback",
            "text",
            *(("id", "type") if natural else ()),
        ),
        label,
    )
    kind = WEAPON_KINDS.index(r.choice(t, "kind", p, WEAPON_KINDS, "melee", label))
    traits = r.choices(t, "traits", p, ("long", "reach", "two-hand"), label)
    rng = r.integer(t, "range", p, 1, 9, 2 if ("long" in traits or "reach" in traits) else 1, label)
    if kind == MELEE and rng > 1 and not ("long" in traits or "reach" in traits):
        raise r.fail(p, "a melee weapon has RNG 1 unless it is long or reach (traits)", "range", label)
    if ("long" in traits or "reach" in traits) and (kind != MELEE or rng != 2):
        raise r.fail(p, "long and reach weapons are melee weapons with RNG 2", "traits", label)
    return Weapon(
        id=r.slug(t, "id", p, label) if not natural else "natural",
        name=r.text(t, "name", p, label=label),
        type=r.choice(t, "type", p, WEAPON_TYPES, label=label) if not natural else "fist",
        kind=kind,
        dmg=r.integer(t, "dmg", p, 0, 30, 0, label),
        mdmg=r.integer(t, "mdmg", p, 0, 30, 0, label),
        range=rng,
        long="long" in traits,
        reach="reach" in traits,
        two_hand="two-hand" in traits,
        element=ELEMENTS.index(r.choice(t, "element", p, ELEMENTS, "none", label)),
        statuses=tuple(STATUS_IDS[s] for s in r.choices(t, "statuses", p, GRANTABLE, label)),
        knockback=r.integer(t, "knockback", p, 0, 3, 0, label),
        text=r.text(t, "text", p, "", label),
    )


def _load_gear(path: Path) -> Gear:
    r, data = Reader.open(path, "gear.toml")
    t = r.table(data, (), ("weapon", "armour", "ammo", "item"))
    seen: dict[str, str] = {}

    def entries(key: str) -> list[tuple[Path_, dict[str, Any]]]:
        raw = t[key]
        if not isinstance(raw, list) or not raw:
            raise r.fail((), f"must be a list of [[{key}]] tables", key)
        out: list[tuple[Path_, dict[str, Any]]] = []
        for i, e in enumerate(raw):
            p: Path_ = (key, i)
            if not isinstance(e, dict):
                raise r.fail(p, f"must be a table, got {e!r}")
            gid = r.slug(e, "id", p)
            if gid in RESERVED:
                raise r.fail(p, f"{gid!r} is a word of the notation; choose another id", "id")
            if gid in seen:
                raise r.fail(p, f"{gid!r} is already the id of a {seen[gid]} (gear and item ids are unique)", "id")
            seen[gid] = key
            out.append((p, e))
        return out

    weapons: dict[str, Weapon] = {}
    for p, e in entries("weapon"):
        w = _weapon(r, e, p)
        if w.kind != MELEE and w.type not in ("bow", "gun", "xbow", "throw"):
            raise r.fail(p, f"a {WEAPON_KINDS[w.kind]} weapon has type bow, gun, xbow or throw", "type")
        weapons[w.id] = w
    armours: dict[str, Armour] = {}
    for p, e in entries("armour"):
        a = r.table(e, p, ("id", "name", "type"), ("hp", "mp", "eva", "def", "def2", "meva", "mdef", "mdef2", "text"))
        n = {
            k: r.integer(a, k, p, 0, 60 if k in ("hp", "mp") else 4, 0)
            for k in ("hp", "mp", "eva", "def", "def2", "meva", "mdef", "mdef2")
        }
        armours[a["id"]] = Armour(
            id=a["id"],
            name=r.text(a, "name", p),
            type=r.choice(a, "type", p, ARMOUR_TYPES),
            hp=n["hp"],
            mp=n["mp"],
            eva=n["eva"],
            def_=n["def"],
            def2=n["def2"],
            meva=n["meva"],
            mdef=n["mdef"],
            mdef2=n["mdef2"],
            text=r.text(a, "text", p, ""),
        )
    ammo: dict[str, Ammo] = {}
    for p, e in entries("ammo"):
        a = r.table(e, p, ("id", "name", "for"), ("dmg", "element", "text"))
        kind = r.choice(a, "for", p, WEAPON_KINDS[1:])
        ammo[a["id"]] = Ammo(
            a["id"],
            r.text(a, "name", p),
            WEAPON_KINDS.index(kind),
            r.integer(a, "dmg", p, 0, 10, 0),
            ELEMENTS.index(r.choice(a, "element", p, ELEMENTS, "none")),
            r.text(a, "text", p, ""),
        )
    items: dict[str, Item] = {}
    for p, e in entries("item"):
        a = r.table(e, p, ("id", "name"), ("heal", "mp", "cure", "revive", "text"))
        cure = 0
        for c in r.choices(a, "cure", p, ("negative", *GRANTABLE)):
            cure |= NEGATIVE_MASK if c == "negative" else 1 << STATUS_IDS[c]
        item = Item(
            a["id"],
            r.text(a, "name", p),
            r.integer(a, "heal", p, 0, 999, 0),
            r.integer(a, "mp", p, 0, 99, 0),
            cure,
            r.integer(a, "revive", p, 0, 100, 0),
            r.text(a, "text", p, ""),
        )
        if not (item.heal or item.mp or item.cure or item.revive):
            raise r.fail(p, "an item must heal, restore MP, cure or revive (none of heal, mp, cure, revive is set)")
        items[item.id] = item
    return weapons, armours, ammo, items


def _load_presets(
    path: Path, jobs: dict[str, Job], monsters: dict[str, Monster]
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]], tuple[str, ...]]:
    r, data = Reader.open(path, "presets.toml")
    t = r.table(data, (), ("parties", "foes", "core"))
    parties: dict[str, tuple[str, ...]] = {}
    pt = r.table(t["parties"], ("parties",), (), tuple(t["parties"]) if isinstance(t["parties"], dict) else ())
    for name in pt:
        parties[name] = r.choices(pt, name, ("parties",), tuple(jobs))
        if not 1 <= len(parties[name]) <= 6:
            raise r.fail(("parties",), "must list 1 to 6 jobs", name)
    ft = r.table(t["foes"], ("foes",), (), tuple(t["foes"]) if isinstance(t["foes"], dict) else ())
    foes: dict[str, tuple[str, ...]] = {}
    for name in ft:
        foes[name] = r.choices(ft, name, ("foes",), tuple(monsters))
        if not 1 <= len(foes[name]) <= 8:
            raise r.fail(("foes",), "must list 1 to 8 monsters", name)
    core = r.choices(t, "core", (), tuple(jobs))
    return parties, foes, core


__all__ = [
    "ALLY",
    "ANY",
    "ELEMENTS",
    "FALLEN",
    "FOE",
    "MAGICAL",
    "NONE",
    "PHYSICAL",
    "SELF",
    "STAT_FIELDS",
    "Ability",
    "Ammo",
    "Armour",
    "ContentError",
    "Item",
    "Job",
    "Monster",
    "Pack",
    "Stats",
    "Weapon",
    "load_pack",
    "pack",
]
