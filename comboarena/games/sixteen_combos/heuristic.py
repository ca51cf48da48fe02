"""``16-combos.heuristic``: a table player's sense of 16 Combos as an agent.

- **Odds.** It knows the draw pile exactly (every draw-deck card out of it
  is face up) and, for a hidden target value, which values its ledger still
  allows (the same replay ``determinize`` uses), weighted by the deal-deck
  cards it has not seen, mixed with where an owner who places low to high
  would have put them (``odds.placed_prior``). From these it computes the
  chance of each outcome of a Check.
- **Its turn.** Each (action type, target) is scored by its expected gain in
  pairs (``odds.py``: a defeated pair and its value, what the combo brings,
  the damage, and on a critical failure its reaction and what the target's
  Counter, its defense value against this character's, would cost), with the
  option of swapping a drawn face card into its value row. It acts on the
  best score above zero and passes only when every action is worse than
  passing. A saved wild is used when its value scores better.
- **Reactions.** Against an action it is sure will defeat its pair, it changes
  its pair's type (or swaps) to the cheapest combo (a Passive one saves the
  pair); it keeps its one reaction for that. It counters whenever the Counter
  is expected to gain (a Counter cannot be countered back).
- **Face cards.** It keeps, changes or swaps a drawn face card by the same
  odds (a swap banks the face card in its value row when the action is
  hopeless anyway).
- **Setup and effects.** Higher value cards to the right (the defense pair
  is attacked first; Drop Lowest Dealt leaves the lowest over); Defend and
  Recovery on the defense pair; Dodge/Stealth bring its best pair to the
  defense; Snipe hits the enemy's best known pair; Steal keeps a strong pair,
  holds a weak one as an action; Bribes accepted.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from itertools import filterfalse
from typing import Any

from comboarena.agents.base import Agent
from comboarena.core import Action

from . import actions as A
from .cards import DEAL_SIZE, DRAW0, FACE_INDEX, FACE_TYPE, FACE_VALUE, TYPE_INDEX, draw_deck
from .combos import COMBO
from .fields import L_BASE
from .knowledge import DEAL_VALUES, draw_cards_out, ledger_tokens, replay, seen_faces
from .odds import POINT, REACTION, Dist, check_gain, gains, placed_prior

#: The draw pile's values by its cards (read only: every decision reads the pile, which changes
#: once a turn or so).
_PILES: dict[tuple[int, ...], Dist] = {}
#: ``placed_prior`` by (unseen values, rank, cards dealt); copied out, as each pair's values are
#: its own object (``_gains`` tells a Counter by the defense pair's distribution being the target's).
_PRIORS: dict[tuple[Any, ...], Dist] = {}
#: Ledger replays by (ledger, hidden card, known faces of its cards): see ``_finals``.
_FINALS: dict[tuple[Any, ...], dict[int, int | None]] = {}
#: How good each type is for one's own defense pair (the combos it gives attackers are cheap).
DEFENSE_TYPE = {2: 1.0, 1: 0.8, 3: 0.3, 0: 0.0}
#: The lowest drawn value that is a face card (J 11, Q and K 12, A 13, joker 14).
FACE_MIN = 11
#: The gain a reaction (predictive, informed) must save to be spent, and a Counter must expect.
KEEP_REACTION = {"predictive reaction": 0.5, "informed reaction": 0.25, "counter": 0.01}


class ComboHeuristic(Agent):
    """Scores each legal action with the rules of thumb above."""

    name = "16-combos.heuristic"

    def __init__(self, game: Any) -> None:
        self.game = game
        # a hidden value's place among its owner's dealt values is known only when owners place them
        # one per column and nothing is added to them
        self._ranked = game.placement == "choose" and not game.one_of_each and not game.multiple_values
        self._dealt = game.columns + (1 if game.drop_lowest else 0)
        self._deck = tuple(draw_deck(game.jokers))

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        self._v = view
        self._me = view["seat"]
        self._pool: dict[int, int] | None = None
        self._seen: dict[int, int] | None = None
        self._draws: Dist | None = None
        self._reaction: float | None = None
        self._values: dict[int, Dist] = {}
        self._defenses: dict[int, dict[str, Any] | None] = {}
        self._banks: dict[tuple[int, int], int | None] = {}
        self._ledgers: dict[int, list[list[int]]] | None = None
        if phase == "preparing pairs":
            return self._place(view, legal)
        if phase == "turn":
            return self._turn(view, legal, rng)
        if phase in ("predictive reaction", "informed reaction"):
            return self._react(view, legal)
        if phase == "face card":
            return self._face(view, legal)
        if phase == "scavenge":
            drawn = view["action"]["drawn"]
            total = sum(FACE_VALUE[_face(c)] for c in drawn)
            return A.ADD if total >= (view["waste_value"] or 0) else A.WASTE
        if phase == "counter":
            return A.COUNTER if self._counter_gain(view) > KEEP_REACTION["counter"] else A.PASS
        if phase == "recovery":
            d = self._my_char(view, view["action"]["target"])["defense"]
            return next((a for a in legal if isinstance(a, A.Column) and A.LETTERS[a.col] == d), legal[0])
        if phase == "consultation":
            return self._consult(view)
        if phase == "effect":
            return self._effect(view, legal, rng)
        if phase == "change stance":
            return self._stance(view, legal)
        return rng.choice(legal)

    # -- knowledge -------------------------------------------------------------------

    def _unseen_values(self) -> dict[int, int]:
        """How many deal-deck cards of each value this seat has not seen."""
        if self._pool is None:
            seen = {f for c, f in self._seen_faces().items() if c < DEAL_SIZE}
            self._pool = dict(Counter(map(FACE_VALUE.__getitem__, filterfalse(seen.__contains__, range(52)))))
        return self._pool

    def _seen_faces(self) -> dict[int, int]:
        if self._seen is None:
            self._seen = seen_faces(self._v)
        return self._seen

    def _draw_values(self, view: dict[str, Any]) -> Dist:
        if self._draws is None:
            self._draws = self._pile_values(view)
        return self._draws

    def _pile_values(self, view: dict[str, Any]) -> Dist:
        out = draw_cards_out(view)
        pile = tuple([c for c in self._deck if c not in out])
        if not pile:  # a reshuffle brings back the discarded draw-deck cards
            pile = tuple([c for c in view["discard_ids"] if c >= DRAW0])
        if not pile:
            return {0: 1.0}
        dist = _PILES.get(pile)
        if dist is None:
            counts = Counter(FACE_VALUE[c - DRAW0] for c in pile)
            dist = {v: k / len(pile) for v, k in counts.items()}
            if len(_PILES) > 20_000:
                _PILES.clear()
            _PILES[pile] = dist
        return dist

    def _pair_values(self, view: dict[str, Any], pv: dict[str, Any]) -> Dist:
        """The distribution of a pair's value as this seat knows it."""
        if pv["value"] is not None:
            return {pv["value"]: 1.0}
        cached = self._values.get(pv["id"])
        if cached is None:
            cached = self._values[pv["id"]] = self._hidden_values(view, pv)
        return cached

    def _hidden_values(self, view: dict[str, Any], pv: dict[str, Any]) -> Dist:
        col = A.LETTERS.index(pv["col"]) if pv["col"] else -1
        rank = -1
        if self._ranked and 0 <= col < self.game.columns:
            rank = col + (1 if self.game.drop_lowest else 0)
        pool = self._unseen_values()
        key = (tuple(pool.items()), rank, self._dealt)
        memo = _PRIORS.get(key)
        if memo is None:
            memo = placed_prior(pool, rank, self._dealt)
            if len(_PRIORS) > 20_000:
                _PRIORS.clear()
            _PRIORS[key] = memo
        prior = dict(memo)
        if self._ledgers is None:
            self._ledgers = {p: ops for p, ops, _ in view["ledgers"]}  # a pair is listed once
        ledger = self._ledgers.get(pv["id"])
        if ledger is None or not prior:
            return prior or {1: 1.0}
        if len(ledger) == 1 and len(ledger[0]) == 2 and ledger[0][0] == L_BASE:  # one dealt card, nothing learnt
            return prior
        known = self._seen_faces()
        hidden = sorted(t for t in ledger_tokens(ledger) if t < DRAW0 and t not in known)
        if len(hidden) != 1:
            return prior
        finals = self._finals(ledger, hidden[0], known)
        out: dict[int, float] = {}
        for v, k in prior.items():
            final = finals.get(v)
            if final is not None:
                out[final] = out.get(final, 0.0) + k
        n = sum(out.values())
        if not n:
            return prior
        return {v: k / n for v, k in out.items()}

    def _finals(self, ledger: list[list[int]], hidden: int, known: dict[int, int]) -> dict[int, int | None]:
        """The value a ledger ends at for each value its one hidden card may have (None: the
        ledger rules that value out). Memoized: the same ledger comes back turn after turn."""
        tokens = ledger_tokens(ledger)
        key = (tuple(map(tuple, ledger)), hidden, tuple(known.get(t, -1) for t in sorted(tokens)))
        finals = _FINALS.get(key)
        if finals is not None:
            return finals
        finals = {}
        for v in DEAL_VALUES:

            def value(t: int, v: int = v) -> int:
                if t == hidden:
                    return v
                return FACE_VALUE[t - DRAW0] if t >= DRAW0 else FACE_VALUE[known[t]]

            try:
                hist = replay(ledger, value, None)
            except KeyError:
                hist = None
            finals[v] = hist[-1] if hist and hist[-1] >= 1 else None
        if len(_FINALS) > 20_000:
            _FINALS.clear()
        _FINALS[key] = finals
        return finals

    def _my_char(self, view: dict[str, Any], c: int) -> dict[str, Any]:
        return view["characters"][c]

    def _defense_pv(self, ch: dict[str, Any]) -> dict[str, Any] | None:
        """Character ``ch``'s defense pair (``ch`` is one of the view's: remembered for the decision)."""
        c = ch["id"]
        if c in self._defenses:
            return self._defenses[c]
        pv = next((r for r in ch["rows"] if isinstance(r, dict) and r["col"] == ch["defense"]), None)
        self._defenses[c] = pv
        return pv

    # -- setup --------------------------------------------------------------------------

    def _place(self, view: dict[str, Any], legal: list[Action]) -> Action:
        places = [a for a in legal if isinstance(a, A.Place)]
        if places:  # lowest first: the higher values end up at the defense side
            ranked = sorted(places, key=lambda a: FACE_VALUE[a.face])
            if self.game.drop_lowest and len(ranked) > 1:
                ch = next(c for c in view["characters"]
                          if c["seat"] == self._me and c["to_place_ids"] and c["next_column"] < self.game.columns)
                if len(ch["to_place_ids"]) > self.game.columns - ch["next_column"]:
                    return ranked[1]  # Drop Lowest Dealt: the card left over is dropped, so leave the lowest
            return ranked[0]
        cols = [a for a in legal if isinstance(a, A.Column)]
        if cols and cols[0].verb == "stack":
            return cols[-1]
        ch = next(c for c in view["characters"] if c["seat"] == self._me and c["defense_mark"] == -2)

        def fit(a: A.Column) -> float:
            pv = ch["rows"][a.col]
            return DEFENSE_TYPE[TYPE_INDEX[pv["type"]]] if isinstance(pv, dict) and pv["type"] else 0.0

        return max(cols, key=fit)

    # -- the turn ------------------------------------------------------------------------

    def _turn(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        draws = self._draw_values(view)
        my = view["characters"][view["active"]]
        best: Action = A.PASS
        best_score = 0.0 if A.PASS in legal else -1e9
        for action in legal:
            if not isinstance(action, A.Announce):
                continue
            score = self._score_action(view, my, action, draws) + rng.random() * 1e-9
            if score > best_score:
                best, best_score = action, score
        return best

    def _action_values(self, my: dict[str, Any], action: A.Announce, draws: Dist) -> Dist:
        """The values the action will have: the shoved pair's, the stolen pair's, the wild's,
        two draws added (Scavenge) or one draw."""
        if my["shoved"]:
            dp = self._defense_pv(my)
            return {dp["value"]: 1.0} if dp and dp["value"] is not None else draws
        if my["stolen"] is not None and my["stolen"]["value"] is not None:
            return {my["stolen"]["value"]: 1.0}
        if action.wild and my["wild_value"]:
            return {my["wild_value"]: 1.0}
        if my["scavenge"]:
            values: Dist = {}
            for a, pa in draws.items():
                for b, pb in draws.items():
                    values[a + b] = values.get(a + b, 0.0) + pa * pb
            return values
        return draws

    def _score_action(self, view: dict[str, Any], my: dict[str, Any], action: A.Announce, draws: Dist) -> float:
        target = view["characters"][action.target]
        pv = target["rows"][action.col] if action.col >= 0 else self._defense_pv(target)
        if not isinstance(pv, dict):
            return -1.0
        values = self._action_values(my, action, draws)
        low = self._bank(my, action.type) if values is draws else None
        by_value = self._gains(view, my, target, pv, action.type, [*values, low] if low else values, draws)
        if low is None:
            return sum(p * by_value[a] for a, p in values.items())
        low_gain = by_value[low]
        # Face Card as Action Value: a drawn face card (11 and up) may be swapped into the value row,
        # the action going on at the swapped card's value
        return sum(
            p * (max(by_value[a], low_gain + POINT * (a - low)) if a >= FACE_MIN else by_value[a])
            for a, p in values.items()
        )

    def _bank(self, my: dict[str, Any], act: int) -> int | None:
        """The lowest value-row card a drawn face card could be swapped with (a lone value card of
        the action's type); None if there is none (remembered for the decision)."""
        key = (my["id"], act)
        if key not in self._banks:
            lowest = self._lowest(my)  # every type's at once: the turn asks for each
            for t in (0, 1, 2, 3, act):
                self._banks[my["id"], t] = lowest.get(t)
        return self._banks[key]

    @staticmethod
    def _lowest(my: dict[str, Any]) -> dict[int, int]:
        """The lowest lone value card of each type in ``my``'s value row."""
        out: dict[int, int] = {}
        for pv in my["rows"]:
            if isinstance(pv, dict) and len(pv["value_cards"]) == 1 and pv["value"] is not None \
                    and pv["value_cards"][0] is not None:
                t, v = FACE_TYPE[_face(pv["value_cards"][0])], pv["value"]
                if t not in out or v < out[t]:
                    out[t] = v
        return out

    def _gains(self, view: dict[str, Any], my: dict[str, Any], target: dict[str, Any], pv: dict[str, Any],
               act: int, values: Iterable[int], draws: Dist) -> dict[int, float]:
        """Expected gain (in pairs) of acting with type ``act`` on ``target``'s pair ``pv``, for each
        value in ``values``."""
        targets = self._pair_values(view, pv)
        mine = self._defense_pv(my)
        counter: Dist | None = None
        my_value = my_type = counter_type = 0
        if mine is not None and mine["value"] is not None and mine["type"] is not None:
            my_value, my_type = mine["value"], TYPE_INDEX[mine["type"]]
            if not target["reacted"] and not target["incapacitated"]:
                dp = self._defense_pv(target)
                if dp is not None and dp["type"] is not None:
                    counter = targets if dp["id"] == pv["id"] else self._pair_values(view, dp)
                    counter_type = TYPE_INDEX[dp["type"]]
        if my["reacted"]:
            reaction = 0.0
        else:
            if self._reaction is None:
                self._reaction = self._reaction_cost(view, my, my_value, my_type, draws)
            reaction = self._reaction
        counter_combo = COMBO[my_type][counter_type]
        types = (TYPE_INDEX[pv["type"]],) if pv["type"] is not None else (0, 1, 2, 3)
        recovery = self.game.recovery and not target["out"]
        out = dict.fromkeys(values, 0.0)
        for t in types:
            combo = COMBO[t][act]
            for a, g in gains(out, targets, combo, reaction, counter, my_value, counter_combo, recovery).items():
                out[a] += g / len(types)
        return out

    def _reaction_cost(self, view: dict[str, Any], my: dict[str, Any], my_value: int, my_type: int,
                       draws: Dist) -> float:
        """What losing this round's reaction costs: the Counters it could still make, were an
        enemy still to act this round to fail critically against it."""
        q = view["queue"]
        later = set(q["order"][q["at"] + 1 :]) | set(q["extra"])
        if not my_value or not later:
            return REACTION
        crit = sum(p for a, p in draws.items() if a - my_value <= -6)
        best = 0.0
        for c in later:
            ch = view["characters"][c]
            if ch["side"] == my["side"] or ch["out"]:
                continue
            dp = self._defense_pv(ch)
            if dp is None or dp["type"] is None:
                continue
            combo = COMBO[TYPE_INDEX[dp["type"]]][my_type]
            gain = sum(p * check_gain(my_value - v, v, combo) for v, p in self._pair_values(view, dp).items())
            best = max(best, gain)
        return REACTION + crit * best

    # -- reactions and decisions ------------------------------------------------------------

    def _react(self, view: dict[str, Any], legal: list[Action]) -> Action:
        a = view["action"]
        target = view["characters"][a["target"]]
        pv = next((r for r in target["rows"] if isinstance(r, dict) and r["id"] == a["pair"]), None)
        if pv is None or pv["value"] is None:
            return A.PASS
        informed = view["phase"] == "informed reaction"
        values = {a["value"]: 1.0} if informed else self._draw_values(view)
        act = TYPE_INDEX[a["type"]]

        def loss(t: int, value: int) -> float:
            combo = COMBO[t][act]
            return sum(p * check_gain(v - value, value, combo) for v, p in values.items())

        base = loss(TYPE_INDEX[pv["type"]], pv["value"])
        best: Action = A.PASS
        best_gain = KEEP_REACTION[view["phase"]]  # keep the one reaction for when it matters
        for action in legal:
            if isinstance(action, A.Change):
                gain = base - loss(action.type, pv["value"])
            elif action is A.SWAP or isinstance(action, A.SwapJoker):
                old = pv["type_card"]
                if old is None:
                    continue
                new_value = FACE_VALUE[_face(old)]
                new_type = action.type if isinstance(action, A.SwapJoker) else FACE_TYPE[_face(pv["value_cards"][0])]
                gain = base - loss(new_type, new_value)
            else:
                continue
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _face(self, view: dict[str, Any], legal: list[Action]) -> Action:
        a = view["action"]
        target = view["characters"][a["target"]]
        pv = next((r for r in target["rows"] if isinstance(r, dict) and r["id"] == a["pair"]), None)
        if pv is None:
            return A.KEEP
        my = view["characters"][a["actor"]]
        draws = self._draw_values(view)

        def score(t: int, value: int) -> float:
            return self._gains(view, my, target, pv, t, (value,), draws)[value]

        drawn = FACE_VALUE[_face(a["drawn"][0])]
        act = TYPE_INDEX[a["type"]]
        best: Action = A.KEEP
        best_score = score(act, drawn)
        for action in legal:
            if isinstance(action, A.Change):
                s = score(action.type, drawn)
            elif isinstance(action, A.Column):
                row = my["rows"][action.col]
                if not isinstance(row, dict) or row["value"] is None:
                    continue
                # the action goes on at that card's value; the face card's value is banked in the row
                s = score(act, row["value"]) + POINT * (drawn - row["value"])
            else:
                continue
            if s > best_score + 1e-9:
                best, best_score = action, s
        return best

    def _counter_gain(self, view: dict[str, Any]) -> float:
        """What a Counter is expected to gain (it cannot be countered back)."""
        a = view["action"]
        me = view["characters"][a["target"]]
        foe = view["characters"][a["actor"]]
        mine, theirs = self._defense_pv(me), self._defense_pv(foe)
        if mine is None or theirs is None or mine["value"] is None or mine["type"] is None:
            return -1.0
        act = TYPE_INDEX[mine["type"]]
        types = (TYPE_INDEX[theirs["type"]],) if theirs["type"] is not None else (0, 1, 2, 3)
        values = self._pair_values(view, theirs)
        return sum(
            p * check_gain(mine["value"] - v, v, COMBO[t][act]) for t in types for v, p in values.items()
        ) / len(types)

    def _consult(self, view: dict[str, Any]) -> Action:
        a = view["action"]
        ch = view["characters"][a["target"]]
        cp, dp = ch["consultation"], self._defense_pv(ch)
        if cp is None or dp is None:
            return A.DEFENSE
        return A.CONSULT if (cp["value"] or 0) > (dp["value"] or 0) else A.DEFENSE

    def _effect(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        effect = view["effect"]
        a = view["action"]
        if effect == "bribe":
            return A.ACCEPT
        if effect == "joker type":
            return A.TYPE_CHOICE[3]
        mine = view["characters"][a["actor"]]
        theirs = view["characters"][a["target"]]
        if effect == "defend":
            return next((x for x in legal if isinstance(x, A.Column) and A.LETTERS[x.col] == mine["defense"]),
                        legal[0])
        if effect == "steal":
            taken = a.get("taking") or {}
            dp = self._defense_pv(mine)
            if dp is not None and (taken.get("value") or 0) < (dp["value"] or 0) and (taken.get("value") or 0) >= 9:
                return A.HOLD
            return A.ADD
        if effect == "snipe":
            def worth(x: Action) -> float:
                if not isinstance(x, A.Column):
                    return -1.0
                pv = theirs["rows"][x.col]
                vals = self._pair_values(view, pv)
                return sum(v * p for v, p in vals.items())
            return max(legal, key=worth)
        if effect in ("stealth", "dodge"):
            def gain(x: Action) -> float:
                if not isinstance(x, A.Switch):
                    return -1.0
                rows = mine["rows"]
                d = A.LETTERS.index(mine["defense"]) if mine["defense"] else -1
                other = x.b if x.a == d else x.a if x.b == d else -1
                if other < 0:
                    return -0.5
                pv, dv = rows[other], rows[d]
                return (pv["value"] or 0) - (dv["value"] or 0) + 3 * (
                    DEFENSE_TYPE[TYPE_INDEX[pv["type"]]] - DEFENSE_TYPE[TYPE_INDEX[dv["type"]]])
            return max(legal, key=gain)
        if effect == "throw":
            return A.PASS
        if effect == "insight":
            d = theirs["defense"]
            for x in legal:
                if isinstance(x, A.Insight) and A.LETTERS[x.col] == d and x.part == "value":
                    return x
            return next((x for x in legal if isinstance(x, A.Insight) and x.part == "value"), legal[0])
        if effect == "hire guard":
            d = A.LETTERS.index(mine["defense"]) if mine["defense"] else -1
            good = [x for x in legal if isinstance(x, A.Guard) and x.col == d]
            return good[0] if good else legal[0]
        return rng.choice(legal)

    def _stance(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["characters"][view["active"]]
        dp = self._defense_pv(me)
        if dp is None:
            return A.PASS

        def worth(pv: dict[str, Any]) -> float:
            return (pv["value"] or 0) + 3 * DEFENSE_TYPE[TYPE_INDEX[pv["type"]]] if pv["type"] else 0.0

        best: Action = A.PASS
        best_worth = worth(dp) + 1.0
        for x in legal:
            if isinstance(x, A.Column):
                pv = me["rows"][x.col]
                if isinstance(pv, dict) and worth(pv) > best_worth:
                    best, best_worth = x, worth(pv)
        return best


def _face(text: str) -> int:
    return FACE_INDEX[text.rstrip("'")]


__all__ = ["ComboHeuristic"]
