"""Sample games of a report: each a record file, and all of them as finished tables in a
SQLite database the play server opens (``comboarena serve --db sqlite:///FOLDER/games.sqlite3``),
where ``/replay/<id>`` shows them in the replay viewer."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from comboarena.core import OptionError

DATABASE = "games.sqlite3"


def write_samples(records: list[dict[str, Any]], folder: Path) -> str:
    """Write each sample's record file and the database; returns a note on what the server
    can open (empty when the database was written)."""
    try:
        folder.mkdir(exist_ok=True)
        for r in records:
            (folder / f"{r['id']}.json").write_text(json.dumps(r["record"], indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise OptionError(f"cannot write the sample games to {folder}: {exc.strerror or exc}") from None
    try:
        from comboarena.server.store import ActionRow, SeatRow, Store, TableRow
    except ImportError:
        return "the server's packages are not installed: the sample games are record files only"
    from comboarena.server.kinds import SeatKind, Source, TableStatus

    db = folder / DATABASE
    db.unlink(missing_ok=True)  # the report's own database, written anew each run
    store = Store(f"sqlite:///{db}")
    try:
        now = time.time()
        for r in records:
            rec = r["record"]
            names = rec.get("players") or [f"seat {s}" for s in range(len(rec["result"]["returns"]))]
            seats = [SeatRow(s, SeatKind.AGENT, n[:24], agent=n.split("#")[0]) for s, n in enumerate(names)]
            row = TableRow(
                r["id"],
                rec["game"],
                rec["options"],
                rec["seed"],
                "random",
                status=TableStatus.PLAYING,
                created=now,
                seats=seats,
            )
            last = len(rec["actions"]) - 1
            ops = [Store.op_create_table(row)]
            ops += [
                Store.op_append_action(
                    ActionRow(r["id"], ply, seat, text, Source.AGENT, rec["result"] if ply == last else None)
                )
                for ply, (seat, text) in enumerate(rec["actions"])
            ]
            store.write(ops)
    finally:
        store.close()
    return ""


__all__ = ["DATABASE", "write_samples"]
