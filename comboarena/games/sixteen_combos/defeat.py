"""Damage, defeated pairs and characters, and the end of the game.

Rules: **Damaged** lowers a pair's value, and at 0 or less the pair is
defeated; a **defeated** pair is discarded (its type card into the discard
pile, its value as the waste: "Discard Pile and Waste"); a character with no
pair left in its rows (none held by a Grapple either) is defeated, and what
it held goes to the discard pile. **Winning** is not in the rulebook; the
reading (``docs/rules/16-combos.md``): the last side with a character wins;
after ``round_limit`` rounds the side with the most pairs in play, then the
higher total value; else a draw. Once the game is over nothing is hidden.

Fields it changes: ``characters`` (rows, Consultation, stolen, grappled,
wild, flags), ``pairs`` (value, owner, ledger), ``defends``, ``discard``, ``waste``,
``outcome``, ``phase``, ``to_act``, ``known``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event

from .fields import EMPTY, HELD, L_EQ, OUT, PUBLIC, Ending
from .table import card_name, discard_cards, discard_value, is_public, log_value, show_defense
from .view import P_OVER, EventKind, Termination

if TYPE_CHECKING:
    from .state import ComboState

_LAST_SIDE = Termination.LAST_SIDE
_NO_SIDE = Termination.NO_SIDE


def remove_pair(s: ComboState, p: int, events: list[Event], why: str) -> None:
    """Discard pair ``p`` wherever it lies: its type card into the pile, its value as the waste."""
    pairs, chars = s.pairs, s.characters
    c = pairs.owner[p]
    if c >= 0:
        row = chars.rows[c]
        for col, q in enumerate(row):
            if q == p:
                row[col] = EMPTY
        if chars.consultation[c] == p:
            chars.consultation[c] = -1
        if chars.stolen[c] == p:
            chars.stolen[c] = -1
        grappled = chars.grappled[c]
        if any(q == p for _, q in grappled):
            chars.grappled[c] = grappled = tuple(g for g in grappled if g[1] != p)
            for col, q in enumerate(row):
                if q == HELD and not any(g[0] == col for g in grappled):
                    row[col] = EMPTY
    if s.defends:
        s.defends = tuple(d for d in s.defends if d[1] != p)
    value = pairs.value[p]
    type_card = pairs.type_id[p]
    events.append(
        Event(
            EventKind.DEFEAT,
            s.game.char_seat[c] if c >= 0 else None,
            {
                "character": c,
                "pair": p,
                "type_card": card_name(s, type_card) if is_public(s, type_card) else None,
                "value_cards": [card_name(s, x) for x in pairs.value_ids[p]],
                "value": value,
                "why": why,
            },
        )
    )
    pairs.owner[p] = -1
    discard_cards(s, type_card)
    discard_value(s, pairs.value_ids[p], value)
    log_value(s, p, (L_EQ, value))
    if c >= 0:
        check_out(s, c, events)


def damage(s: ComboState, p: int, amount: int, op: tuple[int, ...], events: list[Event], public: bool = False) -> None:
    """Damage: the pair's value drops by ``amount``; at 0 or less the pair is defeated. The
    amount is public (Poison) or told to the owner alone (the referee's "Proving the Outcome")."""
    c = s.pairs.owner[p]
    values = s.pairs.value
    values[p] -= amount
    log_value(s, p, op)
    seat = s.game.char_seat[c]
    data = {"character": c, "pair": p}
    if public:
        data["amount"] = amount
        events.append(Event(EventKind.DAMAGE, seat, data))
    else:
        events.append(Event(EventKind.DAMAGE, seat, data, ((seat,), {"amount": amount, "value": values[p]})))
    if values[p] <= 0:
        remove_pair(s, p, events, "damage")


def check_out(s: ComboState, c: int, events: list[Event]) -> None:
    """A character with no pair in its rows (none held by a Grapple either) is defeated."""
    chars = s.characters
    flags = chars.flags
    if flags[c] & OUT or any(p >= 0 or p == HELD for p in chars.rows[c]):
        if not flags[c] & OUT:
            show_defense(s, c, events)
        return
    flags[c] |= OUT
    pairs = s.pairs
    for slot in (chars.consultation, chars.stolen):
        p = slot[c]
        if p >= 0:
            slot[c] = -1
            pairs.owner[p] = -1
            discard_cards(s, pairs.type_id[p], *pairs.value_ids[p])
    if chars.wild[c]:
        discard_cards(s, *chars.wild[c])
        chars.wild[c] = ()
        chars.wild_value[c] = 0
    events.append(Event(EventKind.OUT, s.game.char_seat[c], {"character": c}))
    last_side(s)


def last_side(s: ComboState) -> None:
    """The game ends when one side (or none) has a character left."""
    flags = s.characters.flags
    sides = {s.game.char_side[c] for c in range(len(flags)) if not flags[c] & OUT}
    if len(sides) <= 1:
        finish(s, at_round_limit=False)


def side_totals(s: ComboState) -> tuple[list[int], list[int]]:
    """Pairs in play and their total value, per side, as Winning counts them (the
    characters still in the game; a grappled pair counts for its grappler's side)."""
    game = s.game
    chars, values = s.characters, s.pairs.value
    pairs = [0] * len(game.sides)
    total = [0] * len(game.sides)
    for c, flags in enumerate(chars.flags):
        if flags & OUT:
            continue
        side = game.char_side[c]
        for p in chars.rows[c]:
            if p >= 0:
                pairs[side] += 1
                total[side] += values[p]
        for _, p in chars.grappled[c]:
            pairs[side] += 1
            total[side] += values[p]
    return pairs, total


def finish(s: ComboState, at_round_limit: bool) -> None:
    """Winning: the last side standing, or at the round limit the most pairs in play,
    then the higher total value; else a draw. Once the game is over nothing is hidden:
    every card that is not in the draw pile is turned face up."""
    pairs, total = side_totals(s)
    best = max((pairs[x], total[x]) for x in range(len(pairs)))
    top = tuple(x for x in range(len(pairs)) if (pairs[x], total[x]) == best)
    most = max(pairs)
    reason: Termination
    if not at_round_limit:
        reason = _LAST_SIDE if len(top) == 1 else _NO_SIDE
    elif len(top) > 1:
        reason = Termination.LEVEL
    else:
        reason = Termination.MOST_PAIRS if pairs.count(most) == 1 else Termination.MOST_VALUE
    s.outcome = Ending(top if len(top) == 1 else (), reason, tuple(pairs), tuple(total))
    s.phase = P_OVER
    s.to_act = ()
    known = s.known
    shown = [k | PUBLIC for k in known]  # the draw pile's cards are put back below
    for c in s.draw:
        shown[c] = known[c]
    s.known = shown


def refinish(s: ComboState) -> None:
    """Work the outcome of a finished game out again from the board as it stands."""
    assert s.outcome is not None
    finish(s, at_round_limit=s.outcome.reason not in (_LAST_SIDE, _NO_SIDE))


__all__ = ["check_out", "damage", "finish", "last_side", "refinish", "remove_pair", "side_totals"]
