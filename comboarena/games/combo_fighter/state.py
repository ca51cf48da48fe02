"""The rules of Combo Fighter, applied to one match in progress (1 v 1).

A match is best of 3 fights (option ``best_of``); a fight is rounds until a
fighter is knocked out. Each round: both fighters play a card face down (one
:class:`~comboarena.core.Window` holds both seats); the reveal and the Win
Circle decide who wins; retroactive powers are offered to their owners; the
winner combos (or, on a tie, both deal Opening Damage); the damaged fighters
take damage card by card; then the end of the round (played cards discarded,
optional discards, refill, end-of-round effects).

The modes are subclasses that override the hooks marked "mode hook" below:
:mod:`.solo` (the rulebook's AI plays seat 1) and :mod:`.tag` (2 vs 2).

Cards are kept as card *types* (small ints indexing the fighter's tables); a
fighter's deck is a list whose top is the last item.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from comboarena.core import Action, Chance, Event, GameNotOver, Result, State, Window, check_seat, team_result

from .actions import CALL, DECK, DONE, END, PASS, POWER, REST, AsideAction, CardAction
from .content import ATTACK, Retro
from .powers import RoundInfo
from .rules import card_damage, damage_risks, signature_damage, signature_for
from .rules import win_circle as _win_circle
from .view import (
    RETRO_STATES,
    SIDES,
    DamageHow,
    Ev,
    FighterSeatView,
    FighterView,
    KoWhy,
    Phase,
)
from .words import PHASE_WORDS, box_mismatch, cannot_set_aside, count_text, no_signature, not_held

if TYPE_CHECKING:
    from .game import ComboFighter

# Module aliases: compared with ``is`` on the hot path.
PICK, PLAY, RETRO, COMBO, DAMAGE = Phase.PICK, Phase.PLAY, Phase.RETRO, Phase.COMBO, Phase.DAMAGE
BREATH, DISCARD, TAG_OUT, OVER = Phase.BREATH, Phase.DISCARD, Phase.TAG, Phase.OVER
#: Retroactive power, per seat and round (indexes into ``RETRO_STATES``).
NOT_OFFERED, OFFERED, USED, DECLINED = range(4)
NO_WINNER, TIE = -2, -1
#: Safety nets so that any content terminates (never reached with the shipped fighters).
MAX_ROUNDS = 400
FIGHTS_PER_BEST_OF = 3
CLOSED = Window((), ())
# Windows are immutable values: the few a match uses are made once and shared.
_OPEN: dict[tuple[int, ...], Window] = {}
_ANSWERED: dict[tuple[Window, int], Window] = {}


def open_window(seats: tuple[int, ...]) -> Window:
    """``Window.open(seats)``, shared."""
    window = _OPEN.get(seats)
    if window is None:
        window = _OPEN[seats] = Window.open(seats)
    return window


class Seat(NamedTuple):
    """One fighter's zones and marks, as card types: what :func:`build` takes."""

    hand: list[int]
    draw: list[int]  # top last
    disc: list[int]
    aside: list[int]
    play: list[int]
    marks: list[int]
    drawn: list[int]
    side: int
    stag: bool
    dmg: int
    ko: bool
    choice: int
    retro: int
    bonus: int
    flip: bool


class FighterState(State):
    """A match of Combo Fighter. Per-seat zones are lists indexed by seat."""

    __slots__ = (
        "_aside",
        "_bonus",
        "_choice",
        "_disc",
        "_dmg",
        "_draw",
        "_drawn",
        "_fight",
        "_flip",
        "_hand",
        "_ko",
        "_marks",
        "_phase",
        "_pick",
        "_play",
        "_results",
        "_retro",
        "_ring",
        "_round",
        "_side",
        "_stag",
        "_window",
        "_winner",
        "_wins",
    )

    game: ComboFighter
    _phase: Phase
    _window: Window
    _fight: int
    _round: int
    _wins: list[int]  # fights won per team
    _results: list[int]  # each fight so far: winning team, or -1 for a draw
    _ring: list[int]  # the seat in the ring for each team
    _pick: list[int]  # 2 vs 2: the seat each team sends in (-1: not chosen yet)
    _winner: int  # the round's winner seat, TIE, or NO_WINNER before the reveal
    _hand: list[list[int]]
    _draw: list[list[int]]
    _disc: list[list[int]]
    _aside: list[list[int]]
    _play: list[list[int]]  # this round's cards in the play area, in order
    _marks: list[list[int]]  # positions in _play that are set aside at the end of the round
    _side: list[int]  # Power Token: 0 side A, 1 side B
    _stag: list[bool]
    _dmg: list[int]  # damage still to take
    _ko: list[bool]
    _choice: list[int]  # the face-down card (-1: none yet)
    _retro: list[int]
    _bonus: list[int]  # Speed added this round by a retroactive power
    _flip: list[bool]  # the Power Token flips at the end of this round
    _drawn: list[list[int]]  # solo AI: cards drawn this round

    #: phase -> the rule that reads a seat's action; modes add theirs.
    HANDLERS: ClassVar[dict[Phase, Callable[[Any, int, Action], list[Event]]]] = {}

    # -- protocol ---------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._window.waiting

    @property
    def is_over(self) -> bool:
        return self._phase is OVER

    @property
    def phase(self) -> Phase:
        return self._phase

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._window.waiting:
            return []
        phase = self._phase
        if phase is DISCARD:
            out = _distinct(self._hand[seat], self.game.acts[seat])
            out.append(DONE)
            return out
        if phase is PLAY:
            return _distinct(self._hand[seat], self.game.acts[seat])
        if phase is DAMAGE:
            out = _distinct(self._hand[seat], self.game.acts[seat])
            if self._draw[seat]:
                out.append(DECK)
                if self._dmg[seat] > 1:
                    out.append(REST)
            return out
        if phase is COMBO:
            return self._combo_actions(seat)
        if phase is RETRO:
            return [POWER, PASS]
        return self._mode_actions(seat)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat not in self._window.waiting:
            check_seat(self.game, seat)
            if self._phase is OVER:
                raise self._illegal(seat, action, "the match is over")
            raise self._illegal(seat, action, f"it is not seat {seat}'s decision now ({self._deciding()})")
        return self.HANDLERS[self._phase](self, seat, action)  # type: ignore[arg-type]

    def result(self) -> Result:
        if self._phase is not OVER:
            raise GameNotOver("the Combo Fighter match is not over yet; result() is known at the end")
        a, b = self._wins
        reason = f"fights won {max(a, b)}-{min(a, b)}"
        return team_result(self.game.teams, self._wins, reason, f"fights drawn {a}-{b}")

    def clone(self) -> FighterState:
        cls = self.__class__
        new = cls.__new__(cls)
        new.game = self.game
        new._chance = self._chance.clone()
        new._start = self._start
        new._deck = self._deck
        new._log = self._log[:]
        new._phase = self._phase
        new._window = self._window
        new._fight = self._fight
        new._round = self._round
        new._wins = self._wins[:]
        new._results = self._results[:]
        new._ring = self._ring[:]
        new._pick = self._pick[:]
        new._winner = self._winner
        new._hand = [x[:] for x in self._hand]
        new._draw = [x[:] for x in self._draw]
        new._disc = [x[:] for x in self._disc]
        new._aside = [x[:] for x in self._aside]
        new._play = [x[:] for x in self._play]
        new._marks = [x[:] for x in self._marks]
        new._side = self._side[:]
        new._stag = self._stag[:]
        new._dmg = self._dmg[:]
        new._ko = self._ko[:]
        new._choice = self._choice[:]
        new._retro = self._retro[:]
        new._bonus = self._bonus[:]
        new._flip = self._flip[:]
        new._drawn = [x[:] for x in self._drawn]
        return new

    def _key(self) -> tuple[Any, ...]:
        # Only compared, never hashed: the lists compare element by element (in C).
        return (
            self.game,
            self._chance,
            self._phase,
            self._window,
            self._fight,
            self._round,
            self._wins,
            self._results,
            self._ring,
            self._pick,
            self._winner,
            self._hand,
            self._draw,
            self._disc,
            self._aside,
            self._play,
            self._marks,
            self._drawn,
            self._side,
            self._stag,
            self._dmg,
            self._ko,
            self._choice,
            self._retro,
            self._bonus,
            self._flip,
            self._log,  # actions are interned values: comparing the pairs is cheap
        )

    def view(self, seat: int | None) -> FighterView:  # type: ignore[override]
        g = self.game
        if seat is not None:
            check_seat(g, seat)
        fighters: list[FighterSeatView] = []
        for s in range(g.players):
            codes = g.codes[s]
            hand, deck, dmg = len(self._hand[s]), len(self._draw[s]), self._dmg[s]
            fighters.append(
                {
                    "fighter": g.fighters[s].id,
                    "hand_size": hand,
                    "deck": deck,
                    "discard": [codes[t] for t in self._disc[s]],
                    "aside": [codes[t] for t in self._aside[s]],
                    "play": [codes[t] for t in self._play[s]],
                    "set_aside": self._marks[s][:],
                    "drawn": [codes[t] for t in self._drawn[s]],
                    "side": SIDES[self._side[s]],
                    "x": self.x(s),
                    "staggering": self._stag[s],
                    "chosen": self._choice[s] >= 0,
                    "damage": dmg,
                    "ko": self._ko[s],
                    "retro": RETRO_STATES[self._retro[s]],
                    "speed_bonus": self._bonus[s],
                    "flip": self._flip[s],
                    "risks": dict(damage_risks(hand, deck, dmg, self._stag[s])) if dmg else {},
                }
            )
        winner = self._winner
        v: FighterView = {
            "game": "combo-fighter",
            "seat": seat,
            "mode": g.mode,
            "players": g.players,
            "best_of": g.best_of,
            "fight": self._fight,
            "round": self._round,
            "wins": self._wins[:],
            "fights": self._results[:],
            "phase": self._phase,
            "to_act": list(self._window.waiting),
            "ring": self._ring[:],
            "winner": winner if winner >= 0 else None,
            "tie": winner == TIE,
            "picked": [p >= 0 for p in self._pick],
            "shuffles": self._chance.draws,
            "over": self._phase is OVER,
            "fighters": fighters,
        }
        if seat is not None:
            codes = g.codes[seat]
            v["hand"] = [codes[t] for t in self._hand[seat]]
            choice = self._choice[seat]
            v["choice"] = codes[choice] if choice >= 0 else None
            pick = self._pick[g.team[seat]]
            v["pick"] = g.fighters[pick].id if pick >= 0 else None
        return v

    def _position(self) -> dict[str, Any]:
        from .position import write_position

        return write_position(self.game, self._table())

    def _table(self) -> Table:
        """The whole state as plain data (what :func:`build` takes back)."""
        return Table(
            self._phase,
            self._window,
            self._fight,
            self._round,
            self._wins[:],
            self._results[:],
            self._ring[:],
            self._pick[:],
            self._winner,
            [self._seat(s) for s in range(self.game.players)],
            self._deck,
        )

    def _seat(self, s: int) -> Seat:
        return Seat(
            self._hand[s][:],
            self._draw[s][:],
            self._disc[s][:],
            self._aside[s][:],
            self._play[s][:],
            self._marks[s][:],
            self._drawn[s][:],
            self._side[s],
            self._stag[s],
            self._dmg[s],
            self._ko[s],
            self._choice[s],
            self._retro[s],
            self._bonus[s],
            self._flip[s],
        )

    # -- queries used by the rules, the agents and the text UI -----------------------

    def x(self, seat: int) -> int:
        """The value of X for ``seat``'s fighter now (its Power Token)."""
        return self.game.powers[seat].x(self._side[seat], len(self._aside[seat]))

    def _speed(self, seat: int, t: int) -> int:
        card = self.game.fighters[seat].cards[t]
        if card.kind != ATTACK:
            return 0
        return card.speed + self.game.powers[seat].speeds[self._side[seat]] + self._bonus[seat]

    def _opponent(self, seat: int) -> int:
        a, b = self._ring
        return b if seat == a else a

    def _deciding(self) -> str:
        """What the seats to act are deciding, in words (for refusals)."""
        names = " and ".join(self.game.fighters[s].name for s in self._window.waiting)
        return f"{names}: {PHASE_WORDS[self._phase]}"

    def _answer(self, seat: int) -> bool:
        """``seat`` has answered the open window; ``True`` once nobody is left to answer
        (the rules that follow then open the next window)."""
        window = self._window
        if len(window.waiting) == 1:
            return True
        key = (window, seat)
        after = _ANSWERED.get(key)
        if after is None:
            after = _ANSWERED[key] = window.answer(seat)
        self._window = after
        return False

    # -- mode hooks (versus behaviour; solo and tag override) ----------------------------

    def _people(self) -> Sequence[int]:
        """The seats in the ring that decide for themselves (the solo AI does not)."""
        return self._ring

    def _starting_hand(self, s: int, stack: Any) -> list[int]:
        f = self.game.fighters[s]
        return list(stack.hand if stack is not None and stack.hand is not None else f.starting_hand)

    def _starting_aside(self, s: int) -> list[int]:
        return list(self.game.powers[s].start_aside(False))

    def _open_fight(self, events: list[Event]) -> None:
        self._start_round(events)

    def _out_of_cards(self, s: int) -> bool:
        """Called for a fighter with an empty hand: no card left to play?"""
        return True

    def _face_down(self, s: int, events: list[Event]) -> int:
        """The card ``s`` plays this round when none lies face down (the solo AI's)."""
        return self._choice[s]

    def _rules_decide_retro(self, offered: tuple[int, ...], events: list[Event]) -> tuple[int, ...]:
        """Retroactive powers the rules decide themselves; returns the seats still to ask."""
        return offered

    def _winner_plays(self, w: int, events: list[Event]) -> None:
        self._phase = COMBO
        self._window = Window.one(w)

    def _take_by_rule(self, s: int, events: list[Event]) -> None:
        """Damage a fighter takes without a decision (the solo AI's)."""

    def _flips(self, s: int, info: RoundInfo) -> bool:
        return self.game.powers[s].flips(self._side[s], info)

    def _before_end_round(self, events: list[Event]) -> None:
        self._end_round(events)

    def _after_refill(self, events: list[Event]) -> None:
        self._start_round(events)

    def _mode_actions(self, seat: int) -> list[Action]:
        return []

    # -- the round ----------------------------------------------------------------------

    def _start_fight(self, events: list[Event]) -> None:
        """Setup: Power Token side A, starting hand, shuffled deck on the Staggering Card."""
        g = self.game
        stacks = g.stack_for(self._deck, self._fight)
        for s in range(g.players):
            self._setup_fighter(s, stacks[s] if stacks else None, events)
        self._round = 0
        self._winner = NO_WINNER
        events.append(Event(Ev.FIGHT, None, {"fight": self._fight, "wins": list(self._wins)}))
        self._open_fight(events)

    def _setup_fighter(self, s: int, stack: Any, events: list[Event]) -> None:
        f = self.game.fighters[s]
        remaining = list(f.composition)
        aside = list(stack.aside) if stack is not None and stack.aside is not None else self._starting_aside(s)
        hand = self._starting_hand(s, stack)
        top: list[int] = list(stack.draw) if stack is not None else []
        disc: list[int] = list(stack.discard) if stack is not None else []
        for t in aside + hand + top + disc:
            remaining.remove(t)  # the stack was checked against the deck when the game was set up
        self._chance.shuffle(remaining)
        if stack is not None and stack.rest == "discard":
            disc += remaining
            remaining = []
        self._hand[s] = sorted(hand)
        self._draw[s] = remaining + top[::-1]
        self._disc[s] = disc
        self._aside[s] = aside
        self._play[s] = []
        self._marks[s] = []
        self._drawn[s] = []
        self._side[s] = stack.side if stack is not None else 0
        self._stag[s] = False
        self._dmg[s] = 0
        self._ko[s] = False
        self._choice[s] = -1
        self._retro[s] = NOT_OFFERED
        self._bonus[s] = 0
        self._flip[s] = False
        if not self._draw[s]:
            self._stagger(s, events)

    def _start_round(self, events: list[Event]) -> None:
        self._round += 1
        self._winner = NO_WINNER
        for s in range(self.game.players):
            self._play[s] = []
            self._marks[s] = []
            self._drawn[s] = []
            self._choice[s] = -1
            self._retro[s] = NOT_OFFERED
            self._bonus[s] = 0
        # A fighter with no card left to play has lost their last card: knocked out.
        for s in self._ring:
            if not self._hand[s] and self._out_of_cards(s):
                self._knock_out(s, events, KoWhy.NO_CARD)
        if True in self._ko or self._round > MAX_ROUNDS:
            self._end_fight(events)
            return
        self._phase = PLAY
        self._window = self.game.play_windows[self._ring[0]][self._ring[1]]

    def _commit(self, seat: int, action: Action) -> list[Event]:
        """Play one card face down (rulebook: "Gameplay")."""
        if action.__class__ is not CardAction:
            raise self._illegal(seat, action, "play a card from your hand face down (its code)")
        f = self.game.fighters[seat]
        t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
        hand = self._hand[seat]
        if t not in hand:
            raise self._illegal(seat, action, not_held(f, action, "your hand"))
        self._log.append((seat, action))
        hand.remove(t)
        self._choice[seat] = t
        events = [Event(Ev.CHOOSE, seat, {}, ((seat,), {"card": action.text}))]
        if self._answer(seat):
            self._reveal(events)
        return events

    def _reveal(self, events: list[Event]) -> None:
        """Reveal both cards and consult the Win Circle."""
        g = self.game
        for s in self._ring:
            choice = self._choice[s]
            self._play[s] = [choice if choice >= 0 else self._face_down(s, events)]
            self._choice[s] = -1
        why = self._judge()
        a, b = self._ring
        events.append(
            Event(
                Ev.REVEAL,
                None,
                {
                    "round": self._round,
                    "seats": [a, b],
                    "cards": [g.codes[a][self._play[a][0]], g.codes[b][self._play[b][0]]],
                    "winner": self._winner if self._winner >= 0 else None,
                    "why": why,
                },
            )
        )
        self._open_retro(events)

    def _judge(self) -> str:
        """The Win Circle on the cards in play (with any Speed added this round)."""
        a, b = self._ring
        fa, fb = self.game.fighters[a], self.game.fighters[b]
        ta, tb = self._play[a][0], self._play[b][0]
        ca, cb = fa.cards[ta], fb.cards[tb]
        w, why = _win_circle(ca.kind, self._speed(a, ta), ca.priority, cb.kind, self._speed(b, tb), cb.priority)
        self._winner = TIE if w < 0 else self._ring[w]
        return why

    def _open_retro(self, events: list[Event]) -> None:
        """Offer retroactive powers to fighters whose attack lost or tied against an attack,
        before the winner plays on (rulebook: "Power tokens"); the result is judged again
        after each decision, and a fighter who now loses is offered theirs."""
        while True:
            offered = self._retro_offers()
            if not offered:
                self._after_reveal(events)
                return
            ask = self._rules_decide_retro(offered, events)
            if ask:
                self._phase = RETRO
                self._window = open_window(ask)
                return
            self._judge_again(events)

    def _retro_offers(self) -> tuple[int, ...]:
        g = self.game
        a, b = self._ring
        fa, fb = g.fighters[a], g.fighters[b]
        if fa.cards[self._play[a][0]].kind != ATTACK or fb.cards[self._play[b][0]].kind != ATTACK:
            return ()
        offered = []
        for s in (a, b):
            if s == self._winner or self._retro[s] != NOT_OFFERED:
                continue
            retro = g.powers[s].retro(self._side[s])
            if retro is not None and len(self._draw[s]) >= retro.cost:
                self._retro[s] = OFFERED
                offered.append(s)
        return tuple(offered)

    def _judge_again(self, events: list[Event]) -> None:
        before = self._winner
        why = self._judge()
        if self._winner != before:
            winner = self._winner if self._winner >= 0 else None
            events.append(Event(Ev.OUTCOME, None, {"winner": winner, "why": why}))

    def _use_retro(self, seat: int, retro: Retro, events: list[Event]) -> None:
        """Pay the power's cost from the top of the deck (not damage) and add its Speed."""
        g = self.game
        paid = []
        for _ in range(retro.cost):
            t = self._draw[seat].pop()
            self._disc[seat].append(t)
            paid.append(g.codes[seat][t])
        if not self._draw[seat]:
            self._stagger(seat, events)
        self._bonus[seat] += retro.speed
        self._retro[seat] = USED
        power = g.powers[seat].sides[self._side[seat]].name
        events.append(Event(Ev.POWER, seat, {"power": power, "speed": retro.speed, "paid": paid}))

    def _decide_retro(self, seat: int, action: Action) -> list[Event]:
        if action != POWER and action != PASS:
            raise self._illegal(seat, action, "use your retroactive power (power) or not (pass)")
        retro = self.game.powers[seat].retro(self._side[seat])
        if retro is None:  # offered only with one; a position could say otherwise
            raise self._illegal(seat, action, "your Power Token's side facing up has no retroactive power")
        self._log.append((seat, action))
        events: list[Event] = []
        if action == POWER:
            self._use_retro(seat, retro, events)
        else:
            self._retro[seat] = DECLINED
            events.append(Event(Ev.PASS, seat, {}))
        if self._answer(seat):
            self._judge_again(events)
            self._open_retro(events)
        return events

    def _after_reveal(self, events: list[Event]) -> None:
        w = self._winner
        if w == TIE:
            # A tie: both deal their Opening Damage, neither may combo.
            g = self.game
            a, b = self._ring
            da = g.fighters[a].cards[self._play[a][0]].opening
            db = g.fighters[b].cards[self._play[b][0]].opening
            self._deal([(a, b, da, DamageHow.OPENING), (b, a, db, DamageHow.OPENING)], events)
        else:
            self._winner_plays(w, events)

    # -- combos -------------------------------------------------------------------------

    def _combo_actions(self, seat: int) -> list[Action]:
        g = self.game
        f = g.fighters[seat]
        cards = f.cards
        play = self._play[seat]
        box = cards[play[-1]].box
        acts = g.acts[seat]
        out: list[Action] = []
        last = -1
        for t in self._hand[seat]:
            if t != last and box >> cards[t].button & 1:
                out.append(acts[t])
                last = t
        power = g.powers[seat]
        side = self._side[seat]
        if power.token.aside_play:
            for t in sorted(set(self._aside[seat])):
                if box >> cards[t].button & 1 and acts[t] not in out:
                    out.append(acts[t])
        asidable = power.combo_aside(side)
        if asidable:
            for t in sorted(set(self._hand[seat])):
                if t in asidable and box >> cards[t].button & 1:
                    out.append(g.aside_acts[seat][t])
        out.append(END)
        if not self._marks[seat] and signature_for(f, tuple(play), side) is not None:
            out.append(CALL)
        return out

    def _combo(self, seat: int, action: Action) -> list[Event]:
        """Combo: the next card's button must be in the previous card's Combo Box."""
        cls = action.__class__
        if cls is not CardAction and cls is not AsideAction:
            if action in (END, CALL):
                return self._end_combo(seat, action)
            raise self._illegal(seat, action, "continue the combo with a card, or end (or call) it")
        g = self.game
        f = g.fighters[seat]
        t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
        if t < 0:
            raise self._illegal(seat, action, not_held(f, action, "your hand"))
        play = self._play[seat]
        last, card = f.cards[play[-1]], f.cards[t]
        if not last.box >> card.button & 1:
            raise self._illegal(seat, action, box_mismatch(card, last))
        power = g.powers[seat]
        from_aside = cls is CardAction and power.token.aside_play and t in self._aside[seat]
        if cls is AsideAction and t not in power.combo_aside(self._side[seat]):
            raise self._illegal(seat, action, cannot_set_aside(f, card, power.combo_aside(self._side[seat])))
        if not from_aside and t not in self._hand[seat]:
            raise self._illegal(seat, action, not_held(f, action, "your hand"))
        self._log.append((seat, action))
        if from_aside:
            self._aside[seat].remove(t)
        else:
            self._hand[seat].remove(t)
        play.append(t)
        data: dict[str, Any] = {"card": card.code, "number": len(play)}
        if cls is AsideAction:
            self._marks[seat].append(len(play) - 1)
            data["aside"] = True
        elif from_aside:
            data["from_aside"] = True
        return [Event(Ev.COMBO, seat, data)]

    def _end_combo(self, seat: int, action: Action) -> list[Event]:
        f = self.game.fighters[seat]
        play = tuple(self._play[seat])
        x = self.x(seat)
        if action == CALL:
            hit = None if self._marks[seat] else signature_for(f, play, self._side[seat])
            if hit is None:
                raise self._illegal(seat, action, no_signature(f, play, bool(self._marks[seat])))
            self._log.append((seat, action))
            sig = f.signatures[hit[0]]
            damage = signature_damage(f, hit[0], hit[1], x)
            version = ("basic", "power")[hit[1]]
            events = [Event(Ev.SIGNATURE, seat, {"name": sig.name, "version": version, "damage": damage})]
            how = DamageHow.SIGNATURE
        else:
            self._log.append((seat, action))
            damage = card_damage(f, play, self._marks[seat], x)
            events = []
            how = DamageHow.COMBO if len(play) > 1 else DamageHow.OPENING
        self._deal([(seat, self._opponent(seat), damage, how)], events)
        return events

    # -- damage -------------------------------------------------------------------------

    def _deal(self, hits: list[tuple[int, int, int, DamageHow]], events: list[Event]) -> None:
        """Deal each ``(dealer, taker, amount, how)``; the takers then take it card by card."""
        n = self.game.players
        for dealer, taker, amount, how in hits:
            if amount > 0:
                events.append(Event(Ev.DAMAGE, dealer, {"to": taker, "amount": amount, "how": how}))
                self._dmg[taker] += amount
        for taker in range(n):
            if self._dmg[taker]:
                self._check_knockout(taker, events)
        if True in self._ko:
            # The fight is decided: damage still owed (a tie's other half) changes nothing,
            # since a hit that could knock out has done so when dealt.
            self._dmg = [0] * n
            self._end_fight(events)
            return
        for taker in range(n):
            if self._dmg[taker]:
                self._take_by_rule(taker, events)
        pending = tuple(s for s in range(n) if self._dmg[s])
        if pending:
            self._phase = DAMAGE
            self._window = open_window(pending)
        else:
            self._after_damage(events)

    def _check_knockout(self, s: int, events: list[Event]) -> None:
        """Knocked out: any damage while Staggering; or damage that reaches the last card of
        hand and deck, whatever order it is taken in ("forced to discard your last card")."""
        dmg = self._dmg[s]
        if self._stag[s]:
            self._knock_out(s, events, KoWhy.STAGGERING)
        elif dmg >= len(self._hand[s]) + len(self._draw[s]):
            self._knock_out(s, events, KoWhy.LAST_CARD)

    def _knock_out(self, s: int, events: list[Event], why: KoWhy) -> None:
        self._ko[s] = True
        self._dmg[s] = 0
        events.append(Event(Ev.KO, s, {"why": why}))

    def _take(self, seat: int, action: Action) -> list[Event]:
        """Taking damage: one card per point, from the hand or the deck (the taker's choice)."""
        f = self.game.fighters[seat]
        events: list[Event] = []
        deck = self._draw[seat]
        if action.__class__ is CardAction:
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            hand = self._hand[seat]
            if t not in hand:
                raise self._illegal(seat, action, not_held(f, action, "your hand"))
            self._log.append((seat, action))
            hand.remove(t)
            self._disc[seat].append(t)
            self._dmg[seat] -= 1
            data = {"cards": [action.text], "from": Ev.HAND, "left": self._dmg[seat]}
            events.append(Event(Ev.TAKE, seat, data))
        elif action in (DECK, REST):
            if not deck:
                raise self._illegal(
                    seat, action, "your deck is empty (the Staggering Card shows): take the rest from your hand"
                )
            if action == REST and self._dmg[seat] < 2:
                raise self._illegal(seat, action, "you have 1 point to take: deck, or a card from your hand")
            self._log.append((seat, action))
            points = min(self._dmg[seat], len(deck)) if action == REST else 1
            codes = self.game.codes[seat]
            disc = self._disc[seat]
            taken = []
            for _ in range(points):
                t = deck.pop()
                disc.append(t)
                taken.append(codes[t])
            self._dmg[seat] -= points
            events.append(Event(Ev.TAKE, seat, {"cards": taken, "from": Ev.DECK, "left": self._dmg[seat]}))
        else:
            owed = count_text(self._dmg[seat], "point")
            raise self._illegal(seat, action, f"take damage ({owed} to take): a card from your hand, or deck")
        if not self._dmg[seat]:
            self._end_hit(seat, events)
            if self._answer(seat):
                self._after_damage(events)
        return events

    def _end_hit(self, s: int, events: list[Event]) -> None:
        """The hit is taken. If it emptied the deck, the Staggering Card shows now: the
        rest of the hit came from the hand, and only the next hit knocks out."""
        if not self._draw[s]:
            self._stagger(s, events)

    def _after_damage(self, events: list[Event]) -> None:
        if True in self._ko:
            self._end_fight(events)
        else:
            self._before_end_round(events)

    # -- end of the round -------------------------------------------------------------

    def _end_round(self, events: list[Event]) -> None:
        """Discard the played cards (set-aside ones go beside the token), then the optional
        discards before refilling."""
        g = self.game
        w = self._winner
        for s in self._ring:
            play = self._play[s]
            marks = self._marks[s]
            for i, t in enumerate(play):
                (self._aside[s] if i in marks else self._disc[s]).append(t)
            info = RoundInfo(
                won=w == s,
                lost=w >= 0 and w != s,
                opening_kind=g.fighters[s].cards[play[0]].kind if play else -1,
                played=tuple(play),
                aside=len(self._aside[s]),
                asided=len(marks),
                drawn=tuple(self._drawn[s]),
            )
            self._flip[s] = self._flips(s, info)
            self._play[s] = []
            self._marks[s] = []
        discarding = tuple(s for s in self._people() if self._hand[s])
        if discarding:
            self._phase = DISCARD
            self._window = open_window(discarding)
        else:
            self._refill(events)

    def _discard(self, seat: int, action: Action) -> list[Event]:
        """Before refilling, you may discard any number of cards from your hand."""
        events: list[Event] = []
        if action.__class__ is CardAction:
            f = self.game.fighters[seat]
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            hand = self._hand[seat]
            if t not in hand:
                raise self._illegal(seat, action, not_held(f, action, "your hand"))
            self._log.append((seat, action))
            hand.remove(t)
            self._disc[seat].append(t)
            events.append(Event(Ev.DISCARD, seat, {"card": action.text}))
            if hand:
                return events
        elif action == DONE:
            self._log.append((seat, action))
        else:
            raise self._illegal(seat, action, "discard a card from your hand, or done to refill")
        if self._answer(seat):
            self._refill(events)
        return events

    def _refill(self, events: list[Event]) -> None:
        """Refill to the hand limit, then resolve end-of-round effects (Power Token flips)."""
        g = self.game
        for s in self._people():
            hand = self._hand[s]
            need = g.powers[s].hand_limits[self._side[s]] - len(hand)
            if need <= 0:
                continue
            drawn: list[int] = []
            while need > 0:
                deck = self._draw[s]
                if not deck:
                    self._stagger(s, events)
                    deck = self._draw[s]
                    if not deck:
                        break
                top = deck[: -need - 1 : -1]  # the top cards, in the order drawn
                del deck[len(deck) - len(top) :]
                drawn += top
                need -= len(top)
                if not deck:  # the last card drawn: the Staggering Card shows
                    self._stagger(s, events)
            if drawn:
                hand += drawn
                hand.sort()
                codes = [g.codes[s][t] for t in drawn]
                events.append(Event(Ev.REFILL, s, {"count": len(drawn)}, ((s,), {"cards": codes})))
        for s in self._ring:
            if self._flip[s]:
                self._flip[s] = False
                self._side[s] ^= 1
                power = g.powers[s].sides[self._side[s]].name
                events.append(Event(Ev.FLIP, s, {"side": SIDES[self._side[s]], "power": power}))
        self._after_refill(events)

    # -- the end of a fight -------------------------------------------------------------

    def _end_fight(self, events: list[Event]) -> None:
        """A knocked-out fighter loses the fight; a double knock-out is a draw."""
        g = self.game
        lost = {g.team[s] for s in range(g.players) if self._ko[s]}
        winner = 1 - lost.pop() if len(lost) == 1 else -1
        if winner >= 0:
            self._wins[winner] += 1
        self._results.append(winner)
        data = {"fight": self._fight, "winner": winner, "wins": list(self._wins)}
        events.append(Event(Ev.FIGHT_OVER, None, data))
        a, b = self._wins
        played = len(self._results)
        need = g.best_of // 2 + 1
        if max(a, b) >= need or (played >= g.best_of and a != b) or played >= g.best_of * FIGHTS_PER_BEST_OF:
            self._phase = OVER
            self._window = CLOSED
            events.append(Event(Ev.END, None, self.result().to_dict()))
            return
        # Not decided (a drawn match after best_of fights gets an extra fight).
        self._fight += 1
        self._start_fight(events)

    # -- the deck -----------------------------------------------------------------------

    def _draw_one(self, s: int, events: list[Event]) -> int:
        """The top card of ``s``'s deck (-1 if there is none); the last one makes them Stagger."""
        deck = self._draw[s]
        if not deck:
            self._stagger(s, events)
            deck = self._draw[s]
            if not deck:
                return -1
        t = deck.pop()
        if not deck:
            self._stagger(s, events)
        return t

    def _stagger(self, s: int, events: list[Event]) -> None:
        """Staggering: the Staggering Card shows; the discard pile is shuffled into a new deck."""
        deck = self._disc[s]
        self._disc[s] = []
        self._chance.shuffle(deck)
        self._draw[s] = deck
        again = self._stag[s]
        self._stag[s] = True
        events.append(Event(Ev.STAGGER, s, {"deck": len(deck), "again": again}))

    # -- helpers for the game object ----------------------------------------------------

    def _cards_of(self, s: int) -> list[int]:
        """Every card of seat ``s``'s fighter, wherever it lies."""
        out = self._hand[s] + self._draw[s] + self._disc[s] + self._aside[s] + self._play[s]
        if self._choice[s] >= 0:
            out.append(self._choice[s])
        return out


class Table(NamedTuple):
    """A whole match as plain data: what positions and determinizations build states from."""

    phase: Phase
    window: Window
    fight: int
    round: int
    wins: list[int]
    results: list[int]
    ring: list[int]
    picks: list[int]
    winner: int
    seats: list[Seat]
    stacked: Any  # the stacked deck (normal form) for the fights to come, or None


def build(game: ComboFighter, chance: Chance, table: Table) -> FighterState:
    """A state holding ``table`` (no history), of the game's mode's class."""
    st = game.state_class.__new__(game.state_class)
    st.game = game
    st._chance = chance
    st._deck = table.stacked
    st._start = None
    st._log = []
    st._phase = table.phase
    st._window = table.window
    st._fight = table.fight
    st._round = table.round
    st._wins = list(table.wins)
    st._results = list(table.results)
    st._ring = list(table.ring)
    st._pick = list(table.picks)
    st._winner = table.winner
    seats = table.seats
    st._hand = [sorted(x.hand) for x in seats]
    st._draw = [list(x.draw) for x in seats]
    st._disc = [list(x.disc) for x in seats]
    st._aside = [list(x.aside) for x in seats]
    st._play = [list(x.play) for x in seats]
    st._marks = [list(x.marks) for x in seats]
    st._drawn = [list(x.drawn) for x in seats]
    st._side = [x.side for x in seats]
    st._stag = [x.stag for x in seats]
    st._dmg = [x.dmg for x in seats]
    st._ko = [x.ko for x in seats]
    st._choice = [x.choice for x in seats]
    st._retro = [x.retro for x in seats]
    st._bonus = [x.bonus for x in seats]
    st._flip = [x.flip for x in seats]
    return st


def new_state(game: ComboFighter, chance: Chance, stacked: Any) -> FighterState:
    """A new match: fight 1 set up (and, 2 vs 2, the teams' picks opened)."""
    n = game.players
    empty = Seat([], [], [], [], [], [], [], 0, False, 0, False, -1, NOT_OFFERED, 0, False)
    seats = [empty] * n
    ring = [game.teams[0][0], game.teams[1][0]]
    table = Table(PLAY, CLOSED, 1, 0, [0, 0], [], ring, [-1, -1], NO_WINNER, seats, stacked)
    st = build(game, chance, table)
    st._start_fight([])
    return st


def _distinct(cards: list[int], acts: tuple[Action, ...]) -> list[Action]:
    """The actions of the distinct cards of a sorted list."""
    out: list[Action] = []
    last = -1
    for t in cards:
        if t != last:
            out.append(acts[t])
            last = t
    return out


FighterState.HANDLERS = {
    PLAY: FighterState._commit,
    RETRO: FighterState._decide_retro,
    COMBO: FighterState._combo,
    DAMAGE: FighterState._take,
    DISCARD: FighterState._discard,
}


__all__ = ["FighterState", "Seat", "Table", "build", "new_state"]
