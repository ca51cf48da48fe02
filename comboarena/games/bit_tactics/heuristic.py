"""``16-bit-tactics.heuristic``: a tactician that scores moves, targets and abilities.

For the acting unit it weighs every place it can stand this turn (and staying)
with the best command from there, or acting first and then stepping back:

- a command's worth is its expected effect, computed exactly from the dice: the
  chance of each result band (facing and height included), the damage and the
  chance to knock out (focus fire: low-HP foes, and healers and casters first),
  statuses weighed by what they take from the foe, knockback off cliffs, heals
  and buffs by need, less friendly fire and the counter-attack it invites;
- a place's worth: how much the foes could hurt the unit there next round (a hurt
  unit weighs this more: it retreats), how close it is to its work (melee to
  foes, healers behind their allies), and high ground for bows.

It then turns to face the nearest foe. At camp it learns what it can afford and
equips what it learns. It sees only its view (the battle read back from it).
"""

from __future__ import annotations

import random
from functools import cached_property
from heapq import heapify, heappop, heappush
from typing import TYPE_CHECKING, Any

from comboarena.agents.base import Agent
from comboarena.core import Action

from .battle import LIMIT_READY, Battle
from .board import BACK, FRONT
from .bounds import TIE, Bounds
from .combat import Strike, ability_strike, long_squares, weapon_strike
from .content import FALLEN, FOE, MAGICAL, PHYSICAL, Ability, Item, Weapon, pack
from .determinize import Reading, Seen, read_battle, seen_of
from .fasttargets import Targets
from .features import skill_targets
from .maps import DOOR
from .movement import knockback_path, reachable
from .odds import expected, expected_facing
from .statuses import (
    BLIND,
    BRAVERY,
    DEF_DOWN,
    DISABLED,
    DMG_DOWN,
    FAITH,
    GUARD,
    HASTE,
    IMMOBILIZE,
    MDEF_DOWN,
    MDMG_DOWN,
    PROTECT,
    QUICKEN,
    REGEN,
    SAP,
    SHELL,
    SILENCE,
    SKILLS,
    SLOW,
    SPD_UP,
    STOP,
    duration,
)
from .targeting import affected, weapon_problem
from .units import Sheet

if TYPE_CHECKING:
    from .board import Board
    from .game import BitTactics
    from .state import TacticsState

#: What a status is worth on a foe (negative) or an ally (positive), per turn it lasts.
STATUS_VALUE = {
    STOP: 9.0,
    DISABLED: 7.0,
    SILENCE: 3.0,
    SLOW: 3.0,
    IMMOBILIZE: 2.0,
    BLIND: 3.0,
    SAP: 0.0,
    DEF_DOWN: 2.5,
    MDEF_DOWN: 1.5,
    DMG_DOWN: 2.5,
    MDMG_DOWN: 1.5,
    HASTE: 3.5,
    BRAVERY: 2.0,
    FAITH: 1.0,
    PROTECT: 3.0,
    SHELL: 2.0,
    REGEN: 0.0,
    SPD_UP: 1.5,
    QUICKEN: 25.0,
}
#: Foes worth knocking out first: those who heal, hex and hurl magic.
PRIORITY = {"mender": 1.5, "herald": 1.3, "hexer": 1.3, "evoker": 1.4, "ranger": 1.15}


class TacticsHeuristic(Agent):
    """Scores each plan of the acting unit; see the module docstring."""

    name = "16-bit-tactics.heuristic"

    def __init__(self, game: BitTactics, caution: float = 1.0, aggression: float = 1.0) -> None:
        if caution < 0 or aggression < 0:
            raise ValueError("caution and aggression must be >= 0")
        self.game = game
        self.caution = float(caution)
        self.aggression = float(aggression)
        #: Plans by everything they follow from (:func:`_position`): a search asks its guide
        #: again and again about the same position (read-only to callers).
        self._plans: dict[tuple[Any, ...], list[str]] = {}

    # -- the agent protocol ----------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_text = {a.text: a for a in legal}
        if view["phase"] == "camp":
            return self._camp(view, legal, by_text)
        for step in self._plan(view):
            if step in by_text:
                return by_text[step]
        return by_text.get("end", legal[-1])

    def plan(self, view: dict[str, Any]) -> list[str]:
        """The steps the heuristic means to take this turn (its next move first), in notation."""
        return self._plan(view)[:]

    def _plan(self, view: dict[str, Any]) -> list[str]:
        read = read_battle(self.game, view)
        key = _position(view["battle"], read)
        got = self._plans.get(key)
        if got is None:
            if len(self._plans) >= PLANS_CACHE:
                self._plans.clear()
            if read.turn.moved and read.turn.acted:  # (all that is left is to face: no battle needed)
                got = self._plans[key] = [_facing(read), "end"]
            else:
                got = self._plans[key] = _Planner(self, seen_of(self.game, read)).plan()
        return got

    def _camp(self, view: dict[str, Any], legal: list[Action], by_text: dict[str, Action]) -> Action:
        p = pack()
        learns = [a for a in legal if a.text.startswith("learn ")]
        if learns:
            return max(learns, key=lambda a: (p.ability(a.text.split()[2]).ap, a.text))
        equips = [a for a in legal if a.text.startswith("equip ")]
        roster = {r["name"]: r for r in view["roster"]}
        for a in equips:
            _, unit, what = a.text.split()
            if not roster[unit][p.ability(what).kind]:
                return a
        return by_text.get("ready", legal[-1])


#: Plans kept per heuristic (``TacticsHeuristic._plans``).
PLANS_CACHE = 2_000


def _facing(read: Reading) -> str:
    """:meth:`_Planner.facing`, read from the units as listed: toward the nearest foe."""
    units = read.units
    me = units[read.current]
    side = me.sheet.side
    foes = [x for x in units if x.hp > 0 and x.sheet.side != side]
    if not foes:
        return "end"
    board = read.board
    a = me.square
    at = a * board.size
    near = min(foes, key=lambda x: board.dist[at + x.square])
    return "face " + "nesw"[board.turn_toward(a, near.square, me.facing)]


def _position(battle: int, read: Reading) -> tuple[Any, ...]:
    """Everything a plan follows from, besides the game and the heuristic's settings: the
    battle's map, whose turn and how far into it, the features, and every unit (its stat
    block, square, facing, HP, MP, Limit, statuses, items and gear; the stat blocks are
    made once per build, side and seat, and kept: their ids name them). Read from the view
    before its battle is deployed: a search asks its guide about the same positions often."""
    units = read.units
    return (
        battle,
        read.current,
        read.turn,
        read.features,
        tuple([id(x.sheet) for x in units]),
        tuple([x[1:] for x in units]),
    )


#: Walking distances to the nearest foe (``_Planner.far``), by board, mover and foes' squares.
_PATHS: dict[tuple[Any, ...], list[int]] = {}
PATHS_CACHE = 20_000
#: Each square's neighbours within a Jump (``_steps``), by board and Jump.
_STEPS: dict[tuple[Board, int], tuple[tuple[int, ...], ...]] = {}
#: What leaving each square costs on the way to the foes (``_costs``), by board and whether
#: the mover crosses water; -1: none may stand there.
_COSTS: dict[tuple[Board, bool], list[int]] = {}


class _Planner:
    """One decision of the acting unit.

    What it reads of the foes and of the paths to them is worked out when first read
    (a turn's later decisions, facing and ending, read none of it), from the unit's
    square at the start of the decision: while a square is weighed the unit is placed
    there, and none of it changes with that."""

    def __init__(self, agent: TacticsHeuristic, state: TacticsState | Seen) -> None:
        self.agent = agent
        self.state = state
        assert state.units is not None
        self.b: Battle = state.units
        self.u: int = state.current
        b, u = self.b, self.u
        self.start = b.sq[u]
        self.side = b.sheets[u].side
        self.foes = [v for v in b.units if b.hp[v] > 0 and b.sheets[v].side != self.side]
        self.allies = [v for v in b.units if b.hp[v] > 0 and b.sheets[v].side == self.side]
        self.outcomes: dict[tuple[Any, ...], tuple[float, float, float]] = {}
        #: each foe's counter-attack, and each ally's share of danger (none of them moves)
        self._backs: dict[int, Strike] = {}
        self._shares: dict[int, float] = {}
        #: what each item is worth on each unit (:meth:`_item_value`)
        self._items: dict[tuple[str, int], float] = {}
        #: what each support ability brings each unit but the acting one (:meth:`_support_terms`)
        self._terms: dict[tuple[str, int], list[float]] = {}
        #: strike values by target, strike and the facings struck (:meth:`strike_value`)
        self._values: dict[tuple[Any, ...], float] = {}
        #: the unit's strikes from the square being weighed (its square is their origin),
        #: and from its own square (all else in a strike is the same from every square)
        self._strikes: dict[tuple[Any, ...], Strike] = {}
        self._made: dict[tuple[Any, ...], Strike] = {}

    @cached_property
    def threat(self) -> dict[int, float]:
        return {v: self._threat_of(v) for v in self.foes}

    @cached_property
    def reach(self) -> dict[int, int]:
        """How far each foe moves and strikes: read for every square weighed."""
        b = self.b
        return {v: b.mov(v) + _reach(b, v) for v in self.foes}

    @cached_property
    def my_reach(self) -> int:
        """How far the unit strikes."""
        return _reach(self.b, self.u)

    @cached_property
    def far(self) -> list[int]:
        """Walking distance (MOV) from each square to the nearest foe, round walls and deep
        water; a closed door or a boulder costs 4 to pass (a puzzle on the way).

        The same search comes back at each decision of a turn (and in every search of a
        determinized state): remembered by everything it reads (read-only to callers)."""
        b, u = self.b, self.u
        floats = b.floats(u) or b.sheets[u].waterwalk
        key = (b.board, b.sheets[u].jump, floats, b.dyn, self.start, *(b.sq[v] for v in self.foes))
        far = _PATHS.get(key)
        if far is None:
            if len(_PATHS) >= PATHS_CACHE:
                _PATHS.clear()
            far = _PATHS[key] = self._search_paths(floats)
        return far

    def _search_paths(self, floats: bool) -> list[int]:
        b = self.b
        board = b.board
        steps = _steps(board, b.sheets[self.u].jump)
        cost = _costs(board, floats)
        if b.dyn:
            cost = cost[:]
            for sq in b.dyn:
                cost[sq] = 4
        far = [99] * board.size
        heap = []
        for v in self.foes:
            far[b.sq[v]] = 0
            heap.append((0, b.sq[v]))
        heapify(heap)
        me = self.start
        while heap:
            d, s = heappop(heap)
            if d > far[s]:
                continue
            nd = d + 1 if s == me else d + cost[s]
            for t in steps[s]:
                if nd < far[t] and cost[t] >= 0:
                    far[t] = nd
                    heappush(heap, (nd, t))
        return far

    # -- the plan ---------------------------------------------------------------------

    def plan(self) -> list[str]:
        st = self.state
        b, u = self.b, self.u
        names = b.board.names
        start = self.start
        moved, acted = st.turn.moved, st.turn.acted
        can_move = not moved and not (acted and b.rules.move_first) and b.can_move(u)
        dests = list(reachable(b, u)) if can_move else []
        steps: list[str] = []
        if not acted and b.can_act(u):
            here_value, here_cmd = self.best_command(start)
            steps = [here_cmd] if here_cmd else []
            if dests:  # (with nowhere else to be, where it stands weighs nothing)
                stay = self.place_value(start)
                best = (here_value + stay, steps)
                places = self.place_values(dests)
                retreat = max(places, key=lambda d: places[d])
                if here_cmd and places[retreat] > stay:
                    best = max(
                        best, (here_value + places[retreat], [here_cmd, f"move {names[retreat]}"]), key=lambda x: x[0]
                    )
                bound = self.bounds
                for d in dests:
                    # (skipped only where no command could make it the best: the same plan)
                    if not bound.may_beat(d, best[0] - places[d]):
                        continue
                    value, cmd = self.best_command(d)
                    total = value + places[d]
                    if total > best[0] + TIE:
                        best = (total, [f"move {names[d]}", *([cmd] if cmd else [])])
                steps = best[1]
        elif dests:
            stay = self.place_value(start)
            places = self.place_values(dests)
            d = max(places, key=lambda x: places[x])
            if places[d] > stay + 0.5:
                steps = [f"move {names[d]}"]
        return [*steps, self.facing(), "end"]

    def facing(self) -> str:
        b, u = self.b, self.u
        if not self.foes:
            return "end"
        a = b.sq[u]
        near = min(self.foes, key=lambda v: b.board.dist[a * b.board.size + b.sq[v]])
        return "face " + "nesw"[b.board.turn_toward(a, b.sq[near], b.face[u])]

    # -- where to stand ---------------------------------------------------------------

    def _threat_of(self, v: int) -> float:
        """How much ``v`` hurts in a turn, roughly: its DMG or M.Dmg rating, weighted."""
        b = self.b
        s = b.sheets[v]
        w = b.weapons(v)[0]
        return max(b.dmg(v) + w.dmg, b.mdmg(v) + w.mdmg if any(pack().abilities[i].damage for i in s.actives) else 0)

    @cached_property
    def bounds(self) -> Bounds:
        """What each square's best command is worth at most (read while weighing squares)."""
        return Bounds(self)

    @cached_property
    def _placing(self) -> tuple[float, str, list[tuple[int, int, float]], list[int]]:
        """What :meth:`place_value` reads at every square: the caution, the role, each foe's
        square, reach and weighted threat, and the other allies' squares."""
        b, u = self.b, self.u
        hp_share = b.hp[u] / b.hp_max(u)
        caution = self.agent.caution * (0.6 + 3.0 * max(0.0, 0.6 - hp_share))
        threats = [(b.sq[v], self.reach[v], self.threat[v] * 0.55) for v in self.foes]
        return caution, _role(b.sheets[u]), threats, [b.sq[v] for v in self.allies if v != u]

    def place_value(self, d: int) -> float:
        """Danger at ``d`` next round, distance to the work, high ground."""
        b = self.b
        board = b.board
        dist = board.dist
        at = d * board.size
        caution, role, threats, others = self._placing
        danger = 0.0
        nearest = self.far[d]
        for fv, reach, threat in threats:
            if dist[at + fv] <= reach:
                danger += threat
        value = -caution * danger / max(1, b.hp[self.u]) * 12
        if role in ("melee", "speed"):
            value -= 2.5 * self.agent.aggression * max(0, nearest - 1)
        elif role in ("ranged", "magic", "status"):
            value -= 2.0 * self.agent.aggression * max(0, nearest - self.my_reach)
            value += 1.0 * board.ht[d]
        else:  # support and healing: close to the allies, away from the foes
            if self.allies:
                near_ally = min(dist[at + x] for x in others) if others else 0
                value -= 1.2 * max(0, near_ally - 2)
            value -= 1.0 * max(0, 3 - nearest)
        return value

    def place_values(self, squares: list[int]) -> dict[int, float]:
        """:meth:`place_value` of each square (the same sums, with what they read looked up once)."""
        b = self.b
        board = b.board
        dist = board.dist
        size = board.size
        ht = board.ht
        caution, role, threats, others = self._placing
        far = self.far
        hp = max(1, b.hp[self.u])
        aggression = self.agent.aggression
        out = {}
        for d in squares:
            at = d * size
            danger = 0.0
            nearest = far[d]
            for fv, reach, threat in threats:
                if dist[at + fv] <= reach:
                    danger += threat
            value = -caution * danger / hp * 12
            if role in ("melee", "speed"):
                value -= 2.5 * aggression * max(0, nearest - 1)
            elif role in ("ranged", "magic", "status"):
                value -= 2.0 * aggression * max(0, nearest - self.my_reach)
                value += 1.0 * ht[d]
            else:  # support and healing: close to the allies, away from the foes
                if self.allies:
                    near_ally = min(dist[at + x] for x in others) if others else 0
                    value -= 1.2 * max(0, near_ally - 2)
                value -= 1.0 * max(0, 3 - nearest)
            out[d] = value
        return out

    # -- what to do -------------------------------------------------------------------

    def best_command(self, at: int) -> tuple[float, str]:
        """The best command from square ``at`` (the unit placed there for the reckoning)."""
        b, u = self.b, self.u
        start = b.sq[u]
        moved = at != start
        if moved:
            b.occ[start] = -1
            b.sq[u] = at
            b.occ[at] = u
        self._strikes.clear()
        try:
            return self._best_command()
        finally:
            if moved:
                b.occ[at] = -1
                b.sq[u] = start
                b.occ[start] = u

    def _best_command(self) -> tuple[float, str]:
        # Each command's words are written only when it is the best so far.
        b, u = self.b, self.u
        p = pack()
        names = b.board.names
        tg = Targets(b, u)
        best, text = 0.0, ""
        weapons = b.weapons(u)
        fights = tg.fight()
        for t in fights:
            value = self.fight_value(t, limit=False)
            if value > best:
                best, text = value, f"fight {names[t]}"
        limit = b.limit[u] >= LIMIT_READY
        s = b.sheets[u]
        if limit:
            if s.natural is None:
                for t in fights:
                    value = self.fight_value(t, limit=True) - 2.0
                    if value > best:
                        best, text = value, f"limit {names[t]}"
            elif b.may_use(u, p.abilities[s.limit]):
                ab = p.abilities[s.limit]
                w = weapons[0] if ab.weapon else None
                for t in tg.ability(ab, w, magic_limit=ab.attack == MAGICAL):
                    value = self.ability_value(ab, t, False, True) - 2.0
                    if value > best:
                        best, text = value, f"limit {names[t]}"
        for ab, verb, cost, variants in self._actives:
            for off, w in variants:
                for t in tg.ability(ab, w):
                    value = self.ability_value(ab, t, off, False) - cost
                    if value > best:
                        best, text = value, f"{verb} {ab.id} {names[t]}" + (" off" if off else "")
            if limit and ab.attack == MAGICAL and ab.kind == "spell":
                for t in tg.ability(ab, None, magic_limit=True):
                    value = self.ability_value(ab, t, False, True) - cost - 2.0
                    if value > best:
                        best, text = value, f"limit {ab.id} {names[t]}"
        for item, _ in b.inv[u]:
            if item in p.items:
                it = p.items[item]
                for t in tg.items(it.revive > 0):
                    value = self._item_value(it, b.occ[t])
                    if value > best:
                        best, text = value, f"item {item} {names[t]}"
        for t in tg.near():
            v = b.occ[t]
            if v != u and not b.has(v, GUARD):
                value = 0.6 * self._danger_share(v) * 10
                if value > best:
                    best, text = value, f"guard {names[t]}"
        if self.state.features:
            for k, t in skill_targets(b, u, self.state.features):
                value = self.puzzle_value(k, t)
                if value > best:
                    best, text = value, f"skill {SKILLS[k]} {names[t]}"
        return best, text

    @cached_property
    def _actives(self) -> list[tuple[Ability, str, float, list[tuple[bool, Weapon | None]]]]:
        """The abilities the unit can use this turn (MP, Silence), each with its verb, its
        cost and the weapons it may be used with (the same from every square)."""
        b, u = self.b, self.u
        p = pack()
        s = b.sheets[u]
        weapons = b.weapons(u)
        out = []
        for i in s.actives:
            ab = p.abilities[i]
            if ab.mp > b.mp[u] or not b.may_use(u, ab):
                continue
            verb = "magic" if ab.kind == "spell" else "ja"
            cost = 6.0 * ab.mp / max(1, s.mp)
            variants: list[tuple[bool, Weapon | None]] = [(False, weapons[0] if ab.weapon else None)]
            if ab.weapon and len(weapons) > 1 and verb == "ja":
                variants.append((True, weapons[1]))
            out.append((ab, verb, cost, variants))
        return out

    def _item_value(self, it: Item, v: int) -> float:
        """Using item ``it`` on ``v`` (the same from every square)."""
        key = (it.id, v)
        got = self._items.get(key)
        if got is None:
            b = self.b
            got = 0.0
            if it.revive and b.hp[v] <= 0:
                got = 30.0
            elif it.heal and b.hp[v] > 0:
                got = self._heal_value(v, it.heal) - 3.0
            elif it.cure:
                got = self._cure_value(v, it.cure)
            self._items[key] = got
        return got

    def puzzle_value(self, skill: int, t: int) -> float:
        """A door is worth opening when the foes are out of reach; a boulder worth pushing
        onto a foe."""
        b, u = self.b, self.u
        board = b.board
        at = board.names[t]
        f = next(
            x
            for x, state in zip(board.map.features, self.state.features, strict=True)
            if (x.square == t if x.kind == DOOR else state == at)
        )
        die = b.sheets[u].skills[skill]
        p_ok = max(0, die - f.tn) / die
        hurt = (1 - p_ok) * f.damage / max(1, b.hp[u]) * 20
        if f.kind == DOOR:
            stuck = min((self.far[x] for x in reachable(b, u)), default=99) > 3
            return p_ok * (12 if stuck else 3) - hurt
        dest = board.step[board.direction(b.sq[u], t)][t]
        v = b.occ[dest] if dest >= 0 else -1
        if v >= 0 and b.hp[v] > 0 and b.sheets[v].side != self.side:
            return p_ok * min(f.damage, b.hp[v]) / b.hp_max(v) * 30
        return 0.0

    def _danger_share(self, v: int) -> float:
        got = self._shares.get(v)
        if got is None:
            b = self.b
            reach, at = self.reach, b.sq[v]
            got = sum(self.threat[f] for f in self.foes if b.board.distance(b.sq[f], at) <= reach[f]) / max(1, b.hp[v])
            if v != self.u:  # (the unit itself stands wherever it is weighed)
                self._shares[v] = got
        return got

    def _weapon_strike(self, i: int, ab: Ability | None, limit: bool) -> Strike:
        """The unit's strike with its ``i``-th weapon from where it is placed (kept for the square)."""
        key = (i, None if ab is None else ab.id, limit)
        got = self._strikes.get(key)
        if got is None:
            got = self._strikes[key] = _from(self.made_strike(i, ab, limit), self.b.sq[self.u])
        return got

    def made_strike(self, i: int, ab: Ability | None, limit: bool) -> Strike:
        """The unit's strike with its ``i``-th weapon, or (``i`` -1) ability ``ab``'s own, from
        whichever square it was first made (all but its origin is the same from any)."""
        key = (i, None if ab is None else ab.id, limit)
        got = self._made.get(key)
        if got is None:
            b, u = self.b, self.u
            if i >= 0:
                got = weapon_strike(b, u, b.weapons(u)[i], ab, limit, limit)
            elif ab is not None:
                got = ability_strike(b, u, ab, limit)
            else:
                raise ValueError("a strike without a weapon is an ability's")
            self._made[key] = got
        return got

    def fight_value(self, t: int, limit: bool) -> float:
        b, u = self.b, self.u
        total = 0.0
        a = b.sq[u]
        for i, w in enumerate(b.weapons(u)):
            if weapon_problem(b, u, w, a, t) is not None:
                continue
            s = self._weapon_strike(i, None, limit)
            for sq in long_squares(b, u, w, t):
                v = b.unit_at(sq)
                if v >= 0:
                    total += self.strike_value(v, s, (i, None, limit))
        return total

    def ability_value(self, ab: Ability, t: int, off: bool, limit: bool) -> float:
        b, u = self.b, self.u
        if ab.attack:
            if ab.weapon:
                i = 1 if off else 0
                w = b.weapons(u)[i]
                s = self._weapon_strike(i, ab, limit)
                targets = [b.unit_at(x) for x in long_squares(b, u, w, t)] if not ab.ae else affected(b, u, ab, t)
            else:
                i = -1
                key = (i, ab.id, limit)
                s = self._strikes.get(key)  # type: ignore[assignment]
                if s is None:
                    s = self._strikes[key] = _from(self.made_strike(i, ab, limit), b.sq[u])
                targets = affected(b, u, ab, t, limit and ab.attack == MAGICAL)
            kind = (i, ab.id, limit)
            return sum(self.strike_value(v, s, kind) for v in targets if v >= 0)
        return self.support_value(ab, t)

    def expect(self, a: int, t: int, s: Strike) -> tuple[float, float, float]:
        """:func:`expect`, remembered for this decision: the same strike on the same target
        comes back from many of the squares weighed. Only the acting unit moves while it
        is weighed, so the target's square and facing complete the key."""
        b = self.b
        key = (a, t, b.sq[t], b.face[t], s)
        found = self.outcomes.get(key)
        if found is None:
            found = self.outcomes[key] = expected(b, a, t, s)
        return found

    def strike_value(self, v: int, s: Strike, kind: tuple[Any, ...] | None = None) -> float:
        """Expected worth of striking ``v`` with ``s``: damage share, knock-out chance, statuses,
        knockback falls, minus the counter-attack; negative on an ally.

        ``kind`` names the unit's strike (weapon, ability, Limit): the same from every
        square but for its origin, which counts only through the facing it strikes and,
        for a melee strike, the facing the counter-attack strikes (knockback aside: where
        a target lands depends on where everyone stands)."""
        if kind is None or s.knockback:
            return self._strike_value(v, s)
        b = self.b
        board = b.board
        at = b.sq[v]
        key = (
            v,
            kind,
            board.facing_attacked(s.origin, at, b.face[v]) if s.attack == PHYSICAL else -1,
            board.facing_attacked(at, s.origin, b.face[self.u]) if s.melee else -1,
        )
        got = self._values.get(key)
        if got is None:
            got = self._values[key] = self._strike_value(v, s)
        return got

    def _strike_value(self, v: int, s: Strike) -> float:
        b, u = self.b, self.u
        exp, p_ko, p_eff = self.expect(u, v, s)
        hp = max(1, b.hp[v])
        foe = b.sheets[v].side != self.side
        worth = exp / b.hp_max(v) * 30 + p_ko * (30 + 15 * PRIORITY.get(b.sheets[v].build.ref, 1.0))
        if foe:
            worth *= PRIORITY.get(b.sheets[v].build.ref, 1.0) * self.agent.aggression
        if s.statuses and p_eff:
            turns = duration(b.sheets[u].matk)
            for k in s.statuses:
                if b.has(v, k) or (b.sheets[v].immune >> k) & 1:
                    continue
                per = STATUS_VALUE.get(k, 1.0) + (b.sheets[u].base_mdmg * 1.2 if k == SAP else 0)
                worth += p_eff * (1 - p_ko) * per * max(1, turns - 1)
        if s.knockback and exp > 0:
            d = b.board.direction(b.sq[u], b.sq[v])
            end = knockback_path(b, v, d, s.knockback)
            drop = b.board.ht[b.sq[v]] - b.board.ht[end]
            if drop > 0 and drop >= b.sheets[v].jump and not b.floats(v):
                worth += 0.5 * exp / hp * 25 * (1 - p_ko)
        if s.combo and foe:
            worth += 6.0 * (1 - p_ko)
        if not foe:
            return -1.6 * worth
        if s.melee and (b.sheets[v].reaction == "counter" or b.rules.counters_always) and b.can_act(v):
            back = self._backs.get(v)
            if back is None:
                back = self._backs[v] = weapon_strike(b, v, b.weapons(v)[0], None, False, False)
            cexp, cko, _ = self.expect(v, u, back)
            worth -= 0.5 * (1 - p_ko) * (cexp / b.hp_max(u) * 25 + cko * 30)
        return worth

    def strike_bound(self, v: int, s: Strike) -> float:
        """At least :meth:`_strike_value` of foe ``v`` struck with ``s`` from any square: its
        terms with the facing struck at the most favourable for each (the chances to hit,
        knock out and land effects rise from front to back) and the counter-attack's at
        its weakest (struck in front)."""
        b, u = self.b, self.u
        if s.attack == PHYSICAL:
            exp, p_ko, p_eff = expected_facing(b, u, v, s, BACK)
            # (read only by the terms that fall as the chance to knock out rises)
            ko_low = expected_facing(b, u, v, s, FRONT)[1] if s.statuses or s.knockback or s.combo else p_ko
        else:
            exp, p_ko, p_eff = expected_facing(b, u, v, s, FRONT)
            ko_low = p_ko
        sv = b.sheets[v]
        priority = PRIORITY.get(sv.build.ref, 1.0)
        worth = exp / b.hp_max(v) * 30 + p_ko * (30 + 15 * priority)
        worth *= priority * self.agent.aggression
        if s.statuses and p_eff:
            turns = duration(b.sheets[u].matk)
            for k in s.statuses:
                if b.has(v, k) or (sv.immune >> k) & 1:
                    continue
                per = STATUS_VALUE.get(k, 1.0) + (b.sheets[u].base_mdmg * 1.2 if k == SAP else 0)
                worth += p_eff * (1 - ko_low) * max(0.0, per) * max(1, turns - 1)
        if s.knockback and exp > 0:  # (as if it fell wherever it is knocked)
            worth += 0.5 * exp / max(1, b.hp[v]) * 25 * (1 - ko_low)
        if s.combo:
            worth += 6.0 * (1 - ko_low)
        if s.melee and (sv.reaction == "counter" or b.rules.counters_always) and b.can_act(v):
            back = self._backs.get(v)
            if back is None:
                back = self._backs[v] = weapon_strike(b, v, b.weapons(v)[0], None, False, False)
            cexp, cko, _ = expected_facing(b, v, u, back, FRONT)
            worth -= 0.5 * (1 - p_ko) * (cexp / b.hp_max(u) * 25 + cko * 30)
        return worth

    def support_value(self, ab: Ability, t: int) -> float:
        b, u = self.b, self.u
        total = 0.0
        for v in affected(b, u, ab, t):
            terms = self._terms.get((ab.id, v))
            if terms is None:
                terms = self._support_terms(ab, v)
                if v != u:  # (the unit itself stands wherever it is weighed)
                    self._terms[(ab.id, v)] = terms
            for x in terms:
                total += x
        return total

    def _support_terms(self, ab: Ability, v: int, share: float | None = None) -> list[float]:
        """What a support ability brings ``v``, term by term (summed in this order);
        ``share``: ``v``'s share of danger, if not where it stands."""
        b, u = self.b, self.u
        s = b.sheets[u]
        if ab.target == FALLEN or (ab.revive and b.hp[v] <= 0):
            return [30.0 if b.hp[v] <= 0 else 0.0]
        terms = []
        mine = b.sheets[v].side == self.side
        sign = 1.0 if mine else -1.0
        if ab.heal:
            amount = b.mdmg(u) + b.weapons(u)[0].mdmg + ab.heal_bonus * s.base_mdmg
            terms.append(sign * self._heal_value(v, max(0, amount)))
        if ab.cure:
            terms.append(sign * self._cure_value(v, ab.cure))
        turns = duration(s.matk)
        for k in ab.statuses:
            if b.has(v, k):
                have = b.status(v, k)
                if have is not None and have.turns > 1:
                    continue
            per = STATUS_VALUE.get(k, 1.0)
            if k == REGEN:
                per = s.base_mdmg * 1.5 * (1 - b.hp[v] / b.hp_max(v)) + 0.5
            if k == HASTE and b.has(v, SLOW):
                per *= 1.3
            if k in (FAITH,) and not any(pack().abilities[i].attack == MAGICAL for i in b.sheets[v].actives):
                per = 0.1
            if k == BRAVERY and b.sheets[v].build.ref in ("mender", "evoker", "hexer"):
                per = 0.3
            if k in (PROTECT, SHELL):
                per *= 0.5 + (self._danger_share(v) if share is None else share)
            if k == QUICKEN and v == u:
                per *= 0.6
            terms.append(sign * per * (1 if k == QUICKEN else max(1, turns - 1)))
        return terms

    def _heal_value(self, v: int, amount: int) -> float:
        b = self.b
        missing = b.hp_max(v) - b.hp[v]
        got = min(missing, amount)
        urgency = 1.0 + 2.0 * (1.0 - b.hp[v] / b.hp_max(v))
        return got / b.hp_max(v) * 30 * urgency

    def _cure_value(self, v: int, mask: int) -> float:
        b = self.b
        return sum(STATUS_VALUE.get(x.kind, 1.0) * x.turns for x in b.st[v] if (mask >> x.kind) & 1)


def _from(s: Strike, origin: int) -> Strike:
    """Strike ``s`` made from square ``origin``."""
    if s.origin == origin:
        return s
    return Strike._make((*s[:_ORIGIN], origin, *s[_ORIGIN + 1 :]))


#: Where a strike's origin lies among its fields.
_ORIGIN = Strike._fields.index("origin")


def _steps(board: Board, jump: int) -> tuple[tuple[int, ...], ...]:
    """Each square's neighbours (n, e, s, w) whose height is within ``jump`` of its own."""
    key = (board, jump)
    got = _STEPS.get(key)
    if got is None:
        ht, step = board.ht, board.step
        got = _STEPS[key] = tuple(
            tuple(t for t in (step[d][s] for d in range(4)) if t >= 0 and abs(ht[t] - ht[s]) <= jump)
            for s in range(board.size)
        )
    return got


def _costs(board: Board, water: bool) -> list[int]:
    """Each square's cost to leave (walls and, unless ``water``, deep water: -1); read-only."""
    key = (board, water)
    got = _COSTS.get(key)
    if got is None:
        cost = [board.base_cost[sq] if board.base_cost[sq] > 0 else -1 for sq in range(board.size)]
        if water:
            cost = [1 if c < 0 and board.terrain[sq] != 3 else c for sq, c in enumerate(cost)]
        got = _COSTS[key] = cost
    return got


def _reach(b: Battle, v: int) -> int:
    """How far ``v`` strikes from where it stands (its weapon, or its longest attack)."""
    p = pack()
    best = max((w.range if (w.kind or w.long or w.reach) else 1) for w in b.weapons(v))
    for i in b.sheets[v].actives:
        ab = p.abilities[i]
        if ab.attack and ab.target == FOE and not ab.weapon:
            best = max(best, ab.range + ab.ae)
    return best


def _role(s: Sheet) -> str:
    if s.natural is not None:
        return (
            "melee" if s.natural.range <= 2 and not any(pack().abilities[i].range > 2 for i in s.actives) else "magic"
        )
    return pack().jobs[s.build.ref].role


def expect(b: Battle, a: int, t: int, s: Strike) -> tuple[float, float, float]:
    """Exactly, over the attack die: the expected damage (at most the target's HP), the chance
    to knock it out, and the chance the attack's effects land."""
    return expected(b, a, t, s)


__all__ = ["TacticsHeuristic", "expect"]
