"""16 Combos in the terminal: each character's two rows of cards (face up,
face down, and your own hidden cards marked as known to you), values where
you know them, the defense pair, order cards, the waste and piles, the action
in progress and who may react; the Combo Table is part of ``?`` (the
notation text). The moves in words are :mod:`.narration`'s."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action
from comboarena.core.grammar import verb
from comboarena.ui.textui import MenuItem, TextUI

from . import actions as A
from .cards import TYPE_INDEX, TYPE_NAMES, TYPE_SYMBOLS, TYPES
from .combos import COMBO, NAMES, TAGS, TEXT
from .narration import type_text

if TYPE_CHECKING:
    from .game import SixteenCombos

RED = {"H", "D"}


def card_text(card: str | None, known_only_to_you: bool = False) -> Text:
    """A card: ``7♥`` (red for hearts and diamonds), ``??`` face down, ``(7♥)`` face down but known to you."""
    if card is None:
        return Text("??", style="dim")
    rank, suit = card[0], card[1] if len(card) > 1 and card[1] in "SHDC" else ""
    if card[:2] in ("BJ", "RJ"):
        face = "🃏" + card[0]
        style = "bold magenta"
    else:
        face = f"{'10' if rank == 'T' else rank}{TYPE_SYMBOLS[TYPE_INDEX[suit]]}"
        style = "bold red" if suit in RED else "bold"
    if card.endswith("'"):
        face += "'"
    if known_only_to_you:
        return Text(f"({face})", style=style.replace("bold", "italic"))
    return Text(face, style=style)


class ComboText(TextUI):
    """Renders a view of 16 Combos; remembers it so the menu can say what a move does."""

    game: SixteenCombos

    def __init__(self, game: SixteenCombos) -> None:
        super().__init__(game)
        self._view: dict[str, Any] | None = None

    # -- the table -----------------------------------------------------------------------

    def intro(self) -> RenderableType:
        """The ruleset, the options and readings in force, shown before the first move."""
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", justify="right")
        grid.add_column()
        grid.add_row("Ruleset", Text(self.game.ruleset_line()))
        grid.add_row("Winning", Text(f"{self.game.winning} (not in the rulebook: our reading)"))
        grid.add_row("Readings", Text("every open question and the reading taken: docs/rules/16-combos.md; "
                                      "type ? at a prompt for the Combo Table"))
        return grid

    def commands(self) -> dict[str, Any]:
        """``combos``: the Combo Table with what each combo does; ``ruleset``: the rules in force."""
        return {
            "combos": ("the Combo Table: each combo, its caveats and what it does", lambda view: self.combo_table()),
            "ruleset": ("the ruleset, the options and the readings in force", lambda view: self.intro()),
        }

    def combo_table(self) -> RenderableType:
        t = Table(title="Combo Table (rows: the target's type; columns: your action type)", show_lines=True)
        t.add_column("target \\ action")
        for a in range(4):
            t.add_column(f"{TYPE_SYMBOLS[a]} {TYPE_NAMES[a]}")
        for target in range(4):
            cells = [f"{TYPE_SYMBOLS[target]} {TYPE_NAMES[target]}"]
            for action in range(4):
                n = COMBO[target][action]
                tags = f" ({', '.join(sorted(TAGS[n]))})" if TAGS[n] else ""
                cells.append(f"[bold]{NAMES[n]}[/]{tags}\n{TEXT[n]}")
            t.add_row(*cells)
        return t

    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        self._view = view
        head = Table.grid(padding=(0, 2))
        head.add_column(style="bold", justify="right")
        head.add_column()
        # The ruleset and how to win are shown once, before the first move (intro), and on
        # 'ruleset': repeated on every screen they pushed the table off a 40-row terminal.
        head.add_row("Now", Text(self._status(view, names), style="yellow"))
        parts: list[RenderableType] = [head]
        private = set(view["private"])
        tables = [self._character(view, ch, names, private) for ch in view["characters"]]
        # Side by side where they fit: six characters one under another overflowed 40 rows.
        parts.append(Columns(tables, padding=(0, 4)) if len(tables) > 2 else Group(*tables))
        piles = Table.grid(padding=(0, 2))
        piles.add_column(style="bold", justify="right")
        piles.add_column()
        waste = Text(" ").join(card_text(c) for c in view["waste"]) if view["waste"] else Text("empty", style="dim")
        if view["waste_value"] is not None:
            waste.append(f"  (waste value {view['waste_value']})")
        piles.add_row("Waste", waste)
        known = [c for c in view["discard"] if c is not None]
        disc = Text(f"{len(view['discard'])} face down")
        if known:
            disc.append("; you know ").append(Text(" ").join(card_text(c) for c in known[-10:]))
        piles.add_row("Discard pile", disc)
        piles.add_row("Draw pile", Text(f"{view['draw_pile']} cards"))
        parts.append(piles)
        return Group(*parts)

    def _character(self, view: dict[str, Any], ch: dict[str, Any], names: Sequence[str], private: set[int]) -> Table:
        me = view["seat"]
        who = names[ch["seat"]] if ch["seat"] < len(names) else f"seat {ch['seat']}"
        side = "yours" if me is not None and ch["seat"] == me else f"team {ch['side']}"
        notes = [f"order {card_text(ch['order_card']).plain}"]
        notes.append("reaction used" if ch["reacted"] else "reaction ready")
        if ch["incapacitated"]:
            notes.append("INCAPACITATED")
        if ch["shoved"]:
            notes.append("shoved")
        if ch["scavenge"]:
            notes.append("draws two (Scavenge)")
        if ch["wild"]:
            notes.append(f"saved wild {' '.join(card_text(c).plain for c in ch['wild'])} = {ch['wild_value']}")
        if ch["out"]:
            notes.append("DEFEATED")
        active = view["active"] == ch["id"]
        title = f"{'▶ ' if active else ''}Character {ch['id']} — {who} ({side}) · " + " · ".join(notes)
        t = Table(
            title=title, title_justify="left", show_edge=False, pad_edge=False, box=None, padding=(0, 1),
            min_width=min(len(title), 34),  # a title on two lines or so, not one word a line
        )
        t.add_column("", style="bold")
        rows = ch["rows"]
        for col in range(len(rows)):
            mark = "▼" if A.LETTERS[col] == ch["defense"] else ""
            t.add_column(f"{A.LETTERS[col]}{mark}", justify="center")
        type_row: list[RenderableType] = [Text("type")]
        value_row: list[RenderableType] = [Text("value")]
        number_row: list[RenderableType] = [Text("")]
        for pv in rows:
            if pv is None:
                type_row.append(Text("·", style="dim"))
                value_row.append(Text("·", style="dim"))
                number_row.append(Text(""))
            elif pv == "held":
                type_row.append(Text("held", style="magenta"))
                value_row.append(Text("(grappled)", style="magenta"))
                number_row.append(Text(""))
            else:
                type_row.append(card_text(pv["type_card"], pv["type_id"] in private))
                value_row.append(Text(" ").join(card_text(c, i in private) for c, i in zip(pv["value_cards"],
                                                                                           pv["value_ids"],
                                                                                           strict=True))
                                 if pv["value_ids"] else Text("—", style="dim"))
                number_row.append(Text(f"={pv['value']}" if pv["value"] is not None else "", style="cyan"))
        t.add_row(*type_row)
        t.add_row(*value_row)
        t.add_row(*number_row)
        extra = []
        if ch["consultation"]:
            pv = ch["consultation"]
            extra.append(f"Consultation pair {pv['type_card']} / {' '.join(c or '??' for c in pv['value_cards'])}"
                         f" = {pv['value']}")
        if ch["stolen"]:
            pv = ch["stolen"]
            extra.append(f"holds a stolen pair ({type_text(pv['type'])}, value {pv['value'] or '?'}) for its next "
                         "action")
        for pv in ch["held"]:
            extra.append(f"pair {pv['col']} is held out of play by a Grapple until this character's next turn")
        if ch["to_place_ids"]:
            cards = " ".join(c or "??" for c in ch["to_place"])
            extra.append(f"to place: {cards}")
        if extra:
            t.caption = " · ".join(extra)
            t.caption_justify = "left"
        return t

    def _status(self, view: dict[str, Any], names: Sequence[str]) -> str:
        phase = view["phase"]
        if view["over"]:
            r = view["result"]
            return f"game over ({r['reason']})"
        waiting = ", ".join(names[s] for s in view["to_act"])
        if phase == "preparing pairs":
            return f"Preparing Pairs: every player places their value cards, left to right — waiting for {waiting}"
        a = view["action"]
        head = f"round {view['round']} of {view['round_limit']} · character {view['active']}'s turn"
        if view["queue"]["extra_turn"]:
            head += " (extra turn)"
        if a is None or a["type"] is None:
            return f"{head} — {waiting} to choose an action"
        act = (f"character {a['actor']} {'counters' if a['counter'] else 'acts'} with {type_text(a['type'])} "
               f"on character {a['target']}'s pair {a['column'] or '(consultation)'}")
        if a["value"] and phase not in ("turn", "consultation", "predictive reaction"):
            act += f" — level {a['value']}"
        if a["outcome"]:
            act += f" — {a['outcome']}"
            if a["combo"]:
                act += f" ({a['combo']})"
        # (verb, the rest): the verb agrees with who is waiting ("You choose", "Ada chooses").
        step = {
            "consultation": ("choose", "which pair faces it"),
            "predictive reaction": ("may", "react (predictive)"),
            "informed reaction": ("may", "react (informed)"),
            "face card": ("decide", "what to do with the face card drawn"),
            "scavenge": ("add", "the two drawn cards or take the waste value"),
            "recovery": ("may", "recover the failed action's card"),
            "counter": ("may", "counter"),
            "effect": ("choose", f"the effect ({view['effect']})"),
            "change stance": ("may", "change stance"),
        }.get(phase, ("decide", ""))
        base, rest = step
        said = f"{waiting} {base}" if len(view["to_act"]) > 1 or base == "may" else verb(waiting, base)
        return f"{head} — {act} — {said} {rest}".rstrip()

    # -- the menu ----------------------------------------------------------------------

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        return [MenuItem(self._label(a), [a]) for a in legal]

    def _label(self, action: Action) -> str:
        v = self._view
        text = str(action)
        if v is None:
            return text
        if isinstance(action, A.Announce):
            ch = v["characters"][action.target]
            if action.col >= 0:
                pv = ch["rows"][action.col]
            else:
                pv = next((r for r in ch["rows"] if isinstance(r, dict) and r["col"] == ch["defense"]), None)
            target = pv["type"] if isinstance(pv, dict) else None
            if target:
                n = COMBO[TYPE_INDEX[target]][action.type]
                tags = f" ({', '.join(sorted(TAGS[n]))})" if TAGS[n] else ""
                return f"{text} — {NAMES[n]}{tags}"
            return f"{text} (target type hidden)"
        if action is A.PASS:
            return "pass"
        if v["phase"] == "face card":  # Face Card as Action Value, in words
            if action is A.KEEP:
                return "keep — act with the face card as drawn"
            if isinstance(action, A.Change):
                return f"{text} — act as {type_text(TYPES[action.type])} instead (the face card's other type)"
            if isinstance(action, A.Column) and action.verb == "swap":
                return (
                    f"{text} — your lone value card in column {A.LETTERS[action.col]} becomes the action's value; "
                    "the face card takes its place"
                )
        return text


__all__ = ["ComboText", "card_text"]
