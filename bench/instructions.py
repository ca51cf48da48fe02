"""Random self-play for a fixed number of games, to count instructions per step
under valgrind: a measure that does not depend on how busy the machine is
(``bench/selfplay.py`` measures wall-clock speed, which does).

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python bench/instructions.py sixteen 300 [CLONES]

Run it with 0 games too and subtract: (I refs(N games) - I refs(0 games)) / steps
is the cost of a step; with CLONES, the difference from the same run without
clones, divided by CLONES, is the cost of a clone (of 50 states 10 steps into
their games). The same seeds and random choices give the same games in any two
versions of the code whose rules agree, so two trees can be compared step for step.
"""

from __future__ import annotations

import random
import sys

import comboarena as ca


def main() -> None:
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: python bench/instructions.py GAME GAMES [CLONES]")
    name, games = sys.argv[1], int(sys.argv[2])
    clones = int(sys.argv[3]) if len(sys.argv) == 4 else 0
    game = ca.make(name)
    choice = random.Random(0).choice
    steps = 0
    mids: list[ca.State] = []
    for seed in range(games):
        state = game.new_state(seed=seed)
        n = 0
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else choice(to_act)
            state.apply(seat, choice(state.legal_actions(seat)))
            steps += 1
            n += 1
            if n == 10 and len(mids) < 50:
                mids.append(state.clone())
    for i in range(clones if mids else 0):
        mids[i % len(mids)].clone()
    print("steps", steps)


if __name__ == "__main__":
    main()
