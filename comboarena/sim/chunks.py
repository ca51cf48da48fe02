"""Chunks: a run's games cut into runs of consecutive indices.

A worker plays a chunk and sends back a :class:`ChunkTally` (counts per agent and per
seat, lengths, reasons), not one outcome per game. Chunks are numbered (``order``) and
merged in that order, and their size depends only on the run (never on the backend or
the number of workers), so a run's report and where a ``--target-ci`` run stops are
the same wherever it is played.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .report import Tally, agent_labels
from .runner import run_one, setup

#: A test hook: ``SEED:START:MARKER`` makes a worker (never the driver) that has played
#: the chunk starting at game START of the run with seed SEED die before returning it,
#: once (it leaves the file MARKER behind); the chunk must be retried and counted once.
CRASH_ONCE = "COMBOARENA_SIM_CRASH_ONCE"

#: Games per chunk at most when the run does not say.
MAX_CHUNK = 100


@dataclass(frozen=True)
class Plan:
    """What every chunk of one run (or one matchup cell) shares."""

    name: str
    options: dict[str, Any]
    specs: tuple[str, ...]
    seed: int
    rotate: bool = True
    deal_size: int = 1  # games per deal: the number of agents in a paired run, else 1
    label: Any = None  # what the caller groups tallies by (a matchup's pair of fighters)


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of a plan; ``order`` is its place among the run's chunks."""

    plan: Plan
    start: int
    stop: int
    order: int

    @property
    def games(self) -> int:
        return self.stop - self.start


@dataclass
class ChunkTally:
    """What a chunk sends back."""

    order: int
    label: Any
    games: int = 0
    steps: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    seats: list[Tally] = field(default_factory=list)
    agents: list[Tally] = field(default_factory=list)


def chunk_size(games: int, deal_size: int = 1, chunk: int | None = None) -> int:
    """Games per chunk: ``chunk`` if given, else about a 32nd of the run (1 to
    :data:`MAX_CHUNK`), always whole deals."""
    size = chunk if chunk else max(1, min(MAX_CHUNK, games // 32))
    return max(deal_size, size // deal_size * deal_size)


def plan_chunks(plan: Plan, games: int, size: int, first: int = 0) -> list[Chunk]:
    """The chunks of ``games`` games of ``plan``, numbered from ``first``."""
    return [
        Chunk(plan, start, min(start + size, games), first + n) for n, start in enumerate(range(0, games, size))
    ]


def play_chunk(chunk: Chunk) -> ChunkTally:
    """Play a chunk's games in this process and tally them."""
    plan = chunk.plan
    game, agents = setup(plan.name, plan.options, plan.specs)
    labels = agent_labels(plan.specs)
    out = ChunkTally(
        chunk.order,
        plan.label,
        seats=[Tally(f"seat {s}", deal_size=plan.deal_size) for s in range(game.players)],
        agents=[Tally(lab, deal_size=plan.deal_size) for lab in labels],
    )
    tallies = [*out.seats, *out.agents]
    wins_before = [0] * len(tallies)
    for index in range(chunk.start, chunk.stop):
        o = run_one(game, agents, plan.seed, index, plan.rotate, plan.deal_size)
        out.games += 1
        out.steps += o.steps
        out.reasons[o.reason] = out.reasons.get(o.reason, 0) + 1
        for seat, ret in enumerate(o.returns):
            out.seats[seat].add(ret, o.scores[seat])
        if len(out.agents) > 1:
            for slot, tally in enumerate(out.agents):
                seat = o.slots.index(slot)
                tally.add(o.returns[seat], o.scores[seat])
        if plan.deal_size > 1 and index % plan.deal_size == plan.deal_size - 1:
            for n, tally in enumerate(tallies):
                in_deal = tally.wins - wins_before[n]
                tally.deals += 1
                tally.deal_squares += in_deal * in_deal
                wins_before[n] = tally.wins
    return out


def worker_chunk(chunk: Chunk) -> ChunkTally:
    """:func:`play_chunk` as a worker runs it (with the :data:`CRASH_ONCE` hook)."""
    out = play_chunk(chunk)
    hook = os.environ.get(CRASH_ONCE)
    if hook:
        seed, start, marker = hook.split(":", 2)
        if (int(seed), int(start)) == (chunk.plan.seed, chunk.start) and not Path(marker).exists():
            Path(marker).write_text(str(os.getpid()), encoding="utf-8")
            os._exit(17)  # the process dies with the chunk played but not sent back
    return out


def chunk_games(chunks: Sequence[Chunk]) -> int:
    return sum(c.games for c in chunks)
