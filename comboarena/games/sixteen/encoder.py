"""Sixteen for learning libraries: 57 numbered actions and a flat observation.

Actions: the 28 faces in notation order (``0B`` ... ``6R``), then a wild
declared as each of them (``W=0B`` ... ``W=6R``), then ``draw``.

The observation is seat-relative: "seat +k" is the seat k places to your left
(a spectator sees the table from seat 0). Its layout is
:data:`SixteenEncoder.layout` (``docs/games/sixteen.md`` prints it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Encoder, Layout

from .actions import DRAW, PLAYS, WILD_PLAYS
from .cards import COLOUR, COLOURS, FACES, NUMBER, NUMBERS, PHYSICAL, WILD, deck_counts

if TYPE_CHECKING:
    from .game import Sixteen

#: The physical cards as the observation counts them: the 28 faces, then the wild.
CARDS = (*FACES, WILD)
_CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
#: A card as shown face up (a declared wild is shown as its face) -> its physical card's number.
_PHYSICAL_INDEX = {shown: _CARD_INDEX[card] for shown, card in PHYSICAL.items()}
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_TOP_NUMBER = {1: "top1_number", 2: "top2_number"}
_TOP_COLOUR = {1: "top1_colour", 2: "top2_colour"}
MAX_PLAYERS = 4


def _layout() -> Layout:
    layout = Layout()
    layout.add("hand", len(CARDS), "copies of each card in your hand (faces in notation order, then W), / 2")
    layout.add("seen", len(CARDS), "copies of each card face up (pile, sets, ignored) / copies in the deck")
    layout.add("pile_sum", 1, "the play pile's sum / 16")
    layout.add("pile_size", 1, "cards on the play pile / 10")
    for k in (1, 2):
        layout.add(f"top{k}_number", len(NUMBERS), f"one-hot number of the pile's card {k} from the top (1 = top)")
        layout.add(f"top{k}_colour", len(COLOURS), f"one-hot colour of the pile's card {k} from the top")
    layout.add("turn", MAX_PLAYERS, "one-hot: whose turn, seat-relative (0 = you); all 0 once over")
    layout.add("hand_sizes", MAX_PLAYERS, "cards in each hand / 4, seat-relative")
    layout.add("sets", MAX_PLAYERS, "sets won by each seat / 10, seat-relative")
    layout.add("draw_pile", 1, "cards left in the draw pile / 54")
    layout.add("drawn", 1, "1 if a card was drawn this turn")
    layout.add("players", 1, "1 if 4 players (two teams), 0 if 2")
    return layout


class SixteenEncoder(Encoder):
    """Action numbers and observations for Sixteen (any options)."""

    version = 1

    def __init__(self, game: Sixteen) -> None:
        actions = [PLAYS[f] for f in FACES] + WILD_PLAYS + [DRAW]
        super().__init__(actions, _layout())
        self.full = deck_counts(game.options["wilds"])
        # What one face-up copy adds to "seen", by the card as shown (a declared wild counts as W).
        self._weight = {shown: 1.0 / self.full[card] for shown, card in PHYSICAL.items() if card in self.full}

    def observe(self, view: dict[str, Any]) -> list[float]:
        obs = self.observation()
        n = view["players"]
        me = view["seat"] if view["seat"] is not None else 0
        obs.count("hand", [_CARD_INDEX[card] for card in view.get("hand", ())], 0.5)
        pile = view["pile"]
        seen = [0.0] * len(CARDS)
        weight = self._weight
        for card in pile:
            seen[_PHYSICAL_INDEX[card]] += weight[card]
        for piles in view["set_piles"]:
            for p in piles:
                for card in p:
                    seen[_PHYSICAL_INDEX[card]] += weight[card]
        for card in view["ignored"]:
            seen[_PHYSICAL_INDEX[card]] += weight[card]
        obs.put("seen", seen)
        obs["pile_sum"] = view["pile_sum"] / 16
        obs["pile_size"] = len(pile) / 10
        for k in (1, 2):
            if len(pile) >= k:
                card = pile[-k]
                obs.one_hot(_TOP_NUMBER[k], NUMBER[card])
                obs.one_hot(_TOP_COLOUR[k], _COLOUR_INDEX[COLOUR[card]])
        if view["turn"] is not None:
            obs.one_hot("turn", (view["turn"] - me) % n)
        hand_sizes, sets = [0.0] * MAX_PLAYERS, [0.0] * MAX_PLAYERS
        for s in range(n):
            rel = (s - me) % n
            hand_sizes[rel] = view["hand_sizes"][s] / 4
            sets[rel] = view["sets"][s] / 10
        obs.put("hand_sizes", hand_sizes)
        obs.put("sets", sets)
        obs["draw_pile"] = view["draw_pile"] / 54
        obs["drawn"] = 1.0 if view["drawn"] else 0.0
        obs["players"] = 1.0 if n == 4 else 0.0
        return obs.values


__all__ = ["SixteenEncoder"]
