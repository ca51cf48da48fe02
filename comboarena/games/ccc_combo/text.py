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
from comboarena.terminal.grammar import YOU, is_you, plural, possessive, verb
from comboarena.terminal.textui import MenuItem, TextUI

from .actions import Play
from .state import TURN_LIMIT
from .view import DrawReason, Effect, EventKind, Phase
from .words import a_value

#: How many of the discard pile's top cards the table shows.
DISCARD_SHOWN = 8
REASON_WORDS = {
    DrawReason.TURN: "",
    DrawReason.COUNTER: " (COUNTER replacement)",
    DrawReason.FEED: " (FEED)",
    DrawReason.HEAL: " (HEAL)",
}


def _name(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """``You`` for the viewer (the second person: the terminal names its one person
    ``You``, and the browser's log reads the same lines to each seat), else the name."""
    return YOU if seat == viewer else names[seat]


def _whose(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """``your`` for the viewer, else ``Ann's``."""
    return possessive(_name(seat, viewer, names))


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
            waiting = ", ".join(_name(s, me, names) for s in window["waiting"])
            return (
                f"{_name(window['by'], me, names)} played a COMBO of {window['card']} on "
                f"{_whose(window['pile'], me, names)} pile: {window['effect']} {plural(window['count'], 'card')} "
                f"unless countered ({a_value(window['card'])}) — waiting for {waiting}"
            )
        if burn:
            return f"{verb(_name(burn['seat'], me, names), 'burn')} {plural(burn['owed'], 'more card')}"
        if view["phase"] == Phase.HEAL:
            seat, count, reason = view["draws"][0]
            who = _name(seat, me, names)
            you = is_you(who)
            return (
                f"{who} (Big Player) {'draw' if you else 'draws'} {plural(count, 'card')} ({reason}) "
                f"or {'heal your' if you else 'heals their'} partner"
            )
        return ""

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        who = _name(event.seat, viewer, names) if event.seat is not None else ""
        kind = event.kind
        if kind == EventKind.COMBO:
            stack = d["stack"]
            return (
                f"{who}: COMBO {d['card']} on {_whose(d['pile'], viewer, names)} pile — "
                f"stack {stack}, {d['effect']} {plural(stack, 'card')}!"
            )
        if kind == EventKind.COUNTER:
            cleared = " ".join(d["cleared"])
            when = " out of turn" if d["out_of_turn"] else ""
            return (
                f"{who}: COUNTER{when} with {d['card']} on {_whose(d['pile'], viewer, names)} pile — {cleared} cleared."
            )
        if kind == EventKind.DISCARD:
            return f"{who} discarded {d['card']} ({card_name(d['card'])})."
        if kind == EventKind.PASS:
            return f"{who} passed."
        if kind == EventKind.STANDS:
            return f"No COUNTER: the COMBO on {_whose(d['pile'], viewer, names)} pile stands."
        if kind == EventKind.BURN:
            return f"{who} burned {' '.join(d['cards'])}." if d["cards"] else None
        if kind == EventKind.DRAW:
            missed = f" ({d['missed']} could not be drawn: deck and discard pile are empty)" if d.get("missed") else ""
            shown = f": {' '.join(d['cards'])}" if "cards" in d else ""
            return f"{who} drew {plural(d['count'], 'card')}{REASON_WORDS.get(d['reason'], '')}{shown}{missed}."
        if kind == EventKind.HEAL:
            mate = _name(d["to"], viewer, names)
            return f"{verb(who, 'HEAL', 'HEALS')}: {verb(mate, 'draw')} {plural(d['count'], 'card')} instead."
        if kind == EventKind.RESHUFFLE:
            return f"The deck ran out: the discard pile ({plural(d['cards'], 'card')}) is shuffled into a new deck."
        if kind == EventKind.BIG_PLAYER:
            ours = event.seat is not None and viewer is not None and event.seat % 2 == viewer % 2
            team = "your" if ours else f"{who}'s"
            return f"Big Player of {team} team: {_name(d['big'], viewer, names)}."
        if kind == EventKind.DEAL:
            bases = ", ".join(f"{_name(s, viewer, names)} {b}" for s, b in enumerate(d["bases"]))
            first = _name(d["first"], viewer, names)
            starts = "start" if is_you(first) else "starts"
            return f"Dealt. Bases: {bases}. {verb(first, 'have')} the highest base and {starts}."
        if kind == EventKind.HAND and "cards" in d:
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
                effect = Effect.FEED if me is not None and action.pile % 2 == me % 2 else Effect.BURN
                return f"{text} (combo, {effect} {stack})"
            return f"{text} (counter)"
        return text

    def result_line(self, view: dict[str, Any], result: Any, names: Sequence[str]) -> str:
        if result.is_draw:
            if result.reason == TURN_LIMIT:
                return f"Draw: the turn limit ({view['turn_limit']} turns) was reached."
            return "Draw: both teams have a player without cards."
        out = [names[s] for s in range(view["players"]) if view["hand_sizes"][s] == 0]
        team = " + ".join(names[s] for s in result.winners)
        return f"{team} won: {' and '.join(out)} ran out of cards."
