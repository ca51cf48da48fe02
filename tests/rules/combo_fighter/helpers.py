"""Stacked set-ups and short-hands for Combo Fighter rule scenarios.

Scenarios look card numbers up in the fighter files (``card("boris", "hf")``)
instead of copying them, so they keep testing the rule when the content is tuned.
"""

from __future__ import annotations

from typing import Any

import comboarena as ca
from comboarena.games.combo_fighter.content import Card, fighters


def card(fighter: str, code: str) -> Card:
    f = fighters()[fighter]
    return f.cards[f.index[code]]


def new(fighters: tuple[str, ...] = ("boris", "grace"), deck: Any = None, seed: int = 1, **options: Any) -> Any:
    game = ca.make("combo-fighter", fighters=fighters, **options)
    return game.new_state(seed=seed, deck=deck)


def seat(hand: list[str], draw: list[str] | None = None, **more: Any) -> dict[str, Any]:
    """One seat's stacked set-up: its hand and the top of its deck (top first)."""
    return {"hand": hand, "draw": draw or [], **more}


def play(state: Any, *codes: str) -> list[Any]:
    """Both fighters in the ring play a card face down (ring order); returns the events."""
    events: list[Any] = []
    for s, code in zip(list(state.to_act), codes, strict=True):
        events += state.apply(s, code)
    return events


def act(state: Any, who: int, *moves: str) -> list[Any]:
    """``who`` makes ``moves`` in a row; returns the events."""
    events: list[Any] = []
    for move in moves:
        events += state.apply(who, move)
    return events


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def only(events: list[Any], kind: str) -> Any:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {kinds(events)}"
    return found[0]


def done_discarding(state: Any) -> list[Any]:
    """Every seat still discarding at the end of the round says done."""
    events: list[Any] = []
    while state.phase == "discard":
        events += state.apply(state.to_act[0], "done")
    return events


def fv(state: Any, s: int) -> dict[str, Any]:
    """Seat ``s``'s public fighter view."""
    return state.view(None)["fighters"][s]
