"""c-c-c-COMBO in the terminal: the four piles round the table, the open
reaction window, and a menu that says what each play does (the moves in words
are :mod:`.narration`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action
from comboarena.core.cards import RED_SUITS, SUIT_SYMBOLS
from comboarena.core.grammar import is_you, plural, verb
from comboarena.ui.textui import MenuItem, TextUI

from .actions import Play
from .view import Effect, Phase
from .words import a_value, seat_name, whose

if TYPE_CHECKING:
    from .game import CccCombo

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

    def __init__(self, game: CccCombo) -> None:
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
        grid.add_row("Deck", Text(f"{plural(view['deck'], 'card')}{again}"))
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
        me = view["seat"]
        if window:
            waiting = ", ".join(seat_name(s, me, names) for s in window["waiting"])
            return (
                f"{seat_name(window['by'], me, names)} played a COMBO of {window['card']} on "
                f"{whose(window['pile'], me, names)} pile: {window['effect']} {plural(window['count'], 'card')} "
                f"unless countered ({a_value(window['card'])}) — waiting for {waiting}"
            )
        if burn:
            return f"{verb(seat_name(burn['seat'], me, names), 'burn')} {plural(burn['owed'], 'more card')}"
        if view["phase"] == Phase.HEAL:
            seat, count, reason = view["draws"][0]
            who = seat_name(seat, me, names)
            you = is_you(who)
            return (
                f"{who} (Big Player) {'draw' if you else 'draws'} {plural(count, 'card')} ({reason}) "
                f"or {'heal your' if you else 'heals their'} partner"
            )
        return ""

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
                effect = Effect.FEED if me is not None and action.pile % 2 == me % 2 else Effect.BURN
                return f"{text} (combo, {effect} {stack})"
            return f"{text} (counter)"
        return text
