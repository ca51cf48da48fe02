"""The outcome of a finished game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple


class Result(NamedTuple):
    """``winners``: seats that won (all seats on a draw); ``scores`` and
    ``returns`` (+1 win, -1 loss, 0 draw) indexed by seat; ``reason``: how the
    game ended, a member of the game's ``Termination`` enum (a ``StrEnum``, like
    python-chess's ``Termination``, documented member by member in the game's
    ``view.py``). A member is its text, so records and JSON keep the text, and a
    result read back from a record has the plain text.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return len(self.winners) == len(self.returns) and all(r == 0 for r in self.returns)

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "returns": list(self.returns),
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        return cls(tuple(data["winners"]), tuple(data["scores"]), tuple(data["returns"]), str(data["reason"]))


def team_result(
    teams: Sequence[Sequence[int]], team_scores: Sequence[float], reason_win: str, reason_draw: str
) -> Result:
    """Result where the team(s) with the highest score win; a tie for the top is a draw.

    >>> team_result(((0,), (1,)), (3, 1), "most sets", "equal sets").winners
    (0,)
    """
    players = sum(len(t) for t in teams)
    scores = [0.0] * players
    for team, score in zip(teams, team_scores, strict=True):
        for seat in team:
            scores[seat] = score
    best = max(team_scores)
    top = [i for i, s in enumerate(team_scores) if s == best]
    if len(top) > 1:
        return Result(tuple(range(players)), _num(scores), (0,) * players, reason_draw)
    winners = tuple(sorted(teams[top[0]]))
    returns = tuple(1 if seat in winners else -1 for seat in range(players))
    return Result(winners, _num(scores), returns, reason_win)


def _num(scores: list[float]) -> tuple[float, ...]:
    return tuple(int(s) if float(s).is_integer() else s for s in scores)
