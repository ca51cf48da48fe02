"""Power Tokens and the solo AI's additional rules, interpreted from the fighter files.

Rulebook, "Power tokens": side A faces up at setup; only the side facing up is
active unless the token says otherwise; some effects set cards aside; some are
retroactive and are offered before the opponent plays on. Vocabulary (see
``docs/rules/combo-fighter.md``):

- ``x``: the value of X (a number, or ``base`` + ``per_aside`` x cards set aside);
- ``speed``: Speed added to every attack card of the fighter;
- ``hand``: the hand limit refilled to at the end of a round;
- ``flip``: when the token turns over, at the end of a round (``win``,
  ``win:<kind>``, ``lose``, ``played:<code>``, ``aside:<count>``);
- ``retro``: after the reveal, an attack that lost or tied against an attack may
  gain ``speed`` for ``cost`` cards from the top of the deck;
- ``combo_aside``: card types that may be played in a combo to be set aside
  instead of dealing damage;
- token-wide ``start_aside`` (cards set aside at the start of each fight) and
  ``aside_play`` (set-aside cards may be brought into a combo).

Solo mode: "Play according to the normal rules, except that..." and "the
individual AI fighters use a few *additional* rules": the AI keeps its token's
rules, and its ``[solo]`` rules (``content.Solo``) are added to them.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from .content import Fighter, Retro
from .rules import FROM_ASIDE, SET_ASIDE, Plan, best_plan

if TYPE_CHECKING:
    from .content import TokenSide


class RoundInfo(NamedTuple):
    """What a fighter did in the round just ended, for end-of-round effects."""

    won: bool
    lost: bool
    opening_kind: int
    played: tuple[int, ...]
    aside: int  # cards lying set aside after the round
    asided: int  # cards set aside during this round
    drawn: tuple[int, ...]  # cards the solo AI drew this round


class SoloContext(NamedTuple):
    """What the solo AI knows when it picks its combo."""

    knockout: int  # damage that would knock the opponent out
    drawn: tuple[int, ...]
    aside: int  # cards already set aside


class Power:
    """A fighter's Power Token (and solo rules) read from its file. Stateless: the
    state keeps the side facing up and the set-aside cards."""

    def __init__(self, fighter: Fighter) -> None:
        self.fighter = fighter
        self.token = fighter.token
        self.solo = fighter.solo
        self.sides: tuple[TokenSide, TokenSide] = fighter.token.sides
        self.hand_limits = (self.sides[0].hand, self.sides[1].hand)
        self.speeds = (self.sides[0].speed, self.sides[1].speed)

    # -- the token ---------------------------------------------------------------

    def x(self, side: int, aside: int) -> int:
        """The value of X with ``aside`` cards set aside."""
        s = self.sides[side]
        return s.x_base + s.x_per_aside * aside

    def retro(self, side: int) -> Retro | None:
        return self.sides[side].retro

    def combo_aside(self, side: int) -> frozenset[int]:
        return self.sides[side].combo_aside

    def start_aside(self, solo: bool, first_fight: bool) -> tuple[int, ...]:
        """Cards set aside at the start of a fight: the token's, and as the solo AI at the start
        of the game (its first fight) its solo rule's ("Junior begins the game with 2 Needle
        already set aside", where Grace "begins a fight" with hers, from her token)."""
        if solo and first_fight:
            return (*self.token.start_aside, *self.solo.start_aside)
        return self.token.start_aside

    def flips(self, side: int, info: RoundInfo) -> bool:
        """Whether the side facing up turns over at the end of this round."""
        flip = self.sides[side].flip
        if flip is None:
            return False
        if flip.what == "win":
            return info.won and (flip.kind < 0 or flip.kind == info.opening_kind)
        if flip.what == "lose":
            return info.lost
        if flip.what == "played":
            return flip.arg in info.played
        return info.aside >= flip.arg  # "aside"

    # -- solo mode (rulebook: "Solo mode") ---------------------------------------------

    def solo_draws(self, side: int) -> int:
        """Cards the AI draws when it wins a round (4; Lucia's solo rule: 5 on side B)."""
        return self.solo.draws[side]

    def solo_flips(self, side: int, info: RoundInfo) -> bool:
        """The token's own flip rule, or the solo rule that turns it to side B."""
        if self.flips(side, info):
            return True
        rule = self.solo.flip
        if rule is None or side != 0:
            return False
        if rule.what == "drawn":
            cards = self.fighter.cards
            return info.won and sum(cards[t].kind == rule.kind for t in info.drawn) >= rule.at_least
        return info.asided >= rule.at_least  # "asided"

    def solo_choose(self, candidates: list[Plan], ctx: SoloContext) -> Plan:
        """Taking the AI's perspective: the combo that deals the most damage, within its solo rules."""
        solo = self.solo
        if solo.aside_knockout:
            # Grace: a set-aside card joins a combo only if that wins the fight outright.
            kept = []
            for p in candidates:
                if FROM_ASIDE in p.how:
                    unplayed = len(ctx.drawn) - sum(1 for h in p.how[1:] if h != FROM_ASIDE)
                    if p.damage + unplayed < ctx.knockout:
                        continue
                kept.append(p)
            candidates = kept
        if ctx.aside < solo.prefer_aside:
            # Junior: setting one more card aside comes before damage.
            setting = [p for p in candidates if SET_ASIDE in p.how]
            if setting:
                return best_plan(setting)
        return best_plan(candidates)


@cache
def power_of(fighter: Fighter) -> Power:
    return Power(fighter)


__all__ = ["Power", "RoundInfo", "SoloContext", "power_of"]
