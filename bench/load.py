"""Load test of the play server: N concurrent tables of client-vs-client play,
each seat a WebSocket client over loopback.

    python bench/load.py --tables 200 --seconds 30            # paced: think 0-0.5 s per move
    python bench/load.py --tables 50 --seconds 20 --think 0   # flat out: the server's capacity
    python bench/load.py --tables 50 --game ccc-combo         # any registered game (4 seats here)
    python bench/load.py --tables 200 --url http://127.0.0.1:8000 --per-second

By default a server is started in a child process on a free port with a
throwaway SQLite database (the real store: every action is written before it
is acknowledged). Each of a table's seats (as many as the game has: two for
Sixteen, four for c-c-c-COMBO) is a client that plays random legal moves,
answering reaction windows and simultaneous choices like any other decision,
new games starting as old ones end, until ``--seconds`` is up. Before
each move a client thinks a random 0 to 2 x ``--think`` seconds (mean
``--think``, default 0.25 s; the server's own agents pause 0.7 s, people
take seconds) without pausing its reads. With ``--think 0`` every client
moves the instant it may, so the tables keep the server saturated and the
latency measured is mostly queueing: that run measures throughput.

Reported: moves per second, action latency (send -> acknowledgement)
p50/p90/p99/max, errors by code, and lost actions (acknowledged but missing
from the stored record, or never answered). The server's rate limits (per
connection and per address: every client here shares one address) are raised
for the run, since these clients move faster than people.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

SERVER = """
import sys
from comboarena.server import Settings, run
run(Settings(db_url=sys.argv[1], agent_delay=0, rate=10000, burst=10000, creates_per_minute=100000,
             http_rate=100000, http_burst=100000, http_read_rate=100000, http_read_burst=100000,
             connect_rate=100000, connect_burst=100000,
             max_live_tables=100000), port=int(sys.argv[2]), log_level="warning")
"""


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    games: int = 0
    sent: int = 0
    #: table id -> [(version, notation)] acknowledged
    acked: dict[str, list[tuple[int, str, int]]] = field(default_factory=dict)
    unanswered: int = 0
    #: seats with an open socket, closed by the watchdog once time is up and they wait for nothing
    seats: set[Any] = field(default_factory=set)


class Seat:
    """One WebSocket client playing one seat of one table."""

    def __init__(self, url: str, table: str, seat: int, token: str, stats: Stats, think: float, stop: float) -> None:
        self.url, self.table, self.seat, self.token = url, table, seat, token
        self.stats, self.think, self.stop = stats, think, stop
        self.rng = random.Random(hash((table, seat)))
        self.pending: dict[int, tuple[float, str]] = {}
        self.next_id = 0
        self.latest: dict[str, Any] | None = None
        self.thinking: asyncio.Task[None] | None = None
        self.ws: Any = None

    async def play(self) -> bool:
        """Play until the game ends; returns False when stopped by the time limit first."""
        ws_url = self.url.replace("http", "ws", 1) + f"/ws/{self.table}"
        over = False
        async with connect(ws_url, max_size=2**22, compression=None) as ws:
            self.ws = ws
            self.stats.seats.add(self)
            try:
                await ws.send(json.dumps({"type": "hello", "token": self.token}))
                async for raw in ws:
                    msg = json.loads(raw)
                    kind = msg["type"]
                    if kind == "ack":
                        sent_at, move = self.pending.pop(msg["id"])
                        self.stats.latencies.append(time.perf_counter() - sent_at)
                        self.stats.sent_at.append(sent_at)
                        self.stats.acked.setdefault(self.table, []).append((msg["version"], move, self.seat))
                    elif kind == "error":
                        self.stats.errors[msg["code"]] += 1
                        if msg["code"] not in ("stale",) and self.stats.errors[msg["code"]] <= 3:
                            print(f"error: {msg['code']}: {msg['message']}", file=sys.stderr)
                        self.pending.pop(msg.get("id"), None)
                    elif kind in ("welcome", "update", "sync"):
                        if msg.get("result") is not None:
                            over = True
                        elif not msg["legal"]:
                            # No longer asked (a window closed, a partner answered): drop a move being thought of.
                            self.latest = None
                        elif time.perf_counter() < self.stop:
                            self.latest = msg
                            if self.think:
                                # Think without blocking the reads: an ack read late would count as latency.
                                if self.thinking is None:
                                    self.thinking = asyncio.get_running_loop().create_task(self.move_later(ws))
                            else:
                                await self.move(ws, msg)
                    if over and not self.pending:
                        return True
                    if time.perf_counter() >= self.stop and not self.pending and self.thinking is None:
                        return False
            except ConnectionClosed:
                pass
            finally:
                self.stats.seats.discard(self)
        self.stats.unanswered += len(self.pending)
        return False

    async def move_later(self, ws: Any) -> None:
        try:
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
            if self.latest is not None and time.perf_counter() < self.stop:
                await self.move(ws, self.latest)
        except ConnectionClosed:
            pass
        finally:
            self.thinking = None

    async def move(self, ws: Any, msg: dict[str, Any]) -> None:
        self.latest = None
        move = self.rng.choice(msg["legal"])
        self.next_id += 1
        self.pending[self.next_id] = (time.perf_counter(), move)
        self.stats.sent += 1
        act = {"type": "act", "token": self.token, "action": move, "version": msg["version"], "id": self.next_id}
        await ws.send(json.dumps(act))


async def table_slot(
    http: httpx.AsyncClient, url: str, game: str, players: int, stats: Stats, think: float, stop: float
) -> None:
    """Keep one table busy: play games back to back until the time is up."""
    while time.perf_counter() < stop:
        res = await http.post("/api/tables", json={"game": game, "seats": ["open"] * players})
        if res.status_code != 201:
            sys.exit(f"cannot create a {game} table: {res.text}")
        tid = res.json()["table"]["id"]
        tokens = [
            (await http.post(f"/api/tables/{tid}/join", json={"seat": s, "name": f"bot{s}"})).json()["token"]
            for s in range(players)
        ]
        seats = [Seat(url, tid, s, tokens[s], stats, think, stop) for s in range(players)]
        finished = await asyncio.gather(*(s.play() for s in seats))
        if all(finished):
            stats.games += 1


async def check_lost(http: httpx.AsyncClient, stats: Stats) -> int:
    """Acknowledged actions that the server's record does not hold."""
    lost = 0
    for tid, acks in stats.acked.items():
        meta = (await http.get(f"/api/tables/{tid}")).json()
        if meta["status"] == "over":
            actions = (await http.get(f"/api/tables/{tid}/record")).json()["actions"]
            for version, move, seat in acks:
                if version > len(actions) or actions[version - 1] != [seat, move]:
                    lost += 1
        else:
            lost += sum(1 for version, _m, _s in acks if version > meta["version"])
    return lost


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def run(args: argparse.Namespace, url: str) -> dict[str, Any]:
    stats = Stats()
    # A small pool: httpx scans its whole pool per request, which a large one makes the bottleneck.
    limits = httpx.Limits(max_connections=16, max_keepalive_connections=16)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as http:
        start = time.perf_counter()
        stop = start + args.seconds

        async def watchdog() -> None:
            # Once time is up, seats waiting for nothing of theirs (their opponents stopped
            # moving too) are closed; any still waiting for an answer get 10 s more.
            await asyncio.sleep(args.seconds)
            give_up = time.perf_counter() + 10
            while stats.seats:
                for seat in list(stats.seats):
                    if (not seat.pending and seat.thinking is None) or time.perf_counter() > give_up:
                        stats.seats.discard(seat)
                        await seat.ws.close()
                await asyncio.sleep(0.2)

        guard = asyncio.get_running_loop().create_task(watchdog())
        info = await http.get(f"/api/games/{args.game}")
        if info.status_code != 200:
            sys.exit(f"unknown game {args.game!r}: {info.text}")
        players = int(info.json()["players"])
        slots = (table_slot(http, url, args.game, players, stats, args.think, stop) for _ in range(args.tables))
        await asyncio.gather(*slots)
        elapsed = min(time.perf_counter(), stop) - start
        guard.cancel()
        lost = await check_lost(http, stats)
    lat = sorted(stats.latencies)
    if args.per_second:
        # Latency by the second the action was sent: shows bursts (e.g. many games starting at once).
        buckets: dict[int, list[float]] = {}
        for sent, took in zip(stats.sent_at, stats.latencies, strict=True):
            buckets.setdefault(int(sent - start), []).append(took)
        print("second  actions  p50 ms  p99 ms  max ms")
        for sec in sorted(buckets):
            b = sorted(buckets[sec])
            p50, p99 = 1000 * b[len(b) // 2], 1000 * b[int(0.99 * len(b))]
            print(f"{sec:>6}  {len(b):>7}  {p50:>6.1f}  {p99:>6.1f}  {1000 * b[-1]:>6.1f}")

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "game": args.game,
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "games_finished": stats.games,
        "actions": len(lat),
        "moves_per_second": round(len(lat) / elapsed, 1),
        "latency_ms": {
            "p50": round(pct(0.50), 2),
            "p90": round(pct(0.90), 2),
            "p99": round(pct(0.99), 2),
            "max": round(1000 * lat[-1], 2) if lat else None,
            "mean": round(1000 * statistics.fmean(lat), 2) if lat else None,
        },
        "errors": dict(stats.errors),
        "lost_actions": lost + stats.unanswered,
        "think_s": args.think,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="concurrent tables (each: two WebSocket clients)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to keep starting moves")
    parser.add_argument("--think", type=float, default=0.25, help="mean pause before each move, seconds (0: flat out)")
    parser.add_argument("--game", default="sixteen", help="any registered game (its default options)")
    parser.add_argument("--url", default=None, help="use a running server instead of starting one")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--per-second", action="store_true", help="also print latency for each second of the run")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 0 < args.seconds <= 600:
        parser.error("--tables must be 1..2000 and --seconds 0..600")
    proc = None
    tmp = tempfile.TemporaryDirectory()
    url = args.url
    if url is None:
        port = free_port()
        db = f"sqlite:///{Path(tmp.name) / 'load.sqlite3'}"
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port)], env=env)
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            proc.kill()
            sys.exit("the server did not start")
    try:
        try:
            import uvloop  # the clients' own loop overhead should not be what is measured

            runner: Any = uvloop.run
        except ImportError:
            runner = asyncio.run
        report = runner(run(args, url))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=10)
        tmp.cleanup()
    if args.json:
        print(json.dumps(report, indent=1))
        return
    lat = report["latency_ms"]
    print(
        f"{report['game']} · {report['tables']} tables · {report['seconds']} s · {report['games_finished']} games · "
        f"{report['actions']} actions · {report['moves_per_second']} moves/s\n"
        f"latency ms: p50 {lat['p50']} · p90 {lat['p90']} · p99 {lat['p99']} · max {lat['max']}\n"
        f"errors: {report['errors'] or 0} · lost actions: {report['lost_actions']}"
        + (f" · think {args.think} s" if args.think else "")
    )


if __name__ == "__main__":
    main()
