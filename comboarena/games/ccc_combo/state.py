"""The rules of c-c-c-COMBO, applied to one game in progress.

A turn: the turn player plays one card — a COMBO (the pile's suit) or a
COUNTER (the top card's value) on another player's pile, or a DISCARD — and
draws one. A COMBO opens a reaction window in which every other player may
COUNTER it; if nobody does, the pile's owner BURNS (opponent's COMBO) or is
FED (ally's COMBO) one card per stacked card. A Big Player may HEAL (let the
partner draw) whenever they draw. A player with no cards at the end of a turn
loses, with their team.

Phases (``view["phase"]``): ``big players`` (each team names its BP),
``play`` (the turn player's card), ``window`` (the reaction window), ``burn``
(the owner picks the cards to burn, one per decision), ``heal`` (a BP's
draw-or-heal decision), ``over``.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Chance, Event, GameNotOver, Result, State, Timer, check_seat
from comboarena.core.cards import RANK_NAMES, SUIT_NAMES

from .actions import BURN, CHOOSE, DISCARD, DRAW, HEAL, PASS, PLAY, Burn, ChooseBig, Discard, Draw, Heal, Pass, Play
from .cards import COUNTER_ON, KEY, PLAYABLE_ON, first_player

if TYPE_CHECKING:
    from .game import CccCombo

PLAYERS = 4
#: Cards dealt to each player, and to the Big Players.
DEAL, BIG_DEAL = 7, 9

CHOOSE_BIG, PLAY_CARD, WINDOW, BURNING, HEALING, OVER = range(6)
PHASES = ("big players", "play", "window", "burn", "heal", "over")

#: Result reasons (``Result.reason``; the simulator counts them).
OUT_OF_CARDS = "a player ran out of cards"
BOTH_OUT = "both teams ran out of cards"
TURN_LIMIT = "turn limit"

_TO_ACT = tuple((s,) for s in range(PLAYERS))
#: The other seats, clockwise from the one after ``seat``.
OTHERS = tuple(tuple((s + i) % PLAYERS for i in (1, 2, 3)) for s in range(PLAYERS))
_KIND = {
    CHOOSE_BIG: "now each team names its Big Player (bp <seat>)",
    PLAY_CARD: "on your turn you play a card on another pile (7H>2) or discard one (discard 7H)",
    WINDOW: "in the reaction window you pass or COUNTER the COMBO just played (<card>><its pile>)",
    BURNING: "you are burning cards (burn 7H)",
    HEALING: "a Big Player decides to draw or to heal",
}


def partner(seat: int) -> int:
    """Partners sit across: 0 and 2, 1 and 3."""
    return (seat + 2) % PLAYERS


class CccState(State):
    """A game of c-c-c-COMBO. Hands are kept in canonical card order; piles
    list base first; the deck's top is its last item; the discard pile's top
    is its last item."""

    __slots__ = (
        "_bp",
        "_discard",
        "_draw",
        "_draws",
        "_hands",
        "_outcome",
        "_owed",
        "_phase",
        "_piles",
        "_reshuffles",
        "_target",
        "_to_act",
        "_turn",
        "_turns",
    )

    game: CccCombo
    _hands: list[list[str]]
    _piles: list[list[str]]
    _discard: list[str]
    _draw: list[str]
    #: Big Player of team 0 (seats 0, 2) and team 1 (seats 1, 3); -1 until named.
    _bp: list[int]
    _phase: int
    _to_act: tuple[int, ...]
    _turn: int
    #: Turns completed.
    _turns: int
    #: The pile of this turn's COMBO while its window is open or its owner burns; else -1.
    _target: int
    #: Cards still to burn.
    _owed: int
    #: Draws still owed this turn, in order: (seat, cards, reason).
    _draws: tuple[tuple[int, int, str], ...]
    _reshuffles: int
    #: (losing team or -1 for a draw, reason) once over.
    _outcome: tuple[int, str] | None

    # -- protocol -------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def phase(self) -> str:
        return PHASES[self._phase]

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is; ``None`` before the deal and once over."""
        return self._turn if self._phase not in (CHOOSE_BIG, OVER) else None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._to_act:
            return []
        phase = self._phase
        hand = self._hands[seat]
        if phase == PLAY_CARD:
            piles = self._piles
            tops = [(p, PLAYABLE_ON[piles[p][-1]]) for p in OTHERS[seat]]
            out: list[Action] = []
            for card in hand:
                plays = PLAY[card]
                for p, playable in tops:
                    if card in playable:
                        out.append(plays[p])
            out += [DISCARD[c] for c in hand]
            return out
        if phase == WINDOW:
            target = self._target
            counters = COUNTER_ON[self._piles[target][-1]]
            return [PASS, *(PLAY[c][target] for c in hand if c in counters)]
        if phase == BURNING:
            return [BURN[c] for c in hand]
        if phase == HEALING:
            return [DRAW, HEAL]
        team = seat % 2
        return [CHOOSE[team], CHOOSE[team + 2]]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat not in self._to_act:
            check_seat(self.game, seat)
            raise self._illegal(seat, action, self._why_not_you(seat))
        phase = self._phase
        kind = action.__class__
        if phase == PLAY_CARD:
            if kind is Play:
                return self._play(seat, action)  # type: ignore[arg-type]
            if kind is Discard:
                return self._play_discard(seat, action)  # type: ignore[arg-type]
        elif phase == WINDOW:
            if kind is Pass:
                return self._pass(seat)
            if kind is Play:
                return self._counter_in_window(seat, action)  # type: ignore[arg-type]
        elif phase == BURNING:
            if kind is Burn:
                return self._burn(seat, action)  # type: ignore[arg-type]
        elif phase == HEALING:
            if kind is Draw or kind is Heal:
                return self._draw_or_heal(seat, action)  # type: ignore[arg-type]
        elif kind is ChooseBig:
            return self._choose_big(seat, action)  # type: ignore[arg-type]
        raise self._illegal(seat, action, _KIND[phase])

    def timer(self) -> Timer | None:
        """The reaction window's "3 seconds" (option ``counter_window``): a seat
        that has not answered in time passes."""
        seconds = self.game.counter_window
        if self._phase == WINDOW and seconds > 0:
            return Timer(seconds, {s: PASS for s in self._to_act})
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": "ccc-combo",
            "seat": seat,
            "players": PLAYERS,
            "phase": PHASES[self._phase],
            "turn": self.turn,
            "turns": self._turns,
            "turn_limit": self.game.turn_limit,
            "to_act": list(self._to_act),
            "teams": [[0, 2], [1, 3]],
            "big_players": [b if b >= 0 else None for b in self._bp],
        }
        if seat is not None:
            check_seat(self.game, seat)
            v["hand"] = list(self._hands[seat])
        target = self._target
        window = burn = None
        if self._phase == WINDOW:
            pile = self._piles[target]
            window = {
                "pile": target,
                "card": pile[-1],
                "by": self._turn,
                "effect": "feed" if (target - self._turn) % 2 == 0 else "burn",
                "count": len(pile) - 1,
                "waiting": list(self._to_act),
            }
        elif self._phase == BURNING:
            burn = {"seat": target, "owed": self._owed}
        v.update(
            hand_sizes=[len(h) for h in self._hands],
            piles=[list(p) for p in self._piles],
            discard=list(self._discard),
            deck=len(self._draw),
            reshuffles=self._reshuffles,
            window=window,
            burn=burn,
            draws=[list(d) for d in self._draws],
            over=self._phase == OVER,
        )
        return v

    def result(self) -> Result:
        if self._outcome is None:
            raise GameNotOver("the game of c-c-c-COMBO is not over yet; result() is known at the end")
        losing, reason = self._outcome
        scores = tuple(len(h) for h in self._hands)
        if losing < 0:
            return Result(tuple(range(PLAYERS)), scores, (0,) * PLAYERS, reason)
        winners = (1 - losing, 3 - losing)
        returns = tuple(-1 if s % 2 == losing else 1 for s in range(PLAYERS))
        return Result(winners, scores, returns, reason)

    def clone(self) -> CccState:
        new = CccState.__new__(CccState)
        new.game = self.game
        new._chance = self._chance.clone()
        new._start = self._start
        new._deck = self._deck
        new._log = self._log[:]
        new._hands = [h[:] for h in self._hands]
        new._piles = [p[:] for p in self._piles]
        new._discard = self._discard[:]
        new._draw = self._draw[:]
        new._bp = self._bp[:]
        new._phase = self._phase
        new._to_act = self._to_act
        new._turn = self._turn
        new._turns = self._turns
        new._target = self._target
        new._owed = self._owed
        new._draws = self._draws
        new._reshuffles = self._reshuffles
        new._outcome = self._outcome
        return new

    def _key(self) -> tuple[Any, ...]:
        return (
            self.game,
            self._chance,
            tuple(map(tuple, self._hands)),
            tuple(map(tuple, self._piles)),
            tuple(self._discard),
            tuple(self._draw),
            tuple(self._bp),
            self._phase,
            self._to_act,
            self._turn,
            self._turns,
            self._target,
            self._owed,
            self._draws,
            self._reshuffles,
            self._outcome,
            tuple(self._log),  # interned actions: compared by identity first, by notation otherwise
        )

    # -- set-up ---------------------------------------------------------------

    def _choose_big(self, seat: int, action: ChooseBig) -> list[Event]:
        """The Setup: "each team has a Big Player (BP) chosen at the discretion of each team"."""
        if action.seat % 2 != seat % 2:
            raise self._illegal(seat, action, f"seat {action.seat} is not on your team")
        self._log.append((seat, action))
        self._bp[seat % 2] = action.seat
        self._to_act = tuple(s for s in self._to_act if s != seat)
        events = [Event("big player", seat, {"big": action.seat})]
        if not self._to_act:
            self._deal(events)
        return events

    def _deal(self, events: list[Event]) -> None:
        """Deal 7 cards each, 9 to the Big Players; each player's top card
        becomes the base of their combo pile; the highest base goes first."""
        draw = self._draw
        dealt: list[list[str]] = [[] for _ in range(PLAYERS)]
        for _ in range(DEAL):
            for hand in dealt:
                hand.append(draw.pop())
        bigs = sorted(self._bp)
        for _ in range(BIG_DEAL - DEAL):
            for seat in bigs:
                dealt[seat].append(draw.pop())
        # "Before looking at their cards each player flips over the top card of
        # their hand": the top of a face-down packet is the last card dealt.
        bases = [cards.pop() for cards in dealt]
        self._hands = [sorted(cards, key=KEY) for cards in dealt]
        self._piles = [[b] for b in bases]
        first = first_player(bases)
        sizes = [len(h) for h in self._hands]
        events.append(Event("deal", None, {"bases": bases, "hand_sizes": sizes, "first": first}))
        for seat, hand in enumerate(self._hands):
            events.append(Event("hand", seat, {"count": len(hand)}, ((seat,), {"cards": hand[:]})))
        self._start_turn(first, events)

    # -- the turn's play --------------------------------------------------------

    def _play(self, seat: int, action: Play) -> list[Event]:
        """COMBO (same suit) or COUNTER (same value) on another player's pile."""
        card, p = action.card, action.pile
        if p == seat:
            raise self._illegal(
                seat, action, "players may not play on their own piles on their turn (a COUNTER on your own "
                "pile is only allowed out of turn, against a COMBO on it)"
            )
        hand = self._hands[seat]
        if card not in hand:
            raise self._illegal(seat, action, f"you do not hold {card}")
        pile = self._piles[p]
        top = pile[-1]
        if card[1] == top[1]:
            return self._combo(seat, action, hand, pile)
        if card[0] != top[0]:
            raise self._illegal(
                seat, action, f"{card} on {top} (seat {p}'s pile) is neither a COMBO (needs {SUIT_NAMES[top[1]]}) "
                f"nor a COUNTER (needs a {RANK_NAMES[top[0]]})"
            )
        hand.remove(card)
        self._log.append((seat, action))
        events = [Event("counter", seat, {"card": card, "pile": p, "cleared": pile[:], "out_of_turn": False})]
        self._clear(p, card)
        self._draws = ((seat, 1, "turn"),)
        self._advance(events)
        return events

    def _combo(self, seat: int, action: Play, hand: list[str], pile: list[str]) -> list[Event]:
        """COMBO: the stack grows; a reaction window opens for every other player."""
        card, p = action.card, action.pile
        hand.remove(card)
        self._log.append((seat, action))
        pile.append(card)
        effect = "feed" if (p - seat) % 2 == 0 else "burn"
        events = [Event("combo", seat, {"card": card, "pile": p, "stack": len(pile) - 1, "effect": effect})]
        hands = self._hands
        self._target = p
        self._phase = WINDOW
        # Everyone but the player of the COMBO may answer, the pile's owner included.
        self._to_act = tuple(s for s in OTHERS[seat] if hands[s])
        if not self._to_act:
            self._let_combo_stand(events)
        return events

    def _play_discard(self, seat: int, action: Discard) -> list[Event]:
        """DISCARD: a card face up to the discard pile; then draw."""
        hand = self._hands[seat]
        card = action.card
        if card not in hand:
            raise self._illegal(seat, action, f"you do not hold {card}")
        hand.remove(card)
        self._log.append((seat, action))
        self._discard.append(card)
        events = [Event("discard", seat, {"card": card})]
        self._draws = ((seat, 1, "turn"),)
        self._advance(events)
        return events

    def _clear(self, p: int, counter: str) -> None:
        """COUNTER: the pile goes to the discard pile; the counter card is the new base."""
        self._discard += self._piles[p]
        self._piles[p] = [counter]

    # -- the reaction window ----------------------------------------------------

    def _pass(self, seat: int) -> list[Event]:
        self._log.append((seat, PASS))
        self._to_act = tuple(s for s in self._to_act if s != seat)
        events = [Event("pass", seat, {})]
        if not self._to_act:
            self._let_combo_stand(events)
        return events

    def _counter_in_window(self, seat: int, action: Play) -> list[Event]:
        """A COUNTER out of turn: only on the COMBO just played, with its value.
        It negates the COMBO; the counter player draws after the turn player."""
        p = self._target
        card = action.card
        if action.pile != p:
            raise self._illegal(
                seat, action, f"out of turn a COUNTER may only answer the COMBO just played, on seat {p}'s pile"
            )
        hand = self._hands[seat]
        if card not in hand:
            raise self._illegal(seat, action, f"you do not hold {card}")
        top = self._piles[p][-1]
        if card[0] != top[0]:
            raise self._illegal(seat, action, f"a COUNTER to {top} needs a {RANK_NAMES[top[0]]}")
        hand.remove(card)
        self._log.append((seat, action))
        events = [
            Event("counter", seat, {"card": card, "pile": p, "cleared": self._piles[p][:], "out_of_turn": True})
        ]
        self._clear(p, card)
        self._target = -1
        self._draws = ((self._turn, 1, "turn"), (seat, 1, "counter"))
        self._advance(events)
        return events

    def _let_combo_stand(self, events: list[Event]) -> None:
        """Nobody countered: the owner BURNS (opponent's COMBO) or is FED (ally's)
        as many cards as the stack holds; the stack stays."""
        p, seat = self._target, self._turn
        count = len(self._piles[p]) - 1
        events.append(Event("stands", None, {"pile": p, "count": count}))
        if (p - seat) % 2:
            self._owed = count
            self._draws = ((seat, 1, "turn"),)
        else:
            self._target = -1
            self._draws = ((p, count, "feed"), (seat, 1, "turn"))
        self._advance(events)

    # -- burning, drawing, healing ------------------------------------------------

    def _burn(self, seat: int, action: Burn) -> list[Event]:
        hand = self._hands[seat]
        card = action.card
        if card not in hand:
            raise self._illegal(seat, action, f"you do not hold {card}")
        hand.remove(card)
        self._log.append((seat, action))
        self._discard.append(card)
        self._owed -= 1
        events = [Event("burn", seat, {"cards": [card], "owed": self._owed})]
        self._advance(events)
        return events

    def _draw_or_heal(self, seat: int, action: Action) -> list[Event]:
        """BP HEAL: "Instead of the BP drawing their card, they can instead allow their partner to draw"."""
        self._log.append((seat, action))
        (_, count, reason), self._draws = self._draws[0], self._draws[1:]
        events: list[Event] = []
        if action.__class__ is Heal:
            mate = partner(seat)
            events.append(Event("heal", seat, {"to": mate, "count": count, "reason": reason}))
            self._draw_cards(mate, count, "heal", events)
        else:
            self._draw_cards(seat, count, reason, events)
        self._advance(events)
        return events

    def _advance(self, events: list[Event]) -> None:
        """Carry the turn on until a decision is owed: burns, then draws in order
        (turn player first, then a counter's replacement), then the turn's end."""
        if self._owed:
            o = self._target
            hand = self._hands[o]
            if len(hand) > self._owed:
                self._phase = BURNING
                self._to_act = _TO_ACT[o]
                return
            # No choice left: every card burns.
            self._discard += hand
            events.append(Event("burn", o, {"cards": hand[:], "owed": 0}))
            self._hands[o] = []
            self._owed = 0
        self._target = -1
        draws = self._draws
        bp = self._bp
        while draws:
            seat, count, reason = draws[0]
            if seat == bp[seat % 2] and (self._draw or self._discard):
                self._phase = HEALING
                self._to_act = _TO_ACT[seat]
                self._draws = draws
                return
            draws = draws[1:]
            self._draw_cards(seat, count, reason, events)
        self._draws = ()
        self._end_turn(events)

    def _draw_cards(self, seat: int, count: int, reason: str, events: list[Event]) -> None:
        """Draw ``count`` cards; an empty deck is the discard pile shuffled ("Shuffle up
        the discard pile, silly!"). With both empty the draw is lost."""
        hand = self._hands[seat]
        draw = self._draw
        got: list[str] = []
        for _ in range(count):
            if not draw:
                if not self._discard:
                    break
                draw = self._reshuffle(events)
            card = draw.pop()
            got.append(card)
            insort(hand, card, key=KEY)
        data: dict[str, Any] = {"count": len(got), "reason": reason}
        if len(got) < count:
            data["missed"] = count - len(got)
        events.append(Event("draw", seat, data, ((seat,), {"cards": got})))

    def _reshuffle(self, events: list[Event]) -> list[str]:
        """The discard pile becomes the deck, shuffled by the game's own seed and
        the reshuffle's number (so a clone costs one int, and a determinized
        state with a fresh seed cannot foresee it)."""
        self._reshuffles += 1
        cards = self._discard
        self._discard = []
        self._chance.shuffle(cards)
        self._draw = cards
        events.append(Event("reshuffle", None, {"cards": len(cards), "reshuffles": self._reshuffles}))
        return cards

    # -- the end of a turn, the end of the game -------------------------------------

    def _end_turn(self, events: list[Event]) -> None:
        """"You lose only if you have zero cards at the end of any turn", with your
        team; both teams at once is a draw. The turn limit ends the game as a draw."""
        self._turns += 1
        out = {s % 2 for s, hand in enumerate(self._hands) if not hand}
        if len(out) == 2:
            self._finish(-1, BOTH_OUT, events)
        elif out:
            self._finish(out.pop(), OUT_OF_CARDS, events)
        elif self._turns >= self.game.turn_limit:
            self._finish(-1, TURN_LIMIT, events)
        else:
            self._start_turn((self._turn + 1) % PLAYERS, events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self._turn = seat
        self._phase = PLAY_CARD
        self._to_act = _TO_ACT[seat]
        events.append(Event("turn", seat, {"turn": self._turns + 1}))

    def _finish(self, losing: int, reason: str, events: list[Event]) -> None:
        self._phase = OVER
        self._to_act = ()
        self._outcome = (losing, reason)
        events.append(Event("end", None, self.result().to_dict()))

    # -- messages and helpers ---------------------------------------------------

    def _why_not_you(self, seat: int) -> str:
        phase = self._phase
        if phase == OVER:
            return "the game is over"
        if phase == CHOOSE_BIG:
            return "your team has named its Big Player" if seat < 2 else "the Big Players are named by seats 0 and 1"
        if phase == PLAY_CARD:
            return (
                f"it is seat {self._turn}'s turn; out of turn a COUNTER may only answer a COMBO, "
                "in the reaction window that follows it"
            )
        if phase == WINDOW:
            if seat == self._turn:
                return "you played the COMBO; the other players may counter it"
            return "you have already answered this reaction window"
        if phase == BURNING:
            return f"seat {self._target} is burning cards"
        return f"seat {self._to_act[0]} (Big Player) decides to draw or heal"

    def _cards_everywhere(self) -> list[str]:
        """Every card in the game, wherever it lies."""
        cards = [c for h in self._hands for c in h] + [c for p in self._piles for c in p]
        return cards + self._discard + self._draw


def new_state(game: CccCombo, chance: Chance, order: list[str], stacked: list[str] | None) -> CccState:
    """A game before the deal, the deck in ``order`` (top first); deals at once
    when the Big Players are fixed by the option ``big_players``."""
    s = CccState.__new__(CccState)
    s.game = game
    s._chance = chance
    s._deck = stacked
    s._start = None
    s._log = []
    s._hands = [[] for _ in range(PLAYERS)]
    s._piles = [[] for _ in range(PLAYERS)]
    s._discard = []
    s._draw = order[::-1]
    s._bp = [-1, -1]
    s._phase = CHOOSE_BIG
    s._to_act = (0, 1)
    s._turn = -1
    s._turns = 0
    s._target = -1
    s._owed = 0
    s._draws = ()
    s._reshuffles = 0
    s._outcome = None
    if game.big_players is not None:
        s._bp = list(game.big_players)
        s._deal([])
    return s


__all__ = ["PHASES", "CccState", "new_state", "partner"]
