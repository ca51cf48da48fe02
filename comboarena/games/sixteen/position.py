"""Sixteen's positions: the whole table as JSON, read back strictly.

Fields (after the shared envelope): ``turn`` (the seat to play, null once
over), ``drawn`` (cards drawn this turn), ``hands`` (per seat), ``draw_pile``
(top first), ``pile`` (bottom first, wilds as declared: ``W=5G``), ``sets``
(per seat), ``set_piles`` (per seat, the cards of each set won) and
``ignored`` (the last pile, once over).

>>> import comboarena as ca
>>> game = ca.make("sixteen")
>>> state = game.new_state(seed=3)
>>> game.from_position(state.position()).view(0) == state.view(0)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Chance, Fields, PositionError
from comboarena.core.zones import check_position_cards

from .cards import NUMBER, PHYSICAL, WILD
from .state import FULL_HAND, SIXTEEN, SixteenState, build

if TYPE_CHECKING:
    from .game import Sixteen


def read_position(game: Sixteen, f: Fields, chance: Chance) -> SixteenState:
    n = game.players
    physical = set(game._counts)
    turn_value = f.get("turn")
    over = turn_value is None
    turn = -1 if over else f.number("turn", 0, n - 1)
    drawn = f.number("drawn", 0, FULL_HAND)
    hands: list[list[str]] = f.items("hands", lambda v, where: _cards(v, where, physical), length=n)
    draw = _cards(f.get("draw_pile"), f.path("draw_pile"), physical)
    pile = _cards(f.get("pile"), f.path("pile"), set(NUMBER))
    sets: list[int] = f.items("sets", _count, length=n)
    set_piles: list[list[list[str]]] = f.items("set_piles", _piles, length=n)
    ignored = _cards(f.get("ignored"), f.path("ignored"), set(NUMBER))
    zones = [(f"hands[{s}]", h) for s, h in enumerate(hands)]
    zones += [("draw_pile", draw), ("pile", [PHYSICAL[c] for c in pile]), ("ignored", [PHYSICAL[c] for c in ignored])]
    zones += [(f"set_piles[{s}]", [PHYSICAL[c] for p in piles for c in p]) for s, piles in enumerate(set_piles)]
    check_position_cards(zones, game._counts, "Sixteen's deck" + ("" if game.options["wilds"] else " (no wilds)"))
    if over and (draw or any(hands)):
        raise PositionError("position.turn is null (game over), but cards are still to be played")
    for s, hand in enumerate(hands):
        limit = FULL_HAND if s == turn else FULL_HAND - 1
        if len(hand) > limit:
            who = "the seat to play" if s == turn else "a seat waiting for its turn"
            raise PositionError(f"position.hands[{s}] holds {len(hand)} cards; {who} holds at most {limit}")
    if sum(NUMBER[c] for c in pile) > SIXTEEN:
        raise PositionError("position.pile sums to more than 16: a bust pile never stays on the table")
    for s, piles in enumerate(set_piles):
        most = 3 * len(piles) if game.bonus else len(piles)
        if not len(piles) <= sets[s] <= most:
            raise PositionError(f"position.sets[{s}] is {sets[s]}, but seat {s} won {len(piles)} set piles")
    if not over and not draw and not hands[turn]:
        raise PositionError(f"position.turn is seat {turn}, who has no card left to play")
    if ignored and not over:
        raise PositionError("position.ignored holds cards, but only a finished game has an ignored last pile")
    won = tuple(tuple(tuple(p) for p in ps) for ps in set_piles)
    return build(game, chance, hands, draw, pile, sets, won, tuple(ignored), turn, drawn)


def _cards(value: object, where: str, allowed: set[str]) -> list[str]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards")
    for i, card in enumerate(value):
        if card not in allowed:
            hint = "a declared wild is written W=5G" if card == WILD else "cards are 0-6 with R G B O, or W"
            raise PositionError(f"{where}[{i}] = {card!r} is not a card here; {hint}")
    return list(value)


def _count(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{where} must be a whole number >= 0, got {value!r}")
    return value


def _piles(value: object, where: str) -> list[list[str]]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of set piles")
    return [_cards(p, f"{where}[{i}]", set(NUMBER)) for i, p in enumerate(value)]


__all__ = ["read_position"]
