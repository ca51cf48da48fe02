"""How often agents play another move than the game's heuristic would, on positions
from heuristic self-play, and (``--judge K``) what those other moves cost: a cheap look
at how far a search strays from its guide, and whether straying pays.

    python bench/disagree.py 16-combos ismcts:iters=200 ismcts:iters=1000 [--decisions 120]
    python bench/disagree.py 16-combos ismcts:iters=1000 --phase "preparing pairs" --judge 200

Positions come from games the heuristic plays against itself (seed 0 on); about a
third of the decisions with more than one legal action are sampled (``--phase``: only
decisions whose view's ``phase`` is that). At each, every agent named and the
heuristic decide from the same view, each with its own generator seeded by the
decision's index.

``--judge K`` plays each differing move and the heuristic's own from K states drawn
from the deciding seat's view (``Game.determinize``, as a search samples them), then
the game out to the end by fresh heuristics at every seat (a heuristic that watches
events hears none), the two moves from the same sample with the same generator. It
prints, per differing decision, the agent's return less the heuristic's (mean and
standard error over the K samples): below 0, the heuristic's move was the better one,
as far as heuristic play can tell.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

import comboarena as ca


def judge(game: ca.Game, view: dict[str, Any], seat: int, moves: tuple[Any, Any], samples: int) -> tuple[float, float]:
    """Mean and standard error of ``seat``'s return after ``moves[0]`` less after ``moves[1]``,
    each played out to the end by heuristics from the same ``samples`` determinizations."""
    players = [ca.make_agent(f"{game.name}.heuristic", game) for _ in range(game.players)]
    diffs = []
    for k in range(samples):
        base = game.determinize(view, seat, random.Random(k))
        returns = []
        for move in moves:
            state = base.clone()
            state.apply(seat, move)
            for s, player in enumerate(players):
                player.reset(s)
            rng = random.Random(k)
            while not state.is_over:
                to_act = state.to_act
                s = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
                state.apply(s, players[s].choose(state.view(s), state.legal_actions(s), rng))
            returns.append(state.result().returns[seat])
        diffs.append(returns[0] - returns[1])
    error = statistics.stdev(diffs) / samples**0.5 if samples > 1 else float("nan")
    return statistics.mean(diffs), error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("agents", nargs="+", help="agent specs to compare with the heuristic")
    parser.add_argument("--decisions", type=int, default=120)
    parser.add_argument("--phase", help="sample only decisions whose view's phase is this")
    parser.add_argument("--judge", type=int, default=0, metavar="K", help="judge each other move by K playouts")
    args = parser.parse_args()
    game = ca.make(args.game)
    heuristic = f"{args.game}.heuristic"
    player = ca.make_agent(heuristic, game)
    judge_agent = ca.make_agent(heuristic, game)
    agents = {spec: ca.make_agent(spec, game) for spec in args.agents}
    differ: dict[str, list[float]] = {spec: [] for spec in args.agents}
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
            wanted = args.phase is None or view.get("phase") == args.phase
            if wanted and len(legal) > 1 and rng.random() < 0.3:
                judge_agent.reset(seat)
                mine = judge_agent.choose(view, legal, random.Random(done))
                for spec, agent in agents.items():
                    agent.reset(seat)
                    theirs = agent.choose(view, legal, random.Random(done))
                    if theirs == mine:
                        continue
                    line = f"  {spec} at decision {done} ({view.get('phase')}): {theirs} for {mine}"
                    if args.judge:
                        mean, error = judge(game, view, seat, (theirs, mine), args.judge)
                        differ[spec].append(mean)
                        print(f"{line}: {mean:+.3f} ± {error:.3f}", flush=True)
                    else:
                        differ[spec].append(0.0)
                        print(line, flush=True)
                done += 1
            state.apply(seat, player.choose(view, legal, rng))
    where = f" ({args.phase})" if args.phase else ""
    print(f"{args.game}: {done} decisions{where} from heuristic self-play")
    for spec, costs in differ.items():
        n = len(costs)
        line = f"  {spec}: another move than {heuristic} at {n} ({n / done:.1%})"
        if args.judge and costs:
            line += f", its return less the heuristic's move's: {statistics.mean(costs):+.3f} on average"
        print(line)


if __name__ == "__main__":
    main()
