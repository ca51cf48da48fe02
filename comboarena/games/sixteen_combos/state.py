"""A game of 16 Combos in progress: the protocol (legal actions, apply, views, result,
invariants) over the rule modules, and :func:`build`, the one constructor.

Its fields are declared once, in :mod:`.fields`. Which rule module answers each
step (``phase``): Preparing Pairs is ``setup.py``'s, every step of a turn
``turn.py``'s (which goes on to ``check.py``, ``combos.py`` and ``defeat.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Chance, Event, GameNotOver, InvariantError, Result, State, TurnQueue, check_seat

from .actions import LETTERS
from .cards import CARD_IDS, DEAL_SIZE, DRAW0, DRAW_TEXT, FACES, TYPES
from .combos import NAMES
from .defeat import refinish
from .estimate import estimate
from .fields import (
    EMPTY,
    FIELDS,
    HELD,
    L_DMGBY,
    OUT,
    PUBLIC,
    REACTED,
    SCAVENGE,
    SHOVED,
    Act,
    Characters,
    Ending,
    Fact,
    Pairs,
    all_faces,
    card_types,
)
from .setup import apply_place, deal, legal_place
from .table import defense
from .turn import DECISIONS, Apply, Legal, why_not_turn
from .view import (
    OUTCOME_NAMES,
    P_CONSULT,
    P_COUNTER,
    P_EFFECT,
    P_FACE,
    P_INFORM,
    P_OVER,
    P_PLACE,
    P_PREDICT,
    P_RECOVER,
    P_SCAVENGE,
    P_STANCE,
    P_TURN,
    RULESET,
    SOURCE_NAMES,
    EventKind,
)

if TYPE_CHECKING:
    from .game import SixteenCombos

#: What the deciding seat may do at each step, and how its choice is applied.
LEGAL: dict[str, Legal] = {P_PLACE: legal_place, **{phase: legal for phase, (legal, _) in DECISIONS.items()}}
APPLY: dict[str, Apply] = {P_PLACE: apply_place, **{phase: apply for phase, (_, apply) in DECISIONS.items()}}

_WHY = {
    P_PLACE: "now every player places their value cards (the card to place next, e.g. 7H)",
    P_TURN: "it is the active character's turn: <type>><character> (e.g. H>1) or pass",
    P_CONSULT: "the target chooses which pair faces the action: consult or defense",
    P_PREDICT: "the target may react before the draw: change <type>, swap, or pass",
    P_SCAVENGE: "Scavenge: add the two drawn cards, or take the waste value (add / waste)",
    P_FACE: "a face card was drawn: keep, change <type> or swap <column>",
    P_INFORM: "the target may react to the value: change <type>, swap, or pass",
    P_RECOVER: "Recovery: recover <column> or pass",
    P_COUNTER: "after a critical failure the target may counter or pass",
    P_EFFECT: "a combo's effect is being chosen",
    P_STANCE: "Change Stance: stance <column> or pass",
}


class ComboState(State):
    """A game of 16 Combos. Its fields are declared once, in :mod:`.fields`."""

    __slots__ = FIELDS.names

    game: SixteenCombos
    faces: tuple[int, ...]
    card_type: tuple[int, ...]
    known: list[int]
    pairs: Pairs
    characters: Characters
    draw: list[int]
    discard: list[int]
    waste: tuple[int, ...]
    waste_value: int
    unused: tuple[int, ...]
    queue: TurnQueue
    extra_turn_info: tuple[tuple[int, int, int], ...]
    phase: str
    to_act: tuple[int, ...]
    action: Act
    defends: tuple[tuple[int, int, tuple[int, ...], int], ...]
    constraints: tuple[Fact, ...]
    groups: tuple[tuple[int, ...], ...]
    outcome: Ending | None
    legal_cache: tuple[int, int, list[Action]] | None
    open_facts: tuple[tuple[int, tuple[int, ...]] | None, ...] | None

    # -- protocol ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == P_OVER

    def legal_actions(self, seat: int) -> list[Action]:
        lc = self.legal_cache
        n = len(self._log)
        if lc is not None and lc[0] == n and lc[1] == seat:
            return list(lc[2])
        legal = LEGAL[self.phase](self, seat) if seat in self.to_act else []
        self.legal_cache = (n, seat, legal)
        return list(legal)

    def prime(self, seat: int, options: list[Action]) -> None:
        """The legal actions of the decision just opened, already worked out by the rules
        (after the action being applied is logged, so the cache key is the next
        ``legal_actions`` call's)."""
        self.legal_cache = (len(self._log), seat, options)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat not in self.to_act:
            check_seat(self.game, seat)
            why = "the game is over" if self.phase == P_OVER else f"it is not seat {seat}'s decision"
            raise self._illegal(seat, action, why)
        lc = self.legal_cache
        if lc is None or lc[0] != len(self._log) or lc[1] != seat:
            self.legal_actions(seat)
            lc = self.legal_cache
        assert lc is not None
        for legal in lc[2]:  # the listed actions themselves, usually: no equality tests
            if legal is action:
                break
        else:
            if action not in lc[2]:
                reason = why_not_turn(self, action) if self.phase == P_TURN else None  # type: ignore[arg-type]
                raise self._illegal(seat, action, reason or _WHY.get(self.phase, "not allowed now"))
        self._log.append((seat, action))  # type: ignore[arg-type]
        events: list[Event] = []
        APPLY[self.phase](self, seat, action, events)  # type: ignore[arg-type]
        if self.phase == P_OVER:
            # The count of pairs as the action left them.
            refinish(self)
            events.append(Event(EventKind.END, None, self.result().to_dict()))
        return events

    def result(self) -> Result:
        if self.outcome is None:
            raise GameNotOver("the game of 16 Combos is not over yet; result() is known at the end")
        winners_sides, reason, pairs, _ = self.outcome
        g = self.game
        n = g.players
        scores = tuple(pairs[g.seat_side[s]] for s in range(n))
        if not winners_sides:
            return Result(tuple(range(n)), scores, (0,) * n, reason)
        side = winners_sides[0]
        winners = tuple(s for s in range(n) if g.seat_side[s] == side)
        returns = tuple(1 if s in winners else -1 for s in range(n))
        return Result(winners, scores, returns, reason)

    def estimate(self) -> tuple[float, ...] | None:
        return estimate(self)

    def check_invariants(self) -> None:
        """Every card of both decks is in exactly one place; pairs lie where their owner says;
        pairs in play have a value of at least 1; who acts fits the phase."""
        g = self.game
        pairs, chars, a = self.pairs, self.characters, self.action
        found: list[int] = [*self.draw, *self.discard, *self.waste, *self.unused, *a.cards]
        if self.phase == P_SCAVENGE:
            found += a.drawn
        if self.phase == P_EFFECT and a.effect == "steal":
            found += [pairs.type_id[a.target_pair], *pairs.value_ids[a.target_pair]]  # the stolen pair, being placed
        for c in range(g.n_chars):
            found += [chars.order[c], *chars.wild[c], *chars.to_place[c]]
            slots = [p for p in chars.rows[c] if p >= 0] + [p for _, p in chars.grappled[c]]
            slots += [p for p in (chars.consultation[c], chars.stolen[c]) if p >= 0]
            for p in slots:
                if pairs.owner[p] != c:
                    raise InvariantError(f"pair {p} lies with character {c} but its owner is {pairs.owner[p]}")
                found += [pairs.type_id[p], *pairs.value_ids[p]]
                if self.phase != P_PLACE and pairs.value[p] < 1 and p in chars.rows[c]:
                    raise InvariantError(f"pair {p} is in play with value {pairs.value[p]}")
            held = [col for col, p in enumerate(chars.rows[c]) if p == HELD]
            if sorted(held) != sorted(col for col, _ in chars.grappled[c]):
                raise InvariantError(f"character {c}'s held columns do not match its grappled pairs")
            alive = any(p >= 0 or p == HELD for p in chars.rows[c])
            if self.phase != P_PLACE and alive == bool(chars.flags[c] & OUT):
                raise InvariantError(f"character {c} is {'out' if not alive else 'in'} but flagged otherwise")
        full = Counter([*range(DEAL_SIZE), *g.draw_ids])
        counts = Counter(found)
        if counts != full:
            extra = sorted((counts - full).elements())
            lost = sorted((full - counts).elements())
            raise InvariantError(f"cards not conserved: extra {extra}, lost {lost}")
        if self.phase == P_OVER:
            if self.to_act:
                raise InvariantError("seats to act after the end")
        elif self.phase == P_PLACE:
            if not self.to_act:
                raise InvariantError("nobody to act while preparing pairs")
        elif len(self.to_act) != 1:
            raise InvariantError(f"phase {self.phase} with to_act {self.to_act}")

    # -- views -------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        if seat is not None:
            check_seat(g, seat)
        bit = PUBLIC | (1 << seat if seat is not None else 0)
        names = card_names(self.faces)
        # What the seat sees of each card, and which of those only it sees, in one pass.
        vis: list[str | None] = [None] * CARD_IDS
        private: list[int] = []
        for c, k in enumerate(self.known):
            if k & bit:
                vis[c] = names[c]
                if not k & PUBLIC:
                    private.append(c)
        phase = self.phase
        over = phase == P_OVER
        a = self.action
        queue = self.queue
        playing = phase != P_PLACE and phase != P_OVER
        outcome = self.outcome
        return {
            "game": "16-combos",
            "ruleset": RULESET,
            "winning": g.winning,
            "seat": seat,
            "players": g.players,
            "phase": phase,
            "round": queue.round if phase != P_PLACE else 0,
            "round_limit": g.round_limit,
            "to_act": list(self.to_act),
            "active": a.actor if playing else None,
            "characters": [self._char_view(c, seat, vis) for c in range(g.n_chars)],
            "draw_pile": len(self.draw),
            "discard_ids": list(self.discard),
            "discard": [vis[c] for c in self.discard],
            "waste": [vis[c] for c in self.waste],
            "waste_ids": list(self.waste),
            "waste_value": self.waste_value if self.waste else None,
            "unused_ids": list(self.unused),
            "queue": queue.to_json(),
            "extra_info": [list(x) for x in self.extra_turn_info],
            "action": self._act_view(seat, vis) if playing else None,
            "effect": a.effect or None,
            "defends": [[d[0], d[1], list(d[2]), d[3]] for d in self.defends],
            "constraints": self._constraints_view(vis, seat),
            "groups": [list(grp) for grp in self.groups],
            "ledgers": self._ledgers_view(vis),
            "private": private,
            "pair_count": len(self.pairs.type_id),
            "outcome": None if outcome is None else outcome.to_json(),
            "over": over,
            "result": self.result().to_dict() if over else None,
        }

    def _ledgers_view(self, vis: list[str | None]) -> list[list[Any]]:
        """The ledgers of the values that depend on a card this seat cannot see (and of the
        pairs they refer to); the others tell it nothing it does not know."""
        ledger, tokens = self.pairs.ledger, self.pairs.tokens
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
        return [[p, list(map(list, ledger[p])), list(tokens[p])] for p in sorted(seen) if ledger[p]]

    def _constraints_view(self, vis: list[str | None], seat: int | None) -> list[list[Any]]:
        """The public facts about hidden types (``fields.Fact``) that the cards this seat
        knows do not already settle.

        Facts are only ever added, and a seat only ever comes to know more cards, so a fact
        its cards settle stays settled: ``open_facts`` remembers, per seat, how many facts
        were checked and which of them were not settled, and only those and the new ones
        are checked again (a view reads every fact otherwise, and they grow all game)."""
        out: list[list[Any]] = []
        facts = self.constraints
        ctype = self.card_type
        memo = self.open_facts
        key = 0 if seat is None else seat + 1
        entry = memo[key] if memo is not None else None
        checked, still = entry if entry is not None else (0, ())
        if checked == len(facts) and not still:
            return out
        unsettled: list[int] = []
        for i in (*still, *range(checked, len(facts))):
            ids, masks, least, most = facts[i]
            sat = hidden = 0
            for c, m in zip(ids, masks, strict=True):
                if vis[c] is None:
                    hidden += 1
                elif ctype[c] >= 0 and m >> ctype[c] & 1:
                    sat += 1
            if sat < least or sat + hidden > most:
                unsettled.append(i)
                out.append([list(ids), list(masks), least, most])
        seats: list[tuple[int, tuple[int, ...]] | None] = (
            list(memo) if memo is not None else [None] * (self.game.players + 1)
        )
        seats[key] = (len(facts), tuple(unsettled))
        self.open_facts = tuple(seats)
        return out

    def _pair_view(self, p: int, col: int, seat: int | None, vis: list[str | None]) -> dict[str, Any]:
        owner = self.pairs.owner[p]
        mine = seat is not None and owner >= 0 and self.game.char_seat[owner] == seat
        return self._pairs_view([(col, p)], mine, vis)[0]

    def _pairs_view(self, entries: Iterable[tuple[int, int]], mine: bool, vis: list[str | None]) -> list[Any]:
        """Pairs as a seat sees them (``mine``: its owner's seat, who knows every value), from
        ``(column, pair)`` entries: a row's, with ``EMPTY`` as None and ``HELD`` as "held"."""
        ps = self.pairs
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
            value = values[p] if vals else None
            if value is not None and not mine:
                for t in toks:
                    if vis[t] is None:
                        value = None
                        break
            out.append(
                {
                    "id": p,
                    "col": LETTERS[col] if col >= 0 else "",
                    "type": TYPES[types[p]] if type_card is not None else None,
                    "type_id": tc,
                    "type_card": type_card,
                    "value_ids": list(vals),
                    "value_cards": [vis[c] for c in vals],
                    "value": value,
                    "tokens": list(toks),
                }
            )
        return out

    def _char_view(self, c: int, seat: int | None, vis: list[str | None]) -> dict[str, Any]:
        g = self.game
        chars = self.characters
        mine = seat is not None and g.char_seat[c] == seat
        row = chars.rows[c]
        rows = self._pairs_view(enumerate(row), mine, vis)
        flags = chars.flags[c]
        d = defense(self, c)
        consult, stolen = chars.consultation[c], chars.stolen[c]
        wild = chars.wild[c]
        order = chars.order[c]
        pend = chars.to_place[c]
        grappled = chars.grappled[c]
        return {
            "id": c,
            "seat": g.char_seat[c],
            "side": g.char_side[c],
            "order_card": vis[order],
            "order_id": order,
            "rows": rows,
            "defense": LETTERS[d] if d >= 0 else "",
            "defense_mark": chars.defense_mark[c],
            "shown": chars.shown[c],
            "consultation": self._pairs_view([(-1, consult)], mine, vis)[0] if consult >= 0 else None,
            "held": self._pairs_view(grappled, mine, vis) if grappled else [],
            "stolen": self._pairs_view([(-1, stolen)], mine, vis)[0] if stolen >= 0 else None,
            "wild": [vis[x] for x in wild],
            "wild_ids": list(wild),
            "wild_value": chars.wild_value[c] if wild else None,
            "reacted": bool(flags & REACTED),
            "incapacitated": chars.incapacitated[c],
            "scavenge": bool(flags & SCAVENGE),
            "shoved": bool(flags & SHOVED),
            "out": bool(flags & OUT),
            "to_place_ids": list(pend),
            "to_place": [vis[x] for x in pend],
            "next_column": chars.next_column[c],
        }

    def _act_view(self, seat: int | None, vis: list[str | None]) -> dict[str, Any]:
        a = self.action
        taking = self.phase == P_EFFECT and a.effect == "steal"
        return {
            "taking": self._pair_view(a.target_pair, -1, seat, vis) if taking else None,
            "actor": a.actor,
            "extra": a.extra,
            "target": a.target,
            "column": LETTERS[a.target_column] if a.target_column >= 0 else "",
            "column_index": a.target_column,
            "pair": a.target_pair,
            "type": "HDCS"[a.type] if a.type >= 0 else None,
            "value": a.value,
            "source": SOURCE_NAMES[a.source] if a.source >= 0 else None,
            "cards": [vis[x] for x in a.cards],
            "card_ids": list(a.cards),
            "drawn": [vis[x] for x in a.drawn],
            "drawn_ids": list(a.drawn),
            "counter": a.counter,
            "outcome": OUTCOME_NAMES[a.outcome] if a.outcome >= 0 else None,
            "outcome_index": a.outcome,
            "combo": NAMES[a.combo] if a.combo >= 0 else None,
            "kind": 1 if a.shield else 0,
        }


FIELDS.install(ComboState)

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


def build(game: SixteenCombos, chance: Chance, values: dict[str, Any], deck: Any = None) -> ComboState:
    """A state from its saved fields: the deal, a position and a determinization all come
    here; the fields that are not saved are worked out from them."""
    unsaved = {"card_type": card_types(values["faces"]), "legal_cache": None, "open_facts": None}
    state: ComboState = FIELDS.build(ComboState, game, chance, {**values, **unsaved}, deck)
    return state


def empty_table(game: SixteenCombos, deal_faces: list[int]) -> dict[str, Any]:
    """The saved fields of a table before the deal: every character with no pair yet."""
    n = game.n_chars
    return {
        "faces": all_faces(deal_faces),
        "known": [0] * CARD_IDS,
        "pairs": Pairs.blank(0),
        "characters": Characters.blank(n),
        "draw": [],
        "discard": [],
        "waste": (),
        "waste_value": 0,
        "unused": (),
        "queue": TurnQueue.start(tuple(range(n))),
        "extra_turn_info": (),
        "phase": P_PLACE,
        "to_act": (),
        "action": Act(),
        "defends": (),
        "constraints": (),
        "groups": (),
        "outcome": None,
    }


def new_state(
    game: SixteenCombos, chance: Chance, faces: list[int], draw_top_first: list[int], deck: Any
) -> ComboState:
    """Deal a new game: ``faces`` is the deal pile top first, ``draw_top_first`` the draw pile's ids."""
    s = build(game, chance, empty_table(game, faces), deck)
    deal(s, faces, draw_top_first, [])
    return s


__all__ = ["ComboState", "build", "empty_table", "new_state"]
