"""The replay of a room's finished game in the browser: its frames, one per step.

``GET /api/rooms/{room}/games/{number}/replay?lang=`` (docs/history.md) answers, for a
finished game, the state the table showed after each step of its record — each frame's
``game`` in the shape of a spectator's ``state.game`` (PROTOCOL.md's GAME), so the page
draws it with the game's own table view — with a line telling the step, in the language
asked for. Nothing here knows a rule: each game's web adapter says how its record is
walked (``replay_steps``: it brings the room's session to each step through the game's
own resumption and engine, as a restarted server does) and how a step is told
(``replay_line``); the frames are that game's own views of the room at each step. A
game with hidden cards may lay what the finished record makes public over the
spectator's view (``replay_shown``: card Thousand's hands, §7 — a finished game is
public whole).

Walking a record replays it through the engine: the route runs :func:`replay_frames` off
the event loop, and a record of more than :data:`MAX_FRAMES` steps is refused rather than
held up on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, cast

from thousand.core.i18n import Translator
from thousand.games import adapter, game_of_record
from thousand.web.jsontext import dumps
from thousand.web.protocol import Options, ProtocolError
from thousand.web.rooms.base import BaseRoom, SeatState
from thousand.web.tables import game_view

MAX_FRAMES = 4000
"""The most steps a replay is made of (a game of card Thousand to 1000 is about a
thousand; a record longer than this is refused with 413 ``too_large``)."""

Steps = Callable[[BaseRoom, dict[str, Any]], Iterator[Any]]
"""A game's ``replay_steps``: brings ``room.session`` to each step of the record in turn,
yielding after each what ``replay_line`` needs to tell it."""


def _room(record: Mapping[str, Any], room_id: str, number: int) -> BaseRoom:
    """A room of the record's game holding its players as its seats (no session yet):
    what the game's views are built from."""
    module = adapter(game_of_record(record), "web")
    room_type = cast("type[BaseRoom]", module.ROOM)
    game, spec = room_type.rules_of(record.get("rules"))
    meta = record.get("meta") if isinstance(record.get("meta"), Mapping) else {}
    assert isinstance(meta, Mapping)
    players = [str(name) for name in record.get("players") or ()]
    listed = meta.get("seats")
    seats_meta: list[Any] = listed if isinstance(listed, list) else []
    seats = []
    for index, name in enumerate(players):
        about = seats_meta[index] if index < len(seats_meta) else None
        level = about.get("bot") if isinstance(about, Mapping) else None
        kind = "bot" if isinstance(level, str) else "person"
        seats.append(SeatState(kind=kind, name=name, level=level if kind == "bot" else None))
    options = Options(
        dice="table" if meta.get("dice") == "table" else "server",
        cards="table" if meta.get("cards") == "table" else "server",
        language="ru" if meta.get("language") == "ru" else "en",
    )
    seed = meta.get("dice_seed")
    return room_type(
        id=room_id,
        game=game,
        rules=spec,
        options=options,
        seats=seats,
        created=str(meta.get("started", "")),
        status="playing",
        number=number,
        seed=bytes.fromhex(seed) if isinstance(seed, str) else b"",
    )


def replay_frames(
    record: dict[str, Any],
    room_id: str,
    number: int,
    tr: Translator,
    limit: int = MAX_FRAMES,
) -> list[str]:
    """The frames of a finished game's ``record``, each written out as JSON text:
    ``{"step", "game", "line"}`` (``game``: the spectator's GAME at that step; ``line``:
    the step told in ``tr``'s words, empty for a start or a deal dealt)."""
    module = adapter(game_of_record(record), "web")
    room = _room(record, room_id, number)
    steps = cast("Steps", module.replay_steps)
    tell = cast("Callable[[Translator, Any, dict[str, Any]], str]", module.replay_line)
    shown = cast(
        "Callable[[BaseRoom, dict[str, Any]], None] | None", getattr(module, "replay_shown", None)
    )
    connected: Sequence[bool] = [True] * len(room.seats)
    frames: list[str] = []
    for told in steps(room, record):
        if len(frames) >= limit:
            raise ProtocolError("too_large", f"the game has over {limit} steps to replay", 413)
        room.seq += 1
        session = room.session
        room.status = "over" if session is not None and session.is_over else "playing"
        game = dict(game_view(room, None, tr, connected))
        game.update(thinking=False, deadline=None)
        if shown is not None:
            shown(room, game)
        line = tell(tr, told, game)
        text = dumps({"step": len(frames), "game": game, "line": line})
        frames.append(text)
    return frames
