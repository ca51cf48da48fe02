"""The one source of chance: reproducible, cheap to clone, forceable, part of positions."""

import random

import pytest

import comboarena as ca
from comboarena.core import Chance
from comboarena.core.rng import derive, generator


def test_the_same_seed_and_draws_give_the_same_results():
    a, b = Chance(11), Chance(11)
    assert [a.roll(6) for _ in range(50)] == [b.roll(6) for _ in range(50)]
    assert a.draws == b.draws == 50
    assert [Chance(12).roll(6) for _ in range(1)] != [] and Chance(11) != Chance(12)


def test_each_draw_has_its_own_stream_so_a_clone_diverges_only_after_it_draws_differently():
    a = Chance(5)
    a.roll(20)
    b = a.clone()
    assert a == b and a is not b
    assert a.roll(20) == b.roll(20)
    a.below(3)
    assert a.draws == b.draws + 1 and a != b


def test_dice_cover_every_face_and_nothing_else():
    c = Chance(3)
    faces = {c.roll(8) for _ in range(400)}
    assert faces == set(range(1, 9))
    assert {c.below(4) for _ in range(200)} == {0, 1, 2, 3}


def test_shuffles_and_deals_keep_the_streams_games_used_before_the_chance_object():
    cards = list(range(30))
    dealt, old = cards[:], cards[:]
    c = Chance(77)
    c.deal(dealt)
    random.Random(77).shuffle(old)  # the old deal: generator(seed)
    assert dealt == old and c.draws == 1
    again, old = cards[:], cards[:]
    c.shuffle(again)
    generator(77, 1).shuffle(old)  # the old first reshuffle: generator(seed, 1)
    assert again == old and c.draws == 2
    assert Chance(77, draws=2).stream().random() == random.Random(derive(77, 2)).random()


def test_forced_results_come_first_in_order_then_seeded_draws_go_on():
    c = Chance(9)
    c.force(6, 1, 2)
    assert [c.roll(6), c.roll(6), c.below(3)] == [6, 1, 2]
    plain = Chance(9, draws=3)
    assert c.roll(6) == plain.roll(6)
    assert c.forced == ()


def test_a_forced_result_that_the_die_cannot_show_is_refused_with_what_is_allowed():
    c = Chance(1)
    c.force(7)
    with pytest.raises(ca.OptionError, match=r"forced result 7 is not a result of a d6 \(1 to 6\)"):
        c.roll(6)
    with pytest.raises(ca.OptionError, match="whole number"):
        c.force(2.5)


def test_chance_round_trips_through_json_and_refuses_bad_data():
    c = Chance(2**63 + 5, draws=4, forced=(3, 1))
    assert Chance.from_json(c.to_json()) == c
    with pytest.raises(ca.PositionError, match=r"position.chance.seed must be a whole number"):
        Chance.from_json({"seed": "x", "draws": 0, "forced": []})
    with pytest.raises(ca.PositionError, match=r"draws must be a whole number >= 0"):
        Chance.from_json({"seed": 1, "draws": -1, "forced": []})
    with pytest.raises(ca.PositionError, match="unknown field 'dice'"):
        Chance.from_json({"seed": 1, "dice": []})
    with pytest.raises(ca.PositionError, match="forced must be a list of whole numbers"):
        Chance.from_json({"seed": 1, "forced": [1, "2"]})


def test_a_states_seed_and_chance_are_public_and_a_clone_copies_the_chance():
    state = ca.make("sixteen").new_state(seed=42)
    assert state.seed == 42 and state.chance.seed == 42
    copy = state.clone()
    assert copy.chance == state.chance and copy.chance is not state.chance
