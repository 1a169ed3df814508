"""The HTTP side of the server: PROTOCOL.md's routes, the page, and the application.

:func:`create_app` builds the ASGI application ``thousand serve`` runs with uvicorn
(Starlette through FastAPI): the hub of rooms (:mod:`.hub`) with its store and, in a
deployment of several processes, its Redis; the ``/api`` routes, which answer from the hub
and the registry of games (:mod:`.tables`); the WebSocket (:mod:`.sockets`); the
operators' routes (:mod:`.ops`) and the page's files. A module of its own because it only
translates HTTP to the hub and back: every rule of a room is elsewhere.

Tokens are never logged: uvicorn's access log (which would print a query string's token)
is off, and errors are answered in one line, never with a trace.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, WebSocketRoute
from starlette.types import Receive, Scope, Send

from thousand import __version__
from thousand.core.i18n import translator
from thousand.games import DEFAULT_GAME
from thousand.web.cluster import RedisCluster
from thousand.web.hub import Hub
from thousand.web.live import language_of
from thousand.web.ops import add_ops_routes
from thousand.web.player_routes import Keys, add_player_routes
from thousand.web.protocol import (
    MAX_BODY_BYTES,
    CreateRoom,
    JoinRoom,
    ProtocolError,
    counted,
    parse_body,
    parse_json_bytes,
)
from thousand.web.replay_routes import add_replay_routes
from thousand.web.rooms.base import hash_token
from thousand.web.settings import Settings
from thousand.web.sockets import serve_socket
from thousand.web.store import AsyncStore, Store
from thousand.web.tables import games_of, presets_of
from thousand.web.texts import PAGE_TEXTS
from thousand.web.wsprotocol import WRITE_TEXT, LeanWebSocketsProtocol

log = logging.getLogger("thousand.web")

STATIC = Path(__file__).parent / "static"
PAGES = (
    "/",
    "/r/{room_id}",
    "/r/{room_id}/games/{number}",
    "/p/{player_id}",
    "/leaderboard",
    "/leaderboard/{game}",
)
"""The addresses a person may open: the lobby, a room's table, a finished game's replay
(:mod:`.replay_routes` answers its frames), a player's page, the leaderboards."""


def _texts(language: str) -> dict[str, str]:
    tr = translator(language)
    return {text: tr.gettext(text) for text in PAGE_TEXTS}


async def _read_body(request: Request) -> Any:
    """The JSON body, refusing more than :data:`MAX_BODY_BYTES` before reading it all."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise ProtocolError("too_large", f"body over {MAX_BODY_BYTES} bytes", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise ProtocolError("too_large", f"body over {MAX_BODY_BYTES} bytes", 413)
        chunks.append(chunk)
    return parse_json_bytes(b"".join(chunks), "the body")


class App(FastAPI):
    """FastAPI, with the rooms' sockets served ahead of its middleware.

    Each middleware (Starlette's error and exception layers, FastAPI's exit stack, the
    router, the route's session wrapper) awaits the next one, so every layer's coroutine
    frame and closures stay alive for as long as a connection is open: a dozen frames,
    kilobytes of every room held (issue 29). None of them does anything for a room's
    socket (its errors are answered by :func:`~thousand.web.sockets.serve_socket`
    itself), so a socket whose path the room route matches goes straight to it; every
    other request takes the usual way. Under ``thousand serve`` its scope carries the
    protocol's :meth:`~thousand.web.wsprotocol.LeanWebSocketsProtocol.write_text`
    (``WRITE_TEXT``), by which the connection writes its messages without waiting."""

    room_route: WebSocketRoute | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = self.room_route
        if route is not None and scope["type"] == "websocket":
            match, child = route.matches(scope)
            if match is Match.FULL:
                scope["app"] = self
                scope.update(child)
                # nothing of a room's socket reads a header (its token and language are
                # in the query string): the list would be held as long as it is open
                scope["headers"] = []
                protocol = getattr(send, "__self__", None)
                if isinstance(protocol, LeanWebSocketsProtocol):
                    scope[WRITE_TEXT] = protocol.write_text
                await route.endpoint(WebSocket(scope, receive, send))
                return
        await super().__call__(scope, receive, send)


def create_app(settings: Settings) -> App:
    """The ASGI application for ``settings`` (``thousand serve`` runs it with uvicorn)."""
    store = AsyncStore(Store(settings.db_url))
    cluster = None if settings.redis_url is None else RedisCluster(settings.redis_url)
    hub = Hub(settings, store, cluster)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = App(
        title="thousand", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None
    )
    app.state.hub = hub

    @app.exception_handler(ProtocolError)
    async def _refused(_request: Request, exc: ProtocolError) -> JSONResponse:
        return JSONResponse(exc.http_body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _unreadable(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """A value in the address that is not what the route reads (a page that is not a
        whole number): PROTOCOL.md's error body, 422 naming the field, not FastAPI's."""
        errors = exc.errors()
        where = errors[0].get("loc", ()) if errors else ()
        field = str(where[-1]) if where else "query"
        reason = str(errors[0].get("msg", "not readable")) if errors else "not readable"
        error = ProtocolError("invalid", f"{field}: {reason}", 422)
        return JSONResponse(error.http_body(), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        """A path nobody serves: PROTOCOL.md's error body under ``/api/``, a page saying
        so (in both languages, with the way back to the lobby) anywhere a person may
        have typed or pasted an address; the other statuses Starlette raises keep its
        own answer."""
        if exc.status_code != 404:
            return await http_exception_handler(request, exc)
        path = request.url.path
        if path.startswith(("/api/", "/static/", "/metrics")):
            body = {"error": {"code": "not_found", "message": f"no such path: {path[:80]}"}}
            return JSONResponse(body, status_code=404)
        return FileResponse(STATIC / "404.html", status_code=404)

    @app.exception_handler(Exception)
    async def _failed(_request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error: %s", exc.__class__.__name__)
        body = {"error": {"code": "internal", "message": "internal error"}}
        return JSONResponse(body, status_code=500)

    def limit(request: Request) -> None:
        address = request.client.host if request.client else "?"
        if not hub.address_limits.take(address):
            raise ProtocolError("rate_limited", "too many requests: slow down", 429)

    add_ops_routes(app, hub.metrics, hub.checks)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__}

    keys = Keys(settings, store)
    add_player_routes(app, keys, limit, _read_body)
    add_replay_routes(app, hub, store)

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request) -> dict[str, Any]:
        limit(request)
        body = parse_body(CreateRoom, await _read_body(request))
        player = await keys.player_of(body.player)
        room, token = await hub.create(body, player)
        await keys.remember(player, room.seats[0].name or body.name)
        answer: dict[str, Any] = {"room": room.id, "seat": 0, "token": token}
        if body.player is not None:
            answer["player"] = player
        return answer

    @app.post("/api/rooms/{room_id}/join")
    async def join_room(room_id: str, request: Request) -> dict[str, Any]:
        limit(request)
        body = parse_body(JoinRoom, await _read_body(request))
        player = await keys.player_of(body.player)
        seat, token, name = await hub.join(room_id, body, player)
        await keys.remember(player, name)
        answer: dict[str, Any] = {"room": room_id, "seat": seat, "token": token}
        if body.player is not None:
            answer["player"] = player
        return answer

    @app.get("/api/rooms")
    async def list_rooms(lang: str | None = None) -> dict[str, Any]:
        """The rooms open to all that someone is in or was in lately, computers named in
        the language asked for."""
        return {"rooms": await hub.lobby(translator(language_of(lang)))}

    @app.get("/api/rooms/{room_id}")
    async def room_state(room_id: str, lang: str | None = None) -> dict[str, Any]:
        live = await hub.get(room_id)
        async with live.lock:  # never a change not yet stored
            return hub.state_message(live, None, translator(language_of(lang)), live.connected())

    @app.get("/api/rooms/{room_id}/record")
    async def room_record(
        room_id: str, number: int | None = None, token: str | None = None
    ) -> Response:
        """The current game's record as the token's seat (or anyone) may read it during
        play (the game's ``shown_record``, the seed withheld); a finished game's whole."""
        live = await hub.get(room_id)
        if number is not None and counted("number", number) != live.room.number:
            record = await store.run(store.store.load_game, room_id, number)
        else:
            async with live.lock:  # never a change not yet stored
                seat = live.room.seat_of(hash_token(token) if token else None)
                record = live.room.public_record(seat)
        if record is None:
            raise ProtocolError("not_found", "no game has started in this room yet", 404)
        name = f"{room_id}-{number or live.room.number}.json"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(
            json.dumps(record, ensure_ascii=False, indent=1),
            media_type="application/json",
            headers=headers,
        )

    @app.get("/api/texts/{lang}")
    async def texts(lang: str) -> dict[str, Any]:
        language = language_of(lang)
        return {"lang": language, "texts": _texts(language)}

    @app.get("/api/presets")
    async def presets(lang: str | None = None, game: str = DEFAULT_GAME) -> dict[str, Any]:
        """A game's presets (name, title, description) and computer levels (level, name)
        in the language asked for."""
        return presets_of(game, translator(language_of(lang)))

    @app.get("/api/games")
    async def games(lang: str | None = None) -> dict[str, Any]:
        """The games rooms can host, each with its presets (and their rules) and levels."""
        return games_of(translator(language_of(lang)))

    async def room_socket(socket: WebSocket) -> None:
        await serve_socket(hub, socket, socket.path_params["room_id"])

    # Starlette's own route, not FastAPI's: nothing to solve for a socket, and FastAPI's
    # wrapping (an exit stack and its frames) would be held for as long as each connection
    # stays open — a few kilobytes of every room held (issue 29). App serves it ahead of
    # the middleware; it stays in the router for what lists the routes.
    app.room_route = WebSocketRoute("/ws/rooms/{room_id}", room_socket)
    app.router.routes.append(app.room_route)

    index = STATIC / "index.html"

    async def page() -> FileResponse:
        """The one page: it reads the address itself (app.js) and asks the API for the
        rest, so every address a person may open serves the same file."""
        return FileResponse(index)

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"])

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
