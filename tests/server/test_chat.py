"""Table chat: over the feed and HTTP, cleaned, rate-limited, stored with the
table (it survives a restart), and sent raw (pages render it as text)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from comboarena.server import create_app

from .helpers import create, join, receive_until, send

pytestmark = pytest.mark.timeout(60)

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
SCRIPT = "<script>alert('hi')</script> & <b>bold</b>"


def test_players_and_spectators_chat_over_the_feed(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, tid, name="Ada")
    with client.websocket_connect(f"/ws/{tid}") as player, client.websocket_connect(f"/ws/{tid}") as watcher:
        send(player, {"type": "hello", "token": token})
        receive_until(player, lambda m: m["type"] == "welcome")
        send(watcher, {"type": "hello", "name": "  Grace\n Hopper  "})
        welcome = receive_until(watcher, lambda m: m["type"] == "welcome")
        assert welcome["chat"] == []
        send(player, {"type": "chat", "token": token, "text": "  good luck\x07 ", "id": "c1"})
        said = receive_until(watcher, lambda m: m["type"] == "chat")["message"]
        assert said["seat"] == 0 and said["name"] == "Ada" and said["text"] == "good luck"
        assert isinstance(said["id"], int) and ISO.match(said["at"])
        got = {}
        while len(got) < 2:  # the sender gets the message too, and an ack for it
            msg = receive_until(player, lambda m: m["type"] in ("ack", "chat"))
            got[msg["type"]] = msg
        assert got["ack"]["id"] == "c1" and got["ack"]["chat"] == said["id"] and got["chat"]["message"] == said
        send(watcher, {"type": "chat", "text": SCRIPT})
        theirs = receive_until(player, lambda m: m["type"] == "chat")["message"]
        assert theirs["seat"] is None and theirs["name"] == "Grace Hopper"
        assert theirs["text"] == SCRIPT, "stored and sent raw; pages escape it"
        assert theirs["id"] == said["id"] + 1
    with client.websocket_connect(f"/ws/{tid}") as late:
        send(late, {"type": "hello"})
        assert receive_until(late, lambda m: m["type"] == "welcome")["chat"] == [said, theirs]
        send(late, {"type": "chat", "text": "anyone?"})
        assert receive_until(late, lambda m: m["type"] == "chat")["message"]["name"] == "Spectator"
    log = client.get(f"/api/tables/{tid}/chat").json()["messages"]
    assert log[:2] == [said, theirs] and log[1]["text"] == SCRIPT


@pytest.mark.parametrize(
    ("text", "why"),
    [("", "empty"), ("   \n\t ", "empty"), ("\x00\x01", "empty"), ("x" * 201, "too long"), (5, "text")],
)
def test_bad_chat_is_refused_and_nothing_is_sent(client, text, why):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    res = client.post(f"/api/tables/{tid}/chat", json={"text": text})
    assert res.status_code == 400 and why in res.json()["error"]["message"], res.text
    assert client.get(f"/api/tables/{tid}/chat").json()["messages"] == []
    assert client.post(f"/api/tables/{tid}/chat", json={"text": "x" * 200}).status_code == 201, "200 is fine"


def test_chat_is_rate_limited_per_connection(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "hello"})
        receive_until(ws, lambda m: m["type"] == "welcome")
        for i in range(5):
            send(ws, {"type": "chat", "text": f"spam {i}", "id": i})
        answers = [receive_until(ws, lambda m: m["type"] in ("ack", "error")) for _ in range(5)]
    assert [a["type"] for a in answers] == ["ack"] * 3 + ["error"] * 2
    assert {a["code"] for a in answers[3:]} == {"rate_limited"}
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/chat").json()["messages"]] == [
        "spam 0",
        "spam 1",
        "spam 2",
    ]
    # Over HTTP the budget is per address (and table).
    codes = [client.post(f"/api/tables/{tid}/chat", json={"text": "hi"}).status_code for _ in range(5)]
    assert codes == [201] * 3 + [429] * 2


def test_chat_over_http_signs_with_the_seat_or_the_name_given(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, tid, name="Ada")
    mine = client.post(f"/api/tables/{tid}/chat", json={"text": "hello", "token": token, "name": "Mallory"})
    assert mine.status_code == 201 and mine.json()["message"]["name"] == "Ada" and mine.json()["message"]["seat"] == 0
    guest = client.post(f"/api/tables/{tid}/chat", json={"text": "hi", "name": "Bob\x00"}).json()["message"]
    assert guest["name"] == "Bob" and guest["seat"] is None
    forged = client.post(f"/api/tables/{tid}/chat", json={"text": "hi", "token": "forged"})
    assert forged.status_code == 403 and forged.json()["error"]["code"] == "bad_token"
    assert client.post("/api/tables/nope/chat", json={"text": "hi"}).status_code == 404


def test_chat_survives_a_restart(settings):
    with TestClient(create_app(settings)) as client:
        tid = create(client, seats=["open", "open"])["table"]["id"]
        sent = [client.post(f"/api/tables/{tid}/chat", json={"text": t}).json()["message"] for t in ("one", SCRIPT)]
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/api/tables/{tid}/chat").json()["messages"] == sent
        with client.websocket_connect(f"/ws/{tid}") as ws:
            send(ws, {"type": "hello"})
            assert receive_until(ws, lambda m: m["type"] == "welcome")["chat"] == sent
        nxt = client.post(f"/api/tables/{tid}/chat", json={"text": "three"}).json()["message"]
        assert nxt["id"] == sent[-1]["id"] + 1, "ids keep counting after a restart"
