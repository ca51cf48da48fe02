"""Timers and the zombie rule: rules windows, per-move clocks, leaving, disconnecting."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from comboarena.server import Settings, create_app
from comboarena.server.store import actions_t

from .helpers import create, join, receive_until, send, view, wait_for

pytestmark = pytest.mark.timeout(90)


def sources(client: TestClient, table_id: str) -> list[tuple[int, str, str]]:
    """(seat, notation, source) of every stored action."""
    engine = client.app.state.hub.store.engine
    with engine.connect() as c:
        rows = c.execute(
            select(actions_t.c.seat, actions_t.c.notation, actions_t.c.source)
            .where(actions_t.c.table_id == table_id)
            .order_by(actions_t.c.ply)
        )
        return [tuple(r) for r in rows]


def meta(client: TestClient, table_id: str) -> dict:
    return client.get(f"/api/tables/{table_id}").json()


def test_a_rules_window_answers_for_a_silent_seat_when_it_expires(client, poke_game):
    tid = create(client, game=poke_game, seats=["first", "open"], options={"window": 0.15})["table"]["id"]
    token = join(client, tid, seat=1)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "hello", "token": token})
        msg = receive_until(ws, lambda m: m["type"] in ("welcome", "update") and m["legal"])
        assert msg["legal"] == ["block", "pass"]
        window = msg["timers"]["window"]
        assert window["mine"] and 0 < window["remaining"] <= 0.15 and window["seconds"] == 0.15
        # Answer the first window in time; let the others run out.
        send(ws, {"type": "act", "token": token, "action": "block", "version": msg["version"]})
        end = receive_until(ws, lambda m: m["type"] == "update" and m["result"] is not None)
    assert end["result"]["scores"] == [2, 1]
    answers = [s for s in sources(client, tid) if s[0] == 1]
    assert answers == [(1, "block", "person"), (1, "pass", "timer"), (1, "pass", "timer")]


def test_a_window_keeps_its_deadline_when_one_seat_answers():
    from comboarena.core import Action, Timer
    from comboarena.server.clocks import next_window

    passing = Action("pass")
    opened = next_window(None, Timer(3.0, dict.fromkeys((1, 2, 3), passing)), actor=0, now=100.0)
    after_one = next_window(opened, Timer(3.0, dict.fromkeys((2, 3), passing)), actor=1, now=101.0)
    assert after_one.deadline == opened.deadline == 103.0
    fresh = next_window(after_one, Timer(3.0, dict.fromkeys((0, 1, 3), passing)), actor=2, now=102.0)
    assert fresh.deadline == 105.0, "a counter opens a new window with the full time"
    assert next_window(fresh, None, actor=3, now=103.0) is None


def test_the_clock_moves_for_a_late_person_and_three_timeouts_make_a_zombie(client):
    tid = create(client, seats=["open", "first"], clock=0.1, fallback="first", seed=4)["table"]["id"]
    token = join(client, tid, name="Sleepy")
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "hello", "token": token})
        # The first picture with the person's clock running (on a slow machine the 0.1 s clock may
        # already have run out once before the welcome, while the agent answers).
        first = receive_until(ws, lambda m: m["type"] in ("welcome", "update") and bool(m["timers"]["clocks"]))
        clock = first["timers"]["clocks"][0]
        assert clock["seat"] == 0 and clock["seconds"] == 0.1 and not clock["idle"]
        notices = []
        msg = first
        over = False
        while not over or not any("ran out of time 3 times" in n for n in notices):
            # Notices come with the (coalesced) table messages, possibly just after the last move.
            msg = ws.receive_json()
            over = over or msg.get("result") is not None
            if msg.get("notice"):
                notices.append(msg["notice"])
    seat = meta(client, tid)["seats"][0]
    assert seat["kind"] == "agent" and seat["replaced"] and seat["strikes"] == 3
    assert any("ran out of time 3 times" in n for n in notices)
    mine = [s for s in sources(client, tid) if s[0] == 0]
    assert [s[2] for s in mine[:3]] == ["clock"] * 3 and {s[2] for s in mine[3:]} == {"agent"}
    res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": "5R"})
    assert res.json()["error"]["code"] in ("replaced", "over")


def test_leaving_a_game_hands_the_seat_to_an_agent_and_before_it_reopens_the_seat(client):
    tid = create(client, seats=["open", "open"])["table"]["id"]
    token = join(client, tid, seat=0)
    assert client.post(f"/api/tables/{tid}/leave", json={"token": token}).status_code == 200
    assert meta(client, tid)["seats"][0]["kind"] == "open"
    token = join(client, tid, seat=0, name="Ada")
    join(client, tid, seat=1, name="Bob")
    assert meta(client, tid)["status"] == "playing"
    client.post(f"/api/tables/{tid}/leave", json={"token": token})
    seat = meta(client, tid)["seats"][0]
    assert seat["kind"] == "agent" and seat["replaced"] and seat["name"] == "Ada"
    wait_for(lambda: meta(client, tid)["version"] > 0, what="the agent to play for Ada")


def test_a_seated_person_can_start_with_agents_in_the_empty_seats(client):
    tid = create(client, seats=["open", "open"], fallback="first")["table"]["id"]
    token = join(client, tid, seat=1)
    assert client.post(f"/api/tables/{tid}/fill", json={"token": "nope"}).status_code == 403
    assert client.post(f"/api/tables/{tid}/fill", json={"token": token}).status_code == 200
    seats = meta(client, tid)["seats"]
    assert seats[0]["kind"] == "agent" and seats[0]["agent"] == "first" and meta(client, tid)["status"] == "playing"
    wait_for(lambda: view(client, tid, token)["legal"], what="seat 1's turn after the agent moved")


def test_a_person_gone_longer_than_the_grace_period_is_replaced(tmp_path):
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'g.sqlite3'}", agent_delay=0, disconnect_grace=0.3, http_rate=1000,
        http_read_rate=1000,
    )  # fmt: skip
    with TestClient(create_app(settings)) as client:
        tid = create(client, seats=["open", "open"])["table"]["id"]
        stays, goes = join(client, tid, seat=0), join(client, tid, seat=1)
        with client.websocket_connect(f"/ws/{tid}") as ws0:
            send(ws0, {"type": "hello", "token": stays})
            receive_until(ws0, lambda m: m["type"] == "welcome")
            with client.websocket_connect(f"/ws/{tid}") as ws1:
                send(ws1, {"type": "hello", "token": goes})
                receive_until(ws1, lambda m: m["type"] == "welcome")
            # Seat 0 stays connected beyond the grace period; seat 1 left.
            note = receive_until(ws0, lambda m: m["type"] == "table" and "gone too long" in m.get("notice", ""))
            assert "gone too long" in note["notice"] and "plays seat 2 from now on" in note["notice"]
            seats = meta(client, tid)["seats"]
            assert seats[0]["kind"] == "person" and seats[1]["kind"] == "agent" and seats[1]["replaced"]


def test_agents_think_off_the_event_loop(client):
    """While a slow search agent thinks, the server keeps answering."""
    # Combo Fighter's strongest search preset thinks for seconds (capped by its time budget).
    tid = create(client, game="combo-fighter", seats=["open", "ismcts:iters=1000"], seed=2)["table"]["id"]
    token = join(client, tid)
    now = view(client, tid, token)
    client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0]})
    slowest = 0.0
    thinking_seen = False
    for _ in range(10):
        start = time.perf_counter()
        snap = view(client, tid, token)
        slowest = max(slowest, time.perf_counter() - start)
        thinking_seen = thinking_seen or snap["to_act"] == [1]
        time.sleep(0.05)
    assert thinking_seen, "the agent should still be thinking"
    assert slowest < 0.5, f"a request took {slowest:.2f}s while the agent was thinking"
