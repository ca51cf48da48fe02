"""The Combo Table: sixteen combos of (target type, action type), one rule each.

``COMBO[target_type][action_type]`` is the combo's number, its name
``NAMES[n]`` and its caveats ``TAGS[n]`` (Once, Limited, Passive, Save Wild,
Surprise, Unlimited, Incapacitated). There is one function per combo, named
as in the rulebook, called when a Check defeats the target pair; the combos
that ask for a choice open an ``effect`` decision (``view.EFFECTS``), whose
legal actions and application live here too.

Fields it changes: ``pairs`` (owner, type, type card, value stack, value,
tokens, ledger), ``characters`` (rows, Consultation, stolen, wild, grappled,
flags, shown, defense mark), ``action`` (its cards and effect), ``queue`` and
``extra_turn_info`` (extra turns), ``defends``, ``known``, ``constraints``,
``discard`` and ``waste``.

>>> NAMES[COMBO[0][1]], NAMES[COMBO[1][0]], sorted(TAGS[COMBO[3][0]])
('Hire Assassin', 'Scavenge', ['Limited', 'Surprise'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from comboarena.core import Action, Event

from . import actions as A
from .cards import FINESSE, MAX_VALUE, VITALITY
from .defeat import check_out, damage, remove_pair
from .fields import (
    ANY_PAIR,
    EMPTY,
    HELD,
    L_DMG,
    L_DMGBY,
    L_SET,
    L_SUB,
    NEXT_PAIR,
    OUT,
    REACTED,
    REGULAR,
    SCAVENGE,
    SHOVED,
)
from .table import (
    alive,
    all_public,
    ask,
    card_name,
    defense,
    defense_pair,
    discard_action,
    discard_cards,
    discard_value,
    draw_card,
    in_play,
    is_public,
    new_pair,
    put_on,
    rebase,
    record_fact,
    reveal,
    reveal_event,
    show_defense,
    tell,
    type_of,
)
from .view import EFFECTS, O_DEFEATED, P_EFFECT, P_OVER, EventKind

if TYPE_CHECKING:
    from .state import ComboState

#: The Combo Table, in the rulebook's reading order (rows: target type ♥ ♦ ♣ ♠; columns: action type).
NAMES = (
    "Poison", "Hire Assassin", "Throw", "Insight",
    "Scavenge", "Bribe", "Steal", "Snipe",
    "Defend", "Hire Guard", "Grapple", "Stealth",
    "Adrenaline", "Consultation", "Shove", "Dodge",
)  # fmt: skip
(
    POISON, HIRE_ASSASSIN, THROW, INSIGHT,
    SCAVENGE_, BRIBE, STEAL, SNIPE,
    DEFEND, HIRE_GUARD, GRAPPLE, STEALTH,
    ADRENALINE, CONSULTATION, SHOVE, DODGE,
) = range(16)  # fmt: skip
#: COMBO[target type][action type] -> combo number.
COMBO = tuple(tuple(4 * target + action for action in range(4)) for target in range(4))

ONCE, LIMITED, PASSIVE, SAVE_WILD, SURPRISE, UNLIMITED, INCAPACITATED = (
    "Once", "Limited", "Passive", "Save Wild", "Surprise", "Unlimited", "Incapacitated",
)  # fmt: skip
TAGS: tuple[frozenset[str], ...] = tuple(
    frozenset(t)
    for t in (
        (), (SURPRISE,), (INCAPACITATED,), (SURPRISE,),
        (UNLIMITED, PASSIVE), (SAVE_WILD,), (SURPRISE,), (SURPRISE,),
        (UNLIMITED, PASSIVE), (), (ONCE, INCAPACITATED), (SURPRISE,),
        (LIMITED, SURPRISE), (), (INCAPACITATED,), (),
    )
)  # fmt: skip
SURPRISES = frozenset(n for n in range(16) if SURPRISE in TAGS[n])
#: The combos that use the action value card themselves (it is not discarded first).
USES_ACTION_CARD = frozenset((BRIBE, DEFEND, HIRE_GUARD, ADRENALINE, CONSULTATION))

#: What each combo does, in the rulebook's words (for ``rules``, the terminal's ``?`` and the browser).
TEXT = (
    "Any remaining action value that didn't go toward reducing the target to zero does damage to the next pair "
    "to their left (start from right end if none are left of target).",
    "Get another turn and choose any pair to target (announce an action type and draw a new value card).",
    "You get to switch any two defense pairs of the target and if one pair becomes the defense pair, the type "
    "card becomes face up.",
    "The target character turns one card you choose face up.",
    "Draw two value cards on your next action and either add them together or choose to take the waste value "
    "and then discard the two drawn (the second drawn becomes the new waste card).",
    "The target character decides whether to accept your value card as a wild card but still loses the target "
    "pair.",
    "You get the defense pair & add it to the right of your defense pair as your new defense pair or use its type "
    "and value as your next action.",
    "Change the damaged or defeated target to any of the opponent's pairs but only affect that pair (& ignore the "
    "type).",
    "Place the drawn card on top of any card in your value row to increase the pair's value for one round.",
    "Replace any of your target type cards with either card you are using (If you use the drawn card, discard the "
    "replaced card, otherwise swap the replaced card and used card).",
    "You get an extra turn & use an action on the target character's next pair (next to their defense pair) but "
    "their current target pair returns to play at the start of their next turn. Unless there is a critical "
    "failure, the target pair both become face up.",
    "Switch any pair in your defense with another pair but keep both new defense cards face down.",
    "Place the value card from the drawn pair on top of your defense pair's target value card to increase its "
    "value.",
    "Draw a second card as a type, face up. Place the drawn pair above your defense pair. The next time your "
    "character is targeted, choose to have the action affect your consultation pair instead of defense pair "
    "(then discard the other pair).",
    "The target character must use their defense pair and value as their action type and value on their next "
    "turn (The character ignores the \"Available Actions\" rule & doesn't draw a value card).",
    "Switch any pair in your defense with another pair (The new type card becomes face up & each card in the old "
    "pair remains up only if it was).",
)


# -- the Combo Table ------------------------------------------------------------------------


def defeated(s: ComboState, events: list[Event]) -> bool:
    """A Check defeated the target pair: the combo happens. Returns whether the action is
    over (no effect decision was opened)."""
    a = s.action
    combo = a.combo
    if combo not in USES_ACTION_CARD:
        discard_action(s)
    events.append(Event(EventKind.COMBO, s.game.char_seat[a.actor], {"combo": NAMES[combo], "actor": a.actor,
                                                                      "target": a.target}))
    RULES[combo](s, events)
    return s.phase != P_EFFECT


def poison(s: ComboState, events: list[Event]) -> None:
    """Poison: the action value left over after reducing the target to zero damages
    the next pair to its left (from the right end if none is left of it)."""
    a = s.action
    x, col = a.target, a.target_column
    remove_pair(s, a.target_pair, events, "poison")
    rest = a.difference
    row = s.characters.rows[x]
    nxt = next((c for c in range(col - 1, -1, -1) if row[c] >= 0), -1) if col >= 0 else -1
    if nxt < 0:
        nxt = next((c for c in range(len(row) - 1, -1, -1) if row[c] >= 0), -1)
    if nxt >= 0 and rest > 0:
        damage(s, row[nxt], rest, (L_SUB, rest), events, public=True)


def hire_assassin(s: ComboState, events: list[Event]) -> None:
    """Hire Assassin: another turn, targeting any pair."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    extra_turn(s, a.actor, ANY_PAIR, -1, events)


def throw(s: ComboState, events: list[Event]) -> None:
    """Throw: the actor may switch two pairs of the target (Incapacitated)."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if len(in_play(s, a.target)) >= 2 and alive(s, a.target):
        open_effect(s, "throw", a.actor)


def insight(s: ComboState, events: list[Event]) -> None:
    """Insight: the target turns one card the actor chooses face up."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if alive(s, a.target) and effect_actions(s, "insight"):
        open_effect(s, "insight", a.actor)


def scavenge(s: ComboState, events: list[Event]) -> None:
    """Scavenge (Passive): the actor's next action draws two value cards."""
    s.characters.flags[s.action.actor] |= SCAVENGE


def bribe(s: ComboState, events: list[Event]) -> None:
    """Bribe (Save Wild): the target loses the pair and decides whether to keep the
    action value card as a saved wild."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if a.cards and alive(s, a.target):
        open_effect(s, "bribe", a.target)


def steal(s: ComboState, events: list[Event]) -> None:
    """Steal: the actor takes the target pair, to add to its row or to use as its next action."""
    a = s.action
    p, x = a.target_pair, a.target
    take_pair(s, p)
    s.pairs.owner[p] = a.actor
    tell(s, s.game.char_seat[a.actor], s.pairs.type_id[p], *s.pairs.value_ids[p])
    check_out(s, x, events)
    if s.phase == P_OVER:
        keep_stolen(s, False, events)  # the game is won: the pair simply joins the row
        return
    open_effect(s, "steal", a.actor)


def snipe(s: ComboState, events: list[Event]) -> None:
    """Snipe: the defeat (or damage) hits any pair of the target the actor chooses instead."""
    a = s.action
    if len(in_play(s, a.target)) >= 2:
        open_effect(s, "snipe", a.actor)
    else:
        snipe_at(s, a.target_column, events)


def defend(s: ComboState, events: list[Event]) -> None:
    """Defend (Passive, Unlimited): the drawn card raises one of the actor's pairs for one round."""
    a = s.action
    if a.cards and in_play(s, a.actor):
        open_effect(s, "defend", a.actor)


def hire_guard(s: ComboState, events: list[Event]) -> None:
    """Hire Guard: one of the actor's type cards is replaced by a card the action uses."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if not alive(s, a.actor):
        return
    options = effect_actions(s, "hire guard")
    if len(a.cards) != 1:
        record_guards(s, bool(options))
    if options:
        open_effect(s, "hire guard", a.actor)


def record_guards(s: ComboState, opened: bool) -> None:
    """With no single action card to use (a counter, a shove, two scavenged cards) Hire
    Guard has a choice exactly when a lone value card has the action's type: whether the
    decision opens tells the table so."""
    a = s.action
    cols = in_play(s, a.actor)
    if len(cols) < 2:
        return  # no other column to take the card: nothing is learnt
    row, stacks = s.characters.rows[a.actor], s.pairs.value_ids
    lone = [stacks[row[col]][0] for col in cols if len(stacks[row[col]]) == 1]
    record_fact(s, lone, (1 << a.type,) * len(lone), 1 if opened else 0, len(lone) if opened else 0)


def grapple(s: ComboState, events: list[Event]) -> None:
    """Grapple (Once): the target pair is held out of play until its owner's next turn and
    the actor takes an extra turn on the target's next pair; the extra turn uses the
    actor's reaction. On an extra turn (a second action) it only defeats."""
    a = s.action
    p, x, col = a.target_pair, a.target, a.target_column
    chars = s.characters
    if a.extra != REGULAR or col < 0 or chars.rows[x][col] != p:
        remove_pair(s, p, events, "defeated")
        return
    chars.rows[x][col] = HELD
    chars.grappled[x] = (*chars.grappled[x], (col, p))
    events.append(Event(EventKind.EFFECT, s.game.char_seat[a.actor],
                        {"effect": "grapple", "character": x, "pair": p, "column": A.LETTERS[col]}))
    show_defense(s, x, events)
    if in_play(s, x):
        # Once: "The second turn uses your reaction for the round" (no next pair: no second turn).
        chars.flags[a.actor] |= REACTED
        extra_turn(s, a.actor, NEXT_PAIR, x, events)


def stealth(s: ComboState, events: list[Event]) -> None:
    """Stealth: the actor switches two of its pairs; a new defense pair stays face down."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if len(in_play(s, a.actor)) >= 2:
        open_effect(s, "stealth", a.actor)


def adrenaline(s: ComboState, events: list[Event]) -> None:
    """Adrenaline (Limited): the action value card goes on the actor's defense value."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    dp = defense_pair(s, a.actor)
    if a.cards and dp >= 0:
        put_on(s, dp, a.cards, a.value, limited=True)
        events.append(placed_event(s, "adrenaline", a.actor, dp, a.cards))
        a.cards = ()


def consultation(s: ComboState, events: list[Event]) -> None:
    """Consultation: a second card drawn face up as a type makes, with the action value
    card, a pair above the actor's defense pair."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if not a.cards or not alive(s, a.actor):
        return
    card = draw_card(s, events)
    if card < 0:
        return
    reveal(s, card)
    chars = s.characters
    old = chars.consultation[a.actor]
    if old >= 0:
        remove_pair(s, old, events, "replaced")
    t = type_of(s, card)
    p = new_pair(s, a.actor, card, a.cards, t if t >= 0 else FINESSE, min(a.value, MAX_VALUE), a.cards)
    chars.consultation[a.actor] = p
    events.append(placed_event(s, "consultation", a.actor, p, (card, *a.cards)))
    a.cards = ()
    if t < 0:
        open_effect(s, "joker type", a.actor)


def shove(s: ComboState, events: list[Event]) -> None:
    """Shove (Incapacitated): the target's next action must use its defense pair."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if alive(s, a.target):
        s.characters.flags[a.target] |= SHOVED


def dodge(s: ComboState, events: list[Event]) -> None:
    """Dodge: the actor switches two of its pairs; a new defense pair shows its type card."""
    a = s.action
    remove_pair(s, a.target_pair, events, "defeated")
    if len(in_play(s, a.actor)) >= 2:
        open_effect(s, "dodge", a.actor)


#: The rule of each combo, by number.
RULES: tuple[Callable[[ComboState, list[Event]], None], ...] = (
    poison, hire_assassin, throw, insight,
    scavenge, bribe, steal, snipe,
    defend, hire_guard, grapple, stealth,
    adrenaline, consultation, shove, dodge,
)  # fmt: skip


# -- effect decisions -------------------------------------------------------------------------


def open_effect(s: ComboState, effect: str, char: int) -> None:
    if s.phase == P_OVER:
        return
    s.action.effect = effect
    ask(s, P_EFFECT, s.game.char_seat[char])


def effect_actions(s: ComboState, effect: str) -> list[Action]:
    """What the deciding seat may choose for ``effect``."""
    a = s.action
    me = a.actor
    if effect in ("throw", "stealth", "dodge"):
        c = a.target if effect == "throw" else me
        cols = in_play(s, c)
        out: list[Action] = [A.switch(x, y) for i, x in enumerate(cols) for y in cols[i + 1 :]]
        return [*out, A.PASS] if effect == "throw" else out
    if effect == "insight":
        out = []
        row = s.characters.rows[a.target]
        for col in in_play(s, a.target):
            p = row[col]
            if not is_public(s, s.pairs.type_id[p]):
                out.append(A.INSIGHT[col][0])
            if not all_public(s, s.pairs.value_ids[p]):
                out.append(A.INSIGHT[col][1])
        return out
    if effect == "bribe":
        return [A.ACCEPT, A.REFUSE]
    if effect == "steal":
        return [A.ADD, A.HOLD]
    if effect == "snipe":
        return [A.COL["snipe"][col] for col in in_play(s, a.target)]
    if effect == "defend":
        return [A.COL["defend"][col] for col in in_play(s, me)]
    if effect == "hire guard":
        return guard_actions(s)
    if effect == "joker type":
        return [A.TYPE_CHOICE[FINESSE], A.TYPE_CHOICE[VITALITY]]
    raise AssertionError(effect)


def guard_actions(s: ComboState) -> list[Action]:
    """Hire Guard: the drawn card (a joker as finesse or vitality) or a lone value card of
    the action's type becomes another column's type card."""
    a = s.action
    cols = in_play(s, a.actor)
    out: list[Action] = []
    if len(a.cards) == 1:
        joker = type_of(s, a.cards[0]) < 0
        for col in cols:
            if joker:
                out += [A.GUARD_JOKER[FINESSE][col], A.GUARD_JOKER[VITALITY][col]]
            else:
                out.append(A.GUARD[0][col])
    row, stacks = s.characters.rows[a.actor], s.pairs.value_ids
    for src in cols:
        stack = stacks[row[src]]
        if len(stack) == 1 and type_of(s, stack[0]) == a.type:
            out += [A.GUARD[src + 1][col] for col in cols if col != src]
    return out


def do_effect(s: ComboState, action: Action, events: list[Event]) -> None:
    """Apply the decision on the open effect (``pass`` declines an optional one: Throw).
    No effect opens another decision: the action is over after it."""
    a = s.action
    effect = a.effect
    a.effect = ""
    me = a.actor
    chars = s.characters
    if isinstance(action, A.Switch):
        c = a.target if effect == "throw" else me
        switch(s, c, action.a, action.b, effect, events)
    elif isinstance(action, A.Insight):
        p = chars.rows[a.target][action.col]
        cards = (s.pairs.type_id[p],) if action.part == "type" else s.pairs.value_ids[p]
        reveal(s, *cards)
        events.append(reveal_event(s, a.target, p, cards, "insight"))
    elif action is A.ACCEPT:
        x = a.target
        if chars.wild[x]:
            discard_value(s, chars.wild[x], chars.wild_value[x])
        chars.wild[x], chars.wild_value[x] = a.cards, a.value
        events.append(Event(EventKind.EFFECT, s.game.char_seat[x],
                            {"effect": "bribe", "character": x, "wild": [card_name(s, c) for c in a.cards],
                             "value": a.value}))
        a.cards = ()
    elif action is A.ADD or action is A.HOLD:
        keep_stolen(s, action is A.HOLD, events)
    elif isinstance(action, A.Column) and action.verb == "snipe":
        snipe_at(s, action.col, events)
    elif isinstance(action, A.Column) and action.verb == "defend":
        p = chars.rows[me][action.col]
        put_on(s, p, a.cards, a.value, limited=False)
        s.defends = (*s.defends, (me, p, a.cards, a.value))
        events.append(placed_event(s, "defend", me, p, a.cards))
        a.cards = ()
    elif isinstance(action, A.Guard):
        guard(s, action, events)
    elif isinstance(action, A.TypeChoice):
        p = chars.consultation[me]
        s.pairs.type[p] = action.type
        events.append(Event(EventKind.EFFECT, s.game.char_seat[me], {"effect": "joker type", "character": me,
                                                                      "pair": p, "type": "HDCS"[action.type]}))


# -- what the effects do ------------------------------------------------------------------------


def switch(s: ComboState, c: int, x: int, y: int, effect: str, events: list[Event]) -> None:
    """Throw, Stealth, Dodge: the pairs of columns x and y change places."""
    row = s.characters.rows[c]
    row[x], row[y] = row[y], row[x]
    events.append(Event(EventKind.EFFECT, s.game.char_seat[c],
                        {"effect": effect, "character": c, "columns": [A.LETTERS[x], A.LETTERS[y]]}))
    if effect == "stealth":
        s.characters.shown[c] = defense_pair(s, c)  # "keep both new defense cards face down"
    else:
        show_defense(s, c, events)


def snipe_at(s: ComboState, col: int, events: list[Event]) -> None:
    """Snipe's chosen pair takes the defeat, or the damage (from the target's difference)."""
    a = s.action
    pairs = s.pairs
    p = s.characters.rows[a.target][col] if col >= 0 else a.target_pair
    if a.outcome == O_DEFEATED:
        remove_pair(s, p, events, "snipe")
        return
    if p == a.target_pair:
        damage(s, p, a.difference, (L_DMG, a.value), events)
    elif all_public(s, pairs.tokens[a.target_pair]):
        damage(s, p, a.difference, (L_SUB, a.difference), events, public=True)
    else:
        if all_public(s, pairs.tokens[p]):  # its value was public: the ledger goes on from it
            pairs.ledger[p] = (*pairs.ledger[p], (L_SET, pairs.value[p]))
        pairs.tokens[p] = (*pairs.tokens[p], *pairs.tokens[a.target_pair])
        damage(s, p, a.difference, (L_DMGBY, a.target_pair, len(pairs.ledger[a.target_pair]), a.value), events)


def keep_stolen(s: ComboState, hold: bool, events: list[Event]) -> None:
    """Steal: the pair is held for the next action, or joins the row as the new defense pair."""
    a = s.action
    me, p = a.actor, a.target_pair
    chars = s.characters
    if hold:
        old = chars.stolen[me]
        if old >= 0:
            remove_pair(s, old, events, "replaced")
        chars.stolen[me] = p
    else:
        row = chars.rows[me]
        d = defense(s, me)
        col = next((c for c in range(d + 1, len(row)) if row[c] == EMPTY), -1)
        if col < 0 and len(row) < A.MAX_COLUMNS:
            row.append(EMPTY)
            col = len(row) - 1
        if col < 0:
            col = row.index(EMPTY)
        row[col] = p
        if s.game.one_of_each:
            chars.defense_mark[me] = col
        show_defense(s, me, events)
    events.append(Event(EventKind.EFFECT, s.game.char_seat[me], {"effect": "steal", "character": me, "pair": p,
                                                                  "kept": "hold" if hold else "add"}))


def guard(s: ComboState, action: A.Guard, events: list[Event]) -> None:
    """Hire Guard: the chosen card becomes the column's type card."""
    a = s.action
    me = a.actor
    pairs = s.pairs
    row = s.characters.rows[me]
    q = row[action.col]
    old = pairs.type_id[q]
    if action.src < 0:
        card = a.cards[0]
        pairs.type_id[q] = card
        t = type_of(s, card)
        pairs.type[q] = action.type if t < 0 else t
        discard_cards(s, old)
        a.cards = ()
    else:
        src = row[action.src]
        card = pairs.value_ids[src][0]
        pairs.type_id[q] = card
        pairs.type[q] = type_of(s, card)
        pairs.value_ids[src] = (old,)
        rebase(s, src, (old,))
    if defense_pair(s, me) == q:
        reveal(s, pairs.type_id[q])
    events.append(Event(EventKind.EFFECT, s.game.char_seat[me],
                        {"effect": "hire guard", "character": me, "column": A.LETTERS[action.col],
                         "source": "drawn" if action.src < 0 else A.LETTERS[action.src],
                         "type": "HDCS"[pairs.type[q]]}))


def placed_event(s: ComboState, effect: str, c: int, p: int, cards: tuple[int, ...]) -> Event:
    return Event(EventKind.EFFECT, s.game.char_seat[c],
                 {"effect": effect, "character": c, "pair": p, "cards": [card_name(s, x) for x in cards]})


def take_pair(s: ComboState, p: int) -> None:
    """Pair ``p`` leaves its owner's rows (or Consultation slot) without being discarded."""
    c = s.pairs.owner[p]
    chars = s.characters
    row = chars.rows[c]
    for col, q in enumerate(row):
        if q == p:
            row[col] = EMPTY
    if chars.consultation[c] == p:
        chars.consultation[c] = -1


def extra_turn(s: ComboState, c: int, kind: int, target: int, events: list[Event]) -> None:
    """Extra turns are taken right after the current turn."""
    if s.characters.flags[c] & OUT:
        return
    s.queue = s.queue.insert_next(c)
    s.extra_turn_info = ((kind, target, 0), *s.extra_turn_info)
    events.append(Event(EventKind.EXTRA_TURN, s.game.char_seat[c],
                        {"character": c, "kind": ("regular", "any pair", "next pair")[kind]}))


__all__ = [
    "COMBO",
    "EFFECTS",
    "INCAPACITATED",
    "NAMES",
    "PASSIVE",
    "RULES",
    "SURPRISES",
    "TAGS",
    "TEXT",
    "defeated",
    "do_effect",
    "effect_actions",
    "snipe",
]
