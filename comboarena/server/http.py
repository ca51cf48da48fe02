"""HTTP limits, as ASGI middleware and a uvicorn protocol.

- :class:`RequestLimits`: per client address, a budget of API requests that
  change something (POST) and another of API reads (GET); over it: 429.
- :class:`BodyLimit`: a request body is read whole before the app sees it:
  larger than the limit, chunked or not, is 413; one that stops arriving is
  408. Both answers are the documented ``{"error": {"code", "message"}}``.
- :class:`TimedHttpProtocol`: uvicorn's HTTP protocol, but a request whose
  head has not fully arrived within the time limit (an idle connection, a
  half-sent request) is answered 408 and closed, and one whose head (request
  line and headers) grows past a size limit is answered 431 and closed
  before more of it is read (uvicorn's httptools parser sets no limit: a
  40 MB header was read whole and stalled other clients).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .limits import PerAddress


def error_body(code: str, message: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": message}}).encode()


async def respond(send: Send, status: int, body: bytes, close: bool = False) -> None:
    """A JSON answer; ``close``: the connection is closed after it (the rest of the request is not read)."""
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class RequestLimits:
    """Token buckets per client address for ``/api/`` requests: one for changes
    (POST: joins, moves, new tables), one for reads (GET: views, lobby, replays)."""

    def __init__(self, app: ASGIApp, rate: float, burst: int, read_rate: float, read_burst: int) -> None:
        self.app = app
        self.writes = PerAddress(rate, burst)
        self.reads = PerAddress(read_rate, read_burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path", "").startswith("/api/"):
            client = (scope.get("client") or ("?", 0))[0]
            changes = scope.get("method") not in ("GET", "HEAD", "OPTIONS")
            if not (self.writes if changes else self.reads).take(client):
                what = "changes" if changes else "reads"
                body = error_body("rate_limited", f"too many requests ({what}) from your address; slow down")
                await respond(send, 429, body)
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """Reads a request's body whole (at most ``limit`` bytes, within ``timeout``
    seconds) before the app runs; the app then gets it in one piece."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", []):
            if key == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(send, self.limit)
                return
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                message_text = f"the request body did not arrive within {self.timeout:g} s"
                await respond(send, 408, error_body("timeout", message_text), close=True)
                return
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Send, limit: int) -> None:
    await respond(send, 413, error_body("too_large", f"request body too large; at most {limit} bytes"), close=True)


def timed_protocol(timeout: float, max_head: int = 16384) -> Any:
    """uvicorn's httptools protocol with a deadline and a size limit on each request's
    head (see the module docstring)."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class TimedHttpProtocol(HttpToolsProtocol):
        _head_timer: asyncio.TimerHandle | None = None
        #: Bytes received since the current request's head began (while it is still arriving).
        _head_bytes = 0
        #: The last bytes of the head so far, where its blank line may have begun.
        _head_tail = b""
        _in_head = True

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            # The head is measured before it is parsed, up to its blank line, so a head
            # that arrives in one read is held to the limit as one that trickles in, and
            # a body right behind the head is not taken for head.
            if self._in_head and not self.transport.is_closing():
                seen = self._head_tail + data
                end = seen.find(b"\r\n\r\n")
                if end >= 0:
                    size = self._head_bytes - len(self._head_tail) + end + 4
                else:
                    size = self._head_bytes + len(data)
                if size > max_head:
                    self._head_too_large()
                    return
                if end < 0:
                    self._head_bytes = size
                    self._head_tail = seen[-3:]
            super().data_received(data)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            # Waiting for the next request on a kept-alive connection is uvicorn's keep-alive timeout.
            self._in_head, self._head_bytes, self._head_tail = True, 0, b""

        def _head_too_large(self) -> None:
            self._disarm()
            message = f"the request's headers are too large; at most {max_head} bytes"
            self._refuse(b"431 Request Header Fields Too Large", error_body("too_large", message))

        def _refuse(self, status: bytes, body: bytes) -> None:
            """Answer before the app has seen the request, and close the connection."""
            head = (
                b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\n"
                b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n"
            )
            self.transport.write(head + body)
            self.transport.close()

        def _arm(self) -> None:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(timeout, self._head_late)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_late(self) -> None:
            self._head_timer = None
            if self.transport.is_closing() or (self.cycle is not None and not self.cycle.response_complete):
                return
            message = f"the request did not arrive within {timeout:g} s"
            self._refuse(b"408 Request Timeout", error_body("timeout", message))

    return TimedHttpProtocol
