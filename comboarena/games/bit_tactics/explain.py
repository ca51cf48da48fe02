"""Why an action is not legal now, in words: the range, the Line of Effect, the
MP, the status that forbids it, the step already taken."""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action

from . import actions as A
from .battle import LIMIT_READY
from .content import pack
from .statuses import DISABLED, IMMOBILIZE, SKILLS, STOP
from .targeting import ability_problem, fight_problem, wants
from .units import MONSTER
from .view import BATTLE, CAMP

if TYPE_CHECKING:
    from .state import TacticsState


def explain(state: TacticsState, action: Action) -> str:
    if state.phase is CAMP:
        if isinstance(action, A.CampAction):
            return _camp(state, action)
        return "the party is at camp between battles: make camp decisions (job, learn, equip ...) or say ready"
    if state.phase is not BATTLE:
        return "the game is over"
    if isinstance(action, A.CampAction | A.Ready):
        return "camp decisions are made between the battles of a campaign"
    b = state.units
    assert b is not None
    u = state.current
    moved, acted, faced = state.turn
    board = b.board
    if isinstance(action, A.Move):
        if moved:
            return "you have already moved this turn"
        if acted and b.rules.move_first:
            return "under turn=move-first you cannot move after acting"
        if b.has(u, STOP) or b.has(u, IMMOBILIZE):
            return "you cannot move: " + ("Stop" if b.has(u, STOP) else "Immobilize")
        try:
            t = board.sq(action.square)
        except ValueError as exc:
            return str(exc)
        if b.occ[t] >= 0 and t != b.sq[u]:
            return f"{action.square} is taken"
        return (
            f"{action.square} is out of reach this turn (MOV {b.mov(u)}, Jump {b.sheets[u].jump}, terrain and height)"
        )
    if isinstance(action, A.Face):
        if not moved:
            return "a unit turns freely at the end of its movement: move first (attacking also turns you)"
        if faced:
            return "you have turned already this turn"
        return f"you already face {action.direction}"
    if not isinstance(action, A.Command):
        return "that is not a battle action"
    if acted:
        return "you have already used a command this turn"
    if b.has(u, STOP) or b.has(u, DISABLED):
        return "you cannot act: " + ("Stop" if b.has(u, STOP) else "Disabled")
    try:
        t = board.sq(action.square)
    except ValueError as exc:
        return str(exc)
    p = pack()
    s = b.sheets[u]
    verb = action.verb
    if verb == "fight":
        return fight_problem(b, u, t) or "that target cannot be fought now"
    if verb == "guard":
        v = b.unit_at(t)
        if v < 0 or b.sheets[v].side != s.side:
            return "guard yourself or an ally"
        return "guard yourself or an ally next to you (AE1)"
    if verb == "limit":
        if b.limit[u] < LIMIT_READY:
            return f"a Limit Attack needs 10 Limit; you have {b.limit[u]}"
        if action.what:
            return _ability(state, u, action.what, t, magic_limit=True)
        if s.kind == MONSTER and not b.may_use(u, p.abilities[s.limit]):
            return f"Silence: you may not cast spells ({p.abilities[s.limit].name} is one)"
        return fight_problem(b, u, t) or "a Limit Attack cannot reach that target"
    if verb in ("ja", "magic"):
        return _ability(state, u, action.what, t, off=action.off)
    if verb == "item":
        have = dict(b.inv[u])
        if action.what not in have:
            carried = ", ".join(have) or "nothing"
            return f"you carry no {action.what} (you carry: {carried})"
        return f"items are used on yourself or an ally next to you; {action.what} cannot be used on {action.square}"
    if verb == "skill":
        if action.what not in SKILLS:
            return f"skills are {', '.join(SKILLS)}"
        return f"there is no {action.what} puzzle on {action.square} next to you"
    del p
    return "not allowed now"


def _ability(state: TacticsState, u: int, what: str, t: int, off: bool = False, magic_limit: bool = False) -> str:
    b = state.units
    assert b is not None
    p = pack()
    if what not in p.ability_index:
        return f"there is no ability or spell {what!r}"
    ab = p.ability(what)
    i = p.ability_index[what]
    s = b.sheets[u]
    if i not in s.actives:
        return f"{s.build.name} does not know {ab.name} (or it is not on its primary or secondary job's list)"
    if not b.may_use(u, ab):
        return "Silence: you may not cast spells"
    if ab.mp > b.mp[u]:
        return f"{ab.name} costs {ab.mp} MP; you have {b.mp[u]}"
    weapons = b.weapons(u)
    if off and (len(weapons) < 2 or not ab.weapon):
        return "'off' uses the second weapon of a unit with two weapons, for a weapon ability"
    w = weapons[1 if off else 0] if ab.weapon else None
    return ability_problem(b, u, ab, t, w) or wants(b, u, ab, t, magic_limit) or "not allowed now"


def _camp(state: TacticsState, action: A.CampAction) -> str:
    p = pack()
    names = [r.name for r in state.roster]
    if action.unit not in names:
        return f"no party member {action.unit!r} (the party: {', '.join(names)})"
    r = next(x for x in state.roster if x.name == action.unit)
    if action.verb == "learn":
        if action.what not in p.ability_index:
            return f"there is no ability {action.what!r}"
        ab = p.ability(action.what)
        if action.what in r.learned:
            return f"{r.name} already knows {ab.name}"
        if p.ability_index[action.what] not in p.jobs[r.job].abilities:
            return f"{ab.name} is not on the {p.jobs[r.job].name}'s list; change job to learn it"
        return f"{ab.name} costs {ab.ap} AP; {r.name} has {r.ap_of(r.job)} AP as a {p.jobs[r.job].name}"
    if action.verb in ("job", "secondary") and action.what not in p.jobs and action.what != "none":
        return f"there is no job {action.what!r} (jobs: {', '.join(p.jobs)})"
    if action.verb == "secondary":
        return "a secondary job must be another job of which the unit has learned an ability"
    if action.verb in ("equip", "remove"):
        return "equip a learned reaction, support or movement ability; remove one that is equipped"
    return f"{r.name} is a {p.jobs[r.job].name} already" if action.what == r.job else "not a camp decision for now"


__all__ = ["explain"]
