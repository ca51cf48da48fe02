"""The HTTP API and live play over the WebSocket feed (FastAPI's test client)."""

from __future__ import annotations

import json
import random

import pytest

import comboarena as ca
from comboarena.server.tokens import token_hash

from .helpers import create, join, receive_until, send, still, view, wait_for

pytestmark = pytest.mark.timeout(120)


def test_games_are_listed_with_options_and_agents(client):
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert set(ca.games()) <= set(games)
    six = games["sixteen"]
    assert six["title"] == "Sixteen" and "16" in six["summary"]
    assert {o["name"] for o in six["options"]} == {"players", "matches", "wilds", "draw", "bonus"}
    agents = {a["spec"]: a for a in six["agents"]}
    assert agents["sixteen.heuristic"]["label"] == "Heuristic AI" and agents["sixteen.heuristic"]["seconds"] is None
    # The search presets say how long a decision may take at most.
    assert agents["ismcts:iters=200"]["seconds"] == 1.0
    assert six["page"] is True
    assert client.post("/api/games/sixteen/setup", json={"options": {"players": "4"}}).json()["players"] == 4
    bad = client.post("/api/games/sixteen/setup", json={"options": {"players": 3}})
    assert bad.status_code == 400 and "players" in bad.json()["error"]["message"]


def test_create_join_and_play_a_whole_game_over_the_feed(client):
    made = create(client, seats=["open", "random"])
    tid = made["table"]["id"]
    assert made["table"]["status"] == "waiting" and made["join"][0]["url"].endswith(f"/table/{tid}?seat=0")
    token = join(client, tid, name="Ada")
    acks = []
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "hello", "token": token})
        msg = receive_until(ws, lambda m: m["type"] == "welcome")
        assert msg["seat"] == 0 and msg["table"]["status"] == "playing" and msg["table"]["seats"][0]["name"] == "Ada"
        version = msg["version"]
        n = 0
        while msg.get("result") is None:
            if msg["type"] in ("welcome", "update") and msg["legal"]:
                send(ws, {"type": "act", "token": token, "action": msg["legal"][0], "version": msg["version"], "id": n})
                n += 1
            msg = ws.receive_json()
            if msg["type"] == "update":
                assert msg["version"] == version + 1, "updates arrive in order, one version each"
                version = msg["version"]
                assert all("text" in e and e["v"] == version for e in msg["events"])
            elif msg["type"] == "ack":
                acks.append(msg)
        assert msg["result"]["text"].startswith(("Ada won", "Random AI won", "Draw"))
        while len(acks) < n:  # the last move's acknowledgement follows its update
            acks.append(receive_until(ws, lambda m: m["type"] == "ack"))
    assert [a["id"] for a in acks] == list(range(n)) and n > 10
    record = client.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    final = ca.replay(ca.Record.from_json(record.text))
    assert final.is_over and len(final.history) == version
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"


def test_a_wrong_or_missing_token_cannot_act(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, tid)
    legal = view(client, tid, token)["legal"]
    for bad in ("", "nope", token[:-1] + ("A" if token[-1] != "A" else "B")):
        res = client.post(f"/api/tables/{tid}/actions", json={"token": bad, "action": legal[0]})
        assert res.status_code == 403 and res.json()["error"]["code"] == "bad_token"
    res = client.post(f"/api/tables/{tid}/actions", json={"action": legal[0]})
    assert res.status_code == 400
    with client.websocket_connect(f"/ws/{tid}") as ws:
        send(ws, {"type": "act", "action": legal[0]})
        assert ws.receive_json()["code"] == "bad_message"
        send(ws, {"type": "act", "token": "forged", "action": legal[0], "id": 5})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_token" and err["id"] == 5
    # A token of another table is no good here either.
    other = create(client, seats=["open", "random"])["table"]["id"]
    foreign = join(client, other)
    res = client.post(f"/api/tables/{tid}/actions", json={"token": foreign, "action": legal[0]})
    assert res.status_code == 403
    assert view(client, tid, token)["version"] == 0, "nothing was played"


def test_illegal_and_stale_actions_change_nothing(client):
    tid = create(client, seats=["open", "random"], seed=3)["table"]["id"]
    token = join(client, tid)
    before = view(client, tid, token)
    for action, code in (("6X", "illegal"), ("W", "illegal"), ("draw", "illegal")):
        res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": action})
        assert res.status_code == 409 and res.json()["error"]["code"] == code, res.text
        assert res.json()["error"]["message"]
    not_held = next(f"{n}{c}" for n in range(7) for c in "RGBO" if f"{n}{c}" not in before["view"]["hand"])
    res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": not_held})
    assert res.status_code == 409 and "do not hold" in res.json()["error"]["message"]
    res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": before["legal"][0], "version": 7})
    assert res.json()["error"]["code"] == "stale"
    assert still(view(client, tid, token)) == still(before)
    res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": before["legal"][0], "version": 0})
    assert res.status_code == 200 and res.json()["version"] == 1


def test_a_repeated_click_is_refused_but_others_moving_meanwhile_is_not(client):
    tid = create(client, seats=["open", "first"], seed=3)["table"]["id"]
    token = join(client, tid)
    first = view(client, tid, token)
    res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": first["legal"][0], "version": 0})
    assert res.status_code == 200
    now = wait_for(lambda: (v := view(client, tid, token))["legal"] and v, what="our next turn")
    assert now["version"] == 2, "the agent moved after us"
    again = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0], "version": 0})
    assert again.json()["error"]["code"] == "stale", "a resend of the first click changes nothing"
    # A move chosen having seen our own last move (version 1) still counts after the agent's reply.
    ok = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0], "version": 1})
    assert ok.status_code == 200 and ok.json()["version"] == 3


def test_views_sent_to_a_seat_match_the_engine_and_hide_the_other_hand(client):
    """Two people play; every message each receives is checked against the engine's own views."""
    tid = create(client, seats=["open", "open"], seed=731_902_655_118_203)["table"]["id"]
    tokens = [join(client, tid, seat=0, name="Ada"), join(client, tid, seat=1, name="Bob")]
    received: dict[int | None, list[dict]] = {0: [], 1: [], None: []}
    rng = random.Random(4)
    with (
        client.websocket_connect(f"/ws/{tid}") as ws0,
        client.websocket_connect(f"/ws/{tid}") as ws1,
        client.websocket_connect(f"/ws/{tid}") as spectator,
    ):
        socks = {0: ws0, 1: ws1, None: spectator}
        for seat, ws in socks.items():
            send(ws, {"type": "hello", "token": tokens[seat] if seat is not None else None})
            received[seat].append(receive_until(ws, lambda m: m["type"] == "welcome"))
        done = False
        while not done:
            latest = received[0][-1] if received[0][-1]["legal"] else received[1][-1]
            seat = 0 if received[0][-1]["legal"] else 1
            action = rng.choice(latest["legal"])
            send(socks[seat], {"type": "act", "token": tokens[seat], "action": action, "version": latest["version"]})
            for s, ws in socks.items():
                msg = receive_until(ws, lambda m: m["type"] == "update")
                received[s].append(msg)
            receive_until(socks[seat], lambda m: m["type"] == "ack")
            done = received[0][-1]["result"] is not None
    record = ca.Record.from_json(client.get(f"/api/tables/{tid}/record").text)
    game = ca.make(record.game, **record.options)
    replica = game.new_state(seed=record.seed)
    states = [replica.clone()]
    for seat, text in record.actions:
        replica.apply(seat, text)
        states.append(replica.clone())
    for seat, messages in received.items():
        for msg in messages:
            engine = states[msg["version"]]
            assert msg["view"] == engine.view(seat), "a seat gets exactly the engine's view for it"
            assert msg["legal"] == ([str(a) for a in engine.legal_actions(seat)] if seat is not None else [])
            rest = json.dumps({k: v for k, v in msg.items() if k != "view"})
            for other in (0, 1):
                if other != seat and engine.view(other)["hand"]:
                    assert json.dumps(engine.view(other)["hand"]) not in rest
            assert str(record.seed) not in json.dumps(msg), "the seed (every hidden card) never leaves the server"
            for e in msg["events"]:
                if e["kind"] == "draw" and e["seat"] != seat:
                    assert "card" not in e, "another seat's drawn card leaked"


def test_joining_seats(client):
    tid = create(client, seats=["open", "open"])["table"]["id"]
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 5}).json()["error"]["code"] == "bad_request"
    join(client, tid, seat=1, name="Bob")
    res = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert res.status_code == 409 and res.json()["error"]["code"] == "seat_taken"
    join(client, tid, name="<b>Eve</b>\n")  # the first open seat: 0
    meta = client.get(f"/api/tables/{tid}").json()
    assert [s["name"] for s in meta["seats"]] == ["<b>Eve</b>", "Bob"] and meta["status"] == "playing"
    assert "token" not in json.dumps(meta) and token_hash("x")[:8] not in json.dumps(meta)
    res = client.post(f"/api/tables/{tid}/join", json={})
    assert res.status_code == 409 and res.json()["error"]["code"] == "started"
    assert client.post("/api/tables/nope/join", json={}).status_code == 404


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess"}, "no_game", "unknown game"),
        ({"game": "sixteen", "options": {"players": 3}}, "bad_option", "players"),
        ({"game": "sixteen", "options": {"colour": "red"}}, "bad_option", "unknown option"),
        ({"game": "sixteen", "seats": ["open"]}, "bad_request", "2 seats"),
        ({"game": "sixteen", "seats": ["open", "human"]}, "bad_option", "human"),
        ({"game": "sixteen", "seats": ["open", "wizard"]}, "bad_option", "not an agent this server offers"),
        ({"game": "sixteen", "seats": ["open", "ismcts:iters=100000000"]}, "bad_option", "not an agent"),
        ({"game": "sixteen", "clock": 0.001}, "bad_option", "clock"),
        ({"game": "sixteen", "fallback": "nobody"}, "bad_option", "fallback"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(client, body, code, words):
    res = client.post("/api/tables", json=body)
    assert res.status_code in (400, 404), res.text
    err = res.json()["error"]
    assert err["code"] == code and words in err["message"]


def test_malformed_http_bodies_are_answered_not_crashed(client):
    res = client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert res.status_code == 400 and res.json()["error"]["code"] == "bad_request"
    res = client.post("/api/tables", json={"game": "sixteen", "unexpected": 1})
    assert res.status_code == 400
    res = client.post("/api/tables", content=b"x" * 100_000, headers={"Content-Type": "application/json"})
    assert res.status_code == 413 and res.json()["error"]["code"] == "too_large"


def test_lobby_lists_open_running_and_finished_tables(client):
    waiting = create(client, seats=["open", "random"])["table"]["id"]
    running = create(client, seats=["random", "random"])["table"]["id"]
    lobby = client.get("/api/tables").json()
    ids = {t["id"]: t for t in lobby["tables"]}
    assert ids[waiting]["status"] == "waiting"
    assert running in ids or running in {t["id"] for t in lobby["finished"]}


def test_records_and_replays_open_only_when_the_game_is_over(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, tid)
    for path in ("record", "replay"):
        res = client.get(f"/api/tables/{tid}/{path}")
        assert res.status_code == 409 and res.json()["error"]["code"] == "not_over"
    while True:
        now = view(client, tid, token)
        if now["result"]:
            break
        if now["legal"]:
            client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][-1]})
    record = ca.Record.from_json(client.get(f"/api/tables/{tid}/record").text)
    spectator = client.get(f"/api/tables/{tid}/replay?pov=spectator").json()
    assert len(spectator["steps"]) == len(record.actions) + 1
    assert spectator["viewers"] == ["spectator"] and "hand" not in spectator["steps"][5]["views"]["spectator"]
    seat1 = client.get(f"/api/tables/{tid}/replay?pov=1").json()
    state = ca.make("sixteen").new_state(seed=record.seed)
    for step in seat1["steps"][1:6]:
        state.apply(step["seat"], step["action"])
    assert seat1["steps"][5]["views"]["1"] == state.view(1)
    everyone = client.get(f"/api/tables/{tid}/replay?pov=all").json()
    assert set(everyone["steps"][0]["views"]) == {"0", "1", "spectator"}
    assert any("drew" in e["text"] and "(" in e["text"] for s in everyone["steps"] for e in s["events"])
    assert client.get(f"/api/tables/{tid}/replay?pov=7").status_code == 400


def test_the_cli_replays_a_downloaded_record(client, tmp_path):
    from typer.testing import CliRunner

    from comboarena.cli import app

    tid = create(client, seats=["random", "random"], seed=5)["table"]["id"]
    for _ in range(500):
        if client.get(f"/api/tables/{tid}").json()["status"] == "over":
            break
        import time

        time.sleep(0.02)
    path = tmp_path / "game.json"
    path.write_text(client.get(f"/api/tables/{tid}/record").text)
    out = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["result"] is not None


def test_a_table_serves_its_games_printed_content(client):
    six = create(client, seats=["open", "random"])["table"]["id"]
    assert client.get(f"/api/tables/{six}/catalog").json() == {"catalog": None}
    if "combo-fighter" not in ca.games():
        pytest.skip("Combo Fighter is not registered")
    tid = create(client, game="combo-fighter", seats=["open", "random"])["table"]["id"]
    token = join(client, tid)
    fighters = client.get(f"/api/tables/{tid}/catalog").json()["catalog"]["fighters"]
    assert len(fighters) == 2 and all(f["cards"] and f["name"] for f in fighters)
    hand = view(client, tid, token)["view"]["hand"]
    assert all(code in fighters[0]["cards"] for code in hand), "every card in the view has its text"
