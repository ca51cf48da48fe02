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
from .combat import (
    COMBO_PER_LEVEL,
    MISS,
    SHIFT,
    Strike,
    ability_strike,
    band_of,
    bands_of,
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
    sa = b.sheets[a]
    physical = s.attack == PHYSICAL
    die = sa.atk if physical else sa.matk
    if s.gaze and b.has(t, BLIND):
        return _GAZED
    th = band_of(b, a, t, s, 1, die)[1]
    hp = b.hp[t]
    resisted = b.resisted(t, s.attack, s.element)
    guard = physical and b.has(t, GUARD)
    combo = COMBO_PER_LEVEL * sa.level if b.combo(t) else 0
    if physical:
        low, mid, high = th["eva"], th["def2"], th["def"]
    else:
        low, mid, high = th["meva"], th["mdef2"], th["mdef"]
    key = (s.attack, die, low, mid, high, b.rules.crits_hit, s.blind, s.limit, s.rating, combo, hp, resisted, guard)
    got = _OUTCOMES.get(key)
    if got is not None:
        return got
    blind = s.blind
    bands: dict[str, float] = {}
    exp = ko = eff = crit_p = 0.0
    dd = die * die
    for r, band in enumerate(bands_of(b, a, t, s, die), 1):
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
        if (dmg > 0 or s.rating < 0) and band != "fully resisted":
            eff += p
    if len(_OUTCOMES) >= OUTCOMES_CACHE:
        _OUTCOMES.clear()
    got = _OUTCOMES[key] = Outcome(bands, crit_p, exp, ko, eff)
    return got


def strikes(b: Battle, u: int, verb: str, what: str, t: int, off: bool = False) -> list[tuple[int, Strike]]:
    """Who an attack command would strike, and with what (empty for a non-attack)."""
    p = pack()
    out: list[tuple[int, Strike]] = []
    limit = verb == "limit"
    if verb == "fight" or (limit and not what and b.sheets[u].natural is None):
        for w in b.weapons(u):
            if weapon_problem(b, u, w, b.sq[u], t) is not None:
                continue
            s = weapon_strike(b, u, w, None, limit, limit)
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
        w = b.weapons(u)[1 if off else 0]
        s = weapon_strike(b, u, w, ab, limit, limit)
        targets = [b.unit_at(x) for x in long_squares(b, u, w, t)] if not ab.ae else affected(b, u, ab, t)
    else:
        s = ability_strike(b, u, ab, limit)
        targets = affected(b, u, ab, t, limit and ab.attack == MAGICAL)
    return [(v, s) for v in targets if v >= 0]


def action_odds(state: TacticsState) -> list[dict[str, Any]]:
    """For each attack the acting unit may make now: its targets' odds (JSON-safe)."""
    b = state.units
    if b is None or state.phase is not BATTLE:
        return []
    u = state.current
    (seat,) = state.to_act
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
        for v, s in strikes(b, u, verb, what, t, off):
            o = _outcome(b, u, v, s)
            rows.append(
                {
                    "unit": v,
                    "name": b.sheets[v].build.name,
                    "bands": {k: round(x, 4) for k, x in o.bands.items()},
                    "crit": round(o.crit, 4),
                    "damage": round(o.damage, 2),
                    "ko": round(o.ko, 4),
                    "effect": round(o.effect, 4),
                    "ally": b.sheets[v].side == b.sheets[u].side,
                }
            )
        if rows:
            out.append({"action": a.text, "targets": rows})
    return out


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


__all__ = ["LIMIT_READY", "Outcome", "action_odds", "expected", "fight_refusals", "outcome", "strikes"]
