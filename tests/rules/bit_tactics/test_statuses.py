"""Statuses: durations from the caster's M.Atk die, counting down each turn, the
resistance roll, "most recent wins", and what each status does."""

import pytest

from comboarena.core import IllegalAction

from .helpers import FLAT, act, kinds, legal, scenario, unit, view_unit


def st(name, turns=3, die=8, caster=1, amount=0, element="none"):
    return [name, turns, die, caster, amount, element]


def statuses(state, u):
    return {x[0]: x[1] for x in view_unit(state, u)["statuses"]}


def test_a_status_lasts_the_casters_m_atk_die_halved_in_turns_and_stop_half_that():
    s = scenario(FLAT, [unit("hexer", "c1"), unit("vanguard", "c4", side=1)])
    s.chance.force(10)  # d10: full
    act(s, "magic mire c4")
    assert statuses(s, 1) == {"slow": 5}
    s = scenario(FLAT, [unit("hexer", "c1", level=5), unit("vanguard", "c4", side=1)])  # Stasis costs 24 MP
    s.chance.force(10)
    act(s, "magic stasis c4")
    assert statuses(s, 1) == {"stop": 2}  # 5 halved, rounded down


def test_statuses_count_down_at_the_end_of_each_of_the_units_turns():
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("haste", 2)]), unit("vanguard", "c6", side=1)])
    ev = act(s, "end")
    assert kinds(ev, "tick")[0] == {"unit": 0, "status": "haste", "turns": 1}
    assert statuses(s, 0) == {"haste": 1}


def test_a_negative_status_is_resisted_each_turn_by_a_roll_against_the_casters_die():
    # Slow is resisted with Agility (a Vanguard: d6) against the caster's M.Atk die (d8).
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("slow", 3)]), unit("vanguard", "c6", side=1)])
    s.chance.force(6, 2)  # the Vanguard rolls 6, the caster's d8 rolls 2: the Vanguard wins
    (tick,) = kinds(act(s, "end"), "tick")
    assert tick["roll"]["rolls"] == [[6, 2]] and tick["roll"]["won"] and tick["turns"] == 1
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("slow", 3)]), unit("vanguard", "c6", side=1)])
    s.chance.force(2, 6)
    assert kinds(act(s, "end"), "tick")[0]["turns"] == 2


def test_resisted_ties_are_rolled_again_or_go_to_the_target_with_ties_keep():
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("slow", 3)]), unit("vanguard", "c6", side=1)])
    s.chance.force(4, 4, 1, 5)
    tick = kinds(act(s, "end"), "tick")[0]
    assert tick["roll"]["rolls"] == [[4, 4], [1, 5]] and tick["turns"] == 2
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("slow", 3)]), unit("vanguard", "c6", side=1)], ties="keep")
    s.chance.force(4, 4)
    tick = kinds(act(s, "end"), "tick")[0]
    assert tick["roll"]["rolls"] == [[4, 4]] and tick["turns"] == 1


def test_the_most_recent_status_of_a_kind_replaces_the_earlier_one():
    s = scenario(
        FLAT, [unit("hexer", "c1"), unit("vanguard", "c4", side=1, statuses=[st("slow", 1, die=12, caster=-1)])]
    )
    s.chance.force(10)
    act(s, "magic mire c4")
    (slow,) = view_unit(s, 1)["statuses"]
    assert slow[:4] == ["slow", 5, 10, 0]


def test_sap_takes_the_casters_base_at_the_start_of_each_turn_in_its_element():
    s = scenario(FLAT, [unit("vanguard", "c6", side=1), unit("vanguard", "c3", statuses=[st("sap", 3, amount=3)])])
    ev = act(s, "end")
    assert [(d["unit"], d["amount"], d["why"]) for d in kinds(ev, "damage")] == [(1, 3, "sap")]
    s = scenario(
        FLAT,
        [unit("vanguard", "c6", side=1), unit("bonewalker", "c3", statuses=[st("sap", 3, amount=3, element="shadow")])],
        mode="monsters",
        foes=("goblin",),
    )
    ev = act(s, "end")
    assert kinds(ev, "damage")[0]["amount"] == 1  # the Bone Walker resists shadow: halved


def test_regen_heals_the_casters_base_at_the_start_of_each_turn():
    s = scenario(
        FLAT, [unit("vanguard", "c6", side=1), unit("vanguard", "c3", hp=10, statuses=[st("regen", 3, amount=3)])]
    )
    ev = act(s, "end")
    assert [(d["amount"], d["why"]) for d in kinds(ev, "heal")] == [(3, "regen")]


def test_silence_forbids_spells():
    s = scenario(FLAT, [unit("evoker", "c1", statuses=[st("silence")]), unit("vanguard", "c4", side=1)])
    assert not any(m.startswith("magic") for m in legal(s))
    with pytest.raises(IllegalAction, match="Silence"):
        act(s, "magic cinder c4")


def test_immobilize_forbids_moving_and_disabled_forbids_acting_but_not_moving():
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("immobilize")]), unit("vanguard", "c4", side=1)])
    assert not any(m.startswith("move") for m in legal(s)) and "fight c4" in legal(s)
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("disabled")]), unit("vanguard", "c4", side=1)])
    assert any(m.startswith("move") for m in legal(s)) and "fight c4" not in legal(s)
    with pytest.raises(IllegalAction, match="Disabled"):
        act(s, "fight c4")


def test_stop_passes_the_units_turn_and_still_counts_down():
    s = scenario(FLAT, [unit("vanguard", "c6", side=1), unit("vanguard", "c3", statuses=[st("stop", 2)])])
    s.chance.force(1, 8)  # its Lore d6 against the caster's d8 (the resistance roll as it counts down)
    ev = act(s, "end")
    assert {"unit": 1, "why": "stop"} in kinds(ev, "skip")
    assert statuses(s, 1) == {"stop": 1} and s.current == 0


def test_slow_and_haste_change_mov_eva_and_m_eva():
    s = scenario(
        FLAT, [unit("vanguard", "c3", statuses=[st("slow")]), unit("vanguard", "c6", side=1, statuses=[st("haste")])]
    )
    slow, haste = view_unit(s, 0)["stats"], view_unit(s, 1)["stats"]
    assert (slow["mov"], slow["eva"], slow["meva"]) == (3, 0, 0)
    assert (haste["mov"], haste["eva"], haste["meva"]) == (5, 2, 1)


def test_dmg_up_and_down_change_dmg_by_half_the_base_rounded_up():
    up = scenario(
        FLAT,
        [unit("vanguard", "c3", statuses=[st("dmg-up")]), unit("vanguard", "c6", side=1, statuses=[st("dmg-down")])],
    )
    assert view_unit(up, 0)["stats"]["dmg"] == 9 + 2 and view_unit(up, 1)["stats"]["dmg"] == 9 - 2


def test_def_down_halves_def_rounded_up_and_def_up_adds_2():
    s = scenario(
        FLAT,
        [unit("vanguard", "c3", statuses=[st("def-down")]), unit("vanguard", "c6", side=1, statuses=[st("def-up")])],
    )
    down, up = view_unit(s, 0)["stats"], view_unit(s, 1)["stats"]
    assert (down["def"], down["def2"]) == (4, 4)  # DEF 7 -> 4; 2DEF no higher than it
    assert (up["def"], up["def2"]) == (9, 4)
    m = scenario(
        FLAT, [unit("mender", "c3", statuses=[st("mdef-down")]), unit("mender", "c6", side=1, statuses=[st("mdef-up")])]
    )
    assert view_unit(m, 0)["stats"]["mdef"] == 3 and view_unit(m, 1)["stats"]["mdef"] == 8


def test_bravery_lowers_the_enemys_def_and_2def_by_1_when_attacking():
    s = scenario(FLAT, [unit("vanguard", "c3", statuses=[st("bravery")]), unit("vanguard", "c4", side=1, facing="e")])
    s.chance.force(5)
    r = kinds(act(s, "fight c4"), "roll")[0]
    assert (r["def2"], r["def"]) == (3, 6)


def test_faith_lowers_the_enemys_m_def_and_2m_def_by_1_when_attacking():
    s = scenario(FLAT, [unit("evoker", "c1", statuses=[st("faith")]), unit("mender", "c4", side=1)])
    s.chance.force(5)
    r = kinds(act(s, "magic cinder c4"), "roll")[0]
    assert (r["mdef2"], r["mdef"]) == (2, 5)


def test_quicken_gives_a_turn_right_after_the_current_one():
    s = scenario(FLAT, [unit("herald", "c3"), unit("vanguard", "c4"), unit("vanguard", "c6", side=1)])
    act(s, "ja encore c4", "end")
    assert s.current == 1
    act(s, "end")
    assert s.current == 1  # its own turn in the order comes too
    assert s.view(None)["queue"]["extra_turn"] is False


def test_blind_units_are_immune_to_gaze_attacks():
    s = scenario(
        FLAT,
        [unit("basilisk", "c3"), unit("vanguard", "c5", side=1, statuses=[st("blind")])],
        mode="monsters",
        foes=("basilisk",),
        first=0,
    )
    ev = act(s, "magic stony-glare c5")
    assert not kinds(ev, "roll") and "gaze" in kinds(ev, "status")[0]["why"]


def test_an_immune_unit_does_not_take_the_status():
    s = scenario(FLAT, [unit("hexer", "c1"), unit("gnawer", "c4", side=1)], mode="monsters", foes=("gnawer",))
    s.chance.force(10)
    ev = act(s, "magic blight c4")
    assert kinds(ev, "status")[0]["why"] == "immune" and statuses(s, 1) == {}


def test_auto_powers_begin_at_each_turn_or_when_their_condition_occurs():
    # Cave Flitter: Auto (Float) at the start of its turns.
    s = scenario(FLAT, [unit("vanguard", "c3", side=1), unit("flitter", "c6")], mode="monsters", foes=("goblin",))
    act(s, "end")
    assert "float" in statuses(s, 1)
    # Clay Colossus: Auto (Protect, when hit).
    s = scenario(
        FLAT,
        [unit("vanguard", "c3", side=0), unit("clay-colossus", "c4", side=1, facing="e")],
        mode="monsters",
        foes=("goblin",),
    )
    s.chance.force(7)
    act(s, "fight c4")
    assert "protect" in statuses(s, 1)
    # Bone Walker: Auto (Protect, at half HP or less).
    s = scenario(
        FLAT,
        [unit("vanguard", "c3"), unit("bonewalker", "c4", side=1, facing="e", hp=25)],
        mode="monsters",
        foes=("goblin",),
    )
    s.chance.force(7, 1)
    act(s, "fight c4")
    assert "protect" in statuses(s, 1)


def test_cures_end_negative_statuses():
    s = scenario(
        FLAT,
        [
            unit("mender", "c3"),
            unit("vanguard", "c4", statuses=[st("slow"), st("haste")]),
            unit("vanguard", "c6", side=1),
        ],
    )
    act(s, "magic purge c4")
    assert statuses(s, 1) == {"haste": 3}
    s = scenario(
        FLAT,
        [
            unit("herald", "c3"),
            unit("vanguard", "c4", statuses=[st("silence"), st("regen")]),
            unit("vanguard", "c6", side=1),
        ],
    )
    act(s, "item remedy c4")
    assert statuses(s, 1) == {"regen": 3}


@pytest.mark.parametrize(
    ("status", "skill"), [("sap", "might"), ("disabled", "charm"), ("silence", "lore"), ("immobilize", "agility")]
)
def test_each_negative_status_is_resisted_with_its_skill(status, skill):
    from comboarena.games.bit_tactics.statuses import SKILLS

    s = scenario(FLAT, [unit("herald", "c3", statuses=[st(status, 3)]), unit("vanguard", "c6", side=1)])
    tick = kinds(act(s, "end"), "tick")[0]
    assert SKILLS[tick["roll"]["skill"]] == skill
    assert tick["roll"]["die"] == view_unit(s, 0)["stats"][skill]


def test_mdmg_up_and_down():
    s = scenario(
        FLAT, [unit("evoker", "c3", statuses=[st("mdmg-up")]), unit("evoker", "c6", side=1, statuses=[st("mdmg-down")])]
    )
    assert view_unit(s, 0)["stats"]["mdmg"] == 12 + 2 and view_unit(s, 1)["stats"]["mdmg"] == 12 - 2


def test_a_resist_halves_a_statuss_duration_too():
    shell = [["shell", 3, 10, -1, 0, "none"]]  # Shell: Resist all magical attacks
    s = scenario(FLAT, [unit("hexer", "c1"), unit("vanguard", "c4", side=1, statuses=shell)])
    s.chance.force(10)
    act(s, "magic mire c4")
    assert statuses(s, 1)["slow"] == 2  # 5 turns, halved


def test_bravery_and_faith_leave_the_holders_own_defences_in_the_view():
    # "When target attacks: Enemy DEF -1": the view's stats are the unit's own, not as if it
    # attacked itself (a level-3 Vanguard: DEF 7, 2DEF 4, M.Def 3, 2M.Def 1).
    def defences(statuses):
        s = scenario(FLAT, [unit("vanguard", "c3", statuses=statuses), unit("vanguard", "c6", side=1)])
        stats = view_unit(s, 0)["stats"]
        return stats["def"], stats["def2"], stats["mdef"], stats["mdef2"]

    plain = defences([])
    assert plain == (7, 4, 3, 1)
    assert defences([st("bravery"), st("faith")]) == plain


def test_bravery_and_faith_lower_only_an_enemys_defences():
    # An area attack that catches allies (Volley, Blaze: "friend or foe") reads an ally's DEF or
    # M.Def, and its maker's own, unlowered: the words say "Enemy DEF", "Enemy M.Def".
    brave = [st("bravery", caster=0)]
    s = scenario(
        FLAT,
        [unit("ranger", "c3", statuses=brave), unit("vanguard", "c4", side=1), unit("vanguard", "d4")],
        foes=("vanguard",),
        party=("ranger", "vanguard"),
    )
    s.chance.force(2, 2, 2)
    rolls = {r["target"]: (r["def"], r["def2"]) for r in kinds(act(s, "ja volley c4"), "roll")}
    assert rolls == {1: (6, 3), 0: (3, 2), 2: (7, 4)}  # the foe lowered; the Ranger and its ally not
    faithful = [st("faith", caster=0)]
    s = scenario(
        FLAT,
        [unit("evoker", "c3", statuses=faithful), unit("mender", "c4", side=1), unit("mender", "d4")],
        foes=("mender",),
        party=("evoker", "mender"),
    )
    s.chance.force(2, 2, 2)
    rolls = {r["target"]: (r["mdef"], r["mdef2"]) for r in kinds(act(s, "magic blaze c4"), "roll")}
    assert rolls == {1: (5, 2), 0: (6, 3), 2: (6, 3)}
