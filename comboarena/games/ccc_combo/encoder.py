"""c-c-c-COMBO for learning libraries: numbered actions and a flat observation.

Actions, numbered in this order (cards in canonical order: suits S H D C,
ranks 2 ... A, so card ``i`` is ``DECK[i]``):

- ``0``-``207``: ``<card>><pile>``, number ``4 * card + pile`` (``2S>0`` is 0,
  ``2S>3`` is 3, ``AC>3`` is 207);
- ``208``-``259``: ``discard <card>``; ``260``-``311``: ``burn <card>``;
- ``312`` ``pass``, ``313`` ``draw``, ``314`` ``heal``;
- ``315``-``318``: ``bp 0`` ... ``bp 3``, only when the teams name their Big
  Players (option ``big_players=none``, the default): 319 actions then, 315
  with the Big Players fixed.

The observation is seat-relative: "seat +k" is the seat k places clockwise
from you (+2 is your partner; a spectator sees the table from seat 0). Its
layout is :func:`layout` (``docs/games/ccc-combo.md`` prints it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Encoder, Layout, check_seat
from comboarena.core.cards import DECK, RANKS, SUITS

from .actions import BURN, CHOOSE, DISCARD, DRAW, HEAL, PASS, PLAY
from .seats import EFFECT, PLAYERS
from .view import PHASES, DrawReason, Effect

if TYPE_CHECKING:
    from .game import CccCombo
    from .state import CccState

_CARD = {c: i for i, c in enumerate(DECK)}
_SUIT = {s: i for i, s in enumerate(SUITS)}
_RANK = {r: i for i, r in enumerate(RANKS)}
_EFFECTS = tuple(Effect)
_REASONS = (DrawReason.TURN, DrawReason.COUNTER, DrawReason.FEED)
_PHASE = {p: i for i, p in enumerate(PHASES)}
_TOP_SUIT = tuple(f"top{k}_suit" for k in range(PLAYERS))
_TOP_RANK = tuple(f"top{k}_rank" for k in range(PLAYERS))
#: Draws owed at once (at most two: turn + counter, or feed + turn).
DRAWS_SHOWN = 2


def layout() -> Layout:
    """The observation's features, in order."""
    n = len(DECK)
    lay = Layout()
    lay.add("hand", n, "1 for each card in your hand (cards in canonical order, DECK[i]); 0 for a spectator")
    lay.add("piles", n, "1 for each card on a combo pile (any seat's; their tops and stacks follow)")
    for k in range(PLAYERS):
        lay.add(f"top{k}_suit", len(SUITS), f"one-hot suit (S H D C) of seat +{k}'s top card (0s before the deal)")
        lay.add(f"top{k}_rank", len(RANKS), f"one-hot rank (2 ... A) of seat +{k}'s top card")
    lay.add("stack", PLAYERS, "cards stacked on each pile's base (what a COMBO that stands burns or feeds) / 10")
    lay.add("discard", n, "1 for each card on the discard pile (face up)")
    lay.add("hand_sizes", PLAYERS, "cards in each hand / 20, seat-relative")
    lay.add("deck", 1, "cards left in the deck / 52")
    lay.add("reshuffles", 1, "times the discard pile was shuffled into a new deck / 10")
    lay.add("big_players", PLAYERS, "1 for each seat named Big Player, seat-relative")
    lay.add("phase", len(PHASES), "one-hot phase: big players, play, window, burn, heal, over")
    lay.add("turn", PLAYERS, "one-hot: whose turn, seat-relative; all 0 before the deal and once over")
    lay.add("to_act", PLAYERS, "1 for each seat that owes a decision now, seat-relative")
    lay.add("window_pile", PLAYERS, "one-hot: the pile of the COMBO whose reaction window is open, seat-relative")
    lay.add("window_effect", len(_EFFECTS), "one-hot: the open COMBO burns or feeds its pile's owner")
    lay.add("burn_seat", PLAYERS, "one-hot: the seat burning cards, seat-relative")
    lay.add("burn_owed", 1, "cards still to burn / 10")
    for i, nth in enumerate(("first", "second")[:DRAWS_SHOWN]):
        lay.add(f"draw{i}_seat", PLAYERS, f"one-hot: who the {nth} draw still owed this turn is for, seat-relative")
        lay.add(f"draw{i}_count", 1, f"cards of the {nth} draw owed / 10")
        lay.add(f"draw{i}_reason", len(_REASONS), f"one-hot reason of the {nth} draw owed: turn, counter, feed")
    lay.add("turns", 1, "turns completed / the turn limit")
    lay.add("over", 1, "1 once the game is over")
    return lay


class CccEncoder(Encoder):
    """Action numbers and observations for c-c-c-COMBO with its options."""

    version = 1

    def __init__(self, game: CccCombo) -> None:
        actions: list[Action] = [PLAY[c][p] for c in DECK for p in range(PLAYERS)]
        actions += [DISCARD[c] for c in DECK] + [BURN[c] for c in DECK] + [PASS, DRAW, HEAL]
        if game.big_players is None:
            actions += CHOOSE
        super().__init__(actions, layout())
        at = {f.name: f.start for f in self.layout.features}
        self._at = at
        self._blank = self.blank()
        # Where observe_state writes each card of each zone, and each top card's suit and rank.
        self._hand_at = {c: at["hand"] + i for c, i in _CARD.items()}
        self._piles_at = {c: at["piles"] + i for c, i in _CARD.items()}
        self._discard_at = {c: at["discard"] + i for c, i in _CARD.items()}
        self._top_at = [
            ({s: at[_TOP_SUIT[k]] + i for s, i in _SUIT.items()}, {r: at[_TOP_RANK[k]] + i for r, i in _RANK.items()})
            for k in range(PLAYERS)
        ]
        self._draw_at = [(at[f"draw{i}_seat"], at[f"draw{i}_count"], at[f"draw{i}_reason"]) for i in range(DRAWS_SHOWN)]

    def observe(self, view: dict[str, Any]) -> list[float]:
        obs = self.observation()
        me = view["seat"] if view["seat"] is not None else 0
        obs.mark("hand", [_CARD[card] for card in view.get("hand", ())])
        stack = [0.0] * PLAYERS
        for seat, pile in enumerate(view["piles"]):
            if pile:
                k = (seat - me) % PLAYERS
                obs.mark("piles", [_CARD[card] for card in pile])
                top = pile[-1]
                obs.one_hot(_TOP_SUIT[k], _SUIT[top[1]])
                obs.one_hot(_TOP_RANK[k], _RANK[top[0]])
                stack[k] = (len(pile) - 1) / 10
        obs.put("stack", stack)
        obs.mark("discard", [_CARD[card] for card in view["discard"]])
        sizes = [0.0] * PLAYERS
        for seat, size in enumerate(view["hand_sizes"]):
            sizes[(seat - me) % PLAYERS] = size / 20
        obs.put("hand_sizes", sizes)
        obs["deck"] = view["deck"] / 52
        obs["reshuffles"] = view["reshuffles"] / 10
        for big in view["big_players"]:
            if big is not None:
                obs.one_hot("big_players", (big - me) % PLAYERS)
        obs.one_hot("phase", _PHASE[view["phase"]])
        if view["turn"] is not None:
            obs.one_hot("turn", (view["turn"] - me) % PLAYERS)
        for seat in view["to_act"]:
            obs.one_hot("to_act", (seat - me) % PLAYERS)
        window = view["window"]
        if window is not None:
            obs.one_hot("window_pile", (window["pile"] - me) % PLAYERS)
            obs.one_hot("window_effect", _EFFECTS.index(window["effect"]))
        burn = view["burn"]
        if burn is not None:
            obs.one_hot("burn_seat", (burn["seat"] - me) % PLAYERS)
            obs["burn_owed"] = burn["owed"] / 10
        for i, (seat, count, reason) in enumerate(view["draws"][:DRAWS_SHOWN]):
            obs.one_hot(f"draw{i}_seat", (seat - me) % PLAYERS)
            obs[f"draw{i}_count"] = count / 10
            obs.one_hot(f"draw{i}_reason", _REASONS.index(reason))
        obs["turns"] = view["turns"] / view["turn_limit"]
        obs["over"] = 1.0 if view["over"] else 0.0
        return obs.values

    def observe_state(self, state: CccState, seat: int | None) -> list[float]:  # type: ignore[override]
        """``observe(state.view(seat))`` read straight from the state: the same numbers
        (the conformance check compares the two)."""
        at, out = self._at, self._blank[:]
        if seat is None:
            me = 0
        else:
            if seat.__class__ is not int or not 0 <= seat < PLAYERS:
                check_seat(state.game, seat)
            me = seat
            hand_at = self._hand_at
            for card in state.hands[seat]:
                out[hand_at[card]] = 1.0
        piles_at, top_at, stack = self._piles_at, self._top_at, at["stack"]
        for s, pile in enumerate(state.piles):
            if pile:
                k = (s - me) % PLAYERS
                for card in pile:
                    out[piles_at[card]] = 1.0
                top = pile[-1]
                suit_at, rank_at = top_at[k]
                out[suit_at[top[1]]] = 1.0
                out[rank_at[top[0]]] = 1.0
                out[stack + k] = (len(pile) - 1) / 10
        discard_at = self._discard_at
        for card in state.discard:
            out[discard_at[card]] = 1.0
        sizes = at["hand_sizes"]
        for s, h in enumerate(state.hands):
            out[sizes + (s - me) % PLAYERS] = len(h) / 20
        out[at["deck"]] = len(state.deck) / 52
        out[at["reshuffles"]] = state.reshuffles / 10
        for big in state.big_players:
            if big is not None:
                out[at["big_players"] + (big - me) % PLAYERS] = 1.0
        # The state's phase is its number in PHASES (the view shows PHASE_VALUES[phase]).
        out[at["phase"] + state.phase] = 1.0
        turn = state.turn
        if turn is not None:
            out[at["turn"] + (turn - me) % PLAYERS] = 1.0
        for s in state.owes.waiting:
            out[at["to_act"] + (s - me) % PLAYERS] = 1.0
        window = state.window
        if window is not None and turn is not None:
            target = window[0]
            out[at["window_pile"] + (target - me) % PLAYERS] = 1.0
            out[at["window_effect"] + _EFFECTS.index(EFFECT[turn][target])] = 1.0
        burn = state.burn
        if burn is not None:
            out[at["burn_seat"] + (burn[0] - me) % PLAYERS] = 1.0
            out[at["burn_owed"]] = burn[1] / 10
        for (seat_at, count_at, reason_at), (s, count, reason) in zip(self._draw_at, state.draws, strict=False):
            out[seat_at + (s - me) % PLAYERS] = 1.0
            out[count_at] = count / 10
            out[reason_at + _REASONS.index(reason)] = 1.0
        out[at["turns"]] = state.turns / state.game.turn_limit
        out[at["over"]] = 1.0 if state.is_over else 0.0
        return out


__all__ = ["CccEncoder", "layout"]
