"""Sixteen as a registered game: options, set-up, notation, determinization."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from comboarena.core import Action, Game, GameInfo, InvariantError, Option, OptionError
from comboarena.core.rng import generator, new_seed

from .actions import NOTATION_HELP, parse
from .cards import PHYSICAL, WILD, deck, deck_counts
from .state import SixteenState, new_state

SUMMARY = (
    "Draw a card, play a card. A play pile that sums to exactly 16 (Sixteen) or "
    "holds three cards in a row of one number or colour (Match) is a set for the "
    "player of the last card; going over 16 (Bust) gives the set to the other "
    "side. Most sets when every card has been played wins. 2 players, or 4 in "
    "teams of partners seated alternately."
)

NOTATION = f"""\
Cards: number 0-6 and colour R (red), G (green), B (blue), O (orange), e.g. 3G;
the wild is W. A move is {NOTATION_HELP}.
Examples: 5R   W=5G   draw"""


class Sixteen(Game):
    """The card game Sixteen; see ``../shared/rules/sixteen.txt``."""

    info = GameInfo(
        name="sixteen",
        title="Sixteen",
        summary=SUMMARY,
        rulebook="sixteen.txt",
        options=(
            Option("players", 2, "2 players, or 4 in two teams of partners seated alternately", choices=(2, 4)),
            Option("matches", True, "Match sets exist (false: the rules for younger players)", kind=bool),
            Option("wilds", True, "the two wild cards are in the deck", kind=bool),
            Option(
                "draw",
                "auto",
                "auto: the engine draws for you; strict/loose: 'draw' is your own move, "
                "and playing without drawing leaves you short (strict) or not (loose)",
                choices=("auto", "strict", "loose"),
            ),
            Option("bonus", False, "a card that makes two Match and/or Sixteen sets at once counts twice", kind=bool),
        ),
        notation=NOTATION,
        min_players=2,
        max_players=4,
        chance="shuffled deck, dealt at the start",
        information="imperfect (hands and draw order hidden)",
        simultaneous=False,
        teams=True,
        agents={"heuristic": "comboarena.games.sixteen.heuristic:SixteenHeuristic"},
        text_ui="comboarena.games.sixteen.text:SixteenText",
    )

    def _setup(self) -> None:
        n = self.players = self.options["players"]
        self.teams = ((0,), (1,)) if n == 2 else ((0, 2), (1, 3))
        self.matches: bool = self.options["matches"]
        self.bonus: bool = self.options["bonus"]
        self.draw_rule: str = self.options["draw"]
        #: Who is awarded a bust played by each seat: the next seat, on the other side.
        self.bust_taker = [(s + 1) % n for s in range(n)]
        self._deck = deck(self.options["wilds"])
        self._counts = deck_counts(self.options["wilds"])

    def new_state(self, seed: int | None = None, deck: Any = None) -> SixteenState:
        if seed is None:
            seed = new_seed()
        rng = generator(seed)
        if deck is None:
            order = self._deck[:]
            rng.shuffle(order)
            return new_state(self, seed, order, None)
        stacked = self._check_deck(deck)
        rest = self._counts - Counter(stacked)
        tail = sorted(rest.elements())
        rng.shuffle(tail)
        return new_state(self, seed, stacked + tail, stacked)

    def _check_deck(self, deck: Any) -> list[str]:
        if isinstance(deck, str) or not isinstance(deck, list | tuple):
            raise OptionError("deck must be a list of cards, top of the draw pile first, e.g. ['5R', 'W', '0B']")
        cards: list[str] = []
        seen: Counter[str] = Counter()
        for i, card in enumerate(deck):
            key = card.strip().upper() if isinstance(card, str) else card
            if key not in self._counts:
                allowed = "0-6 with R G B O" + (", or W" if self.options["wilds"] else " (no wilds: wilds=false)")
                raise OptionError(f"deck[{i}] = {card!r} is not a card of this deck; cards are {allowed}")
            seen[key] += 1
            if seen[key] > self._counts[key]:
                raise OptionError(f"deck has {seen[key]} x {key}, but the deck holds only {self._counts[key]}")
            cards.append(key)
        return cards

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> SixteenState:
        """Deal the cards this seat cannot see at random: others' hands and the draw pile."""
        n = self.players
        own = list(view["hand"]) if seat is not None else []
        seen = Counter(own)
        seen.update(PHYSICAL[c] for c in view["pile"])
        seen.update(PHYSICAL[c] for piles in view["set_piles"] for p in piles for c in p)
        seen.update(PHYSICAL[c] for c in view["ignored"])
        unseen_counter = self._counts - seen
        if seen - self._counts:
            raise OptionError(f"view shows cards the deck does not hold: {sorted((seen - self._counts).elements())}")
        unseen = sorted(unseen_counter.elements())
        rng.shuffle(unseen)
        hands: list[list[str]] = []
        for s, size in enumerate(view["hand_sizes"]):
            if s == seat:
                hands.append(sorted(own))
            else:
                hands.append(sorted(unseen[:size]))
                del unseen[:size]
        if len(unseen) != view["draw_pile"]:
            raise OptionError("view is inconsistent: hidden cards do not match the hand sizes and draw pile")
        st = SixteenState.__new__(SixteenState)
        st.game = self
        st._seed = rng.getrandbits(63)
        st._deck = None
        st._log = []
        st._hands = hands
        st._draw = unseen
        st._pile = list(view["pile"])
        st._sum = view["pile_sum"]
        st._sets = list(view["sets"])
        st._set_piles = tuple(tuple(tuple(p) for p in piles) for piles in view["set_piles"])
        st._ignored = tuple(view["ignored"])
        st._turn = -1 if view["turn"] is None else view["turn"]
        st._drawn = view["drawn"]
        if len(hands) != n:
            raise OptionError(f"view is for {len(hands)} players, this game has {n}")
        return st

    def check_invariants(self, state: Any) -> None:
        """Every card is in exactly one place; the pile sum is the pile's numbers."""
        everywhere = Counter(state._cards_everywhere())
        if everywhere != self._counts:
            extra = sorted((everywhere - self._counts).elements())
            lost = sorted((self._counts - everywhere).elements())
            raise InvariantError(f"cards not conserved: extra {extra}, lost {lost}")
        from .cards import NUMBER

        if sum(NUMBER[c] for c in state._pile) != state._sum:
            raise InvariantError("pile_sum differs from the sum of the pile")
        if state._sum > 16:
            raise InvariantError("a bust pile was left on the table")
        if any(c == WILD for c in state._pile):
            raise InvariantError("an undeclared wild lies on the pile")
