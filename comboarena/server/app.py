"""The FastAPI application: API, WebSocket feed, pages and static files."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from .api import router
from .catalog import STATIC
from .errors import storage_unavailable
from .http import BodyLimit, RequestLimits
from .hub import Hub
from .settings import Settings
from .store import Store
from .ws import Connection

log = logging.getLogger("comboarena.server")

#: Error codes for HTTP statuses the framework answers by itself (unknown path, wrong method...).
_CODES = {404: "not_found", 405: "method_not_allowed", 408: "timeout", 413: "too_large", 429: "rate_limited"}


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    """The play server. Tables are resumed from the store when the app starts.

    ``store``: an already opened store (``comboarena serve`` opens it first, so
    a database problem is reported before anything is served).
    """
    settings = settings or Settings()
    hub = Hub(settings, store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="Combo Arena", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, timeout=settings.request_timeout)
    app.add_middleware(
        RequestLimits,
        rate=settings.http_rate,
        burst=settings.http_burst,
        read_rate=settings.http_read_rate,
        read_burst=settings.http_read_burst,
    )
    app.include_router(router(hub))

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ())[1:]) or 'body'}: {e.get('msg', 'invalid')}"
            for e in exc.errors()[:5]
        )
        return JSONResponse({"error": {"code": "bad_request", "message": problems}}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _CODES.get(exc.status_code, "bad_request" if exc.status_code < 500 else "internal")
        message = str(exc.detail) if exc.detail else code.replace("_", " ")
        return JSONResponse({"error": {"code": code, "message": message}}, status_code=exc.status_code)

    @app.exception_handler(SQLAlchemyError)
    async def storage(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        # A read that failed (writes are answered by the writer): the database is not answering.
        log.warning("a database read failed: %s", str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        return JSONResponse({"error": storage_unavailable().to_dict()}, status_code=503)

    @app.exception_handler(Exception)
    async def internal(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error answering a request")
        message = "the server failed on that request; nothing was changed"
        return JSONResponse({"error": {"code": "internal", "message": message}}, status_code=500)

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
