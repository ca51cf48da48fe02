"""Initiative, the shape of a turn, counter-attacks, victory and the round limit,
items, and the skill puzzles on the map."""

import pytest

from comboarena.core import IllegalAction

from .helpers import FLAT, act, kinds, legal, scenario, unit, view_unit


def next_round(s, *forced):
    """End every turn left in this round; the next round's initiative uses ``forced`` dice."""
    s.chance.force(*forced)
    rnd = s.view(None)["round"]
    events = []
    while s.view(None)["round"] == rnd and not s.is_over:
        events += act(s, "end")
    return kinds(events, "round")[0]


def test_initiative_acts_by_phases_of_eva_then_by_agility_rolls():
    # EVA: Scout 3, Lancer 2, Vanguard 1. The Vanguard rolling 6 still acts after both.
    s = scenario(FLAT, [unit("vanguard", "a1"), unit("lancer", "b1"), unit("scout", "c6", side=1)])
    r = next_round(s, 1, 1, 6)  # agility rolls in unit order within each phase: scout, lancer, vanguard
    assert r["order"] == [2, 1, 0]
    assert dict((u, p) for u, p in r["phases"]) == {0: 1, 1: 2, 2: 3}


def test_within_a_phase_the_higher_roll_acts_first_and_ties_are_rolled_again():
    s = scenario(FLAT, [unit("vanguard", "a1"), unit("vanguard", "c6", side=1)])
    r = next_round(s, 2, 5)
    assert r["order"] == [1, 0]
    s = scenario(FLAT, [unit("vanguard", "a1"), unit("vanguard", "c6", side=1)])
    r = next_round(s, 3, 3, 1, 4)
    assert r["order"] == [1, 0] and dict((u, x) for u, x in r["rolls"]) == {0: [3, 1], 1: [3, 4]}
    s = scenario(FLAT, [unit("vanguard", "a1"), unit("vanguard", "c6", side=1)], ties="keep")
    r = next_round(s, 3, 3)
    assert r["order"] == [0, 1]


def test_spd_up_raises_the_phase_by_one_and_takes_the_dies_maximum():
    spd = [["spd-up", 3, 8, -1, 0, "none"]]
    s = scenario(FLAT, [unit("vanguard", "a1", statuses=spd), unit("lancer", "c6", side=1)])
    r = next_round(s, 1)  # only the Lancer rolls
    assert r["order"] == [0, 1] and dict((u, x) for u, x in r["rolls"]) == {0: [6], 1: [1]}


def test_a_turn_is_one_move_and_one_command_in_either_order_then_end():
    s = scenario(FLAT, [unit("vanguard", "c2"), unit("vanguard", "c4", side=1, facing="e", reaction="")])
    s.chance.force(5)
    act(s, "move c3", "fight c4")
    assert not any(m.startswith(("move", "fight", "ja")) for m in legal(s))
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("vanguard", "c4", side=1, facing="e", reaction="")])
    s.chance.force(5)
    act(s, "fight c4")
    assert any(m.startswith("move") for m in legal(s))  # acting first, moving after
    s = scenario(
        FLAT, [unit("vanguard", "c3"), unit("vanguard", "c4", side=1, facing="e", reaction="")], turn="move-first"
    )
    s.chance.force(5)
    act(s, "fight c4")
    assert s.current == 1  # no moving after acting, and no turning without moving: the turn is over


def test_a_unit_turns_freely_only_at_the_end_of_its_movement():
    s = scenario(FLAT, [unit("vanguard", "c2"), unit("vanguard", "c6", side=1)])
    assert not any(m.startswith("face") for m in legal(s))
    with pytest.raises(IllegalAction, match="turns freely at the end of its movement"):
        act(s, "face e")
    act(s, "move c3")
    assert [m for m in legal(s) if m.startswith("face")] == ["face e", "face s", "face w"]


def test_a_turn_with_nothing_left_but_end_ends_by_itself():
    s = scenario(FLAT, [unit("vanguard", "c2"), unit("vanguard", "c4", side=1, facing="e", reaction="")])
    s.chance.force(5)
    act(s, "move c3", "fight c4")
    assert s.current == 0
    ev = act(s, "face e")
    assert kinds(ev, "end_turn") == [{"unit": 0, "done": True}] and s.current == 1  # ended by itself: says so


def test_counter_attacks_come_from_the_counter_reaction_or_everyone_with_counters_always():
    s = scenario(FLAT, [unit("lancer", "c3"), unit("mender", "c4", side=1, facing="e")])
    s.chance.force(6)
    assert not kinds(act(s, "fight c4"), "counter")
    s = scenario(FLAT, [unit("lancer", "c3"), unit("mender", "c4", side=1, facing="e")], counters="always")
    s.chance.force(6, 6)
    ev = act(s, "fight c4")
    assert kinds(ev, "counter") == [{"unit": 1, "target": 0}]
    s = scenario(FLAT, [unit("lancer", "c3"), unit("vanguard", "c4", side=1, facing="e")])  # Counter
    s.chance.force(9, 6)
    assert kinds(act(s, "fight c4"), "counter")


def test_no_counter_to_a_miss_a_ranged_attack_or_from_a_disabled_unit():
    s = scenario(FLAT, [unit("lancer", "c3"), unit("vanguard", "c4", side=1, facing="e")])
    s.chance.force(1)
    assert not kinds(act(s, "fight c4"), "counter")
    s = scenario(FLAT, [unit("ranger", "c2"), unit("vanguard", "c4", side=1, facing="e")])
    s.chance.force(9)
    assert not kinds(act(s, "fight c4"), "counter")
    dis = [["disabled", 2, 8, -1, 0, "none"]]
    s = scenario(FLAT, [unit("lancer", "c3"), unit("vanguard", "c4", side=1, facing="e", statuses=dis)])
    s.chance.force(9)
    assert not kinds(act(s, "fight c4"), "counter")


def test_a_side_with_no_unit_standing_loses():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "c4", side=1, hp=1)], mode="monsters")
    s.chance.force(7)
    ev = act(s, "fight c4")
    assert s.is_over and s.result().winners == (0,) and kinds(ev, "victory")[0]["why"] == "rout"


def test_when_the_rounds_run_out_the_larger_share_of_hp_wins_or_it_is_a_draw():
    s = scenario(FLAT, [unit("vanguard", "a1", hp=10), unit("vanguard", "c6", side=1)], rounds=1)
    act(s, "end", "end")
    assert s.is_over and s.result().winners == (1,) and "judged" in s.result().reason
    s = scenario(FLAT, [unit("vanguard", "a1", hp=10), unit("vanguard", "c6", side=1)], rounds=1, at_limit="draw")
    act(s, "end", "end")
    assert s.result().is_draw


def test_map_objectives_reach_and_survive():
    reach = FLAT.replace("title: Flat", "title: Reach\nobjective: reach c5")
    s = scenario(reach, [unit("vanguard", "c2"), unit("vanguard", "f6", side=1)])
    act(s, "move c5")
    assert s.is_over and s.result().winners == (0,) and s.result().reason == "reached c5"
    survive = FLAT.replace("title: Flat", "title: Hold\nobjective: survive 1")
    s = scenario(survive, [unit("vanguard", "c2"), unit("vanguard", "f6", side=1)])
    act(s, "end", "end")
    assert s.result().winners == (0,) and "survived" in s.result().reason


def test_items_heal_an_ally_next_to_you_and_are_used_up():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("mender", "c4", hp=1), unit("goblin", "f6", side=1)])
    assert "item tonic c4" in legal(s) and "item tonic c5" not in legal(s)
    ev = act(s, "item tonic c4")
    assert kinds(ev, "heal")[0]["amount"] == 15 and view_unit(s, 0)["items"] == {}


def test_the_item_command_can_switch_an_equipped_weapon():
    s = scenario(FLAT, [unit("ranger", "c3"), unit("goblin", "c5", side=1)])
    assert "item dirk c3" in legal(s)
    ev = act(s, "item dirk c3")
    assert kinds(ev, "equip") == [{"unit": 0, "equipped": "dirk", "stowed": ["hunting-bow"]}]
    me = view_unit(s, 0)
    assert me["equip"][0] == "dirk" and me["items"] == {"tonic": 1, "hunting-bow": 1}


def test_smelling_salts_revive_a_fallen_ally():
    s = scenario(FLAT, [unit("mender", "c3"), unit("vanguard", "c4", hp=0), unit("goblin", "f6", side=1)])
    act(s, "item smelling-salts c4")
    assert view_unit(s, 1)["hp"] == view_unit(s, 1)["stats"]["hp_max"] * 25 // 100


def test_a_rune_door_opens_to_lore_and_burns_on_a_failure():
    m = (
        "title: Door\n3 | 0. 0. 0.\n2 | 9# 0D 9#\n1 | 0. 0. 0.\ndeploy 1: b1\ndeploy 2: b3\n"
        "feature b2: door lore 6 damage 4\n"
    )
    s = scenario(m, [unit("evoker", "b1"), unit("vanguard", "b3", side=1)])
    assert "skill lore b2" in legal(s) and "magic cinder b3" not in legal(s)  # the door blocks the line
    s.chance.force(6)
    ev = act(s, "skill lore b2")
    assert not kinds(ev, "skill")[0]["ok"] and kinds(ev, "damage")[0] == {
        "unit": 0,
        "amount": 4,
        "hp": view_unit(s, 0)["stats"]["hp_max"] - 4,
        "why": "runes",
        "by": -1,
    }
    s = scenario(m, [unit("evoker", "b1"), unit("vanguard", "b3", side=1)])
    s.chance.force(7)
    act(s, "skill lore b2")
    assert s.view(None)["features"] == ["open"]
    act(s, "end")
    while s.current != 0:
        act(s, "end")
    assert "magic cinder b3" in legal(s)


def test_a_boulder_pushed_with_might_rolls_one_square_and_crushes_who_stands_there():
    m = (
        "title: Boulder\n3 | 0. 0. 0. 0.\n2 | 0. 0O 0. 0.\n1 | 0. 0. 0. 0.\ndeploy 1: a2\ndeploy 2: d3\n"
        "feature b2: boulder might 7 damage 9\n"
    )
    s = scenario(m, [unit("vanguard", "a2"), unit("goblin", "c2", side=1, hp=11)], mode="monsters")
    s.chance.force(8)
    ev = act(s, "skill might b2")
    assert kinds(ev, "damage")[0] == {"unit": 1, "amount": 9, "hp": 2, "why": "boulder", "by": 0}
    s = scenario(m, [unit("vanguard", "a2"), unit("goblin", "d3", side=1)], mode="monsters")
    s.chance.force(8)
    act(s, "skill might b2")
    assert s.view(None)["features"] == ["c2"]
    s = scenario(m, [unit("vanguard", "a2"), unit("goblin", "d3", side=1)], mode="monsters")
    s.chance.force(7)
    ev = act(s, "skill might b2")
    assert not kinds(ev, "skill")[0]["ok"] and s.view(None)["features"] == ["b2"]


def test_illegal_commands_say_why():
    s = scenario(FLAT, [unit("evoker", "a1"), unit("goblin", "f6", side=1)])
    with pytest.raises(IllegalAction, match="out of range: f6 is 10 squares away, Cinder reaches 4"):
        act(s, "magic cinder f6")
    with pytest.raises(IllegalAction, match="does not know Mend"):
        act(s, "magic mend a1")
    with pytest.raises(IllegalAction, match="Limit Attack needs 10 Limit"):
        act(s, "limit f6")
