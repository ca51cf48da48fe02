"""Dealing Steps and Character Order.

Deal order (fixed, so that stacked decks set up scenarios exactly): every
character's type cards (character 0's left to right, then character 1's,
...), then every character's value cards in the same order (one more each
under Drop Lowest Dealt / Multiple Values Dealt). Under One of Each Type each
character's type cards are the first card of each type it still lacks, met
going down the deal pile. The draw pile gives the Character Order cards first
(character 0 first), then the action values.

Preparing Pairs (``placement=choose``) is a secret decision of every seat at
once, one value card per step, column by column; ``placement=dealt`` keeps
the order dealt.
"""

from __future__ import annotations

from comboarena.core import Action, Event, TurnQueue

from . import actions as A
from .cards import FACE_TYPE, FACE_VALUE, MAX_VALUE, ORDER_KEY
from .table import L_BASE, L_LO, PUBLIC
from .turn import TurnRules
from .view import EV_PLACE, EV_ROUND, P_PLACE, P_TURN, EventKind

#: ``_defcol`` of a character whose defense pair is still to be chosen (One of Each Type).
UNCHOSEN = -2


def deal_type_cards(faces: list[int], chars: int, columns: int, one_of_each: bool) -> tuple[list[list[int]], list[int]]:
    """Target Type Order: each character's type card ids, left to right, and the ids left in the deal pile."""
    pile = list(range(len(faces)))
    if not one_of_each:
        types = [pile[c * columns : (c + 1) * columns] for c in range(chars)]
        return types, pile[chars * columns :]
    types = []
    for _ in range(chars):
        mine: list[int] = []
        have: set[int] = set()
        for card in pile:
            t = FACE_TYPE[faces[card]]
            if t not in have:
                have.add(t)
                mine.append(card)
                if len(mine) == 4:
                    break
        for card in mine:
            pile.remove(card)
        types.append(mine)
    return types, pile


def play_order(order_faces: list[int], round_robin: bool) -> tuple[int, ...]:
    """Character Order: highest order card first (ties by rank, then type ♥ ♦ ♣ ♠);
    Round-robin Order: the highest first, then the others in number order."""
    ranked = sorted(range(len(order_faces)), key=lambda c: ORDER_KEY[order_faces[c]], reverse=True)
    if not round_robin:
        return tuple(ranked)
    first = ranked[0]
    n = len(order_faces)
    return tuple((first + i) % n for i in range(n))


class SetupRules(TurnRules):
    """Preparing Pairs and the start of play."""

    __slots__ = ()

    def _placing(self, c: int) -> bool:
        g = self.game
        if g.one_of_each and self._defcol[c] == UNCHOSEN:
            return True
        return self._next[c] < g.columns or (g.multiple_values and bool(self._pend[c]))

    def _place_actions(self, seat: int) -> list[Action]:
        g = self.game
        for c in g.seat_chars[seat]:
            if not self._placing(c):
                continue
            if g.one_of_each and self._defcol[c] == UNCHOSEN:
                return [A.COL["defense"][col] for col in range(g.columns)]
            if self._next[c] < g.columns:
                return [A.PLACE[self._face[card]] for card in self._pend[c]]
            return [A.COL["stack"][col] for col in range(g.columns)]
        return []

    def _place(self, seat: int, action: Action, events: list[Event]) -> None:
        """Preparing Pairs: one value card into the next column (or the defense choice, or the stack)."""
        g = self.game
        c = next(c for c in g.seat_chars[seat] if self._placing(c))
        row = self._rows[c]
        if action.__class__ is A.Place:
            pend = self._pend[c]
            face = self._face
            want = action.face  # type: ignore[attr-defined]
            for i, card in enumerate(pend):
                if face[card] == want:
                    del pend[i]
                    break
            col = self._next[c]
            self._next[c] = col + 1
            self._set_value(row[col], (card,))
            events.append(Event(EV_PLACE, seat, {"character": c, "column": A.LETTERS[col]},
                                ((seat,), {"card": self._text(card)})))
            if self._next[c] == g.columns and g.drop_lowest:
                dropped = self._pend[c].pop()
                self._discard_cards(dropped)
                events.append(Event(EV_PLACE, seat, {"character": c, "dropped": True},
                                    ((seat,), {"card": self._text(dropped)})))
        elif isinstance(action, A.Column) and action.verb == "defense":
            self._defcol[c] = action.col
            events.append(Event(EV_PLACE, seat, {"character": c, "defense": A.LETTERS[action.col]}))
        else:
            assert isinstance(action, A.Column)
            card = self._pend[c].pop()
            p = row[action.col]
            self._set_value(p, (*self._pvc[p], card))
            events.append(Event(EV_PLACE, seat, {"character": c, "column": A.LETTERS[action.col],
                                                         "stacked": True}, ((seat,), {"card": self._text(card)})))
        if not any(self._placing(x) for x in g.seat_chars[seat]):  # only this seat's work changed
            self._to_act = tuple(s for s in self._to_act if s != seat)
            if not self._to_act:
                self._begin_play(events)

    def _set_value(self, p: int, cards: tuple[int, ...]) -> None:
        """A pair's value from its dealt cards: the sum (Multiple Values Dealt), plus the
        type card's number under One of Each Type (not with Multiple Values Dealt); at most 14."""
        g = self.game
        tokens = cards
        if g.one_of_each and not g.multiple_values:
            tokens = (self._ptc[p], *cards)
        self._pvc[p] = cards
        self._ptok[p] = tokens
        face, known = self._face, self._known
        total = 0
        public = True
        for t in tokens:
            total += FACE_VALUE[face[t]]
            if not known[t] & PUBLIC:
                public = False
        self._pva[p] = total if total < MAX_VALUE else MAX_VALUE
        self._pled[p] = () if public else ((L_BASE, *tokens),)

    def _begin_play(self, events: list[Event]) -> None:
        """Show Defense Pair Type, then the first round."""
        g = self.game
        for c in range(g.n_chars):
            self._show_defense(c, events)
        events.append(Event(EventKind.PLACED, None, {"defense": [self._defense(c) for c in range(g.n_chars)]}))
        order = play_order([self._face[card] for card in self._order], g.round_robin)
        self._queue = TurnQueue.start(order)
        events.append(Event(EV_ROUND, None, {"round": 1}))
        self._start_turn((0, -1, 0), events)


def deal(s: SetupRules, faces: list[int], draw_top_first: list[int], events: list[Event]) -> None:
    """Dealing Steps on a fresh state ``s`` (its lists already empty)."""
    g = s.game
    n, cols = g.n_chars, g.columns
    extra = 1 if (g.drop_lowest or g.multiple_values) else 0
    s._draw = draw_top_first[::-1]
    types, pile = deal_type_cards(faces, n, cols, g.one_of_each)
    values = [pile[c * (cols + extra) : (c + 1) * (cols + extra)] for c in range(n)]
    s._unused = pile[n * (cols + extra) :]
    known = s._known
    ptc, pty, rows = s._ptc, s._pty, s._rows
    for c in range(n):
        bit = 1 << g.char_seat[c]
        row = rows[c]
        for card in types[c]:  # each type card a new pair with no value yet (``_new_pair``, inlined)
            row.append(len(ptc))
            ptc.append(card)
            pty.append(FACE_TYPE[faces[card]])
            known[card] |= bit
        for card in values[c]:
            known[card] |= bit
    pairs = len(ptc)
    s._pvc, s._pva, s._pown = [()] * pairs, [0] * pairs, [c for c in range(n) for _ in types[c]]
    s._ptok, s._pled = [()] * pairs, [()] * pairs
    if g.one_of_each:
        s._groups = tuple(tuple(t) for t in types)
    for _ in range(n):
        card = s._draw.pop()
        s._order = (*s._order, card)
        s._reveal(card)
    events.append(Event(EventKind.DEAL, None, {"order": [s._text(x) for x in s._order]}))
    if g.placement == "choose":
        for c in range(n):
            s._pend[c] = list(values[c])
            if g.one_of_each:
                s._defcol[c] = UNCHOSEN
        s._phase = P_PLACE
        s._to_act = tuple(range(g.players))
        return
    for c in range(n):
        dealt = list(values[c])
        lows: list[tuple[int, int]] = []
        if g.drop_lowest:
            low = min(FACE_VALUE[faces[x]] for x in dealt)
            dropped = [x for x in dealt if FACE_VALUE[faces[x]] == low][-1]
            dealt.remove(dropped)
            s._discard_cards(dropped)
            s._reveal(dropped)  # the dealer drops it openly
            lows = [(low, x) for x in dealt]
        row = s._rows[c]
        for col in range(cols):
            s._set_value(row[col], (dealt[col],))
        if g.multiple_values:
            p = row[cols - 1]
            s._set_value(p, (*s._pvc[p], dealt[cols]))
        for low, x in lows:
            p = next(q for q in row if x in s._pvc[q])
            if s._pled[p]:
                s._pled[p] = (*s._pled[p], (L_LO, low, x))
        if g.one_of_each:
            s._defcol[c] = cols - 1
    s._phase = P_TURN
    s._begin_play(events)


__all__ = ["UNCHOSEN", "SetupRules", "deal", "deal_type_cards", "play_order"]
