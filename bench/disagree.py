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

``--games N`` plays N whole games instead (``sim``'s own loop: agents that watch events
hear them): each agent named against heuristics at the other seats (its seat ``i mod
players`` in game ``i``, deal seed ``i``), counting
its decisions that differ from what the heuristic would play from the same view, and
its wins, draws and losses.

    python bench/disagree.py 16-combos ismcts:iters=1000 --games 16 --judge 200
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from typing import Any

import comboarena as ca
from comboarena.sim.runner import play_game


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


class Tally:
    """One agent's moves other than the heuristic's and, with a judge, what each cost."""

    def __init__(self, game: ca.Game, samples: int) -> None:
        self.game, self.samples = game, samples
        self.judge = ca.make_agent(f"{game.name}.heuristic", game)
        self.asked = 0
        self.costs: list[float] = []

    def compare(self, spec: str, view: dict[str, Any], seat: int, legal: list[Any], theirs: Any) -> None:
        """Ask the heuristic what it would play here; print and count a differing move."""
        self.judge.reset(seat)
        mine = self.judge.choose(view, legal, random.Random(self.asked))
        self.asked += 1
        if theirs == mine:
            return
        line = f"  {spec} at decision {self.asked - 1} ({view.get('phase')}): {theirs} for {mine}"
        if self.samples:
            mean, error = judge(self.game, view, seat, (theirs, mine), self.samples)
            line += f": {mean:+.3f} ± {error:.3f}"
        else:
            mean = 0.0
        self.costs.append(mean)
        print(line, flush=True)

    def watching(self, spec: str, me: int) -> Callable[[Any, int, Any], None]:
        """``play_game``'s ``on_action``: compare ``me``'s moves that had a choice."""

        def on_action(state: Any, seat: int, action: Any) -> None:
            if seat == me:
                legal = state.legal_actions(seat)
                if len(legal) > 1:
                    self.compare(spec, state.view(seat), seat, legal, action)

        return on_action

    def summary(self, spec: str) -> str:
        n = len(self.costs)
        line = f"  {spec}: another move than {self.game.name}.heuristic at {n} of {self.asked} ({n / self.asked:.1%})"
        if self.samples and self.costs:
            line += f", its return less the heuristic's move's: {statistics.mean(self.costs):+.3f} on average"
        return line


def positions(game: ca.Game, specs: list[str], decisions: int, phase: str | None, samples: int) -> None:
    """Decisions sampled from heuristic self-play, every agent asked at each."""
    player = ca.make_agent(f"{game.name}.heuristic", game)
    agents = {spec: ca.make_agent(spec, game) for spec in specs}
    tallies = {spec: Tally(game, samples) for spec in specs}
    rng = random.Random(5)
    seed = done = 0
    while done < decisions:
        state = game.new_state(seed=seed)
        for seat in range(game.players):
            player.reset(seat)
        seed += 1
        while not state.is_over and done < decisions:
            seat = rng.choice(state.to_act)
            view, legal = state.view(seat), state.legal_actions(seat)
            wanted = phase is None or view.get("phase") == phase
            if wanted and len(legal) > 1 and rng.random() < 0.3:
                for spec, agent in agents.items():
                    agent.reset(seat)
                    tallies[spec].compare(spec, view, seat, legal, agent.choose(view, legal, random.Random(done)))
                done += 1
            state.apply(seat, player.choose(view, legal, rng))
    where = f" ({phase})" if phase else ""
    print(f"{game.name}: {done} decisions{where} from heuristic self-play")
    for spec, tally in tallies.items():
        print(tally.summary(spec))


def games(game: ca.Game, specs: list[str], n: int, samples: int) -> None:
    """``n`` games of each agent against heuristics, its seat rotating."""
    for spec in specs:
        tally = Tally(game, samples)
        record = [0, 0, 0]
        for i in range(n):
            me = i % game.players
            agents = [ca.make_agent(f"{game.name}.heuristic", game) for _ in range(game.players)]
            agents[me] = ca.make_agent(spec, game)
            state = play_game(game, agents, i, random.Random(i), on_action=tally.watching(spec, me))
            mine = state.result().returns[me]
            record[0 if mine > 0 else 1 if mine == 0 else 2] += 1
            print(f"game {i} (seat {me}): {spec} returns {mine:+g}", flush=True)
        print(f"{game.name}: {n} games of {spec} against the heuristic: {record[0]}-{record[1]}-{record[2]} (W-D-L)")
        print(tally.summary(spec))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("agents", nargs="+", help="agent specs to compare with the heuristic")
    parser.add_argument("--decisions", type=int, default=120)
    parser.add_argument("--phase", help="sample only decisions whose view's phase is this")
    parser.add_argument("--judge", type=int, default=0, metavar="K", help="judge each other move by K playouts")
    parser.add_argument("--games", type=int, default=0, metavar="N", help="play N whole games against the heuristic")
    args = parser.parse_args()
    game = ca.make(args.game)
    if args.games:
        games(game, args.agents, args.games, args.judge)
    else:
        positions(game, args.agents, args.decisions, args.phase, args.judge)


if __name__ == "__main__":
    main()
