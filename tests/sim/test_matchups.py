"""Matchups: every ordered pair of fighters, the win-rate matrix and its report."""

import json

import pytest

import comboarena as ca
from comboarena.sim.matchups import MatchupReport, matchups, pairs, roster_of


def test_every_ordered_pair_mirrors_included():
    assert pairs(["a", "b"]) == [("a", "a"), ("a", "b"), ("b", "a"), ("b", "b")]
    assert len(pairs(roster_of(ca.make("combo-fighter")))) == 16


def test_a_matrix_counts_each_cell_from_the_row_fighters_side():
    report = matchups("combo-fighter", {"best_of": 1}, ["random"], 3, seed=4)
    assert report.games == 48 and all(t.games == 3 for t in report.cells.values())
    roster = report.roster
    for f in roster:
        overall = report.overall(f)
        assert overall.games == 2 * 3 * (len(roster) - 1)  # as row and as column, mirrors left out
    # Every non-mirror game is a win for exactly one of its two fighters (no drawn matches here).
    assert sum(report.overall(f).wins for f in roster) == 3 * len(roster) * (len(roster) - 1)
    data = json.loads(json.dumps(report.to_dict()))
    assert [c["col"] for c in data["matrix"][0]] == list(roster) and len(data["overall"]) == 4


def test_the_same_seed_gives_the_same_matrix_whatever_the_jobs():
    one = matchups("combo-fighter", {"best_of": 1}, ["random"], 4, seed=9, jobs=1)
    two = matchups("combo-fighter", {"best_of": 1}, ["random"], 4, seed=9, jobs=2)
    assert {k: t.to_dict() for k, t in one.cells.items()} == {k: t.to_dict() for k, t in two.cells.items()}


def test_unbalanced_fighters_are_flagged():
    report = MatchupReport("combo-fighter", {}, ["random"], ("a", "b"), 10, 0, 1)
    report.cells[("a", "b")].wins = report.cells[("a", "b")].games = 10
    report.cells[("b", "a")].losses = report.cells[("b", "a")].games = 10
    assert report.unbalanced() == ["a", "b"]


def test_games_without_a_roster_have_no_matchups():
    with pytest.raises(ca.OptionError, match="no roster"):
        roster_of(ca.make("sixteen"))
    with pytest.raises(ca.OptionError, match="pair two fighters"):
        list(
            __import__("comboarena.sim.matchups", fromlist=["x"]).run_matchups(
                "combo-fighter", {"mode": "tag"}, ["random"], 1
            )
        )


def test_the_solo_ai_seat_takes_no_agent():
    # Seat 1 of a solo game is the rulebook's AI: a second agent would be ignored there and
    # credited with the AI's results, so it is refused; one agent plays seat 0.
    from comboarena.sim import run

    with pytest.raises(ca.OptionError, match="seat 1 is played by the rules themselves \\(the solo AI\\)"):
        list(run("combo-fighter", {"mode": "solo"}, ["random", "combo-fighter.heuristic"], 1))
    with pytest.raises(ca.OptionError, match="seat 1 is played by the rules themselves"):
        matchups("combo-fighter", {"mode": "solo", "best_of": 1}, ["random", "random"], 1)
    outs = list(run("combo-fighter", {"mode": "solo", "best_of": 1}, ["random"], 2, seed=1))
    assert len(outs) == 2 and all(o.slots == (0, 0) for o in outs)
    report = matchups("combo-fighter", {"mode": "solo", "best_of": 1}, ["random"], 1, seed=2)
    assert report.games == 16  # every player fighter against every AI fighter
