"""A game of c-c-c-COMBO in progress: the one state object, and the protocol over it.

The state's fields are declared once, in :mod:`.fields`. The rules are
functions over the state, one module per rulebook section; which one answers
a move is :data:`RULES` (by phase and kind of move):

========================  ===========================================================
:mod:`.setup`             The Setup: Big Players, the deal, the bases, who goes first
:mod:`.gameplay`          The Gameplay: a turn's card on a pile, a DISCARD
:mod:`.combo`             What is a COMBO?: the STACK, the reaction window, BURN/FEED
:mod:`.counter`           What is a COUNTER?: on your turn, or against a COMBO
:mod:`.draws`             drawing after a play, the Big Player's HEAL, reshuffles
:mod:`.end`               The Objective: a player without cards at a turn's end loses
========================  ===========================================================

Who owes a decision is one :class:`~comboarena.core.Window` (``owes``; ``to_act``
is its ``waiting``): both team captains before the deal, the turn player, the
three other players in a reaction window (the first COUNTER closes it), the
burning player, a Big Player deciding to draw or heal. Whose turn it is is
``turn``; turns go clockwise from the highest base.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from comboarena.core import (
    Action,
    Chance,
    Event,
    GameNotOver,
    IllegalAction,
    InvariantError,
    Result,
    State,
    Timer,
    Window,
    check_seat,
)
from comboarena.core.cards import DECK
from comboarena.core.zones import check_conserved

from . import combo, counter, draws, end, gameplay, setup
from .actions import BURN, CHOOSE, DISCARD, DRAW, HEAL, PASS, PLAY, Burn, ChooseBig, Discard, Draw, Heal, Pass, Play
from .cards import COUNTER_ON, KEY, PLAYABLE_ON
from .fields import BURNING, CHOOSE_BIG, FIELDS, HEALING, OVER, PLAY_CARD, WINDOW, Burning, Owed, Reaction
from .refusals import not_now, not_your_decision
from .seats import CAPTAINS, CLOSED, EFFECT, ONE, OTHERS, PLAYERS
from .view import PHASE_VALUES, PHASES, CccView, Phase

if TYPE_CHECKING:
    from .game import CccCombo

#: A rule answering a move: ``rule(state, seat, action) -> events`` (each takes its own kind of action).
Rule = Callable[..., list[Event]]

#: The rule that answers each kind of move, per phase (``RULES[phase][type(action)]``).
RULES: tuple[dict[type[Action], Rule], ...] = (
    {ChooseBig: setup.choose_big},
    {Play: gameplay.play, Discard: gameplay.discard},
    {Pass: combo.answer_pass, Play: counter.counter_out_of_turn},
    {Burn: combo.burn},
    {Draw: draws.draw_or_heal, Heal: draws.draw_or_heal},
    {},
)
#: Each action's word, for the refusals.
_WORD = {Play: "play", Discard: "discard", Pass: "pass", Burn: "burn", Draw: "draw", Heal: "heal", ChooseBig: "bp"}
_FULL_DECK = Counter(DECK)


class CccState(State):
    """A game of c-c-c-COMBO. Its fields are declared once, in :mod:`.fields`:
    hands in canonical card order, piles base first, the deck's top and the
    discard pile's top their last items."""

    __slots__ = FIELDS.names

    game: CccCombo
    phase: int
    big_players: tuple[int | None, int | None]
    turn: int | None
    turns: int
    hands: list[list[str]]
    piles: list[list[str]]
    discard: list[str]
    deck: list[str]
    window: Reaction | None
    burn: Burning | None
    draws: tuple[Owed, ...]
    owes: Window

    # -- protocol -------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.owes.waiting

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def reshuffles(self) -> int:
        """Times the discard pile was shuffled into a new deck: every draw of the
        chance object after the opening deal is a reshuffle."""
        return self._chance.draws - 1

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.owes.waiting:
            return []
        phase = self.phase
        hand = self.hands[seat]
        if phase == PLAY_CARD:
            # Card by card, each on the other piles clockwise (unrolled: the hottest loop of self-play).
            piles = self.piles
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
            target = self.window[0]  # type: ignore[index]
            counters = COUNTER_ON[self.piles[target][-1]]
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
        move: Action = action  # type: ignore[assignment]
        if seat not in self.owes.waiting:
            check_seat(self.game, seat)
            raise self._wrong_move(seat, move, owes=False)
        rule = RULES[self.phase].get(move.__class__)
        if rule is None:
            raise self._wrong_move(seat, move, owes=True)
        events = rule(self, seat, move)
        self._log.append((seat, move))
        return events

    def timer(self) -> Timer | None:
        """The reaction window's "3 seconds" (option ``counter_window``): a seat
        that has not answered in time passes."""
        seconds = self.game.counter_window
        if self.phase == WINDOW and seconds > 0:
            return Timer(seconds, self.owes.timer_actions(PASS))
        return None

    def view(self, seat: int | None) -> CccView:  # type: ignore[override]
        phase = self.phase
        turn = self.turn
        waiting = list(self.owes.waiting)
        v: CccView = {
            "game": "ccc-combo",
            "seat": seat,
            "players": PLAYERS,
            "phase": PHASE_VALUES[phase],
            "turn": turn,
            "turns": self.turns,
            "turn_limit": self.game.turn_limit,
            "to_act": waiting,
            "teams": [[0, 2], [1, 3]],
            "big_players": list(self.big_players),
        }
        if seat is not None:
            if seat.__class__ is not int or not 0 <= seat < PLAYERS:
                check_seat(self.game, seat)  # raises, saying which seats there are
            v["hand"] = self.hands[seat][:]
        h0, h1, h2, h3 = self.hands
        v["hand_sizes"] = [len(h0), len(h1), len(h2), len(h3)]
        p0, p1, p2, p3 = self.piles
        v["piles"] = [p0[:], p1[:], p2[:], p3[:]]
        v["discard"] = self.discard[:]
        v["deck"] = len(self.deck)
        v["reshuffles"] = self._chance.draws - 1
        window = self.window
        if window is not None and turn is not None:
            target = window[0]
            pile = self.piles[target]
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
        burning = self.burn
        v["burn"] = None if burning is None else {"seat": burning[0], "owed": burning[1]}
        v["draws"] = [list(d) for d in self.draws]
        v["over"] = phase == OVER
        return v

    def result(self) -> Result:
        outcome = end.outcome_of(self.hands, self.turns, self.game.turn_limit) if self.phase == OVER else None
        if outcome is None:
            raise GameNotOver("the game of c-c-c-COMBO is not over yet; result() is known at the end")
        losing, reason = outcome
        scores = tuple(len(h) for h in self.hands)
        if losing < 0:
            return Result(tuple(range(PLAYERS)), scores, (0,) * PLAYERS, reason)
        winners = (1 - losing, 3 - losing)
        returns = tuple(-1 if s % 2 == losing else 1 for s in range(PLAYERS))
        return Result(winners, scores, returns, reason)

    def check_invariants(self) -> None:
        """Every card is in exactly one place; a pile is one suit (its base's); a Big
        Player is on the team they serve; who acts fits the phase; ``window`` and
        ``burn`` are set in their phases only; the turn order agrees with ``turn``."""
        check_conserved(self.cards_everywhere(), _FULL_DECK)
        for seat, pile in enumerate(self.piles):
            if pile and any(c[1] != pile[0][1] for c in pile):
                raise InvariantError(f"seat {seat}'s pile {pile} mixes suits")
        for team, big in enumerate(self.big_players):
            if big is not None and big % 2 != team:
                raise InvariantError(f"team {team}'s Big Player is seat {big}, of the other team")
        phase = PHASES[self.phase]
        to_act = self.to_act
        if phase in (Phase.PLAY, Phase.BURN, Phase.HEAL) and len(to_act) != 1:
            raise InvariantError(f"phase {phase} with to_act {to_act}")
        if (self.window is not None) != (phase == Phase.WINDOW) or (self.burn is not None) != (phase == Phase.BURN):
            raise InvariantError(f"phase {phase} with window {self.window} and burn {self.burn}")
        if self.window is not None and (
            self.turn in to_act or len(self.piles[self.window[0]]) < 2 or self.window[1] != self.owes
        ):
            raise InvariantError("a reaction window without a COMBO, or open to the player of the COMBO")
        if self.burn is not None and not 0 < self.burn[1] < len(self.hands[self.burn[0]]):
            raise InvariantError("a burn decision where there is nothing to choose")
        if phase == Phase.OVER and to_act:
            raise InvariantError("seats to act after the end")
        if (self.turn is None) != (phase in (Phase.BIG_PLAYERS, Phase.OVER)):
            raise InvariantError(f"phase {phase} with turn {self.turn}")

    # -- refusals ----------------------------------------------------------------

    def refusal(self, seat: int, action: Action, why: str) -> IllegalAction:
        """The rules refuse ``action`` for ``why`` (the rule modules raise it); it adds what is legal."""
        return self._illegal(seat, action, why)

    def _wrong_move(self, seat: int, action: Action, owes: bool) -> IllegalAction:
        """Refuse a move of the wrong phase (``owes``: the seat owes a decision now) or by a seat
        that owes none, saying why from the public table (``refusals.py``) and what is legal."""
        view = self.view(None)
        word = _WORD.get(action.__class__, "")
        why = not_now(view, seat, word) if owes else not_your_decision(view, seat, word)
        return self._illegal(seat, action, why)

    # -- helpers for the game object ----------------------------------------------

    def cards_everywhere(self) -> list[str]:
        """Every card in the game, wherever it lies."""
        found = [c for h in self.hands for c in h] + [c for p in self.piles for c in p]
        return found + self.discard + self.deck


def build(
    game: CccCombo,
    chance: Chance,
    *,
    phase: int,
    big_players: tuple[int | None, int | None],
    turn: int | None,
    turns: int,
    hands: list[list[str]],
    piles: list[list[str]],
    discard: list[str],
    deck: list[str],
    window: tuple[int, tuple[int, ...]] | None = None,
    burn: Burning | None = None,
    draws: tuple[Owed, ...] = (),
    stacked: list[str] | None = None,
) -> CccState:
    """A state from its parts: the deal, a position and a determinization all come here.

    ``deck`` is top last, as the state keeps it; ``window`` is the COMBO's pile and
    the seats still to answer it (who was asked follows from the turn and the hands).
    The turn order, who acts and (once over) the result follow from the rest.
    """
    hands = [sorted(h, key=KEY) for h in hands]
    reaction: Reaction | None = None
    if phase == CHOOSE_BIG:
        owes = Window(CAPTAINS.asked, tuple(c for c in CAPTAINS.asked if big_players[c] is None))
    elif phase == PLAY_CARD:
        owes = ONE[turn]  # type: ignore[index]
    elif phase == WINDOW:
        pile, waiting = window  # type: ignore[misc]
        asked = tuple(o for o in OTHERS[turn] if hands[o])  # type: ignore[index]
        owes = Window(asked, tuple(o for o in asked if o in waiting))
        reaction = (pile, owes)
    elif phase == BURNING:
        owes = ONE[burn[0]]  # type: ignore[index]
    elif phase == HEALING:
        owes = ONE[draws[0][0]]
    else:
        owes = CLOSED
    values = {
        "phase": phase,
        "big_players": big_players,
        "turn": turn,
        "turns": turns,
        "hands": hands,
        "piles": piles,
        "discard": discard,
        "deck": deck,
        "window": reaction,
        "burn": burn,
        "draws": draws,
        "owes": owes,
    }
    state: CccState = FIELDS.build(CccState, game, chance, values, stacked)
    return state


def new_state(game: CccCombo, chance: Chance, order: list[str], stacked: list[str] | None) -> CccState:
    """A game before the deal, the deck in ``order`` (top first); deals at once
    when the Big Players are fixed by the option ``big_players``."""
    s = build(
        game,
        chance,
        phase=CHOOSE_BIG,
        big_players=(None, None),
        turn=None,
        turns=0,
        hands=[[] for _ in range(PLAYERS)],
        piles=[[] for _ in range(PLAYERS)],
        discard=[],
        deck=order[::-1],
        stacked=stacked,
    )
    if game.big_players is not None:
        s.big_players = game.big_players
        s.owes = CLOSED
        setup.deal(s, [])
    return s


FIELDS.install(CccState)

__all__ = ["RULES", "CccState", "build", "new_state"]
