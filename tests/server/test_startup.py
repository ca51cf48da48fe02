"""Starting the server: a database that cannot be used is one line and a non-zero
exit (no traceback), and a second server on the same database refuses to start."""

from __future__ import annotations

import os
import subprocess
import time

import pytest
from typer.testing import CliRunner

from comboarena.cli import app
from comboarena.server import Settings, StorageError, open_store

from .process import Server, free_port

pytestmark = pytest.mark.timeout(120)


def serve(db: str) -> tuple[int, str]:
    out = CliRunner().invoke(app, ["serve", "--db", db, "--port", str(free_port())], terminal_width=400)
    return out.exit_code, out.output


def read_only_db(tmp_path) -> str:
    """A database this server may read but not write."""
    path = tmp_path / "ro.sqlite3"
    open_store(Settings(db_url=f"sqlite:///{path}")).close()
    if os.geteuid() == 0:
        # root writes through file permissions; open the file read-only instead.
        return f"sqlite:///file:{path}?mode=ro&uri=true"
    path.chmod(0o444)
    return f"sqlite:///{path}"


def corrupt_db(tmp_path) -> str:
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all " * 100)
    return f"sqlite:///{tmp_path / 'junk.sqlite3'}"


@pytest.mark.parametrize(
    ("make_db", "words"),
    [
        (lambda tmp: f"sqlite:///{tmp / 'no-such-folder' / 'tables.sqlite3'}", "does not exist"),
        (lambda tmp: f"sqlite:///{tmp}", "is a folder"),
        (read_only_db, "read-only"),
        (corrupt_db, "damaged"),
        (lambda tmp: "not a url", "not a database URL"),
        (lambda tmp: "nosuchdb://x/y", "not a database this server knows"),
        (lambda tmp: f"postgresql://arena@127.0.0.1:{free_port()}/arena", "cannot use the database"),
    ],
    ids=["missing-folder", "a-folder", "read-only", "corrupt", "bad-url", "unknown-dialect", "nothing-listening"],
)
def test_a_database_that_cannot_be_used_is_one_line_and_a_failure(tmp_path, make_db, words):
    code, output = serve(make_db(tmp_path))
    assert code == 1, output
    # One message (the console may wrap it to the terminal's width), nothing else.
    assert "Traceback" not in output and output.count("error:") == 1 and output.lstrip().startswith("error:")
    assert words in " ".join(output.split()) and "open http" not in output, output


def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path):
    db = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with pytest.raises(StorageError):  # in one process too
        first = open_store(Settings(db_url=db))
        try:
            open_store(Settings(db_url=db))
        finally:
            first.close()
    running = Server(db, free_port(), tmp_path / "first.log")
    running.start()
    try:
        second = Server(db, free_port(), tmp_path / "second.log")
        start = time.monotonic()
        done = subprocess.run(second.command(), capture_output=True, text=True, timeout=60)
        assert done.returncode == 1, done.stdout + done.stderr
        assert "another Combo Arena server is already using" in " ".join(done.stderr.split())
        assert "Traceback" not in done.stderr and time.monotonic() - start < 30
    finally:
        running.stop()
    # Once the first one is gone, the database is free again.
    open_store(Settings(db_url=db)).close()
