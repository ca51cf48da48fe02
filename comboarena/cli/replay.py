"""``comboarena replay FILE``: re-play a saved record."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from comboarena.core import ComboArenaError, Record
from comboarena.core.record import replay as replay_record

from .common import app, console, fail


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a record file (JSON)")],
    as_json: Annotated[bool, typer.Option("--json", help="print the final spectator view and result as JSON")] = False,
    step: Annotated[bool, typer.Option("--step", help="show every step")] = False,
) -> None:
    """Re-play a saved record and show how it ended."""
    from comboarena.core import events_for

    try:
        record = Record.load(file)
        state = replay_record(record)
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    if as_json:
        out = {"view": state.view(None), "result": state.result().to_dict() if state.is_over else None}
        sys.stdout.write(json.dumps(out, indent=1) + "\n")
        return
    g = state.game
    ui = g.text_ui()
    names = [f"Seat {s}" for s in range(g.players)]
    if step:
        s = g.new_state(seed=record.seed, deck=record.deck)
        for i, (seat, text) in enumerate(record.actions, 1):
            events = s.apply(seat, text)
            console.print(f"[dim]{i:>4}.[/] {escape(names[seat])}: {escape(text)}")
            for e in events_for(events, None):
                line = ui.describe(e, None, names)
                if line:
                    console.print("        " + escape(line))
    console.print(ui.render(state.view(None), names))
    if state.is_over:
        console.print("[bold]" + escape(ui.result_line(state.view(None), state.result(), names)) + "[/]")
    else:
        console.print(f"The record stops before the end ({len(record.actions)} actions).")
