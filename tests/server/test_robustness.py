"""Server robustness: presence that does not flood a table, limits on hellos,
reconnects and reads, replays computed once, storage failures handled without
spinning, and strict, well-answered HTTP input."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

import comboarena as ca
from comboarena.server import Settings, create_app

from .helpers import create, join, receive_until, send, wait_for

pytestmark = pytest.mark.timeout(120)


def server(tmp_path, name: str = "t", **limits: Any) -> TestClient:
    base: dict[str, Any] = {"http_rate": 1000, "http_burst": 1000, "creates_per_minute": 1000, "agent_delay": 0}
    base.update(http_read_rate=1000, http_read_burst=1000)
    settings = Settings(db_url=f"sqlite:///{tmp_path / (name + '.sqlite3')}", **{**base, **limits})
    return TestClient(create_app(settings))


# -- presence -------------------------------------------------------------------------


def test_spectators_coming_and_going_reach_watchers_coalesced(tmp_path):
    with server(tmp_path, presence_interval=0.5, connect_burst=1000) as client:
        tid = create(client, seats=["open", "open"])["table"]["id"]
        with client.websocket_connect(f"/ws/{tid}") as watcher:
            send(watcher, {"type": "hello"})
            receive_until(watcher, lambda m: m["type"] == "welcome")
            start = time.monotonic()
            for _ in range(40):  # forty spectators arrive and leave again
                with client.websocket_connect(f"/ws/{tid}") as ws:
                    send(ws, {"type": "hello"})
                    receive_until(ws, lambda m: m["type"] == "welcome")
            stay = [client.websocket_connect(f"/ws/{tid}") for _ in range(3)]
            for ws in stay:
                ws.__enter__()
                send(ws, {"type": "hello"})
                receive_until(ws, lambda m: m["type"] == "welcome")
            elapsed = time.monotonic() - start
            time.sleep(0.7)  # the last change is sent within one interval
            send(watcher, {"type": "ping", "id": "end"})
            tables = []
            while (msg := watcher.receive_json())["type"] != "pong":
                if msg["type"] == "table":
                    tables.append(msg)
            for ws in stay:
                ws.__exit__(None, None, None)
        # 86 connects and disconnects; at most one table message per half second reached the watcher.
        assert 1 <= len(tables) <= elapsed / 0.5 + 2, (len(tables), elapsed)
        assert tables[-1]["table"]["spectators"] == 4, "the coalesced message has the current picture"


def test_repeated_hellos_are_limited(tmp_path):
    with server(tmp_path, hello_rate=0.1, hello_burst=3) as client:
        tid = create(client)["table"]["id"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            for i in range(6):
                send(ws, {"type": "hello", "id": i})
            send(ws, {"type": "ping", "id": "end"})
            kinds = []
            while (msg := ws.receive_json())["type"] != "pong":
                kinds.append(msg.get("code", msg["type"]))
        assert kinds.count("welcome") == 3 and kinds.count("rate_limited") == 3


def test_reconnect_loops_are_limited_per_address(tmp_path):
    with server(tmp_path, connect_rate=0.01, connect_burst=3) as client:
        tid = create(client)["table"]["id"]
        for _ in range(3):
            with client.websocket_connect(f"/ws/{tid}") as ws:
                send(ws, {"type": "ping", "id": 1})
                assert ws.receive_json()["type"] == "pong"
        with client.websocket_connect(f"/ws/{tid}") as ws:
            assert ws.receive_json()["code"] == "rate_limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1013


# -- reads ----------------------------------------------------------------------------


def test_reads_are_limited_per_address_but_pages_are_not(tmp_path):
    with server(tmp_path, http_read_rate=0.01, http_read_burst=5) as client:
        codes = [client.get("/api/tables").status_code for _ in range(7)]
        assert codes == [200] * 5 + [429] * 2
        res = client.get("/api/games")
        assert res.status_code == 429 and res.json()["error"]["code"] == "rate_limited"
        assert client.get("/").status_code == 200


def finished_table(client: TestClient) -> str:
    tid = create(client, seats=["random", "random"])["table"]["id"]
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "over", timeout=60, what="the end")
    return tid


def test_a_finished_games_replay_is_computed_once(client, monkeypatch):
    import comboarena.server.hub as hub_module

    builds: list[str] = []
    real = hub_module.build_replay

    def counting(row, pov):
        builds.append(pov)
        return real(row, pov)

    monkeypatch.setattr(hub_module, "build_replay", counting)
    tid = finished_table(client)
    first = client.get(f"/api/tables/{tid}/replay?pov=all")
    assert first.status_code == 200
    for _ in range(5):
        assert client.get(f"/api/tables/{tid}/replay?pov=all").content == first.content
    hub = client.app.state.hub

    async def many() -> list[bytes]:  # concurrent requests for one not yet computed wait for one computation
        return list(await asyncio.gather(*(hub.replay(tid, "0") for _ in range(16))))

    results = client.portal.call(many)
    assert len(set(results)) == 1
    assert builds == ["all", "0"], builds
    assert client.get(f"/api/tables/{tid}/replay?pov=9").status_code == 400


# -- storage failures -------------------------------------------------------------------


class Outage:
    """Makes the store's writes (and its write check) fail while ``down`` is set."""

    def __init__(self, store: Any, allow_creates: bool = False) -> None:
        self.store, self.down, self.attempts = store, False, 0
        self.allow_creates = allow_creates
        self.write, self.ping, self.load = store.write, store.ping, store.load
        store.write, store.ping, store.load = self._write, self._ping, self._load

    def _fail(self) -> None:
        self.attempts += 1
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    def _write(self, ops: list[Any]) -> None:
        creating = all(not hasattr(op, "plain_row") and op.__qualname__.startswith("Store.op_create") for op in ops)
        if self.down and not (self.allow_creates and creating):
            self._fail()
        self.write(ops)

    def _ping(self) -> None:
        if self.down:
            self._fail()
        self.ping()

    def _load(self, *args: Any) -> Any:
        if self.down:
            self._fail()
        return self.load(*args)


def test_an_all_agent_table_pauses_while_storage_fails_and_goes_on_after(tmp_path, caplog):
    with server(tmp_path, storage_retry=(0.2, 0.4)) as client:
        outage = Outage(client.app.state.hub.store, allow_creates=True)
        outage.down = True
        caplog.set_level(logging.INFO, logger="comboarena.server")
        tid = create(client, seats=["random", "random"])["table"]["id"]
        time.sleep(1.5)
        # No tight loop: a first attempt, then a retry every 0.2-0.4 s.
        assert outage.attempts <= 10, outage.attempts
        meta = client.get(f"/api/tables/{tid}").json()
        assert meta["version"] == 0 and meta["paused"] and meta["status"] == "playing"
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and "storage failed" in errors[0].getMessage(), [r.getMessage() for r in errors]
        outage.down = False
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "over", timeout=60, what="the end")
        assert any("storage works again" in r.getMessage() for r in caplog.records)
        record = ca.Record.from_json(client.get(f"/api/tables/{tid}/record").text)
        assert ca.replay(record).is_over, "nothing was lost or doubled"


def test_create_join_and_moves_answer_503_storage_when_it_fails(tmp_path):
    with server(tmp_path, storage_retry=(5.0, 5.0)) as client:
        tid = create(client, seats=["open", "open"])["table"]["id"]
        token = join(client, tid, seat=0)
        outage = Outage(client.app.state.hub.store)
        outage.down = True
        for res in (
            client.post("/api/tables", json={"game": "sixteen"}),
            client.post(f"/api/tables/{tid}/join", json={"seat": 1}),
            client.post(f"/api/tables/{tid}/chat", json={"text": "hi", "token": token}),
        ):
            assert res.status_code == 503 and res.json()["error"]["code"] == "storage", res.text
            assert "try again" in res.json()["error"]["message"]
        res = client.get("/api/tables/notInMemory")  # a read that needs the database
        assert res.status_code == 503 and res.json()["error"]["code"] == "storage", res.text
        outage.down = False
        assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "open", "nothing changed"


# -- HTTP input ----------------------------------------------------------------------------


def test_an_unbounded_integer_option_has_a_server_bound(client):
    if "ccc-combo" not in ca.games():
        pytest.skip("c-c-c-COMBO is not registered")
    seats = ["open", "random", "random", "random"]
    res = client.post("/api/tables", json={"game": "ccc-combo", "options": {"turn_limit": 10**9}, "seats": seats})
    assert res.status_code == 400 and "turn_limit" in res.json()["error"]["message"]
    assert "at most 10000" in res.json()["error"]["message"]
    ok = client.post("/api/tables", json={"game": "ccc-combo", "options": {"turn_limit": 800}, "seats": seats})
    assert ok.status_code == 201


@pytest.mark.parametrize("seat", ["1", 1.0, True, "one", [1]])
def test_join_takes_a_seat_number_only_as_a_number(client, seat):
    tid = create(client, seats=["open", "open"])["table"]["id"]
    res = client.post(f"/api/tables/{tid}/join", json={"seat": seat})
    assert res.status_code == 400 and res.json()["error"]["code"] == "bad_request", res.text
    assert all(s["kind"] == "open" for s in client.get(f"/api/tables/{tid}").json()["seats"])


@pytest.mark.parametrize(
    ("method", "path", "content", "status", "code"),
    [
        ("POST", "/api/tables", b"[1, 2]", 400, "bad_request"),
        ("POST", "/api/tables", b'"sixteen"', 400, "bad_request"),
        ("POST", "/api/tables", b"\xff\xfe{}", 400, "bad_request"),
        ("POST", "/api/tables", b"", 400, "bad_request"),
        ("POST", "/api/tables", b'{"game": "sixteen", "clock": "NaN"}', 400, "bad_option"),
        ("GET", "/api/nothing-here", b"", 404, "not_found"),
        ("DELETE", "/api/tables", b"", 405, "method_not_allowed"),
    ],
)
def test_malformed_requests_get_the_documented_error(client, method, path, content, status, code):
    res = client.request(method, path, content=content, headers={"Content-Type": "application/json"})
    assert res.status_code == status, res.text
    err = res.json()["error"]
    assert err["code"] == code and err["message"]


def test_oversized_chunked_bodies_get_413(client):
    def chunks():
        for _ in range(40):
            yield b"x" * 1024

    res = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    assert res.status_code == 413 and res.json()["error"]["code"] == "too_large"


class LiveServer:
    """The real server (uvicorn as ``comboarena serve`` runs it) on a free port, in a thread."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        from comboarena.server import uvicorn_config

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.server = uvicorn.Server(uvicorn_config(create_app(settings), settings, "127.0.0.1", self.port, "warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        end = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


def answer_to(port: int, data: bytes, wait: float = 6.0) -> bytes:
    """Send ``data`` and stop; return what the server answers before it closes (or ``wait`` runs out)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(data)
        s.settimeout(wait)
        got = b""
        try:
            while chunk := s.recv(4096):
                got += chunk
        except TimeoutError:
            return got + b"<still open>"
        return got


def test_idle_and_half_sent_requests_time_out(tmp_path):
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'h.sqlite3'}", request_timeout=0.5)
    with LiveServer(settings) as live:
        for data in (
            b"",  # connected, nothing sent
            b"GET /api/games HTTP/1.1\r\nHost: x\r\n",  # head never finished
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
        ):
            start = time.monotonic()
            got = answer_to(live.port, data)
            assert got.startswith(b"HTTP/1.1 408"), got
            assert b"<still open>" not in got and time.monotonic() - start < 5
            assert json.loads(got.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "timeout"
        # A whole request is answered as usual.
        ok = answer_to(live.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert ok.startswith(b"HTTP/1.1 200")
