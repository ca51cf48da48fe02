"""The fast target tables used for legal moves agree with the rule-by-rule checks that
explain refusals, over thousands of random positions."""

import random

import comboarena as ca
from comboarena.games.bit_tactics.content import pack
from comboarena.games.bit_tactics.fasttargets import Targets
from comboarena.games.bit_tactics.targeting import ability_targets, fight_problem, fight_targets


def test_fast_targets_agree_with_the_rules_checks():
    p = pack()
    checked = 0
    for options in (
        {},
        {
            "map": "cliffside",
            "party": ("lancer", "scout", "ranger", "evoker"),
            "foes": ("herald", "mender", "hexer", "vanguard"),
        },
        {"mode": "monsters", "foes": ("lair",)},
    ):
        game = ca.make("16-bit-tactics", **options)
        rng = random.Random(1)
        for seed in range(4):
            state = game.new_state(seed=seed)
            while not state.is_over:
                b, u = state.battle, state.current
                tg = Targets(b, u)
                assert tg.fight() == fight_targets(b, u)
                for sq in range(b.board.size):
                    assert (sq in tg.fight()) == (fight_problem(b, u, sq) is None)
                for i in b.sheets[u].actives:
                    ab = p.abilities[i]
                    for w in [b.weapons(u)[0] if ab.weapon else None]:
                        for limit in (False, True) if ab.attack == 2 else (False,):
                            assert tg.ability(ab, w, limit) == ability_targets(b, u, ab, w, limit), ab.id
                            checked += 1
                (seat,) = state.to_act
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 1000
