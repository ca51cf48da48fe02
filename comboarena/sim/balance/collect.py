"""Games played for the balance report: per cell, the results by seat and agent,
the game lengths, the cards each seat played and a few whole records.

A cell is one run of games (the plain run, or one cell of the matchup matrix).
Game ``i`` of a cell with seed ``s`` uses the seeds of game ``i`` of a plain run
(:func:`comboarena.sim.runner.run_one`), so the matrix is the one
``comboarena sim --matchups`` prints for the same seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from comboarena.agents import Agent
from comboarena.core import Game, State
from comboarena.core.rng import derive

from ..report import Tally, agent_labels
from ..runner import game_seed, play_game, seat_slots, setup
from .cards import CardRules, CardTally, card_rules

#: Games per block sent to a worker at most.
BLOCK = 50


@dataclass(frozen=True)
class Block:
    """Games ``start`` to ``stop - 1`` of a cell; the first ``samples`` games of a cell keep their records."""

    name: str
    options: dict[str, Any]
    specs: tuple[str, ...]
    seed: int
    start: int
    stop: int
    rotate: bool
    label: Any
    samples: int = 0


@dataclass
class CellTally:
    """What the games of a cell (or a block of it) came to."""

    label: Any
    players: int
    agents: list[str]
    games: int = 0
    steps: int = 0
    seats: list[Tally] = field(default_factory=list)
    agent_tallies: list[Tally] = field(default_factory=list)
    lengths: Counter[int] = field(default_factory=Counter)
    cards: dict[str, CardTally] = field(default_factory=dict)
    samples: list[dict[str, Any]] = field(default_factory=list)  # record dicts, in game order

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Tally(f"seat {s}") for s in range(self.players)]
        if not self.agent_tallies:
            self.agent_tallies = [Tally(lab) for lab in agent_labels(self.agents)]

    def merge(self, other: CellTally) -> None:
        self.games += other.games
        self.steps += other.steps
        for mine, theirs in zip([*self.seats, *self.agent_tallies], [*other.seats, *other.agent_tallies], strict=True):
            mine.merge(theirs)
        self.lengths.update(other.lengths)
        for card, tally in other.cards.items():
            self.cards.setdefault(card, CardTally(card)).merge(tally)
        self.samples += other.samples


def play_block(block: Block) -> CellTally:
    """Play a block's games in this process and tally them."""
    game, agents = setup(block.name, block.options, block.specs)
    rules = card_rules(game)
    out = CellTally(block.label, game.players, list(block.specs))
    for index in range(block.start, block.stop):
        _play_one(game, agents, rules, block, index, out)
    return out


def _play_one(
    game: Game, agents: list[list[Agent]], rules: CardRules, block: Block, index: int, out: CellTally
) -> None:
    slots = seat_slots(game.players, len(agents), index, block.rotate)
    seated = [agents[slot][slots[:seat].count(slot)] for seat, slot in enumerate(slots)]
    played: list[Counter[str]] = [Counter() for _ in range(game.players)]

    def watch(state: State, seat: int, action: Any) -> None:
        card = rules.played(state, seat, action)
        if card is not None:
            played[seat][card] += 1

    rng = random.Random(derive(block.seed, index, 1))
    state = play_game(game, seated, game_seed(block.seed, index), rng, on_action=watch)
    result = state.result()
    steps = len(state.history)
    offered = getattr(rules, "offered", None)
    if offered is not None:
        for seat in range(game.players):
            for card in offered(seat) or ():
                held = out.cards.setdefault(card, CardTally(card))
                held.offered += 1
                held.offered_wins += result.returns[seat] > 0
    out.games += 1
    out.steps += steps
    out.lengths[steps] += 1
    for seat, ret in enumerate(result.returns):
        out.seats[seat].add(ret, result.scores[seat])
        for card, count in played[seat].items():
            ct = out.cards.setdefault(card, CardTally(card))
            ct.played += 1
            ct.plays += count
            ct.wins += ret > 0
    if len(out.agent_tallies) > 1:
        for slot, tally in enumerate(out.agent_tallies):
            seat = slots.index(slot)
            tally.add(result.returns[seat], result.scores[seat])
    if index < block.samples:
        names = [agent_labels(list(block.specs))[slot] for slot in slots]
        out.samples.append({"index": index, "record": state.record.with_players(names).to_dict()})


def blocks(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    seed: int,
    games: int,
    rotate: bool,
    label: Any,
    samples: int,
    jobs: int = 1,
) -> list[Block]:
    """A cell's games in blocks small enough to keep ``jobs`` workers busy (the blocks
    change nothing in the games: each game's seeds come from its index)."""
    size = max(1, min(BLOCK, games // (jobs * 8) or 1)) if jobs > 1 else max(1, min(BLOCK, games))
    return [
        Block(name, dict(options), tuple(specs), seed, start, min(start + size, games), rotate, label, samples)
        for start in range(0, games, size)
    ]


def play_blocks(todo: Sequence[Block], jobs: int = 1) -> Iterator[CellTally]:
    """Each block's tally, in order; in ``jobs`` worker processes when more than one."""
    if jobs <= 1:
        for block in todo:
            yield play_block(block)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_block, todo)


def cell_seed(seed: int, index: int) -> int:
    """The seed of matrix cell ``index`` (as :func:`comboarena.sim.matchups.play_matchups` seeds its pairs)."""
    return derive(seed, index)


__all__ = ["Block", "CellTally", "blocks", "cell_seed", "play_block", "play_blocks"]
