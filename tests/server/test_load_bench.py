"""``bench/load.py`` plays every registered game (as many clients per table as
the game has seats), against the real server, and loses nothing."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest

import comboarena as ca
from comboarena.server import Settings

from .test_robustness import LiveServer

pytestmark = pytest.mark.timeout(180)

BENCH = Path(__file__).resolve().parents[2] / "bench" / "load.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("comboarena_load_bench", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ca.games())
def test_the_load_bench_plays_every_game(tmp_path, game):
    bench = load_bench()
    big = 100000
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'load.sqlite3'}",
        agent_delay=0,
        rate=big, burst=big, creates_per_minute=big, http_rate=big, http_burst=big,
        http_read_rate=big, http_read_burst=big, connect_rate=big, connect_burst=big,
    )  # fmt: skip
    args = argparse.Namespace(tables=3, seconds=2.0, think=0.02, game=game, per_second=False)
    with LiveServer(settings) as live:
        report = asyncio.run(bench.run(args, f"http://127.0.0.1:{live.port}"))
    assert report["game"] == game and report["actions"] > 10, report
    assert report["lost_actions"] == 0, report
    # Clients race each other in reaction windows; anything else would be a bench or server bug.
    assert set(report["errors"]) <= {"illegal", "stale"} and sum(report["errors"].values()) <= report["actions"] / 5
