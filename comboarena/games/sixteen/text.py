"""Sixteen in the terminal: the table and a menu that folds a wild's 28
declarations into one entry (the moves in words are :mod:`.narration`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action
from comboarena.core.grammar import plural
from comboarena.ui.textui import MenuItem, TextUI

from .actions import Play
from .cards import COLOUR, WILD

STYLE = {"R": "bold red", "G": "bold green", "B": "bold bright_blue", "O": "bold dark_orange"}


def card_text(card: str) -> Text:
    """A card in its colour: ``[5R]``; a declared wild as ``[W=5G]``."""
    if card == WILD:
        return Text("[W]", style="bold magenta")
    return Text(f"[{card}]", style=STYLE[COLOUR[card]] + (" underline" if card.startswith(WILD) else ""))


def cards_text(cards: Sequence[str], empty: str = "—") -> Text:
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


class SixteenText(TextUI):
    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        n = view["players"]
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", justify="right")
        grid.add_column()
        turn = view["turn"]
        status = "game over" if view["over"] else f"{names[turn]} to play"
        grid.add_row("Sixteen", Text(f"{n} players · draw pile {view['draw_pile']} · {status}"))
        if n == 4:
            teams = [f"{names[a]} + {names[b]}: {view['sets'][a] + view['sets'][b]}" for a, b in ((0, 2), (1, 3))]
            grid.add_row("Sets", Text("   ".join(teams)))
        else:
            grid.add_row("Sets", Text("   ".join(f"{names[s]}: {view['sets'][s]}" for s in range(n))))
        pile = cards_text(view["pile"], "empty")
        if view["pile"]:
            pile.append(f"   sum {view['pile_sum']} ({16 - view['pile_sum']} to Sixteen)")
        grid.add_row("Pile", pile)
        if view["ignored"]:
            grid.add_row("Ignored", cards_text(view["ignored"]))
        others = [f"{names[s]}: {plural(view['hand_sizes'][s], 'card')}" for s in range(n) if s != view["seat"]]
        grid.add_row("Hands", Text(" · ".join(others)))
        if "hand" in view:
            grid.add_row("Your hand", cards_text(view["hand"], "no cards"))
        parts: list[RenderableType] = [grid]
        return Group(*parts)

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        items: list[MenuItem] = []
        wilds = [a for a in legal if isinstance(a, Play) and a.card == WILD]
        for a in legal:
            if a not in wilds:
                items.append(MenuItem(str(a), [a]))
        if wilds:
            items.append(
                MenuItem(
                    "W (wild: declare it)",
                    list(wilds),
                    ask="declare the wild as number+colour (0-6, R G B O), e.g. 5G",
                    complete=lambda text: f"W={text.strip()}",
                )
            )
        return items
