"""Notation, positions, views and determinization: nothing is hidden, every roll is in
the events, and a determinization keeps everything but the future dice."""

import json
import random

import pytest

import comboarena as ca
from comboarena.core import IllegalAction, NotationError, PositionError

from .helpers import FLAT, act, kinds, legal, scenario, unit


@pytest.mark.parametrize(
    "text",
    [
        "move c4",
        "face n",
        "fight d5",
        "ja shield-bash d5",
        "ja backstab d5 off",
        "magic cinder e6",
        "item tonic b2",
        "guard b3",
        "limit d5",
        "limit cinder d5",
        "skill lore e4",
        "end",
        "job ada scout",
        "learn ada cinder",
        "equip ada counter",
        "remove ada counter",
        "secondary ada none",
        "ready",
    ],
)
def test_every_notation_reads_back_to_itself(text):
    game = ca.make("16-bit-tactics")
    assert str(game.parse_action(text)) == text
    assert game.parse_action(text.upper().replace(" ", "  ")) == game.parse_action(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("move", "write move <square>"),
        ("move z9", "write move <square>"),
        ("face up", "face n, face e"),
        ("magic cinder", "write magic <spell> <square>"),
        ("dance", "is not a 16 Bit Tactics move"),
        ("", "empty"),
    ],
)
def test_malformed_notation_says_what_to_write(text, message):
    with pytest.raises(NotationError, match=message):
        ca.make("16-bit-tactics").parse_action(text)


def test_an_illegal_action_changes_nothing_and_lists_what_is_legal():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "f6", side=1)])
    before = s.position()
    with pytest.raises(IllegalAction, match="legal now for seat 0: move"):
        act(s, "fight f6")
    assert s.position() == before


def test_views_hold_everything_and_are_the_same_for_every_seat_but_the_seat():
    game = ca.make("16-bit-tactics")
    s = game.new_state(seed=4)
    views = [s.view(seat) for seat in (0, 1, None)]
    assert [v.pop("seat") for v in views] == [0, 1, None]
    (acting,) = s.to_act
    for key in ("odds", "refused"):  # the acting seat also gets the odds of its attacks and why not others
        assert key in views[acting] and all(key not in v for i, v in enumerate(views) if i != acting)
        views[acting].pop(key)
    assert views[0] == views[1] == views[2]
    assert views[0]["units"][0]["build"]["job"] == "vanguard"


def test_a_determinization_keeps_everything_but_the_future_dice():
    game = ca.make("16-bit-tactics")
    s = game.new_state(seed=4)
    v = s.view(0)
    det = game.determinize(v, 0, random.Random(1))
    assert det.view(0) == v and det.seed != s.seed
    pos, dpos = s.position(), det.position()
    pos.pop("chance")
    dpos.pop("chance")
    assert pos == dpos


def test_the_acting_seat_sees_the_odds_of_each_attack_before_making_it():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "c4", side=1, facing="e")], mode="monsters")
    (row,) = [x for x in s.view(0)["odds"] if x["action"] == "fight c4"]
    (t,) = row["targets"]
    # Vanguard d8 against the goblin's side: EVA 2, 2DEF 2, DEF 3: 2 misses, a half, five full (one a crit).
    assert t["bands"] == {"miss": 0.25, "half": 0.125, "full": 0.625} and t["crit"] == 0.125
    assert t["ko"] == 0.625 and t["damage"] == pytest.approx(0.125 * 5 + 0.625 * 11)


def test_every_die_roll_is_in_the_events():
    s = scenario(
        FLAT,
        [unit("vanguard", "c3", statuses=[["blind", 3, 8, 1, 0, "none"]]), unit("goblin", "c4", side=1, facing="e")],
        mode="monsters",
    )
    draws = s.chance.draws
    s.chance.force(3, 6)
    ev = act(s, "fight c4")
    assert kinds(ev, "roll")[0]["rolls"] == [3, 6] and s.chance.draws - draws == 2


def test_positions_round_trip_and_bad_ones_are_refused_with_the_field():
    game = ca.make("16-bit-tactics")
    s = game.new_state(seed=2)
    pos = json.loads(json.dumps(s.position()))
    assert game.from_position(pos).position() == s.position()
    bad = json.loads(json.dumps(pos))
    bad["units"][0]["square"] = "z9"
    with pytest.raises(PositionError, match=r"position.units\[0\].square must be a square of the map"):
        game.from_position(bad)
    bad = json.loads(json.dumps(pos))
    bad["units"][1]["square"] = bad["units"][0]["square"]
    with pytest.raises(PositionError, match="stands on"):
        game.from_position(bad)
    bad = json.loads(json.dumps(pos))
    bad["units"][0]["statuses"] = [["sleepy", 2, 8, -1, 0, "none"]]
    with pytest.raises(PositionError, match=r"statuses\[0\] must be \[status"):
        game.from_position(bad)
    bad = json.loads(json.dumps(pos))
    bad["units"][0]["build"]["job"] = "wizard"
    with pytest.raises(PositionError, match="no job 'wizard'"):
        game.from_position(bad)


def test_bad_options_are_refused_with_what_is_allowed():
    with pytest.raises(ca.OptionError, match="'wizard' is not a job"):
        ca.make("16-bit-tactics", party=("wizard",))
    with pytest.raises(ca.OptionError, match="no map 'moon'"):
        ca.make("16-bit-tactics", map="moon")
    with pytest.raises(ca.OptionError, match="versus is for 2 players, or 4"):
        ca.make("16-bit-tactics", players=3)
    with pytest.raises(ca.OptionError, match="a party has 1 to 6 units"):
        ca.make("16-bit-tactics", party=("vanguard",) * 7)
    with pytest.raises(ca.OptionError, match="has 6 starting squares for side 2"):
        ca.make("16-bit-tactics", mode="monsters", foes=("goblin",) * 7)
    with pytest.raises(ca.OptionError, match="no deck to stack"):
        ca.make("16-bit-tactics").new_state(seed=1, deck=["x"])


def test_the_encoder_numbers_squares_times_commands_with_a_mask():
    game = ca.make("16-bit-tactics")
    enc = game.encoder()
    s = game.new_state(seed=1)
    (seat,) = s.to_act
    mask = enc.legal_mask(s, seat)
    assert sum(mask) == len(s.legal_actions(seat)) and enc.num_actions < 8000
    assert enc.action(enc.index("move c4")) == game.parse_action("move c4")
    assert len(enc.observe(s.view(seat))) == enc.observation_shape[0]


def test_changing_a_view_or_a_position_does_not_change_the_game():
    game = ca.make("16-bit-tactics", mode="monsters")
    s = game.new_state(seed=4)
    before = s.position()
    for v in (s.view(0), s.position()):
        for value in v.values():
            if isinstance(value, dict):
                value.clear()
            elif isinstance(value, list):
                for x in value:
                    if isinstance(x, dict | list):
                        x.clear()
    assert s.position() == before


def test_the_acting_seat_is_told_why_it_cannot_fight_a_foe():
    rows = ["0. 0. 0. 0. 0.", "0. 0. 0. 0. 0.", "0. 0. 3# 0. 0.", "0. 0. 0. 0. 0.", "0. 0. 0. 0. 0."]
    m = "title: Wall\n" + "\n".join(f"{5 - i} | {r}" for i, r in enumerate(rows)) + "\ndeploy 1: a1\ndeploy 2: e5\n"
    s = scenario(m, [unit("ranger", "c1"), unit("goblin", "c5", side=1), unit("goblin", "a2", side=1)])
    v = s.view(0)
    refused = {r["square"]: r["why"] for r in v["refused"]}
    assert "fight a2" in legal(s) and "a2" not in refused  # a foe it can shoot is not refused
    assert refused["c5"].startswith("no Line of Effect: the line to c5 passes over c3")
    assert "refused" not in s.view(1) and "refused" not in s.view(None)
    melee = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "d4", side=1), unit("goblin", "c4", side=1)])
    (row,) = melee.view(0)["refused"]
    assert row["square"] == "d4" and row["unit"] == 1 and "straight line" in row["why"]
    act(melee, "fight c4")
    assert melee.view(0)["refused"] == []  # the command is used: nothing more to explain


def test_an_event_keeps_its_own_kind_when_sent_as_json():
    s = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "c4", side=1, facing="e")], mode="monsters")
    s.chance.force(5)
    ev = act(s, "fight c4")
    (roll,) = [e.to_dict() for e in ev if e.kind == "roll"]
    assert roll["kind"] == "roll" and roll["attack"] == "physical" and roll["roll"] == 5
    assert all(e.to_dict()["kind"] == e.kind for e in ev)
