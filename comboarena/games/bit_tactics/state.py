"""A game of 16 Bit Tactics in progress: the state, its one constructor
(:func:`build`) and the protocol over it.

The state's fields are declared once, in :mod:`.fields`; the rules that change
them are modules of functions over the state, one per part of the rulebook:

- :mod:`.turn`: a unit's turn in small steps (move, face, one command, end);
- :mod:`.rounds`: a battle begins, its rounds and whose turn comes next
  ("Initiative", Quicken, Stop, Sap and Regen);
- :mod:`.victory`: how a battle and the game end (rout, objectives, the round limit);
- :mod:`.rewards`: XP and AP ("Rewards"), carried over in a campaign;
- :mod:`.camp`: the party's decisions between a campaign's battles;

and, over the battle's units (:class:`~.battle.Battle`), :mod:`.movement`,
:mod:`.combat`, :mod:`.features`, :mod:`.initiative` and :mod:`.battle`
itself. Views are made in :mod:`.seat_view`, positions read in :mod:`.position`,
determinizations in :mod:`.determinize`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from comboarena.core import (
    Action,
    Chance,
    Event,
    GameNotOver,
    InvariantError,
    Result,
    State,
    TurnQueue,
    check_seat,
)

from . import actions as A
from .battle import LIMIT_MAX, Battle, Unit
from .camp import camp_choices, camp_step
from .campaign import RosterUnit
from .explain import explain
from .fields import FIELDS, NO_STEPS, Steps
from .odds import action_odds
from .rounds import begin_battle
from .seat_view import view_of
from .turn import legal_steps, step, turn_to
from .victory import hp_share
from .view import BATTLE, CAMP, DRAW, NO_WINNER, OVER, Phase

if TYPE_CHECKING:
    from .game import BitTactics

_SEATS = [(s,) for s in range(8)]
_FACE = A.Face
#: the seat to act once the game is over: equal to no seat
_NOBODY = object()


class TacticsState(State):
    """A game of 16 Bit Tactics. Its fields are declared once, in :mod:`.fields`."""

    __slots__ = FIELDS.names

    game: BitTactics
    phase: Phase
    battle_index: int
    queue: TurnQueue | None
    turn: Steps
    initiative: dict[str, Any] | None
    units: Battle | None
    features: tuple[str, ...]
    roster: tuple[RosterUnit, ...]
    camp_seat: int
    winner: int
    reason: str
    rewards: dict[str, Any] | None
    legal: list[Action] | None
    attack_odds: list[dict[str, Any]] | None

    # -- protocol -------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is BATTLE:  # a battle has its units and its queue
            return _SEATS[self.units.sheets[self.queue.current].seat]  # type: ignore[union-attr]
        if phase is CAMP:
            return _SEATS[self.camp_seat]
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def battle(self) -> Battle | None:
        """The battle being fought (or the last one, once over); ``None`` at camp."""
        return self.units

    @property
    def current(self) -> int:
        """The unit whose turn it is (-1 outside a battle)."""
        return self.queue.current if self.phase is BATTLE and self.queue is not None else -1

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is BATTLE:
            if seat != self.units.sheets[self.queue.current].seat:  # type: ignore[union-attr]
                return []
        elif phase is not CAMP or seat != self.camp_seat:
            return []
        legal = self.legal
        if legal is None:
            legal = self.legal = legal_steps(self) if phase is BATTLE else camp_choices(self)
        return legal[:]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        assert isinstance(action, Action)
        phase = self.phase
        if phase is BATTLE:
            acting: object = self.units.sheets[self.queue.current].seat  # type: ignore[union-attr]
        else:
            acting = self.camp_seat if phase is CAMP else _NOBODY
        if seat != acting:  # (to_act inlined: every step comes here)
            check_seat(self.game, seat)
            why = "the game is over" if phase is OVER else f"it is seat {acting}'s turn"
            raise self._illegal(seat, action, why)
        legal = self.legal
        if legal is None:
            legal = legal_steps(self) if phase is BATTLE else camp_choices(self)
        # Legal lists hold interned actions: an identity match first, equality (by notation) else.
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            self.legal = legal
            raise self._illegal(seat, action, self.why_illegal(action))
        self._log.append((seat, action))
        self.legal = None
        self.attack_odds = None
        events: list[Event] = []
        if phase is CAMP:
            camp_step(self, action, events)
        elif action.__class__ is _FACE:
            turn_to(self, action, legal, events)  # type: ignore[arg-type]
        else:
            step(self, action, events)
        return events

    def result(self) -> Result:
        if self.phase is not OVER:
            raise GameNotOver("the battle is not over yet; result() is known at the end")
        n = self.game.players
        if self.winner == DRAW:
            return Result(tuple(range(n)), (0,) * n, (0,) * n, self.reason)
        winners = self.game.teams[self.winner]
        returns = tuple(1 if s in winners else -1 for s in range(n))
        return Result(tuple(sorted(winners)), tuple(1 if r > 0 else 0 for r in returns), returns, self.reason)

    def estimate(self) -> tuple[float, ...] | None:
        """Each seat's return as the judge at the round limit would see it now: its
        side's share of HP left minus the other side's (None between battles).

        >>> import comboarena as ca
        >>> ca.make("16-bit-tactics").new_state(seed=1).estimate()
        (0.0, 0.0)
        """
        if self.units is None or self.phase is OVER:
            return None
        shares = []
        for side in (0, 1):
            hp, most = hp_share(self.units, side)
            shares.append(hp / most if most else 0.0)
        lead = shares[0] - shares[1]
        teams = self.game.teams
        return tuple(lead if s in teams[0] else 0.0 - lead if s in teams[1] else 0.0 for s in range(self.game.players))

    def view(self, seat: int | None) -> dict[str, Any]:  # type: ignore[override]
        """Every seat sees the same (nothing is hidden) but its own ``seat``."""
        if seat is not None:
            check_seat(self.game, seat)
        return view_of(self, seat)

    def odds(self) -> list[dict[str, Any]]:
        """The acting unit's attacks now, with each target's odds (see :mod:`.odds`)."""
        if self.attack_odds is None:
            self.attack_odds = action_odds(self)
        return [
            {"action": x["action"], "targets": [{**t, "bands": dict(t["bands"])} for t in x["targets"]]}
            for x in self.attack_odds
        ]

    def odds_for_view(self) -> list[dict[str, Any]]:
        """:meth:`odds`, for a view: worked out afresh they are the view's own (nothing
        kept: a state is rarely viewed twice by the seat to act, and copying costs)."""
        if self.attack_odds is None:
            return action_odds(self)
        return self.odds()

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words (range, Line of Effect, MP, ...)."""
        return explain(self, action)

    def check_invariants(self) -> None:
        """Every unit stands on its own square (the occupancy map agrees), HP and MP within
        their bounds, Limit 0-20, statuses with turns left; a battle has its units, a state
        for each of its map's features and a turn order, the camp has none of them."""
        b = self.units
        if (b is None) != (self.phase is CAMP):
            raise InvariantError(f"phase {self.phase} with{'out' if b is None else ''} a battle's units")
        if (self.phase is BATTLE and self.queue is None) or (self.phase is CAMP and self.queue is not None):
            raise InvariantError(f"phase {self.phase} with{'out' if self.queue is None else ''} a turn order")
        if b is None:
            if self.features:
                raise InvariantError("features of a map at camp, where no battle is fought")
            return
        if len(self.features) != len(b.board.map.features):
            raise InvariantError(f"{len(self.features)} features for the {len(b.board.map.features)} of the map")
        seen: dict[int, int] = {}
        for u in b.units:
            sq = b.sq[u]
            if sq in seen:
                raise InvariantError(f"units {seen[sq]} and {u} share square {b.board.name(sq)}")
            seen[sq] = u
            if b.occ[sq] != u:
                raise InvariantError(f"the occupancy map lost unit {u} on {b.board.name(sq)}")
            if not 0 <= b.hp[u] <= b.hp_max(u) or not 0 <= b.mp[u] <= b.sheets[u].mp:
                raise InvariantError(f"unit {u} has HP {b.hp[u]} / MP {b.mp[u]} out of bounds")
            if not 0 <= b.limit[u] <= LIMIT_MAX:
                raise InvariantError(f"unit {u} has Limit {b.limit[u]}")
            if any(s.turns <= 0 for s in b.st[u]):
                raise InvariantError(f"unit {u} keeps a status with no turns left")
            if b.hp[u] <= 0 and b.st[u]:
                raise InvariantError(f"fallen unit {u} keeps statuses")
        if sum(1 for o in b.occ if o >= 0) != len(seen):
            raise InvariantError("the occupancy map holds a unit twice")


def build(
    game: BitTactics,
    chance: Chance,
    *,
    phase: Phase,
    battle_index: int,
    queue: TurnQueue | None,
    turn: Steps,
    initiative: dict[str, Any] | None,
    units: Sequence[Unit],
    features: tuple[str, ...],
    roster: tuple[RosterUnit, ...],
    camp_seat: int,
    winner: int,
    reason: str,
    rewards: dict[str, Any] | None,
) -> TacticsState:
    """A state from its parts: the deal, a position and a determinization all come here.
    ``units`` are deployed on battle ``battle_index``'s map (none at camp)."""
    battle = Battle.deploy(game.rules, game.boards[battle_index], units, features, chance) if units else None
    values = {
        "phase": phase,
        "battle_index": battle_index,
        "queue": queue,
        "turn": turn,
        "initiative": initiative,
        "units": battle,
        "features": features,
        "roster": roster,
        "camp_seat": camp_seat,
        "winner": winner,
        "reason": reason,
        "rewards": rewards,
        "legal": None,
        "attack_odds": None,
    }
    state: TacticsState = FIELDS.build(TacticsState, game, chance, values)
    return state


def new_state(game: BitTactics, chance: Chance) -> TacticsState:
    """A new game: a campaign's party at camp before its next battle, or the first battle deployed."""
    campaign = game.campaign
    s = build(
        game,
        chance,
        phase=CAMP if campaign is not None else BATTLE,
        battle_index=campaign.next - 1 if campaign is not None else 0,
        queue=None,
        turn=NO_STEPS,
        initiative=None,
        units=(),
        features=(),
        roster=campaign.roster if campaign is not None else (),
        camp_seat=0,
        winner=NO_WINNER,
        reason="",
        rewards=None,
    )
    if campaign is None:
        begin_battle(s, [])
    return s


FIELDS.install(TacticsState)

__all__ = ["TacticsState", "build", "new_state"]
