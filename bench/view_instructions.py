"""Random self-play that builds the view of the seat to act at every step, to count the
instructions of a view under valgrind (``bench/instructions.py`` counts a step's).

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python bench/view_instructions.py 16-combos 10 views
    valgrind ... python bench/view_instructions.py 16-combos 10 none

(I refs(views) - I refs(none)) / views is the cost of one view in play: the same seeds
and random choices give the same games with and without the views (a view changes
nothing), and in any two versions of the code whose rules agree. The number of views
is printed on stderr.
"""

from __future__ import annotations

import random
import sys

import comboarena as ca


def main() -> None:
    if len(sys.argv) != 4 or sys.argv[3] not in ("views", "none"):
        sys.exit("usage: python bench/view_instructions.py GAME GAMES views|none")
    name, games, build = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "views"
    game = ca.make(name)
    rng = random.Random(0)
    views = 0
    for seed in range(games):
        state = game.new_state(seed=seed)
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
            if build:
                state.view(seat)
                views += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    print(f"{views} views", file=sys.stderr)


if __name__ == "__main__":
    main()
