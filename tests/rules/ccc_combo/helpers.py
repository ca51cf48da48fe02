"""Stacking c-c-c-COMBO decks for rule scenarios.

The deal is one card at a time from seat 0, seven rounds, then two more
rounds to the Big Players (in seat order); each player's last card dealt is
the base of their pile. ``stack`` builds the deck that deals given bases and
hands; hands may be given short, and are filled with unused cards in
canonical order (``FILL``), so a scenario names only the cards it is about.
"""

from __future__ import annotations

from typing import Any

import comboarena as ca
from comboarena.core.cards import DECK

#: Hands are filled with unnamed cards in this order: spades and clubs first, so a
#: scenario that keeps to hearts and diamonds is not disturbed by the filler.
FILL = [c for c in DECK if c[1] in "SC"] + [c for c in DECK if c[1] in "HD"]


def stack(
    bases: list[str], hands: list[list[str]], draws: list[str] = (), bigs: tuple[int, int] = (0, 1)
) -> list[str]:
    """The deck (top first) dealing ``bases`` and ``hands`` (7 cards with the base, 9 for
    the Big Players ``bigs``), then ``draws`` on top of the deck."""
    named = set(bases) | {c for h in hands for c in h} | set(draws)
    filler = [c for c in FILL if c not in named]
    full = []
    for seat in range(4):
        size = (9 if seat in bigs else 7) - 1
        hand = list(hands[seat])
        if len(hand) > size:
            raise ValueError(f"seat {seat} is dealt {size} cards besides the base, not {len(hand)}")
        while len(hand) < size:
            hand.append(filler.pop(0))
        full.append([*hand, bases[seat]])
    order = [s for _ in range(7) for s in range(4)] + [s for _ in range(2) for s in sorted(bigs)]
    deck = [full[seat].pop(0) for seat in order]
    return deck + list(draws)


def new(
    bases: list[str],
    hands: list[list[str]] = ([], [], [], []),
    draws: list[str] = (),
    bigs: tuple[int, int] = (0, 1),
    seed: int = 1,
    **options: Any,
) -> Any:
    """A dealt game with Big Players ``bigs`` (seats 0 and 1 unless told)."""
    game = ca.make("ccc-combo", big_players=bigs, **options)
    return game.new_state(seed=seed, deck=stack(bases, hands, draws, bigs))


def act(state: Any, *moves: tuple[int, str]) -> list[Any]:
    """Apply ``(seat, notation)`` moves in order, checking the invariant; returns all events."""
    events = []
    for seat, move in moves:
        events += state.apply(seat, move)
        state.game.check_invariants(state)
    return events


def passes(state: Any) -> list[Any]:
    """Every seat still in the reaction window passes."""
    events = []
    while state.view(None)["phase"] == "window":
        events += state.apply(state.to_act[0], "pass")
    return events


def of(events: list[Any], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def with_hand(state: Any, seat: int, cards: list[str]) -> Any:
    """``state`` rebuilt from its position with ``seat`` holding exactly ``cards`` (taken
    from wherever they lie but piles); its old cards go to the bottom of the deck.
    Every card stays in one place (``from_position`` checks it)."""
    pos = state.position()
    wanted = set(cards)
    hands = pos["hands"]
    old = [c for c in hands[seat] if c not in wanted]
    pos["hands"] = [[c for c in hand if c not in wanted] for hand in hands]
    pos["hands"][seat] = list(cards)
    pos["discard"] = [c for c in pos["discard"] if c not in wanted]
    pos["deck"] = [c for c in pos["deck"] if c not in wanted] + old  # the deck lists its top first
    return state.game.from_position(pos)
