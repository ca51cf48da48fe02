"""16 Combos in the terminal: each character's two rows of cards (face up,
face down, and your own hidden cards marked as known to you), values where
you know them, the defense pair, order cards, the waste and piles, the action
in progress and who may react; the Combo Table is part of ``?`` (the
notation text)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action, Event
from comboarena.terminal.grammar import YOU, plural, possessive, third_person
from comboarena.terminal.textui import MenuItem, TextUI

from . import actions as A
from .cards import TYPE_INDEX, TYPE_NAMES, TYPE_SYMBOLS
from .combos import COMBO, NAMES, TAGS, TEXT
from .turn import LAST_SIDE, LEVEL, MOST_PAIRS, NO_SIDE
from .view import RULESET, EventKind

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


def type_text(t: str | None) -> str:
    return f"{TYPE_SYMBOLS[TYPE_INDEX[t]]} {TYPE_NAMES[TYPE_INDEX[t]]}" if t else "?"


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
        head.add_row("Rules", Text(self.game.ruleset_line()))
        head.add_row("Winning", Text(view["winning"], style="dim"))
        head.add_row("Now", Text(self._status(view, names), style="yellow"))
        parts: list[RenderableType] = [head]
        private = set(view["private"])
        for ch in view["characters"]:
            parts.append(self._character(view, ch, names, private))
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
        t = Table(title=title, title_justify="left", show_edge=False, pad_edge=False, box=None, padding=(0, 1))
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
        step = {
            "consultation": "chooses which pair faces it",
            "predictive reaction": "may react (predictive)",
            "informed reaction": "may react (informed)",
            "face card": "decides what to do with the face card drawn",
            "scavenge": "adds the two drawn cards or takes the waste value",
            "recovery": "may recover the failed action's card",
            "counter": "may counter",
            "effect": f"chooses the effect ({view['effect']})",
            "change stance": "may change stance",
        }.get(phase, "decides")
        return f"{head} — {act} — {waiting} {step}"

    # -- events ------------------------------------------------------------------------

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        k = event.kind
        who = _Who(self.game, viewer, names)
        c = d.get("character", -1)

        def say(base: str, start: bool = True) -> str:
            """``You pass`` / ``Ada passes`` for the event's character."""
            return who.does(c, base, start)

        if k == EventKind.DEAL:
            return f"{RULESET}. Dealt; Character Order cards: {', '.join(d['order'])}."
        if k == EventKind.PLACE:
            card = f" {d['card']}" if "card" in d else ""
            if d.get("dropped"):
                return f"{say('drop')}{card or ' a card'} (Drop Lowest Dealt)."
            if "defense" in d:
                return f"{say('choose')} pair {d['defense']} as {who.own(c)} defense pair."
            if d.get("stacked"):
                return f"{say('stack')}{card or ' the extra value card'} on pair {d['column']}."
            return f"{say('place')}{card or ' a value card'} in column {d['column']}."
        if k == EventKind.ROUND:
            return f"— Round {d['round']} —"
        if k == EventKind.TURN:
            extra = f" (extra turn: {d['extra']})" if d["extra"] else ""
            return f"{who.whose(c, start=True)} turn{extra}."
        if k == EventKind.SKIP:
            return f"{say('skip')} this turn ({d['why']})."
        if k == EventKind.PASS:
            return f"{say('pass')}." if d["step"] == "turn" else None
        if k == EventKind.ANNOUNCE:
            actor = who.does(d["actor"], "announce")
            return f"{actor} {type_text(d['type'])} on {who.whose(d['target'])} pair {d['column']} ({d['source']})."
        if k == EventKind.CONSULT:
            pair = "Consultation" if d["chose"] == "consult" else "defense"
            return f"{say('let')} the {pair} pair face the action."
        if k == EventKind.REACT:
            return (f"{say('react')} ({d['step']}): {d['reaction']} with {d['card']} — the pair is now "
                    f"{type_text(d['type'])}.")
        if k == EventKind.DRAW:
            return f"{say('draw')} {' '.join(d['cards'])}."
        if k == EventKind.VALUE:
            return f"\"Level {d['value']} {TYPE_NAMES[TYPE_INDEX[d['type']]]}\"."
        if k == EventKind.CHECK:
            line = f"Check: {d['outcome'].upper()}"
            if d["outcome"] == "defeated":
                line += f" — {d['combo']}!"
            if "difference" in d:
                line += f" (difference {d['difference']}, your value was {d['target_value']})"
            return line
        if k == EventKind.DAMAGE:
            amount = f" by {d['amount']}" if "amount" in d else ""
            now = f" (now {d['value']})" if "value" in d else ""
            return f"{who.whose(c, start=True)} pair is damaged{amount}{now}."
        if k == EventKind.DEFEAT:
            lost = f"{say('lose')} a pair" if c >= 0 else "A pair is discarded"
            return f"{lost} ({d['why']}; value {d['value']} to the waste)."
        if k == EventKind.COMBO:
            return None
        if k == EventKind.EFFECT:
            return self._effect(d, who, say)
        if k == EventKind.REVEAL:
            return f"{say('show')} {' '.join(d['cards'])} ({d['why']})."
        if k == EventKind.INCAPACITATED:
            return f"{say('are')} incapacitated until {who.own(c)} turn next round."
        if k == EventKind.EXTRA_TURN:
            return f"{say('get')} an extra turn ({d['kind']})."
        if k == EventKind.COUNTER:
            target = who.name(d["target"], start=False)
            return f"{say('counter')} with {type_text(d['type'])}, level {d['value']}, on {target}!"
        if k == EventKind.RECOVER:
            return f"{say('recover')} {' '.join(d['cards'])} onto a pair."
        if k == EventKind.EXPIRE:
            return f"Defend ends: {' '.join(d['cards'])} leaves {who.whose(c)} pair."
        if k == EventKind.RETURN:
            return f"{who.whose(c, start=True)} grappled pair returns to column {d['column']}."
        if k == EventKind.RESHUFFLE:
            return f"The draw pile is empty: {d['cards']} discarded draw-deck cards are shuffled into a new one."
        if k == EventKind.STANCE:
            return f"{say('change')} stance: pair {d['column']} is {who.own(c)} defense pair."
        if k == EventKind.OUT:
            return f"{say('have')} no pair left and {say('are').rsplit(' ', 1)[1]} defeated!"
        return None

    def _effect(self, d: dict[str, Any], who: _Who, say: Callable[..., str]) -> str:
        """A combo's effect, in words."""
        effect = d["effect"]
        c = d["character"]
        if effect in ("throw", "stealth", "dodge"):
            x, y = d["columns"]
            after = {"throw": "", "stealth": " (the new defense pair stays face down)",
                     "dodge": " (the new defense pair shows its type)"}[effect]
            return f"{effect.capitalize()}: {who.whose(c)} pairs {x} and {y} switch places{after}."
        if effect == "bribe":
            return f"Bribe: {say('keep', False)} {' '.join(d['wild'])} as a saved wild (value {d['value']})."
        if effect == "steal":
            kept = "to the row as the new defense pair" if d["kept"] == "add" else "for the next action"
            return f"Steal: {say('keep', False)} the stolen pair {kept}."
        if effect in ("defend", "adrenaline", "consultation"):
            cards = " ".join(d["cards"])
            where = {"defend": "on a pair for one round", "adrenaline": "on the defense pair",
                     "consultation": "as a Consultation pair above the defense pair"}[effect]
            return f"{effect.capitalize()}: {say('place', False)} {cards} {where}."
        if effect == "hire guard":
            source = "the drawn card" if d["source"] == "drawn" else f"the value card of column {d['source']}"
            return (f"Hire Guard: {who.whose(c)} pair {d['column']} takes {source} as its type card, now "
                    f"{type_text(d['type'])}.")
        if effect == "grapple":
            return f"Grapple: {who.whose(c)} pair {d['column']} is held out of play."
        if effect == "joker type":
            return f"{who.whose(c, start=True)} joker type card is {type_text(d['type'])}."
        if effect == "face swap":
            return (f"{say('swap')} {d['card']} into column {d['column']}: {d['value_card']} is the action's "
                    "value.")
        rest = ", ".join(f"{key} {val}" for key, val in d.items() if key not in ("effect", "character"))
        return f"{effect.capitalize()} ({who.name(c, start=False)}): {rest}."

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
        return text

    def result_line(self, view: dict[str, Any], result: Any, names: Sequence[str]) -> str:
        """Who won and what decided it, with the numbers: the side left standing, or at the
        round limit the pairs in play and, when they are level, the total value."""
        out = view["outcome"]
        if not out:
            return f"Game over ({result.reason})."
        side_of = self.game.seat_side
        seats = [[s for s in range(view["players"]) if side_of[s] == side] for side in range(len(out["pairs"]))]

        def side_name(side: int) -> str:
            return _join([names[s] if s < len(names) else f"Seat {s + 1}" for s in seats[side]])

        pairs, values = out["pairs"], out["values"]
        if result.reason == NO_SIDE:
            return "A draw: no side has a character left."
        if result.reason == LEVEL:
            lead = [x for x in range(len(seats)) if (pairs[x], values[x]) == max(zip(pairs, values, strict=True))]
            return (f"A draw at the round limit: {_join([side_name(x) for x in lead])} have "
                    f"{plural(pairs[lead[0]], 'pair')} in play each and the same total value, {values[lead[0]]}.")
        (side,) = out["winners"]
        others = sorted((x for x in range(len(seats)) if x != side), key=lambda x: (-pairs[x], -values[x]))
        if result.reason == LAST_SIDE:
            lost = _join([side_name(x) for x in others])
            return f"{side_name(side)} won: the last side standing ({lost} lost every pair)."
        if result.reason == MOST_PAIRS:
            against = _join([f"{possessive(side_name(x))} {pairs[x]}" for x in others])
            return (f"{side_name(side)} won at the round limit with the most pairs in play: {pairs[side]} "
                    f"against {against}.")
        level = [x for x in others if pairs[x] == pairs[side]]
        against = _join([f"{possessive(side_name(x))} {values[x]}" for x in level])
        return (f"{side_name(side)} won at the round limit: pairs in play level at {pairs[side]} each, and the "
                f"higher total value, {values[side]} against {against}.")


class _Who:
    """How the log names a character: ``You`` for the viewer's (the second person: the
    terminal calls its one person ``You``, and the browser's log reads each line to its seat),
    else the player's name; with the character's number after it where a player has several
    (``Your character 2``, ``Ada's character 3``). ``start``: the words begin a sentence."""

    def __init__(self, game: SixteenCombos, viewer: int | None, names: Sequence[str]) -> None:
        self.seats = game.char_seat
        self.viewer = viewer
        self.names = names
        self.several = game.options["characters"] > 1

    def _known(self, c: int) -> bool:
        return 0 <= c < len(self.seats)

    def _mine(self, c: int) -> bool:
        return self._known(c) and self.seats[c] == self.viewer

    def _player(self, c: int) -> str:
        seat = self.seats[c]
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def name(self, c: int, start: bool = True) -> str:
        """As a subject or object: ``You``/``you``, ``Ada``, ``Your character 2``."""
        if not self._known(c):
            return "A character" if start else "a character"
        if self.several:
            return f"{self._players(c, start)} character {c}"
        if self._mine(c):
            return YOU if start else "you"
        return self._player(c)

    def _players(self, c: int, start: bool) -> str:
        """The player's possessive: ``your``/``Your``, ``Ada's``."""
        if self._mine(c):
            return "Your" if start else "your"
        return possessive(self._player(c))

    def whose(self, c: int, start: bool = False) -> str:
        """The character's possessive: ``your``, ``Ada's``, ``your character 2's``."""
        if self.several or not self._known(c):
            return f"{self.name(c, start)}'s"
        return self._players(c, start)

    def own(self, c: int) -> str:
        """The character's own, later in a sentence about it: ``your``, else ``their``."""
        return "your" if self._mine(c) else "their"

    def does(self, c: int, base: str, start: bool = True) -> str:
        """Character ``c`` and a verb agreeing with it: ``You pass``, ``Ada passes``."""
        second = self._mine(c) and not self.several
        return f"{self.name(c, start)} {base if second else third_person(base)}"


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


__all__ = ["ComboText", "card_text"]
