"""Terrain Effects and movement: move costs, water and deep water, Broken/Thick/Fast,
height with the first +1 free, Jump limits and the exact-Jump stop, Jumping Across,
passing allies, Float and walking on water, facing while moving, slippery slopes."""

import pytest

from .helpers import act, kinds, legal, scenario, unit, view_unit


def corridor(cells: str, deploy2: str = "h2", extra: str = "") -> str:
    """A one-square-wide corridor (rank 2) between walls."""
    n = len(cells.split())
    wall = " ".join(["9#"] * n)
    return f"title: Corridor\n3 | {wall}\n2 | {cells}\n1 | {wall}\ndeploy 1: a2\ndeploy 2: {deploy2}\n{extra}"


def moves(state) -> list[str]:
    return sorted(m.split()[1] for m in legal(state) if m.startswith("move"))


def test_open_ground_costs_1_water_2_and_deep_water_is_impassable():
    m = corridor("0. 0~ 0. 0= 0. 0. 0. 0.")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["b2", "c2"]  # b2 water (2) + c2 (1) = 3; d2 deep water stops the way


def test_broken_thick_and_fast_cost_one_more():
    m = corridor("0. 0.b 0.t 0. 0. 0. 0. 0.")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["b2", "c2"]  # 2 + 2 = 4 = MOV
    fast = corridor("0. 0~f 0. 0. 0. 0. 0. 0.")
    s = scenario(fast, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["b2", "c2"]  # fast water 3 + 1 = 4


def test_climbing_costs_1_more_but_the_first_square_up_1_is_free():
    m = corridor("0. 1. 2. 2. 2. 2. 2. 2.")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    # b2: +1 HT as the first square entered: 1. c2: +1 HT again: 2 (total 3). d2: 1 (total 4).
    assert moves(s) == ["b2", "c2", "d2"]
    up2 = corridor("0. 0. 1. 1. 1. 1. 1. 1.")
    s = scenario(up2, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    # b2 1, c2 climbs +1 (not the first square): 2 (total 3), d2 1 (total 4).
    assert moves(s) == ["b2", "c2", "d2"]


def test_descending_costs_nothing_extra_and_is_limited_by_jump():
    s = scenario(
        corridor("3. 2. 1. 0. 0. 0. 0. 0."), [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)]
    )
    assert moves(s) == ["b2", "c2", "d2", "e2"]
    cliff = corridor("3. 0. 0. 0. 0. 0. 0. 0.")
    s = scenario(cliff, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert moves(s) == []  # a drop of 3 is more than Jump 2


def test_a_height_change_equal_to_jump_ends_the_move_there():
    m = corridor("0. 2. 2. 2. 2. 2. 2. 2.")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["b2"]  # climbing exactly Jump 2: "all movement must end in that space"
    s = scenario(m, [unit("lancer", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["b2", "c2", "d2"]  # Jump 4: no stop; b2 costs 2, c2 and d2 1 each


def test_jumping_across_one_empty_space_to_lower_ground():
    m = corridor("2. 0= 1. 1. 1. 1. 1. 1.")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    # over the deep water at b2 to c2 (lower): 1 for the gap + 1, then d2 and e2.
    assert moves(s) == ["c2", "d2", "e2"]
    events = act(s, "move e2")
    assert kinds(events, "move")[0]["path"] == ["a2", "c2", "d2", "e2"]


def test_jumping_across_lands_lower_unless_jump_across_level():
    m = corridor("1. 0= 1. 1. 1. 1. 1. 1.")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert moves(s) == []
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)], jump_across="level")
    assert moves(s) == ["c2", "d2", "e2"]


def test_jumping_across_needs_an_empty_space():
    m = corridor("2. 0. 1. 1. 1. 1. 1. 1.")
    free = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "h2", side=1)])
    assert "c2" in moves(free)
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("goblin", "b2", side=1), unit("vanguard", "h2", side=1)])
    assert "c2" not in moves(s)


def test_units_pass_allies_but_not_foes_and_end_on_empty_squares():
    m = corridor("0. 0. 0. 0. 0. 0. 0. 0.")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("mender", "b2"), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["c2", "d2", "e2"]
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("goblin", "b2", side=1), unit("vanguard", "h2", side=1)])
    assert moves(s) == []


def test_float_ignores_movement_penalties_and_crosses_deep_water():
    m = corridor("0. 0= 0~ 3. 0.t 0. 0. 0.")
    floating = [["float", 4, 8, -1, 0, "none"]]
    s = scenario(m, [unit("vanguard", "a2", facing="e", statuses=floating), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["b2", "c2"]  # d2 is 3 up: Jump still limits a floating unit
    low = corridor("0. 0= 0~ 1. 0.t 0. 0. 0.")
    s = scenario(low, [unit("vanguard", "a2", facing="e", statuses=floating), unit("vanguard", "h2", side=1)])
    assert moves(s) == ["b2", "c2", "d2", "e2"]  # every square costs 1


def test_walking_on_water_treats_water_and_deep_water_as_open_ground():
    m = corridor("0. 0= 0~ 0= 0. 0. 0. 0. 0. 0.")
    s = scenario(m, [unit("scout", "a2", facing="e", movement="light-step"), unit("vanguard", "j2", side=1)])
    assert moves(s) == ["b2", "c2", "d2", "e2", "f2", "g2"]  # MOV 6, each square 1


def test_a_unit_advances_through_its_front_and_may_turn_freely_once_after_moving():
    m = corridor("0. 0. 0. 0. 0. 0. 0. 0.")
    s = scenario(m, [unit("vanguard", "a2", facing="w"), unit("vanguard", "h2", side=1)])
    act(s, "move c2")
    assert view_unit(s, 0)["facing"] == "e"
    faces = [x for x in legal(s) if x.startswith("face")]
    assert faces == ["face n", "face s", "face w"]
    act(s, "face w")
    assert not any(x.startswith("face") for x in legal(s))


def test_a_slippery_slope_tests_agility_on_the_way_and_a_failure_slides_downhill():
    m = (
        "title: Slope\n3 | 9# 9# 9# 9# 9#\n2 | 1. 1S 0. 0. 0.\n1 | 0. 0. 0. 0. 0.\n"
        "deploy 1: a2\ndeploy 2: e1\nfeature b2: slope agility 6 down s damage 2\n"
    )
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "e1", side=1)])
    s.chance.force(7)  # Agility d6... a Vanguard's Agility is d6: 7 is not a d6 result; use the d6's 6
    with pytest.raises(Exception, match="not a result of a d6"):
        act(s, "move c2")
    s = scenario(m, [unit("vanguard", "a2", facing="e"), unit("vanguard", "e1", side=1)])
    s.chance.force(6)
    ev = act(s, "move c2")
    (slip,) = kinds(ev, "slip")
    assert slip["roll"] == 6 and not slip["ok"]  # the die must EXCEED the difficulty
    assert view_unit(s, 0)["square"] == "b1" and kinds(ev, "damage")[0]["amount"] == 2
    s = scenario(m, [unit("scout", "a2", facing="e"), unit("vanguard", "e1", side=1)])
    s.chance.force(7)  # a Scout's Agility d12
    act(s, "move c2")
    assert view_unit(s, 0)["square"] == "c2"
