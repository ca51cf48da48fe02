"""The odds read every roll's band from one table (``combat.bands_of``); it must be the
band each roll gets when the attack is made (``combat.band_of``), for every strike the
acting units of random games could make, with every option that changes the bands."""

import random

import pytest

import comboarena as ca
from comboarena.games.bit_tactics.combat import band_of, bands_of
from comboarena.games.bit_tactics.content import PHYSICAL
from comboarena.games.bit_tactics.odds import strikes


@pytest.mark.parametrize("options", [{}, {"crits": "hit", "map": "marsh"}, {"mode": "monsters"}])
def test_the_band_table_is_the_band_of_each_roll(options):
    game = ca.make("16-bit-tactics", **options)
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        state = game.new_state(seed=seed)
        for _ in range(120):
            if state.is_over:
                break
            b, u = state.battle, state.current
            if b is not None and u >= 0:
                for a in state.legal_actions(state.to_act[0]):
                    words = a.text.split()
                    if words[0] not in ("fight", "ja", "magic", "limit"):
                        continue
                    off = words[-1] == "off"
                    square = words[-2] if off else words[-1]
                    what = words[1] if len(words) >= 3 and not (len(words) == 3 and off) else ""
                    for v, s in strikes(b, u, words[0], what, b.board.index[square], off):
                        die = b.sheets[u].atk if s.attack == PHYSICAL else b.sheets[u].matk
                        table = bands_of(b, u, v, s, die)
                        assert table == [band_of(b, u, v, s, r, die)[0] for r in range(1, die + 1)]
                        checked += 1
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 50
