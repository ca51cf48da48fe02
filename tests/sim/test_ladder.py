"""The ladder: a round robin rated with OpenSkill, reproducible by seed."""

from __future__ import annotations

import json

import pytest

import comboarena as ca
from comboarena.core import OptionError
from comboarena.sim.ladder import Entrant, LadderReport, entrants_of, groups_of, play_ladder, sides_of
from comboarena.sim.ratings import INTERVAL_SIGMAS, Rating, Ratings

pytest.importorskip("openskill")

SIXTEEN = ["random", "sixteen.heuristic", "first"]


def _without_timing(report: LadderReport) -> dict[str, object]:
    out = report.to_dict()
    for key in ("seconds", "jobs", "backend"):
        out.pop(key)
    return out


def test_ratings_depend_only_on_the_seed():
    one = play_ladder("sixteen", {}, entrants_of(SIXTEEN), 6, seed=3)
    again = play_ladder("sixteen", {}, entrants_of(SIXTEEN), 6, seed=3)
    other = play_ladder("sixteen", {}, entrants_of(SIXTEEN), 6, seed=4)
    assert _without_timing(one) == _without_timing(again)
    assert [r.mu for r in one.ratings] != [r.mu for r in other.ratings]


def test_one_or_two_worker_processes_give_the_same_ladder():
    alone = play_ladder("sixteen", {}, entrants_of(SIXTEEN), 6, seed=5, jobs=1)
    pool = play_ladder("sixteen", {}, entrants_of(SIXTEEN), 6, seed=5, jobs=2)
    assert pool.jobs == 2
    assert _without_timing(alone) == _without_timing(pool)


def test_a_clearly_stronger_agent_rates_higher():
    report = play_ladder("sixteen", {}, entrants_of(["random", "sixteen.heuristic"]), 20, seed=1)
    best, worst = report.ratings
    assert best.label == "sixteen.heuristic" and worst.label == "random"
    assert best.low > worst.high, "20 games are enough to separate them"
    assert best.wins > worst.wins and best.games == worst.games == 20
    # Each side of the table is played equally: seats rotate every game.
    assert report.groups == [(0, 1)]
    wins, draws, losses = report.records[0][0]
    assert wins + draws + losses == 20 and report.records[0][1] == [losses, draws, wins]


def test_a_rating_is_provisional_below_the_threshold():
    report = play_ladder("sixteen", {}, entrants_of(["random", "first"]), 4, seed=0, threshold=5)
    assert all(r.games == 4 and r.provisional for r in report.ratings)
    report = play_ladder("sixteen", {}, entrants_of(["random", "first"]), 4, seed=0, threshold=4)
    assert not any(r.provisional for r in report.ratings)
    assert Rating("a", 25.0, 8.0, games=19, threshold=20).provisional
    assert not Rating("a", 25.0, 8.0, games=20, threshold=20).provisional


def test_the_interval_and_ordinal_come_from_mu_and_sigma():
    r = Rating("a", 30.0, 2.0)
    assert (r.low, r.high) == (30.0 - INTERVAL_SIGMAS * 2.0, 30.0 + INTERVAL_SIGMAS * 2.0)
    assert r.ordinal == 24.0


def test_the_json_report_reads_back():
    report = play_ladder("sixteen", {"draw": "strict"}, entrants_of(SIXTEEN), 4, seed=2)
    text = json.dumps(report.to_dict())
    back = LadderReport.from_dict(json.loads(text))
    assert back == report
    assert back.to_dict() == report.to_dict()
    assert json.loads(text)["ratings"][0]["agent"] == report.ratings[0].label


def test_entrants_keep_their_names():
    entrants = [Entrant("weak", "random"), Entrant("strong", "sixteen.heuristic")]
    report = play_ladder("sixteen", {}, entrants, 10, seed=1)
    assert [r.label for r in report.ratings] == ["strong", "weak"]
    assert report.to_dict()["agents"] == [
        {"agent": "weak", "spec": "random"},
        {"agent": "strong", "spec": "sixteen.heuristic"},
    ]


def test_a_partnership_game_rates_each_side_as_a_team():
    game = ca.make("ccc-combo")
    assert sides_of(game) == 2  # seats 0 and 2 against 1 and 3
    report = play_ladder("ccc-combo", {}, entrants_of(["random", "ccc-combo.heuristic"]), 4, seed=0)
    best, worst = report.ratings
    assert best.label == "ccc-combo.heuristic" and best.mu > worst.mu and best.games == 4


def test_teammates_share_their_side_s_result():
    ratings = Ratings(["a", "b", "c"])
    ratings.rate([["a", "b"], ["c"]], [1.0, -1.0])
    rows = {r.label: r for r in ratings.table()}
    assert rows["a"].mu > 25 and rows["b"].mu > 25 and rows["c"].mu < 25
    assert (rows["a"].wins, rows["b"].wins, rows["c"].losses) == (1, 1, 1)
    with pytest.raises(OptionError, match="one side"):
        ratings.rate([["a"], ["a"]], [1.0, -1.0])


def test_a_draw_moves_nobody_s_mu_between_equals():
    ratings = Ratings(["a", "b"])
    ratings.rate([["a"], ["b"]], [0.0, 0.0])
    a, b = ratings.table()
    assert a.mu == b.mu == 25.0 and a.sigma < 25 / 3 and a.draws == 1


def test_games_for_more_sides_play_every_group():
    assert sides_of(ca.make("16-combos", players=3, columns=8)) == 3
    assert groups_of(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    report = play_ladder(
        "16-combos", {"players": 3, "columns": 8}, entrants_of(["random", "first", "16-combos.heuristic"]), 3
    )
    assert report.groups == [(0, 1, 2)] and all(r.games == 3 for r in report.ratings)


@pytest.mark.parametrize(
    ("entrants", "games", "options", "message"),
    [
        (["random"], 4, {}, "at least two agents"),
        (["random", "nobody"], 4, {}, "unknown agent 'nobody'"),
        (["random", "first"], 0, {}, "-n must be at least 1"),
        (["random", "random"], 4, {}, "named twice"),
        (["random", "human"], 4, {}, "human"),
        (["random", "first"], 4, {"players": 3}, "players"),
    ],
)
def test_bad_ladders_are_refused_before_any_game(entrants, games, options, message):
    with pytest.raises(OptionError, match=message):
        play_ladder("sixteen", options, entrants_of(entrants), games)
