"""Rounds ("Rules for Playing" 1. Character Order), the end of a turn, and Change Stance
(optional rule E, One of Each Type).

In each round the characters take turns from the highest Character Order card
(or in Round-robin Order); extra turns are inserted right after the current
turn; a character out, or incapacitated this round, is skipped; reactions
come back at the start of each round; after ``round_limit`` rounds the game
ends (``defeat.finish``). At the start of its turn a character's Defend cards
expire and its grappled pairs return.

Fields it changes: ``action`` (a new one each turn), ``queue``,
``extra_turn_info``, ``phase``, ``to_act``, ``defends``, ``pairs`` (an
expired Defend card leaves its pair), the characters' ``flags``,
``incapacitated``, ``grappled``, ``rows`` and ``defense_mark``, ``discard``,
``waste`` and ``known``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event

from . import actions as A
from .defeat import finish, remove_pair
from .fields import L_SUB, NEXT_PAIR, OUT, REACTED, REGULAR, Act
from .table import ask, card_name, defense, discard_action, discard_value, in_play, log_value, show_defense
from .view import EV_ROUND, EV_TURN, O_CRITICAL, P_OVER, P_STANCE, P_TURN, EventKind

if TYPE_CHECKING:
    from .state import ComboState


def action_over(s: ComboState, events: list[Event]) -> None:
    """The action is over: what is left of its value cards is discarded (Discard the
    Action Value Card; a shielding Consultation pair with them); then the turn ends."""
    discard_action(s)
    a = s.action
    if a.shield:
        x = a.target
        cp = s.characters.consultation[x]
        if cp >= 0 and cp == a.target_pair:
            remove_pair(s, cp, events, "consultation")
    if s.phase == P_OVER:
        return
    if a.counter:
        end_turn(s, events)
    else:
        turn_over(s, events)


# -- Change Stance (One of Each Type) ------------------------------------------------------------------


def turn_over(s: ComboState, events: list[Event]) -> None:
    """The turn's action is done: One of Each Type offers Change Stance, then the turn ends."""
    a = s.action
    c = s.queue.current
    chars = s.characters
    if (
        s.game.one_of_each
        and not chars.flags[c] & OUT
        and not chars.incapacitated[c]
        and not (a.actor == c and a.outcome == O_CRITICAL)  # not on a critical failure
        and len(in_play(s, c)) >= 2
    ):
        s.action = Act(c) if a.actor != c else a
        ask(s, P_STANCE, s.game.char_seat[c])
        return
    end_turn(s, events)


def legal_stance(s: ComboState, seat: int) -> list[Action]:
    c = s.queue.current
    d = defense(s, c)
    return [*(A.COL["stance"][col] for col in in_play(s, c) if col != d), A.PASS]


def apply_stance(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    """Change Stance (One of Each Type): another pair becomes the defense pair."""
    c = s.queue.current
    if isinstance(action, A.Column):
        s.characters.defense_mark[c] = action.col
        show_defense(s, c, events)
        events.append(Event(EventKind.STANCE, s.game.char_seat[c], {"character": c,
                                                                     "column": A.LETTERS[action.col]}))
    end_turn(s, events)


# -- the end of a turn, a round -------------------------------------------------------------------------


def end_turn(s: ComboState, events: list[Event]) -> None:
    if s.phase == P_OVER:
        return
    info = advance(s, events)
    if info is not None:
        start_turn(s, info, events)


def advance(s: ComboState, events: list[Event]) -> tuple[int, int, int] | None:
    """The next turn (an extra turn first); a new round after the order's last."""
    q = s.queue
    flags = s.characters.flags
    while q.extra:
        info, s.extra_turn_info = s.extra_turn_info[0], s.extra_turn_info[1:]
        q = q._replace(extra=q.extra[1:], current=q.extra[0], extra_turn=True)
        if not flags[q.current] & OUT:
            s.queue = q
            return info
    for f in flags:
        if f & OUT:
            nq = q.advance(skip=lambda c: bool(flags[c] & OUT))
            break
    else:  # nobody is out: nobody to skip, and the queue's step without a skip is remembered
        nq = q.advance()
    s.queue = nq
    if nq.round != q.round and not new_round(s, events):
        return None
    return (REGULAR, -1, 0)


def new_round(s: ComboState, events: list[Event]) -> bool:
    """Reactions come back each round; after ``round_limit`` rounds the game ends."""
    r = s.queue.round
    if r > s.game.round_limit:
        finish(s, at_round_limit=True)
        return False
    flags = s.characters.flags
    for c in range(len(flags)):
        flags[c] &= ~REACTED
    events.append(Event(EV_ROUND, None, {"round": r}))
    return True


def start_turn(s: ComboState, info: tuple[int, int, int], events: list[Event]) -> None:
    """The character whose turn it is acts, unless it is out, incapacitated this round or
    (Grapple's extra turn) the target has no next pair."""
    seat = s.game.char_seat
    chars = s.characters
    while True:
        c = s.queue.current
        kind, target, _ = info
        if s.defends or chars.grappled[c]:
            turn_start(s, c, events)
            if s.phase == P_OVER:
                return
        skip = ""
        if chars.flags[c] & OUT:
            skip = "out"
        elif chars.incapacitated[c] == s.queue.round:
            skip = "incapacitated"
        else:
            chars.incapacitated[c] = 0
        a = Act(c)
        a.extra = kind
        if not skip and kind == NEXT_PAIR:
            a.target = target
            a.target_column = next_pair(s, target)
            if a.target_column < 0 or chars.flags[target] & OUT:
                skip = "no next pair"
            else:
                a.target_pair = chars.rows[target][a.target_column]
        if not skip:
            s.action = a
            ask(s, P_TURN, seat[c])
            events.append(Event(EV_TURN, seat[c], {"character": c, "round": s.queue.round,
                                                   "extra": ("", "any pair", "next pair")[kind]}))
            return
        events.append(Event(EventKind.SKIP, seat[c], {"character": c, "why": skip}))
        nxt = advance(s, events)
        if nxt is None:
            return
        info = nxt


def turn_start(s: ComboState, c: int, events: list[Event]) -> None:
    """At the start of a character's turn its Defend cards expire and its grappled pairs return."""
    mine = [d for d in s.defends if d[0] == c] if s.defends else None
    pairs, chars = s.pairs, s.characters
    if mine:
        s.defends = tuple(d for d in s.defends if d[0] != c)
        for _, p, cards, amount in mine:
            if pairs.owner[p] < 0:
                continue
            pairs.value_ids[p] = tuple(x for x in pairs.value_ids[p] if x not in cards)
            pairs.value[p] -= amount
            log_value(s, p, (L_SUB, amount))
            discard_value(s, cards, amount)
            events.append(Event(EventKind.EXPIRE, s.game.char_seat[c],
                                {"character": pairs.owner[p], "pair": p,
                                 "cards": [card_name(s, x) for x in cards]}))
            if pairs.value[p] <= 0:
                remove_pair(s, p, events, "defend expired")
    if chars.grappled[c]:
        row = chars.rows[c]
        for col, p in chars.grappled[c]:
            row[col] = p
            events.append(Event(EventKind.RETURN, s.game.char_seat[c],
                                {"character": c, "pair": p, "column": A.LETTERS[col]}))
        chars.grappled[c] = ()
        show_defense(s, c, events)


def next_pair(s: ComboState, x: int) -> int:
    """Grapple's "next pair (next to their defense pair)": the nearest pair in play left
    of the held one, else right of it."""
    chars = s.characters
    row = chars.rows[x]
    held = chars.grappled[x][-1][0] if chars.grappled[x] else defense(s, x)
    for col in range(held - 1, -1, -1):
        if row[col] >= 0:
            return col
    for col in range(held + 1, len(row)):
        if row[col] >= 0:
            return col
    return -1


__all__ = ["action_over", "apply_stance", "end_turn", "legal_stance", "start_turn", "turn_over"]
