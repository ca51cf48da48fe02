"""The protocol pieces: registry, options, actions, events, results, records."""

import json
import pickle

import pytest

import comboarena as ca
from comboarena.core import Action, Event, Option, Record, RecordError, team_result
from comboarena.core.options import parse_option_texts


def test_registry_lists_and_builds_games():
    assert "sixteen" in ca.games()
    game = ca.make("sixteen", players=4, wilds=False)
    assert game.players == 4 and game.options["wilds"] is False
    with pytest.raises(ca.OptionError, match="unknown game 'chess'; the games are: .*sixteen"):
        ca.make("chess")


def test_errors_are_value_errors():
    for error in (ca.IllegalAction, ca.NotationError, ca.OptionError, ca.RecordError):
        assert issubclass(error, ValueError)


def test_option_parsing_from_text():
    specs = ca.make("sixteen").info.options
    assert parse_option_texts("sixteen", specs, ["players=4", "wilds=false", "draw=loose"]) == {
        "players": 4,
        "wilds": False,
        "draw": "loose",
    }
    with pytest.raises(ca.OptionError, match="name=value"):
        parse_option_texts("sixteen", specs, ["players"])
    with pytest.raises(ca.OptionError, match="allowed true or false"):
        parse_option_texts("sixteen", specs, ["wilds=maybe"])


def test_option_bounds():
    o = Option("iters", 10, kind=int, minimum=1, maximum=100)
    assert o.validate(5) == 5
    with pytest.raises(ca.OptionError, match="from 1 to 100"):
        o.validate(0)
    with pytest.raises(ca.OptionError):
        o.validate(True)


def test_actions_compare_by_class_and_notation_and_pickle():
    from comboarena.games.sixteen import Play

    a, b = Play("W", "5G"), ca.make("sixteen").parse_action("w=5g")
    assert a == b and hash(a) == hash(b) and str(a) == "W=5G"
    assert a != Action("W=5G")
    assert pickle.loads(pickle.dumps(a)) == a and pickle.loads(pickle.dumps(a)).declared == "5G"
    with pytest.raises(AttributeError):
        a.card = "5R"


def test_events_for_merges_private_data_only_for_named_seats():
    e = Event("draw", 1, {"n": 1}, ((1,), {"card": "3G"}))
    assert ca.events_for([e], 1)[0].data == {"n": 1, "card": "3G"}
    assert ca.events_for([e], 0)[0].data == {"n": 1}
    assert ca.events_for([e], None)[0].to_dict() == {"kind": "draw", "seat": 1, "n": 1}


def test_team_result_win_and_draw():
    r = team_result(((0, 2), (1, 3)), (3, 5), "most sets", "equal")
    assert r.winners == (1, 3) and r.returns == (-1, 1, -1, 1) and r.scores == (3, 5, 3, 5)
    d = team_result(((0,), (1,)), (2, 2), "most", "equal sets")
    assert d.is_draw and d.winners == (0, 1) and d.reason == "equal sets"


def test_record_round_trips_and_replays_exactly():
    game = ca.make("sixteen", players=4, bonus=True)
    state = game.new_state(seed=12)
    for _ in range(20):
        (seat,) = state.to_act
        state.apply(seat, state.legal_actions(seat)[-1])
    text = state.record.to_json()
    data = json.loads(text)
    assert data["game"] == "sixteen" and data["version"] == 1 and data["seed"] == 12
    assert len(data["actions"]) == 20 and data["result"] is None
    assert ca.replay(ca.Record.from_json(text)) == state


def test_record_of_a_stacked_deck_keeps_the_deck():
    state = ca.make("sixteen").new_state(seed=2, deck=["6r", "5G"])
    state.apply(0, state.legal_actions(0)[0])
    record = ca.Record.from_json(state.record.to_json())
    assert record.deck == ["6R", "5G"]
    assert ca.replay(record) == state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "invalid JSON"),
        ("[]", "JSON object"),
        ('{"game": "sixteen", "seed": 1}', "missing actions"),
        ('{"game": "sixteen", "seed": "x", "actions": []}', "'seed' must be an integer"),
        ('{"game": "sixteen", "seed": 1, "actions": [[0]]}', "action 0 must be"),
        ('{"game": "sixteen", "seed": 1, "actions": [], "version": 99}', "version 99"),
    ],
)
def test_corrupt_records_are_record_errors(text, message):
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


def test_a_record_that_does_not_replay_names_the_action():
    bad = Record("sixteen", {}, 1, None, [(0, "6R"), (0, "6R")])
    with pytest.raises(RecordError, match="action 0 .* does not replay|action 1"):
        ca.replay(bad)
    with pytest.raises(RecordError, match="cannot be set up: unknown option"):
        ca.replay(Record("sixteen", {"colour": 1}, 1))
    with pytest.raises(RecordError, match="cannot read"):
        Record.load("/no/such/file.json")
