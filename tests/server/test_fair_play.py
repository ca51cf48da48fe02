"""Fair play: nothing a client sends, sees or chooses fixes or reveals the shuffle.

The seed (with the options and the public moves) determines every hidden card,
so the server draws it from a secure generator, never takes it (or a deck, or
an option that fixes the shuffle) from a client, and shows it, like the
position, only in a finished game's record.
"""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

import comboarena as ca
from comboarena.server.store import tables_t

from .helpers import create, join, receive_until, send, view, wait_for

pytestmark = pytest.mark.timeout(120)


def stored_seed(client, table_id: str) -> int:
    """The seed as the server stored it (read from its database; no client can)."""
    with client.app.state.hub.store.engine.connect() as c:
        return int(c.execute(select(tables_t.c.seed).where(tables_t.c.id == table_id)).scalar_one())


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"seed": 7}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"seed": 0}, "seed"),
        ({"deck": ["6R", "6G", "6B", "6O"]}, "deck"),
        ({"options": {"seed": 7}}, "seed"),
        ({"options": {"deck": "6R 6G"}}, "deck"),
    ],
)
def test_a_client_cannot_choose_the_shuffle(client, extra, field):
    before = client.get("/api/tables").json()["tables"]
    res = client.post("/api/tables", json={"game": "sixteen", "seats": ["open", "random"], **extra})
    assert res.status_code == 400, res.text
    err = res.json()["error"]
    assert field in err["message"] and "shuffles every table itself" in err["message"]
    assert client.get("/api/tables").json()["tables"] == before, "no table was made"


def test_seeds_come_from_the_secure_generator_and_differ_per_table_and_rematch(client, monkeypatch):
    import secrets

    drawn: list[int] = []

    def randbits(k: int) -> int:
        value = secrets.SystemRandom().getrandbits(k)
        if k == 63:  # a table seed (agents' own generators draw 64 bits)
            drawn.append(value)
        return value

    monkeypatch.setattr("comboarena.server.hub.secrets.randbits", randbits)
    ids = [create(client, seats=["open", "random"])["table"]["id"] for _ in range(5)]
    seeds = [stored_seed(client, t) for t in ids]
    assert seeds == drawn[-5:], "each table's seed is a fresh draw of secrets.randbits"
    assert len(set(seeds)) == 5 and all(0 <= s < 2**63 for s in seeds)
    # A rematch reshuffles with a new secret seed too.
    tid = create(client, seats=["open", "first"])["table"]["id"]
    token = join(client, tid)
    while not (now := view(client, tid, token))["result"]:
        if now["legal"]:
            client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0]})
    new = client.post(f"/api/tables/{tid}/rematch", json={"token": token}).json()["table"]
    assert stored_seed(client, new) == drawn[-1] != stored_seed(client, tid)


def test_nothing_a_client_gets_before_the_end_reveals_the_seed_or_the_position(client):
    made = create(client, seats=["open", "open"])
    tid = made["table"]["id"]
    seed = stored_seed(client, tid)
    tokens = [join(client, tid, seat=0, name="Ada"), join(client, tid, seat=1, name="Bob")]
    state = ca.make("sixteen").new_state(seed=seed)
    seen: list[str] = [json.dumps(made)]
    positions: list[dict] = []
    with (
        client.websocket_connect(f"/ws/{tid}") as ws0,
        client.websocket_connect(f"/ws/{tid}") as ws1,
        client.websocket_connect(f"/ws/{tid}") as watcher,
    ):
        for ws, token in ((ws0, tokens[0]), (ws1, tokens[1]), (watcher, None)):
            send(ws, {"type": "hello", "token": token})
            seen.append(json.dumps(receive_until(ws, lambda m: m["type"] == "welcome")))
        for _ in range(12):  # a dozen moves, everything sent meanwhile collected
            seat = state.to_act[0]
            action = str(state.legal_actions(seat)[0])
            positions.append(state.position())
            state.apply(seat, action)
            send((ws0, ws1)[seat], {"type": "act", "token": tokens[seat], "action": action})
            for ws in (ws0, ws1, watcher):
                seen.append(json.dumps(receive_until(ws, lambda m: m["type"] == "update")))
        for path in ("", "/view", "/record", "/replay", "/replay?pov=all", "/chat", "/catalog"):
            seen.append(client.get(f"/api/tables/{tid}{path}", headers={"X-Seat-Token": tokens[0]}).text)
        seen.append(client.get("/api/tables").text)
    assert not state.is_over
    everything = "\n".join(seen)
    assert str(seed) not in everything, "the seed stays on the server until the game is over"
    assert '"chance"' not in everything, "no position (with its chance state) reaches a client"
    for position in positions:
        assert json.dumps(position["draw_pile"]) not in everything, "the deck order never leaks"


def test_unfinished_records_and_replays_are_refused_and_finished_ones_hold_seed_and_names(client):
    tid = create(client, seats=["open", "first"])["table"]["id"]
    token = join(client, tid, name="Ada")
    seed = stored_seed(client, tid)
    for path in ("record", "replay", "replay?pov=all", "replay?pov=0"):
        res = client.get(f"/api/tables/{tid}/{path}")
        assert res.status_code == 409 and res.json()["error"]["code"] == "not_over"
        assert str(seed) not in res.text
    while not (now := view(client, tid, token))["result"]:
        if now["legal"]:
            client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0]})
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "over", what="the end")
    record = ca.Record.from_json(client.get(f"/api/tables/{tid}/record").text)
    assert record.seed == seed and record.players == ["Ada", "Simple AI"]
    assert ca.replay(record).is_over
