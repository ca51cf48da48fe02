"""Reconnecting: catch-up from a version, a full picture when the gap is too old,
a restarted server resuming its games, and rematches."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import comboarena as ca
from comboarena.server import Settings, create_app

from .helpers import create, join, receive_until, send, still, view, wait_for

pytestmark = pytest.mark.timeout(90)


def play(client: TestClient, tid: str, token: str, moves: int) -> None:
    """Make up to ``moves`` of this seat's moves over HTTP (the agent answers in between)."""
    for _ in range(moves):
        now = wait_for(lambda: ((v := view(client, tid, token))["legal"] or v["result"]) and v, what="our turn")
        if now["result"]:
            return
        res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0]})
        assert res.status_code == 200, res.text


def test_a_reconnecting_client_gets_exactly_what_it_missed(client):
    tid = create(client, seats=["open", "first"], seed=8)["table"]["id"]
    token = join(client, tid)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "hello", "token": token})
        seen = receive_until(ws, lambda m: m["type"] == "welcome")["version"]
    play(client, tid, token, 3)
    now = wait_for(lambda: (v := view(client, tid, token))["legal"] and v, what="our turn")
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "hello", "token": token, "since": seen})
        back = receive_until(ws, lambda m: m["type"] == "welcome")
    assert not back["full"] and back["version"] == now["version"]
    assert sorted({e["v"] for e in back["events"]}) == list(range(seen + 1, now["version"] + 1))
    assert back["view"] == now["view"] and back["legal"] == now["legal"]
    # The opponent's draws stay hidden in the catch-up too; our own show their card.
    draws = [e for e in back["events"] if e["kind"] == "draw"]
    assert all("card" not in e for e in draws if e["seat"] == 1)
    assert all("card" in e for e in draws if e["seat"] == 0) and any(e["seat"] == 0 for e in draws)


def test_a_gap_older_than_memory_gets_a_full_picture(tmp_path):
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'c.sqlite3'}", agent_delay=0, catchup=2, http_rate=1000, http_burst=1000,
        http_read_rate=1000, http_read_burst=1000,
    )  # fmt: skip
    with TestClient(create_app(settings)) as client:
        tid = create(client, seats=["open", "first"], seed=8)["table"]["id"]
        token = join(client, tid)
        play(client, tid, token, 4)
        wait_for(lambda: view(client, tid, token)["legal"], what="our turn (nothing moves until we do)")
        with client.websocket_connect(f"/ws/{tid}") as ws:
            send(ws, {"type": "hello", "token": token, "since": 1})
            back = receive_until(ws, lambda m: m["type"] == "welcome")
            assert back["full"] and {e["v"] for e in back["events"]} <= {back["version"] - 1, back["version"]}
            assert back["view"] == view(client, tid, token)["view"]
            send(ws, {"type": "hello", "token": token, "since": 10_000})
            assert receive_until(ws, lambda m: m["type"] == "welcome")["full"]


def test_a_restarted_server_resumes_every_unfinished_game_exactly(settings):
    with TestClient(create_app(settings)) as client:
        tid = create(client, seats=["open", "first"], seed=21)["table"]["id"]
        token = join(client, tid, name="Ada")
        waiting = create(client, seats=["open", "open"])["table"]["id"]
        play(client, tid, token, 5)
        before = wait_for(lambda: (v := view(client, tid, token))["legal"] and v, what="our turn")
    with TestClient(create_app(settings)) as client:
        after = view(client, tid, token)
        assert still(after) == still(before)
        assert after["table"]["seats"][0]["name"] == "Ada"
        assert client.get(f"/api/tables/{waiting}").json()["status"] == "waiting"
        with client.websocket_connect(f"/ws/{tid}") as ws:
            send(ws, {"type": "hello", "token": token, "since": before["version"]})
            back = receive_until(ws, lambda m: m["type"] == "welcome")
            # Replaying the stored actions rebuilds the recent events too: no gap to report.
            assert not back["full"] and back["events"] == []
        play(client, tid, token, 40)
        final = wait_for(lambda: (v := view(client, tid, token))["result"] and v, what="the end")
        record = ca.Record.from_json(client.get(f"/api/tables/{tid}/record").text)
    assert ca.replay(record).is_over and final["result"]["winners"]


def test_a_rematch_keeps_seats_for_the_same_people_with_seats_turned(client):
    tid = create(client, seats=["open", "first"], seed=3)["table"]["id"]
    token = join(client, tid, name="Ada")
    assert client.post(f"/api/tables/{tid}/rematch", json={"token": token}).json()["error"]["code"] == "not_over"
    with client.websocket_connect(f"/ws/{tid}") as watcher:
        send(watcher, {"type": "hello"})
        receive_until(watcher, lambda m: m["type"] == "welcome")
        play(client, tid, token, 60)
        wait_for(lambda: view(client, tid, token)["result"], what="the end")
        assert client.post(f"/api/tables/{tid}/rematch", json={"token": "forged"}).status_code == 403
        new = client.post(f"/api/tables/{tid}/rematch", json={"token": token}).json()["table"]
        assert client.post(f"/api/tables/{tid}/rematch", json={"token": token}).json()["table"] == new
        note = receive_until(watcher, lambda m: m["type"] == "rematch")
        assert note["table"] == new and note["seats"] == {"0": 1, "1": 0}
    seats = client.get(f"/api/tables/{new}").json()["seats"]
    assert seats[0]["kind"] == "agent" and seats[1] == {**seats[1], "kind": "reserved", "name": "Ada"}
    res = client.post(f"/api/tables/{new}/join", json={"seat": 1})
    assert res.json()["error"]["code"] == "reserved"
    res = client.post(f"/api/tables/{new}/join", json={"claim": token})
    assert res.status_code == 200 and res.json()["seat"] == 1
    assert res.json()["table"]["status"] == "playing" and res.json()["table"]["rematch_of"] == tid
