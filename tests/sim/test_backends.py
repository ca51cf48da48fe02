"""How the Ray backend finds its Ray (a stand-in ``ray`` module: no cluster started here),
and the one-line errors of backends that cannot be used."""

import sys

import pytest

import comboarena as ca
from comboarena.sim import BackendError, open_backend


class FakeRay:
    """Records how it was started; a cluster of ``cpus`` CPUs."""

    def __init__(self, cpus=8, started=False, fails=None):
        self.cpus, self.started, self.fails = cpus, started, fails
        self.inits, self.shutdowns = [], 0

    def is_initialized(self):
        return self.started

    def init(self, **kw):
        if self.fails:
            raise self.fails
        self.inits.append(kw)
        self.started = True

    def cluster_resources(self):
        return {"CPU": float(self.cpus)}

    def shutdown(self):
        self.shutdowns += 1
        self.started = False


@pytest.fixture
def fake(monkeypatch):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")  # restored after: connect() sets it when unset
    ray = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", ray)
    return ray


def test_no_address_starts_a_local_ray_on_loopback_and_stops_it_when_done(fake):
    with open_backend("ray", 3) as backend:
        assert backend.name == "ray" and backend.workers == 3
        (kw,) = fake.inits
        assert kw["num_cpus"] == 3 and kw["include_dashboard"] is False and kw["_node_ip_address"] == "127.0.0.1"
        assert "address" not in kw
    assert fake.shutdowns == 1


def test_an_address_or_ray_address_joins_that_cluster_and_uses_all_its_cpus(fake, monkeypatch):
    with open_backend("ray", None, "10.0.0.5:6379") as backend:
        assert fake.inits[-1]["address"] == "10.0.0.5:6379" and "num_cpus" not in fake.inits[-1]
        assert backend.workers == 8 and backend.in_flight == 16  # two per CPU: none idles between chunks
    monkeypatch.setenv("RAY_ADDRESS", "head:6379")
    with open_backend("ray", 2) as backend:
        assert fake.inits[-1]["address"] == "head:6379" and backend.workers == 2  # --jobs caps the workers used
        assert backend.in_flight == 2  # so only two chunks at a time on the 8 CPUs
    assert fake.shutdowns == 2  # the driver lets go; the cluster runs on


def test_a_ray_already_started_in_this_process_is_used_and_left_running(fake):
    fake.started = True
    with open_backend("ray", 16) as backend:
        assert backend.workers == 8
    assert fake.inits == [] and fake.shutdowns == 0


def test_a_cluster_that_cannot_be_reached_is_one_error(fake):
    fake.fails = ConnectionError("no head at x:1")
    with pytest.raises(BackendError, match="cannot start or reach the Ray cluster at x:1: no head at x:1"):
        open_backend("ray", None, "x:1")


def test_without_ray_installed_the_error_says_to_install_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if it were not installed
    with pytest.raises(ca.OptionError, match=r"pip install 'comboarena\[cluster\]'"):
        open_backend("ray")


def test_unknown_backends_and_addresses_without_ray_are_refused():
    with pytest.raises(ca.OptionError, match="unknown --backend 'spark'"):
        open_backend("spark")
    with pytest.raises(ca.OptionError, match="add --backend ray"):
        open_backend("processes", 2, "head:6379")
    with pytest.raises(ca.OptionError, match="--jobs must be at least 1"):
        open_backend("processes", 0)


def test_a_tournament_plays_each_of_its_games_through_the_backend():
    from comboarena.sim import Backend
    from comboarena.sim.tournament import play_match, rules_of, run_tournament

    class Counting(Backend):
        def __init__(self):
            self.calls = []

        def call(self, fn, *args):
            self.calls.append(fn)
            return fn(*args)

    rules = rules_of(ca.make("combo-fighter"))
    entrants = [rules.parse_entrant(t, i) for i, t in enumerate(["a=random@boris,grace", "b=random@grace,lucia"])]
    counting = Counting()
    bracket = run_tournament("combo-fighter", {"best_of": 1}, entrants, seed=3, backend=counting)
    played = [m for m in bracket.matches if m.loser is not None]
    assert counting.calls == [play_match] * sum(1 + m.replays for m in played) and len(played) >= 2
