"""The fighter files: the shipped content, and the schema checks a designer relies on."""

import copy
import tomllib

import pytest

from comboarena.games.combo_fighter.content import (
    ATTACK,
    DEFENSE,
    FIGHTERS_DIR,
    FOOTWORK,
    FighterDataError,
    fighters,
    load_fighter,
    load_fighter_file,
)


def raw(fighter="boris"):
    return tomllib.loads((FIGHTERS_DIR / f"{fighter}.toml").read_text(encoding="utf-8"))


def test_the_four_fighters_of_the_rulebook_ship_as_data():
    table = fighters()
    assert list(table) == ["boris", "grace", "junior", "lucia"]
    assert [f.name for f in table.values()] == ["Boris Wolfram", "Grace Lee", "Junior Aurelus", "Lucia IJzer"]
    for f in table.values():
        assert len(f.composition) == 50 and len(f.starting_hand) == 5
        assert 3 <= len(f.signatures) <= 5
        assert {c.kind for c in f.cards} == {ATTACK, DEFENSE, FOOTWORK}
        assert all(c.speed > 0 for c in f.cards if c.kind == ATTACK)
        assert all(f.token.sides[i].name for i in (0, 1))


def test_the_content_covers_x_damage_and_a_retroactive_power():
    table = fighters()
    assert any(c.combo.x for f in table.values() for c in f.cards)
    assert any(side.has_x for f in table.values() for side in f.token.sides)
    assert any(side.retro for f in table.values() for side in f.token.sides)
    assert table["grace"].token.start_aside == (table["grace"].index["ps"],) and table["grace"].token.aside_play
    assert table["junior"].token.sides[0].combo_aside == frozenset({table["junior"].index["nd"]})
    assert table["lucia"].token.sides[1].hand == 6


def test_the_styles_differ():
    def share(f, kind):
        return sum(1 for t in f.composition if f.cards[t].kind == kind) / 50

    table = fighters()
    boris, grace, junior, lucia = (table[i] for i in ("boris", "grace", "junior", "lucia"))
    assert share(boris, DEFENSE) == max(share(f, DEFENSE) for f in table.values())  # the counter-puncher
    assert share(lucia, FOOTWORK) == max(share(f, FOOTWORK) for f in table.values())  # the footwork specialist

    def speed(f):
        attacks = [f.cards[t].speed for t in f.composition if f.cards[t].kind == ATTACK]
        return sum(attacks) / len(attacks)

    assert speed(grace) == max(speed(f) for f in table.values())  # the fast striker
    assert any(c.combo.x for c in junior.cards) and junior.token.sides[0].x_per_aside  # the setup fighter


def broken(change, fighter="boris"):
    data = copy.deepcopy(raw(fighter))
    change(data)
    with pytest.raises(FighterDataError) as info:
        load_fighter(data, f"fighters/{fighter}.toml", expected_id=fighter)
    return str(info.value)


def test_errors_name_the_file_the_card_and_the_field():
    def fast(d):
        d["cards"][0]["speed"] = "fast"

    assert broken(fast) == (
        "fighters/boris.toml: card 'Hammer Fist' (cards[0]): field 'speed' must be an integer from 1 to 9, got 'fast'"
    )

    def missing(d):
        del d["cards"][4]["combo_box"]

    assert "card 'Iron Wall' (cards[4]): missing field 'combo_box'" in broken(missing)

    def typo(d):
        d["cards"][2]["comb_box"] = d["cards"][2].pop("combo_box")

    assert "card 'Wolf Bite' (cards[2]): unknown field 'comb_box'" in broken(typo)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][0].update(count=3), "the counts add up to 49 cards; an Action Deck has 50"),
        (lambda d: d["cards"][1].update(code="hf"), "field 'code': 'hf' is already used by 'Hammer Fist'"),
        (lambda d: d["cards"][1].update(code="end"), "field 'code' must be 2-4 lowercase letters"),
        (lambda d: d["cards"][4].update(speed=3), "field 'speed' is for attack cards"),
        (lambda d: d["cards"][0].update(priority=True), "field 'priority' is for defense and footwork cards"),
        (lambda d: d["cards"][0].update(combo="Y"), "field 'combo' must be an integer 0-30 or X, 2X, X+1"),
        (lambda d: d["cards"][0].update(opening=0), "field 'opening' must be an integer from 1 to 30"),
        (lambda d: d["cards"][0].update(kind="grapple"), "field 'kind' must be one of attack, defense, footwork"),
        (lambda d: d["cards"][0].update(combo_box=["star"]), "field 'combo_box' must list distinct buttons"),
        (lambda d: d.update(starting_hand=["hf"]), "starting_hand: must name exactly 5 cards, got 1"),
        (lambda d: d.update(starting_hand=["hf", "zz", "cc", "pa", "hs"]), "no card has code 'zz'"),
        (lambda d: d.update(colour="grey"), "unknown field 'colour'"),
        (lambda d: d.update(id="bear"), "field 'id' is 'bear' but the file is named boris.toml"),
        (lambda d: d.update(signatures=d["signatures"][:2]), "a Character Sheet shows 3 to 5 [[signatures]]"),
        (
            lambda d: d["signatures"][0]["basic"].update(cards=["hf", "iw"]),
            "signature 'Wolf Trap' (signatures[0]) basic: field 'cards': 'iw' (triangle) cannot follow 'hf'",
        ),
        (
            lambda d: d["signatures"][1]["basic"].update(cards=["cc", "hf", "bk"]),
            "field 'cards' is the same sequence as Wolf Trap basic",
        ),
        (lambda d: d["signatures"][0]["basic"].update(requires="C"), "field 'requires' may only be \"B\""),
        (lambda d: d["power"].update(hook="boris"), "power: unknown field 'hook'"),
        (lambda d: d["solo"].update(flip="dance"), "solo: field 'flip' must be drawn:<kind>:<count> or asided:"),
        (lambda d: d["solo"].update(aside_play="always"), "solo: field 'aside_play' may only be \"knockout\""),
        (lambda d: d["solo"].update(draws={"c": 5}), "solo.draws: unknown field 'c'"),
        (lambda d: d["solo"].update(start_aside=["zz"]), "solo: field 'start_aside': no card has code 'zz'"),
        (lambda d: d.update(id="deck"), "field 'id' must be lowercase letters and not a notation word"),
        (lambda d: d["power"]["a"].update(flip="dance"), "field 'flip' must be win, win:<kind>, lose"),
        (
            lambda d: d["power"]["b"].pop("x"),
            "power.b: card 'Counter Crush' deals X damage, so this side must define 'x'",
        ),
        (
            lambda d: d["power"]["a"].update(retro={"speed": 0}),
            "power.a.retro: field 'speed' must be an integer from 1 to 9",
        ),
        (lambda d: d["power"]["a"].update(hand=9), "field 'hand' must be an integer from 5 to 7"),
    ],
)
def test_schema_problems_are_reported(change, message):
    assert message in broken(change)


def test_every_power_is_printed_where_the_players_read_it():
    # "Only the rules printed on the side facing up are active": Phoenix Strike's place beside
    # the token (both sides) must be printed on the token, not only in the data.
    def silent(d):
        del d["power"]["text"]

    assert "power: the token sets cards aside or plays them from beside it on both sides, so it must print" in (
        broken(silent, "grace")
    )

    def vague(d):
        d["power"]["text"] = "A card begins each fight beside this token."

    assert "field 'start_aside' sets aside 'Phoenix Strike', so the text printed there must name it" in (
        broken(vague, "grace")
    )

    def needles(d):
        d["power"]["a"]["text"] = "X is 1 more than the number of cards set aside."

    assert "power.a: field 'combo_aside' sets aside 'Needle'" in broken(needles, "junior")

    def solo_needles(d):
        d["solo"]["text"] = "Junior plays hard."

    assert "solo: field 'start_aside' sets aside 'Needle'" in broken(solo_needles, "junior")


def test_the_shipped_tokens_print_their_powers():
    table = fighters()
    grace, junior = table["grace"], table["junior"]
    assert "Phoenix Strike" in grace.token.text and grace.token.start_aside and grace.token.aside_play
    assert "Needle" in junior.token.sides[0].text and "Needles" in junior.solo.text
    for f in table.values():
        assert f.solo.text and all(side.text for side in f.token.sides)


def test_the_solo_rules_are_data_added_to_the_tokens():
    table = fighters()
    boris, grace, junior, lucia = (table[i] for i in ("boris", "grace", "junior", "lucia"))
    assert boris.solo.flip == ("drawn", DEFENSE, 2)
    assert grace.solo.aside_knockout and not boris.solo.aside_knockout
    assert junior.solo.start_aside == (junior.index["nd"],) * 2 and junior.solo.prefer_aside == 3
    assert junior.solo.flip == ("asided", -1, 1)
    assert lucia.solo.draws == (4, 5) and boris.solo.draws == (4, 4)


def test_a_card_set_aside_at_the_start_cannot_also_be_in_the_starting_hand():
    def phoenix_in_hand(d):
        d["starting_hand"] = ["ps", "lj", "sk", "cp", "wd"]

    assert "names 1 x 'ps' but only 0 can be in hand" in broken(phoenix_in_hand, "grace")


def test_file_errors_name_the_file(tmp_path):
    path = tmp_path / "ken.toml"
    path.write_text("id = 'ken'\nname = [", encoding="utf-8")
    with pytest.raises(FighterDataError, match=r"ken.toml: not valid TOML"):
        load_fighter_file(path)
    with pytest.raises(FighterDataError, match="cannot read the file"):
        load_fighter_file(tmp_path / "nobody.toml")
    path.write_text((FIGHTERS_DIR / "boris.toml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(FighterDataError, match="field 'id' is 'boris' but the file is named ken.toml"):
        load_fighter_file(path)


def test_a_card_code_may_not_be_a_fighters_id(tmp_path, monkeypatch):
    from comboarena.games.combo_fighter import content

    for f in ("boris", "grace"):
        (tmp_path / f"{f}.toml").write_text((FIGHTERS_DIR / f"{f}.toml").read_text(encoding="utf-8"))
    text = (FIGHTERS_DIR / "lucia.toml").read_text(encoding="utf-8").replace('id = "lucia"', 'id = "hf"')
    (tmp_path / "hf.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(content, "FIGHTERS_DIR", tmp_path)
    content.fighters.cache_clear()
    try:
        with pytest.raises(FighterDataError, match="card 'Hammer Fist': field 'code' 'hf' is the id of the fighter"):
            content.fighters()
    finally:
        content.fighters.cache_clear()


def test_catalog_is_each_seats_printed_fighter_and_json_safe():
    import json

    import comboarena as ca

    game = ca.make("combo-fighter", fighters=("junior", "lucia"))
    sheets = json.loads(json.dumps(game.catalog()))["fighters"]
    assert [s["id"] for s in sheets] == ["junior", "lucia"]
    for sheet in sheets:
        assert sum(card["copies"] for card in sheet["cards"].values()) == 50
        assert sheet["signatures"] and len(sheet["token"]["sides"]) == 2
    assert ca.make("sixteen").catalog() is None
