"""The Combo Table: sixteen combos of (target type, action type), one rule each.

``COMBO[target_type][action_type]`` is the combo's number, its name
``NAMES[n]`` and its caveats ``TAGS[n]`` (Once, Limited, Passive, Save Wild,
Surprise, Unlimited, Incapacitated). :class:`ComboRules` has one method per
combo, named as in the rulebook, called when a Check defeats the target pair;
the combos that ask for a choice open an ``effect`` decision
(``EFFECTS``), whose legal actions and application live here too.

>>> NAMES[COMBO[0][1]], NAMES[COMBO[1][0]], sorted(TAGS[COMBO[3][0]])
('Hire Assassin', 'Scavenge', ['Limited', 'Surprise'])
"""

from __future__ import annotations

from comboarena.core import Action, Event

from . import actions as A
from .cards import FINESSE, MAX_VALUE, VITALITY
from .table import EMPTY, HELD, L_DMG, L_DMGBY, L_SET, L_SUB, OUT, REACTED, SCAVENGE, SHOVED, Table
from .view import O_DEFEATED, P_EFFECT, EventKind

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

#: The effects that wait for a decision (``view["effect"]``).
EFFECTS = ("throw", "insight", "bribe", "steal", "snipe", "defend", "hire guard", "stealth", "dodge", "joker type")
#: Extra turn kinds: a regular turn, Hire Assassin's (any pair), Grapple's (the next pair).
REGULAR, ANY_PAIR, NEXT_PAIR = 0, 1, 2


class ComboRules(Table):
    """One method per combo of the Combo Table, and the combo effects' decisions."""

    __slots__ = ()

    # -- the Combo Table ------------------------------------------------------------

    def _defeated(self, events: list[Event]) -> None:
        """A Check defeated the target pair: the combo happens."""
        a = self._a
        combo = a.combo
        if combo not in USES_ACTION_CARD:
            self._discard_action()
        events.append(Event(EventKind.COMBO, self.game.char_seat[a.actor], {"combo": NAMES[combo], "actor": a.actor,
                                                                             "target": a.tchar}))
        _RULES[combo](self, events)
        if self._phase != P_EFFECT:
            self._effect_done(events)

    def _poison(self, events: list[Event]) -> None:
        """Poison: the action value left over after reducing the target to zero damages
        the next pair to its left (from the right end if none is left of it)."""
        a = self._a
        x, col = a.tchar, a.tcol
        self._remove_pair(a.tpair, events, "poison")
        rest = a.diff
        row = self._rows[x]
        nxt = next((c for c in range(col - 1, -1, -1) if row[c] >= 0), -1) if col >= 0 else -1
        if nxt < 0:
            nxt = next((c for c in range(len(row) - 1, -1, -1) if row[c] >= 0), -1)
        if nxt >= 0 and rest > 0:
            self._damage(row[nxt], rest, (L_SUB, rest), events, public=True)

    def _hire_assassin(self, events: list[Event]) -> None:
        """Hire Assassin: another turn, targeting any pair."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        self._extra_turn(a.actor, ANY_PAIR, -1, events)

    def _throw(self, events: list[Event]) -> None:
        """Throw: the actor may switch two pairs of the target (Incapacitated)."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if len(self._in_play(a.tchar)) >= 2 and self._alive(a.tchar):
            self._open_effect("throw", a.actor)

    def _insight(self, events: list[Event]) -> None:
        """Insight: the target turns one card the actor chooses face up."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if self._alive(a.tchar) and self._effect_actions("insight"):
            self._open_effect("insight", a.actor)

    def _scavenge(self, events: list[Event]) -> None:
        """Scavenge (Passive): the actor's next action draws two value cards."""
        self._flags[self._a.actor] |= SCAVENGE

    def _bribe(self, events: list[Event]) -> None:
        """Bribe (Save Wild): the target loses the pair and decides whether to keep the
        action value card as a saved wild."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if a.cards and self._alive(a.tchar):
            self._open_effect("bribe", a.tchar)

    def _steal(self, events: list[Event]) -> None:
        """Steal: the actor takes the target pair, to add to its row or to use as its next action."""
        a = self._a
        p, x = a.tpair, a.tchar
        self._take_pair(p)
        self._pown[p] = a.actor
        self._tell(self.game.char_seat[a.actor], self._ptc[p], *self._pvc[p])
        self._check_out(x, events)
        if self._game_over():
            self._keep_stolen(False, events)  # the game is won: the pair simply joins the row
            return
        self._open_effect("steal", a.actor)

    def _snipe(self, events: list[Event]) -> None:
        """Snipe: the defeat (or damage) hits any pair of the target the actor chooses instead."""
        a = self._a
        if len(self._in_play(a.tchar)) >= 2:
            self._open_effect("snipe", a.actor)
        else:
            self._snipe_at(a.tcol, events)

    def _defend(self, events: list[Event]) -> None:
        """Defend (Passive, Unlimited): the drawn card raises one of the actor's pairs for one round."""
        a = self._a
        if a.cards and self._in_play(a.actor):
            self._open_effect("defend", a.actor)

    def _hire_guard(self, events: list[Event]) -> None:
        """Hire Guard: one of the actor's type cards is replaced by a card the action uses."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if not self._alive(a.actor):
            return
        options = self._effect_actions("hire guard")
        if len(a.cards) != 1:
            self._record_guards(bool(options))
        if options:
            self._open_effect("hire guard", a.actor)

    def _record_guards(self, opened: bool) -> None:
        """With no single action card to use (a counter, a shove, two scavenged cards) Hire
        Guard has a choice exactly when a lone value card has the action's type: whether the
        decision opens tells the table so."""
        a = self._a
        cols = self._in_play(a.actor)
        if len(cols) < 2:
            return  # no other column to take the card: nothing is learnt
        row, pvc = self._rows[a.actor], self._pvc
        lone = [pvc[row[col]][0] for col in cols if len(pvc[row[col]]) == 1]
        self._record_fact(lone, (1 << a.type,) * len(lone), 1 if opened else 0, len(lone) if opened else 0)

    def _grapple(self, events: list[Event]) -> None:
        """Grapple (Once): the target pair is held out of play until its owner's next turn and
        the actor takes an extra turn on the target's next pair; the extra turn uses the
        actor's reaction. On an extra turn (a second action) it only defeats."""
        a = self._a
        p, x, col = a.tpair, a.tchar, a.tcol
        if a.extra != REGULAR or col < 0 or self._rows[x][col] != p:
            self._remove_pair(p, events, "defeated")
            return
        self._rows[x][col] = HELD
        self._grap[x] = (*self._grap[x], (col, p))
        self._flags[a.actor] |= REACTED
        events.append(Event(EventKind.EFFECT, self.game.char_seat[a.actor],
                            {"effect": "grapple", "character": x, "pair": p, "column": A.LETTERS[col]}))
        self._show_defense(x, events)
        if self._in_play(x):
            self._extra_turn(a.actor, NEXT_PAIR, x, events)

    def _stealth(self, events: list[Event]) -> None:
        """Stealth: the actor switches two of its pairs; a new defense pair stays face down."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if len(self._in_play(a.actor)) >= 2:
            self._open_effect("stealth", a.actor)

    def _adrenaline(self, events: list[Event]) -> None:
        """Adrenaline (Limited): the action value card goes on the actor's defense value."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        dp = self._defense_pair(a.actor)
        if a.cards and dp >= 0:
            self._put_on(dp, a.cards, a.value, limited=True)
            events.append(self._placed_event("adrenaline", a.actor, dp, a.cards))
            a.cards = ()

    def _consultation(self, events: list[Event]) -> None:
        """Consultation: a second card drawn face up as a type makes, with the action value
        card, a pair above the actor's defense pair."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if not a.cards or not self._alive(a.actor):
            return
        card = self._draw_card(events)
        if card < 0:
            return
        self._reveal(card)
        old = self._consult[a.actor]
        if old >= 0:
            self._remove_pair(old, events, "replaced")
        t = self._type_of(card)
        p = self._new_pair(a.actor, card, a.cards, t if t >= 0 else FINESSE, min(a.value, MAX_VALUE), a.cards)
        self._consult[a.actor] = p
        events.append(self._placed_event("consultation", a.actor, p, (card, *a.cards)))
        a.cards = ()
        if t < 0:
            self._open_effect("joker type", a.actor)

    def _shove(self, events: list[Event]) -> None:
        """Shove (Incapacitated): the target's next action must use its defense pair."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if self._alive(a.tchar):
            self._flags[a.tchar] |= SHOVED

    def _dodge(self, events: list[Event]) -> None:
        """Dodge: the actor switches two of its pairs; a new defense pair shows its type card."""
        a = self._a
        self._remove_pair(a.tpair, events, "defeated")
        if len(self._in_play(a.actor)) >= 2:
            self._open_effect("dodge", a.actor)

    # -- effect decisions -------------------------------------------------------------

    def _open_effect(self, effect: str, char: int) -> None:
        if self._game_over():
            return
        self._a.effect = effect
        self._ask(P_EFFECT, self.game.char_seat[char])

    def _effect_actions(self, effect: str) -> list[Action]:
        a = self._a
        me = a.actor
        if effect in ("throw", "stealth", "dodge"):
            c = a.tchar if effect == "throw" else me
            cols = self._in_play(c)
            out: list[Action] = [A.switch(x, y) for i, x in enumerate(cols) for y in cols[i + 1 :]]
            return [*out, A.PASS] if effect == "throw" else out
        if effect == "insight":
            out = []
            for col in self._in_play(a.tchar):
                p = self._rows[a.tchar][col]
                if not self._is_public(self._ptc[p]):
                    out.append(A.INSIGHT[col][0])
                if not self._all_public(self._pvc[p]):
                    out.append(A.INSIGHT[col][1])
            return out
        if effect == "bribe":
            return [A.ACCEPT, A.REFUSE]
        if effect == "steal":
            return [A.ADD, A.HOLD]
        if effect == "snipe":
            return [A.COL["snipe"][col] for col in self._in_play(a.tchar)]
        if effect == "defend":
            return [A.COL["defend"][col] for col in self._in_play(me)]
        if effect == "hire guard":
            return self._guard_actions()
        if effect == "joker type":
            return [A.TYPE_CHOICE[FINESSE], A.TYPE_CHOICE[VITALITY]]
        raise AssertionError(effect)

    def _guard_actions(self) -> list[Action]:
        a = self._a
        cols = self._in_play(a.actor)
        out: list[Action] = []
        if len(a.cards) == 1:
            joker = self._type_of(a.cards[0]) < 0
            for col in cols:
                if joker:
                    out += [A.GUARD_JOKER[FINESSE][col], A.GUARD_JOKER[VITALITY][col]]
                else:
                    out.append(A.GUARD[0][col])
        row = self._rows[a.actor]
        for src in cols:
            stack = self._pvc[row[src]]
            if len(stack) == 1 and self._type_of(stack[0]) == a.type:
                out += [A.GUARD[src + 1][col] for col in cols if col != src]
        return out

    def _do_effect(self, action: Action, events: list[Event]) -> None:
        a = self._a
        effect = a.effect
        a.effect = ""
        me = a.actor
        seat = self.game.char_seat[me]
        if isinstance(action, A.Switch):
            c = a.tchar if effect == "throw" else me
            self._switch(c, action.a, action.b, effect, events)
        elif isinstance(action, A.Insight):
            p = self._rows[a.tchar][action.col]
            cards = (self._ptc[p],) if action.part == "type" else self._pvc[p]
            self._reveal(*cards)
            events.append(self._reveal_event(a.tchar, p, cards, "insight"))
        elif action is A.ACCEPT:
            x = a.tchar
            if self._wild[x]:
                self._discard_value(self._wild[x], self._wildv[x])
            self._wild[x], self._wildv[x] = a.cards, a.value
            events.append(Event(EventKind.EFFECT, self.game.char_seat[x],
                                {"effect": "bribe", "character": x, "wild": [self._text(c) for c in a.cards],
                                 "value": a.value}))
            a.cards = ()
        elif action is A.ADD or action is A.HOLD:
            self._keep_stolen(action is A.HOLD, events)
        elif isinstance(action, A.Column) and action.verb == "snipe":
            self._snipe_at(action.col, events)
        elif isinstance(action, A.Column) and action.verb == "defend":
            p = self._rows[me][action.col]
            self._put_on(p, a.cards, a.value, limited=False)
            self._defends = (*self._defends, (me, p, a.cards, a.value))
            events.append(self._placed_event("defend", me, p, a.cards))
            a.cards = ()
        elif isinstance(action, A.Guard):
            self._guard(action, events)
        elif isinstance(action, A.TypeChoice):
            p = self._consult[me]
            self._pty[p] = action.type
            events.append(Event(EventKind.EFFECT, seat, {"effect": "joker type", "character": me, "pair": p,
                                                         "type": "HDCS"[action.type]}))
        # ``pass`` declines an optional effect (Throw). No effect opens another decision.
        self._effect_done(events)

    # -- what the effects do ------------------------------------------------------------

    def _switch(self, c: int, x: int, y: int, effect: str, events: list[Event]) -> None:
        """Throw, Stealth, Dodge: the pairs of columns x and y change places."""
        row = self._rows[c]
        row[x], row[y] = row[y], row[x]
        events.append(Event(EventKind.EFFECT, self.game.char_seat[c],
                            {"effect": effect, "character": c, "columns": [A.LETTERS[x], A.LETTERS[y]]}))
        if effect == "stealth":
            self._shown[c] = self._defense_pair(c)  # "keep both new defense cards face down"
        else:
            self._show_defense(c, events)

    def _snipe_at(self, col: int, events: list[Event]) -> None:
        a = self._a
        x = a.tchar
        p = self._rows[x][col] if col >= 0 else a.tpair
        if a.outcome == O_DEFEATED:
            self._remove_pair(p, events, "snipe")
            return
        if p == a.tpair:
            self._damage(p, a.diff, (L_DMG, a.value), events)
        elif self._all_public(self._ptok[a.tpair]):
            self._damage(p, a.diff, (L_SUB, a.diff), events, public=True)
        else:
            if self._all_public(self._ptok[p]):  # its value was public: the ledger goes on from it
                self._pled[p] = (*self._pled[p], (L_SET, self._pva[p]))
            self._ptok[p] = (*self._ptok[p], *self._ptok[a.tpair])
            self._damage(p, a.diff, (L_DMGBY, a.tpair, len(self._pled[a.tpair]), a.value), events)

    def _keep_stolen(self, hold: bool, events: list[Event]) -> None:
        a = self._a
        me, p = a.actor, a.tpair
        seat = self.game.char_seat[me]
        if hold:
            old = self._stolen[me]
            if old >= 0:
                self._remove_pair(old, events, "replaced")
            self._stolen[me] = p
        else:
            row = self._rows[me]
            d = self._defense(me)
            col = next((c for c in range(d + 1, len(row)) if row[c] == EMPTY), -1)
            if col < 0 and len(row) < A.MAX_COLUMNS:
                row.append(EMPTY)
                col = len(row) - 1
            if col < 0:
                col = row.index(EMPTY)
            row[col] = p
            if self.game.one_of_each:
                self._defcol[me] = col
            self._show_defense(me, events)
        events.append(Event(EventKind.EFFECT, seat, {"effect": "steal", "character": me, "pair": p,
                                                     "kept": "hold" if hold else "add"}))

    def _guard(self, action: A.Guard, events: list[Event]) -> None:
        a = self._a
        me = a.actor
        row = self._rows[me]
        q = row[action.col]
        old = self._ptc[q]
        if action.src < 0:
            card = a.cards[0]
            self._ptc[q] = card
            t = self._type_of(card)
            self._pty[q] = action.type if t < 0 else t
            self._discard_cards(old)
            a.cards = ()
        else:
            src = row[action.src]
            card = self._pvc[src][0]
            self._ptc[q] = card
            self._pty[q] = self._type_of(card)
            self._pvc[src] = (old,)
            self._rebase(src, (old,))
        if self._defense_pair(me) == q:
            self._reveal(self._ptc[q])
        events.append(Event(EventKind.EFFECT, self.game.char_seat[me],
                            {"effect": "hire guard", "character": me, "column": A.LETTERS[action.col],
                             "source": "drawn" if action.src < 0 else A.LETTERS[action.src],
                             "type": "HDCS"[self._pty[q]]}))

    def _put_on(self, p: int, cards: tuple[int, ...], value: int, limited: bool) -> None:
        self._pvc[p] = (*self._pvc[p], *cards)
        self._raise_value(p, value, limited)

    def _placed_event(self, effect: str, c: int, p: int, cards: tuple[int, ...]) -> Event:
        return Event(EventKind.EFFECT, self.game.char_seat[c],
                     {"effect": effect, "character": c, "pair": p, "cards": [self._text(x) for x in cards]})

    def _take_pair(self, p: int) -> None:
        """Pair ``p`` leaves its owner's rows (or Consultation slot) without being discarded."""
        c = self._pown[p]
        row = self._rows[c]
        for col, q in enumerate(row):
            if q == p:
                row[col] = EMPTY
        if self._consult[c] == p:
            self._consult[c] = -1

    def _damage(self, p: int, amount: int, op: tuple[int, ...], events: list[Event], public: bool = False) -> None:
        """Damage: the pair's value drops by ``amount``; at 0 or less the pair is defeated."""
        c = self._pown[p]
        self._pva[p] -= amount
        self._log_value(p, op)
        seat = self.game.char_seat[c]
        data = {"character": c, "pair": p}
        if public:
            data["amount"] = amount
            events.append(Event(EventKind.DAMAGE, seat, data))
        else:
            events.append(Event(EventKind.DAMAGE, seat, data, ((seat,), {"amount": amount, "value": self._pva[p]})))
        if self._pva[p] <= 0:
            self._remove_pair(p, events, "damage")

    def _extra_turn(self, c: int, kind: int, target: int, events: list[Event]) -> None:
        """Extra turns are taken right after the current turn."""
        if self._flags[c] & OUT:
            return
        self._queue = self._queue.insert_next(c)
        self._xinfo = ((kind, target, 0), *self._xinfo)
        events.append(Event(EventKind.EXTRA_TURN, self.game.char_seat[c],
                            {"character": c, "kind": ("regular", "any pair", "next pair")[kind]}))

    def _discard_action(self) -> None:
        """Discard the Action Value Card (its value goes with it to the waste)."""
        a = self._a
        if a.cards:
            self._discard_value(a.cards, a.value)
            a.cards = ()


_RULES = (
    ComboRules._poison, ComboRules._hire_assassin, ComboRules._throw, ComboRules._insight,
    ComboRules._scavenge, ComboRules._bribe, ComboRules._steal, ComboRules._snipe,
    ComboRules._defend, ComboRules._hire_guard, ComboRules._grapple, ComboRules._stealth,
    ComboRules._adrenaline, ComboRules._consultation, ComboRules._shove, ComboRules._dodge,
)  # fmt: skip

__all__ = [
    "COMBO",
    "EFFECTS",
    "INCAPACITATED",
    "NAMES",
    "PASSIVE",
    "SURPRISE",
    "SURPRISES",
    "TAGS",
    "TEXT",
    "ComboRules",
]
