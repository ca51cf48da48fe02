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

from comboarena.core import Action, Encoder, Layout, one_hot

from . import actions as A
from .content import ACTIVE_KINDS, PASSIVE, pack
from .maps import square_name
from .statuses import NAMES, SKILLS

if TYPE_CHECKING:
    from .game import BitTactics

SQUARE_FEATURES = 8
UNIT_FEATURES = 14 + len(NAMES)


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
    from .units import sheet_of

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
        from .maps import DEEP, WALL, WATER

        self.game = game
        self.width = max(m.width for m in game.maps)
        self.height = max(m.height for m in game.maps)
        self.units = max_units(game)
        super().__init__(action_list(game), _layout(self.width * self.height, self.units))
        self.f = {f.name: f for f in self.layout.features}
        self._status = {n: i for i, n in enumerate(NAMES)}
        self._templates = {}
        for m in game.maps:
            t = self.blank()
            for sq in range(m.size):
                o = self._offset(m, sq)
                t[o] = m.ht[sq] / 9
                t[o + 1] = 1.0 if m.terrain[sq] in (WALL, DEEP) else 0.0
                t[o + 2] = 1.0 if m.terrain[sq] in (WATER, DEEP) else 0.0
                t[o + 3] = 1.0 if m.mod[sq] else 0.0
            self._templates[m.id] = (m, t, {m.square_name(sq): sq for sq in range(m.size)})

    def _offset(self, m: Any, sq: int) -> int:
        return self.f["squares"].start + ((sq // m.width) * self.width + sq % m.width) * SQUARE_FEATURES

    def observe(self, view: dict[str, Any]) -> list[float]:
        m, template, index = self._templates[view["map"]]
        out = template[:]
        f = self.f
        seat = view["seat"]
        mine = 0
        for side, team in enumerate(self.game.teams):
            if seat in team:
                mine = side
        for feat, state in zip(m.features, view["features"] if view["units"] else (), strict=False):
            if state == "closed":
                out[self._offset(m, feat.square) + 1] = 1.0
            elif state not in ("open", "slope", "gone"):
                out[self._offset(m, index[state]) + 1] = 1.0
        queue = view["queue"]
        current = queue["current"] if queue is not None and view["phase"] == "battle" else -1
        ub = f["units"].start
        status = self._status
        for u, unit in enumerate(view["units"][: self.units]):
            sq = index[unit["square"]]
            o = self._offset(m, sq)
            stats = unit["stats"]
            share = unit["hp"] / stats["hp_max"]
            fallen = unit["hp"] <= 0
            out[o + (6 if fallen else 4 if unit["side"] == mine else 5)] = 1.0
            out[o + 7] = share
            k = ub + u * UNIT_FEATURES
            out[k] = 1.0
            out[k + 1] = 1.0 if unit["side"] == mine else 0.0
            out[k + 2] = 1.0 if fallen else 0.0
            out[k + 3] = share
            out[k + 4] = unit["mp"] / stats["mp_max"] if stats["mp_max"] else 0.0
            out[k + 5] = unit["limit"] / 20
            out[k + 6] = unit["level"] / 10
            out[k + 7] = (sq % m.width) / max(1, m.width - 1)
            out[k + 8] = (sq // m.width) / max(1, m.height - 1)
            out[k + 9 + "nesw".index(unit["facing"])] = 1.0
            if u == current:
                out[k + 13] = 1.0
            for st in unit["statuses"]:
                out[k + 14 + status[st[0]]] = 1.0
        one_hot(out, f["phase"], ("battle", "camp", "over").index(view["phase"]))
        out[f["round"].start] = view["round"] / self.game.rounds
        turn = view["turn"]
        t0 = f["turn"].start
        out[t0] = 1.0 if turn["moved"] else 0.0
        out[t0 + 1] = 1.0 if turn["acted"] else 0.0
        out[t0 + 2] = 1.0 if turn["faced"] else 0.0
        out[f["to_act"].start] = 1.0 if seat in view["to_act"] else 0.0
        return out


def max_units(game: BitTactics) -> int:
    """The most units a battle of this game fields."""
    if game.campaign is not None:
        return len(game.campaign.roster) + max(len(b.foes) for b in game.campaign.battles)
    return sum(len(side) for side in game.battle_sides(0, ()))


__all__ = ["TacticsEncoder", "action_list", "max_units"]
