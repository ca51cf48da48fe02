"""One WebSocket connection: reads client messages under limits, answers, and
streams its table's feed.

Limits, per connection: message size, a token-bucket rate, a stricter one for
``hello`` (each builds a whole picture of the table) and for ``chat``, and a
count of bad messages (malformed, unknown, oversized, too fast, a wrong
token); each bad message is answered with an ``error``, and past
``max_strikes`` the connection is closed (code 1008, policy violation). Per
client address, new connections are rate-limited too (reconnect loops are
answered ``rate_limited`` and closed with 1013, try again later). Outgoing messages go
through a bounded queue, so a slow client never holds up a table; one that
falls too far behind is dropped and catches up when it reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .errors import TableError
from .hub import Hub
from .limits import RateLimit
from .live import LiveTable
from .protocol import ClientMessage, ProtocolError, error, parse_client
from .tokens import clean_name

log = logging.getLogger("comboarena.server")

#: Close codes: 1008 policy violation (abuse), 1013 try again later (too slow), 4404 no such table.
POLICY, SLOW, NO_TABLE = 1008, 1013, 4404


class Connection:
    """A client's connection to one table (the ``Subscriber`` of :mod:`.live`)."""

    def __init__(self, ws: WebSocket, hub: Hub) -> None:
        self.ws = ws
        self.hub = hub
        self.settings = hub.settings
        self.seat: int | None = None
        self.table: LiveTable | None = None
        self.strikes = 0
        self.limit = RateLimit(self.settings.rate, self.settings.burst)
        self.hellos = RateLimit(self.settings.hello_rate, self.settings.hello_burst)
        self.chats = RateLimit(self.settings.chat_rate, self.settings.chat_burst)
        #: The name a spectator's chat messages carry (from ``hello``).
        self.name: str | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing = False
        #: Set when the server decides to close this connection (abuse, too slow).
        self.close_code: int | None = None

    def deliver(self, text: str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= self.settings.max_outbox:
            log.warning("dropping a client that fell %d messages behind", self.outbox.qsize())
            self.closing = True
            self.close_code = SLOW
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    def send(self, message: dict[str, Any]) -> None:
        self.deliver(json.dumps(message, separators=(",", ":")))

    async def run(self, table_id: str) -> None:
        await self.ws.accept()
        address = self.ws.client.host if self.ws.client else "?"
        if not self.hub.connects.take(address):
            message = "too many connections from your address; wait a few seconds before reconnecting"
            await self.ws.send_text(json.dumps(error("rate_limited", message)))
            await self.ws.close(SLOW)
            return
        table = await self.hub.table(table_id)
        if table is None:
            await self.ws.send_text(json.dumps(error("no_table", f"there is no table {table_id!r}")))
            await self.ws.close(NO_TABLE)
            return
        self.table = table
        sender = asyncio.get_running_loop().create_task(self._send_loop())
        try:
            await self._read_loop(table)
        except WebSocketDisconnect:
            pass
        except Exception:  # never let one connection's surprise reach the table
            log.exception("connection to table %s failed", table_id)
        finally:
            self.closing = True
            table.unsubscribe(self)
            self.outbox.put_nowait(None)
            try:
                await asyncio.wait_for(sender, timeout=2)
            except (TimeoutError, asyncio.CancelledError):
                sender.cancel()

    async def _read_loop(self, table: LiveTable) -> None:
        while not self.closing:
            msg = await self.ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            text = msg.get("text")
            if text is None:
                raw = msg.get("bytes") or b""
                if len(raw) > self.settings.max_message_bytes:
                    text = None
                else:
                    try:
                        text = raw.decode("utf-8")
                    except UnicodeDecodeError:
                        self._strike("bad_message", "messages must be UTF-8 JSON text")
                        continue
            if not self.limit.take():
                self._strike("rate_limited", f"too many messages; at most {self.settings.rate:g} a second")
            elif text is None or len(text) > self.settings.max_message_bytes:
                self._strike("too_large", f"message too large; at most {self.settings.max_message_bytes} bytes")
            else:
                try:
                    message = parse_client(text)
                except ProtocolError as exc:
                    self._strike(exc.code, exc.message)
                else:
                    await self._handle(table, message)
            if self.strikes >= self.settings.max_strikes:
                self.send(error("closing", "too many bad messages; closing the connection"))
                self.closing = True
                self.close_code = POLICY
                self.outbox.put_nowait(None)
                return

    def _strike(self, code: str, message: str, ref: Any = None) -> None:
        self.strikes += 1
        self.send(error(code, message, ref))

    async def _handle(self, table: LiveTable, m: ClientMessage) -> None:
        try:
            if m.type == "ping":
                self.send({"type": "pong", "id": m.id})
            elif m.type == "hello":
                if not self.hellos.take():
                    self._strike("rate_limited", "too many hellos; one every few seconds is plenty", m.id)
                    return
                seat = table.seat_for_token(m.token)
                if m.token and seat is None:
                    self._strike("bad_token", "that seat token is not valid here; you are watching as a spectator")
                if m.name is not None:
                    self.name = clean_name(m.name, "") or None
                table.unsubscribe(self)
                self.seat = seat
                table.subscribe(self, m.since)
            elif m.type == "chat":
                seat = table.seat_for_token(m.token) if m.token else None
                if m.token and seat is None:
                    raise TableError("bad_token", "that seat token is not valid here; chat without one as a spectator")
                if not self.chats.take():
                    raise TableError("rate_limited", "you are chatting too fast; wait a moment")
                message = await table.chat(seat, self.name, m.text)
                self.send({"type": "ack", "id": m.id, "version": table.version, "chat": message["id"]})
            elif m.type == "act":
                version = await table.act(m.token, m.action or "", m.version)
                self.send({"type": "ack", "id": m.id, "version": version})
            elif m.type == "leave":
                await table.leave(m.token)
                self.send({"type": "ack", "id": m.id, "version": table.version})
            elif m.type == "rematch":
                new_id = await self.hub.rematch(table, m.token)
                self.send({"type": "ack", "id": m.id, "version": table.version, "rematch": new_id})
        except TableError as exc:
            if exc.code == "bad_token":
                self._strike(exc.code, exc.message, m.id)
            else:
                self.send(error(exc.code, exc.message, m.id))

    async def _send_loop(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                break
            try:
                await self.ws.send_text(text)
            except Exception:
                self.closing = True
                return
        if self.close_code is not None and self.ws.application_state == WebSocketState.CONNECTED:
            # Drain what is already queued (a final error), then close.
            while not self.outbox.empty():
                rest = self.outbox.get_nowait()
                if rest is not None:
                    try:
                        await self.ws.send_text(rest)
                    except Exception:
                        return
            with contextlib.suppress(Exception):
                await self.ws.close(self.close_code)
