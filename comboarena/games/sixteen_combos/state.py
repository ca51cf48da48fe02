"""A game of 16 Combos in progress: the protocol (legal actions, apply, views, result,
invariants) over the rule modules, and :func:`build`, the one constructor.

Its fields are declared once, in :mod:`.fields`. Which rule module answers each
step (``phase``): Preparing Pairs is ``setup.py``'s, every step of a turn
``turn.py``'s (which goes on to ``check.py``, ``combos.py`` and ``defeat.py``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Chance, Event, GameNotOver, InvariantError, Result, State, TurnQueue, check_seat

from . import sight
from .cards import CARD_IDS, DEAL_SIZE
from .defeat import refinish
from .estimate import estimate
from .fields import (
    FIELDS,
    HELD,
    OUT,
    Act,
    Characters,
    Ending,
    Fact,
    Pairs,
    all_faces,
    card_types,
)
from .setup import apply_place, deal, legal_place, one_of_each_ids
from .turn import DECISIONS, Apply, Legal, why_not_turn
from .view import (
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
    seen: tuple[sight.Seen | None, ...] | None

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
        return sight.view(self, seat)


FIELDS.install(ComboState)

def build(game: SixteenCombos, chance: Chance, values: dict[str, Any], deck: Any = None) -> ComboState:
    """A state from its saved fields: the deal, a position and a determinization all come
    here; the fields that are not saved are worked out from them."""
    unsaved = {"card_type": card_types(values["faces"]), "legal_cache": None, "seen": None}
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
    if game.one_of_each:
        faces = one_of_each_ids(faces, game.n_chars)
    s = build(game, chance, empty_table(game, faces), deck)
    deal(s, faces, draw_top_first, [])
    return s


__all__ = ["ComboState", "build", "empty_table", "new_state"]
