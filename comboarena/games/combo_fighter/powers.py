"""Power Tokens: the declarative vocabulary of the fighter files, and one Python hook
per fighter for what does not read naturally as data (the solo-mode rules).

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
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from .content import DEFENSE, Fighter, Retro
from .rules import SET_ASIDE, Plan, best_plan

if TYPE_CHECKING:
    from .content import TokenSide

#: Cards the solo AI draws when it wins a round (rulebook: "draw 4 cards").
SOLO_DRAWS = 4


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
    """A fighter's Power Token read from its file. Stateless; the state keeps the side
    facing up and the set-aside cards."""

    def __init__(self, fighter: Fighter) -> None:
        self.fighter = fighter
        self.token = fighter.token
        self.sides: tuple[TokenSide, TokenSide] = fighter.token.sides
        self.hand_limits = (self.sides[0].hand, self.sides[1].hand)
        self.speeds = (self.sides[0].speed, self.sides[1].speed)

    # -- the declarative vocabulary ----------------------------------------------------

    def x(self, side: int, aside: int) -> int:
        """The value of X with ``aside`` cards set aside."""
        s = self.sides[side]
        return s.x_base + s.x_per_aside * aside

    def retro(self, side: int) -> Retro | None:
        return self.sides[side].retro

    def combo_aside(self, side: int) -> frozenset[int]:
        return self.sides[side].combo_aside

    def start_aside(self, solo: bool) -> tuple[int, ...]:
        """Cards set aside at the start of a fight."""
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

    # -- solo mode (rulebook: "Solo mode"); hooks override ----------------------------

    def solo_draws(self, side: int) -> int:
        return SOLO_DRAWS

    def solo_choose(self, candidates: list[Plan], ctx: SoloContext) -> Plan:
        """Taking the AI's perspective: the combo that deals the most damage."""
        return best_plan(candidates)

    def solo_flips(self, side: int, info: RoundInfo) -> bool:
        return self.flips(side, info)


class BorisPower(Power):
    """Solo: if Boris wins a round and draws at least 2 blue cards, he plays as normal,
    then flips to side B at the end of the round (this replaces his flip rule)."""

    def solo_flips(self, side: int, info: RoundInfo) -> bool:
        cards = self.fighter.cards
        return side == 0 and info.won and sum(cards[t].kind == DEFENSE for t in info.drawn) >= 2


class GracePower(Power):
    """Solo: Grace begins a fight with Phoenix Strike set aside (her token) and brings it
    into a combo only if that combo wins the fight outright."""

    def solo_choose(self, candidates: list[Plan], ctx: SoloContext) -> Plan:
        allowed = []
        for p in candidates:
            if any(h == 1 for h in p.how):  # uses the set-aside Phoenix Strike
                unplayed = len(ctx.drawn) - sum(1 for h in p.how[1:] if h != 1)
                if p.damage + unplayed < ctx.knockout:
                    continue
            allowed.append(p)
        return best_plan(allowed)


class JuniorPower(Power):
    """Solo: Junior begins each fight with 2 Needles set aside and prefers setting aside a
    third over dealing damage; he flips at the end of a round in which he set one aside."""

    def start_aside(self, solo: bool) -> tuple[int, ...]:
        if not solo:
            return self.token.start_aside
        needle = next(t for t, c in enumerate(self.fighter.cards) if "needle" in c.tags)
        return (*self.token.start_aside, needle, needle)

    def solo_choose(self, candidates: list[Plan], ctx: SoloContext) -> Plan:
        if ctx.aside < 3:
            setting = [p for p in candidates if SET_ASIDE in p.how]
            if setting:
                return best_plan(setting)
        return best_plan(candidates)

    def solo_flips(self, side: int, info: RoundInfo) -> bool:
        return side == 0 and info.asided >= 1


class LuciaPower(Power):
    """Solo: with her token on side B, Lucia draws 5 cards instead of 4 when she wins a round."""

    def solo_draws(self, side: int) -> int:
        return SOLO_DRAWS + (side == 1)


#: Hook names a fighter file may give in ``power.hook``.
HOOKS: dict[str, type[Power]] = {
    "": Power,
    "boris": BorisPower,
    "grace": GracePower,
    "junior": JuniorPower,
    "lucia": LuciaPower,
}


@cache
def power_of(fighter: Fighter) -> Power:
    return HOOKS[fighter.token.hook](fighter)
