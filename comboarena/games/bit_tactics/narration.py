"""16 Bit Tactics in words: each event and the result as a sentence, for the terminal,
the play server's log and replays (plain text, no rich). Units are named as the
last view seen names them (the terminal shows each view it draws), else as the
game's sides name them before the first view.

>>> import comboarena as ca
>>> from comboarena.core import Event
>>> TacticsNarration(ca.make("16-bit-tactics")).describe(Event("ko", 1, {"unit": 0}), None, ["Ada", "Bob"])
'  Vanguard falls!'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from comboarena.core import Event, Result
from comboarena.core.grammar import plural
from comboarena.core.narration import Narration

from .content import pack
from .view import EventKind

if TYPE_CHECKING:
    from .game import BitTactics

#: The commands' names in words.
VERB_NAMES = {
    "fight": "Fight",
    "ja": "JA",
    "magic": "Magic",
    "item": "Item",
    "guard": "Guard",
    "limit": "Limit",
    "skill": "Skill",
}
#: Where an attack struck: the target's front, side or back.
FACING = ("front", "side", "back")


class TacticsNarration(Narration):
    """16 Bit Tactics' events and results in words."""

    game: BitTactics

    def __init__(self, game: BitTactics) -> None:
        super().__init__(game)
        #: The table as last handed over (:meth:`follow`): the units' names.
        self.view: dict[str, Any] | None = None

    #: Units are named by the table: a campaign's battles each bring their own.
    follows_table = True

    def follow(self, view: dict[str, Any]) -> None:
        # At camp the table has no units: the battle that just ended still names them.
        if view.get("units"):
            self.view = view

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        view = self.view
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
        if kind == EventKind.END_TURN:
            return f"{who(d['unit'])}'s turn is over: nothing is left for it to do" if d.get("done") else None
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
            turns = "" if d["status"] == "quicken" else f" for {plural(d['turns'], 'turn')}"
            return f"  {who(d['unit'])} gains {d['status']}{turns}"
        if kind == EventKind.TICK:
            resist: dict[str, Any] | None = d.get("roll")
            if not resist:
                return None
            last = resist["rolls"][-1]
            less = " — one turn less" if resist["won"] else ""
            return (
                f"  {who(d['unit'])}'s {d['status']}: {plural(d['turns'], 'turn')} left "
                f"(resists: {last[0]} vs {last[1]}{less})"
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

    def _first_names(self) -> list[str]:
        """Unit names before any view was drawn (agents that act before the first prompt)."""
        game = self.game
        if game.campaign is not None:
            return []
        a, b = game.battle_sides(0, ())
        return game.unit_names(a + b)

    def result_line(self, view: dict[str, Any], result: Result, names: Sequence[str]) -> str:
        if result.is_draw:
            return f"A draw: {result.reason}."
        return f"{' and '.join(names[s] for s in result.winners)} won: {result.reason}."


__all__ = ["FACING", "VERB_NAMES", "TacticsNarration"]
