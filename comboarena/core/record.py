"""Game records (JSON) and exact replay.

A record holds what is needed to rebuild a game exactly: the game name, its
options, the seed, the stacked deck (if any) and every action in order. A
game that began from a position (``game.from_position``) records that
position instead of seed and deck, as a chess PGN records a FEN. ``players``
names who sat in each seat (agent names, or people's names on the server).

>>> r = Record("sixteen", {"players": 2}, 7, None, [(0, "5R")])
>>> Record.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .errors import RecordError
from .options import options_json

FORMAT_VERSION = 1


@dataclass
class Record:
    """A game's record; ``actions`` is a list of ``(seat, notation)``."""

    game: str
    options: dict[str, Any]
    seed: int
    deck: Any = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    version: int = FORMAT_VERSION
    #: Who sat in each seat, by name; ``None`` when not known.
    players: list[str] | None = None
    #: The position the game began from, when it did not begin from ``seed`` and ``deck``.
    position: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "version": self.version,
            "options": options_json(self.options),
            "seed": self.seed,
            "deck": self.deck,
            "actions": [[seat, text] for seat, text in self.actions],
            "result": self.result,
        }
        if self.players is not None:
            out["players"] = list(self.players)
        if self.position is not None:
            out["position"] = self.position
        return out

    def with_players(self, names: list[str]) -> Record:
        """This record with the players' names (one per seat)."""
        return replace(self, players=[str(n) for n in names])

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record file {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file; a record is JSON") from None
        return cls.from_json(text)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record, checking its shape; raises :class:`RecordError`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a record: invalid JSON ({exc.msg} at line {exc.lineno})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("not a record: expected a JSON object with game, options, seed and actions")
        missing = [k for k in ("game", "seed", "actions") if k not in data]
        if missing:
            raise RecordError(f"not a record: missing {', '.join(missing)}")
        version = data.get("version", FORMAT_VERSION)
        if version != FORMAT_VERSION:
            raise RecordError(f"record format version {version!r} is not supported (this reads {FORMAT_VERSION})")
        game, seed, options = data["game"], data["seed"], data.get("options") or {}
        if not isinstance(game, str):
            raise RecordError("record field 'game' must be a game name")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record field 'seed' must be an integer")
        if not isinstance(options, dict):
            raise RecordError("record field 'options' must be an object")
        raw = data["actions"]
        if not isinstance(raw, list):
            raise RecordError("record field 'actions' must be a list of [seat, notation]")
        actions: list[tuple[int, str]] = []
        for i, item in enumerate(raw):
            if (
                not isinstance(item, list | tuple)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"record action {i} must be [seat, notation], got {item!r}")
            actions.append((item[0], item[1]))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("record field 'result' must be an object or null")
        players = data.get("players")
        if players is not None and (not isinstance(players, list) or not all(isinstance(p, str) for p in players)):
            raise RecordError("record field 'players' must be a list of names, one per seat")
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise RecordError("record field 'position' must be an object (a position) or null")
        return cls(game, dict(options), seed, data.get("deck"), actions, result, version, players, position)
