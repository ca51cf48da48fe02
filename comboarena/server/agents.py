"""A table's agents: building them, their human-like pause, thinking off the
event loop, and the one fallback policy.

**The pause.** Before each decision an agent waits a time drawn anew from
``Settings.agent_delay`` (default 0.6-2 s), so people can follow, and so in
a reaction window (c-c-c-COMBO's counters) a person is asked at the same
moment as the agents and has a fair chance to answer first. In an open
window the pause is at most three quarters of what is left of it, so the
agent still answers inside the window.

**The fallback policy** (one for every path): when an agent cannot choose (it
raised, or returned a move that is not legal), and when a person's clock ran
out and the table's fallback agent cannot choose, the move played is a
*uniformly random legal move* drawn from the table's generator
(:func:`fallback_move`). Never the first move: that would make a failing
agent predictable and exploitable.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import TYPE_CHECKING, Any

from comboarena.agents import Agent, make_agent
from comboarena.core import Action, ComboArenaError, Event, events_for

from .errors import TableError
from .kinds import Source
from .presets import Preset, default_preset, find_preset

if TYPE_CHECKING:
    from .live import LiveTable

log = logging.getLogger("comboarena.server")

#: Share of what is left of an open reaction window that an agent's pause may take.
WINDOW_SHARE = 0.75


def fallback_move(legal: list[Action], rng: random.Random) -> Action:
    """The table's fallback policy: a uniformly random legal move.

    >>> fallback_move([Action("a"), Action("b")], random.Random(1)) in (Action("a"), Action("b"))
    True
    """
    return rng.choice(legal)


def choose_safely(
    agent: Agent,
    view: dict[str, Any],
    legal: list[Action],
    rng: random.Random,
    where: str,
    events: list[list[Event]] | None = None,
    seat: int | None = None,
) -> Action:
    """``agent``'s choice, or :func:`fallback_move` when it fails or picks an illegal move.
    Runs in a worker thread: the agent only ever sees its own view and legal actions."""
    try:
        for batch in events or []:
            agent.observe(events_for(batch, seat))
        action = agent.choose(view, legal, rng)
    except Exception:
        log.exception("%s: agent %s failed to choose; playing a random legal move", where, agent.name)
        return fallback_move(legal, rng)
    if action not in legal:
        log.warning("%s: agent %s chose %r, which is not legal; playing a random legal move", where, agent.name, action)
        return fallback_move(legal, rng)
    return action


class TableAgents:
    """The agents of one table and their thinking tasks."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.agents: dict[int, Agent] = {}
        #: seat -> whether its agent thinks on the search lane
        self.search: dict[int, bool] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        #: Events an agent that wants them has not yet been shown (delivered before it next thinks).
        self.unseen: dict[int, list[list[Event]]] = {}
        # Agents' choices are not secret, but nothing about them should be predictable either.
        self.rng = random.Random(secrets.randbits(64))
        self._fallback: tuple[Agent, bool] | None = None

    def preset(self, name: str | None, where: str) -> Preset:
        """The preset ``name``; a name that is not one (stored by an older server, which
        took any agent spec) gets the game's default, so no stored spec sets an agent's cost."""
        game, limit = self.table.game, self.table.settings.think_limit
        found = find_preset(game, name, limit) if name else None
        if found is None:
            found = default_preset(game, limit)
            log.warning("table %s: %s: agent %r is not offered; %s plays", self.table.id, where, name, found.name)
        return found

    def _build(self, preset: Preset) -> Agent:
        try:
            return preset.build(self.table.game)
        except ComboArenaError:
            log.warning("table %s: agent %r cannot be built; random plays instead", self.table.id, preset.name)
            return make_agent("random", self.table.game)

    def ensure(self, seat: int, spec: str | None) -> None:
        """An agent for ``seat`` from the preset named ``spec``."""
        if seat in self.agents or not spec:
            return
        preset = self.preset(spec, f"seat {seat}")
        agent = self._build(preset)
        agent.reset(seat)
        self.agents[seat] = agent
        self.search[seat] = preset.search

    def observe(self, events: list[Event]) -> None:
        """Agents that follow the game get every action's events before they next think."""
        for seat, agent in self.agents.items():
            if agent.wants_events:
                self.unseen.setdefault(seat, []).append(events)

    def fallback(self) -> tuple[Agent, bool]:
        """The table's fallback agent (moves for a person whose clock ran out), and its lane."""
        if self._fallback is None:
            preset = self.preset(self.table.seats.fallback, "fallback")
            self._fallback = (self._build(preset), preset.search)
        return self._fallback

    async def think(self, search: bool, fn: Any, *args: Any) -> Action:
        """``fn(*args)`` on the server's thinking lanes, in this table's turn."""
        lane = self.table.hub.thinkers.lane(search)
        action: Action = await lane.run(self.table.id, fn, *args)
        return action

    def delay(self, window_left: float | None) -> float:
        """This decision's pause: drawn from the setting's range, kept inside an open window."""
        low, high = self.table.settings.delay_range()
        pause = self.rng.uniform(low, high) if high > low else low
        if window_left is not None:
            pause = min(pause, max(0.0, window_left * WINDOW_SHARE))
        return pause

    def kick(self) -> None:
        """Start a thinking task for every agent seat that owes a decision."""
        table = self.table
        if not table.running:
            return
        for seat in table.play.state.to_act:
            if seat in self.agents and seat not in self.tasks and table.seats.is_agent(seat):
                self.tasks[seat] = asyncio.get_running_loop().create_task(self._turn(seat))

    def cancel(self) -> None:
        for task in self.tasks.values():
            task.cancel()

    async def _turn(self, seat: int) -> None:
        table = self.table
        try:
            pause = self.delay(table.window_left(seat))
            if pause > 0:
                await asyncio.sleep(pause)
            for _ in range(50):  # re-think when the table moved on while thinking
                async with table.lock:
                    state = table.play.state
                    if not table.running or seat not in state.to_act:
                        return
                    view, legal, version = state.view(seat), state.legal_actions(seat), table.play.version
                if not legal:
                    return
                unseen = self.unseen.pop(seat, [])
                where = f"table {table.id}, seat {seat}"
                agent = self.agents[seat]
                action = await self.think(
                    self.search.get(seat, False), choose_safely, agent, view, legal, self.rng, where, unseen, seat
                )
                async with table.lock:
                    if table.play.version != version:
                        continue
                    try:
                        await table.submit(seat, str(action), Source.AGENT)
                    except TableError as exc:
                        if exc.code != "storage":  # storage: the table pauses; logged once by the health check
                            log.warning("table %s: agent at seat %d: %s", table.id, seat, exc.message)
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: agent task for seat %d failed", table.id, seat)
        finally:
            self.tasks.pop(seat, None)
            if not table.closed:
                self.kick()
