"""c-c-c-COMBO in the terminal: the four piles round the table, the open
reaction window, the moves in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action, Event
from comboarena.core.cards import RED_SUITS, SUIT_SYMBOLS, card_name
from comboarena.terminal.textui import MenuItem, TextUI

from .actions import Play

#: How many of the discard pile's top cards the table shows.
DISCARD_SHOWN = 8


def card_text(card: str) -> Text:
    """A card with its suit symbol, red for hearts and diamonds: ``[7♥]``."""
    style = "bold red" if card[1] in RED_SUITS else "bold"
    return Text(f"[{card[0]}{SUIT_SYMBOLS[card[1]]}]", style=style)


def cards_text(cards: Sequence[str], empty: str = "—") -> Text:
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


class CccText(TextUI):
    """Renders a view; remembers the last one so the menu can say what each play does."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._view: dict[str, Any] | None = None

    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        self._view = view
        bigs = view["big_players"]
        head = Table.grid(padding=(0, 2))
        head.add_column(style="bold", justify="right")
        head.add_column()
        head.add_row("c-c-c-COMBO", Text(self._status(view, names)))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", justify="right")
        grid.add_column()
        table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 2))
        for col in ("seat", "team", "cards", "pile (base first)", "stack"):
            table.add_column(col, style="bold" if col == "seat" else None)
        for s in range(view["players"]):
            name = names[s] + (" (BP)" if s in bigs else "")
            if s == view["turn"]:
                name = "▶ " + name
            pile = view["piles"][s]
            stack = str(max(len(pile) - 1, 0))
            table.add_row(f"{s}: {name}", f"{s % 2}", str(view["hand_sizes"][s]), cards_text(pile, "—"), stack)
        discard = view["discard"]
        shown = cards_text(discard[-DISCARD_SHOWN:], "empty")
        if len(discard) > DISCARD_SHOWN:
            shown = Text(f"{len(discard) - DISCARD_SHOWN} more… ").append(shown)
        grid.add_row("Discard", shown)
        again = f" · reshuffled {view['reshuffles']}×" if view["reshuffles"] else ""
        grid.add_row("Deck", Text(f"{view['deck']} cards{again}"))
        pending = self._pending(view, names)
        if pending:
            grid.add_row("Now", Text(pending, style="yellow"))
        if "hand" in view:
            grid.add_row("Your hand", cards_text(view["hand"], "no cards"))
        return Group(head, table, grid)

    @staticmethod
    def _status(view: dict[str, Any], names: Sequence[str]) -> str:
        turn = f"turn {view['turns'] + 1} of at most {view['turn_limit']}"
        if view["over"]:
            return f"game over after {view['turns']} turns"
        if view["turn"] is None:
            return "the teams name their Big Players"
        return f"{names[view['turn']]} to play · {turn} · teams 0+2 and 1+3"

    @staticmethod
    def _pending(view: dict[str, Any], names: Sequence[str]) -> str:
        window, burn = view["window"], view["burn"]
        if window:
            waiting = ", ".join(names[s] for s in window["waiting"])
            return (
                f"{names[window['by']]} played a COMBO of {window['card']} on {names[window['pile']]}'s pile: "
                f"{window['effect']} {window['count']} unless countered (a card of value {window['card'][0]}) — "
                f"waiting for {waiting}"
            )
        if burn:
            return f"{names[burn['seat']]} burns {burn['owed']} more card(s)"
        if view["phase"] == "heal":
            seat, count, reason = view["draws"][0]
            return f"{names[seat]} (Big Player) draws {count} ({reason}) or heals their partner"
        return ""

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        who = names[event.seat] if event.seat is not None else ""
        kind = event.kind
        if kind == "combo":
            owner = names[d["pile"]]
            return f"{who}: COMBO {d['card']} on {owner}'s pile — stack {d['stack']}, {d['effect']} {d['stack']}!"
        if kind == "counter":
            cleared = " ".join(d["cleared"])
            when = " out of turn" if d["out_of_turn"] else ""
            return f"{who}: COUNTER{when} with {d['card']} on {names[d['pile']]}'s pile — {cleared} cleared."
        if kind == "discard":
            return f"{who} discarded {d['card']} ({card_name(d['card'])})."
        if kind == "pass":
            return f"{who} passed."
        if kind == "stands":
            return f"No COUNTER: the COMBO on {names[d['pile']]}'s pile stands."
        if kind == "burn":
            return f"{who} burned {' '.join(d['cards'])}." if d["cards"] else None
        if kind == "draw":
            missed = f" ({d['missed']} could not be drawn: deck and discard pile are empty)" if d.get("missed") else ""
            cards = f": {' '.join(d['cards'])}" if "cards" in d else ""
            reason = {"turn": "", "counter": " (COUNTER replacement)", "feed": " (FEED)", "heal": " (HEAL)"}
            return f"{who} drew {d['count']}{reason.get(d['reason'], '')}{cards}{missed}."
        if kind == "heal":
            return f"{who} HEALS: {names[d['to']]} draws the {d['count']} card(s) instead."
        if kind == "reshuffle":
            return f"The deck ran out: the discard pile ({d['cards']} cards) is shuffled into a new deck."
        if kind == "big player":
            return f"Big Player of {who}'s team: {names[d['big']]}."
        if kind == "deal":
            bases = ", ".join(f"{names[s]} {b}" for s, b in enumerate(d["bases"]))
            return f"Dealt. Bases: {bases}. {names[d['first']]} has the highest base and starts."
        if kind == "hand" and "cards" in d:
            return f"Your hand: {' '.join(d['cards'])}."
        return None  # "turn" and "end": the table and the result line say it

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        """One entry per move; plays say whether they are a COMBO (and what it does) or a COUNTER."""
        return [MenuItem(self._label(a, self._view), [a]) for a in legal]

    @staticmethod
    def _label(action: Action, view: dict[str, Any] | None) -> str:
        text = str(action)
        if isinstance(action, Play) and view is not None and view["piles"][action.pile]:
            top = view["piles"][action.pile][-1]
            me = view["seat"]
            if action.card[1] == top[1]:
                stack = len(view["piles"][action.pile])
                effect = "feed" if me is not None and action.pile % 2 == me % 2 else "burn"
                return f"{text} (combo, {effect} {stack})"
            return f"{text} (counter)"
        return text

    def result_line(self, view: dict[str, Any], result: Any, names: Sequence[str]) -> str:
        if result.is_draw:
            if result.reason == "turn limit":
                return f"Draw: the turn limit ({view['turn_limit']} turns) was reached."
            return "Draw: both teams have a player without cards."
        out = [names[s] for s in range(view["players"]) if view["hand_sizes"][s] == 0]
        team = " + ".join(names[s] for s in result.winners)
        return f"{team} won: {' and '.join(out)} ran out of cards."
