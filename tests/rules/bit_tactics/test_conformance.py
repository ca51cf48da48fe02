"""``check_game`` for every mode of 16 Bit Tactics (the default options run in
tests/test_conformance.py): party against party (2 and 4 players), against
monsters (one and several players), a campaign, other maps and the optional readings."""

import pytest

import comboarena as ca

MODES = [
    {"players": 4, "rounds": 4},
    {"mode": "monsters", "rounds": 5},
    {"mode": "monsters", "players": 3, "map": "cliffside", "foes": ("quarry",), "rounds": 4},
    {"mode": "campaign", "rounds": 3},
    {
        "map": "chasm",
        "party": ("scout:5", "lancer:5", "herald:5", "hexer:5"),
        "foes": ("evoker:5", "ranger:5", "vanguard:5", "mender:5"),
        "rounds": 4,
    },
    {"map": "marsh", "party": ("skirmish",), "rounds": 4},
    {
        "counters": "always",
        "crits": "hit",
        "ties": "keep",
        "jump_across": "level",
        "turn": "move-first",
        "at_limit": "draw",
        "xp_table": "text",
        "unit_height": 0,
        "melee_height": 1,
        "rounds": 4,
    },
    {"fighters": ("scout", "hexer"), "rounds": 4},
]


@pytest.mark.parametrize("options", MODES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_check_game_every_mode(options):
    report = ca.testing.check_game(ca.make("16-bit-tactics", **options), games=3, seed=1)
    assert report.games == 3 and report.steps > 0
