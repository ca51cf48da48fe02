"""Distance, Range, Line of Effect, Facing, AE, and Knockback and Falling."""

import pytest

from comboarena.core import IllegalAction

from .helpers import FLAT, act, kinds, legal, scenario, unit, view_unit


def grid(rows: list[str], deploy1: str = "a1", deploy2: str | None = None) -> str:
    n = len(rows)
    lines = [f"{n - i} | {r}" for i, r in enumerate(rows)]
    width = len(rows[0].split())
    top = f"{chr(96 + width)}{n}"
    return "title: Grid\n" + "\n".join(lines) + f"\ndeploy 1: {deploy1}\ndeploy 2: {deploy2 or top}\n"


FLAT7 = grid(["0. 0. 0. 0. 0. 0. 0."] * 7)


def test_distance_counts_only_cardinal_steps_so_a_diagonal_neighbour_is_two_away():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "d4", side=1)])
    assert "fight d4" not in legal(s)
    with pytest.raises(IllegalAction, match="straight line"):
        act(s, "fight d4")
    m = scenario(FLAT, [unit("mender", "c3"), unit("vanguard", "d4"), unit("goblin", "f6", side=1)])
    assert "magic mend d4" in legal(m)  # RNG 3 reaches 2 squares away, off the line too


def test_a_physical_ability_made_with_no_ranged_weapon_is_melee_and_strikes_in_a_straight_line():
    # "A physical attack is a melee attack if it is not made with a Bow, Gun, Xbow or Throw weapon"
    # and "Melee attacks must draw their range in a straight line": Pocket Sand, Stone Toss.
    foes = [unit("goblin", "d4", side=1), unit("goblin", "c5", side=1)]
    s = scenario(FLAT, [unit("scout", "c3"), *foes], mode="monsters")
    assert [m for m in legal(s) if m.startswith("ja dust")] == ["ja dust c5"]
    with pytest.raises(IllegalAction, match="straight line"):
        act(s, "ja dust d4")
    s = scenario(FLAT, [unit("goblin", "c3", side=1), unit("scout", "d5"), unit("vanguard", "c6")], mode="monsters")
    assert [m for m in legal(s) if m.startswith("ja stone-toss")] == ["ja stone-toss c6"]


def test_melee_draws_its_range_in_a_straight_line_and_reach_hits_only_the_closest():
    glaive = dict(weapon="hook-glaive")
    s = scenario(FLAT7, [unit("lancer", "c3", **glaive), unit("goblin", "c5", side=1), unit("goblin", "d4", side=1)])
    fights = [m for m in legal(s) if m.startswith("fight")]
    assert fights == ["fight c5"]  # d4 is 2 away but not in line
    s = scenario(FLAT7, [unit("lancer", "c3", **glaive), unit("goblin", "c4", side=1), unit("goblin", "c5", side=1)])
    assert [m for m in legal(s) if m.startswith("fight")] == ["fight c4"]
    with pytest.raises(IllegalAction, match="closest target"):
        act(s, "fight c5")


def test_a_long_weapon_hits_both_squares_of_its_line():
    s = scenario(FLAT7, [unit("lancer", "c3"), unit("goblin", "c4", side=1), unit("goblin", "c5", side=1)])
    s.chance.force(9, 9)
    ev = act(s, "fight c5")
    assert [r["target"] for r in kinds(ev, "roll")] == [1, 2]
    s = scenario(FLAT7, [unit("lancer", "c3"), unit("goblin", "c4", side=1), unit("goblin", "c5", side=1)])
    s.chance.force(9)
    assert [r["target"] for r in kinds(act(s, "fight c4"), "roll")] == [1]


def test_ranged_weapons_are_not_limited_to_lines_and_reach_one_further_from_two_ht_above():
    rows = ["0. 0. 0. 0. 0. 0. 0."] * 6 + ["2. 0. 0. 0. 0. 0. 0."]
    m = grid(rows)
    low = scenario(FLAT7, [unit("ranger", "a1"), unit("goblin", "c4", side=1), unit("goblin", "b4", side=1)])
    assert {"fight c4", "fight b4"} - set(legal(low)) == {"fight c4"}  # 5 away; 4 away, off the line
    high = scenario(m, [unit("ranger", "a1"), unit("goblin", "c4", side=1)])
    assert "fight c4" in legal(high)  # from 2 HT above: RNG 4 + 1


def test_a_bow_without_ammo_strikes_in_melee():
    s = scenario(FLAT, [unit("ranger", "c3", ammo=""), unit("goblin", "c5", side=1), unit("goblin", "d3", side=1)])
    assert [m for m in legal(s) if m.startswith("fight")] == ["fight d3"]


def test_line_of_effect_fails_over_an_obstacle_taller_than_the_target_for_magic_too():
    m = grid(
        ["0. 0. 0. 0. 0.", "0. 0. 0. 0. 0.", "0. 0. 3# 0. 0.", "0. 0. 0. 0. 0.", "0. 0. 0. 0. 0."],
        deploy1="a1",
        deploy2="e5",
    )
    s = scenario(m, [unit("evoker", "c1"), unit("goblin", "c5", side=1)])
    assert "magic cinder c5" not in legal(s)
    with pytest.raises(IllegalAction, match=r"no Line of Effect: the line to c5 passes over c3 \(HT 3\)"):
        act(s, "magic cinder c5")
    r = scenario(m, [unit("ranger", "c1"), unit("goblin", "c5", side=1)])
    assert "fight c5" not in legal(r)


def test_when_the_string_touches_a_corner_the_doubt_favours_the_target():
    m = grid(["0. 0. 0. 0.", "0. 0. 0. 0.", "0. 3# 0. 0.", "0. 0. 0. 0."], deploy1="a1", deploy2="d4")
    # a1 -> c3 passes exactly through the corner of b2 (the wall) and a2/b1... the wall counts.
    s = scenario(m, [unit("evoker", "a1"), unit("goblin", "c3", side=1)])
    assert "magic cinder c3" not in legal(s)
    clear = grid(["0. 0. 0. 0.", "0. 0. 0. 0.", "0. 0. 0. 0.", "0. 0. 0. 0."], deploy1="a1", deploy2="d4")
    assert "magic cinder c3" in legal(scenario(clear, [unit("evoker", "a1"), unit("goblin", "c3", side=1)]))


def test_unit_height_decides_what_a_low_wall_hides():
    m = grid(
        ["0. 0. 0. 0. 0.", "0. 0. 0. 0. 0.", "0. 0. 1# 0. 0.", "0. 0. 0. 0. 0.", "0. 0. 0. 0. 0."],
        deploy1="a1",
        deploy2="e5",
    )
    units = [unit("evoker", "c1"), unit("goblin", "c5", side=1)]
    assert "magic cinder c5" in legal(scenario(m, units))  # HT 1 is not taller than a unit (1)
    assert "magic cinder c5" not in legal(scenario(m, units, unit_height=0))


def test_melee_reaches_two_ht_up_or_down_by_default():
    m = grid(["0. 0. 0.", "0. 3. 0.", "0. 0. 0."], deploy1="a1", deploy2="c3")
    s = scenario(m, [unit("vanguard", "b1"), unit("goblin", "b2", side=1)])
    assert "fight b2" not in legal(s)
    assert "fight b2" in legal(scenario(m, [unit("vanguard", "b1"), unit("goblin", "b2", side=1)], melee_height=3))


def test_front_is_plus_one_eva_and_back_minus_one():
    def eva(facing):
        s = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "c4", side=1, facing=facing)])
        s.chance.force(5)
        return kinds(act(s, "fight c4"), "roll")[0]["eva"]

    assert (eva("s"), eva("e"), eva("n")) == (3, 2, 1)


def test_the_side_struck_by_a_ranged_attack_is_where_the_string_enters_and_doubt_favours_the_target():
    def side(at, facing):
        s = scenario(FLAT7, [unit("ranger", at), unit("goblin", "d4", side=1, facing=facing)])
        s.chance.force(5)
        return kinds(act(s, "fight d4"), "roll")[0]["facing"]

    assert side("a3", "w") == 0  # from the west-south-west: through the west side, its front
    assert side("a3", "s") == 1  # the same string, a side
    assert side("b2", "s") == 0  # exact diagonal: south or west; the front (south) is best for it
    assert side("b2", "n") == 1  # south (its back) or west (a side): the side


def test_attacking_turns_the_attacker_toward_the_target_counter_attacks_included():
    s = scenario(
        FLAT,
        [unit("goblin", "c3", facing="s"), unit("vanguard", "c4", side=1, facing="e")],
        mode="monsters",
        foes=("goblin",),
    )
    # The Vanguard (Counter) is struck from the south; it turns to strike back.
    s2 = scenario(
        FLAT, [unit("vanguard", "c3", facing="s", side=1), unit("bonewalker", "c4", side=0, facing="e")], first=0
    )
    del s
    s2.chance.force(7, 7)
    ev = act(s2, "fight c4")
    faces = kinds(ev, "face")
    assert faces[0] == {"unit": 0, "facing": "n", "why": "attack"}
    assert kinds(ev, "counter") and faces[1] == {"unit": 1, "facing": "s", "why": "attack"}


def test_an_area_counts_out_from_the_target_square():
    s = scenario(
        FLAT,
        [
            unit("evoker", "a3"),
            unit("goblin", "c4", side=1),
            unit("goblin", "d4", side=1),
            unit("goblin", "e4", side=1),
            unit("goblin", "d6", side=1),
        ],
    )
    s.chance.force(1, 1, 1)
    ev = act(s, "magic blaze c4")
    assert sorted(r["target"] for r in kinds(ev, "roll")) == [1, 2]  # c4 and d4 (1 away), not e4 or d6


def test_knockback_moves_the_target_straight_away_until_something_stops_it():
    s = scenario(FLAT, [unit("vanguard", "c2"), unit("mender", "c3", side=1)], foes=("mender",))
    s.chance.force(7)
    ev = act(s, "ja shield-bash c3")
    assert kinds(ev, "knockback")[0]["to"] == "c4" and view_unit(s, 1)["square"] == "c4"
    wall = grid(["0. 0. 0.", "0. 9# 0.", "0. 0. 0.", "0. 0. 0."], deploy1="a1", deploy2="c4")
    s = scenario(wall, [unit("vanguard", "b1"), unit("mender", "b2", side=1)], foes=("mender",))
    s.chance.force(7)
    assert kinds(act(s, "ja shield-bash b2"), "knockback")[0]["to"] == "b2"


def test_a_fall_of_at_least_jump_deals_half_the_attacks_damage_again():
    cliff = grid(["0. 0. 0.", "0. 0. 0.", "0. 2. 0.", "0. 2. 0."], deploy1="a1", deploy2="c4")
    s = scenario(cliff, [unit("vanguard", "b1"), unit("mender", "b2", side=1)], foes=("mender",))
    s.chance.force(7)  # Shield Bash: DMG 11 - 3 = 8, full: 8; the Mender (Jump 2) falls 2: 4 more
    ev = act(s, "ja shield-bash b2")
    assert [(d["amount"], d["why"]) for d in kinds(ev, "damage") if d["unit"] == 1] == [(8, "attack"), (4, "fall")]
    low = grid(["0. 0. 0.", "0. 0. 0.", "0. 1. 0.", "0. 1. 0."], deploy1="a1", deploy2="c4")
    s = scenario(low, [unit("vanguard", "b1"), unit("mender", "b2", side=1)], foes=("mender",))
    s.chance.force(7)
    assert [d["why"] for d in kinds(act(s, "ja shield-bash b2"), "damage")] == ["attack"]
    floating = [["float", 3, 8, -1, 0, "none"]]
    s = scenario(cliff, [unit("vanguard", "b1"), unit("mender", "b2", side=1, statuses=floating)], foes=("mender",))
    s.chance.force(7)
    assert [d["why"] for d in kinds(act(s, "ja shield-bash b2"), "damage")] == ["attack"]
