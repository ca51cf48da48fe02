"""16 Bit Tactics in the terminal: the map with height and terrain at a glance,
units with their facing and side, the squares the acting unit can reach and the
targets it can strike highlighted, the initiative order, every roll and its
result band in words, and (campaigns) the camp, saved after each victory.

Map cells: the square's height (0-9) and a terrain mark (``.`` open, ``~``
water, ``=`` deep water, ``#`` wall, ``D`` rune door, ``O`` boulder, ``S``
slope; ``,`` broken/thick/fast ground). A unit shows as its square's height,
its letter (side 1 upper case, side 2 lower case) and an arrow for its facing.
Reachable squares are green, targets red. ``map`` in a game shows the map with
this legend; ``? <name>`` tells what an ability, spell, item or piece of gear does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action, Chance
from comboarena.core.grammar import plural
from comboarena.ui.textui import Command, MenuItem, TextUI

from .battle import ammo_dmg
from .campaign import campaign_text, roster_from_json
from .content import ELEMENTS, TARGETS, pack
from .determinize import state_from_view
from .maps import BOULDER, CLOSED, DEEP, DOOR, GONE, MODIFIER_NAMES, TERRAIN_CHARS, TERRAIN_NAMES, WALL, WATER, Map
from .narration import VERB_NAMES, TacticsNarration
from .statuses import NAMES as STATUS_NAMES
from .statuses import SKILLS

if TYPE_CHECKING:
    from .game import BitTactics

ARROWS = {"n": "▲", "e": "▶", "s": "▼", "w": "◀"}


def _completer(key: str) -> Callable[[str], str]:
    return lambda text: f"{key} {text.strip()}"


def _pct(x: float) -> str:
    return f"{x:.0%}" if x else "-"


SIDE_STYLE = ("bold bright_white on blue", "bold bright_white on red")


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
    """The text UI of 16 Bit Tactics (its events in words: :mod:`.narration`)."""

    game: BitTactics
    narration: TacticsNarration

    def __init__(self, game: BitTactics) -> None:
        super().__init__(game)
        self._saved: set[int] = set()

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
        self.narration.follow(view)  # the units' names for the lines that follow
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
            "survive": f"side 1 holds out {plural(m.objective_arg, 'round')}",
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
            # Every column but the statuses on one line: a long seat name ("16-bit-tactics.heuristic
            # (seat 1)") wrapped every row in two at 120 columns; the statuses take the room left.
            table.add_column(col, no_wrap=col != "statuses")
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
        """After a victory, write the campaign as it stands to a new file beside the old
        (a person's game without ``play --save``, which saves the record instead). Another
        campaign's file of that name is kept: this one gets the next free name."""
        c = self.game.campaign
        battle = view["battle"]
        if not self.saves or c is None or battle == c.next - 1 or battle in self._saved:
            return ""
        self._saved.add(battle)
        roster = tuple(roster_from_json(r, "view.roster", self.game.xp_table) for r in view["roster"])
        source = Path(self.game.campaign_from)
        stem = c.id.split(".battle")[0]
        folder = source.parent if source.suffix == ".toml" else Path.cwd()
        text = campaign_text(c, roster, battle + 1)
        path = folder / f"{stem}.battle{battle + 1}.toml"
        for n in range(2, 1000):
            if not path.exists() or _holds(path, text):
                break
            path = folder / f"{stem}.battle{battle + 1}-{n}.toml"
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            return f"Could not save the campaign to {path}: {exc.strerror or exc}"
        return (
            f"Campaign saved to {path}. Continue it later with: comboarena play 16-bit-tactics "
            f"-o mode=campaign -o campaign={path}"
        )

    def checkpoint(self, view: dict[str, Any]) -> str | None:
        """The camp after a campaign's battle won (not the camp the game began at)."""
        c = self.game.campaign
        if c is None or view["phase"] != "camp" or view["battle"] == c.next - 1:
            return None
        return f"camp before battle {view['battle'] + 1}"

    def misdirected(
        self, action: Action, view: dict[str, Any], before: dict[str, Any] | None, last: Action | None
    ) -> str | None:
        """An ``end`` typed as the first step of a unit's turn, when the person's last step
        (``last``, not ``end``) ended the previous unit's turn by itself (``face w`` after
        moving and acting; a counter-attack that knocked it out): the person most likely meant
        that unit, whose turn is over, not this one, which they may not have looked at yet."""
        if action.text != "end" or before is None or last is None or last.text == "end":
            return None
        if view["phase"] != "battle" or before["phase"] != "battle" or view["battle"] != before["battle"]:
            return None
        turn = view["turn"]
        if turn["moved"] or turn["acted"] or turn["faced"] or _turn_of(view) == _turn_of(before):
            return None
        then = before["units"][before["queue"]["current"]]["name"]
        now = view["units"][view["queue"]["current"]]
        return (
            f"{then}'s turn is already over (it ended after '{last.text}'); 'end' now would end "
            f"{now['name']}'s turn (at {now['square']}) before it does anything. "
            f"Type end again to end {now['name']}'s turn, or give its move."
        )

    def commands(self) -> dict[str, Command]:
        return {
            "odds": ("the chances of each attack you can make now, target by target, before you commit", self._odds),
            "units": ("every unit's numbers: dice, thresholds, MOV, Jump, skills", self._sheets),
            "map": ("the battle map: each square's height and terrain, with a legend", self._map_key),
        }

    def _map_key(self, view: dict[str, Any]) -> RenderableType:
        if view.get("phase") != "battle":
            return Text("There is no battle map at camp; the next battle's map is drawn when it begins.")
        m = self.game.maps[view["battle"]]
        units = {u["square"]: (i, u) for i, u in enumerate(view["units"])}
        return Group(
            Text(f"{m.title} — {m.width}x{m.height}"),
            draw_map(m, view["features"], units, self.letters(view)),
            map_legend(m),
        )

    def explain(self, topic: str, view: dict[str, Any] | None) -> RenderableType | None:
        """An ability's, spell's, item's or gear's text, MP cost, range and area (``? ward``)."""
        return explain_content(topic)

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
                hit_damage(u),
                str(st["mdmg"]),
                f"{st['eva']}/{st['def2']}/{st['def']}",
                f"{st['meva']}/{st['mdef2']}/{st['mdef']}",
                str(st["mov"]),
                str(st["jump"]),
                f"d{st['might']}/d{st['agility']}/d{st['lore']}/d{st['charm']}",
                ", ".join(x for x in u["equip"] if x) or "-",
            )
        note = Text(
            "DMG: a Fight's damage rating with each weapon in hand (the unit's DMG, the weapon's and its ammo's); "
            "M.Dmg: the unit's own, before a spell's bonus.",
            style="dim",
        )
        return Group(table, note)

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


def _holds(path: Path, text: str) -> bool:
    """Whether the file at ``path`` holds ``text`` already (unreadable: no)."""
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def _turn_of(view: dict[str, Any]) -> tuple[Any, ...]:
    """Which turn a battle view is drawn for: the acting unit, and where the round is."""
    q = view["queue"]
    return (view["battle"], q["round"], q["at"], q["current"], q["extra_turn"])


def draw_map(
    m: Map,
    features: Sequence[str] | None = None,
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
    states = features if features is not None else m.start_features()
    for f, state in zip(m.features, states, strict=True):
        if f.kind == DOOR:
            blocked[m.square_name(f.square)] = "D" if state == CLOSED else "d"
        elif f.kind == BOULDER and state != GONE:
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
            cell = f"{m.ht[sq]}{mark} "
            if name in units:
                i, u = units[name]
                # The square's height stays in view under a unit.
                cell = f"{m.ht[sq]}{letters[i]}" + ("x" if u["ko"] else ARROWS[u["facing"]])
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
    t.append(" " * (w + 1) + "".join(f" {chr(97 + x)}   " for x in range(m.width)))
    return t


#: The marks of a map cell, for the legends.
LEGEND = (
    "Each square: its height, then . open  ~ water  = deep water  # wall  D rune door  O boulder  S slope"
    "  , broken/thick/fast ground; a unit shows as height, letter and facing (2A▲; x: knocked out)."
)


def map_legend(m: Map, zones: bool = False) -> RenderableType:
    """What the marks of a drawn map mean, its puzzles and its ground modifiers."""
    parts: list[RenderableType] = [Text(LEGEND + ("  Blue: side 1 starts; red: side 2 starts." if zones else ""))]
    if m.features:
        table = Table(title="Puzzles", box=None, header_style="bold")
        for col in ("square", "feature", "skill", "difficulty", "damage"):
            table.add_column(col)
        for f in m.features:
            table.add_row(
                m.square_name(f.square),
                TERRAIN_NAMES[f.kind] + (f" (slides {'nesw'[f.down]})" if f.down >= 0 else ""),
                SKILLS[f.skill],
                f"beat {f.tn}",
                str(f.damage or "-"),
            )
        parts.append(table)
    mods = sorted({MODIFIER_NAMES[x] for x in m.mod if x})
    if mods:
        parts.append(Text("Modifiers on this map (MC + 1): " + ", ".join(mods)))
    return Group(*parts)


def hit_damage(unit: dict[str, Any]) -> str:
    """A unit's damage rating with each weapon it fights with ("8", "7/6" with two), as a
    Fight deals it: the unit's DMG, the weapon's and, for a ranged weapon, its ammo's."""
    p = pack()
    dmg = unit["stats"]["dmg"]
    if unit["kind"] != "pc":  # a monster's natural weapon needs no ammo
        return str(max(0, dmg + p.monsters[unit["build"]["monster"]].weapon.dmg))
    ammo = unit["equip"][2]
    weapons = [p.weapons[w] for w in unit["equip"][:2] if w in p.weapons]
    figures = [max(0, dmg + w.dmg + (max(ammo_dmg(ammo, w), 0) if w.ranged else 0)) for w in weapons]
    return "/".join(map(str, figures)) or str(dmg)


def _area(ae: int, line: bool) -> str:
    if line:
        return f"a line of {ae} squares" if ae else "a line"
    if ae == 0:
        return "one square"
    if ae == 1:
        return "the square and the four around it"
    return f"the square and every square within {ae}"


def explain_content(topic: str) -> RenderableType | None:
    """What an ability, spell, item, weapon, armour or ammo of the content pack is (by id or
    name, any case), or ``None``."""
    p = pack()
    key = topic.strip().lower().replace(" ", "-")
    for ab in p.abilities:
        if key in (ab.id, ab.name.lower().replace(" ", "-")):
            kind = {"ja": "job ability", "spell": "spell"}.get(ab.kind, f"{ab.kind} ability")
            lines = [f"{ab.name} ({kind}, {ab.source}): {ab.text}"]
            if ab.active:
                reach = (
                    "yourself"
                    if TARGETS[ab.target] == "self"
                    else ("the weapon's range" if ab.weapon and ab.range == 0 else f"{ab.range} squares")
                )
                lines.append(
                    f"MP cost {ab.mp} · range {reach} · area {_area(ab.ae, ab.line)} · targets {TARGETS[ab.target]}"
                    + (f" · element {ELEMENTS[ab.element]}" if ab.element else "")
                    + (f" · statuses {', '.join(STATUS_NAMES[x] for x in ab.statuses)}" if ab.statuses else "")
                )
            elif ab.effect:
                lines.append(f"effect: {ab.effect}")
            if ab.ap:
                lines.append(f"learned for {ab.ap} AP")
            return Text("\n".join(lines))
    gear: list[tuple[str, str, str, str, str]] = []  # (id, name, what, text, numbers) of every piece
    gear += [(i, x.name, "item", x.text, "") for i, x in p.items.items()]
    gear += [
        (i, x.name, "weapon", x.text, f"DMG +{x.dmg} · range {x.range}" + (" · two hands" if x.two_hand else ""))
        for i, x in p.weapons.items()
    ]
    gear += [(i, x.name, "armour", x.text, "") for i, x in p.armours.items()]
    gear += [(i, x.name, "ammo", x.text, f"DMG +{x.dmg}") for i, x in p.ammo.items()]
    for gid, name, what, text, numbers in gear:
        if key in (gid, name.lower().replace(" ", "-")):
            return Text(" · ".join(x for x in (f"{name} ({what})" + (f": {text}" if text else ""), numbers) if x))
    return None


__all__ = ["TacticsText", "draw_map", "explain_content", "hit_damage", "map_legend"]
