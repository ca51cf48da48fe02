"""Sixteen's positions: the whole table as JSON, read back strictly.

Fields (after the shared envelope) are the state's saved fields, declared in
:mod:`.fields`: ``hands`` (per seat), ``draw_pile`` (top first), ``pile``
(bottom first, wilds as declared: ``W=5G``), ``sets`` (per seat),
``set_piles`` (per seat, the cards of each set won), ``ignored`` (the last
pile, once over), ``turn`` (the seat to play, null once over) and ``drawn``
(cards drawn this turn). Each field is read on its own there; here are the
checks between fields.

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

from .cards import COLOUR, NUMBER, PHYSICAL
from .fields import BONUS_SETS, FIELDS, FULL_HAND, SIXTEEN
from .state import SixteenState, build

if TYPE_CHECKING:
    from .game import Sixteen


def read_position(game: Sixteen, f: Fields, chance: Chance) -> SixteenState:
    v = FIELDS.read(f, game)
    hands, draw, pile, turn = v["hands"], v["draw_pile"], v["pile"], v["turn"]
    sets, set_piles, ignored = v["sets"], v["set_piles"], v["ignored"]
    over = turn is None
    zones = [(f"hands[{s}]", h) for s, h in enumerate(hands)]
    zones += [("draw_pile", draw), ("pile", [PHYSICAL[c] for c in pile]), ("ignored", [PHYSICAL[c] for c in ignored])]
    zones += [(f"set_piles[{s}]", [PHYSICAL[c] for p in piles for c in p]) for s, piles in enumerate(set_piles)]
    check_position_cards(zones, game.counts, "Sixteen's deck" + ("" if game.options["wilds"] else " (no wilds)"))
    if over and (draw or any(hands)):
        raise PositionError("position.turn is null (game over), but cards are still to be played")
    for s, hand in enumerate(hands):
        limit = FULL_HAND if s == turn else FULL_HAND - 1
        if len(hand) > limit:
            who = "the seat to play" if s == turn else "a seat waiting for its turn"
            raise PositionError(f"position.hands[{s}] holds {len(hand)} cards; {who} holds at most {limit}")
    total = sum(NUMBER[c] for c in pile)
    if total > SIXTEEN:
        raise PositionError("position.pile sums to more than 16: a bust pile never stays on the table")
    if total == SIXTEEN:
        raise PositionError("position.pile sums to 16: a Sixteen set is removed as it forms, never left on the table")
    if game.matches:
        for i in range(len(pile) - 2):
            a, b, c = pile[i : i + 3]
            if NUMBER[a] == NUMBER[b] == NUMBER[c] or COLOUR[a] == COLOUR[b] == COLOUR[c]:
                raise PositionError(
                    f"position.pile has {a}, {b}, {c} in a row: a Match is removed as it forms, never left on the table"
                )
    if not over and draw and game.draw_rule == "auto" and len(hands[turn]) != FULL_HAND:
        raise PositionError(
            f"position.hands[{turn}] holds {len(hands[turn])} cards, but with draw=auto the seat to play "
            f"has drawn as its turn began and holds {FULL_HAND} while the draw pile lasts"
        )
    for s, piles in enumerate(set_piles):
        most = BONUS_SETS * len(piles) if game.bonus else len(piles)
        if not len(piles) <= sets[s] <= most:
            raise PositionError(f"position.sets[{s}] is {sets[s]}, but seat {s} won {len(piles)} set piles")
    if not over and not draw and not hands[turn]:
        raise PositionError(f"position.turn is seat {turn}, who has no card left to play")
    if ignored and not over:
        raise PositionError("position.ignored holds cards, but only a finished game has an ignored last pile")
    return build(game, chance, hands, draw, pile, sets, set_piles, ignored, turn, v["drawn"])


__all__ = ["read_position"]
