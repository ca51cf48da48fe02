"""The FastAPI application: API, WebSocket feed, pages and static files."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .api import router
from .catalog import STATIC
from .hub import Hub
from .settings import Settings
from .ws import Connection, RateLimit

log = logging.getLogger("comboarena.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The play server. Tables are resumed from the store when the app starts."""
    settings = settings or Settings()
    hub = Hub(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="Combo Arena", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(PostRateLimit, rate=settings.http_rate, burst=settings.http_burst)
    app.include_router(router(hub))

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ())[1:]) or 'body'}: {e.get('msg', 'invalid')}"
            for e in exc.errors()[:5]
        )
        return JSONResponse({"error": {"code": "bad_request", "message": problems}}, status_code=400)

    @app.websocket("/ws/{table_id}")
    async def feed(ws: WebSocket, table_id: str) -> None:
        await Connection(ws, hub).run(table_id)

    def page(name: str) -> Any:
        async def serve_page() -> FileResponse:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

        return serve_page

    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/table/{table_id}", include_in_schema=False)(page("table.html"))
    app.get("/replay/{table_id}", include_in_schema=False)(page("replay.html"))
    app.mount("/static", NoCacheStatic(directory=STATIC), name="static")
    return app


class NoCacheStatic(StaticFiles):
    """Static files that browsers revalidate each time (cheap with ETags), so an
    updated client is picked up without a hard reload."""

    async def get_response(self, path: str, scope: Scope) -> Any:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "no-cache"
        return response


class BodyLimit:
    """Refuses HTTP request bodies over ``limit`` bytes (413) before they are read whole."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", []):
            if key == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send, self.limit)


class PostRateLimit:
    """A token bucket per client address for API requests that change something,
    so one address cannot flood the server with joins, moves or new tables."""

    def __init__(self, app: ASGIApp, rate: float, burst: int) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, RateLimit] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") == "POST" and scope.get("path", "").startswith("/api/"):
            client = (scope.get("client") or ("?", 0))[0]
            bucket = self.buckets.get(client)
            if bucket is None:
                if len(self.buckets) > 10000:  # forget the quiet ones
                    self.buckets = {k: b for k, b in self.buckets.items() if b.tokens < b.burst}
                bucket = self.buckets[client] = RateLimit(self.rate, self.burst)
            if not bucket.take():
                body = json.dumps(
                    {"error": {"code": "rate_limited", "message": "too many requests from your address; slow down"}}
                ).encode()
                await _respond(send, 429, body)
                return
        await self.app(scope, receive, send)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    message = f"request body too large; at most {limit} bytes"
    await _respond(send, 413, json.dumps({"error": {"code": "too_large", "message": message}}).encode())


async def _respond(send: Send, status: int, body: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
