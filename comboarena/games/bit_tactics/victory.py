"""How a battle and the game end: a side routed, a map's objective (reach a square,
survive some rounds), or the round limit (option ``rounds``: judged by the share
of HP left, or called a draw: option ``at_limit``). Against monsters a battle's
end awards XP and AP (rulebook "Rewards"); in a campaign a battle won leads to
the camp before the next one, and any other end ends the campaign.

Changes the state's ``phase``, ``winner``, ``reason``, ``rewards``, ``roster``
(:func:`.rewards.carry_over`), ``battle_index``, ``camp_seat``, and at camp
clears ``units``, ``features``, ``queue``, ``initiative`` and ``legal``.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from comboarena.core import Event

from .battle import Battle
from .rewards import award, carry_over
from .view import BATTLE, CAMP, DRAW, EV_END, EV_REWARDS, EV_VICTORY, OVER, Termination

if TYPE_CHECKING:
    from .state import TacticsState


def check_battle_end(s: TacticsState, events: list[Event]) -> bool:
    """Whether the battle is over now (a side has no unit standing, or side 1 reached its square)."""
    if s.phase is not BATTLE:
        return True
    b: Battle = s.units  # type: ignore[assignment]
    standing = set(compress(b.sides, b.hp))  # HP is never below 0
    if len(standing) < 2:  # a side has none standing
        alive0 = 0 in standing
        finish_battle(s, 0 if alive0 else 1 if 1 in standing else DRAW, Termination.ROUT, events)
        return True
    m = b.board.map
    if m.objective == "reach":
        v = b.unit_at(m.objective_arg)
        if v >= 0 and b.sheets[v].side == 0:
            finish_battle(s, 0, Termination.REACHED.format(square=b.board.name(m.objective_arg)), events)
            return True
    return False


def round_end(s: TacticsState, round_no: int, events: list[Event]) -> bool:
    """The end of a round: a survive objective met, or the rounds run out."""
    b = s.units
    assert b is not None
    m = b.board.map
    if m.objective == "survive" and round_no >= m.objective_arg:
        finish_battle(s, 0, Termination.SURVIVED.format(rounds=m.objective_arg), events)
        return True
    if round_no >= s.game.rounds:
        if not s.game.judge:
            finish_battle(s, DRAW, Termination.CALLED_DRAW.format(rounds=round_no), events)
            return True
        share = [hp_share(b, 0), hp_share(b, 1)]
        a = share[0][0] * share[1][1]
        c = share[1][0] * share[0][1]
        winner = 0 if a > c else 1 if c > a else DRAW
        finish_battle(s, winner, Termination.JUDGED.format(rounds=round_no), events)
        return True
    return False


def hp_share(b: Battle, side: int) -> tuple[int, int]:
    """The HP ``side``'s units have left, and their most."""
    # Whose the units are and their most HP follow from the sheets: kept in the battle's
    # memo (a search's rollouts each end here).
    key = ("hp_share", side)
    got: tuple[list[bool], int] | None = b.memo.get(key)  # type: ignore[assignment]
    if got is None:
        mine = [s.side == side for s in b.sheets]
        got = b.memo[key] = (mine, sum(b.hp_max(u) for u in compress(b.units, mine)))
    return sum(compress(b.hp, got[0])), got[1]


def finish_battle(s: TacticsState, winner: int, why: str, events: list[Event]) -> None:
    """The battle is over: ``winner`` (a side, or DRAW) and how."""
    b = s.units
    assert b is not None
    events.append(Event(EV_VICTORY, None, {"side": winner, "why": why}))
    game = s.game
    rewards = None
    if game.mode != "versus":
        defeated = [b.sheets[u].level for u in b.units if b.sheets[u].side == 1 and b.hp[u] <= 0]
        pcs = sum(1 for u in b.units if b.sheets[u].side == 0)
        enemies = sum(1 for u in b.units if b.sheets[u].side == 1)
        each = award(defeated, pcs, enemies)
        rewards = {
            "award": each,
            "base": award(defeated, 1, 1),
            "enemies": enemies,
            "pcs": pcs,
            "defeated": len(defeated),
        }
        events.append(Event(EV_REWARDS, None, rewards))
    s.rewards = rewards
    campaign = game.campaign
    if campaign is not None and winner == 0 and rewards is not None:
        s.roster = carry_over(s.roster, b, rewards["award"], game.xp_table, events)
        if s.battle_index + 1 < len(campaign.battles):
            s.phase = CAMP
            s.battle_index += 1
            s.camp_seat = 0
            s.queue = None
            s.units = None
            s.features = ()
            s.initiative = None
            s.legal = None
            return
        why = Termination.CAMPAIGN_WON
    elif campaign is not None:
        why = Termination.CAMPAIGN_LOST.format(why=why)
        winner = 1  # a battle not won (lost, or drawn at the round limit) ends the campaign
    s.winner = winner
    s.reason = str(why)
    s.phase = OVER
    s.legal = None
    events.append(Event(EV_END, None, s.result().to_dict()))


__all__ = ["check_battle_end", "finish_battle", "hp_share", "round_end"]
