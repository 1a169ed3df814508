"""Every finished game kept with its players and places, and the ratings they make.

When a room's game ends, the change that ends it carries a :class:`FinishedGame` (built
once, off the event loop, by :func:`finished_game`: the places and each seat's tally come
from :mod:`thousand.stats`, never worked out here), and the store keeps it in the same
transaction as the change (:func:`keep_finished`): the game is over in the database
exactly when its history is there. The record itself goes to the ``games`` table beside
it (the store's), where ``GET /api/rooms/{room}/record?number=N`` reads it.

A game is *rated* when at least two different players (seats taken with a player's key,
:mod:`.players`) sat in it, each once; the rated seats' places go through
:func:`thousand.web.ratings.rate`. Ratings are a function of the stored games in order
of finish (``finished_games.id``): :func:`recompute` makes them again from nothing, and
``thousand ratings --check`` holds the stored ones equal to that. On PostgreSQL several
processes may end games at once: a transaction that keeps a finished game first takes
an advisory lock (:func:`lock_ratings`), so the games' ids are given in the order their
ratings are updated.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    String,
    Table,
    Text,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy import func as sql
from sqlalchemy.engine import Connection

from thousand.games import GAMES, adapter
from thousand.stats import summarize, tally_to_data
from thousand.web.ratings import NEW, Rating, rate
from thousand.web.sqlmeta import metadata

log = logging.getLogger("thousand.web")

RATINGS_LOCK = int.from_bytes(b"ratings!", "big")
"""The key of PostgreSQL's advisory lock for keeping finished games (ours, 64 bits)."""

players = Table(
    "players",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("key_hash", String(64), nullable=False),
    Column("name", String(64), nullable=True),
    Column("hidden", Boolean, nullable=False),
    Column("created", String(40), nullable=False),
    Index("ix_players_key_hash", "key_hash", unique=True),
)
"""A player without an account: a public id, the SHA-256 of their key (never the key),
the name they last sat down under, and whether they keep off the leaderboard."""

finished_games = Table(
    "finished_games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(32), nullable=False),
    Column("number", Integer, nullable=False),
    Column("game", String(32), nullable=False),
    Column("finished", String(40), nullable=False),
    Column("rated", Boolean, nullable=False),
    Index("ix_finished_games_room_number", "room", "number", unique=True),
)
"""A finished game of a room (its record: ``games``); ``id`` is the order of finish."""

finished_seats = Table(
    "finished_seats",
    metadata,
    Column("game_id", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("name", String(64), nullable=False),
    Column("player", String(16), nullable=True),
    Column("place", Integer, nullable=True),
    Column("tally", Text, nullable=True),
    Index("ix_finished_seats_player", "player"),
)
"""A seat of a finished game: who sat there (``player``: the id of the key that took it),
their place and their tally (:func:`thousand.stats.tally_to_data`); ``place`` and
``tally`` are null only if the record could not be read for the statistics."""

ratings = Table(
    "ratings",
    metadata,
    Column("player", String(16), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)
"""A player's rating in a game kind (:class:`~thousand.web.ratings.Rating`)."""


@dataclass(frozen=True, slots=True)
class FinishedSeat:
    kind: str
    """``person`` or ``bot``."""
    name: str
    player: str | None
    """The public id of the player whose key took the seat (None: no key, a computer)."""
    place: int | None
    tally: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A game as its end is kept (:func:`keep_finished`)."""

    room: str
    number: int
    game: str
    finished: str
    """When it ended (ISO 8601, the record's ``meta.finished``)."""
    seats: tuple[FinishedSeat, ...]
    record: dict[str, Any]


def perfect_play(game: str, position: Any) -> Any:
    """The figures of perfect play the game's web adapter has at hand (its
    ``perfect_play``: a solved table already on this machine, never a solve), None for a
    game without: dice 1000's seats are weighed against them (the winning chance each
    choice gave away), poker dice's totals set against the optimal one."""
    lookup = getattr(adapter(game, "web"), "perfect_play", None)
    return None if lookup is None else lookup(position)


def warm() -> None:
    """Load now what the history of a game's end loads the first time (each game's web
    adapter's ``warm``: dice 1000's solved strategy, whose code is compiled as it loads).

    ``thousand serve`` calls it before it opens. Left to the first game that ends, the
    loading takes a worker thread seconds of the interpreter's lock in the middle of play,
    and slows every room's event loop meanwhile: measured with a busy event loop, 5.6 s
    of loading, pauses of the loop up to 150 ms and about a second of them in all (issue
    29; the loop waits for the lock at every switch)."""
    for name in GAMES:
        made = getattr(adapter(name, "web"), "warm", None)
        if made is not None:
            made()


def finished_game(
    room: str,
    number: int,
    game: str,
    seats: Sequence[tuple[str, str, str | None]],
    record: dict[str, Any],
    *,
    engine: object = None,
) -> FinishedGame:
    """The history of a game that just ended: ``seats`` are each seat's kind, name and
    player id, in the record's order; places and tallies from :func:`summarize` (a
    replay: run it off the event loop; ``engine``: the room's own game of the record's
    rules, which spares the replay building it again). A record the statistics cannot
    read is kept without places (and unrated) rather than hold up the game's end."""
    meta = record.get("meta")
    finished = meta.get("finished") if isinstance(meta, Mapping) else None
    if not isinstance(finished, str):
        finished = datetime.now(UTC).replace(microsecond=0).isoformat()
    places: Sequence[int | None] = [None] * len(seats)
    tallies: Sequence[dict[str, Any] | None] = [None] * len(seats)
    try:
        summary = summarize(record, perfect_play, engine)
        if summary.finished and len(summary.places) == len(seats):
            places = summary.places
            tallies = [tally_to_data(tally) for tally in summary.tallies]
    except Exception as exc:  # the game ends all the same; the log says why
        log.error("room %s game %d: no statistics: %s", room, number, exc.__class__.__name__)
    return FinishedGame(
        room=room,
        number=number,
        game=game,
        finished=finished,
        seats=tuple(
            FinishedSeat(kind, name, player, place, tally)
            for (kind, name, player), place, tally in zip(seats, places, tallies, strict=True)
        ),
        record=record,
    )


def rated_places(seats: Iterable[FinishedSeat]) -> dict[str, int] | None:
    """The places of a game's rated players by id, or None when the game is not rated:
    fewer than two players with a key, one of them in two seats (nobody plays against
    themselves), or places unknown. Computers and seats without a key are left out."""
    keyed = [(seat.player, seat.place) for seat in seats if seat.player and seat.kind == "person"]
    found = {player: place for player, place in keyed if place is not None}
    if len(keyed) < 2 or len(found) != len(keyed):
        return None
    return found


def advance(current: Mapping[str, Rating], places: Mapping[str, int]) -> dict[str, Rating]:
    """The rated players' ratings after a game: from ``current`` (a player not in it is
    new) and their places."""
    ids = sorted(places)
    after = rate([current.get(player, NEW) for player in ids], [places[p] for p in ids])
    return dict(zip(ids, after, strict=True))


def lock_ratings(connection: Connection) -> None:
    """On PostgreSQL, wait for any other transaction keeping a finished game (held until
    this one ends): ids of finished games and the ratings' updates take one order."""
    if connection.dialect.name == "postgresql":
        connection.execute(select(sql.pg_advisory_xact_lock(RATINGS_LOCK)))


def keep_finished(connection: Connection, finished: FinishedGame) -> None:
    """Keep a finished game's seats and places and update its players' ratings (once: a
    game already kept is left as it is). The caller holds :func:`lock_ratings`."""
    exists = connection.execute(
        select(finished_games.c.id).where(
            finished_games.c.room == finished.room, finished_games.c.number == finished.number
        )
    ).first()
    if exists is not None:
        return
    places = rated_places(finished.seats)
    result = connection.execute(
        insert(finished_games).values(
            room=finished.room,
            number=finished.number,
            game=finished.game,
            finished=finished.finished,
            rated=places is not None,
        )
    )
    game_id = result.inserted_primary_key[0]  # type: ignore[index]
    connection.execute(
        insert(finished_seats),
        [
            {
                "game_id": game_id,
                "seat": index,
                "kind": seat.kind,
                "name": seat.name,
                "player": seat.player,
                "place": seat.place,
                "tally": None if seat.tally is None else json.dumps(seat.tally),
            }
            for index, seat in enumerate(finished.seats)
        ],
    )
    if places is not None:
        current = game_ratings(connection, finished.game, places)
        _write_ratings(connection, finished.game, advance(current, places), current)


_RATING_COLUMNS = (ratings.c.player, ratings.c.game, ratings.c.mu, ratings.c.sigma, ratings.c.games)


def game_ratings(connection: Connection, game: str, ids: Iterable[str]) -> dict[str, Rating]:
    """The stored ratings of ``game``'s players ``ids`` (a player without one is left
    out: new), by player id."""
    rows = connection.execute(
        select(*_RATING_COLUMNS).where(ratings.c.game == game, ratings.c.player.in_(list(ids)))
    ).all()
    return {row[0]: Rating(row[2], row[3], row[4]) for row in rows}


def stored_ratings(connection: Connection) -> dict[tuple[str, str], Rating]:
    """Every stored rating, by (player, game)."""
    rows = connection.execute(select(*_RATING_COLUMNS)).all()
    return {(row[0], row[1]): Rating(row[2], row[3], row[4]) for row in rows}


def _write_ratings(
    connection: Connection,
    game: str,
    after: Mapping[str, Rating],
    before: Mapping[str, Rating],
) -> None:
    for player, rating in after.items():
        values = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games}
        if player in before:
            connection.execute(
                update(ratings)
                .where(ratings.c.player == player, ratings.c.game == game)
                .values(**values)
            )
        else:
            connection.execute(insert(ratings).values(player=player, game=game, **values))


def recompute(connection: Connection) -> dict[tuple[str, str], Rating]:
    """Every rating made again from the stored games, rated one by one in order of finish
    (what :func:`keep_finished` did as they ended)."""
    rows = connection.execute(
        select(
            finished_games.c.id,
            finished_games.c.game,
            finished_seats.c.kind,
            finished_seats.c.name,
            finished_seats.c.player,
            finished_seats.c.place,
        )
        .join(finished_seats, finished_seats.c.game_id == finished_games.c.id)
        .where(finished_games.c.rated.is_(True))
        .order_by(finished_games.c.id, finished_seats.c.seat)
    ).all()
    games: dict[int, tuple[str, list[FinishedSeat]]] = {}
    for game_id, game, kind, name, player, place in rows:
        games.setdefault(game_id, (game, []))[1].append(
            FinishedSeat(kind, name, player, place, None)
        )
    made: dict[tuple[str, str], Rating] = {}
    for game, seats in games.values():
        places = rated_places(seats)
        if places is None:  # kept as rated, so it was: never happens
            continue
        current = {player: made[player, game] for player in places if (player, game) in made}
        for player, rating in advance(current, places).items():
            made[player, game] = rating
    return made


def store_ratings(connection: Connection, made: Mapping[tuple[str, str], Rating]) -> None:
    """Replace every stored rating with ``made``."""
    connection.execute(delete(ratings))
    if made:
        connection.execute(
            insert(ratings),
            [
                {"player": p, "game": g, "mu": r.mu, "sigma": r.sigma, "games": r.games}
                for (p, g), r in made.items()
            ],
        )
