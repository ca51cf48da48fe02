"""c-c-c-COMBO in words: each event and the result as a sentence, for the terminal,
the play server's log and replays (plain text, no rich).

The viewer is ``You``: the terminal names its one person so, and the browser's
log reads the same lines to each seat.

>>> import comboarena as ca
>>> from comboarena.core import Event
>>> words = CccNarration(ca.make("ccc-combo"))
>>> words.describe(Event("combo", 0, {"card": "7H", "pile": 1, "stack": 2, "effect": "burn"}), 1, ["Ann", "Bob"])
'Ann: COMBO 7H on your pile — stack 2, burn 2 cards!'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from comboarena.core import Event, Result
from comboarena.core.cards import card_name
from comboarena.core.grammar import is_you, plural, verb
from comboarena.core.narration import Narration

from .view import DrawReason, EventKind, Termination
from .words import seat_name, whose

REASON_WORDS = {
    DrawReason.TURN: "",
    DrawReason.COUNTER: " (COUNTER replacement)",
    DrawReason.FEED: " (FEED)",
    DrawReason.HEAL: " (HEAL)",
}


class CccNarration(Narration):
    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        who = seat_name(event.seat, viewer, names) if event.seat is not None else ""
        kind = event.kind
        if kind == EventKind.COMBO:
            stack = d["stack"]
            return (
                f"{who}: COMBO {d['card']} on {whose(d['pile'], viewer, names)} pile — "
                f"stack {stack}, {d['effect']} {plural(stack, 'card')}!"
            )
        if kind == EventKind.COUNTER:
            cleared = " ".join(d["cleared"])
            when = " out of turn" if d["out_of_turn"] else ""
            return (
                f"{who}: COUNTER{when} with {d['card']} on {whose(d['pile'], viewer, names)} pile — {cleared} cleared."
            )
        if kind == EventKind.DISCARD:
            return f"{who} discarded {d['card']} ({card_name(d['card'])})."
        if kind == EventKind.PASS:
            return f"{who} passed."
        if kind == EventKind.STANDS:
            return f"No COUNTER: the COMBO on {whose(d['pile'], viewer, names)} pile stands."
        if kind == EventKind.BURN:
            return f"{who} burned {' '.join(d['cards'])}." if d["cards"] else None
        if kind == EventKind.DRAW:
            missed = f" ({d['missed']} could not be drawn: deck and discard pile are empty)" if d.get("missed") else ""
            shown = f": {' '.join(d['cards'])}" if "cards" in d else ""
            return f"{who} drew {plural(d['count'], 'card')}{REASON_WORDS.get(d['reason'], '')}{shown}{missed}."
        if kind == EventKind.HEAL:
            mate = seat_name(d["to"], viewer, names)
            return f"{verb(who, 'HEAL', 'HEALS')}: {verb(mate, 'draw')} {plural(d['count'], 'card')} instead."
        if kind == EventKind.RESHUFFLE:
            return f"The deck ran out: the discard pile ({plural(d['cards'], 'card')}) is shuffled into a new deck."
        if kind == EventKind.BIG_PLAYER:
            ours = event.seat is not None and viewer is not None and event.seat % 2 == viewer % 2
            team = "your" if ours else f"{who}'s"
            return f"Big Player of {team} team: {seat_name(d['big'], viewer, names)}."
        if kind == EventKind.DEAL:
            bases = ", ".join(f"{seat_name(s, viewer, names)} {b}" for s, b in enumerate(d["bases"]))
            first = seat_name(d["first"], viewer, names)
            starts = "start" if is_you(first) else "starts"
            return f"Dealt. Bases: {bases}. {verb(first, 'have')} the highest base and {starts}."
        if kind == EventKind.HAND and "cards" in d:
            return f"Your hand: {' '.join(d['cards'])}."
        return None  # "turn" and "end": the table and the result line say it

    def result_line(self, view: dict[str, Any], result: Result, names: Sequence[str]) -> str:
        if result.is_draw:
            if result.reason == Termination.TURN_LIMIT:
                return f"Draw: the turn limit ({view['turn_limit']} turns) was reached."
            return "Draw: both teams have a player without cards."
        out = [names[s] for s in range(view["players"]) if view["hand_sizes"][s] == 0]
        team = " + ".join(names[s] for s in result.winners)
        return f"{team} won: {' and '.join(out)} ran out of cards."


__all__ = ["REASON_WORDS", "CccNarration"]
