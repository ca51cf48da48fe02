"""The thinking lanes: tables take turns, a table never holds more than one worker of
a lane, the light lane does not wait for the search lane, and a stopped lane drops
what was waiting."""

from __future__ import annotations

import asyncio
import threading

import pytest

from comboarena.server.thinking import Lane, Thinkers

pytestmark = pytest.mark.timeout(60)


def _blocker(gate: threading.Event, log: list[str], name: str) -> str:
    log.append(name)
    gate.wait(10)
    return name


def test_tables_take_turns_and_hold_one_worker_each():
    """Table A queues four decisions before table B queues one: B's runs second, not fifth."""

    async def main() -> list[str]:
        lane = Lane("search", workers=1)
        lane.start()
        gate = threading.Event()
        log: list[str] = []
        a = [asyncio.ensure_future(lane.run("A", _blocker, gate, log, f"A{i}")) for i in range(4)]
        await asyncio.sleep(0.05)
        b = asyncio.ensure_future(lane.run("B", _blocker, gate, log, "B0"))
        await asyncio.sleep(0.05)
        gate.set()
        await asyncio.gather(*a, b)
        lane.stop()
        return log

    log = asyncio.run(main())
    assert log[:2] == ["A0", "B0"] and sorted(log) == ["A0", "A1", "A2", "A3", "B0"]


def test_a_table_never_runs_two_decisions_of_a_lane_at_once():
    async def main() -> tuple[int, int]:
        lane = Lane("search", workers=3)
        lane.start()
        running = 0
        most = 0
        guard = threading.Lock()

        def think() -> None:
            nonlocal running, most
            with guard:
                running += 1
                most = max(most, running)
            threading.Event().wait(0.05)
            with guard:
                running -= 1

        await asyncio.gather(*(lane.run("A", think) for _ in range(6)))
        lane.stop()
        return most, len(lane.started)

    most, started = asyncio.run(main())
    assert most == 1 and started == 6


def test_the_light_lane_answers_while_every_search_worker_is_busy():
    async def main() -> str:
        thinkers = Thinkers(search_workers=2, light_workers=1)
        thinkers.start()
        gate = threading.Event()
        log: list[str] = []
        searches = [asyncio.ensure_future(thinkers.search.run(f"T{i}", _blocker, gate, log, f"S{i}")) for i in range(4)]
        await asyncio.sleep(0.05)
        quick = await asyncio.wait_for(thinkers.light.run("X", lambda: "random move"), 5)
        gate.set()
        await asyncio.gather(*searches)
        thinkers.stop()
        return quick

    assert asyncio.run(main()) == "random move"


def test_a_stopped_lane_cancels_waiting_decisions_and_takes_no_more():
    async def main() -> tuple[bool, bool]:
        lane = Lane("search", workers=1)
        lane.start()
        gate = threading.Event()
        first = asyncio.ensure_future(lane.run("A", _blocker, gate, [], "A0"))
        waiting = asyncio.ensure_future(lane.run("B", _blocker, gate, [], "B0"))
        await asyncio.sleep(0.05)
        lane.stop()
        gate.set()
        await first
        try:
            await waiting
            cancelled = False
        except asyncio.CancelledError:
            cancelled = True
        try:
            await lane.run("C", lambda: None)
            refused = False
        except RuntimeError:
            refused = True
        return cancelled, refused

    assert asyncio.run(main()) == (True, True)


def test_a_decision_whose_waiter_went_away_is_not_started():
    async def main() -> list[str]:
        lane = Lane("search", workers=1)
        lane.start()
        gate = threading.Event()
        log: list[str] = []
        first = asyncio.ensure_future(lane.run("A", _blocker, gate, log, "A0"))
        gone = asyncio.ensure_future(lane.run("B", _blocker, gate, log, "B0"))
        await asyncio.sleep(0.05)
        gone.cancel()
        gate.set()
        await first
        await asyncio.sleep(0.1)
        lane.stop()
        return log

    assert asyncio.run(main()) == ["A0"]
