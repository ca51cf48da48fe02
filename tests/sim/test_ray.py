"""Runs on a local Ray (2 CPUs, loopback, started once for this module) report what the
local runner does for the same seed, with any number of workers, and a worker that
dies has its chunk played again and counted once."""

import json
import logging
import shutil
import tempfile
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.sim import open_backend, simulate
from comboarena.sim.chunks import CRASH_ONCE, Plan, plan_chunks
from comboarena.sim.matchups import MatchupReport, play_matchups, run_matchups
from comboarena.sim.tournament import rules_of, run_tournament
from tests.sim.helpers import TIMING, reference, same

FOUR = {"players": 4}
TEAMS = ["sixteen.heuristic", "random"]
CRASH_SEED, CRASH_START = 11, 8  # the run whose chunk at game 8 dies once


@pytest.fixture(scope="module")
def local_ray():
    """A Ray on this machine for the whole module; its workers carry the crash hook."""
    folder = Path(tempfile.mkdtemp(prefix="ray"))  # short: Ray's socket paths must fit
    marker = folder / "crashed"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RAY_USAGE_STATS_ENABLED", "0")
        mp.delenv("RAY_ADDRESS", raising=False)
        ray.init(
            num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1", _temp_dir=str(folder),
            logging_level=logging.ERROR, log_to_driver=False,
            runtime_env={"env_vars": {CRASH_ONCE: f"{CRASH_SEED}:{CRASH_START}:{marker}"}},
        )
        try:
            yield marker
        finally:
            ray.shutdown()
            shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_seed_gives_on_ray_the_report_of_the_local_runner_with_any_number_of_workers(local_ray, jobs):
    got = simulate("sixteen", FOUR, TEAMS, 40, 9, jobs=jobs, chunk=3, backend="ray")
    assert got.backend == "ray" and got.jobs == jobs
    assert same(got, reference("sixteen", FOUR, TEAMS, 40, 9))


def test_a_worker_that_dies_has_its_chunk_played_again_and_counted_once(local_ray):
    got = simulate("sixteen", {}, TEAMS, 24, CRASH_SEED, chunk=4, backend="ray")
    assert local_ray.exists()  # the worker that played games 8-11 died before sending them back
    assert same(got, reference("sixteen", {}, TEAMS, 24, CRASH_SEED))


def test_paired_runs_stop_at_a_target_width_where_the_local_runner_does(local_ray):
    args = ("sixteen", {}, ["random", "random"], 400, 5)
    here = simulate(*args, paired=True, target_ci=0.25, chunk=10)
    there = simulate(*args, paired=True, target_ci=0.25, chunk=10, backend="ray")
    assert same(here, there) and here.games < 400 and there.stopped == here.stopped


def test_matchups_on_ray_are_the_local_matrix(local_ray):
    got = play_matchups("combo-fighter", {"best_of": 1}, ["random"], 3, 4, chunk=2, backend="ray")
    ref = MatchupReport("combo-fighter", {"best_of": 1}, ["random"], got.roster, 3, 4, 1)
    for pair, out in run_matchups("combo-fighter", {"best_of": 1}, ["random"], 3, seed=4):
        ref.add(pair, out)
    strip = lambda d: {k: v for k, v in d.items() if k not in TIMING}  # noqa: E731
    assert strip(got.to_dict()) == strip(ref.to_dict()) and got.to_dict()["backend"] == "ray"


def test_ray_keeps_a_bounded_number_of_chunks_in_flight(local_ray):
    pulled = []

    def chunks():
        for c in plan_chunks(Plan("sixteen", {}, ("random",), 0), 30, 1):
            pulled.append(c.order)
            yield c

    for jobs, most in ((2, 2 * 2), (1, 1)):  # two per CPU on all of them; one at a time with one
        pulled.clear()
        with open_backend("ray", jobs) as backend:
            results = backend.map(chunks())
            next(results)
            assert len(pulled) == most
            results.close()


def test_the_sim_command_on_ray_writes_the_report_of_the_processes_backend(local_ray, tmp_path):
    runner = CliRunner()
    args = ["sim", "sixteen", "-a", "sixteen.heuristic,random", "-n", "30", "--seed", "2", "--out"]
    on_ray = runner.invoke(app, [*args, str(tmp_path / "ray.json"), "--backend", "ray", "-j", "2"])
    assert on_ray.exit_code == 0 and "ray, 2 worker(s)" in on_ray.output, on_ray.output
    local = runner.invoke(app, [*args, str(tmp_path / "local.json"), "-j", "2"])
    assert local.exit_code == 0 and "2 job(s)" in local.output
    a, b = (json.loads((tmp_path / f).read_text()) for f in ("ray.json", "local.json"))
    assert a.pop("backend") == "ray" and {k: a[k] for k in a if k not in TIMING} == {
        k: b[k] for k in b if k not in TIMING
    }


def test_a_tournament_on_ray_plays_the_bracket_played_here(local_ray):
    rules = rules_of(ca.make("combo-fighter"))
    entrants = [rules.parse_entrant(t, i) for i, t in enumerate(["a=random@boris,grace", "b=random@grace,lucia",
                                                                 "c=random@boris,lucia"])]  # fmt: skip
    here = run_tournament("combo-fighter", {"best_of": 1}, entrants, seed=3)
    with open_backend("ray") as backend:
        there = run_tournament("combo-fighter", {"best_of": 1}, entrants, seed=3, backend=backend)
    assert [m.line() for m in there.matches] == [m.line() for m in here.matches]
    assert there.champion.label == here.champion.label
