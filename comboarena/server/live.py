"""One table in play: the authoritative game, its seats, its feed of versioned
events, its agents and its timers.

Everything that changes a table runs on the event loop under the table's lock:
an action is validated by the engine on a clone of the state, stored, and only
then swapped in, acknowledged and broadcast. Agents think in worker threads
(``asyncio.to_thread``), so an ISMCTS search never blocks the loop.

A client only ever gets ``view(seat)``, ``events_for(events, seat)`` (in
words), its own legal actions and public table facts (seats, clocks, result):
never a state, another seat's secrets, the seed or the generator.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections import deque
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Protocol

from comboarena.agents import Agent, make_agent
from comboarena.core import ComboArenaError, Event, Game, State, events_for, make

from .catalog import agent_label
from .clocks import Clocks, Window, earliest, next_window, timers_payload
from .content import catalog
from .errors import TableError
from .store import ActionRow, SeatRow, Store, TableRow
from .tokens import clean_name, new_token, same_hash, token_hash, unique_name
from .words import Words

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("comboarena.server")

#: Where an action came from, as stored: a person, an agent seat, a rules
#: timer running out (reaction window) or a per-move clock running out.
SOURCES = ("person", "agent", "timer", "clock")


class Subscriber(Protocol):
    """A live connection watching a table (see :mod:`comboarena.server.ws`)."""

    seat: int | None

    def deliver(self, text: str) -> None:
        """Queue ``text`` for sending; never blocks."""


class Batch:
    """The events of action number ``version`` (1-based), unfiltered; filtered per viewer when sent."""

    __slots__ = ("events", "version")

    def __init__(self, version: int, events: list[Event]) -> None:
        self.version = version
        self.events = events


#: A batch kept for catch-up: ``(version, events as JSON text)``. Text holds no
#: references, so hundreds of tables' recent events add nothing to the garbage
#: collector's passes (which pause the event loop).
Kept = tuple[int, str]


def keep(batch: Batch) -> Kept:
    packed = [
        [e.kind, e.seat, e.data, list(e.private[0]) if e.private else None, e.private[1] if e.private else None]
        for e in batch.events
    ]
    # default=str: a game whose event data is not pure JSON must not break the table.
    return (batch.version, json.dumps(packed, separators=(",", ":"), default=str))


def unkeep(kept: Kept) -> Batch:
    version, text = kept
    events = [
        Event(kind, seat, data, None if seats is None else (tuple(seats), extra))
        for kind, seat, data, seats, extra in json.loads(text)
    ]
    return Batch(version, events)


class LiveTable:
    """A table held in memory. Build with :meth:`restore` (from stored actions)."""

    def __init__(self, hub: Hub, row: TableRow, game: Game, state: State) -> None:
        self.hub = hub
        self.settings = hub.settings
        self.row = row
        self.id = row.id
        self.game = game
        self.state = state
        self.version = len(row.actions)
        self.words = Words(game)
        self.lock = asyncio.Lock()
        self.batches: deque[Kept] = deque(maxlen=max(1, self.settings.catchup))
        self.subs: set[Subscriber] = set()
        self.agents: dict[int, Agent] = {}
        self.agent_tasks: dict[int, asyncio.Task[None]] = {}
        #: Events an agent that wants them has not yet been shown (delivered before it next thinks).
        self.unseen: dict[int, list[list[Event]]] = {}
        self.window: Window | None = None
        self.clocks = Clocks()
        self._timer: asyncio.TimerHandle | None = None
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._fallback: Agent | None = None
        self.rng = random.Random()
        self.closed = False
        #: seat -> the version its own last action made (to refuse a repeated click).
        self.acted: dict[int, int] = {}
        self._catalog: dict[str, Any] | None = None
        self._catalog_read = False

    # -- building ----------------------------------------------------------------

    @classmethod
    def restore(cls, hub: Hub, row: TableRow) -> LiveTable:
        """Rebuild a table from its stored seed and actions (exact: the engine is deterministic)."""
        game = make(row.game, **row.options)
        state = game.new_state(seed=row.seed)
        table = cls(hub, row, game, state)
        if row.status != "over":
            for s in row.seats:
                if s.kind == "agent":
                    table._ensure_agent(s.seat)
        # Agents that follow the game get what happened before they were (re)built.
        watching = [seat for seat, agent in table.agents.items() if agent.wants_events]
        for i, (seat, text) in enumerate(row.actions, 1):
            events = state.apply(seat, text)
            if len(row.actions) - i < table.settings.catchup:
                table.batches.append(keep(Batch(i, events)))
            table.acted[seat] = i
            for a in watching:
                table.unseen.setdefault(a, []).append(events)
        return table

    def start(self) -> None:
        """Begin (or resume) play: agents, clocks, and grace periods for people not yet connected."""
        for s in self.row.seats:
            if s.kind == "agent":
                self._ensure_agent(s.seat)
        if self.row.status == "playing":
            for s in self.row.seats:
                if s.kind == "person" and not self._connected(s.seat):
                    self._start_grace(s.seat)
        self._rearm(None)
        self._kick_agents()

    def close(self) -> None:
        """Stop every task and timer (server shutdown)."""
        self.closed = True
        if self._timer:
            self._timer.cancel()
        for h in self._grace.values():
            h.cancel()
        for t in [*self.agent_tasks.values(), *self._tasks]:
            t.cancel()

    # -- what clients see ----------------------------------------------------------

    def catalog(self) -> dict[str, Any] | None:
        """The game's public printed content (computed once)."""
        if not self._catalog_read:
            self._catalog = catalog(self.game)
            self._catalog_read = True
        return self._catalog

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.row.seats]

    def meta(self) -> dict[str, Any]:
        """Public facts about the table (no tokens, no seed until the game is over)."""
        info = self.game.info
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game.name,
            "title": info.title,
            "options": _jsonable(self.game.options),
            "players": self.game.players,
            "teams": [list(t) for t in self.game.teams],
            "clock": self.row.clock,
            "fallback": self.row.fallback,
            "status": self.row.status,
            "version": self.version,
            "created": self.row.created,
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
            "spectators": sum(1 for s in self.subs if s.seat is None),
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "agent": s.agent,
                    "connected": s.kind == "agent" or self._connected(s.seat),
                    "strikes": s.strikes,
                    "replaced": s.replaced,
                }
                for s in self.row.seats
            ],
        }
        if self.row.status == "over" and self.row.result is not None:
            out["result"] = self.row.result
        return out

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        """The current picture for ``seat``: view, own legal actions, timers, result."""
        state = self.state
        view = state.view(seat)
        acting = seat is not None and self.row.status == "playing" and self.row.seats[seat].kind == "person"
        legal = [str(a) for a in state.legal_actions(seat)] if acting and not state.is_over else []  # type: ignore[arg-type]
        out: dict[str, Any] = {
            "version": self.version,
            "view": view,
            "legal": legal,
            "to_act": list(state.to_act),
            "timers": timers_payload(self.window, self.clocks, seat, self._now(), self.row.clock is None),
            "result": self._result_for(seat, view),
        }
        return out

    def _result_for(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any] | None:
        if not self.state.is_over:
            return None
        result = self.state.result()
        return {**result.to_dict(), "text": self.words.result(view, result, self.names)}

    def events_payload(self, batch: Batch, seat: int | None) -> list[dict[str, Any]]:
        """A batch's events as ``seat`` may see them, each with its version and a sentence."""
        # Real names, not "You": games word their sentences for a third person.
        names = self.names
        out = []
        for e in events_for(batch.events, seat):
            d = e.to_dict()
            d["v"] = batch.version
            d["text"] = self.words.event(e, seat, names)
            out.append(d)
        return out

    def welcome(self, seat: int | None, since: int | None) -> dict[str, Any]:
        """The first message after ``hello``: catch-up from ``since`` when every
        missed action is still in memory, else ``full`` (the view is always current)."""
        oldest = self.batches[0][0] if self.batches else self.version + 1
        full = since is None or since > self.version or since + 1 < oldest
        start = oldest if full else since + 1  # type: ignore[operator]
        events: list[dict[str, Any]] = []
        for kept in self.batches:
            if kept[0] >= start:
                events.extend(self.events_payload(unkeep(kept), seat))
        return {
            "type": "welcome",
            "seat": seat,
            "full": full,
            "since": since,
            "table": self.meta(),
            "events": events,
            **self.snapshot(seat),
        }

    # -- connections ---------------------------------------------------------------

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose token this is (person or replaced person), or ``None``."""
        if not token:
            return None
        h = token_hash(token)
        for s in self.row.seats:
            if same_hash(s.token_hash, h):
                return s.seat
        return None

    def subscribe(self, sub: Subscriber, since: int | None) -> None:
        """Add a connection to the feed and send it its welcome."""
        was_connected = sub.seat is not None and self._connected(sub.seat)
        self.subs.add(sub)
        sub.deliver(_dump(self.welcome(sub.seat, since)))
        if sub.seat is not None:
            handle = self._grace.pop(sub.seat, None)
            if handle:
                handle.cancel()
        if not was_connected:
            self._broadcast_table(skip=sub)  # it has the table in its welcome

    def unsubscribe(self, sub: Subscriber) -> None:
        if sub not in self.subs:
            return
        self.subs.discard(sub)
        seat = sub.seat
        if seat is not None and not self._connected(seat):
            row = self.row.seats[seat]
            if row.kind == "person" and self.row.status == "playing":
                self._start_grace(seat)
        self._broadcast_table()

    def _connected(self, seat: int) -> bool:
        return any(s.seat == seat for s in self.subs)

    # -- acting ----------------------------------------------------------------

    async def act(self, token: str | None, action: str, version: int | None) -> int:
        """A person's action, authorised by their seat token; returns the new version once stored."""
        seat = self.seat_for_token(token)
        if seat is None:
            raise TableError("bad_token", "that seat token is not valid at this table; only a seated player may act")
        row = self.row.seats[seat]
        if row.kind != "person":
            raise TableError("replaced", "you left this game (or timed out too often); an agent plays your seat now")
        async with self.lock:
            return await self._submit(seat, action, "person", version)

    async def _submit(self, seat: int, text: str, source: str, version: int | None = None, strike: bool = False) -> int:
        """Validate, store, then apply and broadcast one action. Call with the lock held.

        The engine checks the action on a clone, so a refused action (or a bug
        in a game) leaves the table exactly as it was.
        """
        if self.row.status == "waiting":
            raise TableError("not_started", "the game has not started: waiting for players to take the open seats")
        if self.state.is_over:
            raise TableError("over", "the game is over")
        if version is not None and (version > self.version or version < self.acted.get(seat, 0)):
            # The client had not yet seen its own last move: this is a repeat (a double
            # click, a resend). Moves by others in between are fine: the engine judges.
            raise TableError(
                "stale",
                f"you already moved since the table you saw (now at move {self.version}, you saw {version}); "
                "nothing was played",
            )
        try:
            action = self.game.parse_action(text)
            new = self.state.clone()
            events = new.apply(seat, action)
        except ComboArenaError as exc:
            raise TableError("illegal", str(exc)) from None
        except Exception:
            log.exception("table %s: the engine failed on seat %s playing %r", self.id, seat, text)
            raise TableError("internal", "the game engine could not handle that move; nothing was played") from None
        notation = str(action)
        result = new.result().to_dict() if new.is_over else None
        seat_row = None
        if strike:
            seat_row = SeatRow(**{**self.row.seats[seat].values(), "strikes": self.row.seats[seat].strikes + 1})
        try:
            row = ActionRow(self.id, self.version, seat, notation, source, result, seat_row)
            await self.hub.writer.write(Store.op_append_action(row))
        except Exception:
            log.exception("table %s: could not store action %d", self.id, self.version)
            message = "the server could not save that move, so it was not played; try again"
            raise TableError("storage", message) from None
        # Stored: from here on the move has happened.
        self.state = new
        self.version += 1
        self.acted[seat] = self.version
        if seat_row is not None:
            self.row.seats[seat] = seat_row
        if result is not None:
            self.row.status = "over"
            self.row.result = result
        batch = Batch(self.version, events)
        self.batches.append(keep(batch))
        self._after_change(batch, seat)
        return self.version

    def _after_change(self, batch: Batch, actor: int | None) -> None:
        for seat, agent in self.agents.items():
            if agent.wants_events:
                self.unseen.setdefault(seat, []).append(batch.events)
        if self.state.is_over:
            self._stop_timers()
            for h in self._grace.values():
                h.cancel()
            self._grace.clear()
        else:
            self._rearm(actor)
        self._broadcast_update(batch)
        if self.state.is_over:
            self._broadcast_table()
            self.hub.finished(self)
        else:
            self._kick_agents()

    # -- broadcasting ----------------------------------------------------------

    def _broadcast_update(self, batch: Batch) -> None:
        by_seat: dict[int | None, list[Subscriber]] = {}
        for sub in self.subs:
            by_seat.setdefault(sub.seat, []).append(sub)
        for seat, subs in by_seat.items():
            msg = {"type": "update", "events": self.events_payload(batch, seat), **self.snapshot(seat)}
            text = _dump(msg)
            for sub in subs:
                sub.deliver(text)

    def _broadcast_table(self, notice: str | None = None, skip: Subscriber | None = None) -> None:
        if not self.subs:
            return
        msg: dict[str, Any] = {"type": "table", "table": self.meta()}
        if notice:
            msg["notice"] = notice
        text = _dump(msg)
        for sub in list(self.subs):
            if sub is not skip:
                sub.deliver(text)

    def _broadcast_sync(self) -> None:
        """A fresh picture for everyone after seats changed (the game began, a seat was
        replaced): what each seat may do has changed without an action."""
        by_seat: dict[int | None, list[Subscriber]] = {}
        for sub in self.subs:
            by_seat.setdefault(sub.seat, []).append(sub)
        meta = self.meta()
        for seat, subs in by_seat.items():
            text = _dump({"type": "sync", "table": meta, **self.snapshot(seat)})
            for sub in subs:
                sub.deliver(text)

    def _broadcast_timers(self) -> None:
        now = self._now()
        for sub in list(self.subs):
            msg = {
                "type": "timers",
                "version": self.version,
                "timers": timers_payload(self.window, self.clocks, sub.seat, now, self.row.clock is None),
            }
            sub.deliver(_dump(msg))

    def broadcast(self, message: dict[str, Any]) -> None:
        text = _dump(message)
        for sub in list(self.subs):
            sub.deliver(text)

    # -- seats -------------------------------------------------------------------

    async def join(self, seat: int | None, name: object, claim: str | None) -> tuple[int, str]:
        """Take an open seat (or, with ``claim``, the rematch seat kept for you); returns ``(seat, token)``."""
        async with self.lock:
            if self.row.status != "waiting":
                raise TableError("started", "every seat is taken; you can watch this table")
            target = self._seat_to_join(seat, claim)
            row = self.row.seats[target]
            token = new_token()
            wanted = clean_name(name, row.name if row.kind == "reserved" else f"Player {target + 1}")
            updated = SeatRow(
                seat=target,
                kind="person",
                name=unique_name(wanted, [s.name for s in self.row.seats if s.seat != target], target),
                token_hash=token_hash(token),
            )
            full = all(s.kind in ("person", "agent") for i, s in enumerate(self.row.seats) if i != target)
            status = "playing" if full else None
            await self.hub.writer.write(Store.op_save_seats(self.id, [updated], status))
            self.row.seats[target] = updated
            if status:
                self._begin()
                self._broadcast_sync()
            else:
                self._broadcast_table()
            return target, token

    def _seat_to_join(self, seat: int | None, claim: str | None) -> int:
        seats = self.row.seats
        if claim:
            h = token_hash(claim)
            for s in seats:
                if s.kind == "reserved" and same_hash(s.claim_hash, h):
                    return s.seat
            if seat is None:
                raise TableError("bad_token", "no seat here is kept for you")
        if seat is None:
            for s in seats:
                if s.kind == "open":
                    return s.seat
            raise TableError("seat_taken", "no open seat is left at this table")
        if not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise TableError("bad_request", f"no seat {seat!r}; seats are 0..{len(seats) - 1}")
        kind = seats[seat].kind
        if kind == "reserved":
            raise TableError("reserved", "that seat is kept for the player of the previous game (rematch)")
        if kind != "open":
            raise TableError("seat_taken", f"seat {seat} is taken")
        return seat

    async def fill(self, token: str | None) -> None:
        """A seated person starts the game now: empty seats get the table's fallback agent."""
        seat = self.seat_for_token(token)
        if seat is None:
            raise TableError("bad_token", "only a seated player may start the game")
        async with self.lock:
            if self.row.status != "waiting":
                raise TableError("started", "the game has already started")
            taken = [s.name for s in self.row.seats if s.kind in ("person", "agent")]
            changed = []
            for s in self.row.seats:
                if s.kind in ("open", "reserved"):
                    name = unique_name(agent_label(self.row.fallback), taken, s.seat)
                    taken.append(name)
                    changed.append(SeatRow(seat=s.seat, kind="agent", name=name, agent=self.row.fallback))
            await self.hub.writer.write(Store.op_save_seats(self.id, changed, "playing"))
            for s in changed:
                self.row.seats[s.seat] = s
                self._ensure_agent(s.seat)
            self._begin()
            self._broadcast_sync()
            self._broadcast_table(f"Empty seats were given to {agent_label(self.row.fallback)}; the game begins.")

    async def leave(self, token: str | None) -> None:
        """A person leaves: before the game their seat opens again; during it an agent takes over."""
        seat = self.seat_for_token(token)
        if seat is None:
            raise TableError("bad_token", "that seat token is not valid at this table")
        async with self.lock:
            row = self.row.seats[seat]
            if row.kind != "person" or self.row.status == "over":
                return
            if self.row.status == "waiting":
                opened = SeatRow(seat=seat, kind="open", name="Open seat")
                await self.hub.writer.write(Store.op_save_seats(self.id, [opened]))
                self.row.seats[seat] = opened
                self._broadcast_table(f"{row.name} left the table.")
                return
            await self._replace(seat, f"{row.name} left the game")

    async def _replace(self, seat: int, why: str) -> None:
        """The zombie rule: a person who left or kept timing out is replaced by the
        table's fallback agent so the game never hangs. Call with the lock held."""
        row = self.row.seats[seat]
        if row.kind != "person":
            return
        agent = self.row.fallback
        replaced = SeatRow(**{**row.values(), "kind": "agent", "agent": agent, "replaced": True})
        await self.hub.writer.write(Store.op_save_seats(self.id, [replaced]))
        self.row.seats[seat] = replaced
        handle = self._grace.pop(seat, None)
        if handle:
            handle.cancel()
        self._ensure_agent(seat)
        self._rearm(None)
        self._broadcast_sync()
        self._broadcast_table(f"{why}; {agent_label(agent)} plays seat {seat + 1} from now on.")
        self._kick_agents()

    def _begin(self) -> None:
        """All seats filled: the game starts."""
        self.row.status = "playing"
        for s in self.row.seats:
            if s.kind == "agent":
                self._ensure_agent(s.seat)
            elif s.kind == "person" and not self._connected(s.seat):
                self._start_grace(s.seat)
        self._rearm(None)
        self._kick_agents()

    def _start_grace(self, seat: int) -> None:
        if seat in self._grace or self.closed:
            return
        loop = asyncio.get_running_loop()
        self._grace[seat] = loop.call_later(self.settings.disconnect_grace, lambda: self._spawn(self._grace_over(seat)))

    async def _grace_over(self, seat: int) -> None:
        async with self.lock:
            self._grace.pop(seat, None)
            if self.row.status == "playing" and not self._connected(seat):
                await self._replace(seat, f"{self.row.seats[seat].name} has been gone too long")

    # -- agents -----------------------------------------------------------------

    def _ensure_agent(self, seat: int) -> None:
        spec = self.row.seats[seat].agent
        if seat in self.agents or not spec:
            return
        try:
            agent = make_agent(spec, self.game)
        except ComboArenaError:
            log.warning("table %s: agent %r is not available; seat %d uses random", self.id, spec, seat)
            agent = make_agent("random", self.game)
        agent.reset(seat)
        self.agents[seat] = agent

    def _kick_agents(self) -> None:
        """Start a thinking task for every agent seat that owes a decision."""
        if self.closed or self.row.status != "playing" or self.state.is_over:
            return
        for seat in self.state.to_act:
            if seat in self.agents and seat not in self.agent_tasks and self.row.seats[seat].kind == "agent":
                self.agent_tasks[seat] = asyncio.get_running_loop().create_task(self._agent_turn(seat))

    async def _agent_turn(self, seat: int) -> None:
        try:
            if self.settings.agent_delay > 0:
                await asyncio.sleep(self.settings.agent_delay)
            for _ in range(50):  # re-think when the table moved on while thinking
                async with self.lock:
                    if self.closed or self.state.is_over or seat not in self.state.to_act:
                        return
                    view, legal, version = self.state.view(seat), self.state.legal_actions(seat), self.version
                if not legal:
                    return
                unseen = self.unseen.pop(seat, [])
                action = await asyncio.to_thread(self._think, seat, unseen, view, legal)
                async with self.lock:
                    if self.version != version:
                        continue
                    try:
                        await self._submit(seat, str(action), "agent")
                    except TableError as exc:
                        log.warning("table %s: agent at seat %d: %s", self.id, seat, exc.message)
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: agent task for seat %d failed", self.id, seat)
        finally:
            self.agent_tasks.pop(seat, None)
            if not self.closed:
                self._kick_agents()

    def _think(self, seat: int, unseen: list[list[Event]], view: dict[str, Any], legal: list[Any]) -> Any:
        """Runs in a worker thread: the agent only ever sees its own view and legal actions."""
        agent = self.agents[seat]
        try:
            for events in unseen:
                agent.observe(events_for(events, seat))
            action = agent.choose(view, legal, self.rng)
            return action if action in legal else self.rng.choice(legal)
        except Exception:
            log.exception("table %s: agent %s failed to choose; playing a random legal move", self.id, agent.name)
            return self.rng.choice(legal)

    def _fallback_agent(self) -> Agent:
        if self._fallback is None:
            try:
                self._fallback = make_agent(self.row.fallback, self.game)
            except ComboArenaError:
                self._fallback = make_agent("random", self.game)
        return self._fallback

    # -- timers -----------------------------------------------------------------

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def _is_person(self, seat: int) -> bool:
        return self.row.seats[seat].kind == "person"

    def _rearm(self, actor: int | None) -> None:
        """Recompute the rules' window and the people's clocks after a change."""
        if self._timer:
            self._timer.cancel()
            self._timer = None
        if self.closed or self.row.status != "playing" or self.state.is_over:
            self._stop_timers()
            return
        now = self._now()
        self.window = next_window(self.window, self.state.timer(), actor, now)
        limit = self.row.clock or self.settings.idle_limit
        self.clocks.update([s for s in self.state.to_act if self._is_person(s)], actor, limit, now)
        when = earliest(self.window, self.clocks)
        if when is not None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_at(when, lambda: self._spawn(self._expire()))

    def _stop_timers(self) -> None:
        if self._timer:
            self._timer.cancel()
            self._timer = None
        self.window = None
        self.clocks.clear()

    async def _expire(self) -> None:
        """A deadline passed: auto-answer the window, or let the fallback agent move for a late person."""
        async with self.lock:
            if self.closed or self.state.is_over:
                return
            now = self._now() + 0.002
            window = self.window
            acted = False
            if window is not None and window.deadline <= now:
                for seat, action in sorted(window.on_expiry.items()):
                    if seat in self.state.to_act:
                        try:
                            await self._submit(seat, str(action), "timer")
                            acted = True
                        except TableError as exc:
                            log.warning("table %s: window expiry for seat %d: %s", self.id, seat, exc.message)
                if not acted:
                    # Nobody left to answer: reopen from scratch rather than spin.
                    self.window = None
            for seat in self.clocks.expired(now):
                if seat in self.state.to_act and self._is_person(seat) and not self.state.is_over:
                    await self._clock_ran_out(seat)
                    acted = True
            if not acted:
                self._rearm(None)
                self._broadcast_timers()

    async def _clock_ran_out(self, seat: int) -> None:
        """The per-move clock ran out: the fallback agent moves for the seat, and it is a strike."""
        view, legal = self.state.view(seat), self.state.legal_actions(seat)
        if not legal:
            return
        agent = self._fallback_agent()
        agent.reset(seat)
        action = await asyncio.to_thread(self._choose_with, agent, view, legal)
        try:
            await self._submit(seat, str(action), "clock", strike=True)
        except TableError as exc:
            log.warning("table %s: clock move for seat %d: %s", self.id, seat, exc.message)
            return
        row = self.row.seats[seat]
        if row.strikes >= self.settings.zombie_strikes:
            await self._replace(seat, f"{row.name} ran out of time {row.strikes} times")
        else:
            label = agent_label(self.row.fallback)
            self._broadcast_table(f"{row.name} ran out of time; {label} moved for them (time-out {row.strikes}).")

    def _choose_with(self, agent: Agent, view: dict[str, Any], legal: list[Any]) -> Any:
        try:
            action = agent.choose(view, legal, self.rng)
            return action if action in legal else legal[0]
        except Exception:
            log.exception("table %s: fallback agent failed; first legal move", self.id)
            return legal[0]

    def _spawn(self, coro: Awaitable[Any]) -> None:
        if self.closed:
            if asyncio.iscoroutine(coro):
                coro.close()
            return
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
