"""An imposed action type (Shove; a held stolen pair, Steal) on an extra turn: the type is
imposed, the targets are still the extra turn's (Hire Assassin: any pair in play; Grapple:
the grappled character's next pair). An ISMCTS rollout found the old engine offering a plain
announce on Hire Assassin's turn, which aimed at no column and lost cards."""

from .helpers import legal, new, play, resolve
from .test_combos import table

SHOVED = 2  # the character flag, as a position writes it


def _hire_assassin_turn():
    """Character 0 has just won Hire Assassin: its extra turn targets any pair (columns a, b of
    character 1 are in play, c is defeated)."""
    state = table("D", "H")
    play(state, "D>1")
    resolve(state)
    assert state.phase == "turn" and state.position()["action"]["extra"] == 1
    return state


def test_a_shoved_character_on_hire_assassins_turn_names_a_pair_with_its_defense_type():
    state = _hire_assassin_turn()
    pos = state.position()
    pos["characters"][0]["flags"] |= SHOVED
    shoved = state.game.from_position(pos)
    # its defense pair (column c, 4C) gives clubs; no pass ("unless shoved")
    assert legal(shoved) == ["C>1a", "C>1b"]
    events = play(shoved, "C>1b")  # play() checks every card is still in one place
    announce = next(e for e in events if e.kind == "announce")
    assert announce.data["column"] == "b" and announce.data["pair"] == pos["characters"][1]["rows"][1]
    assert announce.data["source"] == "shoved"


def test_a_held_stolen_pair_on_hire_assassins_turn_names_a_pair_with_its_own_type():
    state = _hire_assassin_turn()
    pos = state.position()
    stolen = pos["characters"][1]["rows"][0]  # character 1's 2D pair, as if stolen and held
    pos["characters"][1]["rows"][0] = -1
    pos["pairs"][stolen]["owner"] = 0
    pos["characters"][0]["stolen"] = stolen
    holding = state.game.from_position(pos)
    assert legal(holding) == ["D>1b", "pass"]
    events = play(holding, "D>1b") + resolve(holding)
    announce = next(e for e in events if e.kind == "announce")
    assert announce.data["column"] == "b" and announce.data["source"] == "stolen"


def test_a_shoved_character_on_grapples_turn_acts_on_the_grappled_characters_next_pair():
    # three characters: 0 grapples 1's defense pair, then acts on 1's next pair (column b)
    state = new(
        [["2H", "3H", "4C"], ["2D", "3D", "9C"], ["5D", "6D", "7D"]],
        [["5C", "6C", "7H"], ["TD", "TS", "3S"], ["8S", "9S", "JS"]],
        ["TC"],
        players=3,
    )
    play(state, "C>1")
    resolve(state)
    pos = state.position()
    assert pos["action"]["extra"] == 2 and pos["action"]["target"] == 1
    pos["characters"][0]["flags"] |= SHOVED
    shoved = state.game.from_position(pos)
    assert legal(shoved) == ["C>1"]  # not character 2: Grapple's turn is on character 1's next pair
