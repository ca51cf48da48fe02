"""The table of 16 Combos: its data and the primitive moves every rule uses.

A **pair** is a type card and a value stack with a current type and value;
pairs are numbered (their public id) and kept in parallel flat lists, so a
clone copies a few short lists. A character's **row** lists its columns left
to right: a pair id, ``EMPTY`` (a column whose pair is gone) or ``HELD`` (a
pair held out of play by a Grapple).

**Knowledge**: ``_known[card]`` is a bit mask of the seats that know which
card that is, with ``PUBLIC`` when the whole table does (it was face up at
some point; people remember). Views show a card to a seat that knows it.

**Ledgers**: a pair whose value is not known to everyone keeps the public
history of its value (``_pled``): its base cards and every check, damage and
increase, each with the numbers the table saw. ``knowledge.py`` replays a
ledger to tell which hidden cards are still possible.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from comboarena.core import Event, State, TurnQueue

from .cards import CARD_IDS, DRAW0, DRAW_TEXT, FACE_TYPE, FACE_TYPES, FACE_VALUE, FACES, MAX_VALUE
from .view import P_OVER, EventKind

if TYPE_CHECKING:
    from .game import SixteenCombos

#: Row entries besides pair ids.
EMPTY, HELD = -1, -2
#: The knowledge bit of the whole table (seats are bits 0..7).
PUBLIC = 1 << 15
#: Character flags.
SCAVENGE, SHOVED, REACTED, OUT = 1, 2, 4, 8

#: Faces and types of the card ids after the deal deck's (two unused ids, then the draw deck).
_DRAW_FACES = (0, 0, *range(CARD_IDS - DRAW0))
_DRAW_CTYPE = tuple(FACE_TYPE[f] for f in _DRAW_FACES)

#: Ledger operations (tuples of ints, the op code first).
L_BASE, L_CHK, L_DMG, L_ADD, L_SUB, L_EQ, L_REBASE, L_DMGBY, L_LO, L_SET = range(10)
#: Bounds of an open-ended outcome range in a ledger's check.
FAR = 99
#: A public fact about hidden types: ``(cards, masks, least, most)`` says that between
#: ``least`` and ``most`` of ``cards`` have a type in their mask (bit t: type t).
Fact = tuple[tuple[int, ...], tuple[int, ...], int, int]


class Act:
    """The action in progress: who acts on which pair, with what type and value."""

    __slots__ = (
        "actor",
        "cards",
        "combo",
        "counter",
        "diff",
        "drawn",
        "effect",
        "extra",
        "kind",
        "outcome",
        "source",
        "tchar",
        "tcol",
        "tpair",
        "type",
        "value",
    )

    def __init__(self, actor: int = -1) -> None:
        self.actor = actor
        #: The extra turn's kind: 0 regular, 1 any pair (Hire Assassin), 2 Grapple's next pair.
        self.extra = 0
        self.tchar = -1
        self.tcol = -1
        self.tpair = -1
        self.type = -1
        self.value = 0
        self.source = -1
        #: The action value's cards that are not in play (drawn, wild, stolen, swapped out).
        self.cards: tuple[int, ...] = ()
        #: Cards drawn for this action (Scavenge draws two).
        self.drawn: tuple[int, ...] = ()
        self.counter = False
        self.outcome = -1
        self.diff = 0
        self.combo = -1
        #: The combo effect waiting for a decision (``combos.EFFECTS`` name), "" when none.
        self.effect = ""
        #: Free slot for the turn kind bookkeeping (Grapple's Once).
        self.kind = 0

    def copy(self) -> Act:
        new = Act.__new__(Act)
        new.actor, new.cards, new.combo, new.counter = self.actor, self.cards, self.combo, self.counter
        new.diff, new.drawn, new.effect, new.extra = self.diff, self.drawn, self.effect, self.extra
        new.kind, new.outcome, new.source, new.tchar = self.kind, self.outcome, self.source, self.tchar
        new.tcol, new.tpair, new.type, new.value = self.tcol, self.tpair, self.type, self.value
        return new

    def key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in Act.__slots__)


class Table(State):
    """The data of a game of 16 Combos and its primitive moves (no turn logic)."""

    __slots__ = (
        "_a",
        "_cons",
        "_consult",
        "_ctype",
        "_defcol",
        "_defends",
        "_discard",
        "_draw",
        "_face",
        "_flags",
        "_grap",
        "_groups",
        "_incap",
        "_known",
        "_next",
        "_order",
        "_outcome",
        "_pend",
        "_phase",
        "_pled",
        "_pown",
        "_ptc",
        "_ptok",
        "_pty",
        "_pva",
        "_pvc",
        "_queue",
        "_rows",
        "_shown",
        "_stolen",
        "_to_act",
        "_unused",
        "_waste",
        "_wastev",
        "_wild",
        "_wildv",
        "_xinfo",
    )

    game: SixteenCombos
    #: Face of every card id (deal deck: secret; draw deck: the id tells it).
    _face: tuple[int, ...]
    #: Type of every card id (``FACE_TYPE`` of its face, -1 for a joker): read on hot paths.
    _ctype: tuple[int, ...]
    _known: list[int]
    # pairs
    _ptc: list[int]
    _pvc: list[tuple[int, ...]]
    _pty: list[int]
    _pva: list[int]
    _pown: list[int]
    _ptok: list[tuple[int, ...]]
    _pled: list[tuple[tuple[int, ...], ...]]
    # characters
    _rows: list[list[int]]
    _defcol: list[int]
    _shown: list[int]
    _consult: list[int]
    _stolen: list[int]
    _wild: list[tuple[int, ...]]
    _wildv: list[int]
    _grap: list[tuple[tuple[int, int], ...]]
    _flags: list[int]
    _incap: list[int]
    _order: tuple[int, ...]
    _defends: tuple[tuple[int, int, tuple[int, ...], int], ...]
    # piles
    _draw: list[int]
    _discard: list[int]
    _waste: tuple[int, ...]
    _wastev: int
    _unused: list[int]
    # turn
    _queue: TurnQueue
    _xinfo: tuple[tuple[int, int, int], ...]
    _phase: int
    _to_act: tuple[int, ...]
    _a: Act
    _pend: list[list[int]]
    _next: list[int]
    # public knowledge
    _cons: tuple[Fact, ...]
    _groups: tuple[tuple[int, ...], ...]
    #: At the end: the winning sides (none on a draw), the reason, pairs in play and their total value per side.
    _outcome: tuple[tuple[int, ...], str, tuple[int, ...], tuple[int, ...]] | None

    # -- cards --------------------------------------------------------------------

    def _set_faces(self, deal_faces: Sequence[int]) -> None:
        """The faces of every card id: the deal deck's as dealt (secret), then the draw
        deck's, which each id tells."""
        self._face = (*deal_faces, *_DRAW_FACES)
        self._ctype = (*[FACE_TYPE[f] for f in deal_faces], *_DRAW_CTYPE)

    def _value_of(self, card: int) -> int:
        return FACE_VALUE[self._face[card]]

    def _type_of(self, card: int) -> int:
        return FACE_TYPE[self._face[card]]

    def _reveal(self, *cards: int) -> None:
        known = self._known
        for c in cards:
            known[c] |= PUBLIC

    def _tell(self, seat: int, *cards: int) -> None:
        bit = 1 << seat
        known = self._known
        for c in cards:
            known[c] |= bit

    def _is_public(self, card: int) -> bool:
        return bool(self._known[card] & PUBLIC)

    def _record_fact(self, cards: Sequence[int], masks: Sequence[int], least: int, most: int) -> None:
        """Keep a public fact about hidden types (see ``Fact``) that the face-up cards do not
        settle: whatever the table sees a character do, or be asked, that depends on its
        face-down cards tells the table something ``determinize`` must honour."""
        kept = [(card, mask) for card, mask in zip(cards, masks, strict=True) if mask]  # no type: never counts
        most = min(most, len(kept))
        known, ctype = self._known, self._ctype
        sat = hidden = 0
        for card, mask in kept:
            if not known[card] & PUBLIC:
                hidden += 1
            elif ctype[card] >= 0 and mask >> ctype[card] & 1:
                sat += 1
        if sat < least or sat + hidden > most:
            self._cons = (*self._cons, (tuple(c for c, _ in kept), tuple(m for _, m in kept), least, most))

    def _record_own_type(self, p: int, t: int) -> None:
        """An action announced with pair ``p``'s type (a shove, a counter) shows that type,
        though its type card may be face down (Stealth): a face-down type card is still the
        pair's type (a face card change or a joker shows its card)."""
        card = self._ptc[p]
        if not self._is_public(card):
            self._record_fact((card,), (1 << t,), 1, 1)

    # -- pairs ----------------------------------------------------------------------

    def _new_pair(self, owner: int, type_card: int, values: tuple[int, ...], type_: int, value: int,
                  tokens: tuple[int, ...]) -> int:
        p = len(self._ptc)
        self._ptc.append(type_card)
        self._pvc.append(values)
        self._pty.append(type_)
        self._pva.append(value)
        self._pown.append(owner)
        self._ptok.append(tokens)
        self._pled.append(() if self._all_public(tokens) else ((L_BASE, *tokens),))
        return p

    def _all_public(self, cards: tuple[int, ...]) -> bool:
        known = self._known
        return all(known[c] & PUBLIC for c in cards)

    def _log_value(self, p: int, op: tuple[int, ...]) -> None:
        """Record a public fact about pair ``p``'s value while a card it depends on is hidden.

        Ledgers are never shortened: a later ``L_DMGBY`` may refer to an entry by index.
        """
        led = self._pled[p]
        if led:
            known = self._known
            for t in self._ptok[p]:
                if not known[t] & PUBLIC:
                    self._pled[p] = (*led, op)
                    return

    def _rebase(self, p: int, tokens: tuple[int, ...]) -> None:
        """Pair ``p``'s value is now that of ``tokens`` alone (a swap)."""
        self._ptok[p] = tokens
        self._pva[p] = min(MAX_VALUE, sum(self._value_of(t) for t in tokens))
        if self._pled[p]:
            self._pled[p] = (*self._pled[p], (L_REBASE, *tokens))
        elif not self._all_public(tokens):
            self._pled[p] = ((L_BASE, *tokens),)

    def _pair_public(self, p: int) -> None:
        """Both cards of pair ``p`` become face up (Grapple, Insight)."""
        self._reveal(self._ptc[p], *self._pvc[p])

    def _raise_value(self, p: int, amount: int, limited: bool) -> None:
        """Maximum Value: an increase stops at 14 unless Unlimited."""
        v = self._pva[p] + amount
        self._pva[p] = min(v, MAX_VALUE) if limited else v
        self._log_value(p, (L_ADD, amount, 1 if limited else 0))

    def _face_card_types(self, p: int) -> tuple[int, ...]:
        """The types a Face Card reaction may change pair ``p`` to (its top value card's
        face type; a value of 14 or more behaves as a Joker)."""
        top = self._pvc[p][-1]
        types = FACE_TYPES[self._face[top]]
        if self._pva[p] >= MAX_VALUE:
            types = (*types, *[t for t in (3, 0) if t not in types])
        return types

    # -- rows -----------------------------------------------------------------------

    def _in_play(self, c: int) -> list[int]:
        """Columns of character ``c`` holding a pair in play, left to right."""
        row = self._rows[c]
        return [col for col in range(len(row)) if row[col] >= 0]

    def _defense(self, c: int) -> int:
        """The defense pair's column: the chosen one (One of Each Type), else the rightmost in play."""
        row = self._rows[c]
        mark = self._defcol[c]
        if 0 <= mark < len(row) and row[mark] >= 0:
            return mark
        for col in range(len(row) - 1, -1, -1):
            if row[col] >= 0:
                return col
        return -1

    def _defense_pair(self, c: int) -> int:
        col = self._defense(c)
        return self._rows[c][col] if col >= 0 else -1

    def _show_defense(self, c: int, events: list[Event]) -> None:
        """Show Defense Pair Type: a pair that becomes the defense pair shows its type card."""
        p = self._defense_pair(c)
        if p >= 0 and p != self._shown[c]:
            self._shown[c] = p
            card = self._ptc[p]
            if not self._is_public(card):
                self._reveal(card)
                events.append(self._reveal_event(c, p, (card,), "defense"))

    def _reveal_event(self, c: int, p: int, cards: tuple[int, ...], why: str) -> Event:
        return Event(
            EventKind.REVEAL,
            self.game.char_seat[c],
            {"character": c, "pair": p, "cards": [self._text(x) for x in cards], "ids": list(cards), "why": why},
        )

    def _text(self, card: int) -> str:
        return DRAW_TEXT[card - DRAW0] if card >= DRAW0 else FACES[self._face[card]]

    def _row_suits(self, c: int) -> list[int]:
        """How many cards of each type lie in character ``c``'s value row (indexed by type;
        a fifth count, at -1, counts the jokers)."""
        counts = [0, 0, 0, 0, 0]
        ctype, pvc = self._ctype, self._pvc
        for p in self._rows[c]:
            if p >= 0:
                for card in pvc[p]:
                    counts[ctype[card]] += 1
        return counts

    def _row_cards(self, c: int) -> tuple[int, ...]:
        out: list[int] = []
        for p in self._rows[c]:
            if p >= 0:
                out.extend(self._pvc[p])
        return tuple(out)

    def _alive(self, c: int) -> bool:
        return not self._flags[c] & OUT

    def _enemies(self, c: int) -> list[int]:
        return [x for x in self.game.enemies[c] if not self._flags[x] & OUT]

    # -- piles ----------------------------------------------------------------------

    def _discard_value(self, cards: tuple[int, ...], value: int) -> None:
        """Discard Pile and Waste: value card(s) become the waste, face up; the old waste
        goes into the discard pile."""
        if not cards:
            return
        self._discard.extend(self._waste)
        self._waste = cards
        self._wastev = value
        self._reveal(*cards)

    def _discard_cards(self, *cards: int) -> None:
        """Cards that are not value cards go into the discard pile face down."""
        self._discard.extend(cards)

    def _remove_pair(self, p: int, events: list[Event], why: str) -> None:
        """Discard pair ``p`` wherever it lies: its type card into the pile, its value as the waste."""
        c = self._pown[p]
        if c >= 0:
            row = self._rows[c]
            for col, q in enumerate(row):
                if q == p:
                    row[col] = EMPTY
            if self._consult[c] == p:
                self._consult[c] = -1
            if self._stolen[c] == p:
                self._stolen[c] = -1
            grap = self._grap[c]
            if any(q == p for _, q in grap):
                self._grap[c] = tuple(g for g in grap if g[1] != p)
                for col, q in enumerate(row):
                    if q == HELD and not any(g[0] == col for g in self._grap[c]):
                        row[col] = EMPTY
        if self._defends:
            self._defends = tuple(d for d in self._defends if d[1] != p)
        value = self._pva[p]
        events.append(
            Event(
                EventKind.DEFEAT,
                self.game.char_seat[c] if c >= 0 else None,
                {
                    "character": c,
                    "pair": p,
                    "type_card": self._text(self._ptc[p]) if self._is_public(self._ptc[p]) else None,
                    "value_cards": [self._text(x) for x in self._pvc[p]],
                    "value": value,
                    "why": why,
                },
            )
        )
        self._pown[p] = -1
        self._discard_cards(self._ptc[p])
        self._discard_value(self._pvc[p], value)
        self._log_value(p, (L_EQ, value))
        if c >= 0:
            self._check_out(c, events)

    def _check_out(self, c: int, events: list[Event]) -> None:
        """A character with no pair in its rows (none held by a Grapple either) is defeated."""
        if self._flags[c] & OUT or any(p >= 0 or p == HELD for p in self._rows[c]):
            if not self._flags[c] & OUT:
                self._show_defense(c, events)
            return
        self._flags[c] |= OUT
        for slot in (self._consult, self._stolen):
            p = slot[c]
            if p >= 0:
                slot[c] = -1
                self._pown[p] = -1
                self._discard_cards(self._ptc[p], *self._pvc[p])
        if self._wild[c]:
            self._discard_cards(*self._wild[c])
            self._wild[c] = ()
            self._wildv[c] = 0
        events.append(Event(EventKind.OUT, self.game.char_seat[c], {"character": c}))
        self._last_side()

    def _draw_card(self, events: list[Event]) -> int:
        """The top card of the draw pile (reshuffling the discarded draw-deck cards
        when it is empty); -1 when there is nothing to draw."""
        if not self._draw:
            self._reshuffle(events)
            if not self._draw:
                return -1
        return self._draw.pop()

    def _can_draw(self, n: int = 1) -> bool:
        if len(self._draw) >= n:
            return True
        return len(self._draw) + sum(1 for c in self._discard if c >= DRAW0) >= n

    def _reshuffle(self, events: list[Event]) -> None:
        """Draw pile empty: the draw-deck cards of the discard pile become a new draw pile."""
        back = sorted(c for c in self._discard if c >= DRAW0)
        if not back:
            return
        self._discard = [c for c in self._discard if c < DRAW0]
        self._chance.shuffle(back)
        self._draw = back
        events.append(Event(EventKind.RESHUFFLE, None, {"cards": len(back)}))

    # -- turn bookkeeping the rule modules share --------------------------------------

    def _ask(self, phase: int, seat: int) -> None:
        if self._phase != P_OVER:  # a decision that the end made moot is never asked
            self._phase = phase
            self._to_act = (seat,)

    def _action_done(self, events: list[Event]) -> None:  # turn.py
        raise NotImplementedError

    def _effect_done(self, events: list[Event]) -> None:  # check.py
        raise NotImplementedError

    def _game_over(self) -> bool:  # turn.py
        raise NotImplementedError

    def _last_side(self) -> None:  # turn.py
        raise NotImplementedError


__all__ = [
    "EMPTY",
    "FAR",
    "HELD",
    "L_ADD",
    "L_BASE",
    "L_CHK",
    "L_DMG",
    "L_DMGBY",
    "L_EQ",
    "L_LO",
    "L_REBASE",
    "L_SET",
    "L_SUB",
    "OUT",
    "PUBLIC",
    "REACTED",
    "SCAVENGE",
    "SHOVED",
    "Act",
    "Fact",
    "Table",
]
