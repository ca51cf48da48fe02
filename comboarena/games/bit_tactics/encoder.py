"""16 Bit Tactics for learning libraries: a fixed action numbering over squares x
commands, with a legal mask, and a flat observation of a view.

Actions, in order (``docs/games/16-bit-tactics.md`` prints the counts): ``move``
to each square, ``face n/e/s/w``, ``end``, ``ready``; ``fight``, ``guard`` and
``limit`` at each square; for each job ability the units of this game may use,
``ja <ability>`` at each square (and ``... off`` for weapon abilities); for each
spell, ``magic <spell>`` and ``limit <spell>`` at each square; ``item <item>``
at each square for each item they carry; ``skill <skill>`` at each square; then
the camp decisions of a campaign's party. Squares run ``a1, b1, ...`` over the
largest map of the game.

The observation is side-relative ("mine" is the observer's side; a spectator
sees side 1's): per square, then per unit slot, then a few globals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Encoder, Layout, check_seat

from . import actions as A
from .content import ACTIVE_KINDS, PASSIVE, pack
from .maps import CLOSED, DEEP, GONE, OPENED, SLOPED, WALL, WATER, Map, square_name
from .statuses import NAMES, SKILLS
from .units import sheet_of
from .view import BATTLE

if TYPE_CHECKING:
    from .game import BitTactics
    from .state import TacticsState

#: The numbers of each square in the ``squares`` feature, in order.
HEIGHT, BLOCKED, WATERY, MODIFIED, MINE, FOE, FALLEN, HP_SHARE = range(8)
SQUARE_FEATURES = 8
#: The numbers of each unit slot in the ``units`` feature: these, then facing n e s w
#: (from ``FACING_AT``), the acting unit (``ACTING``), then one per status (from ``STATUS_AT``).
PRESENT, IS_MINE, IS_FALLEN, UNIT_HP, UNIT_MP, LIMIT, LEVEL, FILE, RANK = range(9)
FACING_AT, ACTING, STATUS_AT = 9, 13, 14
UNIT_FEATURES = STATUS_AT + len(NAMES)
_FACING = {d: i for i, d in enumerate("nesw")}


def action_list(game: BitTactics) -> list[Action]:
    """Every action the game can offer with its options, in the encoder's order."""
    p = pack()
    width = max(m.width for m in game.maps)
    height = max(m.height for m in game.maps)
    squares = [square_name(y * width + x, width) for y in range(height) for x in range(width)]
    out: list[Action] = [A.move(s) for s in squares]
    out += [A.FACES[d] for d in "nesw"]
    out += [A.END, A.READY]
    for verb in ("fight", "guard", "limit"):
        out += [A.command(verb, "", s) for s in squares]
    abilities, items = _universe(game)
    for i in abilities:
        ab = p.abilities[i]
        if ab.kind == "ja":
            out += [A.command("ja", ab.id, s) for s in squares]
            if ab.weapon:
                out += [A.command("ja", ab.id, s, True) for s in squares]
        else:
            out += [A.command("magic", ab.id, s) for s in squares]
            out += [A.command("limit", ab.id, s) for s in squares]
    for item in items:
        out += [A.command("item", item, s) for s in squares]
    for skill in SKILLS:
        out += [A.command("skill", skill, s) for s in squares]
    if game.campaign is not None:
        job_abilities = [p.abilities[i] for j in p.jobs.values() for i in j.abilities]
        for r in game.campaign.roster:
            out += [A.camp("job", r.name, j) for j in p.jobs]
            out += [A.camp("secondary", r.name, j) for j in (*p.jobs, "none")]
            out += [A.camp("learn", r.name, a.id) for a in job_abilities]
            passive = [a.id for a in job_abilities if a.kind in PASSIVE]
            out += [A.camp("equip", r.name, a) for a in passive]
            out += [A.camp("remove", r.name, a) for a in passive]
    return out


def _universe(game: BitTactics) -> tuple[list[int], list[str]]:
    """The JAs and spells (indices) and the items the units of this game can use."""
    p = pack()
    if game.campaign is not None:
        abilities = [i for j in p.jobs.values() for i in j.abilities if p.abilities[i].kind in ACTIVE_KINDS]
        for b in game.campaign.battles:
            for f in b.foes:
                abilities += [i for i in p.monsters[f].abilities if i not in abilities]
        return sorted(set(abilities)), list(p.gear_ids)
    abilities_set: set[int] = set()
    items: list[str] = []
    for side in game.battle_sides(0, ()):
        for build in side:
            abilities_set.update(sheet_of(build, 0, 0).actives)
            # Spare gear switched in leaves the equipped piece in the inventory.
            for it in (*build.items, build.weapon, build.offhand, build.ammo):
                if it and it not in items:
                    items.append(it)
    return sorted(abilities_set), items


def _layout(squares: int, units: int) -> Layout:
    layout = Layout()
    layout.add(
        "squares",
        squares * SQUARE_FEATURES,
        "per square (a1, b1, ...): height/9, no unit can stand there (wall, deep water, a closed door, "
        "a boulder), water, a terrain modifier (broken, thick, fast), a unit of mine, a foe, a fallen "
        "unit, the HP share of the unit there",
    )
    layout.add(
        "units",
        units * UNIT_FEATURES,
        "per unit (in the game's order): present, mine, fallen, HP share, MP share, Limit/20, level/10, "
        "file/width, rank/height, facing one-hot (n e s w), the acting unit, then one per status",
    )
    layout.add("phase", 3, "one-hot: battle, camp, over")
    layout.add("round", 1, "round / the round limit")
    layout.add("turn", 3, "the acting unit has moved, acted, turned")
    layout.add("to_act", 1, "1 if the observer is to act")
    return layout


class TacticsEncoder(Encoder):
    """Action numbers and observations for 16 Bit Tactics with a game's options."""

    version = 1

    def __init__(self, game: BitTactics) -> None:
        self.game = game
        self.width = max(m.width for m in game.maps)
        self.height = max(m.height for m in game.maps)
        self.units = max_units(game)
        super().__init__(action_list(game), _layout(self.width * self.height, self.units))
        self._status = {n: i for i, n in enumerate(NAMES)}
        self._squares_at = self.layout.by_name["squares"].start
        self._units_at = self.layout.by_name["units"].start
        #: where ``phase``, ``round``, ``turn`` and ``to_act`` begin
        self._globals_at = tuple(self.layout.by_name[f].start for f in ("phase", "round", "turn", "to_act"))
        #: per map: the map, its observation before any unit is placed (heights and terrain),
        #: and its squares by name
        self._templates: dict[str, tuple[Map, list[float], dict[str, int]]] = {}
        for m in game.maps:
            obs = self.observation()
            squares = obs["squares"]
            for sq in range(m.size):
                o = self._slot(m, sq)
                squares[o + HEIGHT] = m.ht[sq] / 9
                squares[o + BLOCKED] = 1.0 if m.terrain[sq] in (WALL, DEEP) else 0.0
                squares[o + WATERY] = 1.0 if m.terrain[sq] in (WATER, DEEP) else 0.0
                squares[o + MODIFIED] = 1.0 if m.mod[sq] else 0.0
            self._templates[m.id] = (m, obs.values, {m.square_name(sq): sq for sq in range(m.size)})

    def _slot(self, m: Map, sq: int) -> int:
        """Where square ``sq`` of map ``m`` begins in the ``squares`` feature (laid out on the largest map)."""
        return ((sq // m.width) * self.width + sq % m.width) * SQUARE_FEATURES

    def observe(self, view: dict[str, Any]) -> list[float]:
        m, template, index = self._templates[view["map"]]
        obs = self.observation()
        obs.values = template[:]  # the map's heights and terrain, filled in once
        # Written straight into the list at the two features' offsets (on every step of every
        # learning loop): a square's slot is within the largest map's squares, and a unit's
        # within ``self.units`` slots, by construction.
        values = obs.values
        squares, units = self._squares_at, self._units_at
        seat = view["seat"]
        mine = 0
        for side, team in enumerate(self.game.teams):
            if seat in team:
                mine = side
        for feat, state in zip(m.features, view["features"] if view["units"] else (), strict=False):
            if state == CLOSED:
                values[squares + self._slot(m, feat.square) + BLOCKED] = 1.0
            elif state not in (OPENED, SLOPED, GONE):
                values[squares + self._slot(m, index[state]) + BLOCKED] = 1.0
        queue = view["queue"]
        current = queue["current"] if queue is not None and view["phase"] == "battle" else -1
        status = self._status
        width, height = m.width, m.height
        for u, unit in enumerate(view["units"][: self.units]):
            sq = index[unit["square"]]
            o = squares + self._slot(m, sq)
            stats = unit["stats"]
            share = unit["hp"] / stats["hp_max"]
            fallen = unit["hp"] <= 0
            is_mine = unit["side"] == mine
            values[o + (FALLEN if fallen else MINE if is_mine else FOE)] = 1.0
            values[o + HP_SHARE] = share
            k = units + u * UNIT_FEATURES
            values[k + PRESENT] = 1.0
            values[k + IS_MINE] = 1.0 if is_mine else 0.0
            values[k + IS_FALLEN] = 1.0 if fallen else 0.0
            values[k + UNIT_HP] = share
            values[k + UNIT_MP] = unit["mp"] / stats["mp_max"] if stats["mp_max"] else 0.0
            values[k + LIMIT] = unit["limit"] / 20
            values[k + LEVEL] = unit["level"] / 10
            values[k + FILE] = (sq % width) / max(1, width - 1)
            values[k + RANK] = (sq // width) / max(1, height - 1)
            values[k + FACING_AT + _FACING[unit["facing"]]] = 1.0
            if u == current:
                values[k + ACTING] = 1.0
            for st in unit["statuses"]:
                values[k + STATUS_AT + status[st[0]]] = 1.0
        obs.one_hot("phase", ("battle", "camp", "over").index(view["phase"]))
        obs["round"] = view["round"] / self.game.rounds
        turn = view["turn"]
        obs.put("turn", [1.0 if turn["moved"] else 0.0, 1.0 if turn["acted"] else 0.0, 1.0 if turn["faced"] else 0.0])
        obs["to_act"] = 1.0 if seat in view["to_act"] else 0.0
        return obs.values

    def observe_state(self, state: TacticsState, seat: int | None) -> list[float]:  # type: ignore[override]
        """``observe(state.view(seat))`` read straight from the state: the same numbers
        (the conformance check and ``tests/rules/bit_tactics/test_observe_state.py``
        compare the two)."""
        game = self.game
        if seat is not None:
            check_seat(game, seat)
        m, template, index = self._templates[game.maps[min(state.battle_index, len(game.maps) - 1)].id]
        values = template[:]
        squares, units = self._squares_at, self._units_at
        mine = 0
        for side, team in enumerate(game.teams):
            if seat in team:
                mine = side
        b = state.units
        q = state.queue
        if b is not None:
            for feat, fs in zip(m.features, state.features, strict=False):
                if fs == CLOSED:
                    values[squares + self._slot(m, feat.square) + BLOCKED] = 1.0
                elif fs not in (OPENED, SLOPED, GONE):
                    values[squares + self._slot(m, index[fs]) + BLOCKED] = 1.0
            current = q.current if q is not None and state.phase is BATTLE else -1
            width, height = m.width, m.height
            file_span, rank_span = max(1, width - 1), max(1, height - 1)
            hp, mp, limit, face, st, at = b.hp, b.mp, b.limit, b.face, b.st, b.sq
            for u, sheet in enumerate(b.sheets[: self.units]):
                sq = at[u]
                o = squares + self._slot(m, sq)
                share = hp[u] / sheet.hp
                fallen = hp[u] <= 0
                is_mine = sheet.side == mine
                values[o + (FALLEN if fallen else MINE if is_mine else FOE)] = 1.0
                values[o + HP_SHARE] = share
                k = units + u * UNIT_FEATURES
                values[k + PRESENT] = 1.0
                values[k + IS_MINE] = 1.0 if is_mine else 0.0
                values[k + IS_FALLEN] = 1.0 if fallen else 0.0
                values[k + UNIT_HP] = share
                values[k + UNIT_MP] = mp[u] / sheet.mp if sheet.mp else 0.0
                values[k + LIMIT] = limit[u] / 20
                values[k + LEVEL] = sheet.level / 10
                values[k + FILE] = (sq % width) / file_span
                values[k + RANK] = (sq // width) / rank_span
                values[k + FACING_AT + face[u]] = 1.0
                if u == current:
                    values[k + ACTING] = 1.0
                for x in st[u]:
                    values[k + STATUS_AT + x.kind] = 1.0
        at_ = self._globals_at
        values[at_[0] + ("battle", "camp", "over").index(str(state.phase))] = 1.0
        values[at_[1]] = (q.round if q is not None else 0) / game.rounds
        t = state.turn
        values[at_[2]] = 1.0 if t.moved else 0.0
        values[at_[2] + 1] = 1.0 if t.acted else 0.0
        values[at_[2] + 2] = 1.0 if t.faced else 0.0
        values[at_[3]] = 1.0 if seat in state.to_act else 0.0
        return values


def max_units(game: BitTactics) -> int:
    """The most units a battle of this game fields."""
    if game.campaign is not None:
        return len(game.campaign.roster) + max(len(b.foes) for b in game.campaign.battles)
    return sum(len(side) for side in game.battle_sides(0, ()))


__all__ = ["TacticsEncoder", "action_list", "max_units"]
