"""Units: what a unit is made of (:class:`Build`, named by positions and campaign
files) and its stat block for a battle (:class:`Sheet`: a :class:`~.content.Stats`
with who the unit is), computed once.

A character's HP, MP, DMG and M.Dmg add up, level by level, what its job of
that level gains per level (rulebook: "use the table for the current job in
the battle that awarded the XP"); its dice, thresholds, MOV, Jump and skills
are its current job's, with its body armour. A monster's numbers are its own.

>>> b = preset_build("vanguard", 3)
>>> s = sheet_of(b, side=0, seat=0)
>>> s.hp, s.dmg, s.base_dmg, s.atk     # 3 x 8 HP + plate 5; 3 x 3 DMG; d8
(29, 9, 3, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from comboarena.core import ComboArenaError

from .content import ACTIVE_KINDS, PASSIVE, STAT_FIELDS, Stats, Weapon, pack
from .rewards import XP_MIN

PC, MONSTER = 0, 1
MAX_LEVEL = 10


class BuildError(ComboArenaError):
    """A unit that cannot be built as described (unknown job, gear it cannot use...)."""


class Build(NamedTuple):
    """Everything fixed about a unit for a battle; JSON-safe as a dict (:meth:`to_json`)."""

    name: str
    kind: int  # PC or MONSTER
    ref: str  # job id or monster id
    level: int
    history: tuple[str, ...]  # PCs: the job of each level gained (level 1 first)
    secondary: str
    learned: tuple[str, ...]  # PCs: every ability learned, of any job
    reaction: str
    support: str
    movement: str
    weapon: str
    offhand: str
    armour: str
    ammo: str
    items: tuple[str, ...]  # carried at the start: consumables and spare gear

    def to_json(self) -> dict[str, Any]:
        """The build as JSON data (a fresh dict each time)."""
        cached = _JSON.get(self)
        if cached is None:
            cached = _JSON[self] = self._to_json()
        return {k: v[:] if isinstance(v, list) else v for k, v in cached.items()}

    def _to_json(self) -> dict[str, Any]:
        if self.kind == MONSTER:
            return {"name": self.name, "monster": self.ref}
        out: dict[str, Any] = {"name": self.name, "job": self.ref, "level": self.level}
        # Only what differs from the preset character of that job and level is written.
        base = preset_build(self.ref, self.level)
        for key in BUILD_CHOICES:
            value = getattr(self, key)
            if value != getattr(base, key):
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


_JSON: dict[Build, dict[str, Any]] = {}


#: A PC build's choices after its job and level: what a build file may set, and what
#: its JSON writes where it differs from the preset character.
BUILD_CHOICES = Build._fields[4:]


@dataclass(frozen=True, slots=True)
class Sheet(Stats):
    """A unit's stat block for one battle (:class:`~.content.Stats`: a monster's own, or a
    character's worked out from its jobs and gear), with who the unit is."""

    build: Build
    side: int
    seat: int
    kind: int  # PC or MONSTER
    title: str  # the job's or monster's name
    base_dmg: int  # Base DMG: what the current job gains per level (a monster: DMG / LV, rounded up)
    base_mdmg: int  # Base M.Dmg, likewise
    support: str  # its support ability's effect ("" for none)
    movement: str  # its movement ability's effect ("" for none)
    actives: tuple[int, ...]  # usable JAs and spells (indices into the pack's abilities)
    natural: Weapon | None  # a monster's natural attack
    weapon_types: tuple[str, ...]
    armour_types: tuple[str, ...]

    @property
    def levitate(self) -> bool:
        return self.movement == "levitate"

    @property
    def waterwalk(self) -> bool:
        return self.movement == "waterwalk"

    @property
    def two_weapons(self) -> bool:
        return self.support == "two-weapons"


def ap_budget(level: int) -> int:
    """The AP a preset character of ``level`` has spent on its job: the XP that the
    next level needs (so a level-3 character knows every ability of up to 100 AP)."""
    return XP_MIN[level + 1] if level < MAX_LEVEL else XP_MIN[MAX_LEVEL] + 1000


def preset_build(job_id: str, level: int, name: str = "") -> Build:
    """A character of ``job_id`` at ``level`` that has earned every level in that job:
    it knows the job's abilities its AP budget covers and carries the job's loadout."""
    p = pack()
    if job_id not in p.jobs:
        raise BuildError(f"no job {job_id!r}; the jobs are {', '.join(p.jobs)}")
    if not 1 <= level <= MAX_LEVEL:
        raise BuildError(f"level {level} is out of range (1 to {MAX_LEVEL})")
    job = p.jobs[job_id]
    budget = ap_budget(level)
    learned = tuple(p.abilities[i].id for i in job.abilities if p.abilities[i].ap <= budget)
    lo = job.loadout
    slots = {k: (getattr(lo, k) if getattr(lo, k) in learned else "") for k in ("reaction", "support", "movement")}
    offhand = lo.offhand
    if offhand in p.weapons:
        # A second weapon needs the two-weapons support ability: equip it if known, else carry no second weapon.
        twin = [a for a in learned if p.ability(a).effect == "two-weapons"]
        if twin:
            slots["support"] = twin[0]
        else:
            offhand = ""
    return Build(
        name=name or job.name,
        kind=PC,
        ref=job_id,
        level=level,
        history=(job_id,) * level,
        secondary="",
        learned=learned,
        **slots,
        weapon=lo.weapon,
        offhand=offhand,
        armour=lo.armour,
        ammo=lo.ammo,
        items=lo.items,
    )


def monster_build(monster_id: str, name: str = "") -> Build:
    p = pack()
    if monster_id not in p.monsters:
        raise BuildError(f"no monster {monster_id!r}; the monsters are {', '.join(p.monsters)}")
    m = p.monsters[monster_id]
    return Build(name or m.name, MONSTER, monster_id, m.level, (), "", (), m.reaction, "", "", "", "", "", "", ())


_BUILDS: dict[tuple[Any, ...], Build] = {}


def _build_key(data: dict[str, Any]) -> tuple[Any, ...]:
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in data.items())


def build_from_json(data: Any, where: str) -> Build:
    """Read :meth:`Build.to_json`'s form (checked); raises :class:`BuildError` naming ``where``.
    Builds read before are remembered (views are read back often by search agents)."""
    if isinstance(data, dict):
        try:
            key = _build_key(data)
            got = _BUILDS.get(key)
        except TypeError:
            got = key = None
        if got is not None:
            return got
        build = _build_from_json(data, where)
        if key is not None and len(_BUILDS) < 100_000:
            _BUILDS[key] = build
        return build
    return _build_from_json(data, where)


def _build_from_json(data: Any, where: str) -> Build:
    if not isinstance(data, dict):
        raise BuildError(f"{where} must be an object with a job (and level) or a monster")
    if "monster" in data:
        extra = sorted(set(data) - {"name", "monster"})
        if extra:
            raise BuildError(f"{where}: unknown field {extra[0]!r} for a monster (fields: name, monster)")
        return monster_build(_text(data, "monster", where), _text(data, "name", where, ""))
    allowed = {"name", "job", "level", *BUILD_CHOICES}
    extra = sorted(set(data) - allowed)
    if extra:
        raise BuildError(f"{where}: unknown field {extra[0]!r}; the fields are {', '.join(sorted(allowed))}")
    job = _text(data, "job", where)
    level = data.get("level", 1)
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= MAX_LEVEL:
        raise BuildError(f"{where}.level must be a whole number from 1 to {MAX_LEVEL}, got {level!r}")
    base = preset_build(job, level, _text(data, "name", where, ""))
    fields: dict[str, Any] = {}
    for key in ("secondary", "reaction", "support", "movement", "weapon", "offhand", "armour", "ammo"):
        if key in data:
            fields[key] = _text(data, key, where, "")
    for key in ("history", "learned", "items"):
        if key in data:
            value = data[key]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise BuildError(f"{where}.{key} must be a list of ids")
            fields[key] = tuple(value)
    build = base._replace(**fields)
    check_build(build, where)
    return build


def _text(data: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise BuildError(f"{where}.{key} must be a text, got {value!r}")
    return value


def check_build(b: Build, where: str) -> None:
    """Refuse a character that the content does not allow (raises :class:`BuildError`)."""
    if b.kind == MONSTER:
        return
    p = pack()
    job = p.jobs.get(b.ref)
    if job is None:
        raise BuildError(f"{where}.job: no job {b.ref!r}; the jobs are {', '.join(p.jobs)}")
    if len(b.history) != b.level or any(h not in p.jobs for h in b.history):
        raise BuildError(f"{where}.history must name a job for each of the {b.level} levels")
    for a in b.learned:
        if a not in p.ability_index or p.ability(a).source == "monsters.toml":
            raise BuildError(f"{where}.learned: {a!r} is not an ability of any job")
    if b.secondary and (b.secondary not in p.jobs or b.secondary == b.ref):
        raise BuildError(f"{where}.secondary must be another job than {b.ref!r} (or empty), got {b.secondary!r}")
    for slot in PASSIVE:
        value = getattr(b, slot)
        if value and (value not in b.learned or p.ability(value).kind != slot):
            raise BuildError(f"{where}.{slot}: {value!r} is not a learned {slot} ability")
    weapons_ok = set(job.weapons)
    armour_ok = set(job.armours) | ({"heavy"} if _effect(b, "heavy-armour") else set())
    w = p.weapons.get(b.weapon)
    if w is None or w.type not in weapons_ok:
        raise BuildError(
            f"{where}.weapon: {b.weapon!r} is not a weapon a {job.name} can use ({', '.join(job.weapons)})"
        )
    if b.offhand:
        if b.offhand in p.weapons:
            ow = p.weapons[b.offhand]
            if not _effect(b, "two-weapons"):
                raise BuildError(f"{where}.offhand: a second weapon needs the two-weapons support ability equipped")
            if ow.type not in weapons_ok or ow.two_hand or w.two_hand:
                raise BuildError(f"{where}.offhand: {b.offhand!r} cannot be wielded beside {b.weapon!r}")
        elif b.offhand in p.armours and p.armours[b.offhand].type == "shield":
            if "shield" not in armour_ok or w.two_hand:
                raise BuildError(f"{where}.offhand: a {job.name} with {b.weapon!r} cannot carry a shield")
        else:
            raise BuildError(f"{where}.offhand: {b.offhand!r} is not a weapon or a shield")
    if b.armour and (b.armour not in p.armours or p.armours[b.armour].type not in armour_ok - {"shield"}):
        raise BuildError(f"{where}.armour: {b.armour!r} is not body armour a {job.name} can wear")
    if b.ammo and b.ammo not in p.ammo:
        raise BuildError(f"{where}.ammo: no ammo {b.ammo!r}")
    for item in b.items:
        if item not in p.items and item not in p.weapons and item not in p.armours and item not in p.ammo:
            raise BuildError(f"{where}.items: no item or gear {item!r}")


def _effect(b: Build, effect: str) -> bool:
    p = pack()
    return b.support in p.ability_index and p.ability(b.support).effect == effect


def _passive_effect(name: str) -> str:
    return pack().ability(name).effect if name else ""


@cache
def sheet_of(build: Build, side: int, seat: int) -> Sheet:
    """The stat block of ``build`` (cached: builds are values)."""
    p = pack()
    if build.kind == MONSTER:
        m = p.monsters[build.ref]
        return Sheet(
            **{name: getattr(m, name) for name in STAT_FIELDS},
            build=build,
            side=side,
            seat=seat,
            kind=MONSTER,
            title=m.name,
            base_dmg=max(1, -(-m.dmg // m.level)),
            base_mdmg=max(1, -(-m.mdmg // m.level)),
            support="",
            movement="",
            actives=m.abilities,
            natural=m.weapon,
            weapon_types=("fist",),
            armour_types=(),
        )
    job = p.jobs[build.ref]
    hist = [p.jobs[h] for h in build.history]
    hp = sum(j.hp for j in hist)
    mp = sum(j.mp for j in hist)
    dmg = sum(j.dmg for j in hist)
    mdmg = sum(j.mdmg for j in hist)
    support = _passive_effect(build.support)
    if support == "power-boost":
        dmg += (job.dmg + 1) // 2
    elif support == "magic-boost":
        mdmg += job.mdmg
    eva, d, d2, meva, md, md2 = job.eva, job.def_, job.def2, job.meva, job.mdef, job.mdef2
    if build.armour:
        a = p.armours[build.armour]
        hp += a.hp
        mp += a.mp
        eva, d, d2, meva, md, md2 = eva + a.eva, d + a.def_, d2 + a.def2, meva + a.meva, md + a.mdef, md2 + a.mdef2
    lists = {job.id, build.secondary} - {""}
    actives = tuple(
        p.ability_index[a]
        for a in build.learned
        if p.ability(a).kind in ACTIVE_KINDS and any(p.ability_index[a] in p.jobs[j].abilities for j in lists)
    )
    movement = _passive_effect(build.movement)
    return Sheet(
        level=build.level,
        hp=hp,
        mp=mp,
        dmg=dmg,
        mdmg=mdmg,
        atk=job.atk,
        matk=job.matk,
        eva=eva,
        def_=d,
        def2=d2,
        meva=meva,
        mdef=md,
        mdef2=md2,
        mov=job.mov + (1 if movement == "stride" else 0),
        jump=job.jump + (1 if movement == "leap" else 0),
        skills=job.skills,
        resist=0,
        immune=0,
        auto=(),
        reaction=_passive_effect(build.reaction),
        limit=-1,
        build=build,
        side=side,
        seat=seat,
        kind=PC,
        title=job.name,
        base_dmg=job.dmg,
        base_mdmg=job.mdmg,
        support=support,
        movement=movement,
        actives=actives,
        natural=None,
        weapon_types=job.weapons,
        armour_types=job.armours + (("heavy",) if support == "heavy-armour" else ()),
    )


__all__ = [
    "MONSTER",
    "PC",
    "Build",
    "BuildError",
    "Sheet",
    "build_from_json",
    "monster_build",
    "preset_build",
    "sheet_of",
]
