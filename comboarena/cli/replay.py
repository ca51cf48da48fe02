"""``comboarena replay FILE``: re-play a saved record."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from comboarena.core import ComboArenaError, Record, RecordError, State, events_for
from comboarena.core.replay import replay as replay_record

from .common import app, console, fail

JSON_HELP = (
    "JSON instead of words: the players, the final spectator view and the result; "
    "with --step one JSON object per line for every step, then the end"
)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a record file (JSON)")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
    step: Annotated[bool, typer.Option("--step", help="show every step")] = False,
) -> None:
    """Re-play a saved record and show how it ended (every step with --step)."""
    try:
        record = Record.load(file)
        start = replay_record(record, upto=0)
        names = _names(record, start.game.players)
        state = replay_record(record)  # the whole record is checked before anything is shown
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    if as_json:
        if step:
            _json_steps(record, start, names)
        end = {"players": names, "view": state.view(None), "result": _result(state), "steps": len(record.actions)}
        _emit(end, indent=None if step else 1)
        return
    ui = state.game.text_ui()
    raw, names = names, _shown(names)
    if record.players is not None:
        console.print("Players: " + ", ".join(f"seat {s}: {escape(n)}" for s, n in enumerate(raw)))
    if step:
        for i, (seat, text) in enumerate(record.actions, 1):
            events = start.apply(seat, text)
            if ui.narration.follows_table:
                ui.narration.follow(start.view(None))  # names from the table as this step left it
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


def _names(record: Record, players: int) -> list[str]:
    """The players' names from the record (``Seat N`` for records without them)."""
    if record.players is None:
        return [f"Seat {s}" for s in range(players)]
    if len(record.players) != players:
        raise RecordError(f"record field 'players' names {len(record.players)} players for a {players}-seat game")
    return list(record.players)


def _result(state: State) -> dict[str, Any] | None:
    return state.result().to_dict() if state.is_over else None


def _json_steps(record: Record, state: State, names: list[str]) -> None:
    """One line per step: who did what, the events a spectator sees, the spectator view after it."""
    for i, (seat, text) in enumerate(record.actions, 1):
        events = state.apply(seat, text)
        _emit(
            {
                "step": i,
                "seat": seat,
                "player": names[seat],
                "action": text,
                "events": [e.to_dict() for e in events_for(events, None)],
                "view": state.view(None),
            }
        )


def _shown(names: list[str]) -> list[str]:
    """Names to show at the table: a name several seats share gets its seat (``random (seat 1)``)."""
    return [f"{n} (seat {s})" if names.count(n) > 1 else n for s, n in enumerate(names)]


def _emit(data: dict[str, Any], indent: int | None = None) -> None:
    sys.stdout.write(json.dumps(data, indent=indent) + "\n")
    sys.stdout.flush()
