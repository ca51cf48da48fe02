"""A game of 16 Combos in progress: the protocol (apply, legal actions, views,
result, clone) over the rules in ``table.py``, ``check.py``, ``combos.py``,
``turn.py`` and ``setup.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Chance, Event, GameNotOver, Result, TurnQueue, check_seat

from .actions import LETTERS
from .cards import CARD_IDS, DRAW0, DRAW_TEXT, FACES, TYPES
from .combos import NAMES
from .setup import SetupRules, deal
from .table import EMPTY, L_DMGBY, OUT, PUBLIC, REACTED, SCAVENGE, SHOVED, Act
from .turn import LAST_SIDE, NO_SIDE, ROUND_LIMIT
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
    PHASE_NAMES,
    RULESET,
    SOURCE_NAMES,
    EventKind,
    Phase,
)

if TYPE_CHECKING:
    from .game import SixteenCombos

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


class ComboState(SetupRules):
    """A game of 16 Combos."""

    __slots__ = ("_lc",)

    game: SixteenCombos
    #: The legal actions last listed: (actions applied so far, seat, actions, their ids).
    _lc: tuple[int, int, list[Action]] | None

    # -- protocol ------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase == P_OVER

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    def legal_actions(self, seat: int) -> list[Action]:
        lc = self._lc
        n = len(self._log)
        if lc is not None and lc[0] == n and lc[1] == seat:
            return list(lc[2])
        legal = self._legal(seat) if seat in self._to_act else []
        self._lc = (n, seat, legal)
        return list(legal)

    def _prime(self, seat: int, options: list[Action]) -> None:
        """The legal actions of the decision just opened, already computed (after the action
        being applied is logged, so the cache key is the next ``legal_actions`` call's)."""
        self._lc = (len(self._log), seat, options)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat not in self._to_act:
            check_seat(self.game, seat)
            why = "the game is over" if self._phase == P_OVER else f"it is not seat {seat}'s decision"
            raise self._illegal(seat, action, why)
        lc = self._lc
        if lc is None or lc[0] != len(self._log) or lc[1] != seat:
            self.legal_actions(seat)
            lc = self._lc
        assert lc is not None
        for legal in lc[2]:  # the listed actions themselves, usually: no equality tests
            if legal is action:
                break
        else:
            if action not in lc[2]:
                raise self._illegal(seat, action, _WHY.get(Phase(self._phase), "not allowed now"))
        self._log.append((seat, action))  # type: ignore[arg-type]
        events: list[Event] = []
        self._dispatch(seat, action, events)  # type: ignore[arg-type]
        if self._phase == P_OVER:
            # The count of pairs as the action left them.
            self.refinish()
            events.append(Event(EventKind.END, None, self.result().to_dict()))
        return events

    def refinish(self) -> None:
        """Work the outcome of a finished game out again from the board as it stands."""
        assert self._outcome is not None
        self._finish(LAST_SIDE if self._outcome[1] in (LAST_SIDE, NO_SIDE) else ROUND_LIMIT)

    def result(self) -> Result:
        if self._outcome is None:
            raise GameNotOver("the game of 16 Combos is not over yet; result() is known at the end")
        winners_sides, reason, pairs, _ = self._outcome
        g = self.game
        n = g.players
        scores = tuple(pairs[g.seat_side[s]] for s in range(n))
        if not winners_sides:
            return Result(tuple(range(n)), scores, (0,) * n, reason)
        side = winners_sides[0]
        winners = tuple(s for s in range(n) if g.seat_side[s] == side)
        returns = tuple(1 if s in winners else -1 for s in range(n))
        return Result(winners, scores, returns, reason)

    def clone(self) -> ComboState:
        new = ComboState.__new__(ComboState)
        new.game = self.game
        new._chance = self._chance.clone()
        new._deck = self._deck
        new._start = self._start
        new._log = self._log[:]
        new._lc = self._lc
        new._face = self._face
        new._ctype = self._ctype
        new._known = self._known[:]
        new._ptc = self._ptc[:]
        new._pvc = self._pvc[:]
        new._pty = self._pty[:]
        new._pva = self._pva[:]
        new._pown = self._pown[:]
        new._ptok = self._ptok[:]
        new._pled = self._pled[:]
        new._rows = [r[:] for r in self._rows]
        new._defcol = self._defcol[:]
        new._shown = self._shown[:]
        new._consult = self._consult[:]
        new._stolen = self._stolen[:]
        new._wild = self._wild[:]
        new._wildv = self._wildv[:]
        new._grap = self._grap[:]
        new._flags = self._flags[:]
        new._incap = self._incap[:]
        new._order = self._order
        new._defends = self._defends
        new._draw = self._draw[:]
        new._discard = self._discard[:]
        new._waste = self._waste
        new._wastev = self._wastev
        new._unused = self._unused[:]
        new._queue = self._queue
        new._xinfo = self._xinfo
        new._phase = self._phase
        new._to_act = self._to_act
        new._a = self._a.copy()
        new._pend = [p[:] for p in self._pend]
        new._next = self._next[:]
        new._cons = self._cons
        new._groups = self._groups
        new._outcome = self._outcome
        return new

    def _key(self) -> tuple[Any, ...]:
        return (
            self.game,
            self._chance.seed,
            self._chance.draws,
            self._face,
            tuple(self._known),
            tuple(self._ptc),
            tuple(self._pvc),
            tuple(self._pty),
            tuple(self._pva),
            tuple(self._pown),
            tuple(self._ptok),
            tuple(self._pled),
            tuple(map(tuple, self._rows)),
            tuple(self._defcol),
            tuple(self._shown),
            tuple(self._consult),
            tuple(self._stolen),
            tuple(self._wild),
            tuple(self._wildv),
            tuple(self._grap),
            tuple(self._flags),
            tuple(self._incap),
            self._order,
            self._defends,
            tuple(self._draw),
            tuple(self._discard),
            self._waste,
            self._wastev,
            tuple(self._unused),
            self._queue,
            self._xinfo,
            self._phase,
            self._to_act,
            self._a.key(),
            tuple(map(tuple, self._pend)),
            tuple(self._next),
            self._cons,
            self._groups,
            self._outcome,
            tuple(self._log),
        )

    def _position(self) -> dict[str, Any]:
        from .position import position_of

        return position_of(self)

    # -- views -------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        if seat is not None:
            check_seat(g, seat)
        bit = PUBLIC | (1 << seat if seat is not None else 0)
        known, face = self._known, self._face
        vis: list[str | None] = [
            (DRAW_TEXT[c - DRAW0] if c >= DRAW0 else FACES[face[c]]) if known[c] & bit else None
            for c in range(CARD_IDS)
        ]
        over = self._phase == P_OVER
        a = self._a
        queue = self._queue
        playing = self._phase not in (P_PLACE, P_OVER)
        outcome = self._outcome
        return {
            "game": "16-combos",
            "ruleset": RULESET,
            "winning": g.winning,
            "seat": seat,
            "players": g.players,
            "phase": PHASE_NAMES[self._phase],
            "round": queue.round if self._phase != P_PLACE else 0,
            "round_limit": g.round_limit,
            "to_act": list(self._to_act),
            "active": a.actor if playing else None,
            "characters": [self._char_view(c, seat, vis) for c in range(g.n_chars)],
            "draw_pile": len(self._draw),
            "discard_ids": list(self._discard),
            "discard": [vis[c] for c in self._discard],
            "waste": [vis[c] for c in self._waste],
            "waste_ids": list(self._waste),
            "waste_value": self._wastev if self._waste else None,
            "unused_ids": list(self._unused),
            "queue": queue.to_json(),
            "extra_info": [list(x) for x in self._xinfo],
            "action": self._act_view(seat, vis) if playing else None,
            "effect": a.effect or None,
            "defends": [[d[0], d[1], list(d[2]), d[3]] for d in self._defends],
            "constraints": self._constraints_view(vis),
            "groups": [list(grp) for grp in self._groups],
            "ledgers": self._ledgers_view(vis),
            "private": [c for c in range(CARD_IDS) if known[c] & bit and not known[c] & PUBLIC],
            "pair_count": len(self._ptc),
            "outcome": None
            if outcome is None
            else {"winners": list(outcome[0]), "reason": outcome[1], "pairs": list(outcome[2]),
                  "values": list(outcome[3])},
            "over": over,
            "result": self.result().to_dict() if over else None,
        }

    def _ledgers_view(self, vis: list[str | None]) -> list[list[Any]]:
        """The ledgers of the values that depend on a card this seat cannot see (and of the
        pairs they refer to); the others tell it nothing it does not know."""
        pled, ptok = self._pled, self._ptok
        wanted = [p for p, led in enumerate(pled) if led and any(vis[t] is None for t in ptok[p])]
        seen = set(wanted)
        while wanted:
            p = wanted.pop()
            for op in pled[p]:
                if op[0] == L_DMGBY and op[1] not in seen:
                    seen.add(op[1])
                    wanted.append(op[1])
        return [[p, [list(op) for op in pled[p]], list(ptok[p])] for p in sorted(seen) if pled[p]]

    def _constraints_view(self, vis: list[str | None]) -> list[list[Any]]:
        """The public facts about hidden types (``table.Fact``) that the cards this seat
        knows do not already settle."""
        out = []
        ctype = self._ctype
        for ids, masks, least, most in self._cons:
            sat = hidden = 0
            for c, m in zip(ids, masks, strict=True):
                if vis[c] is None:
                    hidden += 1
                elif ctype[c] >= 0 and m >> ctype[c] & 1:
                    sat += 1
            if sat < least or sat + hidden > most:
                out.append([list(ids), list(masks), least, most])
        return out

    def _pair_view(self, p: int, col: int, seat: int | None, vis: list[str | None]) -> dict[str, Any]:
        owner = self._pown[p]
        mine = seat is not None and owner >= 0 and self.game.char_seat[owner] == seat
        return self._pairs_view([(p, col)], mine, vis)[0]

    def _pairs_view(self, pairs: list[tuple[int, int]], mine: bool, vis: list[str | None]) -> list[dict[str, Any]]:
        """Pairs as a seat sees them (``mine``: its owner's seat, who knows every value)."""
        ptc, pvc, pty, pva, ptok = self._ptc, self._pvc, self._pty, self._pva, self._ptok
        out = []
        for p, col in pairs:
            tc = ptc[p]
            vals = pvc[p]
            type_card = vis[tc]
            toks = ptok[p]
            if not vals:
                value = None
            elif mine or all(vis[t] is not None for t in toks):
                value = pva[p]
            else:
                value = None
            out.append(
                {
                    "id": p,
                    "col": LETTERS[col] if col >= 0 else "",
                    "type": TYPES[pty[p]] if type_card is not None else None,
                    "type_id": tc,
                    "type_card": type_card,
                    "value_ids": list(vals),
                    "value_cards": [vis[x] for x in vals],
                    "value": value,
                    "tokens": list(toks),
                }
            )
        return out

    def _char_view(self, c: int, seat: int | None, vis: list[str | None]) -> dict[str, Any]:
        g = self.game
        mine = seat is not None and g.char_seat[c] == seat
        row = self._rows[c]
        shown = iter(self._pairs_view([(p, col) for col, p in enumerate(row) if p >= 0], mine, vis))
        rows: list[Any] = [next(shown) if p >= 0 else None if p == EMPTY else "held" for p in row]
        flags = self._flags[c]
        d = self._defense(c)
        consult, stolen = self._consult[c], self._stolen[c]
        wild = self._wild[c]
        order = self._order[c]
        pend = self._pend[c]
        return {
            "id": c,
            "seat": g.char_seat[c],
            "side": g.char_side[c],
            "order_card": vis[order],
            "order_id": order,
            "rows": rows,
            "defense": LETTERS[d] if d >= 0 else "",
            "defense_mark": self._defcol[c],
            "shown": self._shown[c],
            "consultation": self._pairs_view([(consult, -1)], mine, vis)[0] if consult >= 0 else None,
            "held": self._pairs_view([(p, col) for col, p in self._grap[c]], mine, vis) if self._grap[c] else [],
            "stolen": self._pairs_view([(stolen, -1)], mine, vis)[0] if stolen >= 0 else None,
            "wild": [vis[x] for x in wild],
            "wild_ids": list(wild),
            "wild_value": self._wildv[c] if wild else None,
            "reacted": bool(flags & REACTED),
            "incapacitated": self._incap[c],
            "scavenge": bool(flags & SCAVENGE),
            "shoved": bool(flags & SHOVED),
            "out": bool(flags & OUT),
            "to_place_ids": list(pend),
            "to_place": [vis[x] for x in pend],
            "next_column": self._next[c],
        }

    def _act_view(self, seat: int | None, vis: list[str | None]) -> dict[str, Any]:
        a = self._a
        taking = self._phase == P_EFFECT and a.effect == "steal"
        return {
            "taking": self._pair_view(a.tpair, -1, seat, vis) if taking else None,
            "actor": a.actor,
            "extra": a.extra,
            "target": a.tchar,
            "column": LETTERS[a.tcol] if a.tcol >= 0 else "",
            "column_index": a.tcol,
            "pair": a.tpair,
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
            "kind": a.kind,
        }


def blank(game: SixteenCombos, chance: Chance, deck: Any) -> ComboState:
    """An empty table: every list sized for the game's characters, nothing dealt."""
    n = game.n_chars
    s = ComboState.__new__(ComboState)
    s.game = game
    s._chance = chance
    s._deck = deck
    s._start = None
    s._log = []
    s._lc = None
    s._face = ()
    s._ctype = ()
    s._known = [0] * CARD_IDS
    s._ptc, s._pvc, s._pty, s._pva, s._pown, s._ptok, s._pled = [], [], [], [], [], [], []
    s._rows = [[] for _ in range(n)]
    s._defcol = [-1] * n
    s._shown = [-1] * n
    s._consult = [-1] * n
    s._stolen = [-1] * n
    s._wild = [()] * n
    s._wildv = [0] * n
    s._grap = [()] * n
    s._flags = [0] * n
    s._incap = [0] * n
    s._order = ()
    s._defends = ()
    s._draw = []
    s._discard = []
    s._waste = ()
    s._wastev = 0
    s._unused = []
    s._queue = TurnQueue.start(tuple(range(n)))
    s._xinfo = ()
    s._phase = P_PLACE
    s._to_act = ()
    s._a = Act()
    s._pend = [[] for _ in range(n)]
    s._next = [0] * n
    s._cons = ()
    s._groups = ()
    s._outcome = None
    return s


def new_state(
    game: SixteenCombos, chance: Chance, faces: list[int], draw_top_first: list[int], deck: Any
) -> ComboState:
    """Deal a new game: ``faces`` is the deal pile top first, ``draw_top_first`` the draw pile's ids."""
    s = blank(game, chance, deck)
    s._set_faces(faces)
    deal(s, faces, draw_top_first, [])
    return s


__all__ = ["ComboState", "blank", "new_state"]
