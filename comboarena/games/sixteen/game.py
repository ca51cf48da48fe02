"""Sixteen as a registered game: options, set-up, notation, determinization."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from comboarena.core import Action, Chance, Fields, Game, GameInfo, Option, OptionError
from comboarena.core.cards import check_deck
from comboarena.core.zones import deal_hidden, unseen

from .actions import NOTATION_HELP, parse
from .cards import PHYSICAL, deck, deck_counts
from .encoder import SixteenEncoder
from .position import read_position
from .state import SixteenState, build, new_state

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
        agents={
            "heuristic": "comboarena.games.sixteen.heuristic:SixteenHeuristic",
            "learned": "comboarena.games.sixteen.learned:Learned",
        },
        text_ui="comboarena.games.sixteen.text:SixteenText",
        narration="comboarena.games.sixteen.narration:SixteenNarration",
        score="sets won by the seat's team",
    )

    #: what a card is, for the balance report (comboarena report)
    balance = "comboarena.games.sixteen.balance:SixteenCards"

    def _setup(self) -> None:
        n = self.players = self.options["players"]
        self.teams = ((0,), (1,)) if n == 2 else ((0, 2), (1, 3))
        self.matches: bool = self.options["matches"]
        self.bonus: bool = self.options["bonus"]
        self.draw_rule: str = self.options["draw"]
        #: Who is awarded a bust played by each seat: the next seat, on the other side.
        self.bust_taker = [(s + 1) % n for s in range(n)]
        self._deck = deck(self.options["wilds"])
        #: How many of each physical card the deck holds.
        self.counts = deck_counts(self.options["wilds"])

    def new_state(self, seed: int | None = None, deck: Any = None) -> SixteenState:
        chance = Chance(seed)
        if deck is None:
            order = self._deck[:]
            chance.deal(order)
            return new_state(self, chance, order, None)
        stacked = check_deck(
            deck,
            self._deck,
            read=_read_card,
            cards_help="cards are 0-6 with R G B O"
            + (", or W" if self.options["wilds"] else " (no wilds: wilds=false)"),
            example="['5R', 'W', '0B']",
        )
        tail = sorted((self.counts - Counter(stacked)).elements())
        chance.deal(tail)
        return new_state(self, chance, stacked + tail, stacked)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> SixteenState:
        """Deal the cards this seat cannot see at random: others' hands and the draw pile."""
        if len(view["hand_sizes"]) != self.players:
            raise OptionError(f"view is for {len(view['hand_sizes'])} players, this game has {self.players}")
        own = list(view["hand"]) if seat is not None else []
        hidden = unseen(self.counts, own + _played(view))
        sizes = [0 if s == seat else size for s, size in enumerate(view["hand_sizes"])]
        dealt, draw = deal_hidden(hidden, sizes, rng)
        if len(draw) != view["draw_pile"]:
            raise OptionError("view is inconsistent: hidden cards do not match the hand sizes and draw pile")
        if seat is not None:
            dealt[seat] = own
        return build(
            self,
            Chance(rng.getrandbits(63)),
            dealt,
            draw[::-1],
            list(view["pile"]),
            list(view["sets"]),
            tuple(tuple(tuple(p) for p in piles) for piles in view["set_piles"]),
            tuple(view["ignored"]),
            view["turn"],
            view["drawn"],
        )

    def _from_position(self, fields: Fields, chance: Chance) -> SixteenState:
        return read_position(self, fields, chance)

    def encoder(self) -> SixteenEncoder:
        return SixteenEncoder(self)


def _read_card(text: str) -> str:
    return text.strip().upper()


def _played(view: dict[str, Any]) -> list[str]:
    """The physical cards face up on the table: the pile, the sets won, the ignored pile."""
    cards = [PHYSICAL[c] for c in view["pile"]]
    cards += [PHYSICAL[c] for piles in view["set_piles"] for p in piles for c in p]
    cards += [PHYSICAL[c] for c in view["ignored"]]
    return cards
