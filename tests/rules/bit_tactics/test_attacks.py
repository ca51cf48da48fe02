"""Making an Attack: the result bands, crits, Resist, Guard, area attacks, two weapons,
Blind, and "an attack that hits but deals 0 DMG does not inflict its special effects"."""

import pytest

from .helpers import FLAT, act, kinds, legal, scenario, unit, view_unit

# A level-3 Vanguard: ATK d8, DMG 9 + arming sword 2 = 11. A Ditch Goblin: EVA 2, 2DEF 2, DEF 3, HP 11.
# Struck from its side (it faces east, the Vanguard comes from the south): EVA 2.


def _duel(**goblin):
    return scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "c4", side=1, facing="e", **goblin)])


def _roll(events):
    return kinds(events, "roll")[0]


def _damage(events, target=1):
    return [d["amount"] for d in kinds(events, "damage") if d["unit"] == target]


@pytest.mark.parametrize(
    ("roll", "band", "damage"),
    [(1, "miss", []), (2, "miss", []), (3, "half", [5]), (4, "full", [11]), (7, "full", [11])],
)
def test_physical_bands_at_or_under_eva_miss_at_or_under_def_half_above_full(roll, band, damage):
    s = _duel()
    s.chance.force(roll)
    ev = act(s, "fight c4")
    assert _roll(ev)["band"] == band
    assert _damage(ev) == damage


def test_at_or_under_2def_is_a_quarter():
    # A Bone Walker: EVA 1, 2DEF 3, DEF 5; from its side a roll of 2 or 3 is a quarter of 11 = 2.
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("bonewalker", "c4", side=1, facing="e")])
    s.chance.force(3)
    ev = act(s, "fight c4")
    assert _roll(ev)["band"] == "quarter" and _damage(ev) == [2]


def test_a_crit_on_the_dice_maximum_doubles_dmg():
    s = _duel()
    s.chance.force(8)
    ev = act(s, "fight c4")
    r = _roll(ev)
    assert r["crit"] and r["band"] == "full"
    assert kinds(ev, "damage")[0]["amount"] == 11  # capped by the goblin's 11 HP; the blow was 22


def test_a_crit_still_reads_the_bands_unless_crits_hit():
    # A Bog Gel (ATK d6, DMG 3) at a Vanguard (DEF 7 with plate and shield): a 6 is a crit in the half band.
    def gel(**options):
        s = scenario(FLAT, [unit("bog-gel", "c3"), unit("vanguard", "c4", side=1, facing="e")], **options)
        s.chance.force(6)
        ev = act(s, "fight c4")
        return _roll(ev), _damage(ev)

    words, dealt = gel()
    assert words["crit"] and words["def"] == 7 and words["band"] == "half" and dealt == [3]  # 3 x 2, halved
    hit, dealt = gel(crits="hit")
    assert hit["band"] == "full" and dealt == [6]


def test_blind_rolls_twice_and_keeps_the_lower():
    s = scenario(
        FLAT,
        [unit("vanguard", "c3", statuses=[["blind", 2, 8, 1, 0, "none"]]), unit("goblin", "c4", side=1, facing="e")],
    )
    s.chance.force(7, 2)
    r = _roll(act(s, "fight c4"))
    assert r["rolls"] == [7, 2] and r["roll"] == 2 and r["band"] == "miss"


def test_resist_halves_damage_a_bog_gel_resists_physical():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("bog-gel", "c4", side=1, facing="e")])
    s.chance.force(7)
    ev = act(s, "fight c4")
    assert _roll(ev)["band"] == "full" and _damage(ev) == [5]  # 11 // 2


def test_protect_resists_physical_and_shell_magical():
    prot = [["protect", 3, 10, -1, 0, "none"]]
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("mender", "c4", side=1, facing="e", statuses=prot)])
    s.chance.force(7)  # a Mender's DEF is 3: full, 11, resisted: 5
    assert _damage(act(s, "fight c4")) == [5]
    shell = [["shell", 3, 10, -1, 0, "none"]]
    m = scenario(FLAT, [unit("evoker", "c1"), unit("vanguard", "c4", side=1, facing="e", statuses=shell)])
    m.chance.force(11)  # M.Atk d12; a Vanguard's M.Def 3: full. M.Dmg 12 + rod 2 = 14, halved = 7
    assert _damage(act(m, "magic cinder c4")) == [7]


def test_guard_halves_physical_damage_until_the_guarders_next_turn():
    s = scenario(
        FLAT,
        [unit("vanguard", "c3", side=1), unit("mender", "c4", side=0, facing="e"), unit("vanguard", "d4", side=0)],
        first=2,
        foes=("vanguard",),
        party=("mender", "vanguard"),
    )
    act(s, "guard c4", "end")  # the Vanguard guards the Mender beside it
    # Turn order: mender (2), vanguard(0, side 1), ...: the foe attacks now.
    assert s.current == 0
    s.chance.force(7)
    ev = act(s, "fight c4")
    assert _damage(ev) == [5]  # 11 halved
    act(s, "end")
    # the guarded Vanguard's own turn, then the Mender's: the guard ends as its turn begins
    while s.current != 2:
        act(s, "end")
    assert not any(st[0] == "guard" for st in view_unit(s, 1)["statuses"])


def test_guard_reaches_yourself_or_an_ally_next_to_you():
    s = scenario(
        FLAT,
        [unit("mender", "c3"), unit("vanguard", "c4"), unit("ranger", "e3"), unit("goblin", "a6", side=1)],
        party=("mender", "vanguard", "ranger"),
    )
    assert sorted(m for m in legal(s) if m.startswith("guard")) == ["guard c3", "guard c4"]


def test_area_attacks_roll_for_each_target():
    s = scenario(
        FLAT,
        [unit("evoker", "c1"), unit("goblin", "c4", side=1), unit("goblin", "d4", side=1)],
        mode="monsters",
        foes=("goblin", "goblin"),
        party=("evoker",),
    )
    s.chance.force(12, 1)
    ev = act(s, "magic blaze c4")
    rolls = kinds(ev, "roll")
    assert [r["roll"] for r in rolls] == [12, 1] and [r["target"] for r in rolls] == [1, 2]
    assert rolls[0]["band"] == "full" and rolls[1]["band"] == "miss"


def test_an_area_attack_gains_its_maker_one_limit_however_many_it_hits():
    s = scenario(
        FLAT,
        [unit("evoker", "c1"), unit("vanguard", "c4", side=1), unit("vanguard", "d4", side=1)],
        foes=("vanguard", "vanguard"),
        party=("evoker",),
    )
    s.chance.force(11, 11)
    ev = act(s, "magic blaze c4")
    assert [d["unit"] for d in kinds(ev, "limit")] == [1, 2, 0]
    assert view_unit(s, 0)["limit"] == 1


def test_two_weapons_fight_makes_a_separate_attack_with_each():
    # A level-3 Scout with Twin Blades: a dirk and a venom dirk.
    s = scenario(FLAT, [unit("scout", "c3"), unit("mender", "c4", side=1, facing="e")])
    s.chance.force(7, 7)
    ev = act(s, "fight c4")
    assert len(kinds(ev, "roll")) == 2
    assert [d["status"] for d in kinds(ev, "status")] == ["sap"]  # only the venom dirk saps


def test_a_job_ability_with_two_weapons_chooses_the_weapon():
    s = scenario(FLAT, [unit("scout", "c3"), unit("mender", "c4", side=1, facing="e")])
    moves = legal(s)
    assert "ja backstab c4" in moves and "ja backstab c4 off" in moves
    s.chance.force(7)
    ev = act(s, "ja backstab c4 off")
    assert [d["status"] for d in kinds(ev, "status")] == ["sap"]


def test_a_hit_for_zero_damage_has_no_special_effect():
    # Shield Bash (knockback 1) on a Clay Colossus, quartered and resisted: 0 damage, no knockback.
    s = scenario(
        FLAT,
        [
            unit("vanguard", "c3", level=1),
            unit("clay-colossus", "c4", side=1, facing="e", statuses=[["protect", 3, 4, -1, 0, "none"]]),
        ],
    )
    s.chance.force(3)
    ev = act(s, "ja shield-bash c4")
    assert _roll(ev)["band"] == "quarter"
    assert _damage(ev) == [0] and not kinds(ev, "knockback")


@pytest.mark.parametrize(
    ("roll", "band", "damage"),
    [
        (1, "miss", []),
        (2, "fully resisted", [3]),
        (3, "partially resisted", [7]),
        (6, "partially resisted", [7]),
        (7, "full", [14]),
    ],
)
def test_magical_bands(roll, band, damage):
    """At or under M.Eva: nothing; under 2M.Def: a quarter; at or under M.Def: half; above: full."""
    # An Evoker (M.Atk d12, M.Dmg 12 + rod 2 = 14) at a Mender (M.Eva 1, 2M.Def 3, M.Def 5 + robe 1 = 6).
    s = scenario(FLAT, [unit("evoker", "c1"), unit("mender", "c4", side=1)], foes=("mender",))
    s.chance.force(roll)
    ev = act(s, "magic cinder c4")
    assert _roll(ev)["band"] == band and _damage(ev) == damage


def test_partially_resisted_status_lasts_half_and_fully_resisted_gives_none():
    # A Hexer (M.Atk d10: Slow for 5 turns) at a Mender (M.Eva 1, 2M.Def 3, M.Def 6).
    def mire(roll):
        s = scenario(FLAT, [unit("hexer", "c1"), unit("mender", "c4", side=1)], foes=("mender",))
        s.chance.force(roll)
        ev = act(s, "magic mire c4")
        return _roll(ev)["band"], [(d["status"], d["turns"]) for d in kinds(ev, "status")]

    assert mire(1) == ("miss", [])
    assert mire(2) == ("fully resisted", [])
    assert mire(5) == ("partially resisted", [("slow", 2)])
    assert mire(9) == ("full", [("slow", 5)])
