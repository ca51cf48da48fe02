"""What a seat sees of a game of 16 Combos: :func:`view` builds ``state.view(seat)``.

A seat's views follow one another a step or two apart, and most of what one shows is
what the last one showed. ``state.seen`` keeps, per seat (a spectator first), a
:class:`Seen`: what its last view worked out from the cards it knew (the names it sees,
its private cards, the public facts its cards leave open, the ledgers it is shown), with
the ``known`` masks, facts and ledgers it read. The next view compares those with the
state's (a tuple comparison each, in C) and works out again only what changed: the names
of the cards whose masks changed, the open facts that hold a card that came into sight,
the new facts, and the ledgers shown when a ledger changed or one of its cards came into
sight. A ``Seen`` is immutable and replaced whole, so clones share them safely (the
comparison finds whatever a clone changed on its own) and threads at worst lose one.

Every list and dict a view holds is new, built from the state and the remembered tuples:
a caller may change the view it got without touching the next one. (Built afresh, a pair
costs about as much as copying a remembered one, so pairs and characters are built.)
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import itemgetter, ne
from typing import TYPE_CHECKING, Any, NamedTuple

from comboarena.core import check_seat

from .actions import LETTERS
from .cards import CARD_IDS, DRAW0, DRAW_TEXT, FACES, TYPES
from .combos import NAMES
from .fields import EMPTY, L_DMGBY, OUT, PUBLIC, REACTED, SCAVENGE, SHOVED, Fact
from .table import defense
from .view import OUTCOME_NAMES, P_EFFECT, P_OVER, P_PLACE, RULESET, SOURCE_NAMES

if TYPE_CHECKING:
    from .state import ComboState

_IDS = range(CARD_IDS)


class Seen(NamedTuple):
    """What one seat's last view worked out (see the module docstring)."""

    #: The deal's faces it named the cards by (a deal's clones share the one tuple).
    faces: tuple[int, ...]
    #: ``state.known`` as it read it.
    known: tuple[int, ...]
    #: The name of each card it sees, None for the others.
    vis: tuple[str | None, ...]
    #: The cards only this seat sees (and not the whole table).
    private: tuple[int, ...]
    #: The facts it checked, and which of them its cards did not settle (a fact they settle
    #: stays settled: facts are only ever added, and a seat only ever comes to know more).
    facts: tuple[Fact, ...]
    open: tuple[int, ...]
    #: ``pairs.ledger`` and ``pairs.tokens`` as it read them, and the pairs whose ledgers it showed.
    ledger: tuple[tuple[tuple[int, ...], ...], ...]
    tokens: tuple[tuple[int, ...], ...]
    shown: tuple[int, ...]


def view(s: ComboState, seat: int | None) -> dict[str, Any]:
    """``s.view(seat)``."""
    g = s.game
    if seat is not None:
        check_seat(g, seat)
    key = 0 if seat is None else seat + 1
    memo = s.seen
    last = memo[key] if memo is not None else None
    seen = _update(s, seat, last)
    if seen is not last:
        entries: list[Seen | None] = list(memo) if memo is not None else [None] * (g.players + 1)
        entries[key] = seen
        s.seen = tuple(entries)
    vis = seen.vis
    phase = s.phase
    over = phase == P_OVER
    a = s.action
    queue = s.queue
    playing = phase != P_PLACE and phase != P_OVER
    outcome = s.outcome
    facts = s.constraints
    ledger, tokens = s.pairs.ledger, s.pairs.tokens
    return {
        "game": "16-combos",
        "ruleset": RULESET,
        "winning": g.winning,
        "seat": seat,
        "players": g.players,
        "phase": phase,
        "round": queue.round if phase != P_PLACE else 0,
        "round_limit": g.round_limit,
        "to_act": list(s.to_act),
        "active": a.actor if playing else None,
        "characters": [_char_view(s, c, seat, vis) for c in range(g.n_chars)],
        "draw_pile": len(s.draw),
        "discard_ids": list(s.discard),
        "discard": [vis[c] for c in s.discard],
        "waste": [vis[c] for c in s.waste],
        "waste_ids": list(s.waste),
        "waste_value": s.waste_value if s.waste else None,
        "unused_ids": list(s.unused),
        "queue": queue.to_json(),
        "extra_info": [list(x) for x in s.extra_turn_info],
        "action": _act_view(s, seat, vis) if playing else None,
        "effect": a.effect or None,
        "defends": [[d[0], d[1], list(d[2]), d[3]] for d in s.defends],
        "constraints": [[list(f[0]), list(f[1]), f[2], f[3]] for f in map(facts.__getitem__, seen.open)],
        "groups": [list(grp) for grp in s.groups],
        "ledgers": [[p, list(map(list, ledger[p])), list(tokens[p])] for p in seen.shown],
        "private": list(seen.private),
        "pair_count": len(s.pairs.type_id),
        "outcome": None if outcome is None else outcome.to_json(),
        "over": over,
        "result": s.result().to_dict() if over else None,
    }


def _update(s: ComboState, seat: int | None, last: Seen | None) -> Seen:
    """What the seat's view works out from the cards it knows, from its last (None: afresh)."""
    faces = s.faces
    known = tuple(s.known)
    facts = s.constraints
    ledger, tokens = tuple(s.pairs.ledger), tuple(s.pairs.tokens)
    bit = PUBLIC | (1 << seat if seat is not None else 0)
    if last is not None and last.faces is faces:
        if last.known == known and last.facts is facts and last.ledger == ledger and last.tokens == tokens:
            return last
        if facts[: len(last.facts)] == last.facts:
            again = _again(s, bit, last, known, facts, ledger, tokens)
            if again is not None:
                return again
        # else the state was set back or edited (never in play): what was worked out may not hold
    # what the seat sees of each card, and which of those only it sees, in one pass
    names = card_names(faces)
    seen: list[str | None] = [None] * CARD_IDS
    mine: list[int] = []
    for c, k in enumerate(known):
        if k & bit:
            seen[c] = names[c]
            if not k & PUBLIC:
                mine.append(c)
    vis, private = tuple(seen), tuple(mine)
    still = _open_facts(s, vis, facts, range(len(facts)))
    return Seen(faces, known, vis, private, facts, still, ledger, tokens, _shown_ledgers(ledger, tokens, vis))


def _again(
    s: ComboState,
    bit: int,
    last: Seen,
    known: tuple[int, ...],
    facts: tuple[Fact, ...],
    ledger: tuple[tuple[tuple[int, ...], ...], ...],
    tokens: tuple[tuple[int, ...], ...],
) -> Seen | None:
    """What ``last`` becomes now that the state holds ``known``, ``facts`` (``last``'s and
    perhaps more), ``ledger`` and ``tokens``: worked out again only where they changed.
    None if a card the seat saw is hidden from it now (never in play)."""
    faces = last.faces
    vis, private, still = last.vis, last.private, last.open
    seat_bit = bit ^ PUBLIC
    flipped: set[int] = set()
    if last.known != known:
        # the cards whose masks changed: the only ones whose name or privacy can change
        moved = list(compress(_IDS, map(ne, last.known, known)))
        flipped = {c for c in moved if (vis[c] is None) != (not known[c] & bit)}
        if any(vis[c] is not None for c in flipped):
            return None  # a settled fact may be open again
        if flipped:
            named = card_names(faces)
            new_vis = list(vis)
            for c in flipped:
                new_vis[c] = named[c] if known[c] & bit else None
            vis = tuple(new_vis)
        if seat_bit and any((c in private) != (known[c] & bit == seat_bit) for c in moved):
            private = tuple([c for c, k in enumerate(known) if k & bit == seat_bit])
    if flipped:
        # a fact left open stays open unless a card of it came into sight
        again = [i for i in still if not flipped.isdisjoint(facts[i][0])]
        if again:
            settled = set(again).difference(_open_facts(s, vis, facts, again))
            still = tuple([i for i in still if i not in settled])
    checked = len(last.facts)
    if checked < len(facts):
        still = (*still, *_open_facts(s, vis, facts, range(checked, len(facts))))
    shown = last.shown
    if last.ledger != ledger or last.tokens != tokens:
        shown = _shown_ledgers(ledger, tokens, vis)
    elif flipped and any(not flipped.isdisjoint(toks) for toks, led in zip(tokens, ledger, strict=True) if led):
        shown = _shown_ledgers(ledger, tokens, vis)  # a card a ledgered value depends on came into sight
    return Seen(faces, known, vis, private, facts, still, ledger, tokens, shown)


def _open_facts(
    s: ComboState, vis: tuple[str | None, ...], facts: tuple[Fact, ...], which: Iterable[int]
) -> tuple[int, ...]:
    """Which of the public facts about hidden types (``fields.Fact``) numbered ``which`` the
    cards this seat sees do not settle."""
    ctype = s.card_type
    unsettled: list[int] = []
    for i in which:
        ids, masks, least, most = facts[i]
        sat = hidden = 0
        for c, m in zip(ids, masks, strict=True):
            if vis[c] is None:
                hidden += 1
            elif ctype[c] >= 0 and m >> ctype[c] & 1:
                sat += 1
        if sat < least or sat + hidden > most:
            unsettled.append(i)
    return tuple(unsettled)


def _shown_ledgers(
    ledger: tuple[tuple[tuple[int, ...], ...], ...], tokens: tuple[tuple[int, ...], ...], vis: tuple[str | None, ...]
) -> tuple[int, ...]:
    """The pairs whose ledgers a view shows: those whose value depends on a card this seat
    cannot see, and the pairs their ledgers refer to (the others tell it nothing it does
    not know)."""
    wanted: list[int] = []
    for p, led in enumerate(ledger):
        if led:
            for t in tokens[p]:
                if vis[t] is None:
                    wanted.append(p)
                    break
    seen = set(wanted)
    while wanted:
        p = wanted.pop()
        for op in ledger[p]:
            if op[0] == L_DMGBY and op[1] not in seen:
                seen.add(op[1])
                wanted.append(op[1])
    return tuple([p for p in sorted(seen) if ledger[p]])


def _pair_view(s: ComboState, p: int, col: int, seat: int | None, vis: tuple[str | None, ...]) -> dict[str, Any]:
    owner = s.pairs.owner[p]
    mine = seat is not None and owner >= 0 and s.game.char_seat[owner] == seat
    return _pairs_view(s, [(col, p)], mine, vis)[0]  # type: ignore[no-any-return]


def _pairs_view(s: ComboState, entries: Any, mine: bool, vis: tuple[str | None, ...]) -> list[Any]:
    """Pairs as a seat sees them (``mine``: its owner's seat, who knows every value), from
    ``(column, pair)`` entries: a row's, with ``EMPTY`` as None and ``HELD`` as "held"."""
    ps = s.pairs
    type_ids, stacks, types, values, tokens = ps.type_id, ps.value_ids, ps.type, ps.value, ps.tokens
    out: list[Any] = []
    for col, p in entries:
        if p < 0:
            out.append(None if p == EMPTY else "held")
            continue
        tc = type_ids[p]
        vals = stacks[p]
        type_card = vis[tc]
        toks = tokens[p]
        if len(vals) == 1:  # the usual stack: one card (spelled out, as a comprehension costs a call)
            card = vals[0]
            cards = [vis[card]]
            value = values[p] if mine or (toks == vals and cards[0] is not None) else _value(values[p], toks, vis)
        else:
            cards = [vis[c] for c in vals]
            value = None if not vals else values[p] if mine else _value(values[p], toks, vis)
        out.append(
            {
                "id": p,
                "col": LETTERS[col] if col >= 0 else "",
                "type": TYPES[types[p]] if type_card is not None else None,
                "type_id": tc,
                "type_card": type_card,
                "value_ids": [*vals],
                "value_cards": cards,
                "value": value,
                "tokens": [*toks],
            }
        )
    return out


def _value(value: int, toks: tuple[int, ...], vis: tuple[str | None, ...]) -> int | None:
    """A pair's value as a seat that does not own it knows it: only when it sees every card
    the value depends on."""
    for t in toks:
        if vis[t] is None:
            return None
    return value


def _char_view(s: ComboState, c: int, seat: int | None, vis: tuple[str | None, ...]) -> dict[str, Any]:
    g = s.game
    chars = s.characters
    mine = seat is not None and g.char_seat[c] == seat
    flags = chars.flags[c]
    d = defense(s, c)
    consult, stolen = chars.consultation[c], chars.stolen[c]
    wild = chars.wild[c]
    pend = chars.to_place[c]
    grappled = chars.grappled[c]
    return {
        "id": c,
        "seat": g.char_seat[c],
        "side": g.char_side[c],
        "order_card": vis[chars.order[c]],
        "order_id": chars.order[c],
        "rows": _pairs_view(s, enumerate(chars.rows[c]), mine, vis),
        "defense": LETTERS[d] if d >= 0 else "",
        "defense_mark": chars.defense_mark[c],
        "shown": chars.shown[c],
        "consultation": _pairs_view(s, [(-1, consult)], mine, vis)[0] if consult >= 0 else None,
        "held": _pairs_view(s, grappled, mine, vis) if grappled else [],
        "stolen": _pairs_view(s, [(-1, stolen)], mine, vis)[0] if stolen >= 0 else None,
        "wild": list(map(vis.__getitem__, wild)) if wild else [],
        "wild_ids": list(wild),
        "wild_value": chars.wild_value[c] if wild else None,
        "reacted": bool(flags & REACTED),
        "incapacitated": chars.incapacitated[c],
        "scavenge": bool(flags & SCAVENGE),
        "shoved": bool(flags & SHOVED),
        "out": bool(flags & OUT),
        "to_place_ids": list(pend),
        "to_place": list(map(vis.__getitem__, pend)) if pend else [],
        "next_column": chars.next_column[c],
    }


def _act_view(s: ComboState, seat: int | None, vis: tuple[str | None, ...]) -> dict[str, Any]:
    a = s.action
    taking = s.phase == P_EFFECT and a.effect == "steal"
    see = vis.__getitem__
    return {
        "taking": _pair_view(s, a.target_pair, -1, seat, vis) if taking else None,
        "actor": a.actor,
        "extra": a.extra,
        "target": a.target,
        "column": LETTERS[a.target_column] if a.target_column >= 0 else "",
        "column_index": a.target_column,
        "pair": a.target_pair,
        "type": "HDCS"[a.type] if a.type >= 0 else None,
        "value": a.value,
        "source": SOURCE_NAMES[a.source] if a.source >= 0 else None,
        "cards": list(map(see, a.cards)),
        "card_ids": list(a.cards),
        "drawn": list(map(see, a.drawn)),
        "drawn_ids": list(a.drawn),
        "counter": a.counter,
        "outcome": OUTCOME_NAMES[a.outcome] if a.outcome >= 0 else None,
        "outcome_index": a.outcome,
        "combo": NAMES[a.combo] if a.combo >= 0 else None,
        "kind": 1 if a.shield else 0,
    }


#: The last ``faces`` named by :func:`card_names` with their names, as one tuple (swapped whole:
#: threads never see the faces of one deal with the names of another).
_named: list[tuple[tuple[int, ...] | None, tuple[str, ...]]] = [(None, ())]


#: The names of the draw deck's ids (the same in every deal).
_DRAW_NAMES = tuple(DRAW_TEXT[c - DRAW0] for c in range(DRAW0, CARD_IDS))


def card_names(faces: tuple[int, ...]) -> tuple[str, ...]:
    """How a view names every card id (``table.card_name``) under ``faces``; remembered for
    the last deal, as the faces of a deal are one tuple that its clones share."""
    last = _named[0]
    if last[0] is not faces:
        last = (faces, (*itemgetter(*faces[:DRAW0])(FACES), *_DRAW_NAMES))
        _named[0] = last
    return last[1]


__all__ = ["Seen", "card_names", "view"]
