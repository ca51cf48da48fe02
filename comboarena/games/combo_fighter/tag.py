"""2 vs 2 (tag) mode: two teams of two fighters; one of each team is in the ring.

Rulebook, "2 vs 2 mode": at the beginning of a fight each team chooses which
of its fighters begins "in the ring"; when you win a round, your teammate may
shuffle a card from their discard pile into their Action Deck (catching their
breath), and at the end of the round you may tag out (switch places with your
teammate); the first team to knock out a single opponent wins the fight.

Teams are seats 0+2 and 1+3; the team's first seat names the starter.
"""

from __future__ import annotations

from comboarena.core import Action, Event, Window

from .actions import PASS, STAY, TAG, CardAction, Pick
from .base import BREATH, PICK, TAG_OUT, open_window
from .state import FighterState
from .view import Ev
from .words import not_held


class TagState(FighterState):
    """A 2 vs 2 match."""

    __slots__ = ()

    def _partner(self, seat: int) -> int:
        team = self.game.teams[self.game.team[seat]]
        return team[1] if team[0] == seat else team[0]

    # -- mode hooks ----------------------------------------------------------------------

    def _open_fight(self, events: list[Event]) -> None:
        """Each team chooses, in secret and at once, who begins the fight in the ring."""
        g = self.game
        self._pick = [-1, -1]
        self._phase = PICK
        self._window = open_window((g.teams[0][0], g.teams[1][0]))

    def _before_end_round(self, events: list[Event]) -> None:
        w = self._winner
        if w >= 0 and self._disc[self._partner(w)]:
            # The winner's teammate catches their breath.
            self._phase = BREATH
            self._window = Window.one(self._partner(w))
            return
        self._end_round(events)

    def _after_refill(self, events: list[Event]) -> None:
        w = self._winner
        if w >= 0:
            self._phase = TAG_OUT
            self._window = Window.one(w)
            return
        self._start_round(events)

    def _mode_actions(self, seat: int) -> list[Action]:
        phase = self._phase
        g = self.game
        if phase is BREATH:
            out = [g.acts[seat][t] for t in sorted(set(self._disc[seat]))]
            out.append(PASS)
            return out
        if phase is TAG_OUT:
            return [TAG, STAY]
        if phase is PICK:
            return [g.picks[s] for s in g.teams[g.team[seat]]]
        return []

    # -- decisions -----------------------------------------------------------------------

    def _breath(self, seat: int, action: Action) -> list[Event]:
        """Shuffle one card from your discard pile back into your deck (or pass)."""
        f = self.game.fighters[seat]
        events: list[Event] = []
        if action == PASS:
            self._log.append((seat, action))
            events.append(Event(Ev.PASS, seat, {}))
        elif action.__class__ is CardAction:
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            disc = self._disc[seat]
            if t not in disc:
                raise self._illegal(seat, action, not_held(f, action, f"{f.name}'s discard pile"))
            self._log.append((seat, action))
            del disc[len(disc) - 1 - disc[::-1].index(t)]
            deck = self._draw[seat]
            deck.insert(self._chance.stream().randrange(len(deck) + 1), t)
            events.append(Event(Ev.BREATH, seat, {"card": action.text}))
        else:
            raise self._illegal(seat, action, "shuffle a card from your discard pile into your deck, or pass")
        self._end_round(events)
        return events

    def _tag(self, seat: int, action: Action) -> list[Event]:
        """After winning a round you may tag out (switch with your teammate)."""
        if action != TAG and action != STAY:
            raise self._illegal(seat, action, "tag out (tag) or stay in the ring (stay)")
        self._log.append((seat, action))
        events: list[Event] = []
        if action == TAG:
            mate = self._partner(seat)
            self._ring[self.game.team[seat]] = mate
            events.append(Event(Ev.TAG, seat, {"partner": mate}))
        self._start_round(events)
        return events

    def _choose_starter(self, seat: int, action: Action) -> list[Event]:
        """Each team chooses which fighter begins the fight in the ring."""
        g = self.game
        team = g.team[seat]
        if action.__class__ is not Pick or action not in [g.picks[s] for s in g.teams[team]]:
            names = " or ".join(g.fighters[s].id for s in g.teams[team])
            raise self._illegal(seat, action, f"send {names} into the ring")
        self._log.append((seat, action))
        self._pick[team] = next(s for s in g.teams[team] if g.picks[s] == action)
        events = [Event(Ev.PICK, seat, {}, (g.teams[team], {"fighter": action.text}))]
        if self._answer(seat):
            self._ring = self._pick[:]
            events.append(Event(Ev.RING, None, {"seats": list(self._ring)}))
            self._start_round(events)
        return events


TagState.HANDLERS = {
    **FighterState.HANDLERS,
    PICK: TagState._choose_starter,
    BREATH: TagState._breath,
    TAG_OUT: TagState._tag,
}

__all__ = ["TagState"]
