"""Reaction windows are fair to people: agents pause a human-like time drawn per
decision, always inside the window, and a person is asked at the same moment as
everyone else (before any agent's answer is applied). And one fallback policy
for agents that fail, whichever path asked them."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

from comboarena.core import Action
from comboarena.server import Settings, create_app
from comboarena.server.agents import TableAgents, choose_safely
from comboarena.server.store import actions_t

from .fakegame import Broken
from .helpers import create, join, receive_until, send

pytestmark = pytest.mark.timeout(90)


def sources(client: TestClient, table_id: str) -> list[tuple[int, str, str]]:
    with client.app.state.hub.store.engine.connect() as c:
        rows = c.execute(
            select(actions_t.c.seat, actions_t.c.notation, actions_t.c.source)
            .where(actions_t.c.table_id == table_id)
            .order_by(actions_t.c.ply)
        )
        return [tuple(r) for r in rows]


def server(tmp_path, **timings) -> TestClient:
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    limits = {"http_rate": 1000, "http_burst": 1000, "http_read_rate": 1000, "http_read_burst": 1000}
    settings = Settings(db_url=db, creates_per_minute=1000, **limits, **timings)
    return TestClient(create_app(settings))


def test_a_person_is_asked_before_any_agent_answers_and_agents_pause_like_people(tmp_path, counter_game):
    with server(tmp_path, agent_delay=(0.4, 0.5)) as client:
        tid = create(client, game=counter_game, seats=["first", "open", "first"], options={"window": 3.0})
        tid = tid["table"]["id"]
        token = join(client, tid, seat=1, name="Ada")
        with client.websocket_connect(f"/ws/{tid}") as ws:
            send(ws, {"type": "hello", "token": token})
            for _round in range(3):
                asked = receive_until(ws, lambda m: m["type"] in ("welcome", "update", "sync") and bool(m["legal"]))
                asked_at = time.monotonic()
                # When the window reaches the person, nobody has answered it yet: both seats owe.
                assert asked["legal"] == ["counter", "pass"] and sorted(asked["to_act"]) == [1, 2]
                assert asked["timers"]["window"]["mine"] and asked["timers"]["window"]["seats"] == [1, 2]
                answer = receive_until(ws, lambda m: m["type"] == "update" and any(e["seat"] == 2 for e in m["events"]))
                assert answer["version"] == asked["version"] + 1, "the agent's answer is the next thing applied"
                assert time.monotonic() - asked_at >= 0.35, "the agent paused like a person before answering"
                send(ws, {"type": "act", "token": token, "action": "pass", "version": answer["version"]})
            receive_until(ws, lambda m: m.get("result") is not None)
        answers = [s for s in sources(client, tid) if s[0] == 2]
        assert answers == [(2, "counter", "agent")] * 3


def test_an_agents_pause_never_outlasts_the_window(tmp_path, counter_game):
    """Agents that would pause 3-3.5 s answer a 1.6 s window inside it, not by running out of time.

    (A window long enough that the quarter of it the agents leave free outlasts a busy
    machine's scheduling delays.)"""
    with server(tmp_path, agent_delay=(3.0, 3.5)) as client:
        tid = create(client, game=counter_game, seats=["first", "first", "first"], options={"window": 1.6})
        tid = tid["table"]["id"]
        end = time.monotonic() + 30
        while client.get(f"/api/tables/{tid}").json()["status"] != "over":
            assert time.monotonic() < end, "the game did not end"
            time.sleep(0.05)
        answered = [s for s in sources(client, tid) if s[0] in (1, 2)]
        assert len(answered) == 6 and {s[2] for s in answered} == {"agent"}, answered


def test_the_pause_is_drawn_per_decision_and_kept_inside_an_open_window():
    agents = TableAgents.__new__(TableAgents)
    agents.table = SimpleNamespace(settings=Settings(agent_delay=(0.6, 2.0)))
    agents.rng = random.Random(5)
    pauses = [agents.delay(None) for _ in range(200)]
    assert all(0.6 <= p <= 2.0 for p in pauses) and len(set(pauses)) == 200, "a fresh draw each decision"
    assert max(pauses) > 1.5 and min(pauses) < 0.9, "the whole range is used"
    assert all(agents.delay(0.4) <= 0.3 + 1e-9 for _ in range(50)), "within three quarters of what is left"
    assert agents.delay(0.0) == 0.0


def test_serve_documents_the_delay_range_and_refuses_a_bad_one():
    from comboarena.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["serve", "--help"], terminal_width=200)
    assert out.exit_code == 0
    flat = " ".join(out.output.split())
    assert "--agent-delay" in flat and "LOW-HIGH" in flat and "0.6-2" in flat and "window" in flat
    for bad in ("-1", "2-1", "fast", "0.5-999"):
        res = runner.invoke(app, ["serve", "--agent-delay", bad])
        assert res.exit_code == 2 and "error:" in res.output and "Traceback" not in res.output, (bad, res.output)


def test_one_fallback_policy_a_random_legal_move():
    legal = [Action("counter"), Action("pass"), Action("combo")]
    rng = random.Random(3)
    chosen = [choose_safely(Broken(), {}, legal, rng, "test") for _ in range(60)]
    assert set(chosen) == set(legal), "a failing agent is covered by a random legal move, not always the first"

    class Illegal(Broken):
        def choose(self, view, legal, rng):
            return Action("nonsense")

    chosen = [choose_safely(Illegal(), {}, legal, rng, "test") for _ in range(60)]
    assert set(chosen) == set(legal), "an illegal choice is covered the same way"


def test_both_table_paths_use_the_one_policy(tmp_path, counter_game, monkeypatch):
    """A failing agent in a seat and a failing fallback agent moving for a late person go
    through the same policy."""
    import comboarena.server.agents as table_agents

    calls: list[list[str]] = []
    real = table_agents.fallback_move

    def recording(legal, rng):
        calls.append([str(a) for a in legal])
        return real(legal, rng)

    monkeypatch.setattr(table_agents, "fallback_move", recording)
    with server(tmp_path, agent_delay=0, min_clock=0.05) as client:
        # Seat 2 is the broken agent; seat 1 is a person who never answers: the clock
        # (0.2 s, shorter than the window) lets the broken fallback agent move for them.
        made = create(
            client,
            game=counter_game,
            seats=["first", "open", f"{counter_game}.broken"],
            options={"window": 5.0},
            clock=0.2,
            fallback=f"{counter_game}.broken",
        )
        tid = made["table"]["id"]
        join(client, tid, seat=1)
        end = time.monotonic() + 30
        while client.get(f"/api/tables/{tid}").json()["status"] != "over":
            assert time.monotonic() < end, "the game did not end"
            time.sleep(0.05)
        by_source = {}
        for seat, _move, source in sources(client, tid):
            by_source.setdefault((seat, source), 0)
            by_source[(seat, source)] += 1
    assert by_source.get((2, "agent"), 0) >= 3 and by_source.get((1, "clock"), 0) >= 1, by_source
    assert len(calls) == by_source[(2, "agent")] + by_source.get((1, "clock"), 0), "every failure used the policy"
    assert all(legal == ["counter", "pass"] for legal in calls)
