"""ISMCTS's default rollout cutoff (a game's ``ismcts_cutoff``) and the estimates it backs up
(Combo Fighter's and 16 Combos')."""

import random

import pytest

import comboarena as ca
from comboarena.core import Event
from comboarena.games.combo_fighter.estimate import life
from comboarena.games.sixteen_combos.defeat import remove_pair, side_totals
from comboarena.games.sixteen_combos.view import P_PLACE

CUT = ("combo-fighter", "16-combos", "16-bit-tactics")


def _random_play(state: ca.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("name", CUT)
def test_a_game_that_declares_a_cutoff_gets_it_by_default_and_cutoff_0_plays_to_the_end(name: str) -> None:
    game = ca.make(name)
    cutoff = type(game).ismcts_cutoff  # type: ignore[attr-defined]
    assert cutoff > 0
    assert ca.make_agent("ismcts:iters=2", game).cutoff == cutoff
    assert ca.make_agent("ismcts:iters=2:cutoff=7", game).cutoff == 7
    rng = random.Random(1)
    state = game.new_state(seed=4)
    returns = ca.make_agent("ismcts:iters=2", game)._rollout(state, rng)  # type: ignore[attr-defined]
    assert len(state.history) == cutoff and not state.is_over
    assert returns == state.estimate()
    full = ca.make_agent("ismcts:iters=2:cutoff=0", game)
    assert full.cutoff == 0  # type: ignore[attr-defined]
    state = game.new_state(seed=4)
    assert full._rollout(state, rng) is None and state.is_over  # type: ignore[attr-defined]


def test_a_game_without_an_estimate_keeps_rollouts_to_the_end() -> None:
    assert ca.make_agent("ismcts:iters=2", ca.make("sixteen")).cutoff == 0  # type: ignore[attr-defined]
    assert ca.make_agent("ismcts:iters=2", ca.make("ccc-combo")).cutoff == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("combo-fighter", {}),
        ("combo-fighter", {"mode": "tag"}),
        ("combo-fighter", {"mode": "solo", "best_of": 5}),
        ("16-combos", {}),
        ("16-combos", {"players": 3, "columns": 8}),
        ("16-combos", {"players": 4, "teams": True, "columns": 6}),
    ],
)
def test_the_estimate_is_a_return_per_seat_that_adds_up_as_a_decided_games_returns(
    name: str, options: dict[str, object]
) -> None:
    game = ca.make(name, **options)
    # A decided game's returns: +1 for each winner, -1 for the rest.
    teams = game.teams
    decided = len(teams[0]) - (game.players - len(teams[0]))
    for seed in range(3):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_over:
            est = state.estimate()
            assert est is not None and len(est) == game.players
            assert all(-1.0 <= x <= 1.0 for x in est)
            assert sum(est) == pytest.approx(decided)
            for team in teams:  # partners share a return
                assert len({est[s] for s in team}) == 1
            _random_play(state, rng, 1)
        assert state.estimate() is None  # over: the result counts


def test_combo_fighter_favours_the_fighter_with_more_life_and_the_team_with_more_fights_won() -> None:
    game = ca.make("combo-fighter")
    state = game.new_state(seed=2)
    even = state.estimate()
    assert even is not None and abs(even[0]) < 0.05  # the two decks differ by a card at most
    ahead = state.clone()
    hurt = ahead.fighters[1]  # type: ignore[attr-defined]
    before = life(hurt)
    while life(hurt) > before // 3:  # two thirds of its life taken, from the deck
        hurt.discard.append(hurt.deck.pop())
    est = ahead.estimate()
    assert est is not None and est[0] > even[0] + 0.2 and est[1] == pytest.approx(-est[0])
    won = state.clone()
    won.wins[1] = 1  # type: ignore[attr-defined]
    est = won.estimate()
    assert est is not None and est[1] > 0.3 and est[0] == pytest.approx(-est[1])
    # A Staggering fighter with no card left is knocked out by the next damage: the
    # fight is lost, and a lost first fight of three leaves a 1 in 4 chance (-0.5).
    staggering = state.clone()
    f = staggering.fighters[0]  # type: ignore[attr-defined]
    f.discard.extend(f.deck)
    f.deck.clear()
    f.discard.extend(f.hand)
    f.hand.clear()
    f.staggering = True
    est = staggering.estimate()
    assert est == pytest.approx((-0.5, 0.5))


def test_16_combos_favours_the_side_with_more_pairs_then_more_value() -> None:
    game = ca.make("16-combos")
    state, rng = game.new_state(seed=3), random.Random(3)
    while state.phase == P_PLACE:  # type: ignore[attr-defined]
        _random_play(state, rng, 1)
    assert not state.is_over
    pairs, total = side_totals(state)  # type: ignore[arg-type]
    assert pairs[0] == pairs[1] > 1
    poorer = state.clone()
    values, owner = poorer.pairs.value, poorer.pairs.owner  # type: ignore[attr-defined]
    for p, c in enumerate(owner):
        if c >= 0 and game.char_side[c] == 1:  # type: ignore[attr-defined]
            values[p] = 1
    _, lower = side_totals(poorer)  # type: ignore[arg-type]
    assert lower[1] < total[1]
    est = poorer.estimate()
    assert est is not None and est[0] > 0.1 and est[1] == pytest.approx(-est[0])
    fewer = state.clone()
    owner = fewer.pairs.owner  # type: ignore[attr-defined]
    lost = next(p for p, c in enumerate(owner) if c >= 0 and game.char_side[c] == 0)  # type: ignore[attr-defined]
    events: list[Event] = []
    remove_pair(fewer, lost, events, "damage")  # type: ignore[arg-type]
    assert side_totals(fewer)[0][0] == pairs[0] - 1  # type: ignore[arg-type]
    est = fewer.estimate()
    assert est is not None and est[1] > 0.1 and est[0] == pytest.approx(-est[1])
