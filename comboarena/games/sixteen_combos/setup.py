"""Dealing Steps, Preparing Pairs and Character Order.

Deal order (fixed, so that stacked decks set up scenarios exactly): every
character's type cards (character 0's left to right, then character 1's,
...), then every character's value cards in the same order (one more each
under Drop Lowest Dealt / Multiple Values Dealt). Under One of Each Type each
character's type cards are the first card of each type it still lacks, met
going down the deal pile. The draw pile gives the Character Order cards first
(character 0 first), then the action values.

Preparing Pairs (``placement=choose``) is a secret decision of every seat at
once, one value card per step, column by column; ``placement=dealt`` keeps
the order dealt. Then Show Defense Pair Type, and the first round.

Fields it changes: ``pairs`` (the dealt pairs), ``characters`` (rows, order
card, cards to place, next column, defense mark), ``draw``, ``unused``,
``discard``, ``known``, ``groups``, ``queue``, ``phase``, ``to_act``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event, TurnQueue

from . import actions as A
from .cards import FACE_TYPE, FACE_VALUE, MAX_VALUE, ORDER_KEY
from .fields import L_BASE, L_LO, PUBLIC, UNCHOSEN
from .rounds import start_turn
from .table import card_name, defense, discard_cards, reveal, show_defense
from .view import EV_PLACE, EV_ROUND, P_PLACE, P_TURN, EventKind

if TYPE_CHECKING:
    from .state import ComboState

_PLACE = A.PLACE


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


def one_of_each_ids(faces: list[int], chars: int) -> list[int]:
    """The deal pile's faces in the order One of Each Type's cards take their ids: each
    character's four type cards, then the rest as they lay. A card's id is public (a pair's
    ``type_id``, ``groups``), and the deal passes over cards of a type a character has, so
    ids in the pile's own order would show which were passed over, and so their types."""
    types, pile = deal_type_cards(faces, chars, 4, True)
    return [faces[i] for group in types for i in group] + [faces[i] for i in pile]


def play_order(order_faces: list[int], round_robin: bool) -> tuple[int, ...]:
    """Character Order: highest order card first (ties by rank, then type ♥ ♦ ♣ ♠);
    Round-robin Order: the highest first, then the others in number order."""
    ranked = sorted(range(len(order_faces)), key=lambda c: ORDER_KEY[order_faces[c]], reverse=True)
    if not round_robin:
        return tuple(ranked)
    first = ranked[0]
    n = len(order_faces)
    return tuple((first + i) % n for i in range(n))


def deal(s: ComboState, faces: list[int], draw_top_first: list[int], events: list[Event]) -> None:
    """Dealing Steps on a fresh state ``s`` (an empty table)."""
    g = s.game
    n, cols = g.n_chars, g.columns
    extra = 1 if (g.drop_lowest or g.multiple_values) else 0
    s.draw = draw_top_first[::-1]
    types, pile = deal_type_cards(faces, n, cols, g.one_of_each)
    values = [pile[c * (cols + extra) : (c + 1) * (cols + extra)] for c in range(n)]
    s.unused = tuple(pile[n * (cols + extra) :])
    known = s.known
    pairs, chars = s.pairs, s.characters
    type_id, type_ = pairs.type_id, pairs.type
    for c in range(n):
        bit = 1 << g.char_seat[c]
        row = chars.rows[c]
        for card in types[c]:  # each type card a new pair with no value yet
            row.append(len(type_id))
            type_id.append(card)
            type_.append(FACE_TYPE[faces[card]])
            known[card] |= bit
        for card in values[c]:
            known[card] |= bit
    count = len(type_id)
    pairs.value_ids, pairs.value, pairs.owner = [()] * count, [0] * count, [c for c in range(n) for _ in types[c]]
    pairs.tokens, pairs.ledger = [()] * count, [()] * count
    if g.one_of_each:
        s.groups = tuple(tuple(t) for t in types)
    chars.order = tuple(s.draw.pop() for _ in range(n))  # Character Order: one card each, face up
    reveal(s, *chars.order)
    events.append(Event(EventKind.DEAL, None, {"order": [card_name(s, x) for x in chars.order]}))
    if g.placement == "choose":
        for c in range(n):
            chars.to_place[c] = tuple(values[c])
            if g.one_of_each:
                chars.defense_mark[c] = UNCHOSEN
        s.phase = P_PLACE
        s.to_act = tuple(range(g.players))
        return
    for c in range(n):
        dealt = list(values[c])
        lows: list[tuple[int, int]] = []
        if g.drop_lowest:
            low = min(FACE_VALUE[faces[x]] for x in dealt)
            dropped = [x for x in dealt if FACE_VALUE[faces[x]] == low][-1]
            dealt.remove(dropped)
            discard_cards(s, dropped)
            reveal(s, dropped)  # the dealer drops it openly
            lows = [(low, x) for x in dealt]
        row = chars.rows[c]
        for col in range(cols):
            set_value(s, row[col], (dealt[col],))
        if g.multiple_values:
            p = row[cols - 1]
            set_value(s, p, (*pairs.value_ids[p], dealt[cols]))
        for low, x in lows:
            p = next(q for q in row if x in pairs.value_ids[q])
            if pairs.ledger[p]:
                pairs.ledger[p] = (*pairs.ledger[p], (L_LO, low, x))
        if g.one_of_each:
            chars.defense_mark[c] = cols - 1
    s.phase = P_TURN
    begin_play(s, events)


def placing(s: ComboState, c: int) -> bool:
    """Whether character ``c`` still has pairs to prepare."""
    g = s.game
    chars = s.characters
    if g.one_of_each and chars.defense_mark[c] == UNCHOSEN:
        return True
    return chars.next_column[c] < g.columns or (g.multiple_values and bool(chars.to_place[c]))


def legal_place(s: ComboState, seat: int) -> list[Action]:
    """Preparing Pairs: the next value card to place (or the defense column, or the stack)."""
    g = s.game
    chars = s.characters
    for c in g.seat_chars[seat]:
        if not placing(s, c):
            continue
        if g.one_of_each and chars.defense_mark[c] == UNCHOSEN:
            return [A.COL["defense"][col] for col in range(g.columns)]
        if chars.next_column[c] < g.columns:
            face = s.faces
            return [_PLACE[face[card]] for card in chars.to_place[c]]
        return [A.COL["stack"][col] for col in range(g.columns)]
    return []


def apply_place(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    """Preparing Pairs: one value card into the next column (or the defense choice, or the stack)."""
    g = s.game
    chars = s.characters
    mine = g.seat_chars[seat]
    c = mine[0] if len(mine) == 1 else next(c for c in mine if placing(s, c))
    row = chars.rows[c]
    if action.__class__ is A.Place:
        pend = chars.to_place[c]
        face = s.faces
        want = action.face  # type: ignore[attr-defined]
        for i, card in enumerate(pend):
            if face[card] == want:
                chars.to_place[c] = pend[:i] + pend[i + 1 :]
                break
        col = chars.next_column[c]
        chars.next_column[c] = col + 1
        set_value(s, row[col], (card,))
        events.append(Event(EV_PLACE, seat, {"character": c, "column": A.LETTERS[col]},
                            ((seat,), {"card": card_name(s, card)})))
        if chars.next_column[c] == g.columns and g.drop_lowest:
            pend = chars.to_place[c]
            dropped = pend[-1]
            chars.to_place[c] = pend[:-1]
            discard_cards(s, dropped)
            events.append(Event(EV_PLACE, seat, {"character": c, "dropped": True},
                                ((seat,), {"card": card_name(s, dropped)})))
    elif isinstance(action, A.Column) and action.verb == "defense":
        chars.defense_mark[c] = action.col
        events.append(Event(EV_PLACE, seat, {"character": c, "defense": A.LETTERS[action.col]}))
    else:
        assert isinstance(action, A.Column)
        pend = chars.to_place[c]
        card = pend[-1]
        chars.to_place[c] = pend[:-1]
        p = row[action.col]
        set_value(s, p, (*s.pairs.value_ids[p], card))
        events.append(Event(EV_PLACE, seat, {"character": c, "column": A.LETTERS[action.col], "stacked": True},
                            ((seat,), {"card": card_name(s, card)})))
    if not (placing(s, c) if len(mine) == 1 else any(placing(s, x) for x in mine)):  # only this seat's work changed
        s.to_act = tuple(x for x in s.to_act if x != seat)
        if not s.to_act:
            begin_play(s, events)


def set_value(s: ComboState, p: int, cards: tuple[int, ...]) -> None:
    """A pair's value from its dealt cards: the sum (Multiple Values Dealt), plus the
    type card's number under One of Each Type (not with Multiple Values Dealt); at most 14."""
    g = s.game
    pairs = s.pairs
    tokens = cards
    if g.one_of_each and not g.multiple_values:
        tokens = (pairs.type_id[p], *cards)
    pairs.value_ids[p] = cards
    pairs.tokens[p] = tokens
    face, known = s.faces, s.known
    total = 0
    public = True
    for t in tokens:
        total += FACE_VALUE[face[t]]
        if not known[t] & PUBLIC:
            public = False
    pairs.value[p] = total if total < MAX_VALUE else MAX_VALUE
    pairs.ledger[p] = () if public else ((L_BASE, *tokens),)


def begin_play(s: ComboState, events: list[Event]) -> None:
    """Show Defense Pair Type, then the first round (Character Order)."""
    g = s.game
    for c in range(g.n_chars):
        show_defense(s, c, events)
    events.append(Event(EventKind.PLACED, None, {"defense": [defense(s, c) for c in range(g.n_chars)]}))
    order = play_order([s.faces[card] for card in s.characters.order], g.round_robin)
    s.queue = TurnQueue.start(order)
    events.append(Event(EV_ROUND, None, {"round": 1}))
    start_turn(s, (0, -1, 0), events)


__all__ = ["apply_place", "deal", "deal_type_cards", "legal_place", "one_of_each_ids", "play_order"]
