"""The rules of Combo Fighter, applied to one match in progress.

A match is best of 3 fights (option ``best_of``); a fight is rounds until a
fighter is knocked out. Each round: both fighters play a card face down
(``to_act`` holds both seats); the reveal and the Win Circle decide who wins;
retroactive powers are offered to their owners; the winner combos (or, on a
tie, both deal Opening Damage); the damaged fighters take damage card by card;
then the end of the round (played cards discarded, optional discards, refill,
end-of-round effects). 2 vs 2 adds catching breath and tagging out; solo mode
plays one side by the solo rules.

Cards are kept as card *types* (small ints indexing the fighter's tables);
a fighter's deck is a list whose top is the last item.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Event, GameNotOver, Result, State, check_seat, team_result

from .actions import CALL, DECK, DONE, END, PASS, POWER, REST, STAY, TAG, AsideAction, CardAction, Pick
from .content import ATTACK
from .powers import RoundInfo, SoloContext
from .rules import FROM_ASIDE, SET_ASIDE, card_damage, knockout_damage, plans, signature_damage, signature_for
from .rules import win_circle as _win_circle

if TYPE_CHECKING:
    from .game import ComboFighter

PICK, PLAY, RETRO, COMBO, DAMAGE, BREATH, DISCARD, TAG_OUT, OVER = range(9)
PHASES = ("pick", "play", "retro", "combo", "damage", "breath", "discard", "tag", "over")
#: Retroactive power, per seat and round: not offered, offered now, used, declined.
RETRO_STATES = ("none", "offered", "used", "declined")
NO_WINNER, TIE = -2, -1
#: Safety nets so that any content terminates (never reached with the shipped fighters).
MAX_ROUNDS = 400
FIGHTS_PER_BEST_OF = 3


class FighterState(State):
    """A match of Combo Fighter. Per-seat zones are lists indexed by seat."""

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
        "_to_act",
        "_winner",
        "_wins",
    )

    game: ComboFighter
    _phase: int
    _to_act: tuple[int, ...]
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

    # -- protocol ---------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def phase(self) -> str:
        return PHASES[self._phase]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._to_act:
            return []
        phase = self._phase
        acts = self.game.acts[seat]
        if phase == DAMAGE:
            out = _distinct(self._hand[seat], acts)
            if self._draw[seat]:
                out.append(DECK)
                if self._dmg[seat] > 1:
                    out.append(REST)
            return out
        if phase == PLAY:
            return _distinct(self._hand[seat], acts)
        if phase == DISCARD:
            out = _distinct(self._hand[seat], acts)
            out.append(DONE)
            return out
        if phase == COMBO:
            return self._combo_actions(seat)
        if phase == RETRO:
            return [POWER, PASS]
        if phase == BREATH:
            out = _distinct(sorted(self._disc[seat]), acts)
            out.append(PASS)
            return out
        if phase == TAG_OUT:
            return [TAG, STAY]
        if phase == PICK:
            g = self.game
            return [g.picks[s] for s in g.teams[g.team[seat]]]
        return []

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat not in self._to_act:
            check_seat(self.game, seat)
            if self._phase == OVER:
                raise self._illegal(seat, action, "the match is over")
            raise self._illegal(seat, action, f"it is not seat {seat}'s decision now")
        return _HANDLERS[self._phase](self, seat, action)  # type: ignore[arg-type]

    def result(self) -> Result:
        if self._phase != OVER:
            raise GameNotOver("the Combo Fighter match is not over yet; result() is known at the end")
        a, b = self._wins
        reason = f"fights won {max(a, b)}-{min(a, b)}"
        return team_result(self.game.teams, self._wins, reason, f"fights drawn {a}-{b}")

    def clone(self) -> FighterState:
        new = FighterState.__new__(FighterState)
        new.game = self.game
        new._chance = self._chance.clone()
        new._start = self._start
        new._deck = self._deck
        new._log = self._log[:]
        new._phase = self._phase
        new._to_act = self._to_act
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
        # Only compared, never hashed: the lists themselves compare element by element (in C).
        return (
            self.game,
            self._chance,
            self._phase,
            self._to_act,
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
            # Actions are interned values, so comparing the pairs is cheap.
            self._log,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        if seat is not None:
            check_seat(g, seat)
        fighters = []
        for s in range(g.players):
            code = g.codes[s].__getitem__
            fighters.append(
                {
                    "fighter": g.fighters[s].id,
                    "hand_size": len(self._hand[s]),
                    "deck": len(self._draw[s]),
                    "discard": list(map(code, self._disc[s])),
                    "aside": list(map(code, self._aside[s])),
                    "play": list(map(code, self._play[s])),
                    "set_aside": self._marks[s][:],
                    "drawn": list(map(code, self._drawn[s])),
                    "side": "AB"[self._side[s]],
                    "x": self.x(s),
                    "staggering": self._stag[s],
                    "chosen": self._choice[s] >= 0,
                    "damage": self._dmg[s],
                    "ko": self._ko[s],
                    "retro": RETRO_STATES[self._retro[s]],
                    "speed_bonus": self._bonus[s],
                    "flip": self._flip[s],
                }
            )
        winner = self._winner
        v: dict[str, Any] = {
            "game": "combo-fighter",
            "seat": seat,
            "mode": g.mode,
            "players": g.players,
            "best_of": g.best_of,
            "fight": self._fight,
            "round": self._round,
            "wins": self._wins[:],
            "fights": self._results[:],
            "phase": PHASES[self._phase],
            "to_act": list(self._to_act),
            "ring": self._ring[:],
            "winner": winner if winner >= 0 else None,
            "tie": winner == TIE,
            "picked": [p >= 0 for p in self._pick],
            "shuffles": self._chance.draws,
            "over": self._phase == OVER,
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

    def _answered(self, seat: int) -> bool:
        """``seat`` has made its decision in a window where several decide at once;
        ``True`` once nobody is left to answer."""
        self._to_act = tuple(s for s in self._to_act if s != seat)
        return not self._to_act

    # -- queries used by the rules, the agents and the text UI -----------------------

    def x(self, seat: int) -> int:
        """The value of X for ``seat``'s fighter now (its Power Token)."""
        return self.game.powers[seat].x(self._side[seat], len(self._aside[seat]))

    def _speed(self, seat: int, t: int) -> int:
        card = self.game.fighters[seat].cards[t]
        if card.kind != ATTACK:
            return 0
        return card.speed + self.game.powers[seat].speeds[self._side[seat]] + self._bonus[seat]

    def _partner(self, seat: int) -> int:
        team = self.game.teams[self.game.team[seat]]
        return team[1] if team[0] == seat else team[0]

    # -- the round ----------------------------------------------------------------------

    def _start_fight(self, events: list[Event]) -> None:
        """Setup: Power Token side A, starting hand, shuffled deck on the Staggering Card."""
        g = self.game
        stacks = g.stack_for(self._deck, self._fight)
        for s in range(g.players):
            self._setup_fighter(s, stacks[s] if stacks else None, events)
        self._round = 0
        events.append(Event("fight", None, {"fight": self._fight, "wins": list(self._wins)}))
        if g.mode == "tag":
            self._pick = [-1, -1]
            self._winner = NO_WINNER
            self._phase = PICK
            self._to_act = (g.teams[0][0], g.teams[1][0])
        else:
            self._start_round(events)

    def _setup_fighter(self, s: int, stack: Any, events: list[Event]) -> None:
        g = self.game
        f = g.fighters[s]
        ai = s == g.ai
        remaining = list(f.composition)
        if stack is not None and stack.aside is not None:
            aside = list(stack.aside)
        else:
            aside = list(g.powers[s].start_aside(ai))
        hand: list[int] = (
            [] if ai else list(stack.hand if stack is not None and stack.hand is not None else f.starting_hand)
        )
        top: list[int] = list(stack.draw) if stack is not None else []
        disc: list[int] = list(stack.discard) if stack is not None else []
        for t in aside + hand + top + disc:
            remaining.remove(t)  # the stack was checked against the deck when the game was set up
        rng = self._chance.stream()
        rng.shuffle(remaining)
        if stack is not None and stack.rest == "discard":
            disc += remaining
            remaining = []
        self._hand[s] = sorted(hand)
        self._draw[s] = remaining + top[::-1]
        self._disc[s] = disc
        self._aside[s] = aside
        self._play[s] = []
        self._marks[s] = []
        self._drawn[s] = []
        self._side[s] = stack.side if stack is not None else 0
        self._stag[s] = False
        self._dmg[s] = 0
        self._ko[s] = False
        self._choice[s] = -1
        self._retro[s] = 0
        self._bonus[s] = 0
        self._flip[s] = False
        if not self._draw[s]:
            self._stagger(s, events)

    def _start_round(self, events: list[Event]) -> None:
        g = self.game
        self._round += 1
        self._winner = NO_WINNER
        for s in range(g.players):
            self._play[s] = []
            self._marks[s] = []
            self._drawn[s] = []
            self._choice[s] = -1
            self._retro[s] = 0
            self._bonus[s] = 0
        # A fighter with no card left to play has lost their last card: knocked out.
        for s in self._ring:
            empty = not self._draw[s] and not self._disc[s] if s == g.ai else not self._hand[s]
            if empty:
                self._knock_out(s, events, "no card left to play")
        if any(self._ko) or self._round > MAX_ROUNDS:
            self._end_fight(events)
            return
        self._phase = PLAY
        self._to_act = g.play_seats[self._ring[0]][self._ring[1]]

    def _commit(self, seat: int, action: Action) -> list[Event]:
        """Play one card face down (rulebook: "Gameplay")."""
        if action.__class__ is not CardAction:
            raise self._illegal(seat, action, "play a card from your hand face down (its code)")
        f = self.game.fighters[seat]
        t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
        hand = self._hand[seat]
        if t not in hand:
            raise self._illegal(seat, action, f"{f.name} holds no {_title(f, action)}")
        self._log.append((seat, action))
        hand.remove(t)
        self._choice[seat] = t
        events = [Event("choose", seat, {}, ((seat,), {"card": action.text}))]
        if self._answered(seat):
            self._reveal(events)
        return events

    def _reveal(self, events: list[Event]) -> None:
        """Reveal both cards and consult the Win Circle."""
        g = self.game
        for s in self._ring:
            if s == g.ai:
                # Solo: the AI plays the top card of its deck.
                self._choice[s] = self._draw_one(s, events)
            self._play[s] = [self._choice[s]]
            self._choice[s] = -1
        why = self._judge()
        a, b = self._ring
        fa, fb = g.fighters[a], g.fighters[b]
        events.append(
            Event(
                "reveal",
                None,
                {
                    "round": self._round,
                    "seats": [a, b],
                    "cards": [fa.cards[self._play[a][0]].code, fb.cards[self._play[b][0]].code],
                    "winner": self._winner if self._winner >= 0 else None,
                    "why": why,
                },
            )
        )
        self._open_retro(events)

    def _judge(self) -> str:
        """The Win Circle on the cards in play (with any Speed added this round)."""
        a, b = self._ring
        fa, fb = self.game.fighters[a], self.game.fighters[b]
        ta, tb = self._play[a][0], self._play[b][0]
        ca, cb = fa.cards[ta], fb.cards[tb]
        w, why = _win_circle(ca.kind, self._speed(a, ta), ca.priority, cb.kind, self._speed(b, tb), cb.priority)
        self._winner = TIE if w < 0 else self._ring[w]
        return why

    def _open_retro(self, events: list[Event]) -> None:
        """Offer retroactive powers to fighters whose attack lost or tied against an attack,
        before the winner plays on (rulebook: "Power tokens")."""
        g = self.game
        a, b = self._ring
        offered = []
        fa, fb = g.fighters[a], g.fighters[b]
        if fa.cards[self._play[a][0]].kind == ATTACK and fb.cards[self._play[b][0]].kind == ATTACK:
            for s in (a, b):
                if s == g.ai or s == self._winner or self._retro[s]:
                    continue
                retro = g.powers[s].retro(self._side[s])
                if retro is not None and len(self._draw[s]) >= retro.cost:
                    self._retro[s] = 1
                    offered.append(s)
        if offered:
            self._phase = RETRO
            self._to_act = tuple(offered)
            return
        self._after_reveal(events)

    def _decide_retro(self, seat: int, action: Action) -> list[Event]:
        if action not in (POWER, PASS):
            raise self._illegal(seat, action, "use your retroactive power (power) or not (pass)")
        g = self.game
        retro = g.powers[seat].retro(self._side[seat])
        if retro is None or len(self._draw[seat]) < retro.cost:
            raise self._illegal(seat, action, "your Power Token offers no retroactive power now")
        self._log.append((seat, action))
        events: list[Event] = []
        if action == POWER:
            paid = [self._discard_top(seat, events) for _ in range(retro.cost)]
            self._bonus[seat] += retro.speed
            self._retro[seat] = 2
            f = g.fighters[seat]
            events.append(
                Event(
                    "power",
                    seat,
                    {
                        "power": g.powers[seat].sides[self._side[seat]].name,
                        "speed": retro.speed,
                        "paid": [f.cards[t].code for t in paid],
                    },
                )
            )
        else:
            self._retro[seat] = 3
            events.append(Event("pass", seat, {}))
        if self._answered(seat):
            before = self._winner
            why = self._judge()
            if self._winner != before:
                events.append(
                    Event("outcome", None, {"winner": self._winner if self._winner >= 0 else None, "why": why})
                )
            self._open_retro(events)
        return events

    def _after_reveal(self, events: list[Event]) -> None:
        g = self.game
        w = self._winner
        if w == TIE:
            # A tie: both deal their Opening Damage, neither may combo.
            a, b = self._ring
            da = g.fighters[a].cards[self._play[a][0]].opening
            db = g.fighters[b].cards[self._play[b][0]].opening
            self._deal([(a, b, da, "opening"), (b, a, db, "opening")], events)
        elif w == g.ai:
            self._ai_combo(events)
        else:
            self._phase = COMBO
            self._to_act = (w,)

    # -- combos -------------------------------------------------------------------------

    def _combo_actions(self, seat: int) -> list[Action]:
        g = self.game
        f = g.fighters[seat]
        cards = f.cards
        play = self._play[seat]
        box = cards[play[-1]].box
        acts = g.acts[seat]
        out: list[Action] = []
        last = -1
        for t in self._hand[seat]:
            if t != last and box >> cards[t].button & 1:
                out.append(acts[t])
                last = t
        power = g.powers[seat]
        side = self._side[seat]
        if power.token.aside_play:
            for t in sorted(set(self._aside[seat])):
                if box >> cards[t].button & 1 and acts[t] not in out:
                    out.append(acts[t])
        asidable = power.combo_aside(side)
        if asidable:
            for t in sorted(set(self._hand[seat])):
                if t in asidable and box >> cards[t].button & 1:
                    out.append(g.aside_acts[seat][t])
        out.append(END)
        if not self._marks[seat] and signature_for(f, tuple(play), side) is not None:
            out.append(CALL)
        return out

    def _combo(self, seat: int, action: Action) -> list[Event]:
        """Combo: the next card's button must be in the previous card's Combo Box."""
        g = self.game
        f = g.fighters[seat]
        if action in (END, CALL):
            return self._end_combo(seat, action)
        cls = action.__class__
        if cls is not CardAction and cls is not AsideAction:
            raise self._illegal(seat, action, "continue the combo with a card, or end (or call) it")
        t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
        play = self._play[seat]
        last = f.cards[play[-1]]
        if t < 0:
            raise self._illegal(seat, action, f"{f.name} has no card {action.code!r}")  # type: ignore[attr-defined]
        card = f.cards[t]
        if not last.box >> card.button & 1:
            box = "/".join(("▲", "■", "●")[b] for b in last.box_buttons) or "empty: the combo must end"
            raise self._illegal(
                seat,
                action,
                f"{card.title} ({('▲', '■', '●')[card.button]}) does not match the Combo Box of {last.title} ({box})",
            )
        power = g.powers[seat]
        from_aside = cls is CardAction and power.token.aside_play and t in self._aside[seat]
        if cls is AsideAction and t not in power.combo_aside(self._side[seat]):
            raise self._illegal(seat, action, f"{card.title} cannot be set aside now")
        if not from_aside and t not in self._hand[seat]:
            raise self._illegal(seat, action, f"{f.name} holds no {card.title}")
        self._log.append((seat, action))
        if from_aside:
            self._aside[seat].remove(t)
        else:
            self._hand[seat].remove(t)
        play.append(t)
        data: dict[str, Any] = {"card": card.code, "number": len(play)}
        if cls is AsideAction:
            self._marks[seat].append(len(play) - 1)
            data["aside"] = True
        elif from_aside:
            data["from_aside"] = True
        return [Event("combo", seat, data)]

    def _end_combo(self, seat: int, action: Action) -> list[Event]:
        g = self.game
        f = g.fighters[seat]
        play = tuple(self._play[seat])
        x = self.x(seat)
        if action == CALL:
            hit = None if self._marks[seat] else signature_for(f, play, self._side[seat])
            if hit is None:
                raise self._illegal(seat, action, "the cards you played are not a Signature Combo you may call")
            self._log.append((seat, action))
            sig = f.signatures[hit[0]]
            damage = signature_damage(f, hit[0], hit[1], x)
            events = [
                Event("signature", seat, {"name": sig.name, "version": ("basic", "power")[hit[1]], "damage": damage})
            ]
            how = "signature"
        else:
            self._log.append((seat, action))
            damage = card_damage(f, play, self._marks[seat], x)
            events = []
            how = "combo" if len(play) > 1 else "opening"
        self._deal([(seat, self._opponent(seat), damage, how)], events)
        return events

    def _opponent(self, seat: int) -> int:
        a, b = self._ring
        return b if seat == a else a

    def _ai_combo(self, events: list[Event]) -> None:
        """Solo: the AI draws 4 cards and plays the combo dealing the most damage from its
        point of view; cards drawn but not played are discarded and deal 1 damage each."""
        g = self.game
        s = g.ai
        f = g.fighters[s]
        power = g.powers[s]
        side = self._side[s]
        drawn = []
        for _ in range(power.solo_draws(side)):
            t = self._draw_one(s, events)
            if t < 0:
                break
            drawn.append(t)
        self._drawn[s] = drawn
        events.append(Event("ai_draw", s, {"cards": [f.cards[t].code for t in drawn]}))
        aside = tuple(self._aside[s]) if power.token.aside_play else ()
        x = self.x(s)
        candidates = plans(f, self._play[s][0], tuple(drawn), aside, power.combo_aside(side), x, side)
        foe = self._opponent(s)
        ko = knockout_damage(len(self._hand[foe]), len(self._draw[foe]), self._stag[foe])
        plan = power.solo_choose(candidates, SoloContext(ko, tuple(drawn), len(self._aside[s])))
        left = drawn[:]
        for i in range(1, len(plan.cards)):
            t = plan.cards[i]
            if plan.how[i] == FROM_ASIDE:
                self._aside[s].remove(t)
            else:
                left.remove(t)
            self._play[s].append(t)
            if plan.how[i] == SET_ASIDE:
                self._marks[s].append(i)
        self._disc[s] += left
        parts: list[tuple[int, int, int, str]] = []
        if plan.signature >= 0:
            name = f.signatures[plan.signature].name
            events.append(
                Event(
                    "signature", s, {"name": name, "version": ("basic", "power")[plan.version], "damage": plan.damage}
                )
            )
        events.append(
            Event(
                "ai_combo",
                s,
                {
                    "cards": [f.cards[t].code for t in plan.cards],
                    "set_aside": list(self._marks[s]),
                    "damage": plan.damage,
                    "unplayed": [f.cards[t].code for t in left],
                },
            )
        )
        parts.append((s, foe, plan.damage + len(left), "solo"))
        self._deal(parts, events)

    # -- damage -------------------------------------------------------------------------

    def _deal(self, hits: list[tuple[int, int, int, str]], events: list[Event]) -> None:
        """Deal each ``(dealer, taker, amount, how)``; the takers then take it card by card."""
        g = self.game
        for dealer, taker, amount, how in hits:
            if amount <= 0:
                continue
            events.append(Event("damage", dealer, {"to": taker, "amount": amount, "how": how}))
            self._dmg[taker] += amount
        for taker in range(g.players):
            if self._dmg[taker]:
                if taker == g.ai:
                    self._ai_take(taker, events)
                else:
                    self._check_knockout(taker, events)
        pending = tuple(s for s in range(g.players) if self._dmg[s])
        if pending:
            self._phase = DAMAGE
            self._to_act = pending
        else:
            self._after_damage(events)

    def _check_knockout(self, s: int, events: list[Event]) -> None:
        """Damage taken while Staggering knocks the fighter out. (A fighter's deck is never
        empty unless they are Staggering, so this is also "forced to discard the last card".)"""
        if self._dmg[s] and self._stag[s]:
            self._knock_out(s, events, "damage while Staggering")

    def _knock_out(self, s: int, events: list[Event], why: str) -> None:
        self._ko[s] = True
        self._dmg[s] = 0
        events.append(Event("ko", s, {"why": why}))

    def _ai_take(self, s: int, events: list[Event]) -> None:
        """Solo: the AI has no hand; it takes all its damage from the deck."""
        f = self.game.fighters[s]
        taken = []
        while self._dmg[s]:
            self._check_knockout(s, events)
            if not self._dmg[s]:
                break
            taken.append(f.cards[self._discard_top(s, events)].code)
            self._dmg[s] -= 1
        if taken:
            events.append(Event("take", s, {"cards": taken, "from": "deck"}))

    def _take(self, seat: int, action: Action) -> list[Event]:
        """Taking damage: one card per point, from the hand or the deck (the taker's choice)."""
        f = self.game.fighters[seat]
        events: list[Event] = []
        if action in (DECK, REST):
            if not self._draw[seat] or (action == REST and self._dmg[seat] < 2):
                raise self._illegal(seat, action, "your deck is empty" if not self._draw[seat] else "only 1 to take")
            self._log.append((seat, action))
            points = self._dmg[seat] if action == REST else 1
            taken = []
            for _ in range(points):
                if not self._dmg[seat]:
                    break
                taken.append(f.cards[self._discard_top(seat, events)].code)
                self._dmg[seat] -= 1
                self._check_knockout(seat, events)
            events.insert(0, Event("take", seat, {"cards": taken, "from": "deck", "left": self._dmg[seat]}))
        elif action.__class__ is CardAction:
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            hand = self._hand[seat]
            if t not in hand:
                raise self._illegal(seat, action, f"{f.name} holds no {_title(f, action)}")
            self._log.append((seat, action))
            hand.remove(t)
            self._disc[seat].append(t)
            self._dmg[seat] -= 1
            events.append(Event("take", seat, {"cards": [action.text], "from": "hand", "left": self._dmg[seat]}))
            self._check_knockout(seat, events)
        else:
            raise self._illegal(
                seat, action, f"take damage: a card from your hand, or deck ({self._dmg[seat]} to take)"
            )
        if not self._dmg[seat] and self._answered(seat):
            self._after_damage(events)
        return events

    def _after_damage(self, events: list[Event]) -> None:
        g = self.game
        if any(self._ko):
            self._end_fight(events)
            return
        w = self._winner
        if g.mode == "tag" and w >= 0 and self._disc[self._partner(w)]:
            # 2 vs 2: the winner's teammate catches their breath.
            self._phase = BREATH
            self._to_act = (self._partner(w),)
            return
        self._end_round(events)

    def _breath(self, seat: int, action: Action) -> list[Event]:
        """2 vs 2: shuffle one card from your discard pile back into your deck (or pass)."""
        f = self.game.fighters[seat]
        events: list[Event] = []
        if action == PASS:
            self._log.append((seat, action))
            events.append(Event("pass", seat, {}))
        elif action.__class__ is CardAction:
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            disc = self._disc[seat]
            if t not in disc:
                raise self._illegal(seat, action, f"there is no {_title(f, action)} in {f.name}'s discard pile")
            self._log.append((seat, action))
            del disc[len(disc) - 1 - disc[::-1].index(t)]
            rng = self._chance.stream()
            deck = self._draw[seat]
            deck.insert(rng.randrange(len(deck) + 1), t)
            events.append(Event("breath", seat, {"card": action.text}))
        else:
            raise self._illegal(seat, action, "shuffle a card from your discard pile into your deck, or pass")
        self._end_round(events)
        return events

    # -- end of the round -------------------------------------------------------------

    def _end_round(self, events: list[Event]) -> None:
        """Discard the played cards (set-aside ones go beside the token), then the optional
        discards before refilling."""
        g = self.game
        w = self._winner
        for s in self._ring:
            play = self._play[s]
            marks = self._marks[s]
            for i, t in enumerate(play):
                (self._aside[s] if i in marks else self._disc[s]).append(t)
            f = g.fighters[s]
            info = RoundInfo(
                won=w == s,
                lost=w >= 0 and w != s,
                opening_kind=f.cards[play[0]].kind if play else -1,
                played=tuple(play),
                aside=len(self._aside[s]),
                asided=len(marks),
                drawn=tuple(self._drawn[s]),
            )
            power = g.powers[s]
            flips = power.solo_flips(self._side[s], info) if s == g.ai else power.flips(self._side[s], info)
            self._flip[s] = flips
            self._play[s] = []
            self._marks[s] = []
        discarding = tuple(s for s in self._ring if s != g.ai and self._hand[s])
        if discarding:
            self._phase = DISCARD
            self._to_act = discarding
        else:
            self._refill(events)

    def _discard(self, seat: int, action: Action) -> list[Event]:
        """Before refilling, you may discard any number of cards from your hand."""
        f = self.game.fighters[seat]
        events: list[Event] = []
        if action == DONE:
            self._log.append((seat, action))
        elif action.__class__ is CardAction:
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            hand = self._hand[seat]
            if t not in hand:
                raise self._illegal(seat, action, f"{f.name} holds no {_title(f, action)}")
            self._log.append((seat, action))
            hand.remove(t)
            self._disc[seat].append(t)
            events.append(Event("discard", seat, {"card": action.text}))
            if hand:
                return events
        else:
            raise self._illegal(seat, action, "discard a card from your hand, or done to refill")
        if self._answered(seat):
            self._refill(events)
        return events

    def _refill(self, events: list[Event]) -> None:
        """Refill to the hand limit, then resolve end-of-round effects (Power Token flips)."""
        g = self.game
        for s in self._ring:
            if s == g.ai:
                continue
            hand = self._hand[s]
            limit = g.powers[s].hand_limits[self._side[s]]
            drawn = []
            while len(hand) < limit:
                t = self._draw_one(s, events)
                if t < 0:
                    break
                insort(hand, t)
                drawn.append(t)
            if drawn:
                codes = [g.fighters[s].cards[t].code for t in drawn]
                events.append(Event("refill", s, {"count": len(drawn)}, ((s,), {"cards": codes})))
        for s in self._ring:
            if self._flip[s]:
                self._flip[s] = False
                self._side[s] ^= 1
                events.append(
                    Event("flip", s, {"side": "AB"[self._side[s]], "power": g.powers[s].sides[self._side[s]].name})
                )
        w = self._winner
        if g.mode == "tag" and w >= 0:
            self._phase = TAG_OUT
            self._to_act = (w,)
            return
        self._start_round(events)

    def _tag(self, seat: int, action: Action) -> list[Event]:
        """2 vs 2: after winning a round you may tag out (switch with your teammate)."""
        if action not in (TAG, STAY):
            raise self._illegal(seat, action, "tag out (tag) or stay in the ring (stay)")
        self._log.append((seat, action))
        events: list[Event] = []
        if action == TAG:
            mate = self._partner(seat)
            self._ring[self.game.team[seat]] = mate
            events.append(Event("tag", seat, {"partner": mate}))
        self._start_round(events)
        return events

    def _choose_starter(self, seat: int, action: Action) -> list[Event]:
        """2 vs 2: each team chooses which fighter begins the fight in the ring."""
        g = self.game
        team = g.team[seat]
        if action.__class__ is not Pick or action not in [g.picks[s] for s in g.teams[team]]:
            names = " or ".join(g.fighters[s].id for s in g.teams[team])
            raise self._illegal(seat, action, f"send {names} into the ring")
        self._log.append((seat, action))
        self._pick[team] = next(s for s in g.teams[team] if g.picks[s] == action)
        events = [Event("pick", seat, {}, (g.teams[team], {"fighter": action.text}))]
        if self._answered(seat):
            self._ring = self._pick[:]
            events.append(Event("ring", None, {"seats": list(self._ring)}))
            self._start_round(events)
        return events

    # -- the end of a fight -------------------------------------------------------------

    def _end_fight(self, events: list[Event]) -> None:
        """A knocked-out fighter loses the fight; a double knock-out is a draw."""
        g = self.game
        lost = {g.team[s] for s in range(g.players) if self._ko[s]}
        winner = 1 - lost.pop() if len(lost) == 1 else -1
        if winner >= 0:
            self._wins[winner] += 1
        self._results.append(winner)
        events.append(Event("fight_over", None, {"fight": self._fight, "winner": winner, "wins": list(self._wins)}))
        a, b = self._wins
        played = len(self._results)
        need = g.best_of // 2 + 1
        if max(a, b) >= need or (played >= g.best_of and a != b) or played >= g.best_of * FIGHTS_PER_BEST_OF:
            self._phase = OVER
            self._to_act = ()
            events.append(Event("end", None, self.result().to_dict()))
            return
        # Not decided (a drawn match after best_of fights gets an extra fight).
        self._fight += 1
        self._start_fight(events)

    # -- the deck -----------------------------------------------------------------------

    def _draw_one(self, s: int, events: list[Event]) -> int:
        """The top card of ``s``'s deck (-1 if there is none); the last one makes them Stagger."""
        deck = self._draw[s]
        if not deck:
            self._stagger(s, events)
            if not deck:
                return -1
        t = deck.pop()
        if not deck:
            self._stagger(s, events)
        return t

    def _discard_top(self, s: int, events: list[Event]) -> int:
        """Discard the top card of the deck (damage, a power's cost)."""
        t = self._draw[s].pop()
        self._disc[s].append(t)
        if not self._draw[s]:
            self._stagger(s, events)
        return t

    def _stagger(self, s: int, events: list[Event]) -> None:
        """Staggering: the Staggering Card shows; the discard pile is shuffled into a new deck."""
        deck = self._disc[s]
        self._disc[s] = []
        rng = self._chance.stream()
        rng.shuffle(deck)
        self._draw[s] = deck
        again = self._stag[s]
        self._stag[s] = True
        events.append(Event("stagger", s, {"deck": len(deck), "again": again}))

    # -- helpers for the game object ----------------------------------------------------

    def _cards_of(self, s: int) -> list[int]:
        """Every card of seat ``s``'s fighter, wherever it lies."""
        out = self._hand[s] + self._draw[s] + self._disc[s] + self._aside[s] + self._play[s]
        if self._choice[s] >= 0:
            out.append(self._choice[s])
        return out


def _distinct(cards: list[int], acts: tuple[Action, ...]) -> list[Action]:
    """The actions of the distinct cards of a sorted list."""
    out: list[Action] = []
    last = -1
    for t in cards:
        if t != last:
            out.append(acts[t])
            last = t
    return out


def _title(f: Any, action: Action) -> str:
    t = f.index.get(getattr(action, "code", ""), -1)
    return f"{f.cards[t].title} ({action})" if t >= 0 else repr(str(action))


_HANDLERS = {
    PICK: FighterState._choose_starter,
    PLAY: FighterState._commit,
    RETRO: FighterState._decide_retro,
    COMBO: FighterState._combo,
    DAMAGE: FighterState._take,
    BREATH: FighterState._breath,
    DISCARD: FighterState._discard,
    TAG_OUT: FighterState._tag,
}


__all__ = ["PHASES", "FighterState"]
