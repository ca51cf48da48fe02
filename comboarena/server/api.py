"""The HTTP API the lobby, the table page and scripts use.

Everything a WebSocket client can do at a table can also be done here (join,
act, leave, rematch, chat), which keeps scripts and tests simple; live play
uses the WebSocket feed (:mod:`comboarena.server.ws`, messages in
:mod:`comboarena.server.protocol`). Errors are ``{"error": {"code",
"message"}}`` with a fitting HTTP status; a storage failure is ``503``
``storage``. Reads and changes are rate-limited per client address (429
``rate_limited``).

Fair play: a table's seed is drawn by the server from a secure generator and
is never taken from a client (``seed`` or ``deck`` in a new table is refused
with 400); it appears only in a finished game's record.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from pydantic.json_schema import SkipJsonSchema

from comboarena.core import games

from .catalog import build_game, catalog, check_spec, game_info
from .errors import TableError
from .hub import Hub
from .kinds import SeatKind
from .live import LiveTable
from .tokens import clean_name

TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token", max_length=100)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateBody(_Body):
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict, max_length=30)
    #: One entry per seat: "open" for a person, or an agent such as "random" or "ismcts:iters=200".
    seats: list[Annotated[str, Field(max_length=200)]] | None = Field(default=None, max_length=16)
    #: Seconds per move for people; on expiry the fallback agent moves for them.
    clock: float | None = None
    fallback: str | None = Field(default=None, max_length=200)
    # Read only to refuse them clearly: a client that chose the shuffle could read every hidden card.
    seed: SkipJsonSchema[Any] = None
    deck: SkipJsonSchema[Any] = None


class SetupBody(_Body):
    options: dict[str, Any] = Field(default_factory=dict, max_length=30)


class JoinBody(_Body):
    #: The seat number (a JSON number, not a text); none: the first open seat.
    seat: StrictInt | None = Field(default=None, ge=0, lt=64)
    name: str | None = Field(default=None, max_length=100)
    #: A previous game's seat token: claims the rematch seat kept for its owner.
    claim: str | None = Field(default=None, max_length=100)


class TokenBody(_Body):
    token: str = Field(max_length=100)


class ChatBody(_Body):
    #: 1-200 characters once trimmed (control characters are removed).
    text: str = Field(max_length=1000)
    #: A seat token: the message is signed with the seat's name. Without it, ``name`` (or "Spectator").
    token: str | None = Field(default=None, max_length=100)
    name: str | None = Field(default=None, max_length=100)


class ActBody(_Body):
    token: str = Field(max_length=100)
    action: str = Field(max_length=200)
    version: int | None = Field(default=None, ge=0)


def fail(exc: TableError) -> JSONResponse:
    return JSONResponse({"error": exc.to_dict()}, status_code=exc.status)


def router(hub: Hub) -> APIRouter:
    """The ``/api`` routes, bound to ``hub``."""
    api = APIRouter(prefix="/api")

    async def table_or_404(table_id: str) -> LiveTable:
        table = await hub.table(table_id)
        if table is None:
            raise TableError("no_table", f"there is no table {table_id!r}")
        return table

    @api.get("/games")
    async def list_games() -> Any:
        """Every registered game with its summary, options and agents."""
        return {"games": catalog(hub.settings.think_limit)}

    @api.get("/games/{name}")
    async def one_game(name: str) -> Any:
        if name not in games():
            return fail(TableError("no_game", f"unknown game {name!r}; the games are: {', '.join(games())}"))
        return game_info(name, hub.settings.think_limit)

    @api.post("/games/{name}/setup")
    async def setup(name: str, body: SetupBody) -> Any:
        """Check options and say how many seats (and which teams) they make."""
        try:
            game = build_game(name, body.options)
        except TableError as exc:
            return fail(exc)
        return {"players": game.players, "teams": [list(t) for t in game.teams], "options": _jsonable(game.options)}

    @api.get("/tables")
    async def lobby() -> Any:
        """The lobby: ``tables`` (waiting and playing, live) and ``finished`` (the latest
        finished games, newest first). Each entry has ``id``, ``game``, ``title``,
        ``status``, ``options``, ``clock``, ``version``, ``watching``, ``created``,
        ``seats``, ``finished_at`` (ISO-8601 UTC, null while playing) and ``result``:
        ``{"winners": [seats], "winner_names": [names], "reason": str, "draw": bool}``
        (null while playing; on a draw ``winners`` lists every seat, as in ``Result``)."""
        return await hub.lobby()

    @api.post("/tables", status_code=201)
    async def create(body: CreateBody, request: Request) -> Any:
        """A new table; returns it with a join link per open seat.

        The server shuffles: ``seed`` and ``deck`` are refused (400), and so is any
        option that would fix the shuffle.
        """
        try:
            for name in ("seed", "deck"):
                if getattr(body, name) is not None:
                    raise TableError(
                        "bad_request",
                        f"{name}: not accepted; the server shuffles every table itself, so that nobody "
                        "(not even the table's creator) can know the hidden cards",
                    )
            spec = check_spec(hub.settings, body.game, body.options, body.seats, body.clock, body.fallback)
            table = await hub.create(spec, request.client.host if request.client else "?")
        except TableError as exc:
            return fail(exc)
        base = str(request.base_url).rstrip("/")
        links = [
            {"seat": s.seat, "url": f"{base}/table/{table.id}?seat={s.seat}"}
            for s in table.row.seats
            if s.kind == SeatKind.OPEN
        ]
        return {"table": table.meta(), "join": links, "url": f"{base}/table/{table.id}"}

    @api.get("/tables/{table_id}")
    async def table_meta(table_id: str) -> Any:
        try:
            return (await table_or_404(table_id)).meta()
        except TableError as exc:
            return fail(exc)

    @api.get("/tables/{table_id}/catalog")
    async def table_catalog(table_id: str) -> Any:
        """The public printed content of this table's game (cards, fighter sheets), or null."""
        try:
            table = await table_or_404(table_id)
        except TableError as exc:
            return fail(exc)
        return {"catalog": table.catalog()}

    @api.get("/tables/{table_id}/view")
    async def view(table_id: str, token: TokenHeader = None) -> Any:
        """What the seat of ``X-Seat-Token`` sees now (no token: a spectator)."""
        try:
            table = await table_or_404(table_id)
            seat = table.seat_for_token(token)
            if token and seat is None:
                raise TableError("bad_token", "that seat token is not valid at this table")
            async with table.lock:
                return {"seat": seat, "table": table.meta(), **table.snapshot(seat)}
        except TableError as exc:
            return fail(exc)

    @api.post("/tables/{table_id}/join")
    async def join(table_id: str, body: JoinBody) -> Any:
        """Take a seat: returns the seat and its secret token (keep it; every action needs it)."""
        try:
            table = await table_or_404(table_id)
            seat, token = await table.join(body.seat, body.name, body.claim)
        except TableError as exc:
            return fail(exc)
        return {"seat": seat, "token": token, "table": table.meta()}

    @api.post("/tables/{table_id}/actions")
    async def act(table_id: str, body: ActBody) -> Any:
        try:
            table = await table_or_404(table_id)
            version = await table.act(body.token, body.action, body.version)
        except TableError as exc:
            return fail(exc)
        return {"version": version}

    @api.post("/tables/{table_id}/leave")
    async def leave(table_id: str, body: TokenBody) -> Any:
        """Give your seat up (before the game it opens again; during it the fallback agent plays it).
        Everyone at the table is told; leaving again changes nothing and is not an error."""
        try:
            table = await table_or_404(table_id)
            await table.leave(body.token)
        except TableError as exc:
            return fail(exc)
        return {"table": table.meta()}

    @api.post("/tables/{table_id}/fill")
    async def fill(table_id: str, body: TokenBody) -> Any:
        """Start now: the table's fallback agent takes every empty seat."""
        try:
            table = await table_or_404(table_id)
            await table.fill(body.token)
        except TableError as exc:
            return fail(exc)
        return {"table": table.meta()}

    @api.post("/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: TokenBody) -> Any:
        try:
            table = await table_or_404(table_id)
            new_id = await hub.rematch(table, body.token)
        except TableError as exc:
            return fail(exc)
        return {"table": new_id}

    @api.get("/tables/{table_id}/record")
    async def record(table_id: str) -> Any:
        """The finished game's record (JSON that ``comboarena replay`` reads), with the
        players' names (``players``) and the seed. 409 ``not_over`` while the game is on."""
        try:
            data = await hub.record(table_id)
        except TableError as exc:
            return fail(exc)
        game = json.loads(data).get("game", "game")
        return Response(
            data,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="comboarena-{game}-{table_id}.json"'},
        )

    @api.get("/tables/{table_id}/replay")
    async def replay(table_id: str, pov: Annotated[str, Query(max_length=12)] = "spectator") -> Any:
        """Every step of a finished game from ``pov``: ``spectator``, a seat number, or ``all``.

        Returns ``id``, ``game``, ``title``, ``options``, ``players`` (count), ``names``
        (per seat), ``seats``, ``pov``, ``viewers``, ``start`` (the step a page opens
        at: the first move), ``result`` (with ``text``) and ``steps``: each with
        ``ply``, ``seat``, ``action``, ``text`` (what happened, in words),
        ``events`` (``kind``, ``seat``, ``text``), ``view`` (the pov's view; the
        spectator's for ``all``), ``views`` (by viewer) and, for ``all``,
        ``seat_views`` (every seat's own view, in seat order). Computed once per
        game and point of view. 409 ``not_over`` while the game is on.
        """
        try:
            data = await hub.replay(table_id, pov)
        except TableError as exc:
            return fail(exc)
        return Response(data, media_type="application/json")

    @api.get("/tables/{table_id}/chat")
    async def chat_log(table_id: str) -> Any:
        """The table's chat, oldest first (at most the latest 500): ``{"messages": [{"id",
        "seat", "name", "text", "at"}]}``. Text is raw: render it as text."""
        try:
            await table_or_404(table_id)
            return {"messages": await hub.chat_messages(table_id)}
        except TableError as exc:
            return fail(exc)

    @api.post("/tables/{table_id}/chat", status_code=201)
    async def chat(table_id: str, body: ChatBody, request: Request) -> Any:
        """Say something at the table: returns ``{"message": ...}`` as everyone at the table
        gets it (a ``chat`` message on the feed). Rate-limited per address (429)."""
        try:
            table = await table_or_404(table_id)
            seat = table.seat_for_token(body.token) if body.token else None
            if body.token and seat is None:
                raise TableError("bad_token", "that seat token is not valid at this table")
            if not hub.http_chat.take(f"{request.client.host if request.client else '?'}/{table_id}"):
                raise TableError("rate_limited", "you are chatting too fast; wait a moment")
            message = await table.chat(seat, clean_name(body.name, "") or None, body.text)
        except TableError as exc:
            return fail(exc)
        return {"message": message}

    return api


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
