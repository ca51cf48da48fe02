"""``combo-fighter.heuristic``: plays the Win Circle against the opponent's habits and
keeps its deck-as-life in mind.

- Opening card: for each card in hand it estimates the chance to win, tie or lose
  against what the opponent tends to play (the kinds it has revealed so far,
  blended with the cards it can still hold), values a win by the best combo that
  card leads to, a tie by the Opening Damage traded and a loss by the damage the
  opponent can be expected to deal, and then *mixes*: it samples a card with
  probabilities that grow with that value, so it cannot be read like a fixed rule.
- Combo: the highest-value legal combo or Signature Combo from its hand, found
  exhaustively (every card played costs a card of life; a knock-out beats all).
- Damage: from the hand when taking from the deck would empty it needlessly
  (Staggering after the hit: the next one knocks out; the view's ``risks``) or
  when a hand card is worth less than an average card of its deck; from the
  deck otherwise (also when the refill will draw the deck's last card anyway).
- End of round: throws back cards worth clearly less than an average deck card,
  only while the deck is long (or while Staggering, when only the next hit counts).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from operator import mul
from typing import TYPE_CHECKING, Any

from comboarena.agents.base import Agent
from comboarena.core import Action, Event

from .actions import CALL, DECK, DONE, END, PASS, POWER, REST, STAY, TAG
from .content import ATTACK, HAND_SIZE, Fighter, Retro, fighters
from .plan_search import PlanScore, Scored, Walker, best_score, pick, walk_plans, walker
from .powers import Power, power_of
from .rules import BEATS, SET_ASIDE, Plan, knockout_damage
from .view import EventKind, Phase

if TYPE_CHECKING:
    from .game import ComboFighter

#: What a card of life is worth, in damage, when deciding how long a combo to play.
CARD_COST = 0.8
#: What each card set aside for X is worth while X still grows (in damage).
ASIDE_VALUE = 2.0
#: Temperature of the opening-card mix (in damage): lower is greedier.
TEMPERATURE = 0.9
#: How many imagined plays of each kind the opponent model starts from.
PRIOR = 4.0
KNOCKOUT = 60.0
#: Best plans remembered per agent (by hand, cards aside, X, ...) before the memory is cleared.
BEST_CACHE = 4096

# Module aliases: read at every decision and event (a global costs less than an Enum member
# read from its class).
PLAY, COMBO, DAMAGE, DISCARD, RETRO = Phase.PLAY, Phase.COMBO, Phase.DAMAGE, Phase.DISCARD, Phase.RETRO
BREATH, TAG_OUT, REVEAL = Phase.BREATH, Phase.TAG, EventKind.REVEAL

#: How a card type fares against the opponent's card types (``FighterHeuristic._circle``):
#: a number shared by the card types that fare alike, the types it beats, those it ties
#: with (and their Opening Damage) and those that beat it, in type order.
Circle = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]]


class FighterHeuristic(Agent):
    """The Combo Fighter heuristic (see the module docstring)."""

    name = "combo-fighter.heuristic"
    wants_events = True

    def __init__(self, game: ComboFighter, temperature: float = TEMPERATURE) -> None:
        if temperature <= 0:
            raise ValueError("temperature must be > 0")
        self.game = game
        self.temperature = float(temperature)
        self.fighters: list[Fighter] = [fighters()[i] for i in game.options["fighters"]]
        self.worth = [_card_worth(f) for f in self.fighters]
        # Stateless, so made once rather than at every question (decisions ask several).
        self.powers: list[Power] = [power_of(f) for f in self.fighters]
        # Per card type: its kind, Speed, Priority and Opening Damage (read at every opening).
        self.traits = [[(c.kind, c.speed, c.priority, c.opening) for c in f.cards] for f in self.fighters]
        self.kinds = [[c.kind for c in f.cards] for f in self.fighters]
        self.seat = 0
        self.habits: list[list[float]] = []
        # Kept from game to game: the fighters, and so the plans, stay the same.
        self._best_cache: dict[tuple[Any, ...], Scored] = {}
        # What a plan walk reads, by the context it is read from (a handful per fighter).
        self._walkers: dict[tuple[Any, ...], Walker] = {}
        # How each card fares against each of the opponent's (``_circle``): a few per pair of seats.
        self._circles: dict[tuple[int, int, int, int, bool], list[Circle]] = {}
        self.reset(0)

    def reset(self, seat: int) -> None:
        self.seat = seat
        self.habits = [[0.0, 0.0, 0.0] for _ in self.fighters]
        self._plan: Plan | None = None
        self._piles: dict[int, tuple[list[str], list[int]]] = {}

    def observe(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == REVEAL:
                for s, code in zip(e.data["seats"], e.data["cards"], strict=True):
                    f = self.fighters[s]
                    self.habits[s][f.cards[f.index[code]].kind] += 1.0

    # -- decisions ----------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == PLAY:
            return self._opening(view, legal, rng)
        if phase == COMBO:
            return self._combo(view, legal)
        if phase == DAMAGE:
            return self._take(view, legal)
        if phase == DISCARD:
            return self._discard(view, legal)
        if phase == RETRO:
            return self._retro(view)
        if phase == BREATH:
            return self._breath(view, legal)
        if phase == TAG_OUT:
            return self._tag_out(view)
        return rng.choice(legal)  # pick: either fighter may start

    def _opening(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        me = view["seat"]
        foe = _opponent(view, me)
        f, g = self.fighters[me], self.fighters[foe]
        mine, theirs = view["fighters"][me], view["fighters"][foe]
        hand = [f.index[c] for c in view["hand"]]
        ordered = tuple(sorted(hand))
        foe_pool = self._unseen(foe, theirs)
        weights = self._their_kinds(view, foe, foe_pool)
        my_power, their_power = self.powers[me], self.powers[foe]
        my_side, their_side = "AB".index(mine["side"]), "AB".index(theirs["side"])
        my_retro = my_power.retro(my_side) if mine["deck"] else None
        their_retro = their_power.retro(their_side)
        their_ko = knockout_damage(theirs["hand_size"], theirs["deck"], theirs["staggering"])
        my_ko = knockout_damage(mine["hand_size"] - 1, mine["deck"], mine["staggering"])
        hit = _expected_hit(g, foe_pool, theirs)
        loss = KNOCKOUT if mine["staggering"] or hit >= my_ko else hit  # what losing the round costs
        # What each card type the opponent may play weighs (0.0 for none: adding it changes nothing).
        kinds = self.kinds[foe]
        weighs = [weights[kinds[u]] * count for u, count in enumerate(foe_pool)]
        circle = self._circle(me, foe, my_side, their_side, my_retro, their_retro)
        context = self._plan_context(view, me)
        remembered = self._best_cache
        traits, worth = self.traits[me], self.worth[me]
        staggering = mine["staggering"]
        # Cards of one kind, Speed and Priority fare alike against every card: summed once.
        fares: dict[int, tuple[float, float, float, float]] = {}
        scores = []
        for action in legal:
            t = f.index[action.text]
            opening = traits[t][3]
            alike, beaten, tied, beating = circle[t]
            fare = fares.get(alike)
            if fare is None:
                # ``_fare`` against the opponent's cards, their weights added in the same order.
                win = tie = lose = tie_taken = 0.0
                for u in beaten:
                    win += weighs[u]
                for u, their_opening in tied:
                    w = weighs[u]
                    tie += w
                    tie_taken += w * their_opening
                for u in beating:
                    lose += weighs[u]
                fare = fares[alike] = (win, tie, lose, tie_taken)
            win, tie, lose, tie_taken = fare
            total = win + tie + lose or 1.0
            if win:
                i = ordered.index(t)
                rest = ordered[:i] + ordered[i + 1 :]
                # (``_plans``' memory read here first: most openings ask it again)
                plans = remembered.get((t, rest, (), (), context))
                if plans is None:
                    plans = self._plans(view, me, t, rest, context=context)
                value_win = plans[1] if their_ko > plans[0] else best_score(plans, their_ko)
            else:
                value_win = 0.0
            took = tie_taken / tie if tie else 0.0
            value_tie = (KNOCKOUT if opening >= their_ko else opening) - (
                KNOCKOUT if staggering or took >= my_ko else took
            )
            score = (win * value_win + tie * value_tie - lose * loss) / total - 0.15 * worth[t]
            scores.append(score)
        top = max(scores)
        weights_out = [math.exp((s - top) / self.temperature) for s in scores]
        return rng.choices(legal, weights_out)[0]

    def _unseen(self, s: int, fv: dict[str, Any], hand: list[int] | None = None) -> list[int]:
        """Counts per card type of the cards of seat ``s``'s fighter not in sight (``fv``: its
        part of the view): its deck (and hand, if unknown). A discard pile mostly grows from
        one question to the next, so the counts without it are remembered per seat, with the
        pile they were taken from, and only the cards added since are counted again."""
        f = self.fighters[s]
        index = f.index
        pile = fv["discard"]
        last = self._piles.get(s)
        if last is not None and last[0] == pile[: len(last[0])]:
            counts = last[1][:]
            added = pile[len(last[0]) :]
        else:
            counts = _copies(f)
            added = pile
        if added:
            for code in added:
                counts[index[code]] -= 1
            self._piles[s] = (pile[:], counts[:])  # (copies: the view and the answer may change)
        for zone in ("aside", "play"):
            for code in fv[zone]:
                counts[index[code]] -= 1
        for t in hand or ():
            counts[t] -= 1
        return counts if min(counts) >= 0 else [c if c > 0 else 0 for c in counts]

    def _circle(
        self, me: int, foe: int, my_side: int, their_side: int, my_retro: Retro | None, their_retro: Retro | None
    ) -> list[Circle]:
        """Per card type of seat ``me``: how it fares against each card type of seat ``foe``
        (:func:`_fare` against one card), with these Token sides and retroactive powers. That
        changes only with a side or an emptied deck: worked out once for each."""
        key = (me, foe, my_side, their_side, my_retro is not None)
        found = self._circles.get(key)
        if found is not None:
            return found
        my_speed, their_speed = self.powers[me].speeds[my_side], self.powers[foe].speeds[their_side]
        theirs = [
            (kind, speed + their_speed if kind == ATTACK else 0, priority, 1.0, opening)
            for kind, speed, priority, opening in self.traits[foe]
        ]
        alike: dict[tuple[int, int, bool], int] = {}
        found = []
        for kind, speed, priority, _ in self.traits[me]:
            sa = speed + my_speed if kind == ATTACK else 0
            fares = [_fare(kind, sa, priority, [card], my_retro, their_retro) for card in theirs]
            beaten = tuple(u for u, (win, _, _, _) in enumerate(fares) if win)
            tied = tuple((u, theirs[u][4]) for u, (_, tie, _, _) in enumerate(fares) if tie)
            beating = tuple(u for u, (_, _, lose, _) in enumerate(fares) if lose)
            found.append((alike.setdefault((kind, sa, priority), len(alike)), beaten, tied, beating))
        self._circles[key] = found
        return found

    def _their_kinds(self, view: dict[str, Any], foe: int, pool: list[int]) -> list[float]:
        """How likely the opponent is to play each kind: its habits blended with its cards."""
        have = [0.0, 0.0, 0.0]
        for kind, count in zip(self.kinds[foe], pool, strict=True):
            have[kind] += count
        size = sum(have) or 1.0
        if view["mode"] == "solo" and foe == 1:
            return [1.0 / size] * 3  # the solo AI plays the top card of its deck
        habits = self.habits[foe]
        seen = sum(habits)
        out = []
        for k in range(3):
            if not have[k]:
                out.append(0.0)
                continue
            p = (habits[k] + PRIOR * have[k] / size) / (seen + PRIOR)
            out.append(p / have[k])
        return out

    def _best(
        self,
        view: dict[str, Any],
        me: int,
        first: int,
        rest: list[int],
        their_ko: int,
        played: tuple[int, ...] = (),
        marks: tuple[int, ...] = (),
    ) -> tuple[Plan, float]:
        """The best-scored plan (the first found among equals) and its score."""
        return pick(self._plans(view, me, first, rest, played, marks), their_ko, self.fighters[me])

    def _plans(
        self,
        view: dict[str, Any],
        me: int,
        first: int,
        rest: Sequence[int],
        played: tuple[int, ...] = (),
        marks: tuple[int, ...] = (),
        context: tuple[Any, ...] | None = None,
    ) -> Scored:
        """The plans :meth:`_best` picks from, scored both ways (knocking out or not). Hands
        recur from one decision to the next (an opening weighs each card of the same hand,
        and a hand often outlasts a round), so they are remembered by everything they depend
        on but the knock-out damage. ``rest``: the other cards, in any order, or as a sorted
        tuple. ``context``: :meth:`_plan_context` of this view and seat, when the caller has
        it already."""
        if context is None:
            context = self._plan_context(view, me)
        # The plans are walked in this order (the first of equal plans wins), so the key and
        # the walk use the same one: the answer depends on nothing the key leaves out (a view's
        # hand is in card order already).
        pool = rest if rest.__class__ is tuple else tuple(sorted(rest))  # a tuple: sorted already
        if played and not marks and len(played) == 1 and played[0] == first:
            played = ()  # the same walk as an opening's with ``first``: share it
        key = (first, pool, played, marks, context)
        found = self._best_cache.get(key)
        if found is None:
            if len(self._best_cache) >= BEST_CACHE:
                self._best_cache.clear()
                self._walkers.clear()
            w = self._walkers.get(context)
            if w is None:
                _, _, side, x, _, _ = context
                sc = self._plan_score(view, me)
                w = self._walkers[context] = walker(self.fighters[me], self.powers[me].combo_aside(side), x, side, sc)
            found = self._best_cache[key] = walk_plans(w, first, pool, context[1], played, marks)
        return found

    def _plan_context(self, view: dict[str, Any], me: int) -> tuple[Any, ...]:
        """What a seat's plans depend on in a view besides their cards: the seat, the cards
        beside the Power Token (where they may join a combo), its side, X, the cards set
        aside and those played (as the score counts them)."""
        f = self.fighters[me]
        mine = view["fighters"][me]
        aside = tuple(f.index[c] for c in mine["aside"]) if self.powers[me].token.aside_play else ()
        return (me, aside, "AB".index(mine["side"]), mine["x"], len(mine["set_aside"]), len(mine["play"]) or 1)

    def _plan_score(self, view: dict[str, Any], me: int) -> PlanScore:
        """What :meth:`_plan_scorer`'s score reads, for :func:`.plan_search.walker`."""
        mine = view["fighters"][me]
        side = "AB".index(mine["side"])
        return PlanScore(
            len(mine["set_aside"]),
            bool(self.powers[me].sides[side].x_per_aside),
            len(mine["play"]) or 1,
            self.worth[me],
            KNOCKOUT,
            ASIDE_VALUE,
            CARD_COST,
        )

    def _plan_scorer(self, view: dict[str, Any], me: int, their_ko: int) -> Callable[[Plan], float]:
        """What a plan is worth in this view: its damage (a knock-out above all), the cards set
        aside while X grows, less the cards of life it spends and their keep-value."""
        f = self.fighters[me]
        mine = view["fighters"][me]
        power = power_of(f)
        side = "AB".index(mine["side"])
        aside_before = len(mine["set_aside"])
        grows = bool(power.sides[side].x_per_aside)
        played_before = len(mine["play"]) or 1
        worth = self.worth[me]

        def score(plan: Plan) -> float:
            if plan.damage >= their_ko:
                return KNOCKOUT - 0.01 * len(plan.cards)
            set_aside = plan.how.count(SET_ASIDE) - aside_before
            bonus = 0.0
            if set_aside and grows:
                bonus = ASIDE_VALUE * set_aside
            extra = len(plan.cards) - played_before
            kept = sum(worth[t] for t in plan.cards[played_before:]) * 0.1
            return plan.damage + bonus - CARD_COST * extra - kept

        return score

    def _combo(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        f = self.fighters[me]
        mine = view["fighters"][me]
        foe = _opponent(view, me)
        theirs = view["fighters"][foe]
        their_ko = knockout_damage(theirs["hand_size"], theirs["deck"], theirs["staggering"])
        played = tuple([f.index[c] for c in mine["play"]])
        hand = [f.index[c] for c in view["hand"]]
        best, _ = self._best(view, me, played[0], hand, their_ko, played, tuple(mine["set_aside"]))
        if len(best.cards) == len(played):
            return CALL if best.signature >= 0 and CALL in legal else END
        t = best.cards[len(played)]
        how = best.how[len(played)]
        action = (self.game.aside_acts if how == SET_ASIDE else self.game.acts)[me][t]
        return action if action in legal else END

    def _take(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        f = self.fighters[me]
        mine = view["fighters"][me]
        hand = [f.index[c] for c in view["hand"]]
        if not hand:
            return REST if REST in legal else DECK
        worth = self.worth[me]
        least = min(hand, key=worth.__getitem__)
        worst = self.game.acts[me][least]
        pool = self._unseen(me, mine, hand)
        average = sum(map(mul, worth, pool)) / max(sum(pool), 1)
        if worth[least] < average - 0.5 or DECK not in legal:
            return worst
        # Once hand and deck hold no more than a refill, the refill draws the deck's last
        # card anyway: keep the better cards in hand then; otherwise keep the deck.
        refill_staggers = mine["hand_size"] + mine["deck"] - mine["damage"] <= HAND_SIZE
        risks = mine["risks"]
        if REST in legal and (refill_staggers or "rest" not in risks):
            return REST
        if refill_staggers or "deck" not in risks:
            return DECK
        return worst

    def _discard(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        f = self.fighters[me]
        mine = view["fighters"][me]
        hand = [f.index[c] for c in view["hand"]]
        worth = self.worth[me]
        pool = self._unseen(me, mine, hand)
        average = sum(map(mul, worth, pool)) / max(sum(pool), 1)
        worst = min(hand, key=worth.__getitem__)
        long_deck = mine["deck"] >= 18
        if (long_deck or mine["staggering"]) and worth[worst] < average - 1.0:
            return self.game.acts[me][worst]
        return DONE

    def _retro(self, view: dict[str, Any]) -> Action:
        """Use the retroactive power when the added Speed wins (or saves) the round."""
        me = view["seat"]
        foe = _opponent(view, me)
        f, g = self.fighters[me], self.fighters[foe]
        mine, theirs = view["fighters"][me], view["fighters"][foe]
        retro = self.powers[me].retro("AB".index(mine["side"]))
        if retro is None:
            return PASS
        mine_t, their_t = f.index[mine["play"][0]], g.index[theirs["play"][0]]
        sa = f.cards[mine_t].speed + self.powers[me].speeds["AB".index(mine["side"])] + mine["speed_bonus"]
        sb = g.cards[their_t].speed + self.powers[foe].speeds["AB".index(theirs["side"])] + theirs["speed_bonus"]
        now = 0 if sa > sb else (1 if sa < sb else -1)
        then = 0 if sa + retro.speed > sb else (1 if sa + retro.speed < sb else -1)
        improves = (now, then) in ((1, 0), (1, -1), (-1, 0))
        return POWER if improves else PASS

    def _breath(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        f = self.fighters[me]
        worth = self.worth[me]
        cards = [a for a in legal if a != PASS]
        return max(cards, key=lambda a: worth[f.index[str(a)]])

    def _tag_out(self, view: dict[str, Any]) -> Action:
        me = view["seat"]
        mate = next(s for s in range(view["players"]) if s != me and s % 2 == me % 2)
        mine, theirs = view["fighters"][me], view["fighters"][mate]
        life = mine["hand_size"] + mine["deck"] - (40 if mine["staggering"] else 0)
        partner = theirs["hand_size"] + theirs["deck"] - (40 if theirs["staggering"] else 0)
        return TAG if partner > life + 6 else STAY


# -- helpers ----------------------------------------------------------------------------


def _fare(
    kind: int,
    sa: int,
    prio: bool,
    foes: list[tuple[int, int, bool, float, int]],
    my_retro: Retro | None,
    their_retro: Retro | None,
) -> tuple[float, float, float, float]:
    """How a card (``kind``, Speed ``sa`` with bonuses, ``prio``) fares against the cards the
    opponent may play (``foes``: kind, Speed, Priority, weight, Opening Damage): the weight
    it beats, ties and loses to, and the Opening Damage weighed over the ties. The Win
    Circle (:func:`.rules.win_circle`) is written out here, without the reason it gives:
    it is asked for every pair of cards."""
    win = tie = lose = 0.0
    tie_taken = 0.0
    beats = BEATS[kind]
    for other_kind, sb, other_prio, w, other_opening in foes:
        if kind != other_kind:
            result = 0 if beats == other_kind else 1
        elif kind == ATTACK:
            result = -1 if sa == sb else (0 if sa > sb else 1)
            if result != 0 and my_retro is not None and sa + my_retro.speed > sb:
                result = 0
            elif result == 0 and their_retro is not None and sb + their_retro.speed > sa:
                result = 1
        elif prio != other_prio:
            result = 0 if prio else 1
        else:
            result = -1
        if result == 0:
            win += w
        elif result == 1:
            lose += w
        else:
            tie += w
            tie_taken += w * other_opening
    return win, tie, lose, tie_taken


def _opponent(view: dict[str, Any], me: int) -> int:
    a, b = view["ring"]
    return b if me == a else a


#: Per fighter (by id): the fighter, and the copies of each card type in its deck.
_COPIES: dict[str, tuple[Fighter, list[int]]] = {}


def _copies(f: Fighter) -> list[int]:
    """A new list of the copies of each card type of ``f`` (their counts, kept per fighter)."""
    found = _COPIES.get(f.id)
    if found is None or found[0] is not f:
        found = _COPIES[f.id] = (f, [c.copies for c in f.cards])
    return found[1][:]


def _expected_hit(g: Fighter, pool: list[int], fv: dict[str, Any]) -> float:
    """Roughly what the opponent deals when it wins a round: an Opening Damage and a short combo."""
    total = sum(pool) or 1
    x = fv["x"]
    openings, combo_x, combo_base = _damages(g)
    # Whole numbers: summed in any order, the same totals.
    opening = sum(map(mul, openings, pool)) / total
    combo = sum(map(mul, combo_x, pool)) * x + sum(map(mul, combo_base, pool))
    combo /= total
    return opening + 1.5 * combo + 1.0


#: Per fighter (by id): the fighter, and its cards' Opening Damage, Combo Damage per X and base.
_DAMAGES: dict[str, tuple[Fighter, tuple[list[int], list[int], list[int]]]] = {}


def _damages(f: Fighter) -> tuple[list[int], list[int], list[int]]:
    found = _DAMAGES.get(f.id)
    if found is None or found[0] is not f:
        cards = f.cards
        damages = ([c.opening for c in cards], [c.combo.x for c in cards], [c.combo.base for c in cards])
        found = _DAMAGES[f.id] = (f, damages)
    return found[1]


def _card_worth(f: Fighter) -> list[float]:
    """A static keep-value per card type: what it deals, how it wins and how it chains."""
    members: dict[int, int] = {}
    for sig in f.signatures:
        for t in set(sig.basic.cards):
            members[t] = members.get(t, 0) + 1
    out = []
    for t, c in enumerate(f.cards):
        wins = c.speed / 3 if c.kind == ATTACK else (1.5 if c.priority else 0.5)
        chain = 0.4 * len(c.box_buttons)
        dmg = c.opening * 0.6 + (c.combo.base + 2 * c.combo.x) * 0.6
        out.append(dmg + wins + chain + 0.5 * members.get(t, 0))
    return out


__all__ = ["FighterHeuristic"]
