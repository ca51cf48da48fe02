"""16 Bit Tactics in the terminal: the map with height and terrain at a glance,
units with their facing and side, the squares the acting unit can reach and the
targets it can strike highlighted, the initiative order, every roll and its
result band in words, and (campaigns) the camp, saved after each victory.

Map cells: the square's height (0-9) and a terrain mark (``.`` open, ``~``
water, ``=`` deep water, ``#`` wall, ``D`` rune door, ``O`` boulder, ``S``
slope; ``,`` broken/thick/fast ground). A unit shows as its letter (side 1
upper case, side 2 lower case) and an arrow for its facing. Reachable squares
are green, targets red.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action, Chance, Event
from comboarena.terminal.textui import MenuItem, TextUI

from .campaign import campaign_text, roster_from_json
from .content import pack
from .maps import BOULDER, DEEP, DOOR, TERRAIN_CHARS, WALL, WATER
from .view import EventKind

ARROWS = {"n": "▲", "e": "▶", "s": "▼", "w": "◀"}


def _completer(key: str) -> Callable[[str], str]:
    return lambda text: f"{key} {text.strip()}"


def _pct(x: float) -> str:
    return f"{x:.0%}" if x else "-"


SIDE_STYLE = ("bold bright_white on blue", "bold bright_white on red")
FACING = ("front", "side", "back")
VERB_NAMES = {
    "fight": "Fight",
    "ja": "JA",
    "magic": "Magic",
    "item": "Item",
    "guard": "Guard",
    "limit": "Limit",
    "skill": "Skill",
}


def _ground_style(height: int, terrain: int) -> str:
    if terrain == WALL:
        return "black on grey50"
    if terrain == DEEP:
        return "white on dark_blue"
    if terrain == WATER:
        return "white on blue3"
    shades = ("grey19", "grey27", "grey35", "grey42", "grey50", "grey58", "grey62", "grey66", "grey70", "grey74")
    return f"white on {shades[min(height, 9)]}"


class TacticsText(TextUI):
    """The text UI of 16 Bit Tactics."""

    game: Any

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._saved: set[int] = set()
        self._last: dict[str, Any] | None = None

    # -- the table --------------------------------------------------------------------------

    def letters(self, view: dict[str, Any]) -> list[str]:
        out = []
        counts = [0, 0]
        for u in view["units"]:
            side = u["side"]
            out.append(chr((65 if side == 0 else 97) + counts[side]))
            counts[side] += 1
        return out

    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        self._last = view
        parts: list[RenderableType] = []
        if view["phase"] == "camp":
            saved = self._autosave(view)
            parts.append(self._camp(view))
            if saved:
                parts.append(Text(saved, style="green"))
            return Group(*parts)
        parts.append(self._header(view, names))
        parts.append(self._map(view))
        parts.append(self._units(view, names))
        return Group(*parts)

    def _header(self, view: dict[str, Any], names: Sequence[str]) -> Text:
        game = self.game
        m = game.maps[view["battle"]]
        t = Text()
        t.append(f"{m.title}", style="bold")
        objective = {
            "rout": "rout the foe",
            "reach": f"side 1 reaches {m.square_name(m.objective_arg)}",
            "survive": f"side 1 holds out {m.objective_arg} rounds",
        }[m.objective]
        t.append(f" · round {view['round']} of {game.rounds} · objective: {objective}")
        if view["queue"] is not None:
            order = view["queue"]["order"]
            at = view["queue"]["at"]
            letters = self.letters(view)
            t.append("\nInitiative: ")
            for i, u in enumerate(order):
                unit = view["units"][u]
                style = SIDE_STYLE[unit["side"]] if not unit["ko"] else "dim strike"
                if i == at and not view["queue"]["extra_turn"]:
                    style += " underline"
                t.append(f" {letters[u]} ", style=style)
                t.append(" ")
            for u in view["queue"]["extra"]:
                t.append(f" +{letters[u]} ", style="bold yellow")
            if view["queue"]["extra_turn"]:
                t.append(f"  (extra turn: {letters[view['queue']['current']]}, Quicken)", style="yellow")
        return t

    def _marks(self, view: dict[str, Any]) -> tuple[set[str], set[str]]:
        """The squares the acting unit can reach, and the squares its commands can target."""
        if view["phase"] != "battle" or view["over"]:
            return set(), set()
        from .position import state_from_view

        try:
            state = state_from_view(self.game, view, Chance(0))
        except Exception:  # a client drawing a view it was handed: draw it without marks
            return set(), set()
        seat = view["to_act"][0]
        reach, targets = set(), set()
        for a in state.legal_actions(seat):
            words = a.text.split()
            if words[0] == "move":
                reach.add(words[1])
            elif words[0] in VERB_NAMES and words[0] not in ("guard", "item"):
                targets.add(words[-1] if words[-1] != "off" else words[-2])
        return reach, targets

    def _map(self, view: dict[str, Any]) -> Text:
        m = self.game.maps[view["battle"]]
        reach, targets = self._marks(view)
        units = {u["square"]: (i, u) for i, u in enumerate(view["units"])}
        current = view["queue"]["current"] if view["queue"] else -1
        return draw_map(m, view["features"], units, self.letters(view), reach, targets, current)

    def _units(self, view: dict[str, Any], names: Sequence[str]) -> Table:
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
        for col in ("", "unit", "side", "at", "HP", "MP", "Limit", "EVA/2DEF/DEF", "statuses"):
            table.add_column(col)
        letters = self.letters(view)
        for i, u in enumerate(view["units"]):
            st = u["stats"]
            statuses = ", ".join(f"{x[0]} {x[1]}" for x in u["statuses"]) or "-"
            hp = Text(f"{u['hp']}/{st['hp_max']}", style="red" if u["hp"] * 3 <= st["hp_max"] else "")
            who = (
                f"{u['name']} ({u['title']} {u['level']})" if u["name"] != u["title"] else f"{u['title']} {u['level']}"
            )
            table.add_row(
                Text(letters[i], style=SIDE_STYLE[u["side"]]),
                who,
                names[u["seat"]] if u["seat"] < len(names) else "",
                f"{u['square']} {ARROWS[u['facing']]}" if not u["ko"] else "fallen",
                hp,
                f"{u['mp']}/{st['mp_max']}",
                str(u["limit"]),
                f"{st['eva']}/{st['def2']}/{st['def']}",
                statuses,
            )
        return table

    def _camp(self, view: dict[str, Any]) -> RenderableType:
        game = self.game
        c = game.campaign
        battle = c.battles[view["battle"]] if c is not None else None
        head = Text(f"Camp before battle {view['battle'] + 1}", style="bold")
        if battle is not None:
            head.append(f": {battle.title} ({battle.map}) — {battle.text}")
        table = Table(box=None, padding=(0, 1), header_style="bold")
        for col in ("unit", "job", "level", "XP", "AP", "secondary", "reaction/support/movement", "Limit"):
            table.add_column(col)
        p = pack()
        for r in view["roster"]:
            passives = "/".join(p.ability(x).name if x else "-" for x in (r["reaction"], r["support"], r["movement"]))
            ap = ", ".join(f"{j} {n}" for j, n in r["ap"].items()) or "0"
            table.add_row(
                r["name"],
                p.jobs[r["job"]].name,
                str(len(r["history"])),
                str(r["xp"]),
                ap,
                r["secondary"] or "-",
                passives,
                str(r["limit"]),
            )
        rewards = view.get("rewards")
        parts: list[RenderableType] = [head, table]
        if rewards:
            parts.insert(
                1,
                Text(
                    f"Last battle: {rewards['award']} XP and AP each ({rewards['defeated']} of "
                    f"{rewards['enemies']} foes defeated by {rewards['pcs']})",
                    style="green",
                ),
            )
        return Group(*parts)

    def _autosave(self, view: dict[str, Any]) -> str:
        """After a victory, write the campaign as it stands to a new file beside the old."""
        c = self.game.campaign
        battle = view["battle"]
        if c is None or battle == c.next - 1 or battle in self._saved:
            return ""
        self._saved.add(battle)
        roster = tuple(roster_from_json(r, "view.roster", self.game.xp_table) for r in view["roster"])
        source = Path(self.game.options["campaign"])
        stem = c.id.split(".battle")[0]
        folder = source.parent if source.suffix == ".toml" else Path.cwd()
        path = folder / f"{stem}.battle{battle + 1}.toml"
        try:
            path.write_text(campaign_text(c, roster, battle + 1), encoding="utf-8")
        except OSError as exc:
            return f"Could not save the campaign to {path}: {exc.strerror or exc}"
        return (
            f"Campaign saved to {path}. Continue it later with: comboarena play 16-bit-tactics "
            f"-o mode=campaign -o campaign={path}"
        )

    # -- events in words ------------------------------------------------------------------

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        view = self._last
        kind = event.kind

        def who(u: Any) -> str:
            if view is not None and isinstance(u, int) and 0 <= u < len(view["units"]):
                return str(view["units"][u]["name"])
            early = self._first_names()
            return early[u] if isinstance(u, int) and 0 <= u < len(early) else str(u)

        if kind == EventKind.ROUND:
            rolls = ", ".join(f"{who(u)} {'/'.join(map(str, r))}" for u, r in d["rolls"] if r)
            order = " → ".join(who(u) for u in d["order"])
            return f"Round {d['round']}. Initiative (phases by EVA, then Agility rolls: {rolls}): {order}"
        if kind == EventKind.TURN:
            return f"— {who(d['unit'])}'s {'extra (Quicken) ' if d['extra'] else ''}turn —"
        if kind == EventKind.MOVE:
            return f"{who(d['unit'])} moves {' → '.join(d['path'])} ({d['cost']} MOV)"
        if kind == EventKind.SLIP:
            verdict = "keeps its footing" if d["ok"] else f"slips and slides to {d['to']}"
            return (
                f"{who(d['unit'])} on the slope at {d['square']}: Agility d{d['die']} rolls {d['roll']} "
                f"(must beat {d['tn']}) — {verdict}"
            )
        if kind == EventKind.FACE:
            return None if d["why"] == "attack" else f"{who(d['unit'])} turns to face {d['facing']}"
        if kind == EventKind.ACT:
            what = (
                f" {pack().ability(d['ability']).name}"
                if d["ability"] in pack().ability_index
                else (f" {d['ability']}" if d["ability"] else "")
            )
            return f"{who(d['unit'])}: {VERB_NAMES[d['command']]}{what} at {d['target']}"
        if kind == EventKind.ROLL:
            if d["attack"] == "physical":
                th = f"{FACING[d['facing']]}: EVA {d['eva']}, 2DEF {d['def2']}, DEF {d['def']}"
            else:
                th = f"M.Eva {d['meva']}, 2M.Def {d['mdef2']}, M.Def {d['mdef']}"
            rolls = d["rolls"]
            roll = f"rolls {rolls[0]}" if len(rolls) == 1 else f"rolls {rolls[0]} and {rolls[1]} (Blind: the lower)"
            crit = " — CRIT (DMG doubled)" if d["crit"] else ""
            band = {
                "miss": "no damage, no effect",
                "quarter": "a quarter of the damage",
                "half": "half damage",
                "full": "full damage",
                "fully resisted": "fully resisted: a quarter, no status",
                "partially resisted": "partially resisted: half damage, half the status",
            }[d["band"]]
            return f"  {who(d['unit'])} → {who(d['target'])} ({th}): d{d['die']} {roll}{crit} → {band}"
        if kind == EventKind.DAMAGE:
            why = {
                "attack": "",
                "sap": " (Sap)",
                "fall": " (a fall)",
                "runes": " (the runes burn)",
                "boulder": " (the boulder)",
                "slip": " (the slip)",
            }.get(d["why"], "")
            return f"  {who(d['unit'])} takes {d['amount']} damage{why} — {d['hp']} HP left"
        if kind == EventKind.HEAL:
            return f"  {who(d['unit'])} recovers {d['amount']} HP ({d['why']}) — {d['hp']} HP"
        if kind == EventKind.STATUS:
            if d["why"] in ("immune", "too short") or "gaze" in d["why"]:
                return f"  {who(d['unit'])} shrugs off {d['status']} ({d['why']})"
            turns = "" if d["status"] == "quicken" else f" for {d['turns']} turns"
            return f"  {who(d['unit'])} gains {d['status']}{turns}"
        if kind == EventKind.TICK:
            resist: dict[str, Any] | None = d.get("roll")
            if not resist:
                return None
            last = resist["rolls"][-1]
            less = " — one turn less" if resist["won"] else ""
            return (
                f"  {who(d['unit'])}'s {d['status']}: {d['turns']} turns left (resists: {last[0]} vs {last[1]}{less})"
            )
        if kind == EventKind.EXPIRE:
            return f"  {who(d['unit'])}'s {d['status']} ends"
        if kind == EventKind.KNOCKBACK:
            fall = f", falling {d['fall']} HT" if d["fall"] else ""
            return f"  {who(d['unit'])} is knocked back {d['from']} → {d['to']}{fall}"
        if kind == EventKind.LIMIT:
            return f"  {who(d['unit'])} Limit {d['limit']}" + (
                " — LIMIT READY" if d["limit"] >= 10 > d["limit"] - d["change"] else ""
            )
        if kind == EventKind.KO:
            return f"  {who(d['unit'])} falls!"
        if kind == EventKind.REVIVE:
            return f"  {who(d['unit'])} gets back up with {d['hp']} HP"
        if kind == EventKind.COUNTER:
            return f"  {who(d['unit'])} counter-attacks {who(d['target'])}!"
        if kind == EventKind.ITEM:
            return f"  {who(d['unit'])} uses {pack().items[d['item']].name} ({d['left']} left)"
        if kind == EventKind.EQUIP:
            return f"  {who(d['unit'])} equips {d['equipped']}" + (
                f", stowing {', '.join(d['stowed'])}" if d["stowed"] else ""
            )
        if kind == EventKind.SKILL:
            verdict = "success" if d["ok"] else "failure"
            return (
                f"  {who(d['unit'])} tries the {d['skill']} puzzle at {d['square']}: d{d['die']} rolls {d['roll']} "
                f"(must beat {d['tn']}) — {verdict}: {d['effect']}"
            )
        if kind == EventKind.GUARD:
            return f"  {who(d['unit'])} guards {who(d['target'])} (half physical damage until its next turn)"
        if kind == EventKind.SKIP:
            return f"  {who(d['unit'])}'s turn passes ({d['why']})"
        if kind == EventKind.VICTORY:
            side = "a draw" if d["side"] == -2 else f"side {d['side'] + 1} wins"
            return f"Battle over: {side} ({d['why']})"
        if kind == EventKind.REWARDS:
            return (
                f"Rewards: {d['award']} XP and AP for each of the {d['pcs']} party members "
                f"({d['defeated']} foes defeated, difficulty {d['enemies']}/{d['pcs']})"
            )
        if kind == EventKind.LEVEL_UP:
            return f"  {d['unit']} reaches level {d['level']} as a {pack().jobs[d['job']].name}!"
        if kind == EventKind.CAMP:
            return None if d["action"] == "ready" else f"  {d['unit']}: {d['action']} {d['what']}"
        return None

    def commands(self) -> dict[str, Any]:
        return {
            "odds": ("the chances of each attack you can make now, target by target, before you commit", self._odds),
            "units": ("every unit's numbers: dice, thresholds, MOV, Jump, skills", self._sheets),
        }

    def _odds(self, view: dict[str, Any]) -> RenderableType:
        rows = view.get("odds")
        if not rows:
            return Text("No attack to make now (or it is not your turn).")
        table = Table(box=None, padding=(0, 1), header_style="bold", title="Odds of your attacks")
        for col in (
            "command",
            "target",
            "miss",
            "quarter",
            "half",
            "full",
            "crit",
            "expected damage",
            "knock out",
            "effect",
        ):
            table.add_column(col)
        for row in rows:
            for t in row["targets"]:
                b = t["bands"]
                quarter = b.get("quarter", 0) + b.get("fully resisted", 0)
                half = b.get("half", 0) + b.get("partially resisted", 0)
                table.add_row(
                    row["action"],
                    t["name"] + (" (ally!)" if t["ally"] else ""),
                    _pct(b.get("miss", 0)),
                    _pct(quarter),
                    _pct(half),
                    _pct(b.get("full", 0)),
                    _pct(t["crit"]),
                    f"{t['damage']:.1f}",
                    _pct(t["ko"]),
                    _pct(t["effect"]),
                )
        return table

    def _sheets(self, view: dict[str, Any]) -> RenderableType:
        table = Table(box=None, padding=(0, 1), header_style="bold", title="Units")
        for col in (
            "unit",
            "ATK",
            "M.Atk",
            "DMG",
            "M.Dmg",
            "EVA/2DEF/DEF",
            "M.Eva/2M.Def/M.Def",
            "MOV",
            "Jump",
            "Might/Agility/Lore/Charm",
            "equipped",
        ):
            table.add_column(col)
        for u in view["units"]:
            st = u["stats"]
            table.add_row(
                u["name"],
                f"d{st['atk']}",
                f"d{st['matk']}",
                str(st["dmg"]),
                str(st["mdmg"]),
                f"{st['eva']}/{st['def2']}/{st['def']}",
                f"{st['meva']}/{st['mdef2']}/{st['mdef']}",
                str(st["mov"]),
                str(st["jump"]),
                f"d{st['might']}/d{st['agility']}/d{st['lore']}/d{st['charm']}",
                ", ".join(x for x in u["equip"] if x) or "-",
            )
        return table

    def _first_names(self) -> list[str]:
        """Unit names before any view was drawn (agents that act before the first prompt)."""
        game = self.game
        if game.campaign is not None:
            return []
        a, b = game.battle_sides(0, ())
        return game.unit_names(a + b)

    # -- the menu ------------------------------------------------------------------------

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        groups: dict[str, list[Action]] = {}
        for a in legal:
            words = a.text.split()
            key = words[0] if words[0] in ("move", "fight", "guard") else " ".join(words[:2])
            if words[0] in ("face", "end", "ready"):
                key = a.text
            elif words[0] == "limit":
                key = "limit" if len(words) == 2 else f"limit {words[1]}"
            elif words[0] in ("job", "secondary", "learn", "equip", "remove"):
                key = a.text
            groups.setdefault(key, []).append(a)
        items = []
        for key, acts in groups.items():
            if len(acts) == 1:
                items.append(MenuItem(acts[0].text, acts))
                continue
            squares = [a.text.split()[-1] if a.text.split()[-1] != "off" else a.text.split()[-2] + " off" for a in acts]
            label = f"{key} ({', '.join(squares[:6])}{' ...' if len(squares) > 6 else ''})"
            items.append(
                MenuItem(
                    label,
                    acts,
                    ask=f"{key}: which square? ({', '.join(squares)})",
                    complete=_completer(key),
                )
            )
        return items

    def result_line(self, view: dict[str, Any], result: Any, names: Sequence[str]) -> str:
        if result.is_draw:
            return f"A draw: {result.reason}."
        return f"{' and '.join(names[s] for s in result.winners)} won: {result.reason}."


def draw_map(
    m: Any,
    features: list[str] | None = None,
    units: dict[str, tuple[int, dict[str, Any]]] | None = None,
    letters: list[str] | None = None,
    reach: set[str] | None = None,
    targets: set[str] | None = None,
    current: int = -1,
    zones: bool = False,
) -> Text:
    """The map as coloured text: height and terrain per square, units with facing, marks."""
    units = units or {}
    reach = reach or set()
    targets = targets or set()
    letters = letters or []
    blocked = {}
    states = (
        features
        if features is not None
        else [
            "closed" if f.kind == DOOR else m.square_name(f.square) if f.kind == BOULDER else "slope"
            for f in m.features
        ]
    )
    for f, state in zip(m.features, states, strict=True):
        if f.kind == DOOR:
            blocked[m.square_name(f.square)] = "D" if state == "closed" else "d"
        elif f.kind == BOULDER and state != "gone":
            blocked[state] = "O"
    deploy = {m.square_name(s): side for side in (0, 1) for s in m.deploy[side]} if zones else {}
    t = Text()
    w = len(str(m.height))
    for y in range(m.height - 1, -1, -1):
        t.append(f"{y + 1:>{w}} ")
        for x in range(m.width):
            sq = y * m.width + x
            name = m.square_name(sq)
            terrain = m.terrain[sq]
            style = _ground_style(m.ht[sq], terrain)
            mark = "." if terrain in (DOOR, BOULDER) else TERRAIN_CHARS[terrain]
            mark = blocked.get(name, mark)
            if m.mod[sq] and mark == ".":
                mark = ","
            cell = f"{m.ht[sq]}{mark}"
            if name in units:
                i, u = units[name]
                cell = letters[i] + ("x" if u["ko"] else ARROWS[u["facing"]])
                style = "dim" if u["ko"] else SIDE_STYLE[u["side"]]
                if i == current:
                    style += " underline"
            if name in targets:
                style = "bold white on red3"
            elif name in reach:
                style = "black on green3"
            elif name in deploy:
                style = SIDE_STYLE[deploy[name]]
            t.append(f" {cell} ", style=style)
        t.append("\n")
    t.append(" " * (w + 1) + "".join(f" {chr(97 + x)}  " for x in range(m.width)))
    return t


__all__ = ["TacticsText", "draw_map"]
