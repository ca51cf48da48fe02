"""Kill the real server with SIGKILL mid-game, start it again: every unfinished
game resumes exactly, and every acknowledged action is still there."""

from __future__ import annotations

import pytest

from .process import Server, free_port, kill_and_restart

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def server(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'kill.sqlite3'}", free_port(), tmp_path / "server.log")
    srv.start()
    yield srv
    srv.stop()


def test_kill_9_and_restart_resumes_every_game_and_loses_no_acknowledged_action(server):
    kill_and_restart(server)
