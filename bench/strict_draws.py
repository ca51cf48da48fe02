"""What skipping a draw costs in Sixteen with ``draw=strict``, and what random
rollouts make of it (docs/agents.md, "Sixteen with manual drawing").

    python bench/strict_draws.py -n 600

1. The heuristic made to skip each draw with probability p, against the
   heuristic (which always draws): its wins, losses and draws.
2. A random player who always draws, against a random player (who draws with
   the same chance as any other legal move).

Seats alternate; game i is seeded by i.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import comboarena as ca
from comboarena.agents import Agent
from comboarena.sim import play_game, wilson


class Skipper(Agent):
    """The heuristic, but each draw is skipped with probability ``p``."""

    def __init__(self, game: ca.Game, p: float) -> None:
        self.inner = ca.make_agent("sixteen.heuristic", game)
        self.p = p

    def choose(self, view: dict[str, Any], legal: list[ca.Action], rng: random.Random) -> ca.Action:
        if len(legal) > 1 and any(str(a) == "draw" for a in legal) and rng.random() < self.p:
            legal = [a for a in legal if str(a) != "draw"]
        return self.inner.choose(view, legal, rng)


class RandomDrawer(Agent):
    """Draws whenever it may, otherwise plays at random."""

    def choose(self, view: dict[str, Any], legal: list[ca.Action], rng: random.Random) -> ca.Action:
        draws = [a for a in legal if str(a) == "draw"]
        return draws[0] if draws else rng.choice(legal)


def duel(game: ca.Game, make_a: Any, make_b: Any, n: int) -> tuple[int, int, int]:
    wins = losses = 0
    for i in range(n):
        a, b = make_a(), make_b()
        seats = [a, b] if i % 2 == 0 else [b, a]
        ret = play_game(game, seats, seed=i, rng=random.Random(i)).result().returns[seats.index(a)]
        wins += ret > 0
        losses += ret < 0
    return wins, losses, n - wins - losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=600)
    args = parser.parse_args()
    game = ca.make("sixteen", draw="strict")
    for p in (0.0, 0.1, 0.25, 1.0):
        w, lost, d = duel(game, lambda p=p: Skipper(game, p), lambda: ca.make_agent("sixteen.heuristic", game), args.n)
        lo, hi = wilson(w, args.n)
        print(f"heuristic skipping {p:.0%} of draws vs heuristic: {w}-{d}-{lost} (W-D-L), wins {w / args.n:.1%} "
              f"({lo:.1%}-{hi:.1%})")
    n = args.n * 5
    w, lost, d = duel(game, RandomDrawer, lambda: ca.make_agent("random", game), n)
    lo, hi = wilson(w, n)
    print(f"random that always draws vs random: {w}-{d}-{lost} (W-D-L), wins {w / n:.1%} ({lo:.1%}-{hi:.1%})")


if __name__ == "__main__":
    main()
