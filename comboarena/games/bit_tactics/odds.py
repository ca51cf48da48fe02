"""The odds of an attack before it is made, as players of the genre expect to see
them: for each target, the chance of each result band (facing, height, statuses
included), of a crit, of knocking it out, of its effects landing, and the
expected damage. Exact over the attack die; the dice are not touched.

>>> import comboarena as ca
>>> s = ca.make("16-bit-tactics").new_state(seed=1)
>>> isinstance(action_odds(s), list)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Command, End, Face, Move
from .battle import LIMIT_READY, Battle
from .board import FACING_EVA, FRONT
from .combat import (
    COMBO_PER_LEVEL,
    FULL,
    FULLY_RESISTED,
    HALF,
    MISS,
    PARTIALLY_RESISTED,
    QUARTER,
    SHIFT,
    Strike,
    ability_strike,
    long_squares,
    weapon_strike,
)
from .content import MAGICAL, PHYSICAL, pack
from .statuses import BLIND, GUARD
from .targeting import affected, fight_problem, weapon_problem
from .view import BATTLE

if TYPE_CHECKING:
    from .state import TacticsState


class Outcome(NamedTuple):
    bands: dict[str, float]
    crit: float
    damage: float  # expected, at most the target's HP
    ko: float
    effect: float  # the chance its statuses and special effects land


#: Each distribution worked out, by everything it follows from (see :func:`_outcome`): the
#: same attack on the same defences comes back from every square a heuristic weighs, in
#: every view and in every sample of a search. Never changed once made.
_OUTCOMES: dict[tuple[Any, ...], Outcome] = {}
OUTCOMES_CACHE = 50_000
#: Each outcome's numbers rounded for a view (:func:`_rounded`), by the outcome's id.
_ROUNDED: dict[int, tuple[Outcome, tuple[dict[str, float], float, float, float, float]]] = {}
#: The commands that attack (whose odds a view shows).
ATTACKS = frozenset(("fight", "ja", "magic", "limit"))
#: A gaze attack on a Blind target.
_GAZED = Outcome({MISS: 1.0}, 0.0, 0.0, 0.0, 0.0)


def outcome(b: Battle, a: int, t: int, s: Strike) -> Outcome:
    """The distribution of one attack on one target."""
    o = _outcome(b, a, t, s)
    return o._replace(bands=dict(o.bands))  # the caller's own bands: the kept ones never change


def expected(b: Battle, a: int, t: int, s: Strike) -> tuple[float, float, float]:
    """:func:`outcome`'s expected damage, chance to knock out and chance the effects land."""
    o = _outcome(b, a, t, s)
    return o.damage, o.ko, o.effect


def _outcome(b: Battle, a: int, t: int, s: Strike) -> Outcome:
    """:func:`outcome`, shared: the distribution follows from the die, the thresholds the
    rolls are read against (facing, statuses, shield and the maker's Bravery or Faith in
    them), the crit rule, Blind, the rating, Combo, the target's HP and its halvings."""
    if s.gaze and b.has(t, BLIND):
        return _GAZED
    rel = b.board.facing_attacked(s.origin, b.sq[t], b.face[t]) if s.attack == PHYSICAL else FRONT
    return _outcome_at(b, a, t, s, rel)


def expected_facing(b: Battle, a: int, t: int, s: Strike, rel: int) -> tuple[float, float, float]:
    """:func:`expected` with the facing struck given (FRONT, SIDE or BACK; a magical
    attack reads no facing) rather than read from the strike's origin: what the same
    attack would do from another side."""
    o = _GAZED if s.gaze and b.has(t, BLIND) else _outcome_at(b, a, t, s, rel)
    return o.damage, o.ko, o.effect


def _outcome_at(b: Battle, a: int, t: int, s: Strike, rel: int) -> Outcome:
    """:func:`_outcome` with the facing struck ``rel``: the thresholds as
    :func:`.combat.band_of` reads them, each roll's band as :func:`.combat.bands_of`."""
    sa = b.sheets[a]
    physical = s.attack == PHYSICAL
    die = sa.atk if physical else sa.matk
    # Bravery and Faith lower an enemy's defences, not an ally's.
    lower = s.lower if b.sides[t] != b.sides[a] else 0
    if physical:
        low = b.eva(t) + FACING_EVA[rel]
        mid, high = b.defs(t, lower)
    else:
        low = b.meva(t)
        mid, high = b.mdefs(t, lower)
    hp = b.hp[t]
    resisted = b.resisted(t, s.attack, s.element)
    guard = physical and b.has(t, GUARD)
    combo = COMBO_PER_LEVEL * sa.level if b.combo(t) else 0
    crits_hit = b.rules.crits_hit
    key = (s.attack, die, low, mid, high, crits_hit, s.blind, s.limit, s.rating, combo, hp, resisted, guard)
    got = _OUTCOMES.get(key)
    if got is not None:
        return got
    blind = s.blind
    bands: dict[str, float] = {}
    exp = ko = eff = crit_p = 0.0
    dd = die * die
    for r in range(1, die + 1):
        if crits_hit and r == die:
            band = FULL
        elif physical:
            band = MISS if r <= low else QUARTER if r <= mid else HALF if r <= high else FULL
        else:
            band = MISS if r <= low else FULLY_RESISTED if r < mid else PARTIALLY_RESISTED if r <= high else FULL
        p = ((die - r + 1) ** 2 - (die - r) ** 2) / dd if blind else 1.0 / die
        bands[band] = bands.get(band, 0.0) + p
        if band == MISS:
            continue
        crit = r == die or s.limit
        if crit:
            crit_p += p
        dmg = 0
        if s.rating >= 0:
            rating = s.rating * (2 if crit else 1) + combo
            dmg = min(hp, rating >> (SHIFT[band] + resisted + guard))
            exp += p * dmg
            if dmg >= hp:
                ko += p
        if (dmg > 0 or s.rating < 0) and band != FULLY_RESISTED:
            eff += p
    if len(_OUTCOMES) >= OUTCOMES_CACHE:
        _OUTCOMES.clear()
    got = _OUTCOMES[key] = Outcome(bands, crit_p, exp, ko, eff)
    return got


def strikes(
    b: Battle, u: int, verb: str, what: str, t: int, off: bool = False, made: dict[Any, Strike] | None = None
) -> list[tuple[int, Strike]]:
    """Who an attack command would strike, and with what (empty for a non-attack);
    ``made``: the strikes already made for the unit where it stands, by what they follow
    from (filled in as they are made)."""
    p = pack()
    out: list[tuple[int, Strike]] = []
    limit = verb == "limit"
    if made is None:
        made = {}
    if verb == "fight" or (limit and not what and b.sheets[u].natural is None):
        for i, w in enumerate(b.weapons(u)):
            if weapon_problem(b, u, w, b.sq[u], t) is not None:
                continue
            key: tuple[int, str | None, bool] = (i, None, limit)
            s = made.get(key)
            if s is None:
                s = made[key] = weapon_strike(b, u, w, None, limit, limit)
            out += [(v, s) for v in (b.unit_at(x) for x in long_squares(b, u, w, t)) if v >= 0]
        return out
    if limit and not what:
        ab = p.abilities[b.sheets[u].limit]
    elif what in p.ability_index:
        ab = p.ability(what)
    else:
        return out
    if not ab.attack:
        return out
    if ab.weapon:
        i = 1 if off else 0
        w = b.weapons(u)[i]
        key = (i, ab.id, limit)
        s = made.get(key)
        if s is None:
            s = made[key] = weapon_strike(b, u, w, ab, limit, limit)
        targets = [b.unit_at(x) for x in long_squares(b, u, w, t)] if not ab.ae else affected(b, u, ab, t)
    else:
        key = (-1, ab.id, limit)
        s = made.get(key)
        if s is None:
            s = made[key] = ability_strike(b, u, ab, limit)
        targets = affected(b, u, ab, t, limit and ab.attack == MAGICAL)
    return [(v, s) for v in targets if v >= 0]


def action_odds(state: TacticsState) -> list[dict[str, Any]]:
    """For each attack the acting unit may make now: its targets' odds (JSON-safe)."""
    b = state.units
    if b is None or state.phase is not BATTLE:
        return []
    u = state.current
    (seat,) = state.to_act
    sheets = b.sheets
    side = sheets[u].side
    made: dict[Any, Strike] = {}
    out = []
    for a in state.legal_actions(seat):
        cls = a.__class__
        if cls is Command:  # (its words as fields, not read back from its text)
            verb = a.verb  # type: ignore[attr-defined]
            if verb not in ATTACKS:
                continue
            what, square, off = a.what, a.square, a.off  # type: ignore[attr-defined]
        elif cls is Move or cls is Face or cls is End:
            continue
        else:
            words = a.text.split()
            verb = words[0]
            if verb not in ATTACKS:
                continue
            off = words[-1] == "off"
            square = words[-2] if off else words[-1]
            what = words[1] if len(words) >= 3 and not (len(words) == 3 and off) else ""
        t = b.board.index[square]
        rows = []
        for v, s in strikes(b, u, verb, what, t, off, made):
            bands, crit, damage, ko, effect = _rounded(_outcome(b, u, v, s))
            rows.append(
                {
                    "unit": v,
                    "name": sheets[v].build.name,
                    "bands": dict(bands),
                    "crit": crit,
                    "damage": damage,
                    "ko": ko,
                    "effect": effect,
                    "ally": sheets[v].side == side,
                }
            )
        if rows:
            out.append({"action": a.text, "targets": rows})
    return out


def _rounded(o: Outcome) -> tuple[dict[str, float], float, float, float, float]:
    """An outcome's numbers as a view shows them (the bands the caller's to copy)."""
    got = _ROUNDED.get(id(o))
    if got is None or got[0] is not o:  # (an entry keeps its outcome: its id is its own)
        if len(_ROUNDED) >= OUTCOMES_CACHE:
            _ROUNDED.clear()
        got = _ROUNDED[id(o)] = (
            o,
            (
                {k: round(x, 4) for k, x in o.bands.items()},
                round(o.crit, 4),
                round(o.damage, 2),
                round(o.ko, 4),
                round(o.effect, 4),
            ),
        )
    return got[1]


def fight_refusals(state: TacticsState) -> list[dict[str, Any]]:
    """Why the acting unit cannot Fight each standing foe it cannot reach from where it
    stands now (range, straight line, height, Line of Effect), so a client can say it
    when a player points at that foe. Empty once the unit has used its command or
    cannot act at all (the reason is then the same for every foe).
    """
    b = state.units
    if b is None or state.phase is not BATTLE or state.turn.acted:
        return []
    u = state.current
    if not b.can_act(u):
        return []
    out = []
    for v in b.foes_of(u):
        t = b.sq[v]
        why = fight_problem(b, u, t)
        if why is not None:
            out.append({"unit": v, "square": b.board.name(t), "why": why})
    return out


__all__ = [
    "LIMIT_READY",
    "Outcome",
    "action_odds",
    "expected",
    "expected_facing",
    "fight_refusals",
    "outcome",
    "strikes",
]
