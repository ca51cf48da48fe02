"""c-c-c-COMBO as a registered game: options, set-up, notation, determinization."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from comboarena.core import Action, Chance, Fields, Game, GameInfo, Option, OptionError
from comboarena.core.cards import DECK, check_deck
from comboarena.core.zones import deal_hidden, unseen

from .actions import NOTATION_HELP, parse
from .cards import KEY
from .encoder import CccEncoder
from .position import read_position
from .state import PLAYERS, CccState, build, new_state
from .view import PHASES

SUMMARY = (
    "4 players, partners across (seats 0+2 against 1+3), each team with a Big Player (BP) "
    "dealt 9 cards to the others' 7. Each player's first card is the base of their combo pile; "
    "the highest base starts. On your turn play a card on another player's pile — a COMBO "
    "(same suit) makes an opponent BURN, or FEEDS an ally, one card per stacked card; a "
    "COUNTER (same value) clears the pile and becomes its new base — or DISCARD it, then "
    "draw. After every COMBO every other player may COUNTER it in a reaction window. A BP may "
    "HEAL: let the partner draw instead. A player with no cards at the end of a turn loses, "
    "with their team."
)

NOTATION = f"""\
Cards: rank 2-9, T (or 10), J, Q, K, A + suit S H D C, e.g. TH = ten of hearts.
Seats 0-3; each seat's combo pile is named by its seat.
A move is {NOTATION_HELP}.
Your turn:        7H>2   (COMBO or COUNTER on seat 2's pile)    discard 7H
Reaction window:  pass   or a COUNTER on the pile just played, e.g. 7S>2
Burning:          burn 7H   (one card per decision, until the burn is paid)
Big Player draw:  draw   or heal (your partner draws instead)
Before the deal:  bp 2   (seat 0 names team 0+2's Big Player, seat 1 team 1+3's)"""


FULL = Counter(DECK)


def _check_big_players(value: tuple[Any, ...]) -> str | None:
    seats = [s for s in value if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < PLAYERS]
    if len(value) != 2 or len(seats) != 2 or {s % 2 for s in seats} != {0, 1}:
        return "give two seats, one from each team (0 or 2, and 1 or 3), e.g. 0,3 — or none to let the teams choose"
    return None


class CccCombo(Game):
    """The team card game c-c-c-COMBO; see ``../shared/rules/c-c-c-combo.txt``."""

    info = GameInfo(
        name="ccc-combo",
        title="c-c-c-COMBO",
        summary=SUMMARY,
        rulebook="c-c-c-combo.txt",
        options=(
            Option(
                "big_players",
                None,
                "the Big Players, one seat per team (e.g. 0,3); none: each team names its BP as the "
                "game's first decision (seat 0 for 0+2, seat 1 for 1+3)",
                kind=tuple,
                check=_check_big_players,
            ),
            Option(
                "counter_window",
                3.0,
                "seconds a real-time client (terminal, browser) waits for COUNTERs after a COMBO before "
                "passing for the seats that have not answered; 0: no time limit",
                kind=float,
                minimum=0,
                maximum=60,
            ),
            Option(
                "turn_limit",
                500,
                "the game ends as a draw after this many turns (keeps self-play finite)",
                kind=int,
                minimum=1,
            ),
        ),
        notation=NOTATION,
        min_players=PLAYERS,
        max_players=PLAYERS,
        chance="shuffled deck; the discard pile reshuffled when the deck runs out",
        information="imperfect (hands and deck order hidden)",
        simultaneous=True,
        teams=True,
        agents={"heuristic": "comboarena.games.ccc_combo.heuristic:CccHeuristic"},
        text_ui="comboarena.games.ccc_combo.text:CccText",
        narration="comboarena.games.ccc_combo.narration:CccNarration",
        score="cards left in the seat's hand at the end (a hand that runs out loses)",
    )

    #: what a card is, for the balance report (comboarena report)
    balance = "comboarena.games.ccc_combo.balance:CccCards"

    def _setup(self) -> None:
        self.players = PLAYERS
        self.teams = ((0, 2), (1, 3))
        bigs = self.options["big_players"]
        #: (team 0's BP, team 1's BP), or None when the teams choose.
        self.big_players: tuple[int, int] | None = None
        if bigs is not None:
            a, b = bigs
            self.big_players = (a, b) if a % 2 == 0 else (b, a)
        self.counter_window: float = self.options["counter_window"]
        self.turn_limit: int = self.options["turn_limit"]

    def new_state(self, seed: int | None = None, deck: Any = None) -> CccState:
        """A new game; ``deck`` stacks the top of the deck (the rest follows in
        seeded order). The deal is one card at a time from seat 0, seven
        rounds, then two more rounds to the Big Players; each player's last
        card dealt is their base."""
        chance = Chance(seed)
        if deck is None:
            order = list(DECK)
            chance.deal(order)
            return new_state(self, chance, order, None)
        stacked = check_deck(deck, DECK)
        rest = sorted(set(DECK) - set(stacked), key=KEY)
        chance.deal(rest)
        return new_state(self, chance, stacked + rest, stacked)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> CccState:
        """Deal the cards this seat cannot see at random: the other hands and the deck.
        The state gets a fresh seed, so its reshuffles differ from the real game's too."""
        if view["over"]:
            raise OptionError("the game is over; there is nothing to determinize")
        own = list(view["hand"]) if seat is not None else []
        piles = [list(p) for p in view["piles"]]
        discard = list(view["discard"])
        hidden = unseen(FULL, own + discard + [c for p in piles for c in p], key=KEY)
        sizes = [0 if s == seat else size for s, size in enumerate(view["hand_sizes"])]
        hands, deck = deal_hidden(hidden, sizes, rng, key=KEY)
        if len(hands) != PLAYERS or len(deck) != view["deck"]:
            raise OptionError("view is inconsistent: hidden cards do not match the hand sizes and deck count")
        if seat is not None:
            hands[seat] = own
        window, burn = view["window"], view["burn"]
        bigs = view["big_players"]
        return build(
            self,
            Chance(rng.getrandbits(63), draws=1 + view["reshuffles"]),
            phase=PHASES.index(view["phase"]),
            big_players=(bigs[0], bigs[1]),
            turn=view["turn"],
            turns=view["turns"],
            hands=hands,
            piles=piles,
            discard=discard,
            deck=deck,
            window=(window["pile"], tuple(window["waiting"])) if window else None,
            burn=(burn["seat"], burn["owed"]) if burn else None,
            draws=tuple((s, n, r) for s, n, r in view["draws"]),
        )

    def _from_position(self, fields: Fields, chance: Chance) -> CccState:
        return read_position(self, fields, chance)

    def encoder(self) -> CccEncoder:
        return CccEncoder(self)
