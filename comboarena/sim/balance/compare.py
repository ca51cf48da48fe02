"""``--compare old.json``: what changed between two reports, per matrix cell and per card,
and whether each change is outside what chance explains (its 95% interval excludes 0)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from comboarena.core import OptionError

from ..report import Tally
from .ablation import difference_interval
from .data import FORMAT


def load_report(path: Path) -> dict[str, Any]:
    """A report's JSON data; :class:`OptionError` saying why when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise OptionError(f"--compare {path}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise OptionError(f"--compare {path}: not JSON; give the .json a report wrote") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise OptionError(f"--compare {path}: not a balance report's JSON (format {FORMAT})")
    return data


def _tally(d: dict[str, Any], wins: str = "wins", games: str = "games") -> Tally:
    return Tally(str(d.get("label", "")), games=int(d[games]), wins=int(d[wins]))


def _row(key: str, old: Tally, new: Tally) -> dict[str, Any]:
    lo, hi = difference_interval(new, old)
    return {
        "key": key,
        "old": old.win_rate,
        "new": new.win_rate,
        "old_games": old.games,
        "new_games": new.games,
        "delta": new.win_rate - old.win_rate,
        "delta_ci95": [lo, hi],
        "outside": lo > 0 or hi < 0,
    }


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Per matrix cell (the row's win rate), per card (win rate when played, and play
    rate) and per seat: old, new, the change and its interval; cards in only one report
    are listed as added or gone."""
    if old.get("game") != new.get("game"):
        raise OptionError(f"--compare: the old report is of {old.get('game')!r}, this one of {new.get('game')!r}")
    out: dict[str, Any] = {"cells": [], "cards": [], "play_rates": [], "seats": [], "added": [], "gone": []}
    old_cells = {c["label"]: c for row in (old.get("matrix") or {}).get("cells", []) for c in row}
    for row in (new.get("matrix") or {}).get("cells", []):
        for c in row:
            if c["label"] in old_cells:
                out["cells"].append(_row(c["label"], _tally(old_cells[c["label"]]), _tally(c)))
    for o, n in zip(old.get("seats", []), new.get("seats", []), strict=False):
        out["seats"].append(_row(n["label"], _tally(o), _tally(n)))
    old_cards = {c["card"]: c for c in old.get("cards", [])}
    new_cards = {c["card"]: c for c in new.get("cards", [])}
    old_seat_games = old.get("total_games", 0) * len(old.get("seats", []))
    new_seat_games = new.get("total_games", 0) * len(new.get("seats", []))
    for card, n in new_cards.items():
        o = old_cards.get(card)
        if o is None:
            out["added"].append(card)
            continue
        out["cards"].append(_row(card, _tally(o, games="played"), _tally(n, games="played")))
        before = Tally(card, games=o.get("offered") or old_seat_games, wins=o["played"])
        after = Tally(card, games=n.get("offered") or new_seat_games, wins=n["played"])
        out["play_rates"].append(_row(card, before, after))
    out["gone"] = sorted(set(old_cards) - set(new_cards))
    return out


__all__ = ["compare", "load_report"]
