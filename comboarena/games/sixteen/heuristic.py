"""``sixteen.heuristic``: the rulebook's strategy section as an agent.

Take a Sixteen or a Match when you can; avoid busting; aim for 9 and 2 (from 9
no single card reaches 16, and 0s are rare, so the next player must hand you a
pile in reach of 16; 2 leads to 9 the same way); keep the rare 0s and the
wilds for when they win a set; and never forget to draw.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from comboarena.agents.base import Agent
from comboarena.core import Action

from .actions import DRAW, Draw, Play
from .cards import COLOUR, COLOURS, FACES, NUMBER, PHYSICAL, WILD, deck

#: What it is worth to reach these sums without forming a set (rulebook: "Nine", "Two").
AIM = {9: 0.3, 2: 0.15}
#: What holding a card back is worth when playing it forms no set.
KEEP = {WILD: 0.45, "0": 0.2}


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
        scorer = _Scorer(self, view, their_hand)
        best, best_score = legal[0], -1e9
        for action in legal:
            score = scorer.score(action) + rng.random() * 1e-6
            if score > best_score:
                best, best_score = action, score
        return best


class _Scorer:
    """Scores the plays of one decision. What the next player may do depends only on the
    number and colour played, so it is worked out once per face (a wild declared as
    ``5G`` and a ``5G`` share it), and the unseen cards only when some play needs them."""

    __slots__ = ("before", "full", "hand", "last", "matches", "next_player", "pile_sum", "sets_max", "unseen", "view")

    def __init__(self, agent: SixteenHeuristic, view: dict[str, Any], hand: int) -> None:
        self.matches = agent.matches
        self.sets_max = agent.sets_max
        self.full = agent.full
        self.view = view
        self.unseen: _Unseen | None = None
        self.hand = hand
        # Only the pile's last two cards matter: no copy of the pile per candidate.
        self.last = view["pile"][-2:]
        self.before = self.last[-1] if self.last and self.matches else None
        self.pile_sum = view["pile_sum"]
        self.next_player: dict[str, tuple[float, float]] = {}

    def score(self, action: Action) -> float:
        assert isinstance(action, Play)
        text = action.text
        num = NUMBER[text]
        total = self.pile_sum + num
        if total > 16:
            return -1.0 - 0.01 * num  # bust: the set goes to the other side
        sets = int(total == 16)
        last = self.last
        if self.matches and len(last) == 2:
            a, b = last
            sets += NUMBER[a] == NUMBER[b] == num
            sets += COLOUR[a] == COLOUR[b] == COLOUR[text]
        if sets:
            return min(sets, self.sets_max) + 0.05 * num  # win it with the card least worth keeping
        physical = PHYSICAL[text]
        keep = KEEP.get(physical[0], 0.0) if physical != WILD else KEEP[WILD]
        face = text[-2:]
        found = self.next_player.get(face)
        if found is None:
            found = self.next_player[face] = self._next_player(text, total)
        threat, gift = found
        return AIM.get(total, 0.0) - keep - threat + 0.8 * gift

    def _next_player(self, text: str, total: int) -> tuple[float, float]:
        """Chance the next player can form a set, and chance every card they hold busts,
        with ``text`` played."""
        unseen = self.unseen
        if unseen is None:
            unseen = self.unseen = _Unseen(self.full, self.view)
        room = 16 - total
        num = NUMBER[text]
        before = self.before
        same_n = before is not None and NUMBER[before] == num
        same_c = before is not None and COLOUR[before] == COLOUR[text]
        # Counted per number (and colour) rather than per card, from running sums: the
        # same counts, fewer steps. Wins: a wild, the number that makes 16 (``room``), a
        # third of the same number (``num``, also within reach) or of the same colour.
        by_num, below = unseen.by_num, unseen.below
        top = min(room + 1, WILD_INDEX)
        busts = below[WILD_INDEX] - below[top]
        wins = by_num[WILD_INDEX]
        if room < WILD_INDEX:
            wins += by_num[room]
        third = same_n and num != room and num <= room
        if third:
            wins += by_num[num]
        if same_c:
            of_colour, colour_below = unseen.of_colour(COLOUR[text])
            wins += colour_below[top]
            if room < WILD_INDEX:
                wins -= of_colour[room]
            if third:
                wins -= of_colour[num]
        return _odds(unseen.total, wins, busts, self.hand)


#: ``_Unseen.by_num``'s entry for the wilds, after the numbers 0-6.
WILD_INDEX = 7
#: Each card as it is written in a hand or on a pile -> its number (wilds: ``WILD_INDEX``)
#: and its face (``5G``; wilds: ``W``), so that counting them is a ``Counter`` over a ``map``.
NUMBER_OF = {**dict.fromkeys(PHYSICAL, WILD_INDEX), **{f: NUMBER[f] for f in FACES}, WILD: WILD_INDEX}
_COLOUR_FACES = {c: [f"{num}{c}" for num in range(WILD_INDEX)] for c in COLOURS}
FACE_OF = {**{t: WILD if p == WILD else t for t, p in PHYSICAL.items()}, WILD: WILD}


class _Unseen:
    """The cards a seat has not seen (the deck less its hand, the pile and the won
    sets), counted by number (``by_num``, the wilds last) and, when asked, by colour."""

    __slots__ = ("below", "by_num", "colour", "faces", "seen", "total")

    below: list[int]  # running sums of by_num
    by_num: list[int]
    colour: tuple[str, list[int], list[int]] | None  # the one colour asked for, its counts and sums
    faces: Counter[str]  # the whole deck's count of each face
    seen: list[str]
    total: int

    def __init__(self, full: _Unseen, view: dict[str, Any]) -> None:
        seen = [*view["hand"], *view["pile"]]
        for piles in view["set_piles"]:
            for p in piles:
                seen += p
        self.seen = seen
        self.colour = None
        self.faces = full.faces
        self.total = full.total - len(seen)
        count = Counter(map(NUMBER_OF.__getitem__, seen))
        self.by_num = [k - count[i] for i, k in enumerate(full.by_num)]
        self.below = _running(self.by_num)

    def of_colour(self, colour: str) -> tuple[list[int], list[int]]:
        """How many of each number 0-6 of ``colour`` are unseen, and their running sums
        (asked for one colour per decision, the top card's, and remembered)."""
        if self.colour is not None and self.colour[0] == colour:
            return self.colour[1], self.colour[2]
        count = Counter(map(FACE_OF.__getitem__, self.seen))
        faces = self.faces
        counts = [faces[f] - count[f] for f in _COLOUR_FACES[colour]]
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
        u.faces = Counter(cards)
        count = Counter(map(NUMBER_OF.__getitem__, cards))
        u.by_num = [count[i] for i in range(WILD_INDEX + 1)]
        u.below = _running(u.by_num)
        return u


def _running(counts: list[int]) -> list[int]:
    """``out[k]`` is the sum of ``counts[:k]``."""
    out = [0]
    for k in counts:
        out.append(out[-1] + k)
    return out


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
