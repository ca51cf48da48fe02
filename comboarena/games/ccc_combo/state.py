"""The rules of c-c-c-COMBO, applied to one game in progress.

A turn: the turn player plays one card — a COMBO (the pile's suit) or a
COUNTER (the top card's value) on another player's pile, or a DISCARD — and
draws one. A COMBO opens a reaction window in which every other player may
COUNTER it; if nobody does, the pile's owner BURNS (opponent's COMBO) or is
FED (ally's COMBO) one card per stacked card. A Big Player may HEAL (let the
partner draw) whenever they draw. A player with no cards at the end of a turn
loses, with their team.

Who owes a decision is one :class:`~comboarena.core.Window` (``to_act`` is
its ``waiting``): both team captains before the deal, the turn player, the
three other players in a reaction window (the first COUNTER closes it), the
burning player, a Big Player deciding to draw or heal. Whose turn it is is a
:class:`~comboarena.core.TurnQueue`, clockwise from the highest base. Phases
are :class:`~.view.Phase`.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from comboarena.core import (
    Action,
    Chance,
    Event,
    GameNotOver,
    IllegalAction,
    Result,
    State,
    Timer,
    TurnQueue,
    Window,
    check_seat,
)
from comboarena.core.cards import SUIT_NAMES

from .actions import BURN, CHOOSE, DISCARD, DRAW, HEAL, PASS, PLAY, Burn, ChooseBig, Discard, Draw, Heal, Pass, Play
from .cards import COUNTER_ON, KEY, PLAYABLE_ON, first_player
from .refusals import not_now, not_your_decision
from .seats import (
    ANSWERED,
    CAPTAINS,
    CLOCKWISE,
    CLOSED,
    EFFECT,
    NEXT,
    ONE,
    OTHERS,
    PLAYERS,
    REACTION,
    answered,
    next_turn,
    partner,
    queue_at,
)
from .view import PHASE_VALUES, PHASES, CccView, DrawReason, EventKind, Phase
from .words import a_value

if TYPE_CHECKING:
    from .game import CccCombo

#: Cards dealt to each player, and to the Big Players.
DEAL, BIG_DEAL = 7, 9

#: ``CccState._phase``: indexes of :data:`~.view.PHASES`.
CHOOSE_BIG, PLAY_CARD, WINDOW, BURNING, HEALING, OVER = range(6)

#: Result reasons (``Result.reason``; the simulator counts them).
OUT_OF_CARDS = "a player ran out of cards"
BOTH_OUT = "both teams ran out of cards"
TURN_LIMIT = "turn limit"

#: Draw reasons as the plain strings views, positions and events hold.
TURN, COUNTER, FEED, HEALED = (r.value for r in DrawReason)
_TURN_DRAW = {s: (s, 1, TURN) for s in range(PLAYERS)}
# The kinds of the events of every turn, as globals: cheaper to read than an enum's
# attribute, and read at every step of self-play.
_BURN_EVENT = EventKind.BURN
_COMBO_EVENT = EventKind.COMBO
_COUNTER_EVENT = EventKind.COUNTER
_DISCARD_EVENT = EventKind.DISCARD
_DRAW_EVENT = EventKind.DRAW
_HEAL_EVENT = EventKind.HEAL
_PASS_EVENT = EventKind.PASS
_STANDS_EVENT = EventKind.STANDS
_TURN_EVENT = EventKind.TURN
#: Each action's word, for the refusals.
_WORD = {Play: "play", Discard: "discard", Pass: "pass", Burn: "burn", Draw: "draw", Heal: "heal", ChooseBig: "bp"}


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
        "_queue",
        "_target",
        "_turns",
        "_window",
    )

    game: CccCombo
    _hands: list[list[str]]
    _piles: list[list[str]]
    _discard: list[str]
    _draw: list[str]
    #: Big Player of team 0 (seats 0, 2) and team 1 (seats 1, 3); -1 until named.
    _bp: list[int]
    _phase: int
    #: Who owes a decision now (``to_act`` is its ``waiting``).
    _window: Window
    #: Whose turn it is; None before the deal and once over.
    _queue: TurnQueue | None
    #: Turns completed.
    _turns: int
    #: The pile of this turn's COMBO while its window is open or its owner burns; else -1.
    _target: int
    #: Cards still to burn.
    _owed: int
    #: Draws still owed this turn, in order: (seat, cards, reason).
    _draws: tuple[tuple[int, int, str], ...]
    #: (losing team or -1 for a draw, reason) once over.
    _outcome: tuple[int, str] | None

    # -- protocol -------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._window.waiting

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def phase(self) -> Phase:
        return PHASES[self._phase]

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is; ``None`` before the deal and once over."""
        queue = self._queue
        return None if queue is None else queue.current

    @property
    def reshuffles(self) -> int:
        """Times the discard pile was shuffled into a new deck: every draw of the
        chance object after the opening deal is a reshuffle."""
        return self._chance.draws - 1

    @property
    def window(self) -> Window:
        """Who was asked for the decision now open, and who has not answered."""
        return self._window

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._window.waiting:
            return []
        phase = self._phase
        hand = self._hands[seat]
        if phase == PLAY_CARD:
            # Card by card, each on the other piles clockwise (unrolled: the hottest loop of self-play).
            piles = self._piles
            a, b, c = OTHERS[seat]
            on_a, on_b, on_c = PLAYABLE_ON[piles[a][-1]], PLAYABLE_ON[piles[b][-1]], PLAYABLE_ON[piles[c][-1]]
            out: list[Action] = []
            append = out.append
            for card in hand:
                if card in on_a:
                    append(PLAY[card][a])
                if card in on_b:
                    append(PLAY[card][b])
                if card in on_c:
                    append(PLAY[card][c])
            out += map(DISCARD.__getitem__, hand)
            return out
        if phase == WINDOW:
            target = self._target
            counters = COUNTER_ON[self._piles[target][-1]]
            out = [PASS]
            out += [PLAY[c][target] for c in hand if c in counters]
            return out
        if phase == BURNING:
            return [BURN[c] for c in hand]
        if phase == HEALING:
            return [DRAW, HEAL]
        team = seat % 2
        return [CHOOSE[team], CHOOSE[team + 2]]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat not in self._window.waiting:
            check_seat(self.game, seat)
            raise self._refuse(seat, action, owes=False)  # type: ignore[arg-type]
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
        raise self._refuse(seat, action, owes=True)  # type: ignore[arg-type]

    def timer(self) -> Timer | None:
        """The reaction window's "3 seconds" (option ``counter_window``): a seat
        that has not answered in time passes."""
        seconds = self.game.counter_window
        if self._phase == WINDOW and seconds > 0:
            return Timer(seconds, self._window.timer_actions(PASS))
        return None

    def view(self, seat: int | None) -> CccView:  # type: ignore[override]
        phase = self._phase
        turn = self.turn
        waiting = list(self._window.waiting)
        b0, b1 = self._bp
        v: CccView = {
            "game": "ccc-combo",
            "seat": seat,
            "players": PLAYERS,
            "phase": PHASE_VALUES[phase],
            "turn": turn,
            "turns": self._turns,
            "turn_limit": self.game.turn_limit,
            "to_act": waiting,
            "teams": [[0, 2], [1, 3]],
            "big_players": [b0 if b0 >= 0 else None, b1 if b1 >= 0 else None],
        }
        if seat is not None:
            if seat.__class__ is not int or not 0 <= seat < PLAYERS:
                check_seat(self.game, seat)  # raises, saying which seats there are
            v["hand"] = self._hands[seat][:]
        target = self._target
        h0, h1, h2, h3 = self._hands
        v["hand_sizes"] = [len(h0), len(h1), len(h2), len(h3)]
        p0, p1, p2, p3 = self._piles
        v["piles"] = [p0[:], p1[:], p2[:], p3[:]]
        v["discard"] = self._discard[:]
        v["deck"] = len(self._draw)
        v["reshuffles"] = self._chance.draws - 1
        if phase == WINDOW and turn is not None:
            pile = self._piles[target]
            v["window"] = {
                "pile": target,
                "card": pile[-1],
                "by": turn,
                "effect": EFFECT[turn][target],
                "count": len(pile) - 1,
                "waiting": waiting[:],
            }
        else:
            v["window"] = None
        v["burn"] = {"seat": target, "owed": self._owed} if phase == BURNING else None
        v["draws"] = [list(d) for d in self._draws]
        v["over"] = phase == OVER
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
        # Four seats: copying each list by name is cheaper than a comprehension.
        a, b, c, d = self._hands
        new._hands = [a[:], b[:], c[:], d[:]]
        a, b, c, d = self._piles
        new._piles = [a[:], b[:], c[:], d[:]]
        new._discard = self._discard[:]
        new._draw = self._draw[:]
        new._bp = self._bp[:]
        new._phase = self._phase
        new._window = self._window
        new._queue = self._queue
        new._turns = self._turns
        new._target = self._target
        new._owed = self._owed
        new._draws = self._draws
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
            self._window,
            self._queue,
            self._turns,
            self._target,
            self._owed,
            self._draws,
            self._outcome,
            tuple(self._log),  # interned actions: compared by identity first, by notation otherwise
        )

    def _position(self) -> dict[str, Any]:
        """The game's fields of :meth:`position`; ``position.py`` reads them back."""
        phase = self._phase
        return {
            "phase": PHASE_VALUES[phase],
            "big_players": [b if b >= 0 else None for b in self._bp],
            "turn": self.turn,
            "turns": self._turns,
            "hands": [h[:] for h in self._hands],
            "piles": [p[:] for p in self._piles],
            "discard": self._discard[:],
            "deck": self._draw[::-1],
            "window": {"pile": self._target, "waiting": list(self._window.waiting)} if phase == WINDOW else None,
            "burn": {"seat": self._target, "owed": self._owed} if phase == BURNING else None,
            "draws": [list(d) for d in self._draws],
        }

    # -- set-up ---------------------------------------------------------------

    def _choose_big(self, seat: int, action: ChooseBig) -> list[Event]:
        """The Setup: "each team has a Big Player (BP) chosen at the discretion of each team"."""
        if action.seat % 2 != seat % 2:
            mates = " or ".join(str(s) for s in (seat % 2, seat % 2 + 2))
            raise self._illegal(seat, action, f"seat {action.seat} is not on your team (name seat {mates})")
        self._log.append((seat, action))
        self._bp[seat % 2] = action.seat
        self._window = ANSWERED.get((self._window, seat)) or answered(self._window, seat)
        events = [Event(EventKind.BIG_PLAYER, seat, {"big": action.seat})]
        if self._window.is_closed:
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
        bases = [hand.pop() for hand in dealt]
        self._hands = [sorted(hand, key=KEY) for hand in dealt]
        self._piles = [[b] for b in bases]
        first = first_player(bases)
        sizes = [len(h) for h in self._hands]
        events.append(Event(EventKind.DEAL, None, {"bases": bases, "hand_sizes": sizes, "first": first}))
        for seat, hand in enumerate(self._hands):
            events.append(Event(EventKind.HAND, seat, {"count": len(hand)}, ((seat,), {"cards": hand[:]})))
        self._queue = TurnQueue.start(CLOCKWISE[first])
        self._start_turn(first, events)

    # -- the turn's play --------------------------------------------------------

    def _play(self, seat: int, action: Play) -> list[Event]:
        """COMBO (same suit) or COUNTER (same value) on another player's pile."""
        card, p = action.card, action.pile
        if p == seat:
            raise self._illegal(
                seat,
                action,
                "you may not play on your own pile on your turn (players may not play on their own piles on their "
                "turn; a COUNTER on your own pile is only allowed out of turn, against a COMBO on it)",
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
                seat,
                action,
                f"{card} on {top} (seat {p}'s pile) is neither a COMBO (needs {SUIT_NAMES[top[1]]}) "
                f"nor a COUNTER (needs {a_value(top)})",
            )
        hand.remove(card)
        self._log.append((seat, action))
        events = [Event(_COUNTER_EVENT, seat, {"card": card, "pile": p, "cleared": pile[:], "out_of_turn": False})]
        self._clear(p, card)
        self._draws = (_TURN_DRAW[seat],)
        self._advance(events)
        return events

    def _combo(self, seat: int, action: Play, hand: list[str], pile: list[str]) -> list[Event]:
        """COMBO: the stack grows; a reaction window opens for every other player."""
        card, p = action.card, action.pile
        hand.remove(card)
        self._log.append((seat, action))
        pile.append(card)
        events = [
            Event(_COMBO_EVENT, seat, {"card": card, "pile": p, "stack": len(pile) - 1, "effect": EFFECT[seat][p]})
        ]
        hands = self._hands
        self._target = p
        self._phase = WINDOW
        # Everyone but the player of the COMBO may answer, the pile's owner included.
        # (Hand sizes are public; a seat without cards could not answer, but at the
        # start of a turn every hand holds cards, so all three are asked.)
        window = REACTION[seat]
        if not all(hands[s] for s in window.asked):
            window = Window.open(tuple(s for s in window.asked if hands[s]))
        self._window = window
        if window.is_closed:
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
        events = [Event(_DISCARD_EVENT, seat, {"card": card})]
        self._draws = (_TURN_DRAW[seat],)
        self._advance(events)
        return events

    def _clear(self, p: int, counter: str) -> None:
        """COUNTER: the pile goes to the discard pile; the counter card is the new base."""
        self._discard += self._piles[p]
        self._piles[p] = [counter]

    # -- the reaction window ----------------------------------------------------

    def _pass(self, seat: int) -> list[Event]:
        self._log.append((seat, PASS))
        window = self._window
        self._window = window = ANSWERED.get((window, seat)) or answered(window, seat)
        events = [Event(_PASS_EVENT, seat, {})]
        if window.is_closed:
            self._let_combo_stand(events)
        return events

    def _counter_in_window(self, seat: int, action: Play) -> list[Event]:
        """A COUNTER out of turn: only on the COMBO just played, with its value.
        It negates the COMBO and closes the window for everyone; the counter
        player draws after the turn player."""
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
            combo = (
                f"{card} is of the pile's suit, but a COMBO is played only on your turn; " if card[1] == top[1] else ""
            )
            raise self._illegal(seat, action, f"{combo}a COUNTER to {top} needs {a_value(top)}")
        hand.remove(card)
        self._log.append((seat, action))
        events = [
            Event(_COUNTER_EVENT, seat, {"card": card, "pile": p, "cleared": self._piles[p][:], "out_of_turn": True})
        ]
        self._clear(p, card)
        self._target = -1
        self._window = self._window.close()
        turn = self._queue.current  # type: ignore[union-attr]
        self._draws = (_TURN_DRAW[turn], (seat, 1, COUNTER))
        self._advance(events)
        return events

    def _let_combo_stand(self, events: list[Event]) -> None:
        """Nobody countered: the owner BURNS (opponent's COMBO) or is FED (ally's)
        as many cards as the stack holds; the stack stays."""
        p, seat = self._target, self._queue.current  # type: ignore[union-attr]
        count = len(self._piles[p]) - 1
        events.append(Event(_STANDS_EVENT, None, {"pile": p, "count": count}))
        if (p - seat) % 2:
            self._owed = count
            self._draws = (_TURN_DRAW[seat],)
        else:
            self._target = -1
            self._draws = ((p, count, FEED), _TURN_DRAW[seat])
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
        events = [Event(_BURN_EVENT, seat, {"cards": [card], "owed": self._owed})]
        self._advance(events)
        return events

    def _draw_or_heal(self, seat: int, action: Action) -> list[Event]:
        """BP HEAL: "Instead of the BP drawing their card, they can instead allow their partner to draw"."""
        self._log.append((seat, action))
        (_, count, reason), self._draws = self._draws[0], self._draws[1:]
        events: list[Event] = []
        if action.__class__ is Heal:
            mate = partner(seat)
            events.append(Event(_HEAL_EVENT, seat, {"to": mate, "count": count, "reason": reason}))
            self._draw_cards(mate, count, HEALED, events)
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
                self._window = ONE[o]
                return
            # No choice left: every card burns.
            self._discard += hand
            events.append(Event(_BURN_EVENT, o, {"cards": hand[:], "owed": 0}))
            self._hands[o] = []
            self._owed = 0
        self._target = -1
        draws = self._draws
        bp = self._bp
        while draws:
            seat, count, reason = draws[0]
            if seat == bp[seat % 2] and (self._draw or self._discard):
                self._phase = HEALING
                self._window = ONE[seat]
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
        if count == 1 and draw:  # the usual draw: one card from a deck that has one
            card = draw.pop()
            insort(hand, card, key=KEY)
            events.append(Event(_DRAW_EVENT, seat, {"count": 1, "reason": reason}, ((seat,), {"cards": [card]})))
            return
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
        events.append(Event(_DRAW_EVENT, seat, data, ((seat,), {"cards": got})))

    def _reshuffle(self, events: list[Event]) -> list[str]:
        """The discard pile becomes the deck, shuffled by the state's chance (the
        n-th reshuffle is the chance's draw n, the deal being draw 0: reproducible,
        and a determinized state with a fresh seed cannot foresee it)."""
        cards = self._discard
        self._discard = []
        self._chance.shuffle(cards)
        self._draw = cards
        events.append(Event(EventKind.RESHUFFLE, None, {"cards": len(cards), "reshuffles": self._chance.draws - 1}))
        return cards

    # -- the end of a turn, the end of the game -------------------------------------

    def _end_turn(self, events: list[Event]) -> None:
        """ "You lose only if you have zero cards at the end of any turn", with your
        team; both teams at once is a draw. The turn limit ends the game as a draw."""
        self._turns = turns = self._turns + 1
        h = self._hands
        if not (h[0] and h[1] and h[2] and h[3] and turns < self.game.turn_limit):
            outcome = outcome_of(h, turns, self.game.turn_limit)
            if outcome is not None:
                self._finish(outcome, events)
                return
        queue = self._queue
        queue = self._queue = NEXT.get(queue) or next_turn(queue)  # type: ignore[arg-type]
        self._start_turn(queue.current, events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self._phase = PLAY_CARD
        self._window = ONE[seat]
        events.append(Event(_TURN_EVENT, seat, {"turn": self._turns + 1}))

    def _finish(self, outcome: tuple[int, str], events: list[Event]) -> None:
        self._phase = OVER
        self._window = CLOSED
        self._queue = None
        self._outcome = outcome
        events.append(Event(EventKind.END, None, self.result().to_dict()))

    # -- refusals ----------------------------------------------------------------

    def _refuse(self, seat: int, action: Action, owes: bool) -> IllegalAction:
        """Refuse a move of the wrong phase (``owes``: the seat owes a decision now) or by a seat
        that owes none, saying why from the public table (``refusals.py``) and what is legal."""
        view = self.view(None)
        word = _WORD.get(action.__class__, "")
        why = not_now(view, seat, word) if owes else not_your_decision(view, seat, word)
        return self._illegal(seat, action, why)

    # -- helpers for the game object ----------------------------------------------

    def _cards_everywhere(self) -> list[str]:
        """Every card in the game, wherever it lies."""
        found = [c for h in self._hands for c in h] + [c for p in self._piles for c in p]
        return found + self._discard + self._draw


def outcome_of(hands: list[list[str]], turns: int, turn_limit: int) -> tuple[int, str] | None:
    """At the end of a turn: ``(losing team, reason)``, ``(-1, reason)`` for a draw,
    or None if the game goes on."""
    out = {s % 2 for s, hand in enumerate(hands) if not hand}
    if len(out) == 2:
        return -1, BOTH_OUT
    if out:
        return out.pop(), OUT_OF_CARDS
    if turns >= turn_limit:
        return -1, TURN_LIMIT
    return None


def build(
    game: CccCombo,
    chance: Chance,
    *,
    phase: int,
    big_players: list[int],
    turn: int,
    turns: int,
    hands: list[list[str]],
    piles: list[list[str]],
    discard: list[str],
    deck_top_first: list[str],
    waiting: tuple[int, ...] = (),
    target: int = -1,
    owed: int = 0,
    draws: tuple[tuple[int, int, str], ...] = (),
    deck: list[str] | None = None,
) -> CccState:
    """A state from its parts (a new game, a position, a determinization).

    ``turn`` is -1 before the deal and once over; ``waiting`` are the seats
    still to answer a reaction window; ``target`` is the COMBO's pile in a
    window or the burning seat. Who acts follows from the phase.
    """
    s = CccState.__new__(CccState)
    s.game = game
    s._chance = chance
    s._deck = deck
    s._start = None
    s._log = []
    s._hands = [sorted(h, key=KEY) for h in hands]
    s._piles = piles
    s._discard = discard
    s._draw = deck_top_first[::-1]
    s._bp = big_players
    s._phase = phase
    s._queue = None if turn < 0 else queue_at(turn, turns)
    s._turns = turns
    s._target = target
    s._owed = owed
    s._draws = draws
    s._outcome = None
    if phase == CHOOSE_BIG:
        s._window = Window(CAPTAINS.asked, tuple(c for c in CAPTAINS.asked if big_players[c] < 0))
    elif phase == PLAY_CARD:
        s._window = ONE[turn]
    elif phase == WINDOW:
        asked = tuple(o for o in OTHERS[turn] if hands[o])
        s._window = Window(asked, tuple(o for o in asked if o in waiting))
    elif phase == BURNING:
        s._window = ONE[target]
    elif phase == HEALING:
        s._window = ONE[draws[0][0]]
    else:
        s._window = CLOSED
        s._outcome = outcome_of(s._hands, turns, game.turn_limit)
    return s


def new_state(game: CccCombo, chance: Chance, order: list[str], stacked: list[str] | None) -> CccState:
    """A game before the deal, the deck in ``order`` (top first); deals at once
    when the Big Players are fixed by the option ``big_players``."""
    s = build(
        game,
        chance,
        phase=CHOOSE_BIG,
        big_players=[-1, -1],
        turn=-1,
        turns=0,
        hands=[[] for _ in range(PLAYERS)],
        piles=[[] for _ in range(PLAYERS)],
        discard=[],
        deck_top_first=order,
        deck=stacked,
    )
    if game.big_players is not None:
        s._bp = list(game.big_players)
        s._window = CLOSED
        s._deal([])
    return s


__all__ = ["PLAYERS", "CccState", "build", "new_state", "outcome_of", "partner"]
