"""Players without an account: a key kept on the device, and what the server tells of them.

``POST /api/players`` makes a player: a public id (shown on the leaderboard, in links)
and a key (192 bits from :mod:`secrets`, like a seat token) answered once and kept by
the server only as its SHA-256 (:func:`~thousand.web.rooms.base.hash_token`). A room's
create or join body may carry the key (``"player"``): the seat then counts toward that
player and the name typed is remembered for them. A key the server does not hold —
forged, mistyped, or never made — is refused one way, :data:`REFUSED`, which says nothing
of why. The key is never in a state, a summary or a log line (the server logs the public
id, and :mod:`.logs` redacts any run of characters a key is made of).

The figures of a player's page come from the finished games' seats the player's key took
(:mod:`.history`), added up by :func:`thousand.stats.seat_statistics`: seats are matched
by the player's id, never by the name they sat under. Calls here are synchronous, one
transaction each; the routes run them in the store's worker threads.
"""

from __future__ import annotations

import json
import math
import secrets
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func as sql
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine

from thousand.games import game_names
from thousand.stats import Tally, seat_statistics, tally_from_data
from thousand.web.history import finished_games, finished_seats, players, ratings
from thousand.web.protocol import ProtocolError
from thousand.web.ratings import Rating
from thousand.web.rooms.base import hash_token

PAGE_SIZE = 20
"""Games on a page of a player's history."""
LEADERBOARD_SIZE = 100
"""Players a leaderboard shows at most."""
MIN_GAMES = 3
"""Rated games a player needs to be on a leaderboard, unless the request says otherwise:
a rating from one or two games is mostly its uncertainty."""


def refused() -> ProtocolError:
    """A player key the server does not hold, whatever the reason (one answer for all)."""
    return ProtocolError("player_key", "the player key was not accepted", 403)


def players_off() -> ProtocolError:
    return ProtocolError("not_found", "players are off on this server", 404)


def new_key() -> str:
    """A player's key: 192 bits from the operating system's CSPRNG, URL-safe."""
    return secrets.token_urlsafe(24)


def new_player_id() -> str:
    """A player's public id: 72 random bits, URL-safe."""
    return secrets.token_urlsafe(9)


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def create_player(engine: Engine) -> tuple[str, str]:
    """A new player: their public id and their key (the key is not kept, its hash is)."""
    player, key = new_player_id(), new_key()
    with engine.begin() as connection:
        connection.execute(
            insert(players).values(
                id=player, key_hash=hash_token(key), name=None, hidden=False, created=_now()
            )
        )
    return player, key


def player_of_key(engine: Engine, key: str) -> str | None:
    """The public id of the player whose key this is (None: no such key)."""
    with engine.connect() as connection:
        row = connection.execute(
            select(players.c.id).where(players.c.key_hash == hash_token(key))
        ).first()
    return None if row is None else str(row[0])


def remember_name(engine: Engine, player: str, name: str) -> None:
    """The name ``player`` last sat down under."""
    with engine.begin() as connection:
        connection.execute(update(players).where(players.c.id == player).values(name=name))


def set_hidden(engine: Engine, player: str, hidden: bool) -> None:
    with engine.begin() as connection:
        connection.execute(update(players).where(players.c.id == player).values(hidden=hidden))


def player_page(engine: Engine, player: str) -> dict[str, Any] | None:
    """``GET /api/players/{id}``: the player's name and, per game kind, their figures,
    how many games they finished in each place, and their rating (None: no such
    player)."""
    with engine.connect() as connection:
        row = connection.execute(
            select(players.c.name, players.c.hidden).where(players.c.id == player)
        ).first()
        if row is None:
            return None
        seats = connection.execute(
            select(finished_games.c.game, finished_seats.c.place, finished_seats.c.tally)
            .join(finished_games, finished_games.c.id == finished_seats.c.game_id)
            .where(finished_seats.c.player == player, finished_seats.c.place.is_not(None))
            .order_by(finished_games.c.id)
        ).all()
        rated = {
            game: Rating(mu, sigma, games)
            for game, mu, sigma, games in connection.execute(
                select(ratings.c.game, ratings.c.mu, ratings.c.sigma, ratings.c.games).where(
                    ratings.c.player == player
                )
            )
        }
    name = row[0] or ""
    kinds = seat_statistics(name, _seats(seats)).kinds
    placed: dict[str, Counter[int]] = {}
    for game, place, _tally in seats:
        placed.setdefault(game, Counter())[int(place)] += 1
    return {
        "player": player,
        "name": name,
        "hidden": bool(row[1]),
        "games": [
            {
                **kind.to_data(),
                "places": {str(at): n for at, n in sorted(placed.get(kind.game, {}).items())},
                "rating": None if kind.game not in rated else rated[kind.game].to_data(),
            }
            for kind in kinds
        ],
    }


def _seats(rows: Iterable[Any]) -> Iterable[tuple[str, int, Tally]]:
    for game, place, tally in rows:
        if tally is not None:
            yield game, int(place), tally_from_data(json.loads(tally))


def player_games(engine: Engine, player: str, page: int) -> dict[str, Any] | None:
    """``GET /api/players/{id}/games?page=N``: the player's finished games, newest
    first, :data:`PAGE_SIZE` a page (None: no such player)."""
    with engine.connect() as connection:
        if connection.execute(select(players.c.id).where(players.c.id == player)).first() is None:
            return None
        theirs = (
            select(finished_seats.c.game_id)
            .where(finished_seats.c.player == player)
            .distinct()
            .scalar_subquery()
        )
        total = connection.execute(
            select(sql.count()).select_from(finished_games).where(finished_games.c.id.in_(theirs))
        ).scalar_one()
        shown = connection.execute(
            select(
                finished_games.c.id,
                finished_games.c.room,
                finished_games.c.number,
                finished_games.c.game,
                finished_games.c.finished,
                finished_games.c.rated,
            )
            .where(finished_games.c.id.in_(theirs))
            .order_by(finished_games.c.id.desc())
            .limit(PAGE_SIZE)
            .offset((page - 1) * PAGE_SIZE)
        ).all()
        ids = [row[0] for row in shown]
        seats: dict[int, list[dict[str, Any]]] = {game_id: [] for game_id in ids}
        for game_id, seat, kind, name, who, place in connection.execute(
            select(
                finished_seats.c.game_id,
                finished_seats.c.seat,
                finished_seats.c.kind,
                finished_seats.c.name,
                finished_seats.c.player,
                finished_seats.c.place,
            )
            .where(finished_seats.c.game_id.in_(ids))
            .order_by(finished_seats.c.game_id, finished_seats.c.seat)
        ):
            seats[game_id].append(
                {"seat": seat, "name": name, "kind": kind, "place": place, "player": who}
            )
    pages = max(1, math.ceil(total / PAGE_SIZE))
    return {
        "player": player,
        "page": page,
        "pages": pages,
        "total": total,
        "games": [
            {
                "room": room,
                "number": number,
                "game": game,
                "finished": finished,
                "rated": bool(rated),
                "places": seats[game_id],
                "record": f"/api/rooms/{room}/record?number={number}",
            }
            for game_id, room, number, game, finished, rated in shown
        ],
    }


def leaderboard(engine: Engine, game: str, min_games: int) -> dict[str, Any]:
    """``GET /api/leaderboard/{game}``: the players of ``game`` with ``min_games`` rated
    games or more, best conservative rating (μ − 3σ) first, those who asked to be off it
    left out (422 for a game the server does not know)."""
    if game not in game_names():
        raise ProtocolError("invalid", f"game: unknown game {json.dumps(game)[:40]}", 422)
    shown = ratings.c.mu - 3 * ratings.c.sigma
    with engine.connect() as connection:
        rows = connection.execute(
            select(players.c.id, players.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .join(players, players.c.id == ratings.c.player)
            .where(
                ratings.c.game == game,
                ratings.c.games >= min_games,
                players.c.hidden.is_(False),
            )
            .order_by(shown.desc(), players.c.id)
            .limit(LEADERBOARD_SIZE)
        ).all()
    return {
        "game": game,
        "min_games": min_games,
        "players": [
            {"rank": rank, "player": player, "name": name or "", **Rating(mu, sigma, n).to_data()}
            for rank, (player, name, mu, sigma, n) in enumerate(rows, start=1)
        ],
    }
