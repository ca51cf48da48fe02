"""A turn of 16 Combos as a phase machine, and rounds, extra turns and the end.

Steps on Your Turn, each a decision of the right seat:

    turn                 the active character announces <type>><target> (or passes)
    consultation         the target chooses which pair faces the action (if it has a Consultation pair)
    predictive reaction  the target may use a face card (change or swap), even against a surprise
    (draw a value)       one card, two after Scavenge, none for a wild, a stolen pair, a shove or a counter
    scavenge             add the two drawn, or take the waste value
    face card            the active character keeps, changes or swaps a drawn face card ("level 10 vitality")
    informed reaction    the target may react now, unless the action is a Surprise
    (check)              see ``check.py``; then the combo (``combos.py``), recovery and counter
    change stance        One of Each Type: the active character may move its defense pair

Rounds: the characters act from the highest Character Order card (or in
Round-robin Order); extra turns are inserted right after the current turn;
reactions come back at the start of each round.
"""

from __future__ import annotations

from comboarena.core import Action, Event

from . import actions as A
from .cards import FACE_TYPES, MAX_VALUE
from .check import CheckRules
from .combos import ANY_PAIR, COMBO, NEXT_PAIR, REGULAR, SURPRISES
from .table import L_EQ, L_SUB, OUT, PUBLIC, REACTED, SCAVENGE, SHOVED, Act
from .view import (
    EV_ANNOUNCE,
    EV_DRAW,
    EV_PASS,
    EV_REACT,
    EV_ROUND,
    EV_TURN,
    EV_VALUE,
    O_CRITICAL,
    P_CONSULT,
    P_COUNTER,
    P_EFFECT,
    P_FACE,
    P_INFORM,
    P_OVER,
    P_PLACE,
    P_PREDICT,
    P_RECOVER,
    P_SCAVENGE,
    P_STANCE,
    P_TURN,
    S_DRAW,
    S_SCAVENGE,
    S_SHOVE,
    S_STOLEN,
    S_SWAP,
    S_WASTE,
    S_WILD,
    EventKind,
)

#: ``Act.kind`` bit: the target chose its Consultation pair as a shield.
SHIELD = 1
#: How a game ends (``_finish``'s ``kind``; the first is also a result reason).
LAST_SIDE = "last side standing"
ROUND_LIMIT = "round limit"
#: Result reasons at the round limit, by what decided it (the simulator counts reasons, so
#: the numbers are in the result line, not here); and the draw when no side is left.
MOST_PAIRS = "round limit: most pairs in play"
MOST_VALUE = "round limit: pairs in play level, higher total value"
LEVEL = "round limit: pairs in play and total value level, a draw"
NO_SIDE = "no side left standing, a draw"


class TurnRules(CheckRules):
    """The turn's steps, the rounds and the end of the game."""

    __slots__ = ()

    # -- legal actions ---------------------------------------------------------------

    def _legal(self, seat: int) -> list[Action]:
        phase = self._phase
        if phase == P_PLACE:
            return self._place_actions(seat)
        if seat not in self._to_act:
            return []
        a = self._a
        if phase == P_TURN:
            return self._turn_actions(a.actor)
        if phase in (P_PREDICT, P_INFORM):
            return self._reaction_actions()
        if phase == P_EFFECT:
            return self._effect_actions(a.effect)
        if phase == P_COUNTER:
            return [A.COUNTER, A.PASS]
        if phase == P_FACE:
            return self._face_actions()
        if phase == P_CONSULT:
            return [A.CONSULT, A.DEFENSE]
        if phase == P_SCAVENGE:
            return [A.ADD, A.WASTE]
        if phase == P_RECOVER:
            return [*(A.COL["recover"][col] for col in self._in_play(a.tchar)), A.PASS]
        if phase == P_STANCE:
            c = self._queue.current
            d = self._defense(c)
            return [*(A.COL["stance"][col] for col in self._in_play(c) if col != d), A.PASS]
        return []

    def _turn_actions(self, c: int) -> list[Action]:
        """Choose an Action Type: the available types against each enemy character."""
        flags = self._flags[c]
        if flags & SHOVED:
            t = self._pty[self._defense_pair(c)]
            return [A.ANNOUNCE[t][x] for x in self._enemies(c)]  # no pass: "unless shoved"
        stolen = self._stolen[c]
        if stolen >= 0:
            t = self._pty[stolen]
            return [*(A.ANNOUNCE[t][x] for x in self._enemies(c)), A.PASS]
        a = self._a
        suits = self._row_suits(c)
        can_draw = self._can_draw()
        wild = bool(self._wild[c])
        out: list[Action] = []
        if a.extra == NEXT_PAIR:
            targets = [a.tchar]
        else:
            targets = self._enemies(c)
        for t in range(4):
            by_draw = can_draw and suits[t] >= 2
            by_wild = wild and suits[t] >= 1
            if not (by_draw or by_wild):
                continue
            for x in targets:
                if a.extra == ANY_PAIR:
                    for col in self._in_play(x):
                        if by_draw:
                            out.append(A.ANNOUNCE_AT[t][x][col])
                        if by_wild:
                            out.append(A.ANNOUNCE_AT_WILD[t][x][col])
                else:
                    if by_draw:
                        out.append(A.ANNOUNCE[t][x])
                    if by_wild:
                        out.append(A.ANNOUNCE_WILD[t][x])
        out.append(A.PASS)
        return out

    def _reaction_actions(self) -> list[Action]:
        """Face Card as Target Value: change the type or swap the cards (or pass)."""
        a = self._a
        p = a.tpair
        out: list[Action] = [A.PASS]
        if self._phase == P_INFORM and COMBO[self._pty[p]][a.type] in SURPRISES:
            return out  # Surprise: no changes after the action value is revealed
        current = self._pty[p]
        for t in self._face_card_types(p):
            if t != current:
                out.append(A.CHANGE[t])
        stack = self._pvc[p]
        if len(stack) == 1:
            types = FACE_TYPES[self._face[stack[0]]]
            if len(types) == 2:
                out += [A.SWAP_JOKER[t] for t in types]
            elif types:
                out.append(A.SWAP)
        return out

    def _face_actions(self) -> list[Action]:
        """Face Card as Action Value: keep, change the type (one of it in the row), or swap
        the face card with a value-row card of the announced type (two of it in the row)."""
        a = self._a
        c = a.actor
        card = a.drawn[0]
        out: list[Action] = [A.KEEP]
        suits = self._row_suits(c)
        for t in FACE_TYPES[self._face[card]]:
            if t != a.type and suits[t] >= 1:
                out.append(A.CHANGE[t])
        if suits[a.type] >= 2:
            row = self._rows[c]
            for col in self._in_play(c):
                stack = self._pvc[row[col]]
                if len(stack) == 1 and self._type_of(stack[0]) == a.type:
                    out.append(A.COL["swap"][col])
        return out

    def _prime(self, seat: int, options: list[Action]) -> None:  # state.py: the legal-actions cache
        pass

    # -- applying -----------------------------------------------------------------------

    def _dispatch(self, seat: int, action: Action, events: list[Event]) -> None:
        phase = self._phase
        if phase == P_PLACE:
            self._place(seat, action, events)
        elif phase == P_TURN:
            if action is A.PASS:
                self._pass_turn(events)
            else:
                assert isinstance(action, A.Announce)
                self._announce(action, events)
        elif phase in (P_PREDICT, P_INFORM):
            self._react(action, events)
        elif phase == P_EFFECT:
            self._do_effect(action, events)
        elif phase == P_COUNTER:
            if action is A.COUNTER:
                self._counter(events)
            else:
                events.append(Event(EV_PASS, seat, {"character": self._a.tchar, "step": "counter"}))
                self._effect_done(events)
        elif phase == P_FACE:
            self._face_card(action, events)
        elif phase == P_CONSULT:
            self._consult_choice(action is A.CONSULT, events)
        elif phase == P_SCAVENGE:
            self._scavenge_choice(action is A.ADD, events)
        elif phase == P_RECOVER:
            self._recover(action, events)
        elif phase == P_STANCE:
            self._change_stance(action, events)

    def _pass_turn(self, events: list[Event]) -> None:
        """Passing: the active character takes no action (a held stolen pair is lost)."""
        c = self._a.actor
        events.append(Event(EV_PASS, self.game.char_seat[c], {"character": c, "step": "turn"}))
        stolen = self._stolen[c]
        if stolen >= 0:
            self._remove_pair(stolen, events, "unused")
        self._turn_over(events)

    def _announce(self, action: A.Announce, events: list[Event]) -> None:
        """Target Character, Defense Pair, Choose an Action Type."""
        a = self._a
        c, x = a.actor, action.target
        a.type = action.type
        a.tchar = x
        if a.extra == ANY_PAIR:
            a.tcol = action.col
        elif a.extra != NEXT_PAIR:
            a.tcol = self._defense(x)
        a.tpair = self._rows[x][a.tcol]
        flags = self._flags[c]
        if flags & SHOVED:
            self._flags[c] = flags & ~SHOVED
            a.source = S_SHOVE
            self._record_own_type(self._defense_pair(c), action.type)
        elif self._stolen[c] >= 0:
            a.source = S_STOLEN
        elif action.wild:
            a.source = S_WILD
            self._record_available(c, action.type, 1)
        else:
            a.source = S_DRAW
            self._record_available(c, action.type, 2)
        events.append(
            Event(
                EV_ANNOUNCE,
                self.game.char_seat[c],
                {"actor": c, "target": x, "column": A.LETTERS[a.tcol], "pair": a.tpair, "type": "HDCS"[a.type],
                 "source": ("drawn", "scavenged", "waste", "wild", "stolen", "shoved")[a.source]},
            )
        )
        self._targeted(events)

    def _record_available(self, c: int, t: int, need: int) -> None:
        """Available Actions is public evidence: the value row held ``need`` cards of type ``t``."""
        cards = self._row_cards(c)
        self._record_fact(cards, (1 << t,) * len(cards), need, len(cards))

    def _record_face_step(self, opened: bool) -> None:
        """Whether the Face Card step is asked is public, and it is asked exactly when the actor
        may change (a value-row card of the face card's other type) or swap (a lone value card
        of the announced type; the announcement proved two of that type in the row)."""
        a = self._a
        c = a.actor
        other = 0
        for t in FACE_TYPES[self._face[a.drawn[0]]]:
            if t != a.type:
                other |= 1 << t
        cards: list[int] = []
        masks: list[int] = []
        pvc = self._pvc
        for p in self._rows[c]:
            if p >= 0:
                stack = pvc[p]
                lone = len(stack) == 1
                for card in stack:
                    cards.append(card)
                    masks.append(other | (1 << a.type) if lone else other)
        self._record_fact(cards, masks, 1 if opened else 0, len(cards) if opened else 0)

    def _targeted(self, events: list[Event]) -> None:
        a = self._a
        x = a.tchar
        if self._consult[x] >= 0 and a.tpair == self._defense_pair(x):
            self._ask(P_CONSULT, self.game.char_seat[x])
            return
        self._predictive(events)

    def _consult_choice(self, consult: bool, events: list[Event]) -> None:
        """Consultation: which pair faces the action; "then discard the other pair"."""
        a = self._a
        x = a.tchar
        cp, dp = self._consult[x], a.tpair
        shield = self.game.consultation == "shield"
        chose = "consult" if consult else "defense"
        events.append(Event(EventKind.CONSULT, self.game.char_seat[x],
                            {"character": x, "pair": cp if consult else dp, "chose": chose}))
        if not consult:
            self._remove_pair(cp, events, "consultation")
        elif shield:
            a.tpair, a.tcol = cp, -1
            a.kind |= SHIELD
        else:
            self._consult[x] = -1
            self._rows[x][a.tcol] = cp
            self._remove_pair(dp, events, "consultation")
            a.tpair = cp
        self._predictive(events)

    def _window_opens(self) -> bool:
        """A reaction window opens whenever the target might react as far as the table knows."""
        a = self._a
        x = a.tchar
        if self._flags[x] & (REACTED | OUT) or self._incap[x]:  # it cannot react
            return False
        p = a.tpair
        stack = self._pvc[p]
        top = stack[-1]
        if not self._known[top] & PUBLIC:
            return True
        if FACE_TYPES[self._face[top]]:
            return True
        if self._all_public(self._ptok[p]):
            return self._pva[p] >= MAX_VALUE
        return len(stack) > 1 or len(self._ptok[p]) > 1

    def _predictive(self, events: list[Event]) -> None:
        if self._window_opens():
            self._ask(P_PREDICT, self.game.char_seat[self._a.tchar])
        else:
            self._take_value(events)

    def _react(self, action: Action, events: list[Event]) -> None:
        """A reaction: Face Card as Target Value, a change or a swap (shown to the table)."""
        a = self._a
        phase = self._phase
        if action is not A.PASS:
            x, p = a.tchar, a.tpair
            self._flags[x] |= REACTED
            data: dict[str, object] = {"character": x, "pair": p, "step": "predictive" if phase == P_PREDICT
                                       else "informed"}
            if isinstance(action, A.Change):
                top = self._pvc[p][-1]
                self._reveal(top, self._ptc[p])
                self._pty[p] = action.type
                data.update(reaction="change", type="HDCS"[action.type], card=self._text(top))
            else:
                card, old = self._pvc[p][0], self._ptc[p]
                self._ptc[p] = card
                self._pvc[p] = (old,)
                t = self._type_of(card)
                self._pty[p] = action.type if isinstance(action, A.SwapJoker) else t
                self._reveal(card)
                self._rebase(p, (old,))
                data.update(reaction="swap", type="HDCS"[self._pty[p]], card=self._text(card))
            events.append(Event(EV_REACT, self.game.char_seat[x], data))
        if phase == P_PREDICT:
            self._take_value(events)
        else:
            self._check(events)

    def _take_value(self, events: list[Event]) -> None:
        """Draw a Value (or take it from a wild, a stolen pair, a shove, a counter)."""
        a = self._a
        c = a.actor
        src = a.source
        if src == S_SHOVE:
            dp = self._defense_pair(c)
            a.value = self._pva[dp]
            self._log_value(dp, (L_EQ, a.value))
        elif src == S_STOLEN:
            sp = self._stolen[c]
            self._stolen[c] = -1
            self._pown[sp] = -1
            a.value = self._pva[sp]
            self._log_value(sp, (L_EQ, a.value))
            a.cards = self._pvc[sp]
            self._reveal(*a.cards)
            self._discard_cards(self._ptc[sp])
        elif src == S_WILD:
            a.cards, a.value = self._wild[c], self._wildv[c]
            self._wild[c], self._wildv[c] = (), 0
        elif src == S_DRAW:
            if self._flags[c] & SCAVENGE:
                self._flags[c] &= ~SCAVENGE
                first = self._draw_card(events)
                second = self._draw_card(events) if first >= 0 else -1
                if second >= 0:
                    self._reveal(first, second)
                    a.drawn = (first, second)
                    events.append(self._draw_event(c, a.drawn))
                    if self._waste:
                        self._ask(P_SCAVENGE, self.game.char_seat[c])
                        return
                    self._scavenge_choice(True, events)
                    return
                card = first
            else:
                card = self._draw_card(events)
            self._reveal(card)
            a.drawn = a.cards = (card,)
            a.value = self._value_of(card)
            events.append(self._draw_event(c, a.drawn))
            if FACE_TYPES[self._face[card]]:
                options = self._face_actions()
                self._record_face_step(len(options) > 1)
                if len(options) > 1:
                    seat = self.game.char_seat[c]
                    self._ask(P_FACE, seat)
                    self._prime(seat, options)
                    return
        self._value_final(events)

    def _draw_event(self, c: int, cards: tuple[int, ...]) -> Event:
        return Event(EV_DRAW, self.game.char_seat[c],
                     {"character": c, "cards": [self._text(x) for x in cards], "ids": list(cards)})

    def _scavenge_choice(self, add: bool, events: list[Event]) -> None:
        """Scavenge's two drawn cards: added (Unlimited), or the waste value taken."""
        a = self._a
        first, second = a.drawn
        if add:
            a.value = self._value_of(first) + self._value_of(second)
            a.cards = a.drawn
            a.source = S_SCAVENGE
        else:
            a.value = self._wastev
            self._discard_value((first,), self._value_of(first))
            self._discard_value((second,), self._value_of(second))
            a.cards = ()
            a.source = S_WASTE
        self._value_final(events)

    def _face_card(self, action: Action, events: list[Event]) -> None:
        """Face Card as Action Value: announce the value, with a new type if it changed."""
        a = self._a
        c = a.actor
        if isinstance(action, A.Change):
            self._record_available(c, action.type, 1)
            a.type = action.type
        elif isinstance(action, A.Column):
            q = self._rows[c][action.col]
            old = self._pvc[q][0]
            a.value = self._pva[q]
            self._log_value(q, (L_EQ, a.value))
            card = a.drawn[0]
            self._pvc[q] = (card,)
            self._rebase(q, (card,))
            self._reveal(old)
            a.cards = (old,)
            a.source = S_SWAP
            events.append(Event(EventKind.EFFECT, self.game.char_seat[c],
                                {"effect": "face swap", "character": c, "column": A.LETTERS[action.col],
                                 "card": self._text(card), "value_card": self._text(old)}))
        self._value_final(events)

    def _value_final(self, events: list[Event]) -> None:
        """The action's value is announced ("level 10 vitality"); then the Informed Reaction."""
        a = self._a
        events.append(
            Event(EV_VALUE, self.game.char_seat[a.actor],
                  {"actor": a.actor, "value": a.value, "type": "HDCS"[a.type],
                   "cards": [self._text(x) for x in a.cards]})
        )
        p = a.tpair
        surprise = self._known[self._ptc[p]] & PUBLIC and COMBO[self._pty[p]][a.type] in SURPRISES
        if not surprise and self._window_opens():
            self._ask(P_INFORM, self.game.char_seat[a.tchar])
        else:
            self._check(events)

    def _change_stance(self, action: Action, events: list[Event]) -> None:
        """Change Stance (One of Each Type): another pair becomes the defense pair."""
        c = self._queue.current
        if isinstance(action, A.Column):
            self._defcol[c] = action.col
            self._show_defense(c, events)
            events.append(Event(EventKind.STANCE, self.game.char_seat[c], {"character": c,
                                                                           "column": A.LETTERS[action.col]}))
        self._end_turn(events)

    # -- the end of an action, a turn, a round ----------------------------------------------

    def _action_done(self, events: list[Event]) -> None:
        a = self._a
        if a.kind & SHIELD:
            x = a.tchar
            cp = self._consult[x]
            if cp >= 0 and cp == a.tpair:
                self._remove_pair(cp, events, "consultation")
        if self._game_over():
            return
        if a.counter:
            self._end_turn(events)
        else:
            self._turn_over(events)

    def _turn_over(self, events: list[Event]) -> None:
        a = self._a
        c = self._queue.current
        if (
            self.game.one_of_each
            and not self._flags[c] & OUT
            and not self._incap[c]
            and not (a.actor == c and a.outcome == O_CRITICAL)  # not on a critical failure
            and len(self._in_play(c)) >= 2
        ):
            self._a = Act(c) if a.actor != c else a
            self._ask(P_STANCE, self.game.char_seat[c])
            return
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        if self._phase == P_OVER:
            return
        info = self._advance(events)
        if info is not None:
            self._start_turn(info, events)

    def _advance(self, events: list[Event]) -> tuple[int, int, int] | None:
        """The next turn (an extra turn first); a new round after the order's last."""
        q = self._queue
        flags = self._flags
        while q.extra:
            info, self._xinfo = self._xinfo[0], self._xinfo[1:]
            q = q._replace(extra=q.extra[1:], current=q.extra[0], extra_turn=True)
            if not flags[q.current] & OUT:
                self._queue = q
                return info
        nq = q.advance(skip=lambda c: bool(flags[c] & OUT))
        self._queue = nq
        if nq.round != q.round and not self._new_round(events):
            return None
        return (REGULAR, -1, 0)

    def _new_round(self, events: list[Event]) -> bool:
        """Reactions come back each round; after ``round_limit`` rounds the game ends."""
        r = self._queue.round
        if r > self.game.round_limit:
            self._finish(ROUND_LIMIT)
            return False
        flags = self._flags
        for c in range(len(flags)):
            flags[c] &= ~REACTED
        events.append(Event(EV_ROUND, None, {"round": r}))
        return True

    def _start_turn(self, info: tuple[int, int, int], events: list[Event]) -> None:
        seat = self.game.char_seat
        while True:
            c = self._queue.current
            kind, target, _ = info
            if self._defends or self._grap[c]:
                self._turn_start(c, events)
                if self._phase == P_OVER:
                    return
            skip = ""
            if self._flags[c] & OUT:
                skip = "out"
            elif self._incap[c] == self._queue.round:
                skip = "incapacitated"
            else:
                self._incap[c] = 0
            a = Act(c)
            a.extra = kind
            if not skip and kind == NEXT_PAIR:
                a.tchar = target
                a.tcol = self._next_pair(target)
                if a.tcol < 0 or self._flags[target] & OUT:
                    skip = "no next pair"
                else:
                    a.tpair = self._rows[target][a.tcol]
            if not skip:
                self._a = a
                self._ask(P_TURN, seat[c])
                events.append(Event(EV_TURN, seat[c], {"character": c, "round": self._queue.round,
                                                             "extra": ("", "any pair", "next pair")[kind]}))
                return
            events.append(Event(EventKind.SKIP, seat[c], {"character": c, "why": skip}))
            nxt = self._advance(events)
            if nxt is None:
                return
            info = nxt

    def _turn_start(self, c: int, events: list[Event]) -> None:
        """At the start of a character's turn its Defend cards expire and its grappled pairs return."""
        mine = [d for d in self._defends if d[0] == c] if self._defends else None
        if mine:
            self._defends = tuple(d for d in self._defends if d[0] != c)
            for _, p, cards, amount in mine:
                if self._pown[p] < 0:
                    continue
                self._pvc[p] = tuple(x for x in self._pvc[p] if x not in cards)
                self._pva[p] -= amount
                self._log_value(p, (L_SUB, amount))
                self._discard_value(cards, amount)
                events.append(Event(EventKind.EXPIRE, self.game.char_seat[c],
                                    {"character": self._pown[p], "pair": p, "cards": [self._text(x) for x in cards]}))
                if self._pva[p] <= 0:
                    self._remove_pair(p, events, "defend expired")
        if self._grap[c]:
            row = self._rows[c]
            for col, p in self._grap[c]:
                row[col] = p
                events.append(Event(EventKind.RETURN, self.game.char_seat[c],
                                    {"character": c, "pair": p, "column": A.LETTERS[col]}))
            self._grap[c] = ()
            self._show_defense(c, events)

    def _next_pair(self, x: int) -> int:
        """Grapple's "next pair (next to their defense pair)": the nearest pair in play left
        of the held one, else right of it."""
        row = self._rows[x]
        held = self._grap[x][-1][0] if self._grap[x] else self._defense(x)
        for col in range(held - 1, -1, -1):
            if row[col] >= 0:
                return col
        for col in range(held + 1, len(row)):
            if row[col] >= 0:
                return col
        return -1

    def _game_over(self) -> bool:
        """Whether the game has ended (the last side standing is found as a character goes out)."""
        return self._phase == P_OVER

    def _last_side(self) -> None:
        sides = {self.game.char_side[c] for c in range(len(self._flags)) if not self._flags[c] & OUT}
        if len(sides) <= 1:
            self._finish(LAST_SIDE)

    def _finish(self, kind: str) -> None:
        """Winning: the last side standing, or at the round limit the most pairs in play,
        then the higher total value; else a draw. Once the game is over nothing is hidden:
        every card that is not in the draw pile is turned face up."""
        game = self.game
        pairs = [0] * len(game.sides)
        total = [0] * len(game.sides)
        for c in range(len(self._flags)):
            if self._flags[c] & OUT:
                continue
            side = game.char_side[c]
            for p in self._rows[c]:
                if p >= 0:
                    pairs[side] += 1
                    total[side] += self._pva[p]
            for _, p in self._grap[c]:
                pairs[side] += 1
                total[side] += self._pva[p]
        best = max((pairs[s], total[s]) for s in range(len(pairs)))
        top = tuple(s for s in range(len(pairs)) if (pairs[s], total[s]) == best)
        most = max(pairs)
        if kind == LAST_SIDE:
            reason = LAST_SIDE if len(top) == 1 else NO_SIDE
        elif len(top) > 1:
            reason = LEVEL
        else:
            reason = MOST_PAIRS if pairs.count(most) == 1 else MOST_VALUE
        self._outcome = (top if len(top) == 1 else (), reason, tuple(pairs), tuple(total))
        self._phase = P_OVER
        self._to_act = ()
        in_pile = set(self._draw)
        self._known = [k if c in in_pile else k | PUBLIC for c, k in enumerate(self._known)]

    # -- Preparing Pairs (setup.py) ---------------------------------------------------------

    def _place_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _place(self, seat: int, action: Action, events: list[Event]) -> None:
        raise NotImplementedError


__all__ = ["LAST_SIDE", "LEVEL", "MOST_PAIRS", "MOST_VALUE", "NO_SIDE", "ROUND_LIMIT", "SHIELD", "TurnRules"]
