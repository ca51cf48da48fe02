"""Sixteen for learning libraries: 57 numbered actions and a flat observation.

Actions: the 28 faces in notation order (``0B`` ... ``6R``), then a wild
declared as each of them (``W=0B`` ... ``W=6R``), then ``draw``.

The observation is seat-relative: "seat +k" is the seat k places to your left
(a spectator sees the table from seat 0). Its layout is
:data:`SixteenEncoder.layout` (``docs/games/sixteen.md`` prints it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Encoder, Layout, check_seat

from .actions import DRAW, PLAYS, WILD_PLAYS
from .cards import COLOUR, COLOURS, FACES, NUMBER, NUMBERS, PHYSICAL, WILD, deck_counts

if TYPE_CHECKING:
    from .game import Sixteen
    from .state import SixteenState

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
        at = {f.name: f.start for f in self.layout.features}
        self._at = at
        self._blank = self.blank()
        # For observe_state: a face-up card as shown -> its place in "seen"; and the value
        # there after k copies, summed one copy at a time as observe sums them (so the very
        # same floats).
        self._seen_at = {shown: at["seen"] + _PHYSICAL_INDEX[shown] for shown in self._weight}
        self._sums: dict[int, list[float]] = {}
        for shown, w in self._weight.items():
            sums = [0.0]
            for _ in range(len(CARDS) * 4):
                sums.append(sums[-1] + w)
            self._sums[self._seen_at[shown]] = sums
        self._sets_seen: tuple[object, dict[int, int]] = ((), {})
        self._hand_at = {card: at["hand"] + i for card, i in _CARD_INDEX.items()}
        self._top_at = [
            (
                k,
                {c: at[_TOP_NUMBER[k]] + NUMBER[c] for c in NUMBER},
                {c: at[_TOP_COLOUR[k]] + _COLOUR_INDEX[COLOUR[c]] for c in COLOUR},
            )
            for k in (1, 2)
        ]

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

    def observe_state(self, state: SixteenState, seat: int | None) -> list[float]:  # type: ignore[override]
        """``observe(state.view(seat))`` read straight from the state: the same numbers,
        added in the same order (the conformance check compares the two)."""
        out = self._blank[:]
        at = self._at
        n = state.game.players
        if seat is None:
            me = 0
        else:
            check_seat(state.game, seat)
            me = seat
            hand_at = self._hand_at
            for card in state.hands[seat]:
                out[hand_at[card]] += 0.5
        seen_at = self._seen_at
        pile = state.pile
        counts = self._set_counts(state.set_piles)
        for card in pile:
            i = seen_at[card]
            counts[i] = counts.get(i, 0) + 1
        for card in state.ignored:
            i = seen_at[card]
            counts[i] = counts.get(i, 0) + 1
        sums = self._sums
        for i, k in counts.items():
            out[i] = sums[i][k]
        out[at["pile_sum"]] = state.pile_sum / 16
        out[at["pile_size"]] = len(pile) / 10
        for k, number_at, colour_at in self._top_at:
            if len(pile) >= k:
                card = pile[-k]
                out[number_at[card]] = 1.0
                out[colour_at[card]] = 1.0
        turn = state.turn
        if turn is not None:
            out[at["turn"] + (turn - me) % n] = 1.0
        sizes, sets = at["hand_sizes"], at["sets"]
        for s in range(n):
            rel = (s - me) % n
            out[sizes + rel] = len(state.hands[s]) / 4
            out[sets + rel] = state.sets[s] / 10
        out[at["draw_pile"]] = len(state.draw_pile) / 54
        out[at["drawn"]] = 1.0 if state.drawn else 0.0
        out[at["players"]] = 1.0 if n == 4 else 0.0
        return out

    def _set_counts(self, set_piles: tuple[tuple[tuple[str, ...], ...], ...]) -> dict[int, int]:
        """Copies in the won sets per place in "seen" (a new dict): remembered for the last
        ``set_piles`` seen, which are immutable and change only when a set is won."""
        known, counts = self._sets_seen
        if set_piles is not known:
            counts = {}
            seen_at = self._seen_at
            for piles in set_piles:
                for p in piles:
                    for card in p:
                        i = seen_at[card]
                        counts[i] = counts.get(i, 0) + 1
            self._sets_seen = (set_piles, counts)
        return dict(counts)


__all__ = ["SixteenEncoder"]
