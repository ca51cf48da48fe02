"""Limit and Limit Attacks, Combo status, magical Limit Attacks."""

import pytest

from comboarena.core import IllegalAction

from .helpers import FLAT, act, kinds, legal, scenario, unit, view_unit


def test_hitting_with_or_being_hit_by_a_damaging_attack_gains_one_limit():
    s = scenario(FLAT, [unit("lancer", "c3"), unit("mender", "c4", side=1, facing="e")])
    s.chance.force(6)
    act(s, "fight c4")
    assert (view_unit(s, 0)["limit"], view_unit(s, 1)["limit"]) == (1, 1)
    s = scenario(FLAT, [unit("lancer", "c3"), unit("mender", "c4", side=1, facing="e")])
    s.chance.force(1)
    act(s, "fight c4")
    assert (view_unit(s, 0)["limit"], view_unit(s, 1)["limit"]) == (0, 0)


def test_limit_is_capped_at_20():
    s = scenario(FLAT, [unit("lancer", "c3", limit=20), unit("mender", "c4", side=1, facing="e")])
    s.chance.force(6)
    act(s, "fight c4")
    assert view_unit(s, 0)["limit"] == 20


def test_ten_limit_makes_a_limit_attack_that_spends_it_all_crits_and_gives_combo():
    s = scenario(FLAT, [unit("lancer", "c3", limit=14), unit("vanguard", "c4", side=1, facing="e", reaction="")])
    assert "limit c4" in legal(s)
    s.chance.force(5)  # a 5 on the d10 is a half hit (DEF 7): crit 2 x 11 = 22, halved: 11
    ev = act(s, "limit c4")
    r = kinds(ev, "roll")[0]
    assert r["crit"] and r["band"] == "half" and kinds(ev, "damage")[0]["amount"] == 11
    assert {"unit": 1, "status": "combo", "turns": 1, "by": 0, "why": "limit"} in kinds(ev, "status")
    assert view_unit(s, 0)["limit"] == 1  # 14 spent, then 1 for the hit


def test_under_ten_limit_there_is_no_limit_attack():
    s = scenario(FLAT, [unit("lancer", "c3", limit=9), unit("vanguard", "c4", side=1)])
    assert "limit c4" not in legal(s)
    with pytest.raises(IllegalAction, match="needs 10 Limit; you have 9"):
        act(s, "limit c4")


def test_combo_status_adds_five_times_the_attackers_level_until_the_end_of_its_next_turn():
    combo = [["combo", 1, 0, 0, 0, "none"]]
    s = scenario(
        FLAT, [unit("lancer", "c3"), unit("vanguard", "c4", side=1, facing="e", statuses=combo, level=8, reaction="")]
    )
    s.chance.force(8)  # full: 11 + 5 x 3 = 26
    assert kinds(act(s, "fight c4"), "damage")[0]["amount"] == 26
    act(s, "end")
    ev = act(s, "end")  # the Vanguard's turn ends: its Combo with it
    assert {"unit": 1, "status": "combo", "why": "ran out"} in kinds(ev, "expire")


def test_a_magical_limit_attack_needs_a_target_with_combo_and_does_not_renew_it():
    combo = [["combo", 1, 0, 0, 0, "none"]]
    s = scenario(FLAT, [unit("evoker", "c1", limit=10), unit("mender", "c4", side=1)])
    assert "limit cinder c4" not in legal(s)
    with pytest.raises(IllegalAction, match="Combo"):
        act(s, "limit cinder c4")
    s = scenario(FLAT, [unit("evoker", "c1", limit=10), unit("vanguard", "c4", side=1, statuses=combo, level=8)])
    s.chance.force(2)  # partially resisted (M.Def 3), but a crit: (14 x 2 + 15) // 2 = 21
    ev = act(s, "limit cinder c4")
    assert kinds(ev, "roll")[0]["crit"] and kinds(ev, "damage")[0]["amount"] == 21
    assert not any(d["status"] == "combo" for d in kinds(ev, "status"))


def test_a_monster_makes_its_own_limit_attack():
    s = scenario(FLAT, [unit("goblin", "c3", limit=10), unit("mender", "c4", side=1, facing="e")], mode="monsters")
    s.chance.force(5)  # Frenzy Stab: DMG 3 + 1 (knife) + 3 (a Base), crit: 14
    ev = act(s, "limit c4")
    assert kinds(ev, "damage")[0]["amount"] == 14


def test_silence_stops_a_monsters_limit_spell_but_not_its_other_limit_attacks():
    # "Silence: Target may not cast spells": the Cinder Imp's Limit Attack, Flare Burst, is a spell.
    silence = [["silence", 3, 8, 1, 0, "none"]]
    combo = [["combo", 1, 0, 0, 0, "none"]]
    foe = unit("vanguard", "c5", side=1, facing="e", statuses=combo)
    s = scenario(FLAT, [unit("imp", "c3", limit=10), foe], mode="monsters")
    assert "limit c5" in legal(s)
    s = scenario(FLAT, [unit("imp", "c3", limit=10, statuses=silence), foe], mode="monsters")
    assert not [a for a in legal(s) if a.startswith(("limit", "magic"))]
    before = s.clone()
    with pytest.raises(IllegalAction, match="Silence: you may not cast spells"):
        act(s, "limit c5")
    assert s == before
    # A goblin's Frenzy Stab is no spell: Silence leaves it.
    goblin = unit("goblin", "c3", limit=10, statuses=silence)
    s = scenario(FLAT, [goblin, unit("mender", "c4", side=1)], mode="monsters")
    assert "limit c4" in legal(s)


def test_each_attack_of_a_two_weapon_fight_gains_its_maker_one_limit():
    # "you make a separate attack with each ... Complete each attack normally": a level-3 Scout's
    # dirk and venom dirk are two attacks, each that deals damage gains the Scout 1 Limit.
    def duel(limit=0):
        return scenario(FLAT, [unit("scout", "c3", limit=limit), unit("mender", "c4", side=1, facing="e")])

    s = duel()
    s.chance.force(7, 7)  # both hit (the Mender's EVA 1, DEF 3 from the side)
    ev = act(s, "fight c4")
    assert [d["unit"] for d in kinds(ev, "limit")] == [1, 0, 1, 0]  # each attack completed in turn
    assert (view_unit(s, 0)["limit"], view_unit(s, 1)["limit"]) == (2, 2)
    s = duel()
    s.chance.force(7, 1)  # the second misses: no Limit for it
    act(s, "fight c4")
    assert (view_unit(s, 0)["limit"], view_unit(s, 1)["limit"]) == (1, 1)
    s = duel(limit=10)
    s.chance.force(7, 7)  # a Limit Attack is a Fight: 10 spent, then 1 for each attack
    act(s, "limit c4")
    assert view_unit(s, 0)["limit"] == 2
