"""Self-play: many games between agents, seats rotated, reproducible by seed.

Game ``i`` of a run uses the game seed ``derive(seed, i, 0)`` and the agent
generator ``derive(seed, i, 1)``, and its agents' seats are rotated by ``i``,
so its outcome is the same whatever the number of worker processes.

A paired run plays each deal from every seat assignment: with ``k`` agents, games
``d*k`` to ``d*k + k - 1`` share the game seed ``derive(seed, d, 0)`` (deal ``d``)
and take the ``k`` rotations; the agent generators stay one per game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from comboarena.agents import Agent, make_agent
from comboarena.core import Game, OptionError, State, events_for, make
from comboarena.core.rng import derive


@dataclass(frozen=True)
class GameOutcome:
    """One finished game: which agent slot sat where, and how it went."""

    index: int
    slots: tuple[int, ...]  # agent slot of each seat
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    steps: int
    reason: str
    seconds: float


def seat_slots(players: int, agents: int, index: int, rotate: bool) -> tuple[int, ...]:
    """The agent slot at each seat in game ``index``.

    With fewer agents than seats the agents repeat around the table, so with
    two agents in a 4-player partnership game each agent is one team. Rotation
    moves every agent one seat on per game, so none keeps the first move.

    >>> seat_slots(4, 2, 1, True)
    (1, 0, 1, 0)
    """
    shift = index if rotate else 0
    return tuple((seat + shift) % agents for seat in range(players))


def check_agents(game: Game, agents: int) -> None:
    if agents < 1 or agents > game.players or game.players % agents:
        raise OptionError(
            f"{game.name} with {game.players} players takes 1, or a number of agents dividing "
            f"{game.players} (they repeat around the table); got {agents}"
        )


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    rng: random.Random,
    on_events: Callable[[State, list[Any]], None] | None = None,
    on_action: Callable[[State, int, Any], None] | None = None,
) -> State:
    """Play one game to the end; ``agents[seat]`` decides for each seat. ``on_action(state,
    seat, action)`` is called before each action is applied, ``on_events(state, events)`` after."""
    state = game.new_state(seed=seed)
    for seat, agent in enumerate(agents):
        agent.reset(seat)
    watchers = [(seat, a) for seat, a in enumerate(agents) if a.wants_events]
    while not state.is_over:
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
        agent = agents[seat]
        view = state.view(seat) if agent.wants_view else {}
        action = agent.choose(view, state.legal_actions(seat), rng)
        if on_action is not None:
            on_action(state, seat, action)
        events = state.apply(seat, action)
        for s, agent in watchers:
            agent.observe(events_for(events, s))
        if on_events is not None:
            on_events(state, events)
    return state


# A worker builds its game and agents once and keeps them between chunks.
_WORKER: dict[str, Any] = {}


def setup(name: str, options: dict[str, Any], specs: Sequence[str]) -> tuple[Game, list[list[Agent]]]:
    """The game and, per agent slot, one agent object for each seat the slot fills."""
    key = (name, repr(sorted(options.items())), tuple(specs))
    if _WORKER.get("key") != key:
        game = make(name, **options)
        per_slot = game.players // len(specs)
        agents = [[make_agent(s, game) for _ in range(per_slot)] for s in specs]
        _WORKER.update(key=key, game=game, agents=agents)
    return _WORKER["game"], _WORKER["agents"]


def game_seed(seed: int, index: int, deal_size: int = 1) -> int:
    """The seed of game ``index``'s deal: games of one deal share it (``deal_size`` > 1: paired)."""
    return derive(seed, index // deal_size, 0)


def run_one(
    game: Game, agents: list[list[Agent]], seed: int, index: int, rotate: bool, deal_size: int = 1
) -> GameOutcome:
    """Game ``index`` of a run; ``agents[slot]`` holds the slot's agent for each seat it fills."""
    slots = seat_slots(game.players, len(agents), index, rotate)
    seated = [agents[slot][slots[:seat].count(slot)] for seat, slot in enumerate(slots)]
    start = time.perf_counter()
    deal = game_seed(seed, index, deal_size)
    try:
        state = play_game(game, seated, deal, random.Random(derive(seed, index, 1)))
    except Exception as exc:  # a bug in a game or an agent: say which game, to replay it
        exc.add_note(crash_note(game, seated, seed, index, deal))
        raise
    r = state.result()
    return GameOutcome(index, slots, r.returns, r.scores, len(state.history), r.reason, time.perf_counter() - start)


def crash_note(game: Game, seated: Sequence[Agent], seed: int, index: int, deal: int) -> str:
    """Where a run's game broke: enough to play it again alone (``comboarena.sim.runner.play_game``
    with the same game, agents by seat, deal seed and ``random.Random(derive(seed, index, 1))``)."""
    names = ", ".join(a.name for a in seated)
    return (
        f"in game {index} of the run with seed {seed}: {game.name} {dict(game.options)}, deal seed {deal}, "
        f"agents by seat: {names}"
    )


def _run_chunk(
    name: str, options: dict[str, Any], specs: Sequence[str], seed: int, indices: Sequence[int], rotate: bool,
    deal_size: int = 1,
) -> list[GameOutcome]:
    game, agents = setup(name, options, specs)
    return [run_one(game, agents, seed, i, rotate, deal_size) for i in indices]


@dataclass(frozen=True)
class Batch:
    """Games ``indices`` of one run: the game, its options, the agents and the run's seed."""

    name: str
    options: dict[str, Any]
    specs: tuple[str, ...]
    seed: int
    indices: range
    rotate: bool = True
    label: Any = None  # what the caller groups outcomes by (a matchup's pair of fighters)
    deal_size: int = 1


def check_specs(game: Game, specs: Sequence[str]) -> None:
    """Refuse agent lists a run cannot seat, unknown agents and people."""
    check_agents(game, len(specs))
    # Seats the rules play themselves (Combo Fighter's solo AI) take no agent: a second
    # agent would be seated there, ignored, and credited with the rules' results.
    ruled = tuple(getattr(game, "rules_seats", ()))
    if ruled and len(specs) > 1:
        seats = ", ".join(map(str, ruled))
        raise OptionError(
            f"{game.name} with these options: seat {seats} is played by the rules themselves (the solo AI), "
            f"not by an agent; name one agent, for the other seat(s)"
        )
    for spec in specs:
        if spec.split(":")[0] == "human":
            raise OptionError("simulations play agents against each other; 'human' is for 'comboarena play'")
        make_agent(spec, game)


def batches(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    seed: int,
    games: int,
    jobs: int,
    rotate: bool = True,
    label: Any = None,
    deal_size: int = 1,
) -> list[Batch]:
    """Split ``games`` games into batches small enough to keep ``jobs`` workers busy."""
    size = max(1, min(50, games // (jobs * 8) or 1)) if jobs > 1 else max(games, 1)
    return [
        Batch(name, options, tuple(specs), seed, range(i, min(i + size, games)), rotate, label, deal_size)
        for i in range(0, games, size)
    ]


def _run_batch(batch: Batch) -> list[GameOutcome]:
    return _run_chunk(
        batch.name, batch.options, batch.specs, batch.seed, batch.indices, batch.rotate, batch.deal_size
    )


def run_batches(todo: Sequence[Batch], jobs: int = 1) -> Iterator[tuple[Batch, GameOutcome]]:
    """Play every batch, in worker processes when ``jobs`` > 1; yields in order."""
    if jobs <= 1:
        for batch in todo:
            for out in _run_batch(batch):
                yield batch, out
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [(batch, pool.submit(_run_batch, batch)) for batch in todo]
        for batch, future in futures:
            for out in future.result():
                yield batch, out


def run(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    rotate: bool = True,
    paired: bool = False,
) -> Iterator[GameOutcome]:
    """Yield the outcomes of ``games`` games, in index order, one at a time (the
    reference the chunked runs of :func:`comboarena.sim.simulate` are checked against)."""
    check_specs(make(name, **options), specs)
    deal = len(specs) if paired else 1
    for _, out in run_batches(batches(name, options, specs, seed, games, jobs, rotate, deal_size=deal), jobs):
        yield out
