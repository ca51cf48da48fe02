"""Helpers for the server tests: create and join tables, read views, wait for things."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient


def create(
    client: TestClient, game: str = "sixteen", seats: list[str] | None = None, seed: int | None = None, **body: Any
) -> dict[str, Any]:
    """A new table over the API; with ``seed``, made on the server side instead
    (no client may choose a seed: see ``test_fair_play.py``)."""
    if seed is not None:
        return create_seeded(client, seed, game, seats or ["open", "random"], **body)
    res = client.post("/api/tables", json={"game": game, "seats": seats or ["open", "random"], **body})
    assert res.status_code == 201, res.text
    return res.json()


def create_seeded(
    client: TestClient,
    seed: int,
    game: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    clock: float | None = None,
    fallback: str | None = None,
) -> dict[str, Any]:
    """A table with a chosen seed, made by server-side code (as tools and tests may), for a known deal."""
    from comboarena.server.catalog import check_spec

    hub = client.app.state.hub
    spec = check_spec(hub.settings, game, options or {}, seats, clock, fallback)
    spec.seed = seed

    async def make() -> dict[str, Any]:
        table = await hub.create(spec, "server-side")
        return {"table": table.meta()}

    return dict(client.portal.call(make))


def join(client: TestClient, table_id: str, seat: int | None = None, name: str = "Ada") -> str:
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    res = client.post(f"/api/tables/{table_id}/join", json=body)
    assert res.status_code == 200, res.text
    return str(res.json()["token"])


def view(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    res = client.get(f"/api/tables/{table_id}/view", headers=headers)
    assert res.status_code == 200, res.text
    return dict(res.json())


def wait_for(predicate: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Poll until ``predicate()`` is truthy; returns its value."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def send(ws: Any, message: dict[str, Any]) -> None:
    ws.send_text(json.dumps(message))


def receive_until(ws: Any, predicate: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
    """Read messages until one matches (every message read is checked to be JSON)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if predicate(msg):
            return dict(msg)
    raise AssertionError("no matching message")


def still(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without its countdowns (which tick), to compare two moments."""
    return {k: v for k, v in snapshot.items() if k != "timers"}
