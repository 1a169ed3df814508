"""The route of a finished game's replay (docs/history.md): ``GET
/api/rooms/{room}/games/{number}/replay?lang=``.

A module of its own, like :mod:`.player_routes`: it only finds the record (the store's
``games``, where a game is kept when it ends), has :mod:`.replay` make its frames off the
event loop, and answers them with the game's players and places (:mod:`.history`'s
``finished_seats``). Frames of a finished game never change: the last few asked for are
kept (:class:`Replays`), two requests for one share its making, and at most
:data:`AT_ONCE` are made at a time.
"""

from __future__ import annotations

import asyncio
import gzip
from collections import OrderedDict
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from sqlalchemy import select
from sqlalchemy.engine import Engine

from thousand.core.i18n import translator
from thousand.games import game_of_record
from thousand.web.history import finished_games, finished_seats
from thousand.web.hub import Hub
from thousand.web.jsontext import dumps
from thousand.web.live import language_of
from thousand.web.protocol import ProtocolError, counted
from thousand.web.replay import replay_frames
from thousand.web.store import AsyncStore

KEPT = 8
"""Replays kept made (by room, number and language)."""
AT_ONCE = 2
"""Replays made at the same time (each replays a record through the engine)."""


class Replays:
    """The last :data:`KEPT` replays made, their frames written out."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, int, str], list[str]] = OrderedDict()
        self.making = asyncio.Semaphore(AT_ONCE)
        self.under_way: dict[tuple[str, int, str], asyncio.Task[list[str]]] = {}
        """Replays being made: a second request for one waits for the same work."""

    async def frames(
        self, room: str, number: int, language: str, record: dict[str, Any]
    ) -> list[str]:
        key = (room, number, language)
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        task = self.under_way.get(key)
        if task is None:
            task = self.under_way[key] = asyncio.create_task(self._make(key, record))
            task.add_done_callback(lambda _done: self.under_way.pop(key, None))
        return await asyncio.shield(task)

    async def _make(self, key: tuple[str, int, str], record: dict[str, Any]) -> list[str]:
        room, number, language = key
        async with self.making:
            made = await asyncio.to_thread(
                replay_frames, record, room, number, translator(language)
            )
        self.kept[key] = made
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return made


def game_seats(engine: Engine, room: str, number: int) -> list[dict[str, Any]] | None:
    """The seats of a room's finished game as kept when it ended (None: not kept, a game
    finished before history was kept)."""
    with engine.connect() as connection:
        found = connection.execute(
            select(finished_games.c.id, finished_games.c.finished).where(
                finished_games.c.room == room, finished_games.c.number == number
            )
        ).first()
        if found is None:
            return None
        rows = connection.execute(
            select(
                finished_seats.c.seat,
                finished_seats.c.kind,
                finished_seats.c.name,
                finished_seats.c.place,
                finished_seats.c.player,
            )
            .where(finished_seats.c.game_id == found[0])
            .order_by(finished_seats.c.seat)
        ).all()
    return [
        {"seat": seat, "kind": kind, "name": name, "place": place, "player": player}
        for seat, kind, name, place, player in rows
    ]


def add_replay_routes(app: FastAPI, hub: Hub, store: AsyncStore) -> None:
    """``GET /api/rooms/{room}/games/{number}/replay``."""
    replays = Replays()

    @app.get("/api/rooms/{room_id}/games/{number}/replay")
    async def game_replay(room_id: str, number: int, request: Request) -> Response:
        """A finished game's frames: 404 ``not_found`` for a room or a game there is not,
        409 ``not_finished`` for the game still being played, 422 for a bad number (one
        not whole, or out of :func:`~.protocol.counted`'s bounds)."""
        count = counted("number", number)
        language = language_of(request.query_params.get("lang"))
        record = await store.run(store.store.load_game, room_id, count)
        if record is None:
            live = await hub.get(room_id)  # 404 for a room there is not
            if count == live.room.number and live.room.status != "over":
                raise ProtocolError(
                    "not_finished", f"game {count} is still being played: replay it once over", 409
                )
            raise ProtocolError("not_found", f"no game {count} in this room", 404)
        frames = await replays.frames(room_id, count, language, record)
        seats = await store.run(game_seats, store.store.engine, room_id, count)
        meta = record.get("meta")
        meta = meta if isinstance(meta, dict) else {}
        head = {
            "room": room_id,
            "number": count,
            "game": game_of_record(record),
            "lang": language,
            "players": [str(name) for name in record.get("players") or ()],
            "seats": seats,
            "finished": meta.get("finished"),
            "record": f"/api/rooms/{room_id}/record?number={count}",
        }
        text = dumps(head)[:-1] + ',"frames":[' + ",".join(frames) + "]}"
        body = text.encode("utf-8")
        headers = {"Cache-Control": "private, max-age=300", "Vary": "Accept-Encoding"}
        if "gzip" in request.headers.get("accept-encoding", "") and len(body) > 1024:
            body = await asyncio.to_thread(gzip.compress, body, 6)
            headers["Content-Encoding"] = "gzip"
        return Response(body, media_type="application/json", headers=headers)
