"""The rules of Sixteen, applied to one game in progress.

Turn play: draw one card, then play one card to the play pile. A pile that
sums to 16 (Sixteen) or holds three cards in a row of one number or colour
(Match) goes to the player of the last card; one that passes 16 (Bust) goes
to the other side, and a bust overrides a match.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Chance, Event, GameNotOver, Result, State, check_seat, team_result

from .actions import DRAW, PLAYS, WILD_PLAYS, Play
from .cards import COLOUR, NUMBER, PHYSICAL, WILD
from .view import EventKind, SetKind, SixteenView

if TYPE_CHECKING:
    from .game import Sixteen

SIXTEEN = 16
#: The hand you play from: three held plus the one drawn.
FULL_HAND = 4
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
    """A game of Sixteen. Hands are kept sorted; the draw pile's top is its last item."""

    __slots__ = (
        "_draw",
        "_drawn",
        "_hands",
        "_ignored",
        "_pile",
        "_set_piles",
        "_sets",
        "_sum",
        "_turn",
    )

    game: Sixteen
    _hands: list[list[str]]
    _draw: list[str]
    _pile: list[str]
    _sum: int
    _sets: list[int]
    _set_piles: tuple[tuple[tuple[str, ...], ...], ...]
    _ignored: tuple[str, ...]
    _turn: int
    _drawn: int

    # -- protocol -------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return _TO_ACT[self._turn] if self._turn >= 0 else ()

    @property
    def is_over(self) -> bool:
        return self._turn < 0

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is, ``None`` once the game is over."""
        return self._turn if self._turn >= 0 else None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self._turn:
            return []
        hand = self._hands[seat]
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
        if seat != self._turn:
            check_seat(self.game, seat)
            why = "the game is over" if self._turn < 0 else f"it is seat {self._turn}'s turn"
            raise self._illegal(seat, action, why)
        if action.__class__ is Play:
            return self._play(seat, action)  # type: ignore[arg-type]
        if action is DRAW or str(action) == "draw":
            return self._draw_by_choice(seat)
        raise self._illegal(seat, action, "that is not a Sixteen action")

    def view(self, seat: int | None) -> SixteenView:  # type: ignore[override]
        v: SixteenView = {
            "game": "sixteen",
            "seat": seat,
            "players": self.game.players,
            "turn": self.turn,
            "to_act": list(self.to_act),
        }
        if seat is not None:
            check_seat(self.game, seat)
            v["hand"] = list(self._hands[seat])
        v["hand_sizes"] = [len(h) for h in self._hands]
        v["pile"] = list(self._pile)
        v["pile_sum"] = self._sum
        v["sets"] = list(self._sets)
        v["set_piles"] = [[list(p) for p in piles] for piles in self._set_piles]
        v["draw_pile"] = len(self._draw)
        v["drawn"] = self._drawn
        v["ignored"] = list(self._ignored)
        v["over"] = self._turn < 0
        return v

    def result(self) -> Result:
        if self._turn >= 0:
            raise GameNotOver("the game of Sixteen is not over yet; result() is known at the end")
        teams = self.game.teams
        totals = [sum(self._sets[s] for s in team) for team in teams]
        return team_result(teams, totals, "most sets", "equal sets")

    def clone(self) -> SixteenState:
        new = SixteenState.__new__(SixteenState)
        new.game = self.game
        new._chance = self._chance.clone()
        new._deck = self._deck
        new._start = self._start
        new._log = self._log[:]
        new._hands = [h[:] for h in self._hands]
        new._draw = self._draw[:]
        new._pile = self._pile[:]
        new._sum = self._sum
        new._sets = self._sets[:]
        new._set_piles = self._set_piles
        new._ignored = self._ignored
        new._turn = self._turn
        new._drawn = self._drawn
        return new

    def _key(self) -> tuple[Any, ...]:
        return (
            self.game,
            self._chance.seed,
            self._chance.draws,
            tuple(map(tuple, self._hands)),
            tuple(self._draw),
            tuple(self._pile),
            self._sum,
            tuple(self._sets),
            self._set_piles,
            self._ignored,
            self._turn,
            self._drawn,
            tuple((s, str(a)) for s, a in self._log),
        )

    # -- turn play -------------------------------------------------------------

    def _can_draw(self, hand: list[str]) -> bool:
        """Whether ``draw`` is a legal action (drawing is manual: strict or loose)."""
        rule = self.game.draw_rule
        if rule == "auto" or not self._draw:
            return False
        if rule == "strict":
            return self._drawn == 0
        return len(hand) < FULL_HAND  # loose: catch up to a full hand

    def _draw_by_choice(self, seat: int) -> list[Event]:
        hand = self._hands[seat]
        if not self._can_draw(hand):
            raise self._illegal(seat, DRAW, self._why_no_draw(hand))
        self._log.append((seat, DRAW))
        self._drawn += 1
        return [self._draw_card(seat)]

    def _why_no_draw(self, hand: list[str]) -> str:
        rule = self.game.draw_rule
        if rule == "auto":
            return "drawing is automatic in this game (option draw=auto)"
        if not self._draw:
            return "the draw pile is empty"
        if rule == "strict":
            return "under strict rules you draw once per turn, and you have drawn"
        return f"your hand is full ({FULL_HAND} cards)"

    def _draw_card(self, seat: int, reason: str = "") -> Event:
        card = self._draw.pop()
        insort(self._hands[seat], card)
        data = {"reason": reason} if reason else {}
        return Event(_DRAW, seat, data, ((seat,), {"card": card}))

    def _play(self, seat: int, action: Play) -> list[Event]:
        hand = self._hands[seat]
        try:
            hand.remove(action.card)
        except ValueError:
            raise self._illegal(seat, action, f"you do not hold {action.card}") from None
        self._log.append((seat, action))
        text = action.text
        pile = self._pile
        pile.append(text)
        self._sum += NUMBER[text]
        events = [Event(_PLAY, seat, {"card": text, "sum": self._sum})]
        if not hand and self._draw and self._drawn == 0 and self.game.draw_rule == "strict":
            # Strict rules: forgetting to draw leaves you short, but "you can
            # always keep one card in your hand".
            events.append(self._draw_card(seat, "keep one card"))
        won_by = self._set_formed(seat, events)
        self._next_turn(seat, won_by, events)
        return events

    def _set_formed(self, seat: int, events: list[Event]) -> int:
        """Award the pile if the card just played formed a set; return the seat it went to, or -1."""
        total = self._sum
        pile = self._pile
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
        count = len(kinds) if self.game.bonus and kinds[0] != _BUST else 1
        self._sets[winner] += count
        piles = list(self._set_piles)
        piles[winner] = (*piles[winner], tuple(pile))
        self._set_piles = tuple(piles)
        events.append(
            Event(
                _SET, winner, {"kind": kinds[0], "kinds": kinds, "count": count, "by": seat, "cards": pile[:]}
            )
        )
        self._pile = []
        self._sum = 0
        return winner

    def _next_turn(self, seat: int, won_by: int, events: list[Event]) -> None:
        """Pass the turn: after a set, 2 players: its winner starts; 4 players:
        the player left of whoever played the set-forming card."""
        n = self.game.players
        nxt = won_by if won_by >= 0 and n == 2 else (seat + 1) % n
        if not self._draw:
            # Draw pile exhausted: those with cards play them out.
            hands = self._hands
            for _ in range(n):
                if hands[nxt]:
                    break
                nxt = (nxt + 1) % n
            else:
                self._end(events)
                return
        self._turn = nxt
        self._drawn = 0
        if self._draw and self.game.draw_rule == "auto":
            events.append(self._draw_card(nxt))

    def _end(self, events: list[Event]) -> None:
        """All cards played: a last pile that forms no set is ignored."""
        self._turn = -1
        if self._pile:
            self._ignored = tuple(self._pile)
            events.append(Event(_IGNORED, None, {"cards": self._pile[:]}))
            self._pile = []
            self._sum = 0
        events.append(Event(_END, None, self.result().to_dict()))

    # -- positions ---------------------------------------------------------------

    def _position(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "drawn": self._drawn,
            "hands": [h[:] for h in self._hands],
            "draw_pile": self._draw[::-1],
            "pile": self._pile[:],
            "sets": self._sets[:],
            "set_piles": [[list(p) for p in piles] for piles in self._set_piles],
            "ignored": list(self._ignored),
        }

    # -- helpers for the game object -------------------------------------------

    def _cards_everywhere(self) -> list[str]:
        """Every physical card in the game, wherever it lies."""
        cards = [c for h in self._hands for c in h] + self._draw
        cards += [PHYSICAL[c] for c in self._pile]
        cards += [PHYSICAL[c] for piles in self._set_piles for p in piles for c in p]
        cards += [PHYSICAL[c] for c in self._ignored]
        return cards


def build(
    game: Sixteen,
    chance: Chance,
    hands: list[list[str]],
    draw_top_first: list[str],
    pile: list[str],
    sets: list[int],
    set_piles: tuple[tuple[tuple[str, ...], ...], ...],
    ignored: tuple[str, ...],
    turn: int,
    drawn: int,
    deck: list[str] | None = None,
) -> SixteenState:
    """A state from its parts (the deal, a position, a determinization)."""
    s = SixteenState.__new__(SixteenState)
    s.game = game
    s._chance = chance
    s._deck = deck
    s._start = None
    s._log = []
    s._hands = [sorted(h) for h in hands]
    s._draw = draw_top_first[::-1]
    s._pile = pile
    s._sum = sum([NUMBER[c] for c in pile]) if pile else 0
    s._sets = sets
    s._set_piles = set_piles
    s._ignored = ignored
    s._turn = turn
    s._drawn = drawn
    return s


def new_state(game: Sixteen, chance: Chance, order: list[str], stacked: list[str] | None) -> SixteenState:
    """Deal ``order`` (top first): three cards each, one at a time from seat 0."""
    n = game.players
    dealt = 3 * n
    hands = [order[i:dealt:n] for i in range(n)]
    s = build(game, chance, hands, order[dealt:], [], [0] * n, ((),) * n, (), 0, 0, stacked)
    if game.draw_rule == "auto":
        s._draw_card(0)
    return s


__all__ = ["SixteenState", "build", "new_state"]
