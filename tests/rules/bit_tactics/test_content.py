"""The content pack: what ships, and the schema checks that name the file, the line,
the field and what is allowed."""

import shutil
from pathlib import Path

import pytest

from comboarena.games.bit_tactics.board import board_of
from comboarena.games.bit_tactics.content import HERE, ContentError, load_pack, pack
from comboarena.games.bit_tactics.maps import (
    BOULDER,
    DEEP,
    DOOR,
    SLOPE,
    WALL,
    WATER,
    load_map_file,
    parse_map,
    shipped_maps,
)


def test_the_pack_covers_every_role_with_at_least_eight_jobs():
    p = pack()
    assert len(p.jobs) >= 8
    assert {j.role for j in p.jobs.values()} >= {"melee", "ranged", "speed", "support", "healing", "magic", "status"}
    for j in p.jobs.values():
        kinds = {p.abilities[i].kind for i in j.abilities}
        assert "ja" in kinds or "spell" in kinds
    kinds = {p.abilities[i].kind for j in p.jobs.values() for i in j.abilities}
    assert kinds == {"ja", "spell", "reaction", "support", "movement"}


def test_gear_has_the_rulebooks_weapon_traits_and_items_heal_restore_cure_revive():
    p = pack()
    weapons = p.weapons.values()
    assert any(w.long for w in weapons) and any(w.reach for w in weapons)
    assert {w.type for w in weapons if w.ranged} == {"bow", "gun", "xbow", "throw"}
    assert {a.kind for a in p.ammo.values()} == {1, 2, 3, 4}
    items = p.items.values()
    assert any(i.heal for i in items) and any(i.mp for i in items) and any(i.cure for i in items)
    assert any(i.revive for i in items)


def test_monsters_from_level_1_to_10_with_their_powers():
    p = pack()
    ms = list(p.monsters.values())
    assert len(ms) >= 12 and {m.level for m in ms} >= {1, 10}
    assert any(m.resist for m in ms) and any(m.auto for m in ms) and any(m.immune for m in ms)
    abilities = [p.abilities[i] for m in ms for i in m.abilities]
    assert any(a.statuses for a in abilities) and any(a.knockback for a in abilities) and any(a.gaze for a in abilities)
    assert any(a.status == 23 for m in ms for a in m.auto)  # Float
    assert all(p.abilities[m.limit].attack for m in ms)


def test_the_maps_use_every_terrain_rule():
    maps = shipped_maps()
    assert len(maps) >= 5 and all(8 <= m.width <= 12 and 8 <= m.height <= 12 for m in maps.values())
    terrain = {t for m in maps.values() for t in m.terrain}
    assert {WATER, DEEP, WALL, DOOR, BOULDER, SLOPE} <= terrain
    assert {1, 2, 3} <= {x for m in maps.values() for x in m.mod}
    assert {"rout", "reach", "survive"} == {m.objective for m in maps.values()}
    # a gap to jump across, and a cliff of 3 HT or more to fall from
    from comboarena.games.bit_tactics.board import Profile

    p = Profile(False, False, 3, False)
    assert any(e.gap >= 0 for m in maps.values() for es in board_of(m).edges(p) for e in es)
    assert any(max(m.ht) - min(m.ht) >= 3 for m in maps.values())


def copy_pack(tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    shutil.copytree(HERE / "jobs", root / "jobs")
    for name in ("gear.toml", "monsters.toml", "presets.toml"):
        shutil.copy(HERE / name, root / name)
    return root


def test_a_bad_job_field_names_the_file_line_field_and_what_is_allowed(tmp_path):
    root = copy_pack(tmp_path)
    path = root / "jobs" / "vanguard.toml"
    path.write_text(path.read_text().replace("mov = 4", 'mov = "fast"'))
    with pytest.raises(ContentError) as info:
        load_pack(root)
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if t.startswith("mov ="))
    assert (
        str(info.value)
        == f"jobs/vanguard.toml, line {line}: stats: field 'mov' must be a whole number from 1 to 8, got 'fast'"
    )


def test_a_bad_ability_names_the_ability(tmp_path):
    root = copy_pack(tmp_path)
    path = root / "jobs" / "evoker.toml"
    path.write_text(path.read_text().replace('element = "frost"', 'element = "ice"'))
    with pytest.raises(
        ContentError,
        match=r"jobs/evoker.toml, line \d+: abilities\[1\] 'Rime': field 'element' must be one of none, fire, frost",
    ):
        load_pack(root)


def test_unknown_fields_and_bad_dice_are_refused(tmp_path):
    root = copy_pack(tmp_path)
    path = root / "monsters.toml"
    path.write_text(path.read_text().replace("atk = 8\nmatk = 4", "atk = 7\nmatk = 4", 1))
    with pytest.raises(
        ContentError, match=r"monsters.toml, line \d+: monster\[1\] 'Ditch Goblin': field 'atk' must be a die size"
    ):
        load_pack(root)
    root = copy_pack(tmp_path / "b")
    path = root / "gear.toml"
    path.write_text(path.read_text().replace('dmg = 2\ntext = "A plain', 'dmg = 2\nsharpness = 3\ntext = "A plain'))
    with pytest.raises(
        ContentError, match=r"gear.toml, line \d+: weapon\[0\] 'Arming Sword': field 'sharpness' is not a field here"
    ):
        load_pack(root)


MAP = """title: T
3 | 0. 0. 0.
2 | 0. 0. 0.
1 | 0. 0. 0.
deploy 1: a1
deploy 2: c3
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace("2 | 0. 0. 0.", "2 | 0. 0x 0."),
            "bad.txt, line 3: square b2 cannot be read: write a height digit 0-9, a terrain",
        ),
        (
            lambda t: t.replace("2 | 0. 0. 0.", "2 | 0. 0."),
            "bad.txt, line 3: rank 2 has 2 squares; the first row has 3",
        ),
        (
            lambda t: t.replace("deploy 2: c3", "deploy 2: d9"),
            "bad.txt, line 6: the squares must be on this 3x3 map (a1-c3)",
        ),
        (
            lambda t: t.replace("2 | 0. 0. 0.", "2 | 0. 0D 0."),
            "bad.txt: square b2 is a rune door; describe it with 'feature b2: door lore",
        ),
        (lambda t: t + "objective: hold\n", "bad.txt, line 7: objective must be rout, reach <square> or survive"),
        (lambda t: t.replace("deploy 2: c3", "deploy 2: a1"), "bad.txt, line 6: a1 is in both deployment zones"),
    ],
)
def test_map_errors_name_the_file_and_line(change, message):
    with pytest.raises(ContentError) as info:
        parse_map(change(MAP), "bad.txt")
    assert str(info.value).startswith(message)


def test_a_missing_map_file_is_a_clear_error(tmp_path):
    with pytest.raises(ContentError, match="cannot read the map file"):
        load_map_file(tmp_path / "nope.txt")


def test_every_shipped_map_round_trips_through_its_text():
    for m in shipped_maps().values():
        again = parse_map(m.to_text(), m.source, m.id)
        assert again._replace(source=m.source) == m


def test_an_ability_without_a_range_has_rng_1_and_an_area_one_rng_0(tmp_path):
    root = copy_pack(tmp_path)
    path = root / "jobs" / "vanguard.toml"
    text = path.read_text()
    text += '\n[[abilities]]\nid = "poke"\nname = "Poke"\nkind = "ja"\nattack = "physical"\ndamage = "dmg"\n'
    text += '\n[[abilities]]\nid = "stomp"\nname = "Stomp"\nkind = "ja"\nattack = "physical"\ndamage = "dmg"\nae = 1\n'
    path.write_text(text)
    p = load_pack(root)
    assert p.ability("poke").range == 1 and p.ability("stomp").range == 0
