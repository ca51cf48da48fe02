"""What the browser pages build on: leaving (told to everyone, idempotent),
players' names in records, the lobby's finished games, and replays in words
with every seat's view for the all-cards-shown table."""

from __future__ import annotations

import re

import pytest

import comboarena as ca

from .helpers import create, join, receive_until, send, view, wait_for

pytestmark = pytest.mark.timeout(120)

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def play_out(client, tid: str, token: str) -> None:
    while not (now := view(client, tid, token))["result"]:
        if now["legal"]:
            client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][-1]})
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "over", what="the end")


def test_leaving_is_told_to_everyone_and_can_be_repeated(client):
    tid = create(client, seats=["open", "open"])["table"]["id"]
    early = join(client, tid, seat=0, name="Eve")
    for _ in range(2):  # before the game: the seat opens again; the second leave changes nothing
        res = client.post(f"/api/tables/{tid}/leave", json={"token": early})
        assert res.status_code == 200 and res.json()["table"]["seats"][0]["kind"] == "open"
    ada, bob = join(client, tid, seat=0, name="Ada"), join(client, tid, seat=1, name="Bob")
    with client.websocket_connect(f"/ws/{tid}") as bob_ws, client.websocket_connect(f"/ws/{tid}") as watcher:
        send(bob_ws, {"type": "hello", "token": bob})
        receive_until(bob_ws, lambda m: m["type"] == "welcome")
        send(watcher, {"type": "hello"})
        receive_until(watcher, lambda m: m["type"] == "welcome")
        with client.websocket_connect(f"/ws/{tid}") as ada_ws:
            send(ada_ws, {"type": "hello", "token": ada})
            receive_until(ada_ws, lambda m: m["type"] == "welcome")
            for i in range(2):
                send(ada_ws, {"type": "leave", "token": ada, "id": i})
                assert receive_until(ada_ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        assert client.post(f"/api/tables/{tid}/leave", json={"token": ada}).status_code == 200
        for ws in (bob_ws, watcher):
            told = receive_until(ws, lambda m: m["type"] == "table" and "Ada left the game" in m.get("notice", ""))
            seat = told["table"]["seats"][0]
            assert seat["kind"] == "agent" and seat["replaced"] and seat["name"] == "Ada"
            assert sum("Ada left" in n for n in told["notices"]) == 1, "told once, however often she left"


def test_records_carry_the_players_names_and_replays_show_them(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, tid, name="Ada")
    play_out(client, tid, token)
    record = ca.Record.from_json(client.get(f"/api/tables/{tid}/record").text)
    assert record.players == ["Ada", "Random AI"] and ca.replay(record).is_over
    replay = client.get(f"/api/tables/{tid}/replay").json()
    assert replay["names"] == ["Ada", "Random AI"] and [s["name"] for s in replay["seats"]] == ["Ada", "Random AI"]
    assert "Ada" in replay["steps"][0]["text"]


def test_the_lobby_lists_finished_games_with_who_won_and_when(client):
    playing = create(client, seats=["open", "random"])["table"]["id"]
    done = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, done, name="Ada")
    play_out(client, done, token)
    lobby = client.get("/api/tables").json()
    live = {t["id"]: t for t in lobby["tables"]}
    assert live[playing]["result"] is None and live[playing]["finished_at"] is None
    finished = {t["id"]: t for t in lobby["finished"]}[done]
    assert finished["status"] == "over" and ISO.match(finished["finished_at"])
    result = finished["result"]
    record = ca.Record.from_json(client.get(f"/api/tables/{done}/record").text)
    assert result["winners"] == record.result["winners"] and result["reason"] == record.result["reason"]
    names = {0: "Ada", 1: "Random AI"}
    assert result["winner_names"] == [names[s] for s in result["winners"]]
    assert result["draw"] == (len(result["winners"]) == 2)


def test_replays_open_at_the_first_move_say_what_happened_and_show_every_seat(client):
    tid = create(client, seats=["open", "random"])["table"]["id"]
    token = join(client, tid, name="Ada")
    play_out(client, tid, token)
    record = ca.Record.from_json(client.get(f"/api/tables/{tid}/record").text)
    everyone = client.get(f"/api/tables/{tid}/replay?pov=all").json()
    seat0 = client.get(f"/api/tables/{tid}/replay?pov=0").json()
    assert everyone["start"] == 1 and seat0["start"] == 1
    state = ca.make("sixteen").new_state(seed=record.seed)
    for i, step in enumerate(everyone["steps"]):
        if i:
            state.apply(*record.actions[i - 1])
        assert step["text"], "every step is described"
        if i:
            seat, action = record.actions[i - 1]
            assert step["text"] != f"{record.players[seat]} played {action}", "in words, not in notation"
        assert step["view"] == state.view(None), "pov=all: the spectator's view"
        assert step["seat_views"] == [state.view(0), state.view(1)], "and every seat's own view"
        assert seat0["steps"][i]["view"] == state.view(0) and "seat_views" not in seat0["steps"][i]
    moves = everyone["steps"][1:]
    assert all(e["text"].strip() in s["text"] for s in moves for e in s["events"]), "the events' own words"
    assert any(re.search(r"Ada (plays|draws|drew|played a)", s["text"]) for s in moves), moves[0]["text"]
