"""What paired games are worth: the spread between deals, not the number of games."""

import random

import pytest

from comboarena.sim import Tally, effective_games
from comboarena.sim.stats import MIN_DEALS


def paired(wins_per_deal, k):
    t = Tally("a", deal_size=k)
    for w in wins_per_deal:
        t.games += k
        t.wins += w
        t.losses += k - w
        t.deals += 1
        t.deal_squares += w * w
    return t


def test_independent_games_in_deals_are_worth_about_as_many_games():
    rng = random.Random(1)
    t = paired([sum(rng.random() < 0.6 for _ in range(2)) for _ in range(3000)], 2)
    assert t.effective_games == pytest.approx(6000, rel=0.1)


def test_deals_the_seat_decides_are_worth_more_and_deals_won_whole_less():
    split = paired([1] * 30 + [2] * 10 + [0] * 10, 2)  # the seat decides 30 deals: only 20 say who is better
    assert split.effective_games == pytest.approx(50 * 0.25 / (20 * 0.25 / 49))
    assert split.effective_games > split.games and split.width < Tally("b", games=100, wins=50).width
    whole = paired([2, 0] * 25, 2)  # each deal won twice or lost twice: one result per deal
    assert whole.effective_games == pytest.approx(49)  # 50 deals, less one for the mean
    lo, hi = whole.interval
    plain = Tally("b", games=100, wins=50, losses=50)
    assert hi - lo > plain.width  # wider than 100 independent games'


def test_too_few_deals_or_no_spread_to_measure_count_the_games():
    assert paired([1] * (MIN_DEALS - 1), 2).effective_games == 2 * (MIN_DEALS - 1)
    assert paired([2] * 50, 2).effective_games == 100  # won everything
    assert effective_games(30, 60, 1, 60, 30) == 60  # unpaired
    assert paired([1] * 50, 2).effective_games == 200  # no spread at all: capped at twice the games
