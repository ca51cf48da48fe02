"""The camp between the battles of a campaign (rulebook "XP & AP": "To earn AP for a
new job the character must change jobs between battles"; "The amount of AP needed
to purchase a new ability is noted on the job sheet").

Each seat of the party, in turn, decides for its party members: change job,
choose a secondary job, learn an ability with the AP of the current job, equip
or remove a reaction, support or movement ability; then ``ready``. When every
seat is ready the next battle begins (:func:`.rounds.begin_battle`).

Changes the state's ``roster`` and ``camp_seat``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event

from . import actions as A
from .campaign import RosterUnit, learnable, secondary_jobs
from .content import PASSIVE, pack
from .rounds import begin_battle
from .view import EV_CAMP

if TYPE_CHECKING:
    from .state import TacticsState


def camp_units(s: TacticsState) -> list[RosterUnit]:
    """The party members the deciding seat plays (unit *i* to seat *i* mod (players - 1))."""
    k = s.game.players - 1
    return [r for i, r in enumerate(s.roster) if i % k == s.camp_seat]


def camp_choices(s: TacticsState) -> list[Action]:
    """The deciding seat's camp decisions, then ``ready``."""
    p = pack()
    out: list[Action] = []
    for r in camp_units(s):
        out += [A.camp("job", r.name, j) for j in p.jobs if j != r.job]
        sec = secondary_jobs(r)
        out += [A.camp("secondary", r.name, j) for j in sec if j != r.secondary]
        if r.secondary:
            out.append(A.camp("secondary", r.name, "none"))
        out += [A.camp("learn", r.name, a) for a in learnable(r)]
        for a in r.learned:
            ab = p.ability(a)
            if ab.kind in PASSIVE:
                equipped = getattr(r, ab.kind) == a
                out.append(A.camp("remove" if equipped else "equip", r.name, a))
    out.append(A.READY)
    return out


def camp_step(s: TacticsState, action: Action, events: list[Event]) -> None:
    """Make one camp decision (or ``ready``: the next seat decides, or the battle begins)."""
    p = pack()
    if action is A.READY:
        events.append(Event(EV_CAMP, s.camp_seat, {"unit": None, "action": "ready", "what": ""}))
        k = s.game.players - 1
        s.camp_seat += 1
        if s.camp_seat >= min(k, len(s.roster)):
            begin_battle(s, events)
        return
    assert isinstance(action, A.CampAction)
    roster = list(s.roster)
    i = next(i for i, r in enumerate(roster) if r.name == action.unit)
    r = roster[i]
    verb, what = action.verb, action.what
    if verb == "job":
        # "To earn AP for a new job the character must change jobs between battles."
        r = r._replace(job=what, secondary="" if r.secondary == what else r.secondary)
    elif verb == "secondary":
        r = r._replace(secondary="" if what == "none" else what)
    elif verb == "learn":
        ab = p.ability(what)
        ap = dict(r.ap)
        ap[r.job] -= ab.ap
        order = list(p.jobs)
        r = r._replace(learned=(*r.learned, what), ap=tuple((j, ap[j]) for j in order if ap.get(j)))
    elif verb in ("equip", "remove"):
        slot = p.ability(what).kind
        value = what if verb == "equip" else ""
        r = r._replace(
            reaction=value if slot == "reaction" else r.reaction,
            support=value if slot == "support" else r.support,
            movement=value if slot == "movement" else r.movement,
        )
    roster[i] = r
    s.roster = tuple(roster)
    events.append(Event(EV_CAMP, s.camp_seat, {"unit": r.name, "action": verb, "what": what}))


__all__ = ["camp_choices", "camp_step", "camp_units"]
