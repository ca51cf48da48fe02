"""Self-play runner and statistics."""

import pytest

import comboarena as ca
from comboarena.sim import SimReport, run, seat_slots, wilson


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12) and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-3)


def test_seats_rotate_so_no_agent_keeps_the_first_move():
    assert [seat_slots(2, 2, i, True) for i in range(3)] == [(0, 1), (1, 0), (0, 1)]
    assert seat_slots(2, 2, 1, False) == (0, 1)
    assert seat_slots(4, 2, 0, True) == (0, 1, 0, 1)  # two agents: one per team


def _report(jobs, **kw):
    specs = ["sixteen.heuristic", "random"]
    report = SimReport.start("sixteen", {"players": 4}, specs, 4, 9, jobs, True)
    report.extend(run("sixteen", {"players": 4}, specs, 40, seed=9, jobs=jobs, **kw))
    return report.to_dict()


def test_same_seed_same_result_whatever_the_number_of_jobs():
    one, two = _report(1), _report(2)
    for key in ("per_agent", "per_seat", "reasons", "mean_length"):
        assert one[key] == two[key]


def test_bad_agent_counts_and_human_in_sim_are_refused():
    with pytest.raises(ca.OptionError, match="number of agents dividing 4"):
        list(run("sixteen", {"players": 4}, ["random", "random", "random"], 1))
    with pytest.raises(ca.OptionError, match="comboarena play"):
        list(run("sixteen", {}, ["human", "random"], 1))
