"""The server on a real PostgreSQL: a throwaway cluster (``initdb`` and
``pg_ctl`` from Debian's ``postgresql`` package on a temporary folder,
127.0.0.1, a free port), a game played through the server, the server killed
with SIGKILL and started again: no acknowledged move is lost and the game
resumes.

Skipped (saying why) without PostgreSQL, unless COMBOARENA_REQUIRE_POSTGRES=1
(CI: ``.ci/run`` installs it), which makes that a failure. PostgreSQL refuses
to run as root, so as root the cluster runs as the ``postgres`` user (or
``nobody``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from comboarena.server import Settings, StorageError, open_store

from .process import Server, free_port, kill_and_restart

pytestmark = pytest.mark.timeout(300)


def pg_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: Debian's newest, else the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def as_user(user: str | None, cmd: list[str]) -> list[str]:
    return ["runuser", "-u", user, "--", *cmd] if user else cmd


class Cluster:
    """A throwaway PostgreSQL cluster; ``url`` reaches its ``postgres`` database as superuser ``arena``."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.user: str | None = None
        if os.geteuid() == 0:
            names = {p.pw_name for p in pwd.getpwall()}
            self.user = "postgres" if "postgres" in names else "nobody"
        self.root = Path(tempfile.mkdtemp(prefix="comboarena-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.url = f"postgresql://arena@127.0.0.1:{self.port}/postgres"

    def run(self, *args: str) -> None:
        cmd = as_user(self.user, [str(self.bin / args[0]), *args[1:]])
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=self.root)
        if done.returncode != 0:
            raise AssertionError(f"{' '.join(cmd)} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        if self.user:
            record = pwd.getpwnam(self.user)
            os.chown(self.root, record.pw_uid, record.pw_gid)
        self.run("initdb", "-D", str(self.data), "-U", "arena", "-A", "trust", "-E", "UTF8", "--no-locale", "-N")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-o", options, "-w", "start")

    def stop(self) -> None:
        if self.data.exists():
            with contextlib.suppress(AssertionError):  # already down: nothing to stop
                self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def postgres() -> Iterator[Cluster]:
    bin_dir = pg_bin()
    why = None
    if bin_dir is None:
        why = "PostgreSQL (initdb, pg_ctl) is not installed; .ci/run installs Debian's postgresql package"
    elif os.geteuid() == 0 and not shutil.which("runuser"):
        why = "running as root, and runuser (to start PostgreSQL as another user) is missing"
    if why:
        if os.environ.get("COMBOARENA_REQUIRE_POSTGRES") == "1":
            pytest.fail(why)
        pytest.skip(why)
    cluster = Cluster(bin_dir)  # type: ignore[arg-type]
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


def test_postgresql_kill_9_and_restart_loses_no_acknowledged_move(postgres, tmp_path):
    server = Server(postgres.url, free_port(), tmp_path / "server.log")
    server.start()
    try:
        kill_and_restart(server)
    finally:
        server.stop()


def test_a_second_server_on_the_same_postgresql_database_refuses_to_start(postgres):
    first = open_store(Settings(db_url=postgres.url))
    try:
        with pytest.raises(StorageError, match="another Combo Arena server"):
            open_store(Settings(db_url=postgres.url, db_lock_wait=0.5))
    finally:
        first.close()
