"""The rules of Combo Fighter, applied to one match in progress (1 v 1): the protocol.

A match is best of 3 fights (option ``best_of``); a fight is rounds until a
fighter is knocked out. Each round: both fighters play a card face down (one
:class:`~comboarena.core.Window` holds both seats); the reveal and the Win
Circle decide who wins; retroactive powers are offered to their owners; the
winner combos (or, on a tie, both deal Opening Damage); the damaged fighters
take damage card by card; then the end of the round (played cards discarded,
optional discards, refill, end-of-round effects).

:class:`FighterState` is written in sections, one module per part of the
rulebook (see :mod:`.base`): :mod:`.match`, :mod:`.round`, :mod:`.combos`,
:mod:`.damage`, :mod:`.end_of_round`. This module is the protocol over them:
``legal_actions`` and ``apply`` (each phase's rule that reads an action),
``view``, ``clone``, and the match as plain data (:class:`Table`, :func:`build`)
for positions and determinizations. The modes are subclasses: :mod:`.solo` and
:mod:`.tag`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from comboarena.core import Action, Chance, Event, Window, check_seat

from .actions import DECK, DONE, PASS, POWER, REST
from .base import CLOSED, COMBO, DAMAGE, DISCARD, NO_WINNER, NOT_OFFERED, OVER, PLAY, RETRO, TIE
from .combos import ComboRules
from .damage import DamageRules
from .end_of_round import EndOfRound
from .match import MatchRules
from .round import RoundRules
from .rules import damage_risks
from .view import RETRO_STATES, SIDES, FighterSeatView, FighterView, Phase

if TYPE_CHECKING:
    from .game import ComboFighter


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


class FighterState(MatchRules, RoundRules, ComboRules, DamageRules, EndOfRound):
    """A match of Combo Fighter. Per-seat zones are lists indexed by seat."""

    __slots__ = ()

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

    def _mode_actions(self, seat: int) -> list[Action]:
        """Mode hook: the legal actions of the phases a mode adds."""
        return []

    def _cards_of(self, s: int) -> list[int]:
        """Every card of seat ``s``'s fighter, wherever it lies (for the invariant)."""
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
