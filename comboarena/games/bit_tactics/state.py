"""A game of 16 Bit Tactics in progress: battles, turns in initiative order,
the small steps of a unit's turn, victory, rewards and (campaigns) the camp
between linked battles.

A unit's turn (a reading: the rulebook lists commands, not a turn shape):
it may move once (up to its MOV) and use one command, in either order (option
``turn=move-first``: moving first), turn freely once at the end of its move
(the rulebook's words: a unit that does not move keeps its facing, unless it
attacks), and ``end``. A turn with nothing left to do but ``end``
ends by itself.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Chance, Event, GameNotOver, Result, State, TurnQueue, check_seat

from . import actions as A
from .battle import LIMIT_READY, Battle
from .campaign import RosterUnit, learnable, secondary_jobs
from .combat import fight, guard, shield_bonus, use_ability, use_item
from .content import MAGICAL, PASSIVE, pack
from .fasttargets import AIM_SELF, AIM_WEAPON, ITEM_FALLEN, ITEM_NONE, ITEM_SELF, Targets, item_use, plan
from .features import skill_targets, use_skill
from .initiative import initiative
from .maps import BOULDER
from .movement import move, reachable
from .rewards import award, level_for
from .statuses import SKILLS, STOP
from .units import MONSTER, sheet_of
from .view import (
    EV_ACT,
    EV_BATTLE,
    EV_CAMP,
    EV_END,
    EV_END_TURN,
    EV_FACE,
    EV_LEVEL_UP,
    EV_LIMIT,
    EV_REWARDS,
    EV_SKIP,
    EV_TURN,
    EV_VICTORY,
    Phase,
)

if TYPE_CHECKING:
    from .game import BitTactics

BATTLE, CAMP, OVER = 0, 1, 2
PHASES = (Phase.BATTLE, Phase.CAMP, Phase.OVER)
NO_WINNER, DRAW = -1, -2
_SEATS = [(s,) for s in range(8)]
#: the ``face`` actions other than the facing kept, per facing
_OTHER_FACES = tuple(tuple(A.FACES[d] for i, d in enumerate("nesw") if i != facing) for facing in range(4))


class TacticsState(State):
    """A game of 16 Bit Tactics. ``_b`` is the battle being fought (kept once it ends)."""

    __slots__ = (
        "_acted",
        "_b",
        "_battle",
        "_camp_seat",
        "_faced",
        "_init",
        "_legal",
        "_moved",
        "_odds",
        "_phase",
        "_queue",
        "_reason",
        "_rewards",
        "_roster",
        "_winner",
    )

    game: BitTactics
    _b: Battle | None
    _phase: int
    _battle: int
    _queue: TurnQueue | None
    _moved: bool
    _acted: bool
    _faced: bool
    _roster: tuple[RosterUnit, ...]
    _camp_seat: int
    _winner: int  # the side that won, NO_WINNER, or DRAW
    _reason: str
    _rewards: dict[str, Any] | None
    _legal: list[Action] | None
    _init: dict[str, Any] | None  # this round's initiative (the round event's data)
    _odds: list[dict[str, Any]] | None  # the acting unit's attack odds, once asked for

    # -- protocol -------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._phase == BATTLE:
            assert self._b is not None and self._queue is not None
            return _SEATS[self._b.sheets[self._queue.current].seat]
        if self._phase == CAMP:
            return _SEATS[self._camp_seat]
        return ()

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def battle(self) -> Battle | None:
        """The battle being fought (or the last one, once over); ``None`` at camp."""
        return self._b

    @property
    def current(self) -> int:
        """The unit whose turn it is (-1 outside a battle)."""
        return self._queue.current if self._phase == BATTLE and self._queue is not None else -1

    def legal_actions(self, seat: int) -> list[Action]:
        if self._phase == OVER or seat not in self.to_act:
            return []
        if self._legal is None:
            self._legal = self._battle_legal() if self._phase == BATTLE else self._camp_legal()
        return self._legal[:]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        assert isinstance(action, Action)
        to_act = self.to_act
        if seat not in to_act:
            check_seat(self.game, seat)
            why = "the game is over" if self._phase == OVER else f"it is seat {to_act[0]}'s turn"
            raise self._illegal(seat, action, why)
        if self._legal is None:
            self._legal = self._battle_legal() if self._phase == BATTLE else self._camp_legal()
        # Legal lists hold interned actions: an identity match first, equality (by notation) else.
        if not any(map(is_, self._legal, repeat(action))) and action not in self._legal:
            raise self._illegal(seat, action, self.why_illegal(action))
        self._log.append((seat, action))
        before = self._legal
        self._legal = None
        self._odds = None
        events: list[Event] = []
        if action.__class__ is A.Face and self._phase == BATTLE:
            self._turn_to(action, before, events)  # type: ignore[arg-type]
            return events
        if self._phase == CAMP:
            self._camp_step(action, events)
        else:
            self._battle_step(action, events)
        return events

    def result(self) -> Result:
        if self._phase != OVER:
            raise GameNotOver("the battle is not over yet; result() is known at the end")
        n = self.game.players
        if self._winner == DRAW:
            return Result(tuple(range(n)), (0,) * n, (0,) * n, self._reason)
        winners = self.game.teams[self._winner]
        returns = tuple(1 if s in winners else -1 for s in range(n))
        return Result(tuple(sorted(winners)), tuple(1 if r > 0 else 0 for r in returns), returns, self._reason)

    def estimate(self) -> tuple[float, ...] | None:
        """Each seat's return as the judge at the round limit would see it now: its
        side's share of HP left minus the other side's (None between battles).

        >>> import comboarena as ca
        >>> ca.make("16-bit-tactics").new_state(seed=1).estimate()
        (0.0, 0.0)
        """
        if self._b is None or self._phase == OVER:
            return None
        shares = []
        for side in (0, 1):
            hp, most = self._hp_share(side)
            shares.append(hp / most if most else 0.0)
        lead = shares[0] - shares[1]
        teams = self.game.teams
        return tuple(lead if s in teams[0] else 0.0 - lead if s in teams[1] else 0.0 for s in range(self.game.players))

    def clone(self) -> TacticsState:
        new = TacticsState.__new__(TacticsState)
        new.game = self.game
        new._chance = self._chance.clone()
        new._deck = None
        new._start = self._start
        new._log = self._log[:]
        new._b = self._b.clone(new._chance) if self._b is not None else None
        new._phase = self._phase
        new._battle = self._battle
        new._queue = self._queue
        new._moved = self._moved
        new._acted = self._acted
        new._faced = self._faced
        new._roster = self._roster
        new._camp_seat = self._camp_seat
        new._winner = self._winner
        new._reason = self._reason
        new._rewards = self._rewards
        new._legal = self._legal
        new._init = self._init
        new._odds = self._odds
        return new

    def _key(self) -> tuple[Any, ...]:
        b = self._b
        battle = None
        if b is not None:
            battle = (
                tuple((s.build, s.side, s.seat) for s in b.sheets),
                tuple(b.sq),
                tuple(b.face),
                tuple(b.hp),
                tuple(b.mp),
                tuple(b.limit),
                tuple(b.st),
                tuple(b.inv),
                tuple(b.eq),
                tuple(b.feat),
            )
        return (
            self.game,
            self._chance.seed,
            self._chance.draws,
            self._chance.forced,
            self._phase,
            self._battle,
            self._queue,
            self._moved,
            self._acted,
            self._faced,
            self._roster,
            self._camp_seat,
            self._winner,
            self._reason,
            repr(self._rewards),
            repr(self._init),
            battle,
            # The history's length and last step (the whole of it is what replays build).
            len(self._log),
            (self._log[-1][0], self._log[-1][1].text) if self._log else None,
        )

    def view(self, seat: int | None) -> dict[str, Any]:  # type: ignore[override]
        """Every seat sees the same (nothing is hidden) but its own ``seat``."""
        from .position import view_of

        if seat is not None:
            check_seat(self.game, seat)
        return view_of(self, seat)

    def _position(self) -> dict[str, Any]:
        from .position import position_of

        return position_of(self)

    # -- legal actions in battle --------------------------------------------------------------

    def _battle_legal(self) -> list[Action]:
        b = self._b
        assert b is not None and self._queue is not None
        u = self._queue.current
        out: list[Action] = []
        if not self._moved and not (self._acted and b.rules.move_first):
            moves = b.board.moves
            out += map(moves.__getitem__, reachable(b, u))
        if not self._acted and b.can_act(u):
            out += self._commands(b, u)
        if self._moved and not self._faced:  # "change facing freely at the end of their movement"
            out += _OTHER_FACES[b.face[u]]
        out.append(A.END)
        return out

    def _commands(self, b: Battle, u: int) -> list[Action]:
        board = b.board
        cmd = board.commands
        pl = plan(b, u)
        tg = Targets(b, u)
        fights = tg.fight(pl)
        out: list[Any] = []
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
                ts = [tg.a] if use == ITEM_SELF else tg.items(use == ITEM_FALLEN)
                if ts:
                    out += map(cmd("item", item).__getitem__, ts)
        ts = tg.guard()
        if ts:
            out += map(pl.guard.__getitem__, ts)
        if b.limit[u] >= LIMIT_READY:
            abilities = pack().abilities
            s = b.sheets[u]
            table = cmd("limit")
            if s.kind == MONSTER:
                ab = abilities[s.limit]
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
            out += [cmd("skill", SKILLS[k])[t] for k, t in skill_targets(b, u)]
        return out

    def odds(self) -> list[dict[str, Any]]:
        """The acting unit's attacks now, with each target's odds (see :mod:`.odds`)."""
        if self._odds is None:
            from .odds import action_odds

            self._odds = action_odds(self)
        return [
            {"action": x["action"], "targets": [{**t, "bands": dict(t["bands"])} for t in x["targets"]]}
            for x in self._odds
        ]

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words (range, Line of Effect, MP, ...)."""
        from .explain import explain

        return explain(self, action)

    # -- a battle step ------------------------------------------------------------------------

    def _battle_step(self, action: Action, events: list[Event]) -> None:
        b = self._b
        assert b is not None and self._queue is not None
        u = self._queue.current
        seat = b.sheets[u].seat
        cls = action.__class__
        if cls is not A.Move:
            b.reach = None  # the last movement search is only good for the move it was made for
        if cls is A.End:
            self._end_turn(u, events)
            return
        if cls is A.Move:
            move(b, u, b.board.sq(action.square), events)  # type: ignore[attr-defined]
            b.reach = None
            self._moved = True
            self._faced = False  # "change facing freely at the end of their movement"
        elif cls is A.Face:
            d = "nesw".index(action.direction)  # type: ignore[attr-defined]
            b.face[u] = d
            self._faced = True
            events.append(Event(EV_FACE, seat, {"unit": u, "facing": action.direction, "why": "turn"}))  # type: ignore[attr-defined]
        else:
            assert isinstance(action, A.Command)
            self._acted = True
            self._command(b, u, action, events)
        if self._check_battle_end(events):
            return
        if b.hp[u] <= 0:
            self._next_turn(events)  # fallen during its own turn (a counter-attack, a slip)
            return
        if self._only_end():
            self._end_turn(u, events)

    def _turn_to(self, action: A.Face, before: list[Action], events: list[Event]) -> None:
        """``face``: nothing but the facing changes, so the other choices stay as they were."""
        b = self._b
        assert b is not None and self._queue is not None
        u = self._queue.current
        b.reach = b.reach if not self._moved else None
        b.face[u] = "nesw".index(action.direction)
        self._faced = True
        events.append(Event(EV_FACE, b.sheets[u].seat, {"unit": u, "facing": action.direction, "why": "turn"}))
        face = A.Face
        self._legal = [a for a in before if a.__class__ is not face]
        if len(self._legal) == 1:
            self._end_turn(u, events)

    def _only_end(self) -> bool:
        legal = self._battle_legal()
        self._legal = legal
        return len(legal) == 1

    def _command(self, b: Battle, u: int, c: A.Command, events: list[Event]) -> None:
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
            use_skill(b, u, SKILLS.index(c.what), t, events)
        elif verb == "limit":
            # "A PC or monster with 10+ Limit may expend all their Limit to make a Limit Attack."
            spent = b.limit[u]
            b.limit[u] = 0
            events.append(Event(EV_LIMIT, b.sheets[u].seat, {"unit": u, "limit": 0, "change": -spent}))
            s = b.sheets[u]
            if c.what:
                use_ability(b, u, p.ability(c.what), t, False, True, events)
            elif s.kind == MONSTER:
                use_ability(b, u, p.abilities[s.limit], t, False, True, events)
            else:
                fight(b, u, t, True, events)
        for v in quickened:
            # "Quicken: Immediately take a turn after the currently acting character finishes their turn."
            assert self._queue is not None
            self._queue = self._queue.insert_next(v)

    def _end_turn(self, u: int, events: list[Event]) -> None:
        b = self._b
        assert b is not None
        if b.hp[u] > 0:
            b.tick(u, events)
        events.append(Event(EV_END_TURN, b.sheets[u].seat, {"unit": u}))
        if not self._check_battle_end(events):
            self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        """The next unit in the initiative order takes its turn; a new round rolls initiative.
        A Stopped unit's turn passes by itself (its statuses still count down)."""
        b = self._b
        assert b is not None and self._queue is not None
        hp = b.hp
        while True:
            q = self._queue
            if _any_standing(hp, q.extra) or _any_standing(hp, q.order[q.at + 1 :]):
                q = q.advance(skip=lambda x: hp[x] <= 0)
            else:
                if self._round_end(q.round, events):
                    return
                q = TurnQueue.start(self._roll_initiative(q.round + 1, events), q.round + 1)
            self._queue = q
            if self._start_turn(q.current, events):
                return
            if self._phase != BATTLE:
                return

    def _roll_initiative(self, round_no: int, events: list[Event]) -> tuple[int, ...]:
        assert self._b is not None
        order = initiative(self._b, round_no, events)
        self._init = dict(events[-1].data)
        return order

    def _start_turn(self, u: int, events: list[Event]) -> bool:
        """Begin ``u``'s turn; False if it passes at once (fallen to Sap, Stopped)."""
        b = self._b
        assert b is not None and self._queue is not None
        self._moved = self._acted = self._faced = False
        self._legal = None
        seat = b.sheets[u].seat
        events.append(Event(EV_TURN, seat, {"unit": u, "extra": self._queue.extra_turn, "round": self._queue.round}))
        b.start_turn(u, events)
        if self._check_battle_end(events):
            return True
        if b.hp[u] <= 0:
            events.append(Event(EV_SKIP, seat, {"unit": u, "why": "fallen"}))
            return False
        if b.has(u, STOP):
            events.append(Event(EV_SKIP, seat, {"unit": u, "why": "stop"}))
            b.tick(u, events)
            events.append(Event(EV_END_TURN, seat, {"unit": u}))
            return False
        return True

    # -- victory ------------------------------------------------------------------------------

    def _check_battle_end(self, events: list[Event]) -> bool:
        b = self._b
        assert b is not None
        if self._phase != BATTLE:
            return True
        standing = set(compress(b.sides, b.hp))  # HP is never below 0
        alive0 = 0 in standing
        alive1 = 1 in standing
        if not alive1 or not alive0:
            self._finish_battle(0 if alive0 else 1 if alive1 else DRAW, "rout", events)
            return True
        board = b.board
        m = board.map
        if m.objective == "reach":
            v = b.unit_at(m.objective_arg)
            if v >= 0 and b.sheets[v].side == 0:
                self._finish_battle(0, f"reached {board.name(m.objective_arg)}", events)
                return True
        return False

    def _round_end(self, round_no: int, events: list[Event]) -> bool:
        """The end of a round: a survive objective met, or the rounds run out."""
        b = self._b
        assert b is not None
        m = b.board.map
        if m.objective == "survive" and round_no >= m.objective_arg:
            self._finish_battle(0, f"survived {m.objective_arg} rounds", events)
            return True
        if round_no >= self.game.rounds:
            if not self.game.judge:
                self._finish_battle(DRAW, f"{round_no} rounds: called a draw", events)
                return True
            share = [self._hp_share(0), self._hp_share(1)]
            a = share[0][0] * share[1][1]
            c = share[1][0] * share[0][1]
            winner = 0 if a > c else 1 if c > a else DRAW
            self._finish_battle(winner, f"{round_no} rounds: judged by HP left", events)
            return True
        return False

    def _hp_share(self, side: int) -> tuple[int, int]:
        b = self._b
        assert b is not None
        units = [u for u in b.units if b.sheets[u].side == side]
        return sum(b.hp[u] for u in units), sum(b.hp_max(u) for u in units)

    def _finish_battle(self, winner: int, why: str, events: list[Event]) -> None:
        b = self._b
        assert b is not None
        events.append(Event(EV_VICTORY, None, {"side": winner, "why": why}))
        game = self.game
        rewards = None
        if game.mode != "versus":
            defeated = [b.sheets[u].level for u in b.units if b.sheets[u].side == 1 and b.hp[u] <= 0]
            pcs = sum(1 for u in b.units if b.sheets[u].side == 0)
            enemies = sum(1 for u in b.units if b.sheets[u].side == 1)
            each = award(defeated, pcs, enemies)
            rewards = {
                "award": each,
                "base": award(defeated, 1, 1),
                "enemies": enemies,
                "pcs": pcs,
                "defeated": len(defeated),
            }
            events.append(Event(EV_REWARDS, None, rewards))
        self._rewards = rewards
        campaign = game.campaign
        if campaign is not None and winner == 0 and rewards is not None:
            self._apply_rewards(rewards["award"], events)
            if self._battle + 1 < len(campaign.battles):
                self._phase = CAMP
                self._battle += 1
                self._camp_seat = 0
                self._queue = None
                self._b = None
                self._init = None
                self._legal = None
                return
            why = "campaign won"
        elif campaign is not None:
            why = f"campaign lost ({why})"
            winner = 1  # a battle not won (lost, or drawn at the round limit) ends the campaign
        self._winner = winner
        self._reason = why
        self._phase = OVER
        self._legal = None
        events.append(Event(EV_END, None, self.result().to_dict()))

    def _apply_rewards(self, each: int, events: list[Event]) -> None:
        """XP and AP to every party member (AP on the job it fought as), level-ups with the
        stat gains of that job, and the Limit carried on halved."""
        b = self._b
        assert b is not None
        roster = []
        for i, r in enumerate(self._roster):
            xp = r.xp + each
            ap = dict(r.ap)
            ap[r.job] = ap.get(r.job, 0) + each
            level = level_for(xp, self.game.xp_table)
            history = r.history
            for lv in range(r.level + 1, level + 1):
                history = (*history, r.job)
                events.append(Event(EV_LEVEL_UP, None, {"unit": r.name, "level": lv, "job": r.job}))
            order = list(pack().jobs)
            limit = b.limit[i] // 2  # "Limit instead is halved after each battle"
            roster.append(
                r._replace(xp=xp, ap=tuple((j, ap[j]) for j in order if ap.get(j)), history=history, limit=limit)
            )
        self._roster = tuple(roster)

    # -- camp (campaigns) -------------------------------------------------------------------------

    def _camp_units(self) -> list[RosterUnit]:
        k = self.game.players - 1
        return [r for i, r in enumerate(self._roster) if i % k == self._camp_seat]

    def _camp_legal(self) -> list[Action]:
        p = pack()
        out: list[Action] = []
        for r in self._camp_units():
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

    def _camp_step(self, action: Action, events: list[Event]) -> None:
        p = pack()
        if action is A.READY:
            events.append(Event(EV_CAMP, self._camp_seat, {"unit": None, "action": "ready", "what": ""}))
            k = self.game.players - 1
            self._camp_seat += 1
            if self._camp_seat >= min(k, len(self._roster)):
                self._begin_battle(events)
            return
        assert isinstance(action, A.CampAction)
        roster = list(self._roster)
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
        self._roster = tuple(roster)
        events.append(Event(EV_CAMP, self._camp_seat, {"unit": r.name, "action": verb, "what": what}))

    # -- battles begin -----------------------------------------------------------------------------

    def _begin_battle(self, events: list[Event]) -> None:
        game = self.game
        index = self._battle
        sides = game.battle_sides(index, self._roster)
        board = game.boards[index]
        m = board.map
        if any(len(sides[s]) > len(m.deploy[s]) for s in (0, 1)):
            raise ValueError(f"map {m.id} cannot deploy these sides")
        sheets = []
        squares = []
        facing = []
        names = game.unit_names(sides[0] + sides[1])
        for side in (0, 1):
            for i, build in enumerate(sides[side]):
                build = build._replace(name=names[i + (len(sides[0]) if side else 0)])
                sheets.append(sheet_of(build, side, game.seat_of(side, i)))
                squares.append(m.deploy[side][i])
                facing.append(m.facing[side])
        limits = [r.limit for r in self._roster] + [0] * (len(sheets) - len(self._roster))
        self._b = make_battle(game, board, tuple(sheets), squares, facing, self._chance, limits)
        self._phase = BATTLE
        self._camp_seat = 0
        self._legal = None
        b = self._b
        events.append(
            Event(
                EV_BATTLE,
                None,
                {
                    "battle": index,
                    "map": m.id,
                    "units": [
                        {"unit": u, "name": s.build.name, "side": s.side, "seat": s.seat, "square": board.name(b.sq[u])}
                        for u, s in enumerate(b.sheets)
                    ],
                },
            )
        )
        self._queue = TurnQueue.start(self._roll_initiative(1, events), 1)
        if not self._start_turn(self._queue.current, events) and self._phase == BATTLE:
            self._next_turn(events)


def make_battle(
    game: BitTactics,
    board: Any,
    sheets: tuple[Any, ...],
    squares: list[int],
    facing: list[int],
    chance: Chance,
    limits: list[int],
) -> Battle:
    """A battle at its start: full HP and MP, the loadouts equipped, features in place."""
    b = Battle.__new__(Battle)
    b.rules = game.rules
    b.board = board
    b.sheets = sheets
    b.sides = tuple(s.side for s in sheets)
    b.chance = chance
    b.sq = list(squares)
    b.face = list(facing)
    b.hp = [s.hp for s in sheets]
    b.mp = [s.mp for s in sheets]
    b.limit = list(limits)
    b.st = [() for _ in sheets]
    b.sm = [0 for _ in sheets]
    b.inv = [_count(s.build.items) for s in sheets]
    b.eq = [(s.build.weapon, s.build.offhand, s.build.ammo) for s in sheets]
    b.gb = [shield_bonus(s.build.offhand) for s in sheets]
    b.occ = [-1] * board.size
    for u, sq in enumerate(squares):
        b.occ[sq] = u
    b.set_features([f.square if f.kind == BOULDER else 1 for f in board.map.features])
    b.memo = {}
    return b


def _any_standing(hp: list[int], units: tuple[int, ...]) -> bool:
    for x in units:  # noqa: SIM110 (a loop: no generator to make on the hot path)
        if hp[x] > 0:
            return True
    return False


def _count(items: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return tuple(out.items())


def new_state(game: BitTactics, chance: Chance) -> TacticsState:
    s = TacticsState.__new__(TacticsState)
    s.game = game
    s._chance = chance
    s._deck = None
    s._start = None
    s._log = []
    s._b = None
    s._phase = BATTLE
    s._queue = None
    s._moved = s._acted = s._faced = False
    s._camp_seat = 0
    s._winner = NO_WINNER
    s._reason = ""
    s._rewards = None
    s._legal = None
    s._init = None
    s._odds = None
    campaign = game.campaign
    if campaign is not None:
        s._battle = campaign.next - 1
        s._roster = campaign.roster
        s._phase = CAMP
        return s
    s._battle = 0
    s._roster = ()
    s._begin_battle([])
    return s


__all__ = ["TacticsState", "make_battle", "new_state"]
