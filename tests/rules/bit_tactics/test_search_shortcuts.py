"""The shortcuts a search's rollouts take give what the plain reading gives, over
many random positions: the choices after a move worked out only when asked for,
a determinization's choices worked out once per view, the HP shares by the sides
kept in the memo, a round's initiative, and why a Fight cannot reach a foe."""

from __future__ import annotations

import random
from typing import cast

from comboarena.core import Chance, Event
from comboarena.games.bit_tactics import actions as A
from comboarena.games.bit_tactics.battle import Battle
from comboarena.games.bit_tactics.initiative import initiative, phase_of
from comboarena.games.bit_tactics.state import TacticsState
from comboarena.games.bit_tactics.statuses import AGILITY, SPD_UP
from comboarena.games.bit_tactics.targeting import fight_problem, weapon_problem
from comboarena.games.bit_tactics.turn import legal_steps
from comboarena.games.bit_tactics.victory import hp_share

from .test_engine_shortcuts import positions, random_steps


def test_after_a_move_the_turn_goes_on_with_the_plain_choices() -> None:
    moves = 0
    for state, seat, _, action, unit in random_steps(3):
        b = state.battle
        if action.__class__ is not A.Move or state.is_over or b is None or b.hp[unit] <= 0:
            continue
        # A move leaves the free turn, so the same unit acts on (nothing ends its turn).
        assert state.current == unit and state.to_act == (seat,)
        got = state.legal_actions(seat)
        assert got == legal_steps(cast(TacticsState, state.clone()))
        assert sum(1 for a in got if a.__class__ is A.Face) == 3
        moves += 1
    assert moves > 200


def test_a_determinization_has_the_choices_of_the_state_it_shows() -> None:
    checked = 0
    rng = random.Random(5)
    for state, seat, legal in positions(1):
        game = state.game
        view = state.view(seat)
        for _ in range(2):  # the first sample reads the view, the second is a clone of it
            sample = game.determinize(view, seat, rng)
            assert sample.legal_actions(seat) == legal
            fresh = sample.clone()
            fresh.legal = None
            assert fresh.legal_actions(seat) == legal
        checked += 1
    assert checked > 1000


def test_the_hp_shares_are_the_plain_sums() -> None:
    checked = 0
    for state, _, _ in positions(1):
        b = state.battle
        if b is None:
            continue
        for side in (0, 1):
            units = [u for u in b.units if b.sheets[u].side == side]
            assert hp_share(b, side) == (sum(b.hp[u] for u in units), sum(b.hp_max(u) for u in units))
        checked += 1
    assert checked > 1000


def _plain_initiative(b: Battle, round_no: int) -> tuple[tuple[int, ...], dict[str, object]]:
    """A round's order and its event's data as the rulebook reads (one unit at a time)."""
    units = [u for u in b.units if b.hp[u] > 0]
    phase = {u: phase_of(b, u) for u in units}
    rolls: dict[int, list[int]] = {u: [] for u in units}

    def roll(u: int) -> int:
        die = b.sheets[u].skills[AGILITY]
        r = die if b.has(u, SPD_UP) else b.chance.roll(die)
        rolls[u].append(r)
        return r

    order: list[int] = []
    for p in sorted(set(phase.values()), reverse=True):
        group = [u for u in units if phase[u] == p]
        score = {u: roll(u) for u in group}
        for _ in range(10 if len(set(score.values())) < len(group) else 0):
            tied = [u for u in group if list(score.values()).count(score[u]) > 1]
            if not tied or not b.rules.ties_reroll:
                break
            score = {u: score[u] * 100 for u in group}
            for u in tied:
                score[u] += roll(u)
        order += sorted(group, key=lambda u: (-score[u], u))
    data = {
        "round": round_no,
        "order": order,
        "phases": [[u, phase[u]] for u in units],
        "rolls": [[u, rolls[u]] for u in units],
    }
    return tuple(order), data


def test_initiative_is_the_plain_reading() -> None:
    checked = 0
    for state, _, _ in positions(1):
        b = state.battle
        if b is None or state.current < 0:
            continue
        plain = b.clone(Chance(state.current * 1009 + 7))
        fast = b.clone(Chance(state.current * 1009 + 7))
        plain.chance.force(*([3] * (len(b.sheets) // 2)))  # ties, to be rolled again
        fast.chance.force(*([3] * (len(b.sheets) // 2)))
        events: list[Event] = []
        order = initiative(fast, 4, events)
        assert (order, events[-1].data) == _plain_initiative(plain, 4)
        assert fast.chance.draws == plain.chance.draws
        checked += 1
    assert checked > 1000


def test_why_a_fight_cannot_reach_is_the_first_weapon_s_reason() -> None:
    checked = 0
    for state, _, _ in positions(1):
        b, u = state.battle, state.current
        if b is None or u < 0:
            continue
        for v in b.foes_of(u):
            t = b.sq[v]
            problems = [weapon_problem(b, u, w, b.sq[u], t) for w in b.weapons(u)]
            assert fight_problem(b, u, t) == (None if None in problems else problems[0])
            checked += 1
    assert checked > 1000
