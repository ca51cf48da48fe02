"""Chunked runs (tallies per chunk, merged in index order) against the local runner;
paired deals; stopping at a target interval width; a dead worker's chunk retried."""

import pytest

import comboarena as ca
from comboarena.core.rng import derive
from comboarena.sim import run, simulate
from comboarena.sim.backends import ProcessBackend
from comboarena.sim.chunks import CRASH_ONCE, Plan, chunk_size, plan_chunks
from comboarena.sim.driver import in_order
from comboarena.sim.runner import game_seed
from tests.sim.helpers import reference, same, tally

FOUR = {"players": 4}
TEAMS = ["sixteen.heuristic", "random"]


def test_chunks_are_whole_deals_and_never_depend_on_the_workers():
    assert chunk_size(40) == 1 and chunk_size(2000) == 62 and chunk_size(10**6) == 100
    assert chunk_size(2000, deal_size=3) == 60 and chunk_size(10, deal_size=2) == 2
    assert chunk_size(2000, chunk=7) == 7 and chunk_size(2000, deal_size=2, chunk=7) == 6
    chunks = plan_chunks(Plan("sixteen", {}, ("random",), 0), 10, 4)
    assert [(c.start, c.stop, c.order) for c in chunks] == [(0, 4, 0), (4, 8, 1), (8, 10, 2)]


@pytest.mark.parametrize(("jobs", "chunk"), [(1, None), (1, 7), (2, 3)])
def test_a_chunked_run_reports_what_the_local_runner_does(jobs, chunk):
    ref = reference("sixteen", FOUR, TEAMS, 40, 9)
    got = simulate("sixteen", FOUR, TEAMS, 40, 9, jobs=jobs, chunk=chunk)
    assert same(got, ref) and got.games == 40 and got.jobs == jobs


def test_tallies_are_merged_in_index_order_and_progress_is_fed_as_they_arrive():
    fed = []
    arrived = [tally(2, 5), tally(0, 3), tally(3, 1), tally(1, 4)]
    assert [t.order for t in in_order(iter(arrived), fed.append)] == [0, 1, 2, 3]
    assert fed == [5, 3, 1, 4]


def test_a_paired_deal_is_played_from_every_seat_assignment_with_one_seed():
    assert game_seed(5, 6, 2) == game_seed(5, 7, 2) == derive(5, 3, 0) != game_seed(5, 8, 2)
    assert game_seed(5, 7) == derive(5, 7, 0)  # unpaired runs keep their seeds
    outs = list(run("sixteen", {}, TEAMS, 4, seed=2, paired=True))
    assert [o.slots for o in outs] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    ref = reference("sixteen", {}, TEAMS, 40, 2, paired=True)
    for jobs, chunk in ((1, None), (2, 4)):
        got = simulate("sixteen", {}, TEAMS, 40, 2, paired=True, jobs=jobs, chunk=chunk)
        assert same(got, ref)
        assert [t.deal_squares for t in got.agent_tallies] == [t.deal_squares for t in ref.agent_tallies]
        assert got.to_dict()["paired"] is True and got.deals == 20


def test_paired_runs_need_whole_deals_and_rotating_seats():
    with pytest.raises(ca.OptionError, match="multiple of 2"):
        simulate("sixteen", {}, TEAMS, 41, paired=True)
    with pytest.raises(ca.OptionError, match="cannot keep seats fixed"):
        simulate("sixteen", {}, TEAMS, 40, paired=True, rotate=False)
    with pytest.raises(ca.OptionError, match="between 0 and 1"):
        simulate("sixteen", {}, TEAMS, 40, target_ci=1.5)


def test_a_target_width_stops_after_the_first_chunk_that_reaches_it_whatever_the_workers():
    args = ("sixteen", {}, ["random", "random"], 400, 3)
    one = simulate(*args, target_ci=0.2, chunk=20)
    two = simulate(*args, target_ci=0.2, chunk=20, jobs=2)
    assert same(one, two) and 20 <= one.games < 400 and one.games % 20 == 0
    assert one.widest < 0.2 <= reference(*args[:3], one.games - 20, 3).widest  # not one chunk later
    assert one.to_dict()["stopped"].startswith(f"every agent's interval narrower than 0.2 after {one.games} of")
    capped = simulate(*args[:3], 60, 3, target_ci=0.01)
    assert capped.games == 60 and capped.stopped.startswith("the maximum of 60 games played; the widest")


def test_a_dead_worker_process_has_its_chunk_played_again_and_counted_once(monkeypatch, tmp_path):
    marker = tmp_path / "crashed"
    monkeypatch.setenv(CRASH_ONCE, f"9:12:{marker}")
    got = simulate("sixteen", FOUR, TEAMS, 40, 9, jobs=2, chunk=4)
    assert marker.exists()  # the worker that played games 12-15 died before sending them
    assert same(got, reference("sixteen", FOUR, TEAMS, 40, 9))


def test_a_process_pool_keeps_a_bounded_number_of_chunks_in_flight():
    pulled = []

    def chunks():
        for c in plan_chunks(Plan("sixteen", {}, ("random",), 0), 40, 1):
            pulled.append(c.order)
            yield c

    results = ProcessBackend(2).map(chunks())
    next(results)
    assert len(pulled) == 2 * 2  # one running and one waiting per worker
    results.close()
