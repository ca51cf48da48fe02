"""A turn of 16 Combos ("Steps on Your Turn", "Available Actions", "Face Cards").

Each step that waits for a decision is a ``phase`` (``view.Phase``);
:data:`DECISIONS` maps each to what the deciding seat may do and how its choice
is applied:

    turn                 the active character announces <type>><target> (or passes): Available Actions
    consultation         the target chooses which pair faces the action (if it has a Consultation pair)
    predictive reaction  the target may use a face card (change or swap), even against a surprise
    (draw a value)       one card, two after Scavenge, none for a wild, a stolen pair, a shove or a counter
    scavenge             add the two drawn, or take the waste value
    face card            the active character keeps, changes or swaps a drawn face card ("level 10 vitality")
    informed reaction    the target may react now, unless the action is a Surprise
    (check)              ``check.py``; then the combo (``combos.py``), recovery and counter
    change stance        One of Each Type (``rounds.py``, as the end of the turn and the round)

Fields it changes: ``action``, ``phase``, ``to_act``, ``pairs`` (reactions:
type, type card, value stack; the ledger), the characters' ``flags``,
``consultation``, ``rows``, ``stolen`` and ``wild``, ``known``,
``constraints``, ``draw``, ``discard`` and ``waste``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from comboarena.core import Action, Event

from . import actions as A
from .actions import LETTERS
from .cards import FACE_TYPES, FACE_VALUE, MAX_VALUE, TYPE_NAMES, TYPES
from .check import check, counter, recover
from .combos import COMBO, SURPRISES, do_effect, effect_actions
from .defeat import remove_pair
from .fields import ANY_PAIR, L_EQ, NEXT_PAIR, OUT, PUBLIC, REACTED, REGULAR, SCAVENGE, SHOVED
from .rounds import action_over, apply_stance, legal_stance, turn_over
from .table import (
    all_public,
    ask,
    can_draw,
    card_name,
    defense,
    defense_pair,
    discard_cards,
    discard_value,
    draw_card,
    enemies,
    face_card_types,
    in_play,
    log_value,
    rebase,
    record_own_type,
    reveal,
    row_suits,
    type_of,
    value_of,
)
from .view import (
    EV_ANNOUNCE,
    EV_DRAW,
    EV_PASS,
    EV_REACT,
    EV_VALUE,
    P_CONSULT,
    P_COUNTER,
    P_EFFECT,
    P_FACE,
    P_INFORM,
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
    SOURCE_NAMES,
    EventKind,
)

if TYPE_CHECKING:
    from .state import ComboState

#: What a seat may do at a step, and how its choice is applied.
Legal = Callable[["ComboState", int], list[Action]]
Apply = Callable[["ComboState", int, Action, list[Event]], None]

# Module globals for the tables read on every turn (an attribute of ``A`` costs a look-up more).
_ANNOUNCE, _ANNOUNCE_WILD = A.ANNOUNCE, A.ANNOUNCE_WILD
_ANNOUNCE_AT, _ANNOUNCE_AT_WILD = A.ANNOUNCE_AT, A.ANNOUNCE_AT_WILD
_PASS, _CHANGE, _SWAP, _SWAP_JOKER, _KEEP = A.PASS, A.CHANGE, A.SWAP, A.SWAP_JOKER, A.KEEP
_COL_SWAP = A.COL["swap"]


# -- Choose an Action Type (Available Actions) ----------------------------------------------------


def legal_turn(s: ComboState, seat: int) -> list[Action]:
    """Choose an Action Type: the available types against each enemy character."""
    a = s.action
    c = a.actor
    chars = s.characters
    flags = chars.flags[c]
    if flags & SHOVED:  # no pass: "unless shoved" (a pass only where no pair can be targeted)
        return forced(s, c, s.pairs.type[defense_pair(s, c)]) or [A.PASS]
    stolen = chars.stolen[c]
    if stolen >= 0:
        return [*forced(s, c, s.pairs.type[stolen]), A.PASS]
    # row_suits, inline: every turn comes through here
    suits = [0, 0, 0, 0, 0]
    ctype, stacks = s.card_type, s.pairs.value_ids
    for p in chars.rows[c]:
        if p >= 0:
            for card in stacks[p]:
                suits[ctype[card]] += 1
    drawable = bool(s.draw) or can_draw(s)
    wild = bool(chars.wild[c])
    out: list[Action] = []
    extra = a.extra
    if extra == NEXT_PAIR:
        targets: tuple[int, ...] | list[int] = (a.target,)
    else:
        all_flags = chars.flags
        targets = [x for x in s.game.enemies[c] if not all_flags[x] & OUT]
    if not wild and extra == REGULAR:  # the usual turn: by draw alone, on the defense pairs
        if drawable:
            for t in range(4):
                if suits[t] >= 2:
                    plain = _ANNOUNCE[t]
                    for x in targets:
                        out.append(plain[x])
        out.append(_PASS)
        return out
    for t in range(4):
        by_draw = drawable and suits[t] >= 2
        by_wild = wild and suits[t] >= 1
        if not (by_draw or by_wild):
            continue
        if extra == ANY_PAIR:
            at, at_wild = _ANNOUNCE_AT[t], _ANNOUNCE_AT_WILD[t]
            for x in targets:
                for col in in_play(s, x):
                    if by_draw:
                        out.append(at[x][col])
                    if by_wild:
                        out.append(at_wild[x][col])
        elif not by_wild:
            plain = _ANNOUNCE[t]
            for x in targets:
                out.append(plain[x])
        else:
            plain, wilds = _ANNOUNCE[t], _ANNOUNCE_WILD[t]
            for x in targets:
                if by_draw:
                    out.append(plain[x])
                out.append(wilds[x])
    out.append(_PASS)
    return out


def forced(s: ComboState, c: int, t: int) -> list[Action]:
    """Announces of type ``t``, which a Shove or a held stolen pair imposes: the type is
    imposed, the targets are still the turn's (any pair in play on Hire Assassin's extra
    turn, the grappled character's next pair on Grapple's)."""
    a = s.action
    if a.extra == ANY_PAIR:
        at = _ANNOUNCE_AT[t]
        return [at[x][col] for x in enemies(s, c) for col in in_play(s, x)]
    if a.extra == NEXT_PAIR:
        return [A.ANNOUNCE[t][a.target]]
    return [A.ANNOUNCE[t][x] for x in enemies(s, c)]


def why_not_turn(s: ComboState, action: Action) -> str | None:
    """Why the active character may not announce ``action`` now, in the rulebook's words
    (``None``: nothing more particular than the step's own help). Said to the seat that
    typed it, which knows its own value row."""
    if not isinstance(action, A.Announce):
        return None
    a, chars = s.action, s.characters
    c, x, t = a.actor, action.target, action.type
    count = len(chars.rows)
    name = f"{TYPE_NAMES[t]} ({TYPES[t]})"
    if not 0 <= x < count:
        return f"there is no character {x}: the characters are 0 to {count - 1}"
    if x == c:
        return f"character {x} is the active character itself: an action targets an enemy character"
    if x not in s.game.enemies[c]:
        return f"character {x} is an ally: an action targets an enemy character"
    if chars.flags[x] & OUT:
        return f"character {x} is out: every pair it had is defeated"
    if a.extra == NEXT_PAIR and x != a.target:
        return f"this extra turn (Grapple) acts on character {a.target}'s next pair"
    if a.extra == ANY_PAIR and action.col < 0:
        return f"this extra turn (Hire Assassin) targets any pair: name its column too, e.g. {TYPES[t]}>{x}a"
    if a.extra != ANY_PAIR and action.col >= 0:
        return "an action targets the defense pair; naming a column is for Hire Assassin's extra turn"
    if action.col >= 0 and action.col not in in_play(s, x):
        return f"character {x} has no pair in play in column {LETTERS[action.col]}"
    if chars.flags[c] & SHOVED:
        kept = s.pairs.type[defense_pair(s, c)]
        return f"a shoved character acts with its defense pair's type, {TYPE_NAMES[kept]} ({TYPES[kept]})"
    stolen = chars.stolen[c]
    if stolen >= 0:
        kept = s.pairs.type[stolen]
        return f"the stolen pair acts with its own type, {TYPE_NAMES[kept]} ({TYPES[kept]})"
    have = row_suits(s, c)[t]
    if action.wild:
        if not chars.wild[c]:
            return "the active character has no saved wild card to use"
        if have < 1:
            return f"a saved wild acts as {name} only with one {TYPE_NAMES[t]} card in the value row; it has none"
        return None
    if have < 2:
        wild = " (or one, with the saved wild: add 'wild')" if chars.wild[c] and have == 1 else ""
        return (
            f"Available Actions: {name} needs two {TYPE_NAMES[t]} cards in the value row{wild}; "
            f"the active character's row has {have}"
        )
    if not can_draw(s):
        return "no card is left to draw (the draw pile and the discard pile's draw-deck cards are used up)"
    return None


def apply_turn(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    if action is A.PASS:
        pass_turn(s, events)
    else:
        assert isinstance(action, A.Announce)
        announce(s, action, events)


def pass_turn(s: ComboState, events: list[Event]) -> None:
    """Passing: the active character takes no action (a held stolen pair is lost)."""
    c = s.action.actor
    events.append(Event(EV_PASS, s.game.char_seat[c], {"character": c, "step": "turn"}))
    stolen = s.characters.stolen[c]
    if stolen >= 0:
        remove_pair(s, stolen, events, "unused")
    turn_over(s, events)


def announce(s: ComboState, action: A.Announce, events: list[Event]) -> None:
    """Target Character, Defense Pair, Choose an Action Type."""
    a = s.action
    chars = s.characters
    c, x = a.actor, action.target
    a.type = action.type
    a.target = x
    if a.extra == ANY_PAIR:
        a.target_column = action.col
    elif a.extra != NEXT_PAIR:
        a.target_column = defense(s, x)
    a.target_pair = chars.rows[x][a.target_column]
    flags = chars.flags[c]
    if flags & SHOVED:
        chars.flags[c] = flags & ~SHOVED
        a.source = S_SHOVE
        record_own_type(s, defense_pair(s, c), action.type)
    elif chars.stolen[c] >= 0:
        a.source = S_STOLEN
    elif action.wild:
        a.source = S_WILD
        record_available(s, c, action.type, 1)
    else:
        a.source = S_DRAW
        record_available(s, c, action.type, 2)
    events.append(
        Event(
            EV_ANNOUNCE,
            s.game.char_seat[c],
            {"actor": c, "target": x, "column": A.LETTERS[a.target_column], "pair": a.target_pair,
             "type": "HDCS"[a.type], "source": SOURCE_NAMES[a.source]},
        )
    )
    targeted(s, events)


def record_available(s: ComboState, c: int, t: int, need: int) -> None:
    """Available Actions is public evidence: the value row held ``need`` cards of type ``t``
    (``table.record_fact`` for one type: a fact the face-up cards do not settle is kept)."""
    known, ctype, stacks = s.known, s.card_type, s.pairs.value_ids
    cards: list[int] = []
    for p in s.characters.rows[c]:  # row_cards
        if p >= 0:
            cards += stacks[p]
    shown = 0
    for card in cards:  # its face-up type-t cards (the type first: most are of another)
        if ctype[card] == t and known[card] & PUBLIC:
            shown += 1
    if shown < need:  # every card of the row is in the fact: it never rules too many out
        n = len(cards)
        s.constraints = (*s.constraints, (tuple(cards), (1 << t,) * n, need, n))


def targeted(s: ComboState, events: list[Event]) -> None:
    """The target is named: its Consultation pair may face the action instead."""
    a = s.action
    x = a.target
    if s.characters.consultation[x] >= 0 and a.target_pair == defense_pair(s, x):
        ask(s, P_CONSULT, s.game.char_seat[x])
        return
    predictive(s, events)


# -- Consultation ----------------------------------------------------------------------------------


def legal_consult(s: ComboState, seat: int) -> list[Action]:
    return [A.CONSULT, A.DEFENSE]


def apply_consult(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    """Consultation: which pair faces the action; "then discard the other pair"."""
    consult = action is A.CONSULT
    a = s.action
    x = a.target
    chars = s.characters
    cp, dp = chars.consultation[x], a.target_pair
    chose = "consult" if consult else "defense"
    events.append(Event(EventKind.CONSULT, s.game.char_seat[x],
                        {"character": x, "pair": cp if consult else dp, "chose": chose}))
    if not consult:
        remove_pair(s, cp, events, "consultation")
    elif s.game.consultation == "shield":
        a.target_pair, a.target_column = cp, -1
        a.shield = True
    else:
        chars.consultation[x] = -1
        chars.rows[x][a.target_column] = cp
        remove_pair(s, dp, events, "consultation")
        a.target_pair = cp
    predictive(s, events)


# -- Predictive and Informed Reaction (Face Card as Target Value) -----------------------------------


def window_opens(s: ComboState) -> bool:
    """A reaction window opens whenever the target might react as far as the table knows."""
    a = s.action
    x = a.target
    chars = s.characters
    if chars.flags[x] & (REACTED | OUT) or chars.incapacitated[x]:  # it cannot react
        return False
    pairs = s.pairs
    p = a.target_pair
    stack = pairs.value_ids[p]
    top = stack[-1]
    if not s.known[top] & PUBLIC:
        return True
    if FACE_TYPES[s.faces[top]]:
        return True
    if all_public(s, pairs.tokens[p]):
        return pairs.value[p] >= MAX_VALUE
    return len(stack) > 1 or len(pairs.tokens[p]) > 1


def predictive(s: ComboState, events: list[Event]) -> None:
    if window_opens(s):
        ask(s, P_PREDICT, s.game.char_seat[s.action.target])
    else:
        take_value(s, events)


def is_surprise(s: ComboState) -> bool:
    """Whether the action is a Surprise: its combo with the target pair's type (Combo Table)."""
    a = s.action
    return COMBO[s.pairs.type[a.target_pair]][a.type] in SURPRISES


def legal_reaction(s: ComboState, seat: int) -> list[Action]:
    """Face Card as Target Value: change the type or swap the cards (or pass)."""
    a = s.action
    p = a.target_pair
    pairs = s.pairs
    out: list[Action] = [A.PASS]
    if s.phase == P_INFORM and is_surprise(s):
        return out  # Surprise: no changes after the action value is revealed
    current = pairs.type[p]
    for t in face_card_types(s, p):
        if t != current:
            out.append(A.CHANGE[t])
    stack = pairs.value_ids[p]
    if len(stack) == 1:
        types = FACE_TYPES[s.faces[stack[0]]]
        if len(types) == 2:
            out += [A.SWAP_JOKER[t] for t in types]
        elif types:
            out.append(A.SWAP)
    return out


def apply_reaction(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    """A reaction: Face Card as Target Value, a change or a swap (shown to the table)."""
    a = s.action
    phase = s.phase
    if action is not A.PASS:
        x, p = a.target, a.target_pair
        pairs = s.pairs
        s.characters.flags[x] |= REACTED
        data: dict[str, object] = {"character": x, "pair": p, "step": "predictive" if phase == P_PREDICT
                                   else "informed"}
        if isinstance(action, A.Change):
            top = pairs.value_ids[p][-1]
            reveal(s, top, pairs.type_id[p])
            pairs.type[p] = action.type
            data.update(reaction="change", type="HDCS"[action.type], card=card_name(s, top))
        else:
            card, old = pairs.value_ids[p][0], pairs.type_id[p]
            pairs.type_id[p] = card
            pairs.value_ids[p] = (old,)
            t = type_of(s, card)
            pairs.type[p] = action.type if isinstance(action, A.SwapJoker) else t
            reveal(s, card)
            rebase(s, p, (old,))
            data.update(reaction="swap", type="HDCS"[pairs.type[p]], card=card_name(s, card))
        events.append(Event(EV_REACT, s.game.char_seat[x], data))
    if phase == P_PREDICT:
        take_value(s, events)
    else:
        resolve(s, events)


# -- Draw a Value ----------------------------------------------------------------------------------


def take_value(s: ComboState, events: list[Event]) -> None:
    """Draw a Value (or take it from a wild, a stolen pair, a shove, a counter)."""
    a = s.action
    c = a.actor
    src = a.source
    chars, pairs = s.characters, s.pairs
    if src == S_DRAW:
        if chars.flags[c] & SCAVENGE:
            chars.flags[c] &= ~SCAVENGE
            first = draw_card(s, events)
            second = draw_card(s, events) if first >= 0 else -1
            if second >= 0:
                reveal(s, first, second)
                a.drawn = (first, second)
                events.append(draw_event(s, c, a.drawn))
                if s.waste:
                    ask(s, P_SCAVENGE, s.game.char_seat[c])
                    return
                scavenge_choice(s, True, events)
                return
            card = first
        else:
            draw = s.draw
            card = draw.pop() if draw else draw_card(s, events)
        s.known[card] |= PUBLIC
        a.drawn = a.cards = (card,)
        face = s.faces[card]
        a.value = FACE_VALUE[face]
        events.append(draw_event(s, c, a.drawn))
        if FACE_TYPES[face]:
            # Asked whenever a face card is drawn, even with nothing but ``keep`` to choose: at
            # the table the others hear only the announcement, so whether the actor could
            # change or swap (which hangs on its face-down row) must not show.
            seat = s.game.char_seat[c]
            ask(s, P_FACE, seat)
            s.prime(seat, legal_face(s, seat))
            return
    elif src == S_SHOVE:
        dp = defense_pair(s, c)
        a.value = pairs.value[dp]
        log_value(s, dp, (L_EQ, a.value))
    elif src == S_STOLEN:
        sp = chars.stolen[c]
        chars.stolen[c] = -1
        pairs.owner[sp] = -1
        a.value = pairs.value[sp]
        log_value(s, sp, (L_EQ, a.value))
        a.cards = pairs.value_ids[sp]
        reveal(s, *a.cards)
        discard_cards(s, pairs.type_id[sp])
    elif src == S_WILD:
        a.cards, a.value = chars.wild[c], chars.wild_value[c]
        chars.wild[c], chars.wild_value[c] = (), 0
    value_final(s, events)


def draw_event(s: ComboState, c: int, cards: tuple[int, ...]) -> Event:
    return Event(EV_DRAW, s.game.char_seat[c],
                 {"character": c, "cards": [card_name(s, x) for x in cards], "ids": list(cards)})


def legal_scavenge(s: ComboState, seat: int) -> list[Action]:
    return [A.ADD, A.WASTE]


def apply_scavenge(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    scavenge_choice(s, action is A.ADD, events)


def scavenge_choice(s: ComboState, add: bool, events: list[Event]) -> None:
    """Scavenge's two drawn cards: added (Unlimited), or the waste value taken."""
    a = s.action
    first, second = a.drawn
    if add:
        a.value = value_of(s, first) + value_of(s, second)
        a.cards = a.drawn
        a.source = S_SCAVENGE
    else:
        a.value = s.waste_value
        discard_value(s, (first,), value_of(s, first))
        discard_value(s, (second,), value_of(s, second))
        a.cards = ()
        a.source = S_WASTE
    value_final(s, events)


# -- Face Card as Action Value -----------------------------------------------------------------------


def legal_face(s: ComboState, seat: int) -> list[Action]:
    """Face Card as Action Value: keep, change the type (one of it in the row), or swap
    the face card with a value-row card of the announced type (two of it in the row)."""
    a = s.action
    c = a.actor
    card = a.drawn[0]
    out: list[Action] = [_KEEP]
    suits = row_suits(s, c)
    at = a.type
    for t in FACE_TYPES[s.faces[card]]:
        if t != at and suits[t] >= 1:
            out.append(_CHANGE[t])
    if suits[at] >= 2:
        stacks, ctype = s.pairs.value_ids, s.card_type
        for col, p in enumerate(s.characters.rows[c]):
            if p >= 0:
                stack = stacks[p]
                if len(stack) == 1 and ctype[stack[0]] == at:
                    out.append(_COL_SWAP[col])
    return out


def apply_face(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    """Face Card as Action Value: announce the value, with a new type if it changed."""
    a = s.action
    c = a.actor
    if isinstance(action, A.Change):
        record_available(s, c, action.type, 1)
        a.type = action.type
    elif isinstance(action, A.Column):
        pairs = s.pairs
        q = s.characters.rows[c][action.col]
        old = pairs.value_ids[q][0]
        a.value = pairs.value[q]
        log_value(s, q, (L_EQ, a.value))
        card = a.drawn[0]
        pairs.value_ids[q] = (card,)
        rebase(s, q, (card,))
        reveal(s, old)
        a.cards = (old,)
        a.source = S_SWAP
        events.append(Event(EventKind.EFFECT, s.game.char_seat[c],
                            {"effect": "face swap", "character": c, "column": A.LETTERS[action.col],
                             "card": card_name(s, card), "value_card": card_name(s, old)}))
    value_final(s, events)


def value_final(s: ComboState, events: list[Event]) -> None:
    """The action's value is announced ("level 10 vitality"); then the Informed Reaction."""
    a = s.action
    events.append(
        Event(EV_VALUE, s.game.char_seat[a.actor],
              {"actor": a.actor, "value": a.value, "type": "HDCS"[a.type],
               "cards": [card_name(s, x) for x in a.cards]})
    )
    p = a.target_pair
    surprise = s.known[s.pairs.type_id[p]] & PUBLIC and is_surprise(s)
    if not surprise and window_opens(s):
        ask(s, P_INFORM, s.game.char_seat[a.target])
    else:
        resolve(s, events)


# -- the Check and what follows it -------------------------------------------------------------------


def resolve(s: ComboState, events: list[Event]) -> None:
    """The Check (``check.py``); the action ends unless it opened a decision."""
    if check(s, events):
        action_over(s, events)


def legal_recover(s: ComboState, seat: int) -> list[Action]:
    a = s.action
    x = a.target
    cols = in_play(s, x)
    if is_surprise(s):
        # Surprise: "Regardless of other rules or combos, the target can't make changes to
        # their target pair in any way after the action value is revealed".
        rows = s.characters.rows[x]
        cols = [col for col in cols if rows[col] != a.target_pair]
    return [*(A.COL["recover"][col] for col in cols), A.PASS]


def apply_recover(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    if recover(s, action, events):
        action_over(s, events)


def legal_counter(s: ComboState, seat: int) -> list[Action]:
    return [A.COUNTER, A.PASS]


def apply_counter(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    if action is A.COUNTER:
        counter(s, events)
        targeted(s, events)
    else:
        events.append(Event(EV_PASS, seat, {"character": s.action.target, "step": "counter"}))
        action_over(s, events)


def legal_effect(s: ComboState, seat: int) -> list[Action]:
    return effect_actions(s, s.action.effect)


def apply_effect(s: ComboState, seat: int, action: Action, events: list[Event]) -> None:
    do_effect(s, action, events)
    action_over(s, events)


#: Each step's decision: what the seat may do, and how its choice is applied (Preparing Pairs
#: is ``setup.py``'s).
DECISIONS: dict[str, tuple[Legal, Apply]] = {
    P_TURN: (legal_turn, apply_turn),
    P_CONSULT: (legal_consult, apply_consult),
    P_PREDICT: (legal_reaction, apply_reaction),
    P_SCAVENGE: (legal_scavenge, apply_scavenge),
    P_FACE: (legal_face, apply_face),
    P_INFORM: (legal_reaction, apply_reaction),
    P_RECOVER: (legal_recover, apply_recover),
    P_COUNTER: (legal_counter, apply_counter),
    P_EFFECT: (legal_effect, apply_effect),
    P_STANCE: (legal_stance, apply_stance),
}

__all__ = ["DECISIONS", "Apply", "Legal"]
