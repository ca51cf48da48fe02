"""2 vs 2 (tag) mode: two teams of two fighters; one of each team is in the ring.

Rulebook, "2 vs 2 mode": at the beginning of a fight each team chooses which
of its fighters begins "in the ring"; when you win a round, your teammate may
shuffle a card from their discard pile into their Action Deck (catching their
breath), and at the end of the round you may tag out (switch places with your
teammate); the first team to knock out a single opponent wins the fight.

Teams are seats 0+2 and 1+3; the team's first seat names the starter.

Changes: ``picks``, ``ring``, ``phase`` and ``window``; the teammate's ``discard``
and ``deck`` (catching breath).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from comboarena.core import Action, Event, Window

from .actions import PASS, STAY, TAG, CardAction, Pick
from .end_of_round import end_round
from .round import start_round
from .versus import Handler, Versus
from .view import Ev, Phase
from .words import not_held

if TYPE_CHECKING:
    from .game import ComboFighter
    from .state import FighterState

PICK, BREATH, TAG_OUT = Phase.PICK, Phase.BREATH, Phase.TAG


def partner(game: ComboFighter, seat: int) -> int:
    """``seat``'s teammate."""
    team = game.teams[game.team[seat]]
    return team[1] if team[0] == seat else team[0]


def named_seat(game: ComboFighter, team: int, fighter: str) -> int:
    """The seat of ``team`` whose fighter is ``fighter`` (an id)."""
    return next(s for s in game.teams[team] if game.fighters[s].id == fighter)


# -- decisions ------------------------------------------------------------------------------


def choose_starter(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Each team chooses which fighter begins the fight in the ring."""
    g = s.game
    team = g.team[seat]
    if action.__class__ is not Pick or action not in [g.picks[x] for x in g.teams[team]]:
        names = " or ".join(g.fighters[x].id for x in g.teams[team])
        raise s.refuse(seat, action, f"send {names} into the ring")
    s.picks[team] = action.text
    events = [Event(Ev.PICK, seat, {}, (g.teams[team], {"fighter": action.text}))]
    if s.answer(seat):
        s.ring = [named_seat(g, t, pick) for t, pick in enumerate(s.picks)]  # type: ignore[arg-type]
        events.append(Event(Ev.RING, None, {"seats": list(s.ring)}))
        start_round(s, events)
    return events


def catch_breath(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Shuffle one card from your discard pile back into your deck (or pass)."""
    you = s.fighters[seat]
    f = you.sheet
    events: list[Event] = []
    if action == PASS:
        events.append(Event(Ev.PASS, seat, {}))
    elif action.__class__ is CardAction:
        t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
        disc = you.discard
        if t not in disc:
            raise s.refuse(seat, action, not_held(f, action, f"{f.name}'s discard pile"))
        del disc[len(disc) - 1 - disc[::-1].index(t)]
        deck = you.deck
        deck.insert(s.chance.stream().randrange(len(deck) + 1), t)
        events.append(Event(Ev.BREATH, seat, {"card": action.text}))
    else:
        raise s.refuse(seat, action, "shuffle a card from your discard pile into your deck, or pass")
    end_round(s, events)
    return events


def tag_out(s: FighterState, seat: int, action: Action) -> list[Event]:
    """After winning a round you may tag out (switch with your teammate)."""
    if action != TAG and action != STAY:
        raise s.refuse(seat, action, "tag out (tag) or stay in the ring (stay)")
    events: list[Event] = []
    if action == TAG:
        mate = partner(s.game, seat)
        s.ring[s.game.team[seat]] = mate
        events.append(Event(Ev.TAG, seat, {"partner": mate}))
    start_round(s, events)
    return events


class Tag(Versus):
    """A 2 vs 2 match: what changes from 1 v 1."""

    handlers: ClassVar[dict[Phase, Handler]] = {
        **Versus.handlers,
        PICK: choose_starter,
        BREATH: catch_breath,
        TAG_OUT: tag_out,
    }

    def open_fight(self, s: FighterState, events: list[Event]) -> None:
        """Each team chooses, in secret and at once, who begins the fight in the ring."""
        g = s.game
        s.picks = [None, None]
        s.phase = PICK
        s.window = Window.open((g.teams[0][0], g.teams[1][0]))

    def before_end_round(self, s: FighterState, events: list[Event]) -> None:
        """The winner's teammate catches their breath first (if their discard pile holds a card)."""
        w = s.round_winner
        if w >= 0:
            mate = partner(s.game, w)
            if s.fighters[mate].discard:
                s.phase = BREATH
                s.window = Window.one(mate)
                return
        end_round(s, events)

    def after_refill(self, s: FighterState, events: list[Event]) -> None:
        """The round's winner may tag out before the next round."""
        w = s.round_winner
        if w >= 0:
            s.phase = TAG_OUT
            s.window = Window.one(w)
            return
        start_round(s, events)

    def mode_actions(self, s: FighterState, seat: int) -> list[Action]:
        phase = s.phase
        g = s.game
        if phase is BREATH:
            out = [g.acts[seat][t] for t in sorted(set(s.fighters[seat].discard))]
            out.append(PASS)
            return out
        if phase is TAG_OUT:
            return [TAG, STAY]
        if phase is PICK:
            return [g.picks[x] for x in g.teams[g.team[seat]]]
        return []


__all__ = ["Tag", "catch_breath", "choose_starter", "named_seat", "partner", "tag_out"]
