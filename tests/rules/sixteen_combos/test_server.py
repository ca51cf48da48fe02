"""16 Combos at the play server through the generic protocol: a lobby table played over the
live feed, its record replayed, its Combo Table served as the game's printed content."""

from __future__ import annotations

import json

import pytest

import comboarena as ca

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient

from comboarena.server import Settings, create_app

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def client(tmp_path):
    settings = Settings(db_url=f"sqlite:///{tmp_path / 't.sqlite3'}", agent_delay=0.0, min_clock=0.05,
                        creates_per_minute=1000, http_rate=1000, http_burst=1000)
    with TestClient(create_app(settings)) as c:
        yield c


def test_a_person_plays_16_combos_against_an_agent_over_the_feed(client):
    games = client.get("/api/games").json()
    listed = next(g for g in (games["games"] if isinstance(games, dict) else games) if g["name"] == "16-combos")
    assert "Poikilos 1.0 RC1" in listed["summary"]
    # No seed: the server shuffles every table itself (no client may fix the deal).
    body = {"game": "16-combos", "seats": ["open", "16-combos.heuristic"],
            "options": {"columns": "3", "round_limit": "4"}}
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    tid = res.json()["table"]["id"]
    token = client.post(f"/api/tables/{tid}/join", json={"name": "Ada"}).json()["token"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        msg = ws.receive_json()
        while msg["type"] != "welcome":
            msg = ws.receive_json()
        n = 0
        while msg.get("result") is None:
            if msg["type"] in ("welcome", "update") and msg.get("legal"):
                ws.send_text(json.dumps({"type": "act", "token": token, "action": msg["legal"][0],
                                         "version": msg["version"], "id": n}))
                n += 1
            msg = ws.receive_json()
    assert n > 5
    record = client.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200
    final = ca.replay(ca.Record.from_json(record.text))
    assert final.is_over and final.record.options["ruleset"] == "Poikilos 1.0 RC1"
    catalog = client.get(f"/api/tables/{tid}/catalog").json()["catalog"]
    assert catalog["ruleset"] == "16 Combos, Poikilos 1.0 RC1"
    assert [c["name"] for c in catalog["combos"]][:4] == ["Poison", "Hire Assassin", "Throw", "Insight"]
