"""The table of 16 Combos: the moves every rule is made of.

Rules: **Show Defense Pair Type** (a pair that becomes the defense pair shows
its type card), **Maximum Value** (an increase stops at 14), **Discard Pile
and Waste** (the last value card(s) discarded lie face up as the waste), the
draw pile and its reshuffle, and who knows which card (a card once face up is
known to the whole table; a seat knows its own). Every rule module builds on
these functions; each takes the one state ``s``.

Fields it changes: ``known``, ``constraints``, ``pairs`` (a new pair, a value
raised or rebased, the ledger), ``characters.shown``, ``draw``, ``discard``,
``waste``, ``waste_value``, ``action.cards`` (the action value card discarded),
``phase`` and ``to_act`` (:func:`ask`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from comboarena.core import Event

from .cards import DRAW0, DRAW_TEXT, FACE_TYPE, FACE_TYPES, FACE_VALUE, FACES, MAX_VALUE, capped_add
from .fields import L_ADD, L_BASE, L_REBASE, OUT, PUBLIC
from .view import P_OVER, EventKind

if TYPE_CHECKING:
    from .state import ComboState

# -- cards and who knows them ------------------------------------------------------------


def value_of(s: ComboState, card: int) -> int:
    return FACE_VALUE[s.faces[card]]


def type_of(s: ComboState, card: int) -> int:
    """A card's type (its suit), -1 for a joker."""
    return FACE_TYPE[s.faces[card]]


def card_name(s: ComboState, card: int) -> str:
    """How events write a card: its face, with a prime for the draw deck (``TH'``)."""
    return DRAW_TEXT[card - DRAW0] if card >= DRAW0 else FACES[s.faces[card]]


def reveal(s: ComboState, *cards: int) -> None:
    """The cards are turned face up: the whole table knows them from now on."""
    known = s.known
    for c in cards:
        known[c] |= PUBLIC


def tell(s: ComboState, seat: int, *cards: int) -> None:
    """``seat`` sees the cards (its own, a stolen pair)."""
    bit = 1 << seat
    known = s.known
    for c in cards:
        known[c] |= bit


def is_public(s: ComboState, card: int) -> bool:
    return bool(s.known[card] & PUBLIC)


def all_public(s: ComboState, cards: tuple[int, ...]) -> bool:
    known = s.known
    return all(known[c] & PUBLIC for c in cards)


def record_fact(s: ComboState, cards: Sequence[int], masks: Sequence[int], least: int, most: int) -> None:
    """Keep a public fact about hidden types (``fields.Fact``) that the face-up cards do not
    settle: whatever the table sees a character do, or be asked, that depends on its
    face-down cards tells the table something ``determinize`` must honour."""
    if len(cards) != len(masks):
        raise ValueError(f"a fact needs one mask per card: {len(cards)} cards, {len(masks)} masks")
    kept_cards = tuple(compress(cards, masks))  # a card with no type in its mask never counts
    kept_masks = tuple(filter(None, masks))
    most = min(most, len(kept_cards))
    known, ctype = s.known, s.card_type
    sat = hidden = 0
    for card, mask in zip(kept_cards, kept_masks, strict=True):
        if not known[card] & PUBLIC:
            hidden += 1
        elif ctype[card] >= 0 and mask >> ctype[card] & 1:
            sat += 1
    if sat < least or sat + hidden > most:
        s.constraints = (*s.constraints, (kept_cards, kept_masks, least, most))


def record_own_type(s: ComboState, p: int, t: int) -> None:
    """An action announced with pair ``p``'s type (a shove, a counter) shows that type,
    though its type card may be face down (Stealth): a face-down type card is still the
    pair's type (a face card change or a joker shows its card)."""
    card = s.pairs.type_id[p]
    if not is_public(s, card):
        record_fact(s, (card,), (1 << t,), 1, 1)


# -- pairs ---------------------------------------------------------------------------------


def new_pair(s: ComboState, owner: int, type_card: int, values: tuple[int, ...], type_: int, value: int,
             tokens: tuple[int, ...]) -> int:
    """A pair made during play (Consultation); returns its id."""
    pairs = s.pairs
    p = len(pairs.type_id)
    pairs.type_id.append(type_card)
    pairs.value_ids.append(values)
    pairs.type.append(type_)
    pairs.value.append(value)
    pairs.owner.append(owner)
    pairs.tokens.append(tokens)
    pairs.ledger.append(() if all_public(s, tokens) else ((L_BASE, *tokens),))
    return p


def log_value(s: ComboState, p: int, op: tuple[int, ...]) -> None:
    """Record a public fact about pair ``p``'s value while a card it depends on is hidden.

    Ledgers are never shortened: a later ``L_DMGBY`` may refer to an entry by index.
    """
    ledger = s.pairs.ledger
    led = ledger[p]
    if led:
        known = s.known
        for t in s.pairs.tokens[p]:
            if not known[t] & PUBLIC:
                ledger[p] = (*led, op)
                return


def rebase(s: ComboState, p: int, tokens: tuple[int, ...]) -> None:
    """Pair ``p``'s value is now that of ``tokens`` alone (a swap)."""
    pairs = s.pairs
    pairs.tokens[p] = tokens
    pairs.value[p] = min(MAX_VALUE, sum(value_of(s, t) for t in tokens))
    if pairs.ledger[p]:
        pairs.ledger[p] = (*pairs.ledger[p], (L_REBASE, *tokens))
    elif not all_public(s, tokens):
        pairs.ledger[p] = ((L_BASE, *tokens),)


def pair_public(s: ComboState, p: int) -> None:
    """Both cards of pair ``p`` become face up (Grapple, Insight)."""
    reveal(s, s.pairs.type_id[p], *s.pairs.value_ids[p])


def raise_value(s: ComboState, p: int, amount: int, limited: bool) -> None:
    """Maximum Value: an increase stops at 14 unless Unlimited. An active Defend's bonus is
    Unlimited and lies on top of that (``over``): a capped increase (Adrenaline, Recovery)
    stops at 14 plus it, so it takes none of it away, nor does the Defend's expiry later."""
    values = s.pairs.value
    if not limited:
        values[p] += amount
        log_value(s, p, (L_ADD, amount, 0))
        return
    over = sum(d[3] for d in s.defends if d[1] == p) if s.defends else 0
    values[p] = capped_add(values[p], amount, over)
    log_value(s, p, (L_ADD, amount, 1, over) if over else (L_ADD, amount, 1))


def put_on(s: ComboState, p: int, cards: tuple[int, ...], value: int, limited: bool) -> None:
    """Cards placed on a pair's value stack raise its value (Defend, Adrenaline, Recovery)."""
    s.pairs.value_ids[p] = (*s.pairs.value_ids[p], *cards)
    raise_value(s, p, value, limited)


def face_card_types(s: ComboState, p: int) -> tuple[int, ...]:
    """The types a Face Card reaction may change pair ``p`` to (its top value card's
    face type; a value of 14 or more behaves as a Joker)."""
    top = s.pairs.value_ids[p][-1]
    types = FACE_TYPES[s.faces[top]]
    if s.pairs.value[p] >= MAX_VALUE:
        types = (*types, *[t for t in (3, 0) if t not in types])
    return types


# -- rows ----------------------------------------------------------------------------------


def in_play(s: ComboState, c: int) -> list[int]:
    """Columns of character ``c`` holding a pair in play, left to right."""
    return [col for col, p in enumerate(s.characters.rows[c]) if p >= 0]


def defense(s: ComboState, c: int) -> int:
    """The defense pair's column: the chosen one (One of Each Type), else the rightmost in play."""
    chars = s.characters
    row = chars.rows[c]
    mark = chars.defense_mark[c]
    if 0 <= mark < len(row) and row[mark] >= 0:
        return mark
    if row and row[-1] >= 0:  # the usual case: the last column still holds its pair
        return len(row) - 1
    for col in range(len(row) - 1, -1, -1):
        if row[col] >= 0:
            return col
    return -1


def defense_pair(s: ComboState, c: int) -> int:
    col = defense(s, c)
    return s.characters.rows[c][col] if col >= 0 else -1


def show_defense(s: ComboState, c: int, events: list[Event]) -> None:
    """Show Defense Pair Type: a pair that becomes the defense pair shows its type card."""
    p = defense_pair(s, c)
    shown = s.characters.shown
    if p >= 0 and p != shown[c]:
        shown[c] = p
        card = s.pairs.type_id[p]
        if not is_public(s, card):
            reveal(s, card)
            events.append(reveal_event(s, c, p, (card,), "defense"))


def reveal_event(s: ComboState, c: int, p: int, cards: tuple[int, ...], why: str) -> Event:
    return Event(
        EventKind.REVEAL,
        s.game.char_seat[c],
        {"character": c, "pair": p, "cards": [card_name(s, x) for x in cards], "ids": list(cards), "why": why},
    )


def row_suits(s: ComboState, c: int) -> list[int]:
    """How many cards of each type lie in character ``c``'s value row (indexed by type;
    a fifth count, at -1, counts the jokers)."""
    counts = [0, 0, 0, 0, 0]
    ctype, stacks = s.card_type, s.pairs.value_ids
    for p in s.characters.rows[c]:
        if p >= 0:
            for card in stacks[p]:
                counts[ctype[card]] += 1
    return counts


def row_cards(s: ComboState, c: int) -> tuple[int, ...]:
    """The value cards of character ``c``'s pairs in play, left to right, each stack bottom first."""
    out: list[int] = []
    stacks = s.pairs.value_ids
    for p in s.characters.rows[c]:
        if p >= 0:
            out += stacks[p]
    return tuple(out)


def alive(s: ComboState, c: int) -> bool:
    return not s.characters.flags[c] & OUT


def enemies(s: ComboState, c: int) -> list[int]:
    flags = s.characters.flags
    return [x for x in s.game.enemies[c] if not flags[x] & OUT]


# -- piles ---------------------------------------------------------------------------------


def discard_value(s: ComboState, cards: tuple[int, ...], value: int) -> None:
    """Discard Pile and Waste: value card(s) become the waste, face up; the old waste
    goes into the discard pile."""
    if not cards:
        return
    s.discard.extend(s.waste)
    s.waste = cards
    s.waste_value = value
    reveal(s, *cards)


def discard_action(s: ComboState) -> None:
    """Discard the Action Value Card (its value goes with it to the waste)."""
    a = s.action
    if a.cards:
        discard_value(s, a.cards, a.value)
        a.cards = ()


def discard_cards(s: ComboState, *cards: int) -> None:
    """Cards that are not value cards go into the discard pile face down."""
    s.discard.extend(cards)


def draw_card(s: ComboState, events: list[Event]) -> int:
    """The top card of the draw pile (reshuffling the discarded draw-deck cards
    when it is empty); -1 when there is nothing to draw."""
    if not s.draw:
        reshuffle(s, events)
        if not s.draw:
            return -1
    return s.draw.pop()


def can_draw(s: ComboState, n: int = 1) -> bool:
    if len(s.draw) >= n:
        return True
    return len(s.draw) + sum(1 for c in s.discard if c >= DRAW0) >= n


def reshuffle(s: ComboState, events: list[Event]) -> None:
    """Draw pile empty: the draw-deck cards of the discard pile become a new draw pile."""
    back = sorted(c for c in s.discard if c >= DRAW0)
    if not back:
        return
    s.discard = [c for c in s.discard if c < DRAW0]
    s.chance.shuffle(back)
    s.draw = back
    events.append(Event(EventKind.RESHUFFLE, None, {"cards": len(back)}))


# -- decisions -----------------------------------------------------------------------------


def ask(s: ComboState, phase: str, seat: int) -> None:
    """``seat`` owes the decision of ``phase`` now (a decision the end made moot is never asked)."""
    if s.phase != P_OVER:
        s.phase = phase
        s.to_act = (seat,)


__all__ = [
    "alive",
    "all_public",
    "ask",
    "can_draw",
    "card_name",
    "defense",
    "defense_pair",
    "discard_action",
    "discard_cards",
    "discard_value",
    "draw_card",
    "enemies",
    "face_card_types",
    "in_play",
    "is_public",
    "log_value",
    "new_pair",
    "pair_public",
    "put_on",
    "raise_value",
    "rebase",
    "record_fact",
    "record_own_type",
    "reshuffle",
    "reveal",
    "reveal_event",
    "row_cards",
    "row_suits",
    "show_defense",
    "tell",
    "type_of",
    "value_of",
]
