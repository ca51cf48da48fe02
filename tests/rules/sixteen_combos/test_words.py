"""16 Combos in words (issue 17, section 4 "Names"): the log names players ("You" for the
reader), with the character's number where a player has several; the result says what
decided it, with the numbers; once the game is over every card is face up in every view."""

import random
import re

import comboarena as ca

from .helpers import attack, new, of, play

NAMES = ["Ada", "Bob"]


def _said(state, events, viewer):
    ui = state.game.text_ui()
    return [ui.describe(e, viewer, NAMES) for e in ca.events_for(events, viewer)]


def test_the_log_names_the_player_or_you_never_a_character_number():
    state = new([["2H", "3H", "4C"], ["2D", "3D", "4H"]], [["5H", "6H", "7D"], ["5C", "6C", "8S"]], ["TC"])
    events = attack(state, "H>1")  # 10 - 8 = 2: damaged
    mine, theirs, table = _said(state, events, 0), _said(state, events, 1), _said(state, events, None)
    assert "You announce ♥ vitality on Bob's pair c (drawn)." in mine
    assert "Ada announces ♥ vitality on your pair c (drawn)." in theirs
    assert "Ada announces ♥ vitality on Bob's pair c (drawn)." in table
    assert "Your pair is damaged by 2 (now 6)." in theirs and "Bob's pair is damaged." in mine + table
    assert "Ada draws TC'." in table and "You draw TC'." in mine
    events = play(state, "pass")
    assert _said(state, events, 1)[0] == "You pass." and _said(state, events, None)[0] == "Bob passes."


def test_a_whole_game_logs_no_character_numbers_with_one_character_each():
    game = ca.make("16-combos", columns=4, round_limit=4)
    ui = game.text_ui()
    state = game.new_state(seed=4)
    rng = random.Random(4)
    lines = []
    while not state.is_over:
        seat = rng.choice(state.to_act)
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in (0, 1, None):
            lines += [ui.describe(e, viewer, NAMES) for e in ca.events_for(events, viewer)]
    text = "\n".join(line for line in lines if line)
    assert not re.search(r"[Cc]haracter \d", text), text
    assert "Ada" in text and "Bob" in text and re.search(r"\bYou [a-z]+", text)
    assert not re.search(r"\bYou (?!pass\b)[a-z]+s\b", text), "You takes the plural verb"


def test_with_several_characters_the_character_number_follows_the_player():
    game = ca.make("16-combos", characters=2, columns=3, placement="dealt")
    state = game.new_state(seed=1)
    first = state.to_act[0]
    actor = state.view(None)["active"]
    events = play(state, "pass")
    (line,) = [x for x in _said(state, events, first) if x and "pass" in x]
    assert line == f"Your character {actor} passes."
    (line,) = [x for x in _said(state, events, 1 - first) if x and "pass" in x]
    assert line == f"{NAMES[first]}'s character {actor} passes."


def _round_limit(values, draws=("TC",)):
    state = new([["2H", "3H", "4C"], ["2D", "3D", "4H"]], values, list(draws), round_limit=1)
    attack(state, "H>1")
    play(state, "pass")
    assert state.is_over
    return state


def test_the_result_says_what_decided_it_in_words():
    ui = ca.make("16-combos").text_ui()
    # Pairs level at 3: the higher total value, 5 + 6 + 7 = 18 against 5 + 6 + 6 = 17 (8S damaged by 2).
    state = _round_limit([["5H", "6H", "7D"], ["5C", "6C", "8S"]])
    line = ui.result_line(state.view(None), state.result(), NAMES)
    assert line == (
        "Ada won at the round limit: pairs in play level at 3 each, and the higher total value, 18 against Bob's 17."
    )
    # Poison takes two of Bob's pairs: the most pairs in play.
    state = _round_limit([["5H", "6H", "7D"], ["5C", "6C", "3S"]])
    line = ui.result_line(state.view(None), state.result(), NAMES)
    assert line == "Ada won at the round limit with the most pairs in play: 3 against Bob's 1."
    # Nothing happens: level pairs and level values, a draw.
    state = new([["2H", "3H"], ["2D", "4H"]], [["5H", "6H"], ["6C", "5C"]], round_limit=1)
    play(state, "pass", "pass")
    line = ui.result_line(state.view(None), state.result(), NAMES)
    assert line == "A draw at the round limit: Ada and Bob have 2 pairs in play each and the same total value, 11."


def test_the_result_of_the_last_side_standing_in_words():
    state = new([["2H", "3H"], ["2D", "4H"]], [["5H", "6H"], ["2C", "3S"]], ["TC"])
    events = attack(state, "H>1")
    assert state.is_over
    line = state.game.text_ui().result_line(state.view(1), state.result(), NAMES)
    assert line == "Ada won: the last side standing (Bob lost every pair)."
    assert of(events, "end")[0].data["reason"] == "last side standing"


def test_once_the_game_is_over_every_card_is_face_up_in_every_view():
    state = new([["2H", "3H", "4C"], ["2D", "3D", "4H"]], [["5H", "6H", "7D"], ["5C", "6C", "8S"]], ["TC"],
                round_limit=1)
    attack(state, "H>1")
    # Each player's cards as its owner sees them, some hidden from the other.
    faces = state.view(0)["characters"][0]["rows"], state.view(1)["characters"][1]["rows"]
    assert state.view(1)["characters"][0]["rows"][0]["value_cards"] == [None]
    play(state, "pass")
    assert state.is_over
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["private"] == [] and view["ledgers"] == [] and view["constraints"] == []
        for ch in view["characters"]:
            for pv in ch["rows"]:
                assert pv["type_card"] is not None and None not in pv["value_cards"] and pv["value"] is not None
        # Each player's cards as its owner saw them, now in everyone's view (Bob's 8S damaged to 6).
        assert [p["value_cards"] for p in view["characters"][0]["rows"]] == [p["value_cards"] for p in faces[0]]
        assert [p["value"] for p in view["characters"][1]["rows"]] == [p["value"] for p in faces[1]]
    assert state.view(None)["outcome"]["values"] == [18, 17]
    assert state.game.from_position(state.position()).view(None) == state.view(None)  # positions keep it all
