"""One table in play. :class:`LiveTable` ties its parts together:

- :class:`~comboarena.server.moves.Play`: the authoritative game; applying and storing moves;
- :class:`~comboarena.server.seats.Seats`: who sits where, tokens, joining and leaving;
- :class:`~comboarena.server.feed.Feed`: the connections and what each is sent;
- :class:`~comboarena.server.agents.TableAgents`: the agents, their pauses, the fallback policy;
- the rules' reaction window and people's clocks (:mod:`~comboarena.server.clocks`);
- the chat (:mod:`~comboarena.server.chat`).

Everything that changes a table runs on the event loop under the table's
lock; every change is stored before it is applied and announced. Agents
think in worker threads, so an ISMCTS search never blocks the loop.

A client only ever gets ``view(seat)``, ``events_for(events, seat)`` (in
words), its own legal actions and public table facts (seats, clocks,
result, chat): never a state, a position, another seat's secrets, the seed
or the generator.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

from comboarena.core import Game, State, events_for, options_json

from .agents import TableAgents, choose_safely
from .catalog import agent_label, build_game
from .chat import SPECTATOR, ChatLog, clean_chat, iso, message_json
from .clocks import Clocks, Window, earliest, next_window, timers_payload
from .content import catalog
from .errors import TableError, storage_unavailable
from .feed import Batch, Feed, Subscriber, dump
from .kinds import SeatKind, Source, TableStatus
from .limits import RateLimit
from .moves import Play
from .seats import Grace, Seats
from .store import ChatRow, Store, TableRow
from .words import Words

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("comboarena.server")


class LiveTable:
    """A table held in memory. Build with :meth:`restore` (from stored actions)."""

    def __init__(self, hub: Hub, row: TableRow, game: Game, state: State) -> None:
        self.hub = hub
        self.settings = hub.settings
        self.row = row
        self.id = row.id
        self.game = game
        self.words = Words(game)
        #: The table version the narration last followed (a view once per move, not per seat).
        self._followed = -1
        self.lock = asyncio.Lock()
        self.closed = False
        self.play = Play(row.id, game, state, hub.writer.write)
        self.seats = Seats(row.seats, row.fallback)
        self.feed = Feed(self, self.settings.catchup, self.settings.presence_interval)
        self.agents = TableAgents(self)
        self.grace = Grace(self.settings.disconnect_grace, self._grace_over)
        self.chat_log = ChatLog(row.chat, row.chat_last, self.settings.chat_welcome)
        self._chat_lock = asyncio.Lock()
        self._chat_limit = RateLimit(self.settings.table_chat_rate, self.settings.table_chat_burst)
        self.window: Window | None = None
        self.clocks = Clocks()
        self._timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._catalog: dict[str, Any] | None = None
        self._catalog_read = False

    # -- building ----------------------------------------------------------------

    @classmethod
    def restore(cls, hub: Hub, row: TableRow) -> LiveTable:
        """Rebuild a table from its stored seed and actions (exact: the engine is deterministic)."""
        game = build_game(row.game, row.options)
        table = cls(hub, row, game, game.new_state(seed=row.seed))
        if row.status != TableStatus.OVER:
            for seat in table.seats.of(SeatKind.AGENT):
                table.agents.ensure(seat, table.seats[seat].agent)
        for i, (seat, text) in enumerate(row.actions, 1):
            events = table.play.replayed(seat, text)
            if len(row.actions) - i < table.settings.catchup:
                table.feed.kept(Batch(i, events))
            table.agents.observe(events)
        return table

    def start(self) -> None:
        """Begin (or resume) play: agents, clocks, and grace periods for people not yet connected."""
        for seat in self.seats.of(SeatKind.AGENT):
            self.agents.ensure(seat, self.seats[seat].agent)
        if self.row.status == TableStatus.PLAYING:
            for seat in self.seats.of(SeatKind.PERSON):
                if not self.feed.connected(seat):
                    self.grace.start(seat)
        self._rearm(None)
        self.agents.kick()

    def close(self) -> None:
        """Stop every task and timer (server shutdown)."""
        self.closed = True
        if self._timer:
            self._timer.cancel()
        self.grace.clear()
        self.feed.close()
        self.agents.cancel()
        for t in self._tasks:
            t.cancel()

    @property
    def version(self) -> int:
        return self.play.version

    @property
    def state(self) -> State:
        return self.play.state

    @property
    def paused(self) -> bool:
        """Storage is failing: nothing moves until it works again."""
        return not self.hub.health.ok

    @property
    def running(self) -> bool:
        """Whether play goes on now (agents think, timers run)."""
        return (
            not self.closed
            and self.row.status == TableStatus.PLAYING
            and not self.play.state.is_over
            and not self.paused
        )

    # -- what clients see ----------------------------------------------------------

    def catalog(self) -> dict[str, Any] | None:
        """The game's public printed content (computed once)."""
        if not self._catalog_read:
            self._catalog = catalog(self.game)
            self._catalog_read = True
        return self._catalog

    @property
    def names(self) -> list[str]:
        return self.seats.names

    def meta(self) -> dict[str, Any]:
        """Public facts about the table (no tokens, no seed: the seed is only in a finished game's record)."""
        info = self.game.info
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game.name,
            "title": info.title,
            "options": options_json(self.game.options),
            "players": self.game.players,
            "teams": [list(t) for t in self.game.teams],
            "clock": self.row.clock,
            "fallback": self.row.fallback,
            "status": str(self.row.status),
            "paused": self.paused and self.row.status == TableStatus.PLAYING,
            "version": self.version,
            "created": self.row.created,
            "finished_at": iso(self.row.finished) if self.row.finished else None,
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
            "spectators": self.feed.spectators,
            "seats": self.seats.public(self.feed.connected),
        }
        if self.row.status == TableStatus.OVER and self.row.result is not None:
            out["result"] = self.row.result
        return out

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        """The current picture for ``seat``: view, own legal actions, timers, result."""
        state = self.play.state
        view = state.view(seat)
        acting = seat is not None and self.row.status == TableStatus.PLAYING and self.seats.is_person(seat)
        legal = [str(a) for a in state.legal_actions(seat)] if acting and not state.is_over else []  # type: ignore[arg-type]
        return {
            "version": self.version,
            "view": view,
            "legal": legal,
            "to_act": list(state.to_act),
            "timers": self.timers_for(seat),
            "result": self._result_for(view),
        }

    def timers_for(self, seat: int | None) -> dict[str, Any]:
        return timers_payload(self.window, self.clocks, seat, self._now(), self.row.clock is None)

    def _result_for(self, view: dict[str, Any]) -> dict[str, Any] | None:
        if not self.play.state.is_over:
            return None
        result = self.play.state.result()
        return {**result.to_dict(), "text": self.words.result(view, result, self.names)}

    def events_payload(self, batch: Batch, seat: int | None) -> list[dict[str, Any]]:
        """A batch's events as ``seat`` may see them, each with its version and a sentence."""
        # Real names, not "You": games word their sentences for a third person.
        names = self.names
        if self.words.follows_table and self._followed != self.play.version:
            self.words.follow(self.play.state.view(None))
            self._followed = self.play.version
        out = []
        for e in events_for(batch.events, seat):
            d = e.to_dict()
            d["v"] = batch.version
            d["text"] = self.words.event(e, seat, names)
            out.append(d)
        return out

    def welcome(self, seat: int | None, since: int | None) -> dict[str, Any]:
        return self.feed.welcome(seat, since)

    def window_left(self, seat: int) -> float | None:
        """Seconds left of the open reaction window when ``seat`` owes an answer in it."""
        if self.window is None or seat not in self.window.seats:
            return None
        return max(0.0, self.window.deadline - self._now())

    # -- connections ---------------------------------------------------------------

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose token this is (person or replaced person), or ``None``."""
        return self.seats.for_token(token)

    def subscribe(self, sub: Subscriber, since: int | None) -> None:
        """Add a connection to the feed and send it its welcome."""
        seat = sub.seat
        arriving = seat is not None and not self.feed.connected(seat)
        self.feed.add(sub)
        sub.deliver(dump(self.welcome(seat, since)))
        if seat is not None:
            self.grace.cancel(seat)
        if seat is None or arriving:
            self.feed.presence()

    def unsubscribe(self, sub: Subscriber) -> None:
        if not self.feed.remove(sub):
            return
        seat = sub.seat
        if seat is not None and not self.feed.connected(seat):
            if self.seats.is_person(seat) and self.row.status == TableStatus.PLAYING:
                self.grace.start(seat)
            self.feed.presence()
        elif seat is None:
            self.feed.presence()

    # -- acting ----------------------------------------------------------------

    async def act(self, token: str | None, action: str, version: int | None) -> int:
        """A person's action, authorised by their seat token; returns the new version once stored."""
        seat = self.seat_for_token(token)
        if seat is None:
            raise TableError("bad_token", "that seat token is not valid at this table; only a seated player may act")
        if not self.seats.is_person(seat):
            raise TableError("replaced", "you left this game (or timed out too often); an agent plays your seat now")
        async with self.lock:
            return await self.submit(seat, action, Source.PERSON, version)

    async def submit(
        self, seat: int, text: str, source: Source, version: int | None = None, strike: bool = False
    ) -> int:
        """Check, store, then apply and announce one action. Call with the lock held."""
        if self.row.status == TableStatus.WAITING:
            raise TableError("not_started", "the game has not started: waiting for players to take the open seats")
        move = self.play.check(seat, text, version)
        if self.paused:
            raise storage_unavailable()
        seat_row = self.seats.striking(seat) if strike else None
        batch = await self.play.store(move, source, seat_row)
        if seat_row is not None:
            self.seats.put(seat_row)
        if move.result is not None:
            self.row.status = TableStatus.OVER
            self.row.result = move.result
            self.row.finished = time.time()
        self.feed.kept(batch)
        self._after_change(batch, seat)
        return self.version

    def _after_change(self, batch: Batch, actor: int | None) -> None:
        self.agents.observe(batch.events)
        over = self.play.state.is_over
        if over:
            self._stop_timers()
            self.grace.clear()
        else:
            self._rearm(actor)
        # Everyone is told (and a person in a reaction window asked) before any agent starts its pause.
        self.feed.update(batch)
        if over:
            self.feed.presence()
            self.hub.finished(self)
        else:
            self.agents.kick()

    # -- seats -------------------------------------------------------------------

    async def join(self, seat: object, name: object, claim: str | None) -> tuple[int, str]:
        """Take an open seat (or, with ``claim``, the rematch seat kept for you); returns ``(seat, token)``."""
        async with self.lock:
            if self.row.status != TableStatus.WAITING:
                raise TableError("started", "every seat is taken; you can watch this table")
            row, token = self.seats.joining(seat, claim, name)
            status = TableStatus.PLAYING if self.seats.full_without(row.seat) else None
            await self.hub.writer.write(Store.op_save_seats(self.id, [row], status))
            self.seats.put(row)
            if status:
                self._begin()
                self.feed.sync()
            self.feed.presence(f"{row.name} took seat {row.seat + 1}.")
            return row.seat, token

    async def fill(self, token: str | None) -> None:
        """A seated person starts the game now: empty seats get the table's fallback agent."""
        if self.seat_for_token(token) is None:
            raise TableError("bad_token", "only a seated player may start the game")
        async with self.lock:
            if self.row.status != TableStatus.WAITING:
                raise TableError("started", "the game has already started")
            changed = self.seats.filling()
            await self.hub.writer.write(Store.op_save_seats(self.id, changed, TableStatus.PLAYING))
            for s in changed:
                self.seats.put(s)
            self._begin()
            self.feed.sync()
            self.feed.presence(f"Empty seats were given to {agent_label(self.row.fallback)}; the game begins.")

    async def leave(self, token: str | None) -> None:
        """A person leaves: before the game their seat opens again; during it an agent takes over.
        Leaving again (or after the game) changes nothing and is not an error."""
        seat = self.seat_for_token(token)
        if seat is None:
            if self.seats.has_left(token):
                return
            raise TableError("bad_token", "that seat token is not valid at this table")
        async with self.lock:
            row = self.seats[seat]
            if row.kind != SeatKind.PERSON or self.row.status == TableStatus.OVER:
                return
            if self.row.status == TableStatus.WAITING:
                opened = self.seats.opening(seat)
                await self.hub.writer.write(Store.op_save_seats(self.id, [opened]))
                self.seats.put(opened)
                self.feed.presence(f"{row.name} left the table.")
                return
            await self._replace(seat, f"{row.name} left the game")

    async def _replace(self, seat: int, why: str) -> None:
        """The zombie rule: a person who left or kept timing out is replaced by the
        table's fallback agent so the game never hangs. Call with the lock held."""
        if not self.seats.is_person(seat):
            return
        replaced = self.seats.replacing(seat)
        await self.hub.writer.write(Store.op_save_seats(self.id, [replaced]))
        self.seats.put(replaced)
        self.grace.cancel(seat)
        self.agents.ensure(seat, replaced.agent)
        self._rearm(None)
        self.feed.sync()
        self.feed.presence(f"{why}; {agent_label(self.row.fallback)} plays seat {seat + 1} from now on.")
        self.agents.kick()

    def _begin(self) -> None:
        """All seats filled: the game starts."""
        self.row.status = TableStatus.PLAYING
        for seat in self.seats.of(SeatKind.AGENT):
            self.agents.ensure(seat, self.seats[seat].agent)
        for seat in self.seats.of(SeatKind.PERSON):
            if not self.feed.connected(seat):
                self.grace.start(seat)
        self._rearm(None)
        self.agents.kick()

    def _grace_over(self, seat: int) -> None:
        self._spawn(self._replace_if_gone(seat))

    async def _replace_if_gone(self, seat: int) -> None:
        async with self.lock:
            if self.row.status == TableStatus.PLAYING and not self.feed.connected(seat):
                try:
                    await self._replace(seat, f"{self.seats[seat].name} has been gone too long")
                except TableError:  # storage: the seat stays theirs; asked again when they are still gone
                    self.grace.start(seat)

    # -- chat --------------------------------------------------------------------

    async def chat(self, seat: int | None, name: str | None, text: object) -> dict[str, Any]:
        """Store and send a chat message; returns it as clients get it.
        A seated person speaks under their seat's name; anyone else under ``name`` or "Spectator"."""
        cleaned = clean_chat(text)
        if not self._chat_limit.take():
            raise TableError("rate_limited", "this table's chat is busy; wait a moment")
        who = self.seats[seat].name if seat is not None else (name or SPECTATOR)
        async with self._chat_lock:
            row = ChatRow(self.chat_log.last_id + 1, seat, who, cleaned, time.time())
            await self.hub.writer.write(Store.op_add_chat(self.id, row))
            self.chat_log.next_id()
            self.chat_log.add(row)
        message = message_json(row)
        self.feed.broadcast({"type": "chat", "message": message})
        return message

    # -- storage pauses --------------------------------------------------------------

    def pause(self) -> None:
        """Storage failed: stop the clocks and the window (nobody is timed out for it)."""
        if self._timer:
            self._timer.cancel()
            self._timer = None
        self.window = None
        self.clocks.clear()
        if self.row.status == TableStatus.PLAYING:
            self.feed.presence("The server cannot save moves right now; the game is paused until it can.")

    def resume(self) -> None:
        """Storage works again: clocks and windows start afresh, agents go on."""
        if self.closed or self.row.status != TableStatus.PLAYING:
            return
        self._rearm(None)
        self.feed.sync()
        self.feed.presence("Saving works again; the game goes on.")
        self.agents.kick()

    # -- timers -----------------------------------------------------------------

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def _rearm(self, actor: int | None) -> None:
        """Recompute the rules' window and the people's clocks after a change."""
        if self._timer:
            self._timer.cancel()
            self._timer = None
        if not self.running:
            self._stop_timers()
            return
        now = self._now()
        state = self.play.state
        self.window = next_window(self.window, state.timer(), actor, now)
        limit = self.row.clock or self.settings.idle_limit
        self.clocks.update([s for s in state.to_act if self.seats.is_person(s)], actor, limit, now)
        when = earliest(self.window, self.clocks)
        if when is not None:
            self._timer = asyncio.get_running_loop().call_at(when, lambda: self._spawn(self._expire()))

    def _stop_timers(self) -> None:
        if self._timer:
            self._timer.cancel()
            self._timer = None
        self.window = None
        self.clocks.clear()

    async def _expire(self) -> None:
        """A deadline passed: auto-answer the window, or let the fallback agent move for a late person."""
        async with self.lock:
            if not self.running:
                return
            now = self._now() + 0.002
            window = self.window
            acted = False
            if window is not None and window.deadline <= now:
                for seat, action in sorted(window.on_expiry.items()):
                    if seat in self.play.state.to_act and self.running:
                        try:
                            await self.submit(seat, str(action), Source.TIMER)
                            acted = True
                        except TableError as exc:
                            if exc.code != "storage":
                                log.warning("table %s: window expiry for seat %d: %s", self.id, seat, exc.message)
                if not acted:
                    # Nobody left to answer: reopen from scratch rather than spin.
                    self.window = None
            for seat in self.clocks.expired(now):
                if seat in self.play.state.to_act and self.seats.is_person(seat) and self.running:
                    await self._clock_ran_out(seat)
                    acted = True
            if not acted and self.running:
                self._rearm(None)
                self.feed.timers()

    async def _clock_ran_out(self, seat: int) -> None:
        """The per-move clock ran out: the fallback agent moves for the seat, and it is a strike."""
        state = self.play.state
        view, legal = state.view(seat), state.legal_actions(seat)
        if not legal:
            return
        agent, search = self.agents.fallback()
        agent.reset(seat)
        where = f"table {self.id}, clock of seat {seat}"
        action = await self.agents.think(search, choose_safely, agent, view, legal, self.agents.rng, where)
        try:
            await self.submit(seat, str(action), Source.CLOCK, strike=True)
        except TableError as exc:
            if exc.code != "storage":
                log.warning("table %s: clock move for seat %d: %s", self.id, seat, exc.message)
            return
        row = self.seats[seat]
        if row.strikes >= self.settings.zombie_strikes:
            await self._replace(seat, f"{row.name} ran out of time {row.strikes} times")
        else:
            label = agent_label(self.row.fallback)
            self.feed.presence(f"{row.name} ran out of time; {label} moved for them (time-out {row.strikes}).")

    def _spawn(self, coro: Awaitable[Any]) -> None:
        if self.closed:
            if asyncio.iscoroutine(coro):
                coro.close()
            return
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
