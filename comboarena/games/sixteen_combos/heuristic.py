"""``16-combos.heuristic``: a table player's sense of 16 Combos as an agent.

- **Odds.** It knows the draw pile exactly (every draw-deck card out of it
  is face up) and, for a hidden target value, which values its ledger still
  allows (the same replay ``determinize`` uses), weighted by the deal-deck
  cards it has not seen. From these it computes the chance of each outcome
  of a Check.
- **Its turn.** Each (action type, target) is scored by the chance of
  Defeated times what that combo is worth (the Combo Table: a defeated pair,
  plus an extra turn, a stolen pair, an incapacitated enemy...; Passive combos
  defeat nothing), the expected damage, and the risk of a critical failure
  (a counter against a character whose reaction is ready). It passes when
  nothing is worth the risk. A saved wild is used when its value beats the
  draw.
- **Reactions.** Against an action it is sure will defeat its pair, it changes
  its pair's type (or swaps) to the cheapest combo (a Passive one saves the
  pair); it keeps its one reaction for that. It counters when its defense
  value gives good odds.
- **Face cards.** It keeps, changes or swaps a drawn face card by the same
  odds (a swap banks the face card in its value row when the action is
  hopeless anyway).
- **Setup and effects.** Higher value cards to the right (the defense pair
  is attacked first); Defend and Recovery on the defense pair; Dodge/Stealth
  bring its best pair to the defense; Snipe hits the enemy's best known pair;
  Steal keeps a strong pair, holds a weak one as an action; Bribes accepted.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from comboarena.agents.base import Agent
from comboarena.core import Action

from . import actions as A
from .cards import DEAL_SIZE, DRAW0, FACE_INDEX, FACE_VALUE, TYPE_INDEX, draw_deck
from .combos import COMBO, NAMES
from .knowledge import draw_cards_out, ledger_tokens, replay, seen_faces

#: What defeating a pair with each combo is worth to the actor (a pair is 1).
COMBO_VALUE = {
    "Poison": 1.5, "Hire Assassin": 1.8, "Throw": 1.4, "Insight": 1.1,
    "Scavenge": 0.35, "Bribe": 0.8, "Steal": 1.9, "Snipe": 1.3,
    "Defend": 0.4, "Hire Guard": 1.1, "Grapple": 1.2, "Stealth": 1.1,
    "Adrenaline": 1.3, "Consultation": 1.2, "Shove": 1.4, "Dodge": 1.1,
}  # fmt: skip
#: How good each type is for one's own defense pair (the combos it gives attackers are cheap).
DEFENSE_TYPE = {2: 1.0, 1: 0.8, 3: 0.3, 0: 0.0}
#: What a point of damage to an enemy pair is worth; the cost of a critical failure.
DAMAGE_POINT = 0.06
CRITICAL = 0.35
COUNTERED = 0.5


def _outcome_probs(actions: dict[int, float], targets: dict[int, float]) -> tuple[float, float, float, float, float]:
    """P(defeated), P(damaged), P(missed), P(critical) and the expected damage, for value distributions."""
    d = dm = m = c = dmg = 0.0
    for a, pa in actions.items():
        for v, pv in targets.items():
            p = pa * pv
            diff = a - v
            if diff >= 6:
                d += p
            elif diff >= 1:
                dm += p
                dmg += p * diff
            elif diff >= -5:
                m += p
            else:
                c += p
    return d, dm, m, c, dmg


class ComboHeuristic(Agent):
    """Scores each legal action with the rules of thumb above."""

    name = "16-combos.heuristic"

    def __init__(self, game: Any) -> None:
        self.game = game

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        self._v = view
        self._me = view["seat"]
        self._pool: Counter[int] | None = None
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
            return A.COUNTER if self._counter_odds(view) > 0.0 else A.PASS
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

    def _unseen_deal(self) -> Counter[int]:
        if self._pool is None:
            seen = {f for c, f in seen_faces(self._v).items() if c < DEAL_SIZE}
            self._pool = Counter(f for f in range(52) if f not in seen)
        return self._pool

    def _draw_values(self, view: dict[str, Any]) -> dict[int, float]:
        out = draw_cards_out(view)
        pile = [c for c in draw_deck(self.game.jokers) if c not in out]
        if not pile:  # a reshuffle brings back the discarded draw-deck cards
            pile = [c for c in view["discard_ids"] if c >= DRAW0]
        if not pile:
            return {0: 1.0}
        counts = Counter(FACE_VALUE[c - DRAW0] for c in pile)
        return {v: k / len(pile) for v, k in counts.items()}

    def _pair_values(self, view: dict[str, Any], pv: dict[str, Any]) -> dict[int, float]:
        """The distribution of a pair's value as this seat knows it."""
        if pv["value"] is not None:
            return {pv["value"]: 1.0}
        pool = self._unseen_deal()
        ledger = next((ops for p, ops, _ in view["ledgers"] if p == pv["id"]), None)
        known = {c: f for c, f in seen_faces(view).items()}
        values = Counter(FACE_VALUE[f] for f in pool.elements())
        total = sum(values.values()) or 1
        if ledger is None:
            return {v: k / total for v, k in values.items()}
        hidden = sorted(t for t in ledger_tokens(ledger) if t < DRAW0 and t not in known)
        if len(hidden) != 1:
            return {v: k / total for v, k in values.items()}
        out: Counter[int] = Counter()
        for v, k in values.items():

            def value(t: int, v: int = v) -> int:
                if t == hidden[0]:
                    return v
                return FACE_VALUE[t - DRAW0] if t >= DRAW0 else FACE_VALUE[known[t]]

            try:
                hist = replay(ledger, value, None)
            except KeyError:
                hist = None
            if hist and hist[-1] >= 1:
                out[hist[-1]] += k
        n = sum(out.values())
        if not n:
            return {v: k / total for v, k in values.items()}
        return {v: k / n for v, k in out.items()}

    def _my_char(self, view: dict[str, Any], c: int) -> dict[str, Any]:
        return view["characters"][c]

    @staticmethod
    def _defense_pv(ch: dict[str, Any]) -> dict[str, Any] | None:
        return next((r for r in ch["rows"] if isinstance(r, dict) and r["col"] == ch["defense"]), None)

    # -- setup --------------------------------------------------------------------------

    def _place(self, view: dict[str, Any], legal: list[Action]) -> Action:
        places = [a for a in legal if isinstance(a, A.Place)]
        if places:  # lowest first: the higher values end up at the defense side
            return min(places, key=lambda a: FACE_VALUE[a.face])
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
        me = view["active"]
        my = view["characters"][me]
        best: Action = A.PASS
        best_score = 0.0 if A.PASS in legal else -1e9
        for action in legal:
            if not isinstance(action, A.Announce):
                continue
            score = self._score_action(view, my, action, draws) + rng.random() * 1e-6
            if score > best_score:
                best, best_score = action, score
        return best

    def _score_action(self, view: dict[str, Any], my: dict[str, Any], action: A.Announce,
                      draws: dict[int, float]) -> float:
        target = view["characters"][action.target]
        if action.col >= 0:
            pv = target["rows"][action.col]
        else:
            pv = self._defense_pv(target)
        if not isinstance(pv, dict):
            return -1.0
        values: dict[int, float]
        if my["shoved"]:
            dp = self._defense_pv(my)
            values = {dp["value"]: 1.0} if dp and dp["value"] is not None else draws
        elif my["stolen"] is not None and my["stolen"]["value"] is not None:
            values = {my["stolen"]["value"]: 1.0}
        elif action.wild and my["wild_value"]:
            values = {my["wild_value"]: 1.0}
        elif my["scavenge"]:
            values = {}
            for a, pa in draws.items():
                for b, pb in draws.items():
                    values[a + b] = values.get(a + b, 0.0) + pa * pb
        else:
            values = draws
        targets = self._pair_values(view, pv)
        d, _dm, _, c, dmg = _outcome_probs(values, targets)
        if pv["type"] is not None:
            worth = COMBO_VALUE[NAMES[COMBO[TYPE_INDEX[pv["type"]]][action.type]]]
        else:
            worth = sum(COMBO_VALUE[NAMES[COMBO[t][action.type]]] for t in range(4)) / 4
        risk = CRITICAL + (COUNTERED if not target["reacted"] and not target["incapacitated"] else 0.0)
        score = d * worth + dmg * DAMAGE_POINT - c * risk
        if action.wild:
            score += 0.05  # a saved wild is spent well when its value is what the odds need
        return score

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
            d, _dm, _, _, dmg = _outcome_probs(values, {value: 1.0})
            return d * COMBO_VALUE[NAMES[COMBO[t][act]]] + dmg * DAMAGE_POINT

        base = loss(TYPE_INDEX[pv["type"]], pv["value"])
        best: Action = A.PASS
        best_gain = 0.25 if informed else 0.5  # keep the one reaction for when it matters
        for action in legal:
            if isinstance(action, A.Change):
                gain = base - loss(action.type, pv["value"])
            elif action is A.SWAP or isinstance(action, A.SwapJoker):
                old = pv["type_card"]
                if old is None:
                    continue
                new_value = FACE_VALUE[_face(old)]
                new_type = action.type if isinstance(action, A.SwapJoker) else TYPE_INDEX[pv["value_cards"][0][1]]
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
        targets = self._pair_values(view, pv)
        my = view["characters"][a["actor"]]
        risk = CRITICAL + (COUNTERED if not target["reacted"] else 0.0)

        def score(t: int, value: int) -> float:
            d, _, _, c, dmg = _outcome_probs({value: 1.0}, targets)
            worth = COMBO_VALUE[NAMES[COMBO[TYPE_INDEX[pv["type"]]][t]]] if pv["type"] else 1.0
            return d * worth + dmg * DAMAGE_POINT - c * risk

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
                # the action goes on at that card's value; the face card strengthens the row
                s = score(act, row["value"]) + 0.04 * (drawn - row["value"])
            else:
                continue
            if s > best_score + 1e-9:
                best, best_score = action, s
        return best

    def _counter_odds(self, view: dict[str, Any]) -> float:
        a = view["action"]
        me = view["characters"][a["target"]]
        foe = view["characters"][a["actor"]]
        mine, theirs = self._defense_pv(me), self._defense_pv(foe)
        if mine is None or theirs is None or mine["value"] is None:
            return -1.0
        d, _, _, c, dmg = _outcome_probs({mine["value"]: 1.0}, self._pair_values(view, theirs))
        worth = COMBO_VALUE[NAMES[COMBO[TYPE_INDEX[theirs["type"]]][TYPE_INDEX[mine["type"]]]]] if theirs["type"] else 1
        return d * worth + dmg * DAMAGE_POINT - c * 0.2

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
