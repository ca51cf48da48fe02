"""How strong each lobby preset plays: read from the ladder shipped for its game.

``ladders/<game>.json`` is a ``comboarena ladder GAME --presets --out`` report
(OpenSkill ratings of the presets, see ``docs/simulation.md``). Serving only reads
it: no openskill is needed. A preset missing from its game's ladder is shown unrated.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LADDERS = Path(__file__).parent / "ladders"


def ladder_path(game: str) -> Path:
    return LADDERS / f"{game}.json"


@cache
def ladder(game: str) -> dict[str, Any] | None:
    """The shipped ladder of ``game``, or ``None`` if none is shipped."""
    path = ladder_path(game)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def strength(game: str, preset: str) -> dict[str, Any] | None:
    """What the lobby shows of ``preset``'s strength: its rating ``mu`` with the interval
    ``mu ± 2 sigma``, its place on the ladder, the games it played, and whether the
    rating is still provisional; ``None`` if the preset is not on the game's ladder."""
    data = ladder(game)
    if data is None:
        return None
    rows = data["ratings"]
    for place, row in enumerate(rows, 1):
        if row["agent"] == preset:
            low, high = row["interval"]
            return {
                "rating": round(float(row["mu"]), 1),
                "low": round(float(low), 1),
                "high": round(float(high), 1),
                "games": int(row["games"]),
                "provisional": bool(row["provisional"]),
                "place": place,
                "of": len(rows),
            }
    return None


__all__ = ["LADDERS", "ladder", "ladder_path", "strength"]
