"""Combo Fighter in words: each event and the result as a sentence, for the terminal,
the play server's log and replays (plain text, no rich): the reveal and the Win
Circle's verdict, combos, damage, Staggering, knock-outs, the fights.

>>> import comboarena as ca
>>> from comboarena.core import Event
>>> words = FighterNarration(ca.make("combo-fighter", mode="solo"))
>>> words.describe(Event("discard", 0, {"card": "hf"}), 0, ["You", "Bob"])
'You throw away Hammer Fist.'
>>> words.describe(Event("ai_draw", 1, {"cards": ["lj", "sk"]}), 0, ["You", "Bob"])
'AI Grace draws Lightning Jab, Swallow Kick.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from comboarena.core import Event, Result
from comboarena.core.grammar import plural, possessive, verb, whom
from comboarena.core.narration import Narration

from .content import ATTACK, SYMBOLS, Card
from .view import DamageHow, EventKind, KoWhy

if TYPE_CHECKING:
    from .game import ComboFighter

KIND_SHORT = ("atk", "def", "ftw")
HOW = {
    DamageHow.OPENING: "Opening Damage",
    DamageHow.COMBO: "combo",
    DamageHow.SIGNATURE: "Signature Combo",
    DamageHow.SOLO: "combo + unplayed cards",
}
KO_WORDS = {
    KoWhy.LAST_CARD: "forced to discard the last card",
    KoWhy.STAGGERING: "damage while Staggering",
    KoWhy.NO_CARD: "no card left to play",
}


def short(card: Card) -> str:
    """``Hammer Fist (atk ▲ Spd 4)``: a card in a narration line."""
    what = f"{KIND_SHORT[card.kind]} {SYMBOLS[card.button]}"
    if card.kind == ATTACK:
        what += f" Spd {card.speed}"
    elif card.priority:
        what += " ★"
    return f"{card.title} ({what})"


def seat_names(game: ComboFighter, names: Sequence[str]) -> list[str]:
    """Seat names, the solo AI's by its fighter (whatever agent the table seated there)."""
    out = list(names)
    if game.ai >= 0:
        out[game.ai] = f"AI {game.fighters[game.ai].name.split()[0]}"
    return out


class FighterNarration(Narration):
    """Combo Fighter's events and results in plain sentences (see the module docstring)."""

    def __init__(self, game: ComboFighter) -> None:
        super().__init__(game)
        self.cf = game

    def _card(self, seat: int, code: str) -> Card:
        f = self.cf.fighters[seat]
        return f.cards[f.index[code]]

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        names = seat_names(self.cf, names)
        s = event.seat if event.seat is not None else -1
        who = names[s] if s >= 0 else ""

        def say(base: str) -> str:
            """``You play`` / ``Grace plays``."""
            return verb(who, base)

        whose = possessive(who)
        whose = whose[:1].upper() + whose[1:]

        def title(code: str) -> str:
            return self._card(s, code).title

        kind = event.kind
        if kind == EventKind.CHOOSE:
            return say("play") + (f" {title(d['card'])}" if "card" in d else " a card") + " face down."
        if kind == EventKind.REVEAL:
            a, b = d["seats"]
            ca, cb = self._card(a, d["cards"][0]), self._card(b, d["cards"][1])
            if d["winner"] is None:
                verdict = f"a tie ({d['why']}): both deal Opening Damage, nobody combos"
            else:
                w = names[d["winner"]]
                verdict = f"{verb(w, 'win')} the round ({d['why']})"
            return f"Round {d['round']}: {names[a]} {short(ca)} vs {names[b]} {short(cb)} → {verdict}."
        if kind == EventKind.POWER:
            paid = f", discarding {', '.join(map(title, d['paid']))} from the deck" if d["paid"] else ""
            return f"{say('use')} {d['power']}: +{d['speed']} Speed{paid}."
        if kind == EventKind.PASS:
            return None
        if kind == EventKind.OUTCOME:
            if d["winner"] is None:
                return f"The round is now a tie ({d['why']})."
            return f"The round now goes to {names[d['winner']]} ({d['why']})."
        if kind == EventKind.COMBO:
            where = (
                " and sets it aside"
                if d.get("aside")
                else (" from beside the Power Token" if d.get("from_aside") else "")
            )
            return f"  combo: {say('add')} {short(self._card(s, d['card']))}{where}."
        if kind == EventKind.SIGNATURE:
            return f"{say('call')} {d['name']}! ({d['version']} version: {d['damage']} damage)"
        if kind == EventKind.DAMAGE:
            how = HOW.get(d["how"], d["how"])
            return f"{say('deal')} {d['amount']} damage to {whom(names[d['to']])} ({how})."
        if kind == EventKind.TAKE:
            left = f" ({d['left']} to go)" if d.get("left") else ""
            return f"{say('discard')} {', '.join(map(title, d['cards']))} from the {d['from']}{left}."
        if kind == EventKind.STAGGER:
            again = " again" if d["again"] else ""
            deck = f"The discard pile becomes a new deck of {plural(d['deck'], 'card')}"
            return f"{say('are')} Staggering{again}! {deck}; the next damage knocks out."
        if kind == EventKind.KO:
            return f"K.O.! {say('are')} knocked out ({KO_WORDS.get(d['why'], d['why'])})."
        if kind == EventKind.DISCARD:
            return f"{say('throw')} away {title(d['card'])}."
        if kind == EventKind.REFILL:
            if "cards" in d:
                return f"{say('draw')} {', '.join(map(title, d['cards']))}."
            return f"{say('draw')} {plural(d['count'], 'card')}."
        if kind == EventKind.FLIP:
            return f"{whose} Power Token flips to side {d['side']}: {d['power']}."
        if kind == EventKind.FIGHT:
            return f"— Fight {d['fight']} — fights won so far: {' – '.join(map(str, d['wins']))}"
        if kind == EventKind.FIGHT_OVER:
            if d["winner"] < 0:
                return f"Fight {d['fight']} is drawn (double K.O.)."
            team = " + ".join(names[t] for t in self.game.teams[d["winner"]])
            return f"Fight {d['fight']} goes to {team} ({' – '.join(map(str, d['wins']))})."
        if kind == EventKind.AI_DRAW:
            return f"{say('draw')} {', '.join(map(title, d['cards'])) or 'nothing'}."
        if kind == EventKind.AI_COMBO:
            unplayed = len(d["unplayed"])
            extra = f", +{unplayed} for the unplayed {'card' if unplayed == 1 else 'cards'}" if unplayed else ""
            return f"{say('combo')}: {' → '.join(map(title, d['cards']))}, {d['damage']} damage{extra}."
        if kind == EventKind.BREATH:
            return f"{say('catch')} a breath: {title(d['card'])} goes back into the deck."
        if kind == EventKind.TAG:
            return f"{say('tag')} out; {names[d['partner']]} enters the ring."
        if kind == EventKind.PICK:
            return (
                f"{whose} team sends {d['fighter']} into the ring." if "fighter" in d else f"{whose} team has chosen."
            )
        if kind == EventKind.RING:
            return "In the ring: " + " vs ".join(f"{names[x]} ({self.cf.fighters[x].name})" for x in d["seats"]) + "."
        return None

    def result_line(self, view: dict[str, Any], result: Result, names: Sequence[str]) -> str:
        names = seat_names(self.cf, names)
        a, b = view["wins"]
        if result.is_draw:
            return f"The match is drawn, {plural(a, 'fight')} to {b}."
        team = " + ".join(names[s] for s in result.winners)
        said = verb(team, "win") if len(result.winners) == 1 else f"{team} win"
        return f"{said} the match, {plural(max(a, b), 'fight')} to {min(a, b)}."


__all__ = ["HOW", "KO_WORDS", "FighterNarration", "seat_names", "short"]
