"""Sixteen in words: each event and the result as a sentence, for the terminal,
the play server's log and replays (plain text, no rich).

>>> import comboarena as ca
>>> from comboarena.core import Event
>>> SixteenNarration(ca.make("sixteen")).describe(Event("play", 0, {"card": "5R", "sum": 5}), 0, ["You", "Bob"])
'You played 5R (5 red) — sum 5'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from comboarena.core import Event, Result
from comboarena.core.grammar import plural
from comboarena.core.narration import Narration

from .cards import describe
from .view import EventKind, SetKind


class SixteenNarration(Narration):
    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        who = names[event.seat] if event.seat is not None else ""
        if event.kind == EventKind.PLAY:
            return f"{who} played {d['card']} ({describe(d['card'])}) — sum {d['sum']}"
        if event.kind == EventKind.DRAW:
            note = " (strict rules: you always keep one card)" if d.get("reason") else ""
            if "card" in d:
                return f"{who} drew {d['card']} ({describe(d['card'])}){note}"
            return f"{who} drew a card{note}"
        if event.kind == EventKind.SET:
            cards = " ".join(d["cards"])
            count = f" — it counts as {plural(d['count'], 'set')} (bonus rules)" if d["count"] > 1 else ""
            if d["kind"] == SetKind.BUST:
                return f"Bust! {names[d['by']]} went over 16; the set ({cards}) goes to {who}."
            kinds = " and ".join(k.capitalize() for k in d["kinds"])
            return f"{kinds}! {who} won the set ({cards}){count}."
        if event.kind == EventKind.IGNORED:
            return f"The last pile ({' '.join(d['cards'])}) forms no set and is ignored."
        return None

    def result_line(self, view: dict[str, Any], result: Result, names: Sequence[str]) -> str:
        sets = view["sets"]
        if view["players"] == 4:
            a, b = sets[0] + sets[2], sets[1] + sets[3]
            if result.is_draw:
                return f"Draw: both teams have {plural(a, 'set')}."
            team = "Team " + " + ".join(names[s] for s in result.winners)
            return f"{team} won, {plural(max(a, b), 'set')} to {min(a, b)}."
        if result.is_draw:
            return f"Draw: {plural(sets[0], 'set')} each."
        w = result.winners[0]
        return f"{names[w]} won, {plural(sets[w], 'set')} to {sets[1 - w]}."
