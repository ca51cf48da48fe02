"""Stacking Sixteen decks for rule scenarios."""

from __future__ import annotations

from typing import Any

import comboarena as ca


def stack(hands: list[list[str]], draws: list[str]) -> list[str]:
    """The deck (top first) that deals ``hands`` (one card at a time from seat 0), then ``draws``."""
    deck = [hands[seat][i] for i in range(3) for seat in range(len(hands))]
    return deck + draws


def new(hands: list[list[str]], draws: list[str], **options: Any) -> Any:
    game = ca.make("sixteen", players=len(hands), **options)
    return game.new_state(seed=1, deck=stack(hands, draws))


def play(state: Any, *moves: str) -> list[Any]:
    """Apply moves in turn order; returns all events."""
    events = []
    for move in moves:
        (seat,) = state.to_act
        events += state.apply(seat, move)
    return events
