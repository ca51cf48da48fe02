"""Writing c-c-c-COMBO positions by hand for scenarios: name the cards that
matter, and every other card goes to the deck (in canonical order, top first)."""

from __future__ import annotations

from typing import Any

import comboarena as ca
from comboarena.core import options_json
from comboarena.core.cards import DECK


def table(
    game: Any,
    *,
    hands: list[list[str]],
    piles: list[list[str]],
    discard: list[str] = (),
    deck: list[str] | None = None,
    deck_top: list[str] = (),
    phase: str = "play",
    turn: int | None = 0,
    turns: int = 0,
    big_players: list[int | None] = (0, 1),
    window: dict | None = None,
    burn: dict | None = None,
    draws: list[list] = (),
    seed: int = 7,
    draws_taken: int = 1,
) -> dict[str, Any]:
    """A whole position. ``deck`` lists the deck (top first); when it is not given the
    deck is ``deck_top`` followed by every card not named elsewhere."""
    named = [c for h in hands for c in h] + [c for p in piles for c in p] + list(discard)
    if deck is None:
        deck = list(deck_top) + [c for c in DECK if c not in named and c not in deck_top]
    return {
        "game": "ccc-combo",
        "version": 1,
        "options": options_json(game.options),
        "chance": {"seed": seed, "draws": draws_taken, "forced": []},
        "phase": phase,
        "big_players": list(big_players),
        "turn": turn,
        "turns": turns,
        "hands": [list(h) for h in hands],
        "piles": [list(p) for p in piles],
        "discard": list(discard),
        "deck": list(deck),
        "window": window,
        "burn": burn,
        "draws": [list(d) for d in draws],
    }


def load(game: Any, **fields: Any) -> Any:
    """The state of :func:`table`'s position."""
    return game.from_position(table(game, **fields))


GAME = ca.make("ccc-combo", big_players=(0, 1))
