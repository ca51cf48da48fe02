"""A unit's turn in small steps (rulebook "Battle Commands", "Facing").

A reading (the rulebook lists commands, not a turn shape): a unit may move once
(up to its MOV) and use one command, in either order (option
``turn=move-first``: moving first), turn freely once at the end of its move ("A
character may choose to change facing freely at the end of their movement"; a
unit that does not move keeps its facing, unless it attacks), and ``end``. A
turn with nothing left to do but ``end`` ends by itself.

Changes the state's ``turn`` (the steps taken), ``queue`` (Quicken's extra
turns), ``features`` (a skill puzzle) and ``legal``, and the battle's units
through the rule modules of each command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event

from . import actions as A
from .battle import LIMIT_READY, Battle
from .combat import fight, guard, use_ability, use_item
from .content import MAGICAL, pack
from .fasttargets import AIM_SELF, AIM_WEAPON, ITEM_FALLEN, ITEM_NONE, ITEM_SELF, Targets, item_use, plan
from .features import skill_targets, use_skill
from .fields import Steps
from .movement import move, reachable
from .rounds import end_turn, next_turn
from .statuses import SKILLS
from .units import MONSTER
from .victory import check_battle_end
from .view import EV_ACT, EV_FACE, EV_LIMIT

if TYPE_CHECKING:
    from .state import TacticsState

#: the ``face`` actions other than the facing kept, per facing
_OTHER_FACES = tuple(tuple(A.FACES[d] for i, d in enumerate("nesw") if i != facing) for facing in range(4))


def legal_steps(s: TacticsState) -> list[Action]:
    """The acting unit's choices now: a move, its commands, a free turn after moving, ``end``."""
    b = s.units
    assert b is not None and s.queue is not None
    u = s.queue.current
    moved, acted, faced = s.turn
    out: list[Action] = []
    if not moved and not (acted and b.rules.move_first):
        moves = b.board.moves
        out += map(moves.__getitem__, reachable(b, u))
    if not acted and b.can_act(u):
        out += commands(b, u, s.features)
    if moved and not faced:  # "change facing freely at the end of their movement"
        out += _OTHER_FACES[b.face[u]]
    out.append(A.END)
    return out


def commands(b: Battle, u: int, features: tuple[str, ...]) -> list[Action]:
    """Every command ``u`` may use now, at every target it may aim it at."""
    board = b.board
    cmd = board.commands
    pl = plan(b, u)
    tg = Targets(b, u)
    fights = tg.fight(pl)
    out: list[Action] = []
    if fights:
        out += map(pl.fight.__getitem__, fights)
    mp = b.mp[u]
    ability = tg.ability
    for cost, ab, wi, aim, table in pl.jas:
        if cost <= mp:
            if aim == AIM_WEAPON:
                ts = tg.hits_with(pl, wi)
            elif aim == AIM_SELF:
                ts = [tg.a]
            else:
                ts = ability(ab, pl.weapons[wi] if wi >= 0 else None, False, pl.specs[wi] if wi >= 0 else None)
            if ts:
                out += map(table.__getitem__, ts)
    cast = b.can_cast(u)
    if cast:
        for cost, ab, aim, table in pl.spells:
            if cost <= mp:
                ts = [tg.a] if aim == AIM_SELF else ability(ab, None)
                if ts:
                    out += map(table.__getitem__, ts)
    if b.inv[u]:
        uses = pl.items
        for item, _ in b.inv[u]:
            use = uses.get(item)
            if use is None:  # an item the unit did not carry when it took up this loadout
                use = item_use(b, u, item)
            if use == ITEM_NONE:
                continue
            ts = [tg.a] if use == ITEM_SELF else tg.items(True) if use == ITEM_FALLEN else tg.near()
            if ts:
                out += map(cmd("item", item).__getitem__, ts)
    ts = tg.near()
    if ts:
        out += map(pl.guard.__getitem__, ts)
    if b.limit[u] >= LIMIT_READY:
        abilities = pack().abilities
        sheet = b.sheets[u]
        table = cmd("limit")
        if sheet.kind == MONSTER:
            ab = abilities[sheet.limit]
            w = pl.weapons[0] if ab.weapon else None
            out += [table[t] for t in ability(ab, w, magic_limit=ab.attack == MAGICAL)]
        else:
            out += [table[t] for t in fights]
            if cast:
                for cost, ab, _, _ in pl.spells:
                    if cost <= mp and ab.attack == MAGICAL:
                        table = cmd("limit", ab.id)
                        out += [table[t] for t in ability(ab, None, magic_limit=True)]
    if board.map.features:
        out += [cmd("skill", SKILLS[k])[t] for k, t in skill_targets(b, u, features)]
    return out


def step(s: TacticsState, action: Action, events: list[Event]) -> None:
    """Take one step of the acting unit's turn (a ``face`` after the move: :func:`turn_to`)."""
    b = s.units
    assert b is not None and s.queue is not None
    u = s.queue.current
    seat = b.sheets[u].seat
    cls = action.__class__
    if cls is not A.Move:
        b.reach = None  # the last movement search is only good for the move it was made for
    if cls is A.End:
        end_turn(s, u, events)
        return
    t = s.turn
    if cls is A.Move:
        move(b, u, b.board.sq(action.square), events)  # type: ignore[attr-defined]
        b.reach = None
        s.turn = Steps(True, t.acted, False)  # "change facing freely at the end of their movement"
    elif cls is A.Face:
        d = "nesw".index(action.direction)  # type: ignore[attr-defined]
        b.face[u] = d
        s.turn = Steps(t.moved, t.acted, True)
        events.append(Event(EV_FACE, seat, {"unit": u, "facing": action.direction, "why": "turn"}))  # type: ignore[attr-defined]
    else:
        assert isinstance(action, A.Command)
        s.turn = Steps(t.moved, True, t.faced)
        command(s, b, u, action, events)
    if check_battle_end(s, events):
        return
    if b.hp[u] <= 0:
        next_turn(s, events)  # fallen during its own turn (a counter-attack, a slip)
        return
    if only_end(s):
        end_turn(s, u, events, done=True)


def turn_to(s: TacticsState, action: A.Face, before: list[Action], events: list[Event]) -> None:
    """``face``: nothing but the facing changes, so the other choices stay as they were."""
    b = s.units
    assert b is not None and s.queue is not None
    u = s.queue.current
    t = s.turn
    b.reach = b.reach if not t.moved else None
    b.face[u] = "nesw".index(action.direction)
    s.turn = Steps(t.moved, t.acted, True)
    events.append(Event(EV_FACE, b.sheets[u].seat, {"unit": u, "facing": action.direction, "why": "turn"}))
    face = A.Face
    s.legal = [a for a in before if a.__class__ is not face]
    if len(s.legal) == 1:
        end_turn(s, u, events, done=True)


def only_end(s: TacticsState) -> bool:
    """Whether nothing is left to do but ``end`` (the choices are kept for the next ask)."""
    legal = legal_steps(s)
    s.legal = legal
    return len(legal) == 1


def command(s: TacticsState, b: Battle, u: int, c: A.Command, events: list[Event]) -> None:
    """Use one command (rulebook "Battle Commands"): Fight, JA, Magic, Item, Guard, a
    skill puzzle, or a Limit Attack ("Limit and Limit Attacks")."""
    p = pack()
    t = b.board.sq(c.square)
    verb = c.verb
    events.append(
        Event(
            EV_ACT,
            b.sheets[u].seat,
            {"unit": u, "command": verb, "ability": c.what, "target": c.square, "off": c.off},
        )
    )
    quickened: list[int] = []
    if verb == "fight":
        fight(b, u, t, False, events)
    elif verb in ("ja", "magic"):
        quickened = use_ability(b, u, p.ability(c.what), t, c.off, False, events)
    elif verb == "item":
        use_item(b, u, c.what, t, events)
    elif verb == "guard":
        guard(b, u, t, events)
    elif verb == "skill":
        s.features = use_skill(b, u, SKILLS.index(c.what), t, s.features, events)
    elif verb == "limit":
        # "A PC or monster with 10+ Limit may expend all their Limit to make a Limit Attack."
        spent = b.limit[u]
        b.limit[u] = 0
        events.append(Event(EV_LIMIT, b.sheets[u].seat, {"unit": u, "limit": 0, "change": -spent}))
        sheet = b.sheets[u]
        if c.what:
            use_ability(b, u, p.ability(c.what), t, False, True, events)
        elif sheet.kind == MONSTER:
            use_ability(b, u, p.abilities[sheet.limit], t, False, True, events)
        else:
            fight(b, u, t, True, events)
    for v in quickened:
        # "Quicken: Immediately take a turn after the currently acting character finishes their turn."
        assert s.queue is not None
        s.queue = s.queue.insert_next(v)


__all__ = ["command", "commands", "legal_steps", "only_end", "step", "turn_to"]
