"""What every section of the rules shares: the fields of a match, its constants and
a few queries.

:class:`~.state.FighterState` is one class written in sections, one module per
part of the rulebook, each a mixin of :class:`FighterBase` (which holds the one
``__slots__``):

- :mod:`.match`: the fight and the match (setup, end of a fight, best of 3);
- :mod:`.round`: a round up to the Win Circle's verdict (face-down plays, the
  reveal, retroactive powers);
- :mod:`.combos`: combos and Signature Combos, and dealing their damage;
- :mod:`.damage`: taking damage, knock-outs and Staggering;
- :mod:`.end_of_round`: discards, refill and end-of-round effects (token flips);
- :mod:`.state`: the protocol (``legal_actions``, ``apply``, ``view``, ``clone``...).

The modes are subclasses of ``FighterState`` that override the methods marked
"mode hook" (their versus behaviour is in the section they belong to):
:mod:`.solo` (the rulebook's AI plays seat 1) and :mod:`.tag` (2 vs 2).

Cards are kept as card *types* (small ints indexing the fighter's tables); a
fighter's deck is a list whose top is the last item.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event, State, Window

from .content import ATTACK
from .view import DamageHow, KoWhy, Phase
from .words import PHASE_WORDS

if TYPE_CHECKING:
    from .content import Retro
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


class FighterBase(State):
    """The fields of a match of Combo Fighter. Per-seat zones are lists indexed by seat."""

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

    if TYPE_CHECKING:
        # Where one section of the rules hands over to another (each defined in its
        # section's module; declared here so that each section type-checks alone).

        def _start_round(self, events: list[Event]) -> None: ...  # .round
        def _use_retro(self, seat: int, retro: Retro, events: list[Event]) -> None: ...  # .round
        def _winner_plays(self, w: int, events: list[Event]) -> None: ...  # .round
        def _deal(self, hits: list[tuple[int, int, int, DamageHow]], events: list[Event]) -> None: ...  # .damage
        def _knock_out(self, s: int, events: list[Event], why: KoWhy) -> None: ...  # .damage
        def _end_hit(self, s: int, events: list[Event]) -> None: ...  # .damage
        def _draw_one(self, s: int, events: list[Event]) -> int: ...  # .damage
        def _stagger(self, s: int, events: list[Event]) -> None: ...  # .damage
        def _before_end_round(self, events: list[Event]) -> None: ...  # .end_of_round
        def _end_round(self, events: list[Event]) -> None: ...  # .end_of_round
        def _start_fight(self, events: list[Event]) -> None: ...  # .match
        def _end_fight(self, events: list[Event]) -> None: ...  # .match


__all__ = [
    "BREATH",
    "CLOSED",
    "COMBO",
    "DAMAGE",
    "DECLINED",
    "DISCARD",
    "FIGHTS_PER_BEST_OF",
    "MAX_ROUNDS",
    "NOT_OFFERED",
    "NO_WINNER",
    "OFFERED",
    "OVER",
    "PICK",
    "PLAY",
    "RETRO",
    "TAG_OUT",
    "TIE",
    "USED",
    "FighterBase",
    "open_window",
]
