"""Units: what a unit is made of (:class:`Build`, named by positions and campaign
files) and the stat block the rules read (:class:`Sheet`), computed once.

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

from functools import cache
from typing import Any, NamedTuple

from comboarena.core import ComboArenaError

from .content import ACTIVE_KINDS, PASSIVE, AutoPower, Weapon, pack
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
        for key in (
            "history",
            "secondary",
            "learned",
            "reaction",
            "support",
            "movement",
            "weapon",
            "offhand",
            "armour",
            "ammo",
            "items",
        ):
            value = getattr(self, key)
            if value != getattr(base, key):
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


_JSON: dict[Build, dict[str, Any]] = {}


class Sheet(NamedTuple):
    """A unit's numbers for one battle (plus its side and seat)."""

    build: Build
    side: int
    seat: int
    kind: int
    title: str  # the job's or monster's name
    level: int
    hp: int
    mp: int
    dmg: int
    mdmg: int
    base_dmg: int
    base_mdmg: int
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
    resist: int
    immune: int
    auto: tuple[AutoPower, ...]
    reaction: str
    support: str
    movement: str
    actives: tuple[int, ...]  # usable JAs and spells (indices into the pack's abilities)
    limit: int  # a monster's Limit Attack (ability index); -1: a PC's (its weapons)
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
    allowed = {
        "name",
        "job",
        "level",
        "history",
        "secondary",
        "learned",
        "reaction",
        "support",
        "movement",
        "weapon",
        "offhand",
        "armour",
        "ammo",
        "items",
    }
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
            build,
            side,
            seat,
            MONSTER,
            m.name,
            m.level,
            m.hp,
            m.mp,
            m.dmg,
            m.mdmg,
            max(1, -(-m.dmg // m.level)),
            max(1, -(-m.mdmg // m.level)),
            m.atk,
            m.matk,
            m.eva,
            m.def_,
            m.def2,
            m.meva,
            m.mdef,
            m.mdef2,
            m.mov,
            m.jump,
            m.skills,
            m.resist,
            m.immune,
            m.auto,
            m.reaction,
            "",
            "",
            m.abilities,
            m.limit,
            m.weapon,
            ("fist",),
            (),
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
    mov = job.mov + (1 if movement == "stride" else 0)
    jump = job.jump + (1 if movement == "leap" else 0)
    armours = job.armours + (("heavy",) if support == "heavy-armour" else ())
    return Sheet(
        build,
        side,
        seat,
        PC,
        job.name,
        build.level,
        hp,
        mp,
        dmg,
        mdmg,
        job.dmg,
        job.mdmg,
        job.atk,
        job.matk,
        eva,
        d,
        d2,
        meva,
        md,
        md2,
        mov,
        jump,
        job.skills,
        0,
        0,
        (),
        _passive_effect(build.reaction),
        support,
        movement,
        actives,
        -1,
        None,
        job.weapons,
        armours,
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
