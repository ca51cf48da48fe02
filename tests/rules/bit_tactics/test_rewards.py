"""Rewards and levels, and campaigns: XP and AP carry over, jobs change between battles,
Limit is halved between linked battles."""

import pytest

import comboarena as ca
from comboarena.games.bit_tactics.campaign import campaign_text, find_campaign, parse_campaign_text
from comboarena.games.bit_tactics.content import pack
from comboarena.games.bit_tactics.rewards import XP_BY_LEVEL, award, level_for
from comboarena.games.bit_tactics.units import preset_build, sheet_of

from .helpers import FLAT, act, kinds, scenario, unit


def test_xp_by_enemy_level_is_the_rulebooks_table():
    assert XP_BY_LEVEL[1:] == (1, 3, 6, 10, 15, 21, 28, 36, 45, 55)


def test_the_difficulty_modifier_and_rounding_follow_the_rulebooks_examples():
    assert award([1, 1, 1, 1], pcs=4) == 4
    assert award([1, 1, 1], pcs=6) == 2  # 1.5 rounds to 2
    assert award([2, 3], pcs=4, enemies=4) == 9  # (3 + 6) x 4/4


def test_levels_follow_the_table_or_the_texts_25_xp_with_xp_table_text():
    assert [level_for(x) for x in (0, 9, 10, 39, 40, 1650)] == [1, 1, 2, 2, 3, 10]
    assert [level_for(x, "text") for x in (10, 24, 25)] == [1, 1, 2]


def test_hp_mp_dmg_and_mdmg_add_up_what_each_levels_job_gains():
    mixed = preset_build("vanguard", 3)._replace(history=("vanguard", "evoker", "evoker"))
    s = sheet_of(mixed, 0, 0)
    p = pack()
    v, e = p.jobs["vanguard"], p.jobs["evoker"]
    plate = p.armours["plate"]
    assert (s.hp, s.mp, s.dmg, s.mdmg) == (
        v.hp + 2 * e.hp + plate.hp,
        v.mp + 2 * e.mp + plate.mp,
        v.dmg + 2 * e.dmg,
        v.mdmg + 2 * e.mdmg,
    )
    assert s.base_dmg == v.dmg  # the current job's Base


def test_spells_cost_mp_equal_to_their_ap_unless_noted():
    p = pack()
    spells = [a for a in p.abilities if a.kind == "spell" and a.source.startswith("jobs/")]
    assert spells and all(a.mp == a.ap for a in spells)


def test_a_battle_against_monsters_awards_xp():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "c4", side=1, hp=1)], mode="monsters")
    s.chance.force(7)
    ev = act(s, "fight c4")
    assert kinds(ev, "rewards") == [{"award": 1, "base": 1, "enemies": 1, "pcs": 1, "defeated": 1}]


def _win_battle(state):
    """Play the party's side with its first attack (the die forced to its best), moving
    toward the foe otherwise; the monsters end their turns. Returns the events."""
    events = []
    while not state.is_over and state.view(None)["phase"] == "battle":
        (seat,) = state.to_act
        view = state.view(None)
        legal = [str(a) for a in state.legal_actions(seat)]
        if seat == 0:
            me = view["units"][view["queue"]["current"]]
            attack = next((m for m in legal if m.startswith(("fight", "magic cinder", "magic spark"))), None)
            if attack:
                state.chance.force(me["stats"]["matk" if "magic" in attack else "atk"])
                events += state.apply(seat, attack)
                continue
            foe = [u for u in view["units"] if u["side"] == 1 and not u["ko"]]
            mv = [m for m in legal if m.startswith("move")]
            if mv and foe and not view["turn"]["moved"]:
                target = foe[0]["square"]
                best = min(mv, key=lambda m: abs(ord(m[5]) - ord(target[0])) + abs(int(m[6:]) - int(target[1:])))
                events += state.apply(seat, best)
                continue
        events += state.apply(seat, "end")
    return events


def test_a_campaign_carries_xp_ap_levels_and_halved_limit_into_the_next_battle():
    game = ca.make("16-bit-tactics", mode="campaign")
    s = game.new_state(seed=5)
    assert s.view(None)["phase"] == "camp"
    s.apply(0, "ready")
    _win_battle(s)
    v = s.view(None)
    assert v["phase"] == "camp" and v["battle"] == 1 and v["rewards"]["award"] == 8  # 1 + 1 + 3 + 3
    ada = v["roster"][0]
    assert ada["xp"] == 8 and ada["ap"] == {"vanguard": 8}
    assert all(r["limit"] <= 10 for r in v["roster"])


def test_at_camp_a_unit_learns_with_its_jobs_ap_and_changes_job():
    game = ca.make("16-bit-tactics", mode="campaign", campaign=_campaign_file(xp=45, ap={"vanguard": 30}))
    s = game.new_state(seed=1)
    legal = [str(a) for a in s.legal_actions(0)]
    assert "learn ada rally" in legal and "learn ada sunder" in legal and "learn ada counter" in legal
    assert "learn ada power-stance" not in legal  # 60 AP
    s.apply(0, "learn ada sunder")
    ada = s.view(None)["roster"][0]
    assert "sunder" in ada["learned"] and ada["ap"] == {}  # 30 - 30
    s.apply(0, "job ada scout")
    assert s.view(None)["roster"][0]["job"] == "scout"
    s.apply(0, "ready")
    units = s.view(None)["units"]
    assert units[0]["title"] == "Scout" and units[0]["level"] == 3  # 45 XP: level 3, stats from history


def test_levels_gained_in_a_battle_use_that_battles_job():
    game = ca.make("16-bit-tactics", mode="campaign", campaign=_campaign_file(xp=9, job="evoker"))
    s = game.new_state(seed=2)
    s.apply(0, "ready")
    events = _win_battle(s)
    ada = s.view(None)["roster"][0]
    assert ada["xp"] >= 10 and ada["history"] == ["evoker", "evoker"]
    assert {"unit": "ada", "level": 2, "job": "evoker"} in kinds(events, "level_up")


def _campaign_file(xp=0, ap=None, job="vanguard"):
    c = find_campaign("first-march")
    text = campaign_text(c)
    ap_text = "{ " + ", ".join(f"{k} = {v}" for k, v in (ap or {}).items()) + " }" if ap else "{}"
    text = text.replace(
        'name = "ada"\njob = "vanguard"\nxp = 0\nhistory = ["vanguard"]\nap = {}',
        f'name = "ada"\njob = "{job}"\nxp = {xp}',
    )
    text = text.replace('learned = ["shield-bash"]', "" if job != "vanguard" else 'learned = ["shield-bash"]', 1)
    text = text.replace('name = "ada"', 'name = "ada"', 1)
    if ap:
        text = text.replace(
            f'name = "ada"\njob = "{job}"\nxp = {xp}', f'name = "ada"\njob = "{job}"\nxp = {xp}\nap = {ap_text}'
        )
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "camp.toml"
    path.write_text(text, encoding="utf-8")
    parse_campaign_text(text, str(path), "camp")
    return str(path)


def test_a_campaign_file_round_trips_and_bad_ones_name_the_line():
    c = find_campaign("first-march")
    again = parse_campaign_text(campaign_text(c), "x.toml", "first-march")
    assert again._replace(source=c.source) == c
    bad = campaign_text(c).replace('job = "ranger"', 'job = "archer"')
    with pytest.raises(Exception, match=r"x.toml, line \d+: unit\[1\]: field 'job' must be one of evoker, herald"):
        parse_campaign_text(bad, "x.toml", "x")


def test_limit_is_halved_between_linked_battles():
    game = ca.make("16-bit-tactics", mode="campaign")
    s = game.new_state(seed=5)
    s.apply(0, "ready")
    events = _win_battle(s)
    last = {}
    for d in kinds(events, "limit"):
        last[d["unit"]] = d["limit"]
    roster = s.view(None)["roster"]
    assert any(last.get(i, 0) >= 2 for i in range(4))
    assert [r["limit"] for r in roster] == [last.get(i, 0) // 2 for i in range(4)]


def test_the_xp_table_option_sets_the_level_a_campaign_unit_has():
    path = _campaign_file(xp=20)
    assert ca.make("16-bit-tactics", mode="campaign", campaign=path).new_state(seed=1).view(None)["roster"][0][
        "history"
    ] == ["vanguard", "vanguard"]


def test_a_secondary_jobs_learned_abilities_are_usable():
    s = scenario(
        FLAT,
        [
            unit("vanguard", "c3", secondary="mender", learned=["shield-bash", "mend"], reaction="", hp=10),
            unit("goblin", "f6", side=1),
        ],
    )
    assert "magic mend c3" in [str(a) for a in s.legal_actions(0)]
    ev = act(s, "magic mend c3")
    mp = kinds(ev, "mp")[0]
    assert mp["amount"] == -5 and kinds(ev, "heal")[0]["amount"] == 3  # MP = AP 5; M.Dmg 3
