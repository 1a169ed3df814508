"""The players' HTTP routes (docs/history.md): a player made, their page and games, a
game's leaderboard, and keeping off it.

A module of its own, like :mod:`.ops`: it only translates HTTP to :mod:`.players` (run in
the store's worker threads) and back. With players off (:attr:`Settings.players
<thousand.web.settings.Settings.players>`) every route here answers 404.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request

from thousand.web import players
from thousand.web.protocol import Hidden, ProtocolError, counted, parse_body
from thousand.web.settings import Settings
from thousand.web.store import AsyncStore

log = logging.getLogger("thousand.web")

BodyReader = Callable[[Request], Any]


class Keys:
    """What the room routes ask of a player key: whose it is (or the one refusal)."""

    def __init__(self, settings: Settings, store: AsyncStore) -> None:
        self.on = settings.players
        self.store = store

    async def player_of(self, key: str | None) -> str | None:
        """The public id of the key's player; None without a key or with players off;
        :func:`~.players.refused` for a key the server does not hold."""
        if key is None or not self.on:
            return None
        found = await self.store.run(players.player_of_key, self.store.store.engine, key)
        if found is None:
            raise players.refused()
        return found

    async def remember(self, player: str | None, name: str) -> None:
        """The name ``player`` just sat down under (nothing without a player)."""
        if player is not None:
            await self.store.run(players.remember_name, self.store.store.engine, player, name)


def _bearer(authorization: str | None) -> str:
    """The key of an ``Authorization: Bearer KEY`` header (refused without one)."""
    scheme, _, key = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise players.refused()
    return key.strip()


def add_player_routes(
    app: FastAPI,
    keys: Keys,
    limit: Callable[[Request], None],
    read_body: Callable[[Request], Any],
) -> None:
    """``POST /api/players``, ``GET /api/players/{id}``, ``GET /api/players/{id}/games``,
    ``GET /api/leaderboard/{game}``, ``GET /api/players/me`` and
    ``POST /api/players/me/hidden``."""
    store = keys.store

    def on() -> None:
        if not keys.on:
            raise players.players_off()

    @app.post("/api/players", status_code=201)
    async def create_player(request: Request) -> dict[str, Any]:
        on()
        limit(request)
        player, key = await store.run(players.create_player, store.store.engine)
        log.info("player %s created", player)
        return {"player": player, "key": key}

    @app.post("/api/players/me/hidden")
    async def hide(
        request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        on()
        limit(request)
        player = await keys.player_of(_bearer(authorization))
        assert player is not None
        body = parse_body(Hidden, await read_body(request))
        await store.run(players.set_hidden, store.store.engine, player, body.hidden)
        return {"player": player, "hidden": body.hidden}

    @app.get("/api/players/me")
    async def whose_key(
        request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """Whose key this is: how a page checks a key brought by a recovery link before
        keeping it (registered before ``/api/players/{player}``, which "me" would match)."""
        on()
        limit(request)
        player = await keys.player_of(_bearer(authorization))
        return {"player": player}

    @app.get("/api/players/{player}")
    async def player_page(player: str) -> dict[str, Any]:
        on()
        page = await store.run(players.player_page, store.store.engine, player)
        if page is None:
            raise ProtocolError("not_found", "no such player", 404)
        return page

    @app.get("/api/players/{player}/games")
    async def player_games(player: str, page: int = 1) -> dict[str, Any]:
        on()
        found = await store.run(
            players.player_games, store.store.engine, player, counted("page", page)
        )
        if found is None:
            raise ProtocolError("not_found", "no such player", 404)
        return found

    @app.get("/api/leaderboard/{game}")
    async def leaderboard(game: str, min_games: int = players.MIN_GAMES) -> dict[str, Any]:
        on()
        return await store.run(
            players.leaderboard, store.store.engine, game, counted("min_games", min_games)
        )
