"""Attacks on the play server, run for real (issue 17, section 1): nothing a client
sends names a file the server opens, an agent whose cost the client chooses, or an
unbounded amount of work; storage trouble is noticed at once; the HTTP layer bounds
what it reads and whom it believes."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import comboarena as ca
from comboarena.server import Settings, StorageError, create_app, open_store
from comboarena.server.catalog import check_spec
from comboarena.server.kinds import SeatKind, TableStatus
from comboarena.server.store import SeatRow, Store, TableRow

from .helpers import create, join, view, wait_for
from .process import Server, free_port

pytestmark = pytest.mark.timeout(120)

TACTICS = "16-bit-tactics"


def server(tmp_path: Path, db: Path | None = None, **limits: Any) -> TestClient:
    base: dict[str, Any] = {"http_rate": 1000, "http_burst": 1000, "creates_per_minute": 1000, "agent_delay": 0}
    base.update(http_read_rate=1000, http_read_burst=1000)
    url = f"sqlite:///{db or tmp_path / 'a.sqlite3'}"
    return TestClient(create_app(Settings(db_url=url, **{**base, **limits})))


# -- reading server files -------------------------------------------------------------


SECRET_PATHS = ("/etc/passwd", "/proc/self/cmdline", "/proc/self/environ", "/no/such/file.txt", "../../etc/hosts")


@pytest.mark.parametrize("option", ["map", "campaign"])
def test_content_options_take_names_never_paths(tmp_path, option):
    """The attack: a path as 16 Bit Tactics' map or campaign, on both endpoints that read
    options. Every answer is the same 400 naming the allowed names, whether the path
    exists or not, and none quotes a file."""
    mode = {"campaign": "campaign"}.get(option, "versus")
    answers = []
    with server(tmp_path) as client:
        for path in SECRET_PATHS:
            options = {"mode": mode, option: path}
            made = client.post("/api/tables", json={"game": TACTICS, "options": options, "seats": ["open", "random"]})
            setup = client.post(f"/api/games/{TACTICS}/setup", json={"options": options})
            for res in (made, setup):
                assert res.status_code == 400, res.text
                message = res.json()["error"]["message"]
                assert "files are for the command line only" in message, message
                assert "root:" not in message and "\x00" not in message and "PATH=" not in message
                answers.append(message.replace(repr(path), "<path>"))
        # One answer for every path: no oracle for which files exist.
        assert len(set(answers)) == 1, set(answers)
        # The names listed are the shipped ones, and they work.
        listed = {o["name"]: o for o in client.get(f"/api/games/{TACTICS}").json()["options"]}[option]["names"]
        assert listed and all(name in answers[0] for name in listed)
        good = client.post(f"/api/games/{TACTICS}/setup", json={"options": {"mode": mode, option: listed[0]}})
        assert good.status_code == 200, good.text


def test_a_campaign_carried_as_text_is_a_command_line_feature_too(tmp_path):
    """Records of a campaign begun from a file carry the campaign's text as the option
    (issue 21). A client sending such a text (any size, parsed as a campaign) gets the same
    refusal as a path: the server takes only the names it lists."""
    from comboarena.games.bit_tactics.campaign import find_campaign, inline_campaign

    carried = inline_campaign(find_campaign("first-march"))
    huge = "# campaign: x\n" + "a = 1\n" * 200_000
    with server(tmp_path) as client:
        for text in (carried, huge):
            options = {"mode": "campaign", "campaign": text}
            made = client.post("/api/tables", json={"game": TACTICS, "options": options, "seats": ["open", "random"]})
            setup = client.post(f"/api/games/{TACTICS}/setup", json={"options": options})
            for res in (made, setup):
                assert res.status_code in (400, 413), res.text
                assert "campaign" in res.text or "too large" in res.text, res.text
        assert client.get("/api/tables").json()["tables"] == []


def test_a_fifo_or_a_device_as_a_map_is_never_opened(tmp_path):
    """A FIFO froze every table while the server waited to read it, and /dev/zero read until
    the server was killed for memory. Opening either would hang this request (the FIFO has
    no writer): both are refused at once."""
    fifo = tmp_path / "map.txt"
    os.mkfifo(fifo)
    with server(tmp_path) as client:
        for path in (str(fifo), "/dev/zero"):
            res = client.post("/api/tables", json={"game": TACTICS, "options": {"map": path}})
            assert res.status_code == 400 and "files are for the command line only" in res.json()["error"]["message"]


def test_a_very_long_map_name_is_a_clear_400(tmp_path):
    with server(tmp_path) as client:
        res = client.post("/api/tables", json={"game": TACTICS, "options": {"map": "m" * 5000}})
        assert res.status_code == 400, res.text
        message = res.json()["error"]["message"]
        assert "one of" in message and len(message) < 500
    # On the command line (where paths are allowed) it is an option error too, not a crash.
    with pytest.raises(ca.OptionError, match="no map file at that path|no map"):
        ca.make(TACTICS, map="m" * 5000)


def test_a_table_stored_with_a_path_is_not_resumed_from_it(tmp_path):
    """An older server stored whatever a client sent: resuming such a table must not open it."""
    db = tmp_path / "old.sqlite3"
    fifo = tmp_path / "stored-map.txt"
    os.mkfifo(fifo)
    store = Store(f"sqlite:///{db}")
    seats = [SeatRow(0, SeatKind.OPEN, "Open seat"), SeatRow(1, SeatKind.AGENT, "Random AI", agent="random")]
    row = TableRow("oldtable", TACTICS, {"map": str(fifo)}, 7, "random", status=TableStatus.WAITING, seats=seats)
    store.create_table(row)
    store.close()
    with server(tmp_path, db=db) as client:  # would hang opening the FIFO
        assert client.get("/api/tables/oldtable").status_code == 404
        assert client.get("/api/tables").status_code == 200


def test_map_file_errors_quote_nothing_from_the_file(tmp_path):
    """On the command line, a file that is not a map is refused by line number, without
    echoing what the line holds (the server once answered with /etc/passwd's first line)."""
    secret = tmp_path / "secret.txt"
    secret.write_text("admin:s3cr3t-value:0:0:/home/admin\n", encoding="utf-8")
    with pytest.raises(ca.OptionError) as caught:
        ca.make(TACTICS, map=str(secret))
    assert "line 1" in str(caught.value) and "s3cr3t" not in str(caught.value)
    bad_cell = tmp_path / "cells.txt"
    bad_cell.write_text("title: T\n3 | 0. 0. zq\n2 | 0. 0. 0.\n1 | 0. 0. 0.\ndeploy 1: a1\ndeploy 2: c3\n")
    with pytest.raises(ca.OptionError) as caught:
        ca.make(TACTICS, map=str(bad_cell))
    assert "c3" in str(caught.value) and "zq" not in str(caught.value)


# -- agents a client can seat -----------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iters=20000:rollout=16-bit-tactics.heuristic",
        "ismcts:iters=200:time=600",
        "ismcts:iters=200:rollout=16-bit-tactics.heuristic",
        "comboarena.agents.base:RandomAgent",
        "human",
        "policy:path=/etc/passwd",  # the policy agent reads a file: never one a client names
        "policy:package=os:file=passwd",
    ],
)
def test_only_the_servers_presets_can_be_seated(tmp_path, spec):
    with server(tmp_path) as client:
        for body in ({"seats": ["open", spec]}, {"fallback": spec}):
            res = client.post("/api/tables", json={"game": TACTICS, **body})
            assert res.status_code == 400, res.text
            message = res.json()["error"]["message"]
            assert "choose one of random, first, 16-bit-tactics.heuristic, ismcts:iters=200" in message


def test_every_preset_has_a_bounded_cost_per_decision():
    """The search presets carry a time budget no larger than the server's limit; the rest
    are the instant agents and the game's own agents: its heuristic, and a shipped learned
    policy, whose cost is one pass through a small network."""
    from comboarena.agents.policy import PolicyAgent
    from comboarena.server.presets import presets

    for name in ca.games():
        game = ca.make(name)
        for preset in presets(game, think_limit=1.5):
            agent = preset.build(game)
            if preset.search:
                assert 0 < agent.time <= 1.5 and preset.budget == agent.time  # type: ignore[attr-defined]
            elif isinstance(agent, PolicyAgent):
                assert preset.name == f"{name}.learned"
                assert sum(w.size + b.size for w, b in agent.policy.layers) < 200_000  # weights per decision
            else:
                assert preset.name in ("random", "first") or preset.name == f"{name}.heuristic"
                assert not hasattr(agent, "iters")


def test_a_stored_seat_with_an_expensive_spec_gets_the_default_agent(tmp_path):
    """Tables stored by an older server resumed their 20,000-iteration searches after a
    restart; now a stored spec that is not a preset is played by the game's default."""
    db = tmp_path / "old.sqlite3"
    store = Store(f"sqlite:///{db}")
    greedy = "ismcts:iters=20000:rollout=sixteen.heuristic"
    seats = [SeatRow(0, SeatKind.AGENT, "Greedy", agent=greedy), SeatRow(1, SeatKind.AGENT, "Greedy 2", agent=greedy)]
    store.create_table(TableRow("greedy", "sixteen", {}, 7, greedy, status=TableStatus.PLAYING, seats=seats))
    store.close()
    with server(tmp_path, db=db) as client:
        table = client.app.state.hub.live["greedy"]  # type: ignore[attr-defined]
        assert {type(a).__name__ for a in table.agents.agents.values()} == {"SixteenHeuristic"}
        assert type(table.agents.fallback()[0]).__name__ == "SixteenHeuristic"
        # And the game goes on to its end with them.
        end = time.monotonic() + 60
        while client.get("/api/tables/greedy").json()["status"] != "over":
            assert time.monotonic() < end
            time.sleep(0.05)


def test_a_cheap_agent_answers_while_every_search_worker_is_busy(tmp_path):
    """Six tables of searching agents used to hold every shared thread, and a random agent
    at another table did not answer in 45 s. Searches now have their own lane: with
    searches running at full tilt on every search worker, a random agent still answers."""
    with server(tmp_path, think_limit=1.0, search_workers=1) as client:
        for _ in range(4):
            create(client, game="combo-fighter", seats=["ismcts:iters=1000", "ismcts:iters=1000"])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        end = time.monotonic() + 20
        while hub.thinkers.search.waiting < 2:  # searches are queued behind the running one
            assert time.monotonic() < end, "the searching tables did not start"
            time.sleep(0.02)
        tid = create(client, seats=["open", "random"])["table"]["id"]
        token = join(client, tid)
        now = view(client, tid, token)
        client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": now["legal"][0]})
        end = time.monotonic() + 10
        while 1 in view(client, tid, token)["to_act"]:
            assert time.monotonic() < end, "the random agent waited behind the searches"
            time.sleep(0.02)
        assert hub.thinkers.search.waiting >= 1, "the searches were still queued when it answered"


class _StuckServer(Server):
    """``comboarena serve`` with the test game whose agent never finishes thinking."""

    def command(self) -> list[str]:
        script = (
            f"import sys; sys.path.insert(0, {str(REPO)!r}); "
            "from comboarena.core.registry import register; "
            "from tests.server.fakegame import StuckPoke; register('stuck-test', StuckPoke); "
            "from comboarena.cli import main; "
            f"sys.argv = ['comboarena', 'serve', '--port', '{self.port}', '--db', {self.db!r}, '--agent-delay', '0']; "
            "main()"
        )
        return [sys.executable, "-c", script]


REPO = Path(__file__).resolve().parents[2]


def test_sigterm_stops_thinking_agents_and_the_server_exits(tmp_path):
    """After SIGTERM the server stopped listening but kept running at 79% CPU until its
    searches ended (the process waited for the threads they ran on). Agents now think on
    threads the process does not wait for: even an agent that never finishes thinking
    does not keep a stopped server alive."""
    running = _StuckServer(f"sqlite:///{tmp_path / 's.sqlite3'}", free_port(), tmp_path / "s.log")
    running.start()
    try:
        http = httpx.Client(base_url=running.url, timeout=10)
        # More thinking agents than asyncio's default executor has threads (which shutting
        # down used to need: with all of them thinking, the server could not stop).
        for _ in range((os.cpu_count() or 1) + 5):
            made = http.post("/api/tables", json={"game": "stuck-test", "seats": ["stuck-test.stuck"] * 2})
            assert made.status_code == 201, made.text
        time.sleep(1.0)  # the stuck agents (seat 0 pokes first) are thinking now
        assert running.proc is not None
        running.proc.send_signal(signal.SIGTERM)
        try:
            code = running.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            running.proc.kill()
            raise AssertionError("the server was still running 10 s after SIGTERM") from None
        # uvicorn shuts down gracefully, then lets the signal end the process.
        assert code in (0, -signal.SIGTERM), running.log.read_text()
        assert "Traceback" not in running.log.read_text()
    finally:
        running.stop()


# -- storage ---------------------------------------------------------------------------


def _my_moves(client: TestClient, tid: str, token: str) -> list[str]:
    """The seat's legal moves once it is its turn (the AI seat replies on its own thread:
    on a busy machine its reply may not be in yet)."""
    return list(wait_for(lambda: view(client, tid, token)["legal"], what="the seat's turn"))


def _play_one(client: TestClient, tid: str, token: str) -> httpx.Response:
    move = _my_moves(client, tid, token)[0]
    return client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": move})


def test_a_database_locked_by_another_process_fails_fast_with_503(tmp_path):
    db = tmp_path / "locked.sqlite3"
    with server(tmp_path, db=db, sqlite_busy_timeout=1.0, storage_retry=(0.2, 0.5)) as client:
        tid = create(client, seats=["open", "first"])["table"]["id"]
        token = join(client, tid)
        assert _play_one(client, tid, token).status_code == 200
        move = _my_moves(client, tid, token)[0]
        other = sqlite3.connect(db, timeout=0)  # "another process": a connection of its own
        other.execute("BEGIN EXCLUSIVE")
        try:
            start = time.monotonic()
            res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": move})
            assert res.status_code == 503 and res.json()["error"]["code"] == "storage", res.text
            assert client.get("/api/tables").status_code in (200, 503)
            # It used to take SQLite's 30 s busy wait for each of them.
            assert time.monotonic() - start < 15
        finally:
            other.rollback()
            other.close()
        # The lock gone, storage comes back and play goes on.
        end = time.monotonic() + 20
        while _play_one(client, tid, token).status_code != 200:
            assert time.monotonic() < end, "storage did not come back"
            time.sleep(0.1)


@pytest.mark.parametrize("how", ["folder deleted", "file replaced"])
def test_a_database_file_deleted_or_replaced_mid_game_stops_acknowledging(tmp_path, how):
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "tables.sqlite3"
    with server(tmp_path, db=db, storage_retry=(0.1, 0.2)) as client:
        tid = create(client, seats=["open", "first"])["table"]["id"]
        token = join(client, tid)
        assert _play_one(client, tid, token).status_code == 200
        move = _my_moves(client, tid, token)[0]
        if how == "folder deleted":
            shutil.rmtree(folder)
        else:
            other = tmp_path / "other.sqlite3"
            sqlite3.connect(other).close()
            os.replace(other, db)
        for _ in range(3):
            res = client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": move})
            assert res.status_code == 503 and res.json()["error"]["code"] == "storage", res.text
            time.sleep(0.3)  # the probe has retried meanwhile: still refused
        assert view(client, tid, token)["version"] == 2, "nothing after the deletion was taken"


def test_the_one_server_lock_holds_through_symlinks_and_hard_links(tmp_path):
    db = tmp_path / "real.sqlite3"
    first = open_store(Settings(db_url=f"sqlite:///{db}"))
    try:
        soft = tmp_path / "soft.sqlite3"
        soft.symlink_to(db)
        hard = tmp_path / "hard.sqlite3"
        os.link(db, hard)
        for other in (soft, hard):
            with pytest.raises(StorageError, match="another Combo Arena server is already using"):
                open_store(Settings(db_url=f"sqlite:///{other}"))
    finally:
        first.close()
    open_store(Settings(db_url=f"sqlite:///{tmp_path / 'hard.sqlite3'}")).close()


# -- HTTP ------------------------------------------------------------------------------


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        with contextlib.suppress(OSError):  # the server may close before it has read everything we send
            s.sendall(request)
        chunks = []
        while True:
            try:
                data = s.recv(65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        return b"".join(chunks)


def test_request_headers_have_a_size_limit(tmp_path):
    running = Server(f"sqlite:///{tmp_path / 'h.sqlite3'}", free_port(), tmp_path / "h.log")
    running.start()
    try:
        huge = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 4_000_000 + b"\r\n\r\n"
        answer = _raw(running.port, huge)
        assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
        # A head over the limit that arrives in one read (20 KB, one write) is refused alike.
        one_read = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n"
        answer = _raw(running.port, one_read)
        assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
        # An ordinary request with a body right behind its head is not mistaken for a big head.
        ok = httpx.post(f"{running.url}/api/games/sixteen/setup", json={"options": {"players": 4}}, timeout=10)
        assert ok.status_code == 200 and ok.json()["players"] == 4
    finally:
        running.stop()


def _limited_posts(url: str, n: int) -> list[int]:
    codes = []
    with httpx.Client(base_url=url, timeout=10) as http:
        for i in range(n):
            forged = {"X-Forwarded-For": f"10.0.{i // 250}.{i % 250}"}
            codes.append(http.post("/api/games/sixteen/setup", json={"options": {}}, headers=forged).status_code)
    return codes


def test_x_forwarded_for_is_not_believed_unless_configured(tmp_path):
    """A client sending a new X-Forwarded-For with every request had a fresh rate-limit
    bucket each time. By default the header is ignored, so the limit (a burst of 60
    changes) holds; with --forwarded-allow-ips the proxy's header is believed."""
    plain = Server(f"sqlite:///{tmp_path / 'x.sqlite3'}", free_port(), tmp_path / "x.log")
    plain.start()
    try:
        assert 429 in _limited_posts(plain.url, 90)
    finally:
        plain.stop()
    proxied = Server(
        f"sqlite:///{tmp_path / 'y.sqlite3'}",
        free_port(),
        tmp_path / "y.log",
        extra=("--forwarded-allow-ips", "127.0.0.1"),
    )
    proxied.start()
    try:
        assert 429 not in _limited_posts(proxied.url, 90)
    finally:
        proxied.stop()


def test_check_spec_refuses_content_paths_without_touching_them(tmp_path, monkeypatch):
    """The check itself (used by every endpoint and by resuming) never reaches a loader."""
    from comboarena.games.bit_tactics import campaign, maps

    opened: list[str] = []
    monkeypatch.setattr(maps, "load_map_file", lambda path: opened.append(str(path)))
    monkeypatch.setattr(campaign, "load_campaign_file", lambda path: opened.append(str(path)))
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'c.sqlite3'}")
    for options in ({"map": "/etc/passwd"}, {"mode": "campaign", "campaign": "/etc/passwd"}):
        with pytest.raises(Exception, match="files are for the command line only"):
            check_spec(settings, TACTICS, options, None, None, None)
    assert opened == []


def test_threads_left_running_are_daemons(tmp_path):
    """Agents think on daemon threads, so nothing a client started can keep the process alive."""
    with server(tmp_path):
        names = [t for t in threading.enumerate() if t.name.startswith("comboarena-search")]
        assert names and all(t.daemon for t in names)
