"""The rulebook's tournament rules: double elimination, two characters each, picks.

Rulebook, "Tournament rules": double elimination; each player brings 2
non-identical characters; at the start of a game a random draw makes one player
Player 1 and the other Player 2; Player 1 chooses which of Player 2's characters
to fight, then Player 2 chooses which of Player 1's; the chosen characters are
used for the entire game (a best-of-3 match).

The bracket: a winners bracket of rounds of pairs (an odd entrant out gets a bye);
its losers drop into a losers bracket, where survivors first meet the newest
dropouts and then each other until the bracket has shrunk to what the next
winners round will send down; an entrant is out after a second loss. The grand
final puts the winners-bracket champion against the losers-bracket champion, and
if the latter wins, both have one loss and a second final (the bracket reset)
decides.

Choosing characters: with a matchup matrix (``sim --matchups --out``), Player 1
takes the opponent character against which its worse character does best (Player
2 will answer with the character that suits it most), and Player 2 takes the
character of Player 1 it does best against; without one, both choose at random.

Playing a game is the caller's: :func:`double_elimination` takes a function that
plays one (``comboarena.sim.tournament`` plays it between agents).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from comboarena.core import OptionError
from comboarena.core.rng import derive

#: (fighter, opponent) -> win rate of the fighter
Matrix = dict[tuple[str, str], float]


@dataclass(frozen=True)
class Entrant:
    """A tournament player: an agent and the characters it brings."""

    label: str
    agent: str
    roster: tuple[str, ...]

    def __str__(self) -> str:
        return self.label


@dataclass
class Match:
    """One game of the bracket (``loser`` is ``None`` for a bye)."""

    bracket: str  # "winners", "losers", "final" or "reset"
    round: int
    winner: Entrant
    loser: Entrant | None
    player1: Entrant | None = None
    fighters: tuple[str, str] = ("", "")  # Player 1's character, Player 2's character
    score: tuple[int, int] = (0, 0)  # fights won by Player 1, Player 2
    replays: int = 0  # drawn games played again

    def line(self) -> str:
        where = {"winners": f"W{self.round}", "losers": f"L{self.round}", "final": "GF", "reset": "GF2"}[self.bracket]
        if self.loser is None:
            return f"{where:>4}  {self.winner} advances (bye)"
        p1 = self.player1 or self.winner
        p2 = self.loser if p1 is self.winner else self.winner
        a, b = self.score
        fights = f"{p1} ({self.fighters[0]}) vs {p2} ({self.fighters[1]}) {a}-{b}"
        return f"{where:>4}  {self.winner} beats {self.loser} · P1 {fights}"


@dataclass
class Bracket:
    """Everything that happened, and the final standings (1st, 2nd, 3rd...)."""

    entrants: list[Entrant]
    matches: list[Match] = field(default_factory=list)
    standings: list[Entrant] = field(default_factory=list)

    @property
    def champion(self) -> Entrant:
        return self.standings[0]

    def losses(self, entrant: Entrant) -> int:
        return sum(1 for m in self.matches if m.loser is entrant)


def parse_entrant(text: str, index: int) -> Entrant:
    """``[NAME=]AGENT@F1,F2``, e.g. ``alice=combo-fighter.heuristic@boris,grace``."""
    label, sep, rest = text.partition("=")
    if not sep or "@" in label or ":" in label:  # no NAME=: the '=' belongs to an agent option
        label, rest = "", text
    agent, at, roster = rest.rpartition("@")
    if not at or not agent.strip():
        raise OptionError(
            f"entrant {text!r} should be [NAME=]AGENT@FIGHTER,FIGHTER, e.g. combo-fighter.heuristic@boris,grace"
        )
    fighters = tuple(f.strip() for f in roster.split(",") if f.strip())
    agent = agent.strip()
    return Entrant(label.strip() or f"{agent.split(':')[0].split('.')[-1]}#{index + 1}", agent, fighters)


def load_matrix(path: str | Path) -> Matrix:
    """Win rates from a ``sim --matchups --out`` report."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return {(c["row"], c["col"]): float(c["win_rate"]) for row in data["matrix"] for c in row}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise OptionError(f"cannot read a matchup matrix from {path}: {exc}") from None


def choose_characters(p1: Entrant, p2: Entrant, matrix: Matrix | None, rng: random.Random) -> tuple[str, str]:
    """The rulebook's pick: Player 1 chooses Player 2's character, then Player 2 chooses Player 1's."""
    if matrix is None:
        theirs = rng.choice(p2.roster)
        return rng.choice(p1.roster), theirs

    def rate(a: str, b: str) -> float:
        return matrix.get((a, b), 1.0 - matrix.get((b, a), 0.5))

    theirs = max(p2.roster, key=lambda b: (min(rate(a, b) for a in p1.roster), rng.random()))
    mine = min(p1.roster, key=lambda a: (rate(a, theirs), rng.random()))
    return mine, theirs


def match_options(mine: str, theirs: str) -> dict[str, Any]:
    """The game options of a tournament game: Player 1's character at seat 0, Player 2's at seat 1."""
    return {"fighters": (mine, theirs)}


def check_entrants(game: Any, entrants: Sequence[Entrant]) -> None:
    """Every entrant brings two different characters of the roster; names differ; the match is 1 v 1."""
    if len(entrants) < 2:
        raise OptionError("a tournament needs at least 2 entrants")
    if game.mode != "versus":
        what = "plays against the rulebook's AI" if game.mode == "solo" else "is 2 vs 2"
        raise OptionError(
            f"a tournament game is a 1 v 1 match between two entrants' fighters (mode versus); mode {game.mode} {what}"
        )
    roster = game.roster
    labels = [e.label for e in entrants]
    if len(set(labels)) != len(labels):
        raise OptionError(f"entrant names must differ: {', '.join(labels)}")
    for e in entrants:
        if len(e.roster) != 2 or e.roster[0] == e.roster[1]:
            raise OptionError(f"{e.label} must bring 2 different characters, got {', '.join(e.roster) or 'none'}")
        unknown = [f for f in e.roster if f not in roster]
        if unknown:
            raise OptionError(f"{e.label} brings {unknown[0]!r}; the characters are {', '.join(roster)}")


#: plays one game: (Player 1, their character, Player 2, theirs, seed) -> (winning seat or -1, fights won, ...)
Player = Callable[[Entrant, str, Entrant, str, int], tuple[Any, ...]]


def double_elimination(
    entrants: Sequence[Entrant],
    play: Player,
    seed: int = 0,
    matrix: Matrix | None = None,
    on_match: Callable[[Match], None] | None = None,
) -> Bracket:
    """Run the bracket; ``play(p1, f1, p2, f2, seed)`` plays one game."""
    rng = random.Random(derive(seed, 0))
    order = list(entrants)
    rng.shuffle(order)  # the seeding
    bracket = Bracket(list(entrants))
    counter = [0]

    def game(a: Entrant, b: Entrant, where: str, rnd: int) -> tuple[Entrant, Entrant]:
        replays = 0
        while True:
            counter[0] += 1
            p1, p2 = (a, b) if rng.random() < 0.5 else (b, a)
            f1, f2 = choose_characters(p1, p2, matrix, rng)
            outcome = play(p1, f1, p2, f2, derive(seed, 1, counter[0]))
            winner, score = outcome[0], outcome[1]
            if winner >= 0:
                break
            replays += 1  # a drawn game is played again
        won, lost = (p1, p2) if winner == 0 else (p2, p1)
        m = Match(where, rnd, won, lost, p1, (f1, f2), score, replays)
        bracket.matches.append(m)
        if on_match:
            on_match(m)
        return won, lost

    def bye(e: Entrant, where: str, rnd: int) -> None:
        m = Match(where, rnd, e, None)
        bracket.matches.append(m)
        if on_match:
            on_match(m)

    def pairs_round(pool: list[Entrant], where: str, rnd: int) -> tuple[list[Entrant], list[Entrant]]:
        winners, losers = [], []
        for i in range(0, len(pool) - 1, 2):
            w, lost = game(pool[i], pool[i + 1], where, rnd)
            winners.append(w)
            losers.append(lost)
        if len(pool) % 2:
            bye(pool[-1], where, rnd)
            winners.append(pool[-1])
        return winners, losers

    out: list[Entrant] = []  # eliminated, first out first
    wb: list[Entrant] = order
    lb: list[Entrant] = []
    wr = lr = 0
    while len(wb) > 1:
        wr += 1
        wb, dropped = pairs_round(wb, "winners", wr)
        if lb:
            # Survivors of the losers bracket meet the newest dropouts (reversed, to avoid rematches).
            lr += 1
            dropped = dropped[::-1]
            survivors = []
            for i in range(max(len(lb), len(dropped))):
                if i < len(lb) and i < len(dropped):
                    w, lost = game(lb[i], dropped[i], "losers", lr)
                    survivors.append(w)
                    out.append(lost)
                else:
                    e = lb[i] if i < len(lb) else dropped[i]
                    bye(e, "losers", lr)
                    survivors.append(e)
            lb = survivors
        else:
            lb = dropped
        target = max(len(wb) // 2, 1)
        while len(lb) > target:
            lr += 1
            lb, lost_here = pairs_round(lb, "losers", lr)
            out.extend(lost_here)
    while len(lb) > 1:
        lr += 1
        lb, lost_here = pairs_round(lb, "losers", lr)
        out.extend(lost_here)
    champion = wb[0]
    if lb:
        w, lost = game(champion, lb[0], "final", 1)
        if w is lb[0]:  # the winners-bracket champion's first loss: a second final
            w, lost = game(champion, lb[0], "reset", 1)
        champion = w
        out.append(lost)
    bracket.standings = [champion, *reversed(out)]
    return bracket


__all__ = [
    "Bracket",
    "Entrant",
    "Match",
    "Matrix",
    "check_entrants",
    "choose_characters",
    "double_elimination",
    "load_matrix",
    "match_options",
    "parse_entrant",
]
