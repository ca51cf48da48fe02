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

from typing import TYPE_CHECKING, cast

from comboarena.core import Action, Event

from . import actions as A
from .battle import LIMIT_READY, NO_ACT, Battle
from .combat import fight, guard, use_ability, use_item
from .content import MAGICAL, pack
from .fasttargets import AIM_SELF, AIM_WEAPON, ITEM_FALLEN, ITEM_NONE, ITEM_SELF, Plan, Targets, item_use, plan
from .features import skill_targets, use_skill
from .fields import Steps
from .movement import move, reachable
from .rounds import end_turn, next_turn
from .statuses import SILENCE, SKILLS
from .units import MONSTER
from .victory import check_battle_end
from .view import EV_ACT, EV_FACE, EV_LIMIT

if TYPE_CHECKING:
    from .state import TacticsState

_END = A.END
_MOVE = A.Move
_ENDING = A.End
#: every :class:`~.fields.Steps` by (moved, acted, faced), made once
_STEPS = {(m, a, f): Steps(m, a, f) for m in (False, True) for a in (False, True) for f in (False, True)}

#: the ``face`` actions other than the facing kept, per facing
_OTHER_FACES = tuple(tuple(A.FACES[d] for i, d in enumerate("nesw") if i != facing) for facing in range(4))


def legal_steps(s: TacticsState) -> list[Action]:
    """The acting unit's choices now: a move, its commands, a free turn after moving, ``end``."""
    b: Battle = s.units  # type: ignore[assignment]
    u = s.queue.current  # type: ignore[union-attr]
    moved, acted, faced = s.turn
    if not moved and not (acted and b.rules.move_first):
        out = list(map(b.board.moves.__getitem__, reachable(b, u)))
    else:
        out = []
    if not acted and not b.sm[u] & NO_ACT:  # (Battle.can_act)
        out += commands(b, u, s.features)
    if moved and not faced:  # "change facing freely at the end of their movement"
        out += _OTHER_FACES[b.face[u]]
    out.append(_END)
    return out


def commands(b: Battle, u: int, features: tuple[str, ...]) -> list[Action]:
    """Every command ``u`` may use now, at every target it may aim it at."""
    board = b.board
    pl: Plan | None = b.memo.get((u, b.eq[u]))  # type: ignore[assignment]  # (plan(b, u), inlined)
    if pl is None:
        pl = plan(b, u)
    tg = Targets(b, u)
    # Target lists here may be the ones ``tg`` keeps (read, never changed).
    fights = tg.fights(pl)
    out: list[Action] = list(map(pl.fight.__getitem__, fights)) if fights else []
    mp = b.mp[u]
    ability = tg.ability
    kept = tg.kept
    found = tg.found
    ts: list[int] | None
    for cost, ab, wi, aim, table, key in pl.jas:
        if cost <= mp:
            if aim == AIM_WEAPON:
                ts = tg.hits_with(pl, wi)
            elif aim == AIM_SELF:
                ts = [tg.a]
            elif key is not None:
                ts = found.get(key)  # (kept(key, ab), the dictionary read inlined)
                if ts is None:
                    ts = kept(key, ab)
            else:
                ts = ability(ab, pl.weapons[wi] if wi >= 0 else None, False, pl.specs[wi] if wi >= 0 else None)
            if ts:
                out += map(table.__getitem__, ts)
    cast = not (b.sm[u] >> SILENCE) & 1  # (Battle.can_cast)
    if cast:
        for cost, ab, aim, table, key in pl.spells:
            if cost <= mp:
                if aim == AIM_SELF:
                    ts = [tg.a]
                elif key is not None:
                    ts = found.get(key)
                    if ts is None:
                        ts = kept(key, ab)
                else:
                    ts = ability(ab, None)
                if ts:
                    out += map(table.__getitem__, ts)
    inv = b.inv[u]
    if inv:
        uses = pl.items
        tables = pl.item_actions
        for item, _ in inv:
            use = uses.get(item)
            if use is None:  # an item the unit did not carry when it took up this loadout
                use = item_use(b, u, item)
            if use == ITEM_NONE:
                continue
            ts = [tg.a] if use == ITEM_SELF else tg.items(True) if use == ITEM_FALLEN else tg.near()
            if ts:
                got = tables.get(item)
                out += map((got if got is not None else board.commands("item", item)).__getitem__, ts)
    ts = tg.near()
    if ts:
        out += map(pl.guard.__getitem__, ts)
    if b.limit[u] >= LIMIT_READY:
        cmd = board.commands
        abilities = pack().abilities
        sheet = b.sheets[u]
        table = cmd("limit")
        if sheet.kind == MONSTER:
            ab = abilities[sheet.limit]
            if cast or ab.kind != "spell":  # "Silence: Target may not cast spells", its own Limit spell too
                w = pl.weapons[0] if ab.weapon else None
                out += [table[t] for t in ability(ab, w, magic_limit=ab.attack == MAGICAL)]
        else:
            out += [table[t] for t in fights]
            if cast:
                for cost, ab, _, _, _ in pl.spells:
                    if cost <= mp and ab.attack == MAGICAL:
                        table = cmd("limit", ab.id)
                        out += [table[t] for t in ability(ab, None, magic_limit=True)]
    if board.map.features:
        cmd = board.commands
        out += [cmd("skill", SKILLS[k])[t] for k, t in skill_targets(b, u, features)]
    return out


def step(s: TacticsState, action: Action, events: list[Event]) -> None:
    """Take one step of the acting unit's turn (a ``face`` after the move: :func:`turn_to`)."""
    b: Battle = s.units  # type: ignore[assignment]
    u = s.queue.current  # type: ignore[union-attr]
    cls = action.__class__
    if cls is _ENDING:
        b.reach = None  # the last movement search is only good for the move it was made for
        end_turn(s, u, events)
        return
    t = s.turn
    if cls is _MOVE:
        move(b, u, b.board.sq(action.square), events)  # type: ignore[attr-defined]
        b.reach = None
        s.turn = _STEPS[True, t.acted, False]  # "change facing freely at the end of their movement"
    else:
        b.reach = None
        if cls is A.Face:
            b.face[u] = "nesw".index(action.direction)  # type: ignore[attr-defined]
            s.turn = _STEPS[t.moved, t.acted, True]
            seat = b.sheets[u].seat
            events.append(Event(EV_FACE, seat, {"unit": u, "facing": action.direction, "why": "turn"}))  # type: ignore[attr-defined]
        else:
            s.turn = _STEPS[t.moved, True, t.faced]
            command(s, b, u, cast(A.Command, action), events)  # legal, and neither a move nor a face
    if check_battle_end(s, events):
        return
    if b.hp[u] <= 0:
        next_turn(s, events)  # fallen during its own turn (a counter-attack, a slip)
        return
    if cls is _MOVE:
        # The free turn after the move is left, so the turn goes on: its choices are worked
        # out when asked for (a search's rollout may stop here and never ask).
        return
    legal = s.legal = legal_steps(s)  # kept for the next ask
    if len(legal) == 1:  # nothing left to do but ``end``
        end_turn(s, u, events, done=True)


def turn_to(s: TacticsState, action: A.Face, before: list[Action], events: list[Event]) -> None:
    """``face``: nothing but the facing changes, so the other choices stay as they were."""
    b: Battle = s.units  # type: ignore[assignment]
    u = s.queue.current  # type: ignore[union-attr]
    t = s.turn
    if t.moved:
        b.reach = None
    b.face[u] = "nesw".index(action.direction)
    s.turn = _STEPS[t.moved, t.acted, True]
    events.append(Event(EV_FACE, b.sheets[u].seat, {"unit": u, "facing": action.direction, "why": "turn"}))
    # Facing is a choice only after the move, so ``before`` is the commands, the three
    # other facings and ``end`` (see :func:`legal_steps`).
    legal = s.legal = before[:-4]
    legal.append(_END)
    if len(legal) == 1:
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
