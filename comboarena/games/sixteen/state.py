"""The rules of Sixteen, applied to one game in progress.

Turn play: draw one card, then play one card to the play pile. A pile that
sums to 16 (Sixteen) or holds three cards in a row of one number or colour
(Match) goes to the player of the last card; one that passes 16 (Bust) goes
to the other side, and a bust overrides a match.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from comboarena.core import Action, Chance, Event, GameNotOver, InvariantError, Result, State, check_seat, team_result
from comboarena.core.zones import check_conserved

from .actions import DRAW, PLAYS, WILD_PLAYS, Play
from .cards import COLOUR, NUMBER, PHYSICAL, WILD
from .fields import BONUS_SETS, FIELDS, FULL_HAND, SIXTEEN
from .view import EventKind, SetKind, SixteenView, Termination

if TYPE_CHECKING:
    from .game import Sixteen

_TO_ACT = [(0,), (1,), (2,), (3,)]


# Enum members read once here: looking one up on its class costs ten times a global on the hot path.
_DRAW = EventKind.DRAW
_PLAY = EventKind.PLAY
_SET = EventKind.SET
_IGNORED = EventKind.IGNORED
_END = EventKind.END
_BUST = SetKind.BUST
_SIXTEEN_SET = SetKind.SIXTEEN
_NUMBER_MATCH = SetKind.NUMBER_MATCH
_COLOUR_MATCH = SetKind.COLOUR_MATCH

class SixteenState(State):
    """A game of Sixteen. Its fields are declared once, in :mod:`.fields`."""

    __slots__ = FIELDS.names

    game: Sixteen
    hands: list[list[str]]
    draw_pile: list[str]
    pile: list[str]
    pile_sum: int
    sets: list[int]
    set_piles: tuple[tuple[tuple[str, ...], ...], ...]
    ignored: tuple[str, ...]
    turn: int | None
    drawn: int

    # -- protocol -------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        turn = self.turn
        return () if turn is None else _TO_ACT[turn]

    @property
    def is_over(self) -> bool:
        return self.turn is None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn:
            return []
        hand = self.hands[seat]
        # Automatic drawing (the default) never offers ``draw``: no call to ask.
        out: list[Action] = [DRAW] if self.game.draw_rule != "auto" and self._can_draw(hand) else []
        last = ""
        for card in hand:
            if card != last:
                last = card
                if card == WILD:
                    out += WILD_PLAYS
                else:
                    out.append(PLAYS[card])
        return out

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat != self.turn:
            check_seat(self.game, seat)
            why = "the game is over" if self.turn is None else f"it is seat {self.turn}'s turn"
            raise self._illegal(seat, action, why)
        if action.__class__ is Play:
            return self._play(seat, action)  # type: ignore[arg-type]
        if action is DRAW or str(action) == "draw":
            return self._draw_by_choice(seat)
        raise self._illegal(seat, action, "that is not a Sixteen action")

    def view(self, seat: int | None) -> SixteenView:  # type: ignore[override]
        # Read at every decision of every agent: plain reads, the lists copied in C.
        turn = self.turn
        v: SixteenView = {
            "game": "sixteen",
            "seat": seat,
            "players": self.game.players,
            "turn": turn,
            "to_act": [] if turn is None else [turn],
        }
        if seat is not None:
            check_seat(self.game, seat)
            v["hand"] = self.hands[seat][:]
        v["hand_sizes"] = list(map(len, self.hands))
        v["pile"] = self.pile[:]
        v["pile_sum"] = self.pile_sum
        v["sets"] = self.sets[:]
        v["set_piles"] = [list(map(list, piles)) for piles in self.set_piles]
        v["draw_pile"] = len(self.draw_pile)
        v["drawn"] = self.drawn
        v["ignored"] = list(self.ignored)
        v["over"] = turn is None
        return v

    def result(self) -> Result:
        if self.turn is not None:
            raise GameNotOver("the game of Sixteen is not over yet; result() is known at the end")
        teams = self.game.teams
        totals = [sum(self.sets[s] for s in team) for team in teams]
        return team_result(teams, totals, Termination.MOST_SETS, Termination.EQUAL_SETS)

    def check_invariants(self) -> None:
        """Every card is in exactly one place; the pile sum is the pile's numbers; no
        bust pile or undeclared wild lies on the table."""
        check_conserved(self.cards_everywhere(), self.game.counts)
        if sum(NUMBER[c] for c in self.pile) != self.pile_sum:
            raise InvariantError("pile_sum differs from the sum of the pile")
        if self.pile_sum > SIXTEEN:
            raise InvariantError("a bust pile was left on the table")
        if any(c == WILD for c in self.pile):
            raise InvariantError("an undeclared wild lies on the pile")

    # -- turn play -------------------------------------------------------------

    def _can_draw(self, hand: list[str]) -> bool:
        """Whether ``draw`` is a legal action (drawing is manual: strict or loose)."""
        rule = self.game.draw_rule
        if rule == "auto" or not self.draw_pile:
            return False
        if rule == "strict":
            return self.drawn == 0
        return len(hand) < FULL_HAND  # loose: catch up to a full hand

    def _draw_by_choice(self, seat: int) -> list[Event]:
        hand = self.hands[seat]
        if not self._can_draw(hand):
            raise self._illegal(seat, DRAW, self._why_no_draw(hand))
        self._log.append((seat, DRAW))
        self.drawn += 1
        return [self._draw_card(seat)]

    def _why_no_draw(self, hand: list[str]) -> str:
        rule = self.game.draw_rule
        if rule == "auto":
            return "drawing is automatic in this game (option draw=auto)"
        if not self.draw_pile:
            return "the draw pile is empty"
        if rule == "strict":
            return "under strict rules you draw once per turn, and you have drawn"
        return f"your hand is full ({FULL_HAND} cards)"

    def _draw_card(self, seat: int, reason: str = "") -> Event:
        card = self.draw_pile.pop()
        insort(self.hands[seat], card)
        data = {"reason": reason} if reason else {}
        return Event(_DRAW, seat, data, ((seat,), {"card": card}))

    def _play(self, seat: int, action: Play) -> list[Event]:
        if action.text not in NUMBER:  # a Play built by hand: an undeclared wild, a declared face
            why = "a wild is played declared (W=5G), any other card as it is (5G)"
            raise self._illegal(seat, action, why)
        hand = self.hands[seat]
        try:
            hand.remove(action.card)
        except ValueError:
            raise self._illegal(seat, action, f"you do not hold {action.card}") from None
        self._log.append((seat, action))
        text = action.text
        pile = self.pile
        pile.append(text)
        self.pile_sum += NUMBER[text]
        events = [Event(_PLAY, seat, {"card": text, "sum": self.pile_sum})]
        if not hand and self.draw_pile and self.drawn == 0 and self.game.draw_rule == "strict":
            # Strict rules: forgetting to draw leaves you short, but "you can
            # always keep one card in your hand".
            events.append(self._draw_card(seat, "keep one card"))
        won_by = self._set_formed(seat, events)
        self._next_turn(seat, won_by, events)
        return events

    def _set_formed(self, seat: int, events: list[Event]) -> int:
        """Award the pile if the card just played formed a set; return the seat it went to, or -1."""
        total = self.pile_sum
        pile = self.pile
        kinds: list[SetKind]
        if total > SIXTEEN:
            kinds = [_BUST]
            winner = self.game.bust_taker[seat]
        else:
            kinds = [_SIXTEEN_SET] if total == SIXTEEN else []
            if len(pile) >= 3 and self.game.matches:
                a, b, c = pile[-3:]
                if NUMBER[a] == NUMBER[b] == NUMBER[c]:
                    kinds.append(_NUMBER_MATCH)
                if COLOUR[a] == COLOUR[b] == COLOUR[c]:
                    kinds.append(_COLOUR_MATCH)
            if not kinds:
                return -1
            winner = seat
        # Bonus rules: "That set then counts as two sets", however many it made at once.
        count = min(len(kinds), BONUS_SETS) if self.game.bonus and kinds[0] != _BUST else 1
        self.sets[winner] += count
        piles = list(self.set_piles)
        piles[winner] = (*piles[winner], tuple(pile))
        self.set_piles = tuple(piles)
        events.append(
            Event(
                _SET, winner, {"kind": kinds[0], "kinds": kinds, "count": count, "by": seat, "cards": pile[:]}
            )
        )
        self.pile = []
        self.pile_sum = 0
        return winner

    def _next_turn(self, seat: int, won_by: int, events: list[Event]) -> None:
        """Pass the turn: after a set, 2 players: its winner starts; 4 players:
        the player left of whoever played the set-forming card."""
        n = self.game.players
        nxt = won_by if won_by >= 0 and n == 2 else (seat + 1) % n
        if not self.draw_pile:
            # Draw pile exhausted: those with cards play them out.
            hands = self.hands
            for _ in range(n):
                if hands[nxt]:
                    break
                nxt = (nxt + 1) % n
            else:
                self._end(events)
                return
        self.turn = nxt
        self.drawn = 0
        if self.draw_pile and self.game.draw_rule == "auto":
            events.append(self._draw_card(nxt))

    def _end(self, events: list[Event]) -> None:
        """All cards played: a last pile that forms no set is ignored."""
        self.turn = None
        if self.pile:
            self.ignored = tuple(self.pile)
            events.append(Event(_IGNORED, None, {"cards": self.pile[:]}))
            self.pile = []
            self.pile_sum = 0
        events.append(Event(_END, None, self.result().to_dict()))

    # -- helpers for the game object -------------------------------------------

    def cards_everywhere(self) -> list[str]:
        """Every physical card in the game, wherever it lies."""
        cards = [c for h in self.hands for c in h] + self.draw_pile
        cards += [PHYSICAL[c] for c in self.pile]
        cards += [PHYSICAL[c] for piles in self.set_piles for p in piles for c in p]
        cards += [PHYSICAL[c] for c in self.ignored]
        return cards


def build(
    game: Sixteen,
    chance: Chance,
    hands: list[list[str]],
    draw_pile: list[str],
    pile: list[str],
    sets: list[int],
    set_piles: tuple[tuple[tuple[str, ...], ...], ...],
    ignored: tuple[str, ...],
    turn: int | None,
    drawn: int,
    deck: list[str] | None = None,
) -> SixteenState:
    """A state from its parts: the deal, a position and a determinization all come here.
    ``draw_pile`` is top last, as the state keeps it."""
    values = {
        "hands": [sorted(h) for h in hands],
        "draw_pile": draw_pile,
        "pile": pile,
        "pile_sum": sum([NUMBER[c] for c in pile]) if pile else 0,
        "sets": sets,
        "set_piles": set_piles,
        "ignored": ignored,
        "turn": turn,
        "drawn": drawn,
    }
    state: SixteenState = FIELDS.build(SixteenState, game, chance, values, deck)
    return state


def new_state(game: Sixteen, chance: Chance, order: list[str], stacked: list[str] | None) -> SixteenState:
    """Deal ``order`` (top first): three cards each, one at a time from seat 0."""
    n = game.players
    dealt = 3 * n
    hands = [order[i:dealt:n] for i in range(n)]
    s = build(game, chance, hands, order[dealt:][::-1], [], [0] * n, ((),) * n, (), 0, 0, stacked)
    if game.draw_rule == "auto":
        s._draw_card(0)
    return s


FIELDS.install(SixteenState)

__all__ = ["SixteenState", "build", "new_state"]
