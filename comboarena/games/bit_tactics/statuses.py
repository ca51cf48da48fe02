"""The statuses of the rulebook ("Status Effects"), positive and negative, as
small ints, with the properties the rules need.

A unit's statuses are a tuple of :class:`Status` values (one per kind: "If
multiple sources inflict or grant the same status only the most recent one
applies"). ``turns`` counts the unit's turns left; the caster's M.Atk die
(``die``) sets the duration and the resistance roll; ``amount`` is what Sap
and Regen take or give each turn (the caster's Base); ``element`` is Sap's.

>>> STATUS_IDS["slow"] == SLOW, NAMES[HASTE], duration(8), duration(8, STOP)
(True, 'haste', 4, 2)
"""

from __future__ import annotations

from typing import NamedTuple

# Negative statuses.
SAP, SILENCE, IMMOBILIZE, SLOW, BLIND, DISABLED, STOP, DMG_DOWN, MDMG_DOWN, DEF_DOWN, MDEF_DOWN = range(11)
# Positive statuses.
REGEN, HASTE, BRAVERY, FAITH, PROTECT, SHELL, DMG_UP, MDMG_UP, SPD_UP, DEF_UP, MDEF_UP, QUICKEN, FLOAT = range(11, 24)
# Special: Combo (Limit Attacks) and the protection of the Guard command.
COMBO, GUARD = 24, 25

NAMES = (
    "sap",
    "silence",
    "immobilize",
    "slow",
    "blind",
    "disabled",
    "stop",
    "dmg-down",
    "mdmg-down",
    "def-down",
    "mdef-down",
    "regen",
    "haste",
    "bravery",
    "faith",
    "protect",
    "shell",
    "dmg-up",
    "mdmg-up",
    "spd-up",
    "def-up",
    "mdef-up",
    "quicken",
    "float",
    "combo",
    "guard",
)
STATUS_IDS = {name: i for i, name in enumerate(NAMES)}
NEGATIVE = frozenset(range(SAP, MDEF_DOWN + 1))
POSITIVE = frozenset(range(REGEN, FLOAT + 1))
#: The statuses a content file may inflict or grant (Combo and Guard come from the rules).
GRANTABLE = tuple(NAMES[i] for i in range(COMBO))
#: Bit mask of every negative status (for "cure all negative").
NEGATIVE_MASK = sum(1 << s for s in NEGATIVE)

# The four skills (rulebook "Skills").
MIGHT, AGILITY, LORE, CHARM = range(4)
SKILLS = ("might", "agility", "lore", "charm")

#: The skill a unit rolls against a negative status each time it ticks (reading:
#: the rulebook gives every resisted effect "their resistance stat" without a
#: table; this is ours, see docs/rules/16-bit-tactics.md).
RESIST_SKILL = {
    SAP: MIGHT,
    SILENCE: LORE,
    IMMOBILIZE: AGILITY,
    SLOW: AGILITY,
    BLIND: MIGHT,
    DISABLED: CHARM,
    STOP: LORE,
    DMG_DOWN: MIGHT,
    MDMG_DOWN: LORE,
    DEF_DOWN: MIGHT,
    MDEF_DOWN: CHARM,
}


class Status(NamedTuple):
    """One status on a unit."""

    kind: int
    turns: int
    die: int  # the caster's M.Atk die (sets the duration and the resistance roll)
    caster: int  # the unit that inflicted or granted it (-1: the map or an Auto power)
    amount: int  # Sap / Regen per turn (the caster's Base)
    element: int  # Sap's element


def duration(die: int, kind: int = -1) -> int:
    """Rulebook: "a duration of rounds based on the M.Atk of the caster (6 for d12,
    5 for d10, etc)"; Stop's "Base Duration is halved"."""
    turns = die // 2
    return turns // 2 if kind == STOP else turns


def mask(statuses: tuple[Status, ...]) -> int:
    """The statuses as a bit mask (bit ``kind`` set for each)."""
    m = 0
    for s in statuses:
        m |= 1 << s.kind
    return m


def find(statuses: tuple[Status, ...], kind: int) -> Status | None:
    for s in statuses:
        if s.kind == kind:
            return s
    return None


def with_status(statuses: tuple[Status, ...], new: Status) -> tuple[Status, ...]:
    """``statuses`` with ``new`` replacing any earlier status of its kind ("most recent wins")."""
    return (*(s for s in statuses if s.kind != new.kind), new)


def without(statuses: tuple[Status, ...], kinds_mask: int) -> tuple[Status, ...]:
    return tuple(s for s in statuses if not (kinds_mask >> s.kind) & 1)


__all__ = [
    "NAMES",
    "NEGATIVE",
    "NEGATIVE_MASK",
    "POSITIVE",
    "RESIST_SKILL",
    "SKILLS",
    "STATUS_IDS",
    "Status",
    "duration",
    "find",
    "mask",
    "with_status",
    "without",
]
