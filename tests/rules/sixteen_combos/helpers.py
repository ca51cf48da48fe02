"""Stacking 16 Combos tables for rule scenarios.

With ``placement=dealt`` the deal is fixed: every character's type cards (left
to right, character 0 first), then every character's value cards in the same
order; the draw pile gives the Character Order cards first (character 0
first), then the action values. ``new`` stacks both piles so that a scenario
names only the cards it is about; by default character 0's order card is the
king of spades and character 1's the two of spades, so character 0 acts first.
"""

from __future__ import annotations

from typing import Any

import comboarena as ca


def deck(types: list[list[str]], values: list[list[str]], draws: list[str] = (), order: list[str] = ()) -> dict:
    order = list(order) or ["KS", "2S", "3S", "4S"][: len(types)]
    deal = [c for row in types for c in row] + [c for row in values for c in row]
    return {"deal": deal, "draw": [*order, *draws]}


def new(types: list[list[str]], values: list[list[str]], draws: list[str] = (), order: list[str] = (),
        seed: int = 1, **options: Any) -> Any:
    """A dealt table: ``types[c]`` and ``values[c]`` are character c's cards left to right."""
    options.setdefault("placement", "dealt")
    options.setdefault("columns", len(types[0]))
    game = ca.make("16-combos", **options)
    return game.new_state(seed=seed, deck=deck(types, values, draws, order))


#: A small standard table: character 0 holds two hearts in its value row (vitality is
#: available), character 1 two clubs (strength). Defense pairs are column c.
TYPES = [["2H", "3H", "4C"], ["2D", "3D", "4H"]]
VALUES = [["5H", "6H", "7D"], ["5C", "6C", "8S"]]


def play(state: Any, *moves: str) -> list[Any]:
    """Apply each move as the one seat to act; checks the invariant; returns all events."""
    events = []
    for move in moves:
        assert len(state.to_act) == 1, f"several seats to act: {state.to_act}"
        events += state.apply(state.to_act[0], move)
        state.game.check_invariants(state)
    return events


def until(state: Any, phase: str, answer: str = "pass") -> list[Any]:
    """Answer ``answer`` (the target's ``pass``) until the game reaches ``phase``."""
    events = []
    for _ in range(20):
        if state.phase == phase:
            return events
        events += play(state, answer)
    raise AssertionError(f"never reached {phase}, at {state.phase}")


def of(events: list[Any], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def pair(state: Any, char: int, col: str, seat: int | None = None) -> dict:
    """Character ``char``'s pair in column ``col`` as ``seat`` sees it (a spectator by default)."""
    row = state.view(seat)["characters"][char]["rows"]
    return row["abcdefghijklmnopqrstuvwxyz".index(col)]


def value(state: Any, char: int, col: str) -> int:
    """A pair's value, as its owner sees it."""
    return pair(state, char, col, state.game.char_seat[char])["value"]


def legal(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def edit(state: Any, change: Any) -> Any:
    """A state rebuilt from its position after ``change(position)`` (scenarios set a detail)."""
    pos = state.position()
    change(pos)
    return state.game.from_position(pos)


#: The steps between an announcement and its Check, and the answer ``resolve`` gives in each.
BEFORE_CHECK = {"predictive reaction": "pass", "informed reaction": "pass", "face card": "keep",
                "consultation": "defense"}


def resolve(state: Any, face: str = "keep") -> list[Any]:
    """After an announcement: the target passes its reactions (and keeps its defense pair
    facing the action), the actor keeps a drawn face card, until the Check is made."""
    events: list[Any] = []
    while state.phase in BEFORE_CHECK:
        events += play(state, face if state.phase == "face card" else BEFORE_CHECK[state.phase])
    return events


def attack(state: Any, move: str, face: str = "keep") -> list[Any]:
    """The active character announces ``move``; the action resolves up to its Check."""
    events = play(state, move)
    return events if of(events, "check") else events + resolve(state, face)
