"""The engine's shortcuts on the hot path of self-play give what the plain reading
gives, over many random positions: the commands built from the target lists a
:class:`Targets` keeps, the movement search keyed only by what stands where the
search on an empty board looked, a ``face`` that keeps the other choices, and
the end of a battle looked at only after something changed who stands where."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import compress
from typing import cast

import comboarena as ca
from comboarena.core import Action
from comboarena.games.bit_tactics import actions as A
from comboarena.games.bit_tactics import movement as M
from comboarena.games.bit_tactics.battle import LIMIT_READY, Battle
from comboarena.games.bit_tactics.content import MAGICAL, pack
from comboarena.games.bit_tactics.fasttargets import (
    AIM_ANY,
    AIM_SELF,
    AIM_WEAPON,
    ITEM_FALLEN,
    ITEM_NONE,
    ITEM_SELF,
    Targets,
    item_use,
    plan,
    shared_key,
)
from comboarena.games.bit_tactics.features import skill_targets
from comboarena.games.bit_tactics.state import TacticsState
from comboarena.games.bit_tactics.statuses import SKILLS
from comboarena.games.bit_tactics.turn import commands
from comboarena.games.bit_tactics.units import MONSTER
from comboarena.games.bit_tactics.victory import check_battle_end

OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"map": "keep"},
    {"map": "cliffside", "turn": "move-first", "counters": "always"},
    {"map": "marsh", "ties": "keep", "crits": "hit"},
    {"map": "chasm", "jump_across": "level"},
    {"players": 4},
    {"mode": "monsters"},
    {"mode": "campaign"},
)


def random_steps(games: int) -> Iterator[tuple[TacticsState, int, list[Action], Action, int]]:
    """Every step of random games over the option sets, just applied: (state, seat, the
    legal actions it was chosen from, the action, the unit that was acting)."""
    for options in OPTIONS:
        game = ca.make("16-bit-tactics", **options)
        for seed in range(games):
            rng = random.Random(seed)
            state = cast(TacticsState, game.new_state(seed=seed))
            while not state.is_over:
                (seat,) = state.to_act
                legal = state.legal_actions(seat)
                action = rng.choice(legal)
                unit = state.current
                state.apply(seat, action)
                yield state, seat, legal, action, unit


def positions(games: int) -> Iterator[tuple[TacticsState, int, list[Action]]]:
    """Every decision of random games over the option sets: (state, seat, legal actions)."""
    for options in OPTIONS:
        game = ca.make("16-bit-tactics", **options)
        for seed in range(games):
            rng = random.Random(seed)
            state = cast(TacticsState, game.new_state(seed=seed))
            while not state.is_over:
                (seat,) = state.to_act
                legal = state.legal_actions(seat)
                yield state, seat, legal
                state.apply(seat, rng.choice(legal))


def reference_commands(b: Battle, u: int, features: tuple[str, ...]) -> list[Action]:
    """The commands as read with :class:`Targets`' public answers alone (fresh lists)."""
    cmd = b.board.commands
    pl = plan(b, u)
    tg = Targets(b, u)
    fights = tg.fight(pl)
    out: list[Action] = [pl.fight[t] for t in fights]
    mp = b.mp[u]
    for cost, ab, wi, aim, table, _ in pl.jas:
        if cost <= mp:
            if aim == AIM_WEAPON:
                ts = tg.hits_with(pl, wi)[:]
            elif aim == AIM_SELF:
                ts = [tg.a]
            else:
                ts = tg.ability(ab, pl.weapons[wi] if wi >= 0 else None, False, pl.specs[wi] if wi >= 0 else None)
            out += [table[t] for t in ts]
    cast = b.can_cast(u)
    if cast:
        for cost, ab, aim, table, _ in pl.spells:
            if cost <= mp:
                out += [table[t] for t in ([tg.a] if aim == AIM_SELF else tg.ability(ab, None))]
    for item, _ in b.inv[u]:
        use = item_use(b, u, item)
        if use != ITEM_NONE:
            ts = [tg.a] if use == ITEM_SELF else tg.items(use == ITEM_FALLEN)
            out += [cmd("item", item)[t] for t in ts]
    out += [pl.guard[t] for t in tg.guard()]
    if b.limit[u] >= LIMIT_READY:
        sheet = b.sheets[u]
        if sheet.kind == MONSTER:
            ab = pack().abilities[sheet.limit]
            w = pl.weapons[0] if ab.weapon else None
            out += [cmd("limit")[t] for t in tg.ability(ab, w, magic_limit=ab.attack == MAGICAL)]
        else:
            out += [cmd("limit")[t] for t in fights]
            if cast:
                for cost, ab, _, _, _ in pl.spells:
                    if cost <= mp and ab.attack == MAGICAL:
                        out += [cmd("limit", ab.id)[t] for t in tg.ability(ab, None, magic_limit=True)]
    out += [cmd("skill", SKILLS[k])[t] for k, t in skill_targets(b, u, features)]
    return out


def test_commands_are_the_plain_readings() -> None:
    checked = 0
    for state, _, _ in positions(3):
        b, u = state.battle, state.current
        if b is None or u < 0 or not b.can_act(u):
            continue
        got = commands(b, u, state.features)
        assert got == reference_commands(b, u, state.features)
        assert commands(b, u, state.features) == got  # nothing kept was changed by the first
        tg = Targets(b, u)
        pl = plan(b, u)
        for _, ab, wi, aim, _, key in pl.jas:
            assert key == (shared_key(ab) if wi < 0 and aim == AIM_ANY else None)
            if key is not None:
                assert tg.kept(key, ab) == tg.ability(ab, None)
        for _, ab, aim, _, key in pl.spells:
            assert key == (shared_key(ab) if aim == AIM_ANY else None)
            if key is not None:
                assert tg.kept(key, ab) == tg.ability(ab, None)
        checked += 1
    assert checked > 500


def _full_search(b: Battle, u: int) -> M.Search:
    """The search from ``u``'s square with every standing unit, door and boulder in the way."""
    edges, firsts, _, _ = M._tables(b, u)
    n = b.board.size
    start = b.sq[u]
    foe = [side != b.sides[u] for side in b.sides]
    up = [hp > 0 for hp in b.hp]
    closed = set(b.dyn) | set(compress(b.sq, [f and s for f, s in zip(foe, up, strict=True)]))
    closed |= {sq for sq in compress(b.sq, up) if b.board.bits[sq] & b.board.slopes}
    filled = [False] * (n + 1)
    for sq in set(b.dyn) | set(compress(b.sq, up)):
        filled[sq] = True
    limit = b.mov(u) * M.KEY + M.KEY - 1
    return M._run(edges, firsts, start, limit, sorted(closed), filled, n)


def test_the_movement_search_is_the_search_with_everyone_in_the_way() -> None:
    checked = 0
    for state, _, _ in positions(2):
        b, u = state.battle, state.current
        if b is None or u < 0 or not b.can_move(u) or b.mov(u) <= 0 or state.turn.moved:
            continue
        b.reach = None
        found, squares = M._search(b, u, b.mov(u))
        full = _full_search(b, u)
        assert found == full
        assert M.reachable(b, u) == {t: k for t, k in squares.items() if b.occ[t] < 0}
        checked += 1
    assert checked > 300


def test_a_face_keeps_the_other_choices_and_a_battle_that_goes_on_is_not_over() -> None:
    faced = 0
    for state, seat, legal, action, before_unit in random_steps(3):
        if action.__class__ is A.Face and state.current == before_unit and not state.is_over:
            assert state.legal_actions(seat) == [a for a in legal if a.__class__ is not A.Face]
            faced += 1
        if state.battle is not None and not state.is_over and state.current >= 0:
            # The end of the battle was looked at after the last change: looking again finds nothing.
            assert not check_battle_end(cast(TacticsState, state.clone()), [])
    assert faced > 50
