"""The real server in a child process (``comboarena serve``), for tests that kill it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, select

import comboarena as ca
from comboarena.server.store import tables_t


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``comboarena serve`` in a child process."""

    def __init__(self, db: str, port: int, log: Path, agent_delay: str = "0.05", extra: tuple[str, ...] = ()) -> None:
        self.db, self.port, self.log = db, port, log
        self.agent_delay = agent_delay
        #: More command-line options for ``comboarena serve``.
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{port}"

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "comboarena", "serve", "--port", str(self.port), "--db", self.db,
            "--agent-delay", self.agent_delay, *self.extra,
        ]  # fmt: skip

    def start(self) -> None:
        cmd = self.command()
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert self.proc.poll() is None, self.log.read_text()
            time.sleep(0.1)
        raise AssertionError("the server did not start:\n" + self.log.read_text())

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Polite(httpx.Client):
    """An HTTP client that waits and retries when the server says it is asked too often (429)."""

    def request(self, *args: Any, **kwargs: Any) -> httpx.Response:
        for _ in range(100):
            res = super().request(*args, **kwargs)
            if res.status_code != 429:
                return res
            time.sleep(0.1)
        return res


def stored_seed(db_url: str, table_id: str) -> int:
    """A table's seed, read straight from the server's database (no client can see it)."""
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as c:
            return int(c.execute(select(tables_t.c.seed).where(tables_t.c.id == table_id)).scalar_one())
    finally:
        engine.dispose()


def kill_and_restart(server: Server) -> None:
    """Play (a person against an agent, and two agents on their own), kill the server
    with SIGKILL, start it again: no acknowledged action is lost and both games resume
    and finish. The same scenario runs on SQLite and on PostgreSQL."""
    http = Polite(base_url=server.url, timeout=10)
    # A person against an agent, and two agents playing on their own.
    person = http.post("/api/tables", json={"game": "sixteen", "seats": ["open", "first"]}).json()
    pid = person["table"]["id"]
    token = http.post(f"/api/tables/{pid}/join", json={"name": "Ada"}).json()["token"]
    bots = http.post("/api/tables", json={"game": "sixteen", "seats": ["random", "random"]}).json()
    bid = bots["table"]["id"]
    bots_seed = stored_seed(server.db, bid)  # the server's secret until the game is over

    acked: list[tuple[int, str]] = []  # (version, notation) of every acknowledged action
    stop = threading.Event()

    def keep_playing() -> None:
        client = Polite(base_url=server.url, timeout=5)
        while not stop.is_set():
            try:
                now = client.get(f"/api/tables/{pid}/view", headers={"X-Seat-Token": token}).json()
                if not now.get("legal"):
                    time.sleep(0.01)
                    continue
                move = now["legal"][0]
                res = client.post(f"/api/tables/{pid}/actions", json={"token": token, "action": move})
                if res.status_code == 200:
                    acked.append((res.json()["version"], move))
            except (httpx.HTTPError, json.JSONDecodeError):
                return  # the server is gone

    player = threading.Thread(target=keep_playing)
    player.start()
    deadline = time.monotonic() + 60
    while len(acked) < 8 and time.monotonic() < deadline:
        time.sleep(0.02)
    bots_before = http.get(f"/api/tables/{bid}").json()["version"]
    server.kill()
    stop.set()
    player.join(timeout=10)
    assert len(acked) >= 8, "the person got to play before the kill"

    server.start()
    meta = http.get(f"/api/tables/{pid}").json()
    assert meta["status"] == "playing" and meta["seats"][0]["name"] == "Ada"
    restored = http.get(f"/api/tables/{pid}/view", headers={"X-Seat-Token": token}).json()
    last_version, _ = acked[-1]
    assert restored["version"] >= last_version, "an acknowledged action was lost"
    # A client that saw the last acknowledged move reconnects and catches up from there.
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{server.port}/ws/{pid}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "since": last_version}))
        welcome = json.loads(ws.recv(timeout=10))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0 and not welcome["full"]
        assert welcome["view"] == restored["view"] or welcome["version"] > restored["version"]

    # Finish both games after the restart; the records hold every acknowledged move.
    end = time.monotonic() + 120
    while time.monotonic() < end:
        now = http.get(f"/api/tables/{pid}/view", headers={"X-Seat-Token": token}).json()
        if now["result"]:
            break
        if now["legal"]:
            http.post(f"/api/tables/{pid}/actions", json={"token": token, "action": now["legal"][0]})
        else:
            time.sleep(0.02)
    while http.get(f"/api/tables/{bid}").json()["status"] != "over" and time.monotonic() < end:
        time.sleep(0.05)
    record = ca.Record.from_json(http.get(f"/api/tables/{pid}/record").text)
    for version, move in acked:
        assert record.actions[version - 1] == (0, move)
    assert ca.replay(record).is_over
    bots_record = ca.Record.from_json(http.get(f"/api/tables/{bid}/record").text)
    assert len(bots_record.actions) >= bots_before and ca.replay(bots_record).is_over
    # The same seed and actions give the same game: the resumed one is exactly the stored one.
    assert bots_record.seed == bots_seed
