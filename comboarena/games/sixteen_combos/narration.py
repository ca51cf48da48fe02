"""16 Combos in words: each event and the result as a sentence, for the terminal,
the play server's log and replays (plain text, no rich).

The log names players, ``You`` for the reader (the terminal calls its one
person ``You``, and the browser's log reads each line to its seat), with the
character's number where a player has several; the result says what decided
it, with the numbers.

>>> import comboarena as ca
>>> from comboarena.core import Event
>>> words = ComboNarration(ca.make("16-combos"))
>>> words.describe(Event("pass", 1, {"character": 1, "step": "turn"}), 0, ["You", "Bob"])
'Bob passes.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from comboarena.core import Event, Result
from comboarena.core.grammar import YOU, plural, possessive, third_person
from comboarena.core.narration import Narration

from .cards import TYPE_INDEX, TYPE_NAMES, TYPE_SYMBOLS
from .view import RULESET, EventKind, Termination

if TYPE_CHECKING:
    from .game import SixteenCombos


def type_text(t: str | None) -> str:
    """A type in words: ``♥ vitality`` (``?`` when hidden)."""
    return f"{TYPE_SYMBOLS[TYPE_INDEX[t]]} {TYPE_NAMES[TYPE_INDEX[t]]}" if t else "?"


class ComboNarration(Narration):
    """16 Combos' events and results in sentences."""

    game: SixteenCombos

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        k = event.kind
        who = Who(self.game, viewer, names)
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

    def _effect(self, d: dict[str, Any], who: Who, say: Callable[..., str]) -> str:
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

    def result_line(self, view: dict[str, Any], result: Result, names: Sequence[str]) -> str:
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
        if result.reason == Termination.NO_SIDE:
            return "A draw: no side has a character left."
        if result.reason == Termination.LEVEL:
            lead = [x for x in range(len(seats)) if (pairs[x], values[x]) == max(zip(pairs, values, strict=True))]
            return (f"A draw at the round limit: {_join([side_name(x) for x in lead])} have "
                    f"{plural(pairs[lead[0]], 'pair')} in play each and the same total value, {values[lead[0]]}.")
        (side,) = out["winners"]
        others = sorted((x for x in range(len(seats)) if x != side), key=lambda x: (-pairs[x], -values[x]))
        if result.reason == Termination.LAST_SIDE:
            lost = _join([side_name(x) for x in others])
            return f"{side_name(side)} won: the last side standing ({lost} lost every pair)."
        if result.reason == Termination.MOST_PAIRS:
            against = _join([f"{possessive(side_name(x))} {pairs[x]}" for x in others])
            return (f"{side_name(side)} won at the round limit with the most pairs in play: {pairs[side]} "
                    f"against {against}.")
        level = [x for x in others if pairs[x] == pairs[side]]
        against = _join([f"{possessive(side_name(x))} {values[x]}" for x in level])
        return (f"{side_name(side)} won at the round limit: pairs in play level at {pairs[side]} each, and the "
                f"higher total value, {values[side]} against {against}.")


class Who:
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


__all__ = ["ComboNarration", "Who", "type_text"]
