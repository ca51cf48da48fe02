"""Every registered game passes the shipped conformance check."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import comboarena as ca

VARIANTS = {
    "sixteen": [
        {"players": 4},
        {"draw": "strict"},
        {"draw": "loose", "players": 4},
        {"matches": False, "wilds": False, "bonus": True},
    ],
    "ccc-combo": [
        {"big_players": (0, 1)},
        {"big_players": (3, 2), "counter_window": 0},
        {"turn_limit": 20},
    ],
    "combo-fighter": [
        {"mode": "solo"},
        {"mode": "solo", "fighters": ("lucia", "junior"), "best_of": 1},
        {"mode": "tag", "best_of": 1},
        {"fighters": ("junior", "lucia"), "best_of": 1},
    ],
    # Every option set of 16 Combos runs in tests/rules/sixteen_combos/test_conformance.py.
    "16-combos": [
        {"placement": "dealt", "columns": 4, "round_limit": 6, "recovery": True},
        {"one_of_each": True, "round_limit": 5, "consultation": "shield"},
    ],
    # Every mode of 16 Bit Tactics runs in tests/rules/bit_tactics/test_conformance.py.
    "16-bit-tactics": [
        {"players": 4, "rounds": 3},
        {"mode": "monsters", "rounds": 3},
    ],
}


#: Games per check where the default (200, 60 per variant) would take minutes: every step of
#: these is dear to check (long battles, views of many characters), and their own
#: tests/rules/<game>/test_conformance.py also run check_game over every option set or mode.
GAMES = {"16-combos": 24, "16-bit-tactics": 6}


@pytest.mark.parametrize("name", ca.games())
def test_check_game_default_options(name):
    games = GAMES.get(name, 200)
    report = ca.testing.check_game(ca.make(name), games=games, seed=0)
    assert report.games == games and report.steps > 0


@pytest.mark.parametrize(
    ("name", "options"), [(name, o) for name, opts in VARIANTS.items() for o in opts], ids=str
)
def test_check_game_variants(name, options):
    games = min(60, GAMES.get(name, 60))
    report = ca.testing.check_game(ca.make(name, **options), games=games, seed=1)
    assert report.games == games


def test_every_registered_game_has_variants_listed():
    assert set(ca.games()) <= set(VARIANTS), "list the new game's option sets in VARIANTS"
    assert all(VARIANTS[name] for name in ca.games())


CASES = [(name, {}) for name in ca.games()] + [(name, o) for name, opts in VARIANTS.items() for o in opts]


@pytest.mark.parametrize(("name", "options"), CASES, ids=str)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**62))
def test_random_games_keep_the_invariant_end_and_sum_to_zero(name, options, seed):
    """The property test, for every game and variant: random play never breaks the
    game's invariant (cards conserved and the like), ends, and returns sum to zero."""
    import random

    game = ca.make(name, **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        game.check_invariants(state)
        steps += 1
        assert steps < 50_000, "a random game did not end"
    r = state.result()
    assert sum(r.returns) == 0
    assert sorted(r.winners) == list(r.winners) and set(r.winners) <= set(range(game.players))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**62),
    players=st.sampled_from([2, 4]),
    matches=st.booleans(),
    wilds=st.booleans(),
    draw=st.sampled_from(["auto", "strict", "loose"]),
    bonus=st.booleans(),
)
def test_sixteen_random_games_conserve_cards_and_end(seed, players, matches, wilds, draw, bonus):
    import random

    game = ca.make("sixteen", players=players, matches=matches, wilds=wilds, draw=draw, bonus=bonus)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        (seat,) = state.to_act
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        game.check_invariants(state)
        steps += 1
        assert steps < 500
    r = state.result()
    v = state.view(None)
    assert sum(v["hand_sizes"]) == 0 and v["draw_pile"] == 0 and v["pile"] == []
    total = sum(len(p) for piles in v["set_piles"] for p in piles) + len(v["ignored"])
    assert total == (54 if wilds else 52)
    assert sum(r.returns) == 0


def test_check_game_counts_the_determinizations_it_checks():
    """One determinization per seat and the spectator at every step it checks deeply."""
    game = ca.make("sixteen")
    report = ca.testing.check_game(game, games=2, seed=3)
    assert report.determinizations == report.steps * (game.players + 1) > 0
    sparse = ca.testing.check_game(game, games=2, seed=3, deep_every=4)
    assert sparse.determinizations == sum((n + 3) // 4 for n in sparse.lengths) * (game.players + 1)
