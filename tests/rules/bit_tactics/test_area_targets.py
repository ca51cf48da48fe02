"""The centres of area abilities found from the board's kept sight sets (no door or boulder
in play) and centre by centre (doors and boulders in play) are the rules' centres; the
sets and the blocking squares the battle keeps are what the map says."""

import random

import pytest

import comboarena as ca
from comboarena.games.bit_tactics.content import ALLY, FOE, pack
from comboarena.games.bit_tactics.fasttargets import Targets
from comboarena.games.bit_tactics.targeting import ability_targets


def _states(options, seeds=3):
    game = ca.make("16-bit-tactics", **options)
    rng = random.Random(2)
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        while not state.is_over:
            if state.battle is not None and state.to_act:
                yield state
            (seat,) = state.to_act
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(
    "options",
    [
        {"party": ("evoker", "mender", "herald", "hexer"), "foes": ("evoker", "mender", "herald", "hexer")},
        {"map": "keep", "party": ("evoker", "mender", "ranger", "herald")},
        {"map": "cliffside", "unit_height": 0, "party": ("evoker", "hexer", "ranger", "mender")},
        {"map": "chasm", "unit_height": 3, "foes": ("evoker", "herald", "hexer", "mender")},
    ],
)
def test_area_centres_are_the_rules_centres_with_and_without_doors_and_boulders(options):
    p = pack()
    areas = [ab for ab in p.abilities if ab.ae and ab.target in (FOE, ALLY)]
    checked = with_blocks = 0
    for state in _states(options):
        b = state.battle
        for u in b.units:
            if b.hp[u] <= 0:
                continue
            tg = Targets(b, u)
            for ab in areas:
                for w in (None, b.weapons(u)[0]) if ab.weapon else (None,):
                    for limit in (False, True):
                        assert tg.ability(ab, w, limit) == ability_targets(b, u, ab, w, limit), ab.id
                        checked += 1
                        with_blocks += bool(b.dyn)
    assert checked > 2000
    if options.get("map") in ("keep", "chasm"):
        assert with_blocks > 200


def test_the_board_keeps_the_squares_that_see_a_square_within_an_area():
    game = ca.make("16-bit-tactics", map="cliffside")
    board = game.boards[0]
    n = board.size
    for t in range(0, n, 3):
        for ae in (1, 2, 3):
            for uh in (0, 1, 4):
                want = {
                    c
                    for c in range(n)
                    if board.distance(c, t) <= ae and (c == t or board.top(c * n + t) <= board.ht[t] + uh)
                }
                assert board.seen_around(t, ae, uh) == want


def test_the_blocking_squares_are_the_closed_doors_and_the_boulders_standing():
    seen = set()
    for options in ({"map": "keep"}, {"map": "chasm"}, {"map": "cliffside"}, {}):
        for state in _states(options, seeds=2):
            b = state.battle
            assert b.dyn == tuple(s for s in range(b.board.size) if b.block[s] >= 0)
            assert b.dmask == sum(1 << s for s in b.dyn)
            seen.add(len(b.dyn))
    assert 0 in seen and max(seen) > 0
