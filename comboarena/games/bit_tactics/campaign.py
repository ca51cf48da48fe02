"""Campaigns: linked battles whose XP, AP, levels, learned abilities and job
changes carry over, kept in a campaign file (TOML) a person can edit, continue
and share.

A campaign file names its battles (map and foes) and its party; each unit has
its job, XP (its level follows from the XP table), the job of each level gained
(``history``), AP per job, the abilities it has learned, its secondary job and
its equipped reaction/support/movement abilities, and the Limit it carries
("in ... linked encounters Limit instead is halved after each battle"). ``next``
is the battle to fight next. :func:`campaign_text` writes the file back, and
:func:`inline_campaign` the option value by which a game begun from a file
carries the campaign itself (so its record replays without the file).

>>> c = find_campaign("first-march")
>>> len(c.battles), [u.name for u in c.roster], c.next
(2, ['ada', 'bram', 'cass', 'dell'], 1)
>>> parse_campaign_text(campaign_text(c), "again.toml", "first-march")._replace(source=c.source) == c
True
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from .content import ACTIVE_KINDS, PASSIVE, RESERVED, pack
from .datafile import ContentError, Reader, toml_lines
from .maps import find_map
from .rewards import level_for
from .units import Build, BuildError, check_build, preset_build

CAMPAIGNS_DIR = Path(__file__).with_name("campaigns")


class CampaignBattle(NamedTuple):
    map: str
    foes: tuple[str, ...]
    title: str
    text: str


class RosterUnit(NamedTuple):
    """A party member between battles."""

    name: str
    job: str
    secondary: str
    reaction: str
    support: str
    movement: str
    xp: int
    history: tuple[str, ...]  # the job of each level gained
    ap: tuple[tuple[str, int], ...]  # AP per job (jobs in pack order)
    learned: tuple[str, ...]
    limit: int

    @property
    def level(self) -> int:
        return len(self.history)

    def ap_of(self, job: str) -> int:
        return dict(self.ap).get(job, 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "job": self.job,
            "secondary": self.secondary,
            "reaction": self.reaction,
            "support": self.support,
            "movement": self.movement,
            "xp": self.xp,
            "history": list(self.history),
            "ap": {j: n for j, n in self.ap},
            "learned": list(self.learned),
            "limit": self.limit,
        }


class Campaign(NamedTuple):
    id: str
    title: str
    text: str
    battles: tuple[CampaignBattle, ...]
    roster: tuple[RosterUnit, ...]
    next: int  # 1-based
    xp_table: str
    source: str


def roster_build(r: RosterUnit) -> Build:
    """The unit a roster member fields: its current job's loadout, its learned abilities."""
    base = preset_build(r.job, r.level, r.name)
    p = pack()
    offhand = base.offhand
    two = r.support and p.ability(r.support).effect == "two-weapons"
    lo = p.jobs[r.job].loadout
    if lo.offhand in p.weapons:
        offhand = lo.offhand if two else ""
    build = base._replace(
        history=r.history,
        secondary=r.secondary,
        learned=r.learned,
        reaction=r.reaction,
        support=r.support,
        movement=r.movement,
        offhand=offhand,
    )
    return build


def _ap_tuple(ap: dict[str, int]) -> tuple[tuple[str, int], ...]:
    order = list(pack().jobs)
    return tuple((j, ap[j]) for j in order if ap.get(j, 0))


def roster_from_json(data: Any, where: str, xp_table: str = "table") -> RosterUnit:
    """Read :meth:`RosterUnit.to_json`'s form (positions); raises :class:`BuildError`."""
    if not isinstance(data, dict):
        raise BuildError(f"{where} must be an object (a party member)")
    allowed = set(RosterUnit._fields)
    extra = sorted(set(data) - allowed)
    if extra:
        raise BuildError(f"{where}: unknown field {extra[0]!r}; the fields are {', '.join(sorted(allowed))}")
    try:
        return _roster_unit(data, where, xp_table, lambda key, msg: BuildError(f"{where}.{key} {msg}"))
    except KeyError as exc:
        raise BuildError(f"{where} is missing the field {exc.args[0]!r}") from None


def _roster_unit(t: dict[str, Any], where: str, xp_table: str, fail: Any) -> RosterUnit:
    p = pack()
    name = t["name"]
    if not isinstance(name, str) or not name.isascii() or not name.replace("-", "").isalnum() or not name.islower():
        raise fail("name", f"must be a lowercase word (letters, digits, '-'; it is used in commands), got {name!r}")
    if name in RESERVED or name in p.jobs or name in p.ability_index:
        raise fail("name", f"{name!r} is a word of the notation, a job or an ability; choose another name")
    job = t["job"]
    if job not in p.jobs:
        raise fail("job", f"must be one of {', '.join(p.jobs)}, got {job!r}")
    xp = t.get("xp", 0)
    if not isinstance(xp, int) or isinstance(xp, bool) or not 0 <= xp <= 99999:
        raise fail("xp", f"must be a whole number from 0 to 99999, got {xp!r}")
    level = level_for(xp, xp_table)
    history = t.get("history", [job] * level)
    if not isinstance(history, list) or len(history) != level or any(h not in p.jobs for h in history):
        raise fail("history", f"must list a job for each of the {level} levels that {xp} XP gives")
    ap_raw = t.get("ap", {})
    if not isinstance(ap_raw, dict) or any(
        j not in p.jobs or not isinstance(n, int) or isinstance(n, bool) or n < 0 for j, n in ap_raw.items()
    ):
        raise fail("ap", "must map job ids to whole numbers of AP >= 0, e.g. { vanguard = 12 }")
    learned = t.get("learned")
    if learned is None:
        learned = list(preset_build(job, level).learned)
    if not isinstance(learned, list) or any(not isinstance(a, str) or a not in p.ability_index for a in learned):
        raise fail("learned", "must list ability ids of the jobs")
    for a in learned:
        if p.ability(a).source == "monsters.toml":
            raise fail("learned", f"{a!r} is a monster's ability")
    slots = {}
    for slot in PASSIVE:
        value = t.get(slot, "")
        if value and (value not in learned or p.ability(value).kind != slot):
            raise fail(slot, f"must be a learned {slot} ability (or empty), got {value!r}")
        slots[slot] = value
    secondary = t.get("secondary", "")
    if secondary and (secondary not in p.jobs or secondary == job):
        raise fail("secondary", f"must be another job (or empty), got {secondary!r}")
    limit = t.get("limit", 0)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 0 <= limit <= 20:
        raise fail("limit", f"must be a whole number from 0 to 20, got {limit!r}")
    r = RosterUnit(
        name,
        job,
        secondary,
        slots["reaction"],
        slots["support"],
        slots["movement"],
        xp,
        tuple(history),
        _ap_tuple(ap_raw),
        tuple(learned),
        limit,
    )
    check_build(roster_build(r), where)
    return r


def parse_campaign_text(text: str, source: str, campaign_id: str) -> Campaign:
    """Read a campaign file's text; errors name the file, the line and the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source}: not valid TOML: {exc}") from None
    r = Reader(source, toml_lines(text))
    t = r.table(data, (), ("title", "battle", "unit"), ("text", "next", "xp_table"))
    xp_table = r.choice(t, "xp_table", (), ("table", "text"), "table")
    battles = []
    raw_b = t["battle"]
    if not isinstance(raw_b, list) or not raw_b:
        raise r.fail((), "must be a list of [[battle]] tables", "battle")
    p = pack()
    for i, bt in enumerate(raw_b):
        path = ("battle", i)
        bt = r.table(bt, path, ("map", "foes"), ("title", "text"))
        try:
            find_map(r.text(bt, "map", path))
        except ContentError as exc:
            raise r.fail(path, f"does not name a map: {exc}", "map") from None
        foes = r.choices(bt, "foes", path, tuple(p.monsters))
        if not 1 <= len(foes) <= 8:
            raise r.fail(path, "must list 1 to 8 monsters", "foes")
        battles.append(
            CampaignBattle(bt["map"], foes, r.text(bt, "title", path, f"Battle {i + 1}"), r.text(bt, "text", path, ""))
        )
    raw_u = t["unit"]
    if not isinstance(raw_u, list) or not 1 <= len(raw_u) <= 6:
        raise r.fail((), "must be a list of 1 to 6 [[unit]] tables", "unit")
    roster: list[RosterUnit] = []
    for i, ut in enumerate(raw_u):
        path = ("unit", i)
        ut = r.table(ut, path, ("name", "job"), tuple(f for f in RosterUnit._fields if f not in ("name", "job")))

        def fail(key: str, msg: str, path: tuple[str | int, ...] = path) -> ContentError:
            return r.fail(path, msg, key)

        try:
            unit = _roster_unit(ut, f"unit[{i}]", xp_table, fail)
        except BuildError as exc:
            raise r.fail(path, str(exc)) from None
        if any(u.name == unit.name for u in roster):
            raise r.fail(path, f"two units are called {unit.name!r}", "name")
        roster.append(unit)
    nxt = r.integer(t, "next", (), 1, len(battles) + 1, 1)
    return Campaign(
        campaign_id,
        r.text(t, "title", ()),
        r.text(t, "text", (), ""),
        tuple(battles),
        tuple(roster),
        nxt,
        xp_table,
        source,
    )


def load_campaign_file(path: str | Path) -> Campaign:
    path = Path(path)
    source = f"campaigns/{path.name}" if path.parent == CAMPAIGNS_DIR else str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{source}: cannot read the campaign file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ContentError(f"{source}: not a text file (a campaign is TOML)") from None
    return parse_campaign_text(text, source, path.stem)


@cache
def shipped_campaigns() -> dict[str, Campaign]:
    return {p.stem: load_campaign_file(p) for p in sorted(CAMPAIGNS_DIR.glob("*.toml"))}


@cache
def shipped_campaign_names() -> tuple[str, ...]:
    """The ids of the shipped campaigns, from their file names alone (nothing is read)."""
    return tuple(p.stem for p in sorted(CAMPAIGNS_DIR.glob("*.toml")))


#: How an inline campaign (the option's value in a record) names the campaign it was read from.
_INLINE_ID = "# campaign: "


def is_inline(value: str) -> bool:
    """Whether the ``campaign`` option's ``value`` is a campaign file's text (several lines), not a name."""
    return "\n" in value


def inline_campaign(c: Campaign) -> str:
    """The ``campaign`` option that carries ``c`` whole: its file's text, headed by its id.

    A game started from a campaign file records this instead of the file's path, so
    its record replays (and resumes) from the record alone, whatever becomes of the file.

    >>> c = find_campaign("first-march")
    >>> again = find_campaign(inline_campaign(c))
    >>> again.id, again.roster == c.roster, again.source
    ('first-march', True, 'the campaign in the record')
    """
    return f"{_INLINE_ID}{c.id}\n" + campaign_text(c)


def find_campaign(name: str) -> Campaign:
    """A shipped campaign by id, a campaign file by path (the command line's), or a
    campaign file's text (:func:`inline_campaign`, as records carry it)."""
    shipped = shipped_campaigns()
    if name in shipped:
        return shipped[name]
    if is_inline(name):
        first = name.partition("\n")[0]
        cid = first[len(_INLINE_ID) :].strip() if first.startswith(_INLINE_ID) else "campaign"
        return parse_campaign_text(name, "the campaign in the record", cid or "campaign")
    path = Path(name)
    try:
        if path.suffix == ".toml" or path.exists():
            return load_campaign_file(path)
    except OSError as exc:  # e.g. a name too long to be a path
        raise ContentError(f"no campaign file at that path: {exc.strerror or exc}") from None
    shown = name if len(name) <= 40 else name[:40] + "…"
    raise ContentError(
        f"no campaign {shown!r}; the campaigns are {', '.join(shipped)}, or give a campaign file (.toml)"
    )


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def campaign_text(c: Campaign, roster: tuple[RosterUnit, ...] | None = None, nxt: int | None = None) -> str:
    """The campaign file for ``c`` with the party ``roster`` about to fight battle ``nxt``."""
    roster = c.roster if roster is None else roster
    nxt = c.next if nxt is None else nxt
    out = [
        "# A 16 Bit Tactics campaign (comboarena play 16-bit-tactics -o mode=campaign -o campaign=<this file>).",
        '# Format: docs/rules/16-bit-tactics.md, "Campaigns".',
        f"title = {_q(c.title)}",
    ]
    if c.text:
        out.append(f"text = {_q(c.text)}")
    out.append(f"next = {nxt}")
    if c.xp_table != "table":
        out.append(f"xp_table = {_q(c.xp_table)}")
    for bt in c.battles:
        out += ["", "[[battle]]", f"title = {_q(bt.title)}"]
        if bt.text:
            out.append(f"text = {_q(bt.text)}")
        out += [f"map = {_q(bt.map)}", "foes = [" + ", ".join(_q(f) for f in bt.foes) + "]"]
    for u in roster:
        out += [
            "",
            "[[unit]]",
            f"name = {_q(u.name)}",
            f"job = {_q(u.job)}",
            f"xp = {u.xp}",
            "history = [" + ", ".join(_q(h) for h in u.history) + "]",
            "ap = { " + ", ".join(f"{j} = {n}" for j, n in u.ap) + " }" if u.ap else "ap = {}",
            "learned = [" + ", ".join(_q(a) for a in u.learned) + "]",
        ]
        for key in ("secondary", "reaction", "support", "movement"):
            if getattr(u, key):
                out.append(f"{key} = {_q(getattr(u, key))}")
        if u.limit:
            out.append(f"limit = {u.limit}")
    return "\n".join(out) + "\n"


def learnable(r: RosterUnit) -> list[str]:
    """Abilities of ``r``'s current job it has not learned and has the AP for."""
    p = pack()
    ap = r.ap_of(r.job)
    return [
        p.abilities[i].id
        for i in p.jobs[r.job].abilities
        if p.abilities[i].id not in r.learned and p.abilities[i].ap <= ap
    ]


def secondary_jobs(r: RosterUnit) -> list[str]:
    """Jobs other than ``r``'s own of which it has learned an active ability."""
    p = pack()
    out = []
    for j, job in p.jobs.items():
        if j != r.job and any(
            p.abilities[i].id in r.learned and p.abilities[i].kind in ACTIVE_KINDS for i in job.abilities
        ):
            out.append(j)
    return out


__all__ = [
    "Campaign",
    "CampaignBattle",
    "RosterUnit",
    "campaign_text",
    "find_campaign",
    "inline_campaign",
    "is_inline",
    "learnable",
    "load_campaign_file",
    "parse_campaign_text",
    "roster_build",
    "roster_from_json",
    "secondary_jobs",
    "shipped_campaign_names",
]
