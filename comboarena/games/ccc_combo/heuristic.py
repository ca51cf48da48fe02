"""``ccc-combo.heuristic``: a table player's sense of c-c-c-COMBO as an agent.

- Reaction window: COUNTER a COMBO that burns itself or its partner, or that
  feeds an opponent; let its own team's COMBOs stand.
- Its turn: a COMBO on an opponent is worth the cards it burns times the chance
  nobody counters it (estimated from the cards it has not seen), and wins the
  game outright when the burn empties the opponent's hand; a COMBO on its
  partner FEEDS a partner who is low; a COUNTER clears a dangerous stack on its
  partner's pile; otherwise it discards its least useful card.
- Burns its least useful cards; as a Big Player HEALS when its partner holds
  fewer cards than itself.

A card is useful for the COMBOs it could make on opponents' piles (more so
on big stacks) and for feeding its partner.
"""

from __future__ import annotations

import random
from math import comb
from typing import TYPE_CHECKING, Any

from comboarena.agents.base import Agent
from comboarena.core import Action
from comboarena.core.cards import DECK

from .actions import DRAW, HEAL, PASS, Burn, ChooseBig, Discard, Play
from .view import Effect, Phase

if TYPE_CHECKING:
    from .game import CccCombo

#: What one card burned from an opponent is worth (one card fed to the partner is worth FEED_LOW when they are low).
BURN_VALUE = 1.0
FEED_LOW, FEED_OK = 0.8, 0.15
#: A partner with this many cards or fewer is "low".
LOW = 3
#: A stack on the partner's pile is a threat worth this much per card (an opponent's COMBO would burn it).
THREAT = 0.45
#: Winning the game outright.
WIN = 100.0


class CccHeuristic(Agent):
    """Scores each legal action with the rules of thumb above."""

    name = "ccc-combo.heuristic"

    def __init__(self, game: CccCombo) -> None:
        self.game = game

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == Phase.WINDOW:
            return self._answer(view, legal)
        if phase == Phase.HEAL:
            return self._draw_or_heal(view)
        if phase == Phase.BURN:
            return min(legal, key=lambda a: self._usefulness(view, a.card) if isinstance(a, Burn) else 0.0)
        if phase == Phase.BIG_PLAYERS:
            # The BP is dealt two more cards; any seat will do. Name the captain itself.
            return next(a for a in legal if isinstance(a, ChooseBig) and a.seat == view["seat"])
        return self._turn(view, legal, rng)

    # -- decisions ------------------------------------------------------------

    def _answer(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """COUNTER a COMBO that hurts this team or feeds the other; else pass."""
        window = view["window"]
        me = view["seat"]
        mine = window["pile"] % 2 == me % 2
        hurts = window["effect"] == Effect.BURN and mine
        feeds_them = window["effect"] == Effect.FEED and not mine
        counters = [a for a in legal if isinstance(a, Play)]
        if counters and (hurts or feeds_them):
            return min(counters, key=lambda a: self._usefulness(view, a.card))
        return PASS

    def _draw_or_heal(self, view: dict[str, Any]) -> Action:
        """HEAL when the partner holds fewer cards than this Big Player."""
        me = view["seat"]
        sizes = view["hand_sizes"]
        return HEAL if sizes[(me + 2) % 4] < sizes[me] else DRAW

    def _turn(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        unseen = self._unseen(view)
        best, best_score = legal[0], -1e9
        for action in legal:
            score = self._score(view, action, unseen) + rng.random() * 1e-6
            if score > best_score:
                best, best_score = action, score
        return best

    # -- scoring --------------------------------------------------------------

    def _score(self, view: dict[str, Any], action: Action, unseen: list[str]) -> float:
        if isinstance(action, Discard):
            return -0.1 * self._usefulness(view, action.card)
        if not isinstance(action, Play):  # the turn's actions are plays and discards
            return -1e9
        me, p, card = view["seat"], action.pile, action.card
        pile = view["piles"][p]
        sizes = view["hand_sizes"]
        keep = 0.1 * self._usefulness(view, card)
        if card[1] != pile[-1][1]:
            # COUNTER: worth the threat it removes from the partner's pile.
            stack = len(pile) - 1
            return (THREAT * stack if p % 2 == me % 2 else -0.05 * stack) - keep
        stack = len(pile)  # the stack once this card is on it
        opponents = [s for s in range(4) if s % 2 != me % 2]
        stands = self._no_counter(unseen, card, sum(sizes[s] for s in opponents))
        if p % 2 != me % 2:
            if stack >= sizes[p]:
                return WIN * stands - keep
            # A bigger stack on an opponent's pile is also a bigger FEED for their partner.
            return BURN_VALUE * stack * stands - 0.1 * stack - keep
        low = sizes[p] <= LOW or sizes[p] < min(sizes[s] for s in opponents)
        feed = (FEED_LOW if low else FEED_OK) * stack * stands
        # The bigger stack is a bigger burn for the next opponent's COMBO on it.
        return feed - THREAT * 0.5 * stack - keep

    @staticmethod
    def _no_counter(unseen: list[str], card: str, held: int) -> float:
        """Chance that ``held`` unseen cards (the opponents' hands) hold no card of ``card``'s value."""
        total = len(unseen)
        same = sum(1 for c in unseen if c[0] == card[0])
        held = min(held, total)
        if held <= 0 or same == 0:
            return 1.0
        return comb(total - same, held) / comb(total, held)

    @staticmethod
    def _unseen(view: dict[str, Any]) -> list[str]:
        seen = set(view["hand"]) | set(view["discard"]) | {c for p in view["piles"] for c in p}
        return [c for c in DECK if c not in seen]

    @staticmethod
    def _usefulness(view: dict[str, Any], card: str) -> float:
        """How much a card is worth keeping: COMBOs it could make on opponents'
        piles (bigger stacks count more) and FEEDs on the partner's pile."""
        me = view["seat"]
        worth = 0.0
        for p, pile in enumerate(view["piles"]):
            if p == me or not pile:
                continue
            if card[1] == pile[-1][1]:
                worth += len(pile) if p % 2 != me % 2 else 0.5
            elif card[0] == pile[-1][0] and p % 2 == me % 2:
                worth += 0.5 * (len(pile) - 1)  # could clear a stack threatening the partner
        return worth
