"""The names 16 Bit Tactics' views and events use, declared once.

The state writes them; the text UI, the heuristic, the encoder and the browser
page read them. ``docs/games/16-bit-tactics.md`` documents each.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypedDict


class UnitView(TypedDict):
    """One unit as every seat sees it (nothing in this game is hidden)."""

    id: int
    name: str
    side: int
    seat: int
    build: dict[str, Any]
    square: str
    facing: str
    hp: int
    mp: int
    limit: int
    ko: bool
    #: ``[name, turns, die, caster, amount, element]`` per status
    statuses: list[list[Any]]
    #: items carried: ``{id: count}``
    items: dict[str, int]
    #: weapon, offhand, ammo (equipped now)
    equip: list[str]
    #: derived numbers for clients: hp_max, mp_max, atk, matk, dmg, mdmg, eva, def, def2, meva, mdef, mdef2, mov, jump
    stats: dict[str, int]


class TacticsView(TypedDict, total=False):
    """What a seat (or a spectator) sees: the whole battle (it has no hidden parts)."""

    game: str
    seat: int | None
    mode: str
    phase: str  # "battle", "camp" or "over"
    to_act: list[int]
    battle: int  # which battle of a campaign (0 outside campaigns)
    map: str
    round: int
    #: the acting unit, its turn's steps so far, whether it is an inserted (Quicken) turn
    turn: dict[str, Any]
    queue: dict[str, Any]
    units: list[UnitView]
    #: per map feature (the state's ``features``): a door ``closed``/``open``, a boulder's square or ``gone``, ``slope``
    features: list[str]
    #: campaign roster (campaign mode)
    roster: list[dict[str, Any]]
    #: the XP/AP award of the last battle ended (campaign)
    rewards: dict[str, Any]
    over: bool
    result: dict[str, Any]
    #: the acting seat only: each attack's targets with their odds (see ``odds.py``)
    odds: list[dict[str, Any]]
    #: the acting seat only: ``{"unit", "square", "why"}`` per standing foe it cannot Fight from here
    refused: list[dict[str, Any]]


class Phase(StrEnum):
    """What the game is doing (the state's ``phase``; views and positions write its text)."""

    #: A battle is being fought.
    BATTLE = "battle"
    #: Between the battles of a campaign: the party's camp decisions.
    CAMP = "camp"
    #: The game is over (``result()`` is known).
    OVER = "over"


# The phases as module constants: compared with ``is`` on the hot path.
BATTLE = Phase.BATTLE
CAMP = Phase.CAMP
OVER = Phase.OVER
#: ``winner`` until the game is over, and for a draw.
NO_WINNER, DRAW = -1, -2


class Termination(StrEnum):
    """How a game of 16 Bit Tactics ended (``Result.reason``, and the ``victory`` event's
    ``why``; records keep the text). A member with ``{...}`` in it is filled in with
    :meth:`str.format`: ``Termination.REACHED.format(square="h8")`` is ``"reached h8"``."""

    #: Every unit of one side has fallen (both sides at once: a draw).
    ROUT = "rout"
    #: A map whose objective is to reach a square: a unit of side 1 stands on it.
    REACHED = "reached {square}"
    #: A map whose objective is to survive: side 1 held out that many rounds.
    SURVIVED = "survived {rounds} rounds"
    #: The round limit (option ``rounds``) ran out with ``at_limit=draw``.
    CALLED_DRAW = "{rounds} rounds: called a draw"
    #: The round limit ran out with ``at_limit=judge``: the larger share of its HP left won.
    JUDGED = "{rounds} rounds: judged by HP left"
    #: A campaign's last battle was won.
    CAMPAIGN_WON = "campaign won"
    #: A battle of a campaign was not won (lost, or drawn at the round limit): the
    #: campaign ends; ``why`` is how that battle ended.
    CAMPAIGN_LOST = "campaign lost ({why})"


class EventKind(StrEnum):
    """``Event.kind`` of 16 Bit Tactics' events; every die roll is in one of them."""

    #: ``{"battle", "map", "units"}``: a battle begins (units deployed)
    BATTLE = "battle"
    #: ``{"round", "order", "phases", "rolls"}``: initiative for a new round
    ROUND = "round"
    #: ``{"unit", "extra"}``: a unit's turn begins (``extra``: a Quicken turn)
    TURN = "turn"
    #: ``{"unit", "from", "to", "path", "cost"}``
    MOVE = "move"
    #: ``{"unit", "square", "skill", "die", "roll", "tn", "ok", "to"}``: a slippery slope's Agility test
    SLIP = "slip"
    #: ``{"unit", "facing", "why"}``
    FACE = "face"
    #: ``{"unit", "command", "ability", "target", "weapon", "limit"}``: a command is used
    ACT = "act"
    #: ``{"unit", "target", "attack", "die", "rolls", "roll", "crit", "band", "eva", "def2", "def", "facing"}``
    ROLL = "roll"
    #: ``{"unit", "amount", "hp", "why", "by"}``
    DAMAGE = "damage"
    #: ``{"unit", "amount", "hp", "why", "by"}``
    HEAL = "heal"
    #: ``{"unit", "amount", "mp"}``
    MP = "mp"
    #: ``{"unit", "status", "turns", "by", "why"}`` (``why``: inflicted, granted, auto, immune, resisted...)
    STATUS = "status"
    #: ``{"unit", "status", "turns", "roll"?}``: a status counts down (with its resistance roll)
    TICK = "tick"
    #: ``{"unit", "status", "why"}``
    EXPIRE = "expire"
    #: ``{"unit", "from", "to", "fall", "direction"}``
    KNOCKBACK = "knockback"
    #: ``{"unit", "limit", "change"}``
    LIMIT = "limit"
    #: ``{"unit"}``
    KO = "ko"
    #: ``{"unit", "hp"}``
    REVIVE = "revive"
    #: ``{"unit", "target"}``: a counter-attack begins
    COUNTER = "counter"
    #: ``{"unit", "item", "target", "left"}``
    ITEM = "item"
    #: ``{"unit", "equipped", "stowed"}``: the Item command's switch
    EQUIP = "equip"
    #: ``{"unit", "skill", "square", "die", "roll", "tn", "ok", "effect"}``: a map feature's skill test
    SKILL = "skill"
    #: ``{"unit", "target"}``
    GUARD = "guard"
    #: ``{"unit", "why"}``: a turn skipped (Stop, or fallen to Sap)
    SKIP = "skip"
    #: ``{"unit"}``
    END_TURN = "end_turn"
    #: ``{"side", "why"}``: a battle is won
    VICTORY = "victory"
    #: ``{"award", "base", "enemies", "pcs", "units": [{"name", "xp", "ap", "job", "level"}]}``
    REWARDS = "rewards"
    #: ``{"unit", "level", "job"}``
    LEVEL_UP = "level_up"
    #: ``{"unit", "action", "what"}``: a decision at camp between battles
    CAMP = "camp"
    #: the result (``Result.to_dict()``)
    END = "end"


# Each event kind as a module constant: the hot paths read a module global, several times
# cheaper than a member read off the enum class.
EV_BATTLE = EventKind.BATTLE
EV_ROUND = EventKind.ROUND
EV_TURN = EventKind.TURN
EV_MOVE = EventKind.MOVE
EV_SLIP = EventKind.SLIP
EV_FACE = EventKind.FACE
EV_ACT = EventKind.ACT
EV_ROLL = EventKind.ROLL
EV_DAMAGE = EventKind.DAMAGE
EV_HEAL = EventKind.HEAL
EV_MP = EventKind.MP
EV_STATUS = EventKind.STATUS
EV_TICK = EventKind.TICK
EV_EXPIRE = EventKind.EXPIRE
EV_KNOCKBACK = EventKind.KNOCKBACK
EV_LIMIT = EventKind.LIMIT
EV_KO = EventKind.KO
EV_REVIVE = EventKind.REVIVE
EV_COUNTER = EventKind.COUNTER
EV_ITEM = EventKind.ITEM
EV_EQUIP = EventKind.EQUIP
EV_SKILL = EventKind.SKILL
EV_GUARD = EventKind.GUARD
EV_SKIP = EventKind.SKIP
EV_END_TURN = EventKind.END_TURN
EV_VICTORY = EventKind.VICTORY
EV_REWARDS = EventKind.REWARDS
EV_LEVEL_UP = EventKind.LEVEL_UP
EV_CAMP = EventKind.CAMP
EV_END = EventKind.END


__all__ = [
    "BATTLE",
    "CAMP",
    "DRAW",
    "EV_ACT",
    "EV_BATTLE",
    "EV_CAMP",
    "EV_COUNTER",
    "EV_DAMAGE",
    "EV_END",
    "EV_END_TURN",
    "EV_EQUIP",
    "EV_EXPIRE",
    "EV_FACE",
    "EV_GUARD",
    "EV_HEAL",
    "EV_ITEM",
    "EV_KNOCKBACK",
    "EV_KO",
    "EV_LEVEL_UP",
    "EV_LIMIT",
    "EV_MOVE",
    "EV_MP",
    "EV_REVIVE",
    "EV_REWARDS",
    "EV_ROLL",
    "EV_ROUND",
    "EV_SKILL",
    "EV_SKIP",
    "EV_SLIP",
    "EV_STATUS",
    "EV_TICK",
    "EV_TURN",
    "EV_VICTORY",
    "NO_WINNER",
    "OVER",
    "EventKind",
    "Phase",
    "TacticsView",
    "Termination",
    "UnitView",
]
