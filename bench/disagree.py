"""How often agents play another move than the game's heuristic would, on positions
from heuristic self-play: a cheap look at how far a search strays from its guide.

    python bench/disagree.py 16-combos ismcts:iters=200 ismcts:iters=1000 [--decisions 120]

Positions come from games the heuristic plays against itself (seed 0 on); about a
third of the decisions with more than one legal action are sampled. At each, every
agent named and the heuristic decide from the same view, each with its own
generator seeded by the decision's index.
"""

from __future__ import annotations

import argparse
import random

import comboarena as ca


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("agents", nargs="+", help="agent specs to compare with the heuristic")
    parser.add_argument("--decisions", type=int, default=120)
    args = parser.parse_args()
    game = ca.make(args.game)
    heuristic = f"{args.game}.heuristic"
    player = ca.make_agent(heuristic, game)
    judge = ca.make_agent(heuristic, game)
    agents = {spec: ca.make_agent(spec, game) for spec in args.agents}
    differ = dict.fromkeys(args.agents, 0)
    rng = random.Random(5)
    seed = done = 0
    while done < args.decisions:
        state = game.new_state(seed=seed)
        for seat in range(game.players):
            player.reset(seat)
        seed += 1
        while not state.is_over and done < args.decisions:
            seat = rng.choice(state.to_act)
            view, legal = state.view(seat), state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.3:
                judge.reset(seat)
                mine = judge.choose(view, legal, random.Random(done))
                for spec, agent in agents.items():
                    agent.reset(seat)
                    differ[spec] += agent.choose(view, legal, random.Random(done)) != mine
                done += 1
            state.apply(seat, player.choose(view, legal, rng))
    print(f"{args.game}: {done} decisions from heuristic self-play")
    for spec, n in differ.items():
        print(f"  {spec}: another move than {heuristic} at {n} ({n / done:.1%})")


if __name__ == "__main__":
    main()
