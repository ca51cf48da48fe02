"""Abuse limits: nothing a client sends can crash a table or get past a limit."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from comboarena.server import Settings, create_app
from comboarena.server.protocol import ProtocolError, parse_client

from .helpers import create, join, receive_until, send, still, view

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('"hello"', "bad_message"),
        ('{"no": "type"}', "unknown_type"),
        ('{"type": "explode"}', "unknown_type"),
        ('{"type": "act", "token": "t"}', "bad_message"),
        ('{"type": "act", "token": 5, "action": "5R"}', "bad_message"),
        ('{"type": "act", "token": "t", "action": "5R", "version": -1}', "bad_message"),
        ('{"type": "act", "token": "t", "action": "5R", "version": true}', "bad_message"),
        ('{"type": "hello", "since": "x"}', "bad_message"),
        ('{"type": "ping", "id": {"deep": 1}}', "bad_message"),
        ("[" * 100000 + "]" * 100000, "bad_json"),
    ],
)
def test_malformed_messages_are_named(text, code):
    with pytest.raises(ProtocolError) as info:
        parse_client(text)
    assert info.value.code == code and info.value.message


def test_bad_messages_get_errors_then_the_connection_is_closed(client, settings):
    tid = create(client)["table"]["id"]
    token = join(client, tid)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "ping", "id": 1})
        assert ws.receive_json() == {"type": "pong", "id": 1}
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "bad_json"
        send(ws, {"type": "launch"})
        assert ws.receive_json()["code"] == "unknown_type"
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * (settings.max_message_bytes + 1)}))
        assert ws.receive_json()["code"] == "too_large"
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["code"] == "bad_message"
        send(ws, {"type": "hello", "token": "forged"})
        assert ws.receive_json()["code"] == "bad_token"
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["seat"] is None and "hand" not in welcome["view"]
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(settings.max_strikes + 5):
                ws.send_text("{")
                msg = receive_until(ws, lambda m: m["type"] != "table")
                assert msg["type"] == "error"
                if msg["code"] == "closing":
                    ws.receive_json()
        assert closed.value.code == 1008
    # The table is unharmed and still plays.
    now = view(client, tid, token)
    res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0]})
    assert res.status_code == 200


def test_flooding_is_rate_limited_and_then_cut_off(tmp_path):
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'r.sqlite3'}", agent_delay=0, rate=5, burst=5, max_strikes=4)
    from fastapi.testclient import TestClient

    with TestClient(create_app(settings)) as client:
        tid = create(client)["table"]["id"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for i in range(50):
                    send(ws, {"type": "ping", "id": i})
                for _ in range(60):
                    msg = ws.receive_json()
                    codes.append(msg.get("code", msg["type"]))
            assert codes[:5] == ["pong"] * 5
            assert "rate_limited" in codes and codes[-1] == "closing"
            assert closed.value.code == 1008


def test_each_address_has_a_budget_of_changes(tmp_path):
    from fastapi.testclient import TestClient

    settings = Settings(db_url=f"sqlite:///{tmp_path / 'h.sqlite3'}", http_rate=0.01, http_burst=3)
    with TestClient(create_app(settings)) as client:
        codes = [client.post("/api/tables", json={"game": "sixteen"}).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        assert client.post("/api/tables/x/join", json={}).json()["error"]["code"] == "rate_limited"
        assert client.get("/api/tables").status_code == 200, "reads have their own budget"


def test_an_unknown_table_closes_the_feed(client):
    with client.websocket_connect("/ws/no-such-table") as ws:
        assert ws.receive_json()["code"] == "no_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    assert client.get("/api/tables/" + "x" * 300).status_code == 404


def test_garbage_moves_from_a_seated_player_never_break_the_table(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, tid)
    before = view(client, tid, token)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "hello", "token": token})
        ws.receive_json()
        for junk in ("", " ", "W=", "W=9Z", "🂡", "5R" * 90, "\x00", "draw draw", "null"):
            send(ws, {"type": "act", "token": token, "action": junk})
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["code"] == "illegal", msg
    assert still(view(client, tid, token)) == still(before)
