"""The local runner as the reference the chunked backends are checked against."""

from comboarena.sim import SimReport, run
from comboarena.sim.chunks import ChunkTally
from comboarena.sim.driver import check_run

#: What differs between two runs of the same games: the clock, and where they ran.
TIMING = ("seconds", "games_per_second", "jobs", "backend")


def reference(name, options, specs, games, seed, *, paired=False, rotate=True):
    """The report of the games played one by one in this process, with the per-deal
    squares of a paired run worked out here from the outcomes."""
    import comboarena as ca

    game = ca.make(name, **options)
    check_run(games, specs, rotate, paired, None)
    report = SimReport.start(name, options, specs, game.players, seed, 1, rotate, paired)
    outs = list(run(name, options, specs, games, seed=seed, rotate=rotate, paired=paired))
    report.extend(outs)
    if paired:
        k = len(specs)
        tallies = report.seat_tallies + (report.agent_tallies if len(specs) > 1 else [])
        for d in range(games // k):
            deal = outs[d * k : (d + 1) * k]
            wins = [0] * len(tallies)
            for o in deal:
                for seat, ret in enumerate(o.returns):
                    wins[seat] += ret > 0
                if len(specs) > 1:
                    for slot in range(len(specs)):
                        wins[len(report.seat_tallies) + slot] += o.returns[o.slots.index(slot)] > 0
            for tally, w in zip(tallies, wins, strict=True):
                tally.deals += 1
                tally.deal_squares += w * w
    return report


def same(a, b):
    """Two reports' ``--out`` JSON, less the timings and where they ran."""
    x, y = a.to_dict(), b.to_dict()
    return {k: v for k, v in x.items() if k not in TIMING} == {k: v for k, v in y.items() if k not in TIMING}


def tally(order, games=1):
    return ChunkTally(order, None, games=games)
