"""``sixteen.heuristic``: the rulebook's strategy section as an agent.

Take a Sixteen or a Match when you can; avoid busting; aim for 9 and 2 (from 9
no single card reaches 16, and 0s are rare, so the next player must hand you a
pile in reach of 16; 2 leads to 9 the same way); keep the rare 0s and the
wilds for when they win a set; and never forget to draw.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from comboarena.agents.base import Agent
from comboarena.core import Action

from .actions import DRAW, Play
from .cards import COLOUR, NUMBER, PHYSICAL, WILD, deck_counts

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
        self.full = deck_counts(game.options["wilds"])

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if DRAW in legal:
            return DRAW
        unseen = self._unseen(view)
        seat, n = view["seat"], view["players"]
        nxt = (seat + 1) % n
        # The next player draws before playing unless the draw pile is empty.
        their_hand = view["hand_sizes"][nxt] + (1 if view["draw_pile"] else 0)
        best, best_score = legal[0], -1e9
        for action in legal:
            score = self._score(action, view, unseen, their_hand) + rng.random() * 1e-6
            if score > best_score:
                best, best_score = action, score
        return best

    def _unseen(self, view: dict[str, Any]) -> list[str]:
        seen = Counter(view["hand"])
        seen.update(PHYSICAL[c] for c in view["pile"])
        seen.update(PHYSICAL[c] for piles in view["set_piles"] for p in piles for c in p)
        return list((self.full - seen).elements())

    def _score(self, action: Action, view: dict[str, Any], unseen: list[str], their_hand: int) -> float:
        assert isinstance(action, Play)
        text = action.text
        pile = [*view["pile"], text]
        total = view["pile_sum"] + NUMBER[text]
        if total > 16:
            return -1.0 - 0.01 * NUMBER[text]  # bust: the set goes to the other side
        sets = int(total == 16)
        if self.matches and len(pile) >= 3:
            a, b, c = pile[-3:]
            sets += NUMBER[a] == NUMBER[b] == NUMBER[c]
            sets += COLOUR[a] == COLOUR[b] == COLOUR[c]
        if sets:
            count = min(sets, 2 if self.game.options["bonus"] else 1)
            return count + 0.05 * NUMBER[text]  # win it with the card least worth keeping
        keep = KEEP.get(PHYSICAL[text][0], 0.0) if PHYSICAL[text] != WILD else KEEP[WILD]
        threat, gift = self._next_player(pile, total, unseen, their_hand)
        return AIM.get(total, 0.0) - keep - threat + 0.8 * gift

    def _next_player(self, pile: list[str], total: int, unseen: list[str], hand: int) -> tuple[float, float]:
        """Chance the next player can form a set, and chance every card they hold busts."""
        room = 16 - total
        last2 = pile[-2:] if self.matches and len(pile) >= 2 else []
        same_n = len(last2) == 2 and NUMBER[last2[0]] == NUMBER[last2[1]]
        same_c = len(last2) == 2 and COLOUR[last2[0]] == COLOUR[last2[1]]
        wins = busts = 0
        for card in unseen:
            if card == WILD:
                wins += 1
                continue
            num = int(card[0])
            if num > room:
                busts += 1
            elif num == room or (same_n and num == NUMBER[last2[0]]) or (same_c and card[1] == COLOUR[last2[0]]):
                wins += 1
        return _any_of(len(unseen), wins, hand), _all_of(len(unseen), busts, hand)


def _any_of(total: int, good: int, draws: int) -> float:
    """Chance that ``draws`` cards from ``total`` include one of ``good``."""
    return 1.0 - _all_of(total, total - good, draws)


def _all_of(total: int, good: int, draws: int) -> float:
    """Chance that ``draws`` cards from ``total`` are all among ``good``."""
    p = 1.0
    for i in range(min(draws, total)):
        p *= max(good - i, 0) / (total - i)
    return p
