"""``sixteen.heuristic``: the rulebook's strategy section as an agent.

Take a Sixteen or a Match when you can; avoid busting; aim for 9 and 2 (from 9
no single card reaches 16, and 0s are rare, so the next player must hand you a
pile in reach of 16; 2 leads to 9 the same way); keep the rare 0s and the
wilds for when they win a set; and never forget to draw.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import accumulate
from typing import Any

from comboarena.agents.base import Agent
from comboarena.core import Action

from .actions import DRAW, Draw
from .cards import COLOUR, COLOURS, FACES, NUMBER, PHYSICAL, WILD, deck

#: What it is worth to reach these sums without forming a set (rulebook: "Nine", "Two").
AIM = {9: 0.3, 2: 0.15}
#: What holding a card back is worth when playing it forms no set.
KEEP = {WILD: 0.45, "0": 0.2}

#: ``_Unseen.by_num``'s entry for the wilds, after the numbers 0-6.
WILD_INDEX = 7
#: Each play's notation -> what scoring it reads: its number, colour, face (a wild as
#: declared: ``W=5G`` and ``5G`` share what the next player may do) and keep-value.
#: Looked up once per play instead of four tables and a slice.
PLAY_INFO: dict[str, tuple[int, str, str, float]] = {
    text: (NUMBER[text], COLOUR[text], text[-2:], KEEP.get(PHYSICAL[text][0], 0.0)) for text in PHYSICAL if text != WILD
}
#: Each card as it is written in a hand or on a pile -> its number (wilds: ``WILD_INDEX``).
NUMBER_OF = {**dict.fromkeys(PHYSICAL, WILD_INDEX), **{f: NUMBER[f] for f in FACES}, WILD: WILD_INDEX}
#: Per colour: each card of that colour as written (a declared wild is not one) -> its number.
_OF_COLOUR = {c: {f: NUMBER[f] for f in FACES if COLOUR[f] == c} for c in COLOURS}


class SixteenHeuristic(Agent):
    """Scores each play by the set it forms now and the chance it hands the next player one."""

    name = "sixteen.heuristic"

    def __init__(self, game: Any) -> None:
        self.game = game
        self.matches = game.options["matches"]
        self.full = _Unseen.deck(game.options["wilds"])
        self.sets_max = 2 if game.options["bonus"] else 1

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if Draw in map(type, legal):  # every Draw is DRAW: no equality test per play
            return DRAW
        seat, n = view["seat"], view["players"]
        nxt = (seat + 1) % n
        # The next player draws before playing unless the draw pile is empty.
        their_hand = view["hand_sizes"][nxt] + (1 if view["draw_pile"] else 0)
        pile_sum = view["pile_sum"]
        # Only the pile's last two cards matter; what they make of a play is read once.
        last = view["pile"][-2:]
        pair_num: int | None = None
        pair_colour: str | None = None
        before: str | None = None
        if self.matches and last:
            before = last[-1]
            if len(last) == 2:
                a, b = last
                if NUMBER[a] == NUMBER[b]:
                    pair_num = NUMBER[a]
                if COLOUR[a] == COLOUR[b]:
                    pair_colour = COLOUR[a]
        sets_max = self.sets_max
        # What the next player may do depends only on the face played: worked out once per face.
        odds: dict[str, tuple[float, float]] = {}
        nextp: _NextPlayer | None = None
        uniform = rng.random
        best, best_score = legal[0], -1e9
        for action in legal:
            num, colour, face, keep = PLAY_INFO[action.text]
            total = pile_sum + num
            if total > 16:
                score = -1.0 - 0.01 * num  # bust: the set goes to the other side
            else:
                sets = (total == 16) + (num == pair_num) + (colour == pair_colour)
                if sets:
                    score = min(sets, sets_max) + 0.05 * num  # win it with the card least worth keeping
                else:
                    found = odds.get(face)
                    if found is None:
                        if nextp is None:
                            nextp = _NextPlayer(_Unseen(self.full, view), before, their_hand)
                        found = odds[face] = nextp.odds(num, colour, total)
                    threat, gift = found
                    score = AIM.get(total, 0.0) - keep - threat + 0.8 * gift
            score += uniform() * 1e-6
            if score > best_score:
                best, best_score = action, score
        return best


class _NextPlayer:
    """The next player's chances in one decision, from the cards unseen."""

    __slots__ = ("before_colour", "before_num", "hand", "unseen")

    def __init__(self, unseen: _Unseen, before: str | None, hand: int) -> None:
        self.unseen = unseen
        self.before_num = NUMBER[before] if before is not None else None
        self.before_colour = COLOUR[before] if before is not None else None
        self.hand = hand

    def odds(self, num: int, colour: str, total: int) -> tuple[float, float]:
        """Chance the next player can form a set, and chance every card they hold busts,
        with a card of ``num`` and ``colour`` played to make ``total``."""
        unseen = self.unseen
        room = 16 - total
        same_n = self.before_num == num
        same_c = self.before_colour == colour
        # Counted per number (and colour) rather than per card, from running sums: the
        # same counts, fewer steps. Wins: a wild, the number that makes 16 (``room``), a
        # third of the same number (``num``, also within reach) or of the same colour.
        by_num, below = unseen.by_num, unseen.below
        top = room + 1 if room < WILD_INDEX else WILD_INDEX
        busts = below[WILD_INDEX] - below[top]
        wins = by_num[WILD_INDEX]
        if room < WILD_INDEX:
            wins += by_num[room]
        third = same_n and num != room and num <= room
        if third:
            wins += by_num[num]
        if same_c:
            of_colour, colour_below = unseen.of_colour(colour)
            wins += colour_below[top]
            if room < WILD_INDEX:
                wins -= of_colour[room]
            if third:
                wins -= of_colour[num]
        return _odds(unseen.total, wins, busts, self.hand)


class _Unseen:
    """The cards a seat has not seen (the deck less its hand, the pile and the won
    sets), counted by number (``by_num``, the wilds last) and, when asked, by colour."""

    __slots__ = ("below", "by_num", "colour", "colours", "seen", "total")

    below: list[int]  # running sums of by_num
    by_num: list[int]
    colour: tuple[str, list[int], list[int]] | None  # the one colour asked for, its counts and sums
    colours: dict[str, list[int]]  # the whole deck's count of each number of each colour
    seen: list[str]
    total: int

    def __init__(self, full: _Unseen, view: dict[str, Any]) -> None:
        seen = [*view["hand"], *view["pile"]]
        for piles in view["set_piles"]:
            for p in piles:
                seen += p
        self.seen = seen
        self.colour = None
        self.colours = full.colours
        self.total = full.total - len(seen)
        # A plain loop over a few dozen cards costs less than building a Counter.
        by_num = full.by_num[:]
        for i in map(NUMBER_OF.__getitem__, seen):
            by_num[i] -= 1
        self.by_num = by_num
        self.below = _running(by_num)

    def of_colour(self, colour: str) -> tuple[list[int], list[int]]:
        """How many of each number 0-6 of ``colour`` are unseen, and their running sums
        (asked for one colour per decision, the top card's, and remembered)."""
        if self.colour is not None and self.colour[0] == colour:
            return self.colour[1], self.colour[2]
        counts = self.colours[colour][:]
        number = _OF_COLOUR[colour].get
        for card in self.seen:
            i = number(card)
            if i is not None:
                counts[i] -= 1
        self.colour = (colour, counts, _running(counts))
        return counts, self.colour[2]

    @classmethod
    def deck(cls, wilds: bool) -> _Unseen:
        """The whole deck: what is unseen before any card is."""
        u = object.__new__(cls)
        cards = deck(wilds)
        u.seen = []
        u.colour = None
        u.total = len(cards)
        u.by_num = [0] * (WILD_INDEX + 1)
        u.colours = {c: [0] * WILD_INDEX for c in COLOURS}
        for card in cards:
            u.by_num[NUMBER_OF[card]] += 1
            if card != WILD:
                u.colours[COLOUR[card]][NUMBER[card]] += 1
        u.below = _running(u.by_num)
        return u


def _running(counts: list[int]) -> list[int]:
    """``out[k]`` is the sum of ``counts[:k]``."""
    return list(accumulate(counts, initial=0))


@cache
def _odds(total: int, wins: int, busts: int, draws: int) -> tuple[float, float]:
    """Chance that ``draws`` cards from ``total`` include one of ``wins``, and that they
    are all among ``busts`` (a few hundred distinct questions in a game, asked thousands
    of times: remembered)."""
    return 1.0 - _all_of(total, total - wins, draws), _all_of(total, busts, draws)


def _all_of(total: int, good: int, draws: int) -> float:
    """Chance that ``draws`` cards from ``total`` are all among ``good``."""
    p = 1.0
    for i in range(min(draws, total)):
        p *= max(good - i, 0) / (total - i)
    return p
