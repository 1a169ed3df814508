"""Players without an account (issue 30): a key made once and kept only as its hash, the
seats it takes counted toward its player, finished games kept with their places, ratings
by openskill recomputable from the stored games, the leaderboard, and players off.

Rooms are dice 1000 under :data:`TINY_RULES` (the first stop at 50 wins: a few turns),
the people stopping whenever they may; every test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import logging
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text, update

from tests.web.support import TINY_RULES, BaseConn, Conn, connect, error_of, get_record, running
from thousand.cli.main import main
from thousand.stats import DiceTally, summarize
from thousand.web import history
from thousand.web.ratings import NEW
from thousand.web.server import Settings, create_app
from thousand.web.store import Store, database_url


def app_on(db_url: str, **settings: Any) -> Any:
    return create_app(Settings(db_url=db_url, bot_delay=0.0, action_rate=0.0, **settings))


def new_player(client: TestClient) -> tuple[str, str]:
    response = client.post("/api/players", json={})
    assert response.status_code == 201, response.text
    data = response.json()
    assert set(data) == {"player", "key"}
    return str(data["player"]), str(data["key"])


def create(client: TestClient, name: str, key: str | None, seats: list[dict[str, Any]]) -> Any:
    body: dict[str, Any] = {"name": name, "rules": TINY_RULES, "seats": seats}
    if key is not None:
        body["player"] = key
    return client.post("/api/rooms", json=body)


def join(client: TestClient, room: str, name: str, key: str | None) -> Any:
    body: dict[str, Any] = {"name": name}
    if key is not None:
        body["player"] = key
    return client.post(f"/api/rooms/{room}/join", json=body)


def play_to_the_end(conns: Mapping[int, BaseConn]) -> dict[str, Any]:
    """Each person stops whenever they may (else throws) until the game is over: the
    last state."""
    watcher = next(iter(conns.values()))
    pending = watcher.latest() if watcher.seq is not None else None
    for _ in range(2000):
        state = watcher.next_state() if pending is None else pending
        pending = None
        if state["room"]["status"] == "over":
            return state
        if state["game"]["thinking"]:
            continue
        to_move = state["game"]["to_move"]
        seat = next(p["seat"] for p in state["game"]["players"] if p["name"] == to_move)
        if seat not in conns:
            continue
        conn = conns[seat]
        own = state if conn is watcher else conn.state_at(state["seq"])
        legal = own["game"]["legal"]
        conn.act("stop" if "stop" in legal else legal[0], state["seq"])
    raise AssertionError("the game did not end")


def two_people_game(
    client: TestClient, stack: contextlib.ExitStack, anna: str | None, boris: str | None
) -> tuple[str, list[Conn]]:
    """Anna and Boris (each with their key, if any) play a room to its end."""
    created = create(client, "Anna", anna, [{"open": True}])
    assert created.status_code == 201, created.text
    room, anna_token = created.json()["room"], created.json()["token"]
    joined = join(client, room, "Boris", boris)
    assert joined.status_code == 200, joined.text
    conns = [
        connect(stack, client, room, anna_token),
        connect(stack, client, room, joined.json()["token"]),
    ]
    play_to_the_end({0: conns[0], 1: conns[1]})
    return room, conns


def rematch(conns: list[Conn]) -> None:
    """Both ask for the next game and play it to its end (the seats move one place)."""
    number = conns[0].latest()["room"]["number"] + 1
    for conn in conns:
        conn.send({"type": "rematch"})
    seats = {}
    for conn in conns:
        while (state := conn.next_state())["room"]["number"] != number:
            pass
        seats[state["you"]] = conn
    play_to_the_end(dict(sorted(seats.items())))


def rows(db_url: str, query: str) -> list[tuple[Any, ...]]:
    engine = create_engine(database_url(db_url))
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(query)).all()]
    finally:
        engine.dispose()


def everything_stored(db_url: str) -> str:
    """Every table's every row as text (what a stolen database would hold)."""
    tables = ["rooms", "games", "room_records", "room_log", "chat"]
    tables += ["players", "finished_games", "finished_seats", "ratings"]
    return "\n".join(repr(rows(db_url, f"SELECT * FROM {table}")) for table in tables)


def ratings_command(db_url: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["ratings", "--db", db_url, *args], stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with running(app_on(db_url)) as running_client:
        yield running_client


# -- the key -------------------------------------------------------------------------


def test_a_key_is_made_once_and_kept_only_as_its_hash(db_url: str, client: TestClient) -> None:
    player, key = new_player(client)
    other, other_key = new_player(client)
    assert player != other and key != other_key
    assert len(key) >= 32  # 192 bits, URL-safe
    stored = rows(db_url, "SELECT id, key_hash FROM players ORDER BY created, id")
    assert (player, hashlib.sha256(key.encode()).hexdigest()) in stored
    assert key not in everything_stored(db_url) and other_key not in everything_stored(db_url)
    page = client.get(f"/api/players/{player}").json()
    assert page == {"player": player, "name": "", "hidden": False, "games": []}


def test_a_forged_or_unknown_key_is_refused_one_way(client: TestClient) -> None:
    player, key = new_player(client)
    room = create(client, "Anna", None, [{"open": True}, {"open": True}]).json()["room"]
    seat_token = create(client, "Vera", None, [{"open": True}]).json()["token"]
    unknown = "A" * 32  # well formed, never made
    forged = [key[:-1] + ("B" if key[-1] != "B" else "C"), "x", player, seat_token, unknown]
    answers = set()
    for bad in forged:
        for response in (
            create(client, "Gleb", bad, []),
            join(client, room, "Gleb", bad),
            client.post(
                "/api/players/me/hidden",
                json={"hidden": True},
                headers={"Authorization": f"Bearer {bad}"},
            ),
        ):
            answers.add((response.status_code, response.text))
            assert bad not in response.text
    assert answers == {
        (403, '{"error":{"code":"player_key","message":"the player key was not accepted"}}')
    }
    assert error_of(client.post("/api/players/me/hidden", json={"hidden": True}))[:2] == (
        403,
        "player_key",
    )
    # nothing was taken by the refusals
    assert [seat["open"] for seat in client.get(f"/api/rooms/{room}").json()["room"]["seats"]] == [
        False,
        True,
        True,
    ]


def test_the_key_is_in_no_state_no_answer_and_no_log(
    db_url: str, client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    anna, anna_key = new_player(client)
    boris, boris_key = new_player(client)
    with contextlib.ExitStack() as stack:
        room, conns = two_people_game(client, stack, anna_key, boris_key)
        watcher = connect(stack, client, room)
        watcher.next_state()
        for conn in [*conns, watcher]:
            conn.sync()
    answers = [
        client.get(f"/api/rooms/{room}").text,
        client.get(f"/api/rooms/{room}/record").text,
        client.get("/api/rooms").text,
        client.get(f"/api/players/{anna}").text,
        client.get(f"/api/players/{boris}/games").text,
        client.get("/api/leaderboard/dice1000?min_games=1").text,
    ]
    seen = [*answers, *(raw for conn in [*conns, watcher] for raw in conn.raw), caplog.text]
    seen += [repr(record.args) for record in caplog.records]
    for key in (anna_key, boris_key):
        assert all(key not in each for each in seen)
        assert key not in everything_stored(db_url)
    # the public id is not in the states either: a seat's player is the server's to know
    assert all(anna not in raw for conn in conns for raw in conn.raw)


# -- history -------------------------------------------------------------------------


def test_two_finished_games_are_listed_newest_first_with_their_places(
    db_url: str, client: TestClient
) -> None:
    anna, anna_key = new_player(client)
    with contextlib.ExitStack() as stack:
        # a game with Boris, who has no key, then one with a computer
        first, _ = two_people_game(client, stack, anna_key, None)
        created = create(client, "Anna A.", anna_key, [{"bot": "cautious"}])
        second, token = created.json()["room"], created.json()["token"]
        assert created.json()["player"] == anna
        play_to_the_end({0: connect(stack, client, second, token)})
    listed = client.get(f"/api/players/{anna}/games").json()
    assert (listed["page"], listed["pages"], listed["total"]) == (1, 1, 2)
    assert [(game["room"], game["number"]) for game in listed["games"]] == [
        (second, 1),
        (first, 1),
    ]
    for game in listed["games"]:
        record = client.get(game["record"]).json()
        assert record == get_record(client, game["room"], 1)
        places = summarize(record).places
        assert [seat["place"] for seat in game["places"]] == list(places)
        assert [seat["name"] for seat in game["places"]] == record["players"]
        assert game["places"][0]["player"] == anna and game["game"] == "dice1000"
        assert game["places"][1]["player"] is None
        assert not game["rated"]  # one person with a key: nobody to be rated against
    assert listed["games"][0]["places"][1]["kind"] == "bot"
    page = client.get(f"/api/players/{anna}").json()
    assert page["name"] == "Anna A."  # the name last typed
    (dice,) = page["games"]
    wins = sum(game["places"][0]["place"] == 1 for game in listed["games"])
    assert (dice["game"], dice["games"], dice["wins"]) == ("dice1000", 2, wins)
    assert dice["average_place"] == sum(g["places"][0]["place"] for g in listed["games"]) / 2
    mine = [str(game["places"][0]["place"]) for game in listed["games"]]
    assert dice["places"] == {place: mine.count(place) for place in sorted(set(mine))}
    assert dice["turns"] > 0 and dice["rating"] is None
    assert client.get(f"/api/players/{anna}/games?page=2").json()["games"] == []
    assert error_of(client.get("/api/players/nobody"))[:2] == (404, "not_found")


def test_ratings_follow_the_games_and_recompute_equal(db_url: str, client: TestClient) -> None:
    anna, anna_key = new_player(client)
    boris, boris_key = new_player(client)
    with contextlib.ExitStack() as stack:
        _, conns = two_people_game(client, stack, anna_key, boris_key)
        first = {p: client.get(f"/api/players/{p}").json()["games"][0] for p in (anna, boris)}
        rematch(conns)
        rematch(conns)
    for player in (anna, boris):
        (dice,) = client.get(f"/api/players/{player}").json()["games"]
        assert dice["games"] == 3
        rating = dice["rating"]
        assert rating["rated_games"] == 3 and rating["sigma"] < first[player]["rating"]["sigma"]
        assert first[player]["rating"]["sigma"] < NEW.sigma
        assert rating["rating"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=0.01)
    pages = {p: client.get(f"/api/players/{p}").json()["games"][0] for p in (anna, boris)}
    assert pages[anna]["wins"] + pages[boris]["wins"] == 3
    board = client.get("/api/leaderboard/dice1000").json()  # three games: the default minimum
    assert board["min_games"] == 3
    best_first = sorted((anna, boris), key=lambda p: -pages[p]["rating"]["rating"])
    assert [row["player"] for row in board["players"]] == best_first
    assert [row["rating"] for row in board["players"]] == [
        pages[p]["rating"]["rating"] for p in best_first
    ]
    # recomputed from the stored games, in order of finish: the same to the last bit
    engine = create_engine(database_url(db_url))
    with engine.connect() as connection:
        assert history.recompute(connection) == history.stored_ratings(connection)
    assert ratings_command(db_url, "--check")[0] == 0
    with engine.begin() as connection:
        connection.execute(
            update(history.ratings).where(history.ratings.c.player == anna).values(mu=40.0)
        )
    status, out, _ = ratings_command(db_url, "--check")
    assert status == 1 and "differ" in out
    assert ratings_command(db_url)[0] == 0
    assert ratings_command(db_url, "--check")[0] == 0
    with engine.connect() as connection:
        assert history.recompute(connection) == history.stored_ratings(connection)
        kept = connection.execute(select(history.finished_games.c.rated)).scalars().all()
    engine.dispose()
    assert kept == [True, True, True]


def test_ratings_of_a_database_file_that_is_not_there_make_none(tmp_path: Path) -> None:
    """A mistyped path is exit 2 naming it, not a new, empty database that checks equal."""
    missing = tmp_path / "server.db"
    status, _out, err = ratings_command(f"sqlite:///{missing}", "--check")
    assert status == 2 and f"no database file at {missing}" in err
    assert not missing.exists()


# -- the leaderboard -------------------------------------------------------------------


def keep(
    db_url: str,
    number: int,
    places: dict[str, int],
    game: str = "dice1000",
    finished: history.FinishedGame | None = None,
) -> None:
    """A finished game of players ``places`` (or ``finished``) kept as a room's end
    keeps one."""
    engine = create_engine(database_url(db_url))
    seats = tuple(
        history.FinishedSeat("person", f"P{player}", player, place, None)
        for player, place in places.items()
    )
    if finished is None:
        stamp = f"2026-01-01T00:00:{number:02}"
        finished = history.FinishedGame("r", number, game, stamp, seats, {})
    with engine.begin() as connection:
        history.lock_ratings(connection)
        history.keep_finished(connection, finished)
    engine.dispose()


def test_the_leaderboard_has_a_minimum_of_games_and_hides_who_asks(
    db_url: str, client: TestClient
) -> None:
    made = [new_player(client) for _ in range(3)]
    ids = [player for player, _ in made]
    for number in range(1, 4):  # the first always wins; the third sits in one game only
        keep(db_url, number, {ids[0]: 1, ids[1]: 2} | ({ids[2]: 3} if number == 1 else {}))
    board = client.get("/api/leaderboard/dice1000").json()
    assert [row["player"] for row in board["players"]] == ids[:2]
    assert [row["rank"] for row in board["players"]] == [1, 2]
    everyone = client.get("/api/leaderboard/dice1000?min_games=1").json()
    assert [row["player"] for row in everyone["players"]] == ids
    hide = {"Authorization": f"Bearer {made[0][1]}"}
    assert client.post("/api/players/me/hidden", json={"hidden": True}, headers=hide).json() == {
        "player": ids[0],
        "hidden": True,
    }
    assert [row["player"] for row in client.get("/api/leaderboard/dice1000").json()["players"]] == [
        ids[1]
    ]
    assert client.get(f"/api/players/{ids[0]}").json()["hidden"] is True
    client.post("/api/players/me/hidden", json={"hidden": False}, headers=hide)
    assert len(client.get("/api/leaderboard/dice1000").json()["players"]) == 2
    assert client.get("/api/leaderboard/poker_dice").json()["players"] == []
    assert error_of(client.get("/api/leaderboard/chess"))[:2] == (422, "invalid")
    assert error_of(client.get("/api/leaderboard/dice1000?min_games=0"))[:2] == (422, "invalid")


def test_a_key_tells_whose_it_is_and_a_forged_one_is_refused(client: TestClient) -> None:
    """GET /api/players/me: how a recovery link's key is checked before a page keeps it."""
    player, key = new_player(client)
    mine = client.get("/api/players/me", headers={"Authorization": f"Bearer {key}"})
    assert mine.status_code == 200 and mine.json() == {"player": player}
    forged = key[:-1] + ("B" if key[-1] != "B" else "C")
    for headers in ({"Authorization": f"Bearer {forged}"}, {"Authorization": player}, {}):
        assert error_of(client.get("/api/players/me", headers=headers))[:2] == (403, "player_key")


# -- players off -----------------------------------------------------------------------


def test_with_players_off_the_routes_are_404_and_a_key_is_ignored(
    db_url: str, client: TestClient
) -> None:
    player, key = new_player(client)
    with running(app_on(db_url, players=False)) as off:
        for response in (
            off.post("/api/players", json={}),
            off.get(f"/api/players/{player}"),
            off.get(f"/api/players/{player}/games"),
            off.get("/api/leaderboard/dice1000"),
            off.get("/api/players/me", headers={"Authorization": f"Bearer {key}"}),
            off.post(
                "/api/players/me/hidden",
                json={"hidden": True},
                headers={"Authorization": f"Bearer {key}"},
            ),
        ):
            assert error_of(response) == (404, "not_found", "players are off on this server")
        created = create(off, "Anna", key, [{"open": True}])
        assert created.status_code == 201 and created.json()["player"] is None
        joined = join(off, created.json()["room"], "Boris", "forged")
        assert joined.status_code == 200 and joined.json()["player"] is None
    stored = rows(db_url, "SELECT doc FROM rooms")
    assert all(seat["player"] is None for (doc,) in stored for seat in json.loads(doc)["seats"])


def test_players_off_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THOUSAND_PLAYERS", "off")
    assert Settings(db_url="sqlite://").players is False
    monkeypatch.setenv("THOUSAND_PLAYERS", "on")
    assert Settings(db_url="sqlite://").players is True


def test_serve_takes_no_players() -> None:
    from thousand.cli.main import build_parser  # noqa: PLC0415

    assert build_parser().parse_args(["serve", "--no-players"]).no_players is True
    assert build_parser().parse_args(["serve"]).no_players is False


# -- every kind of game --------------------------------------------------------------


def finished_records() -> list[dict[str, Any]]:
    from tests.stats.test_stats import FIXTURES, SMALL, random_record  # noqa: PLC0415

    return [
        random_record("dice1000", SMALL, 2, 7),
        random_record("poker_dice", "yahtzee", 3, 7),
        json.loads((FIXTURES / "classic.json").read_text(encoding="utf-8")),
    ]


@pytest.mark.parametrize("record", finished_records(), ids=lambda r: str(r.get("game")))
def test_every_kind_of_game_is_kept_with_the_places_of_the_statistics(
    db_url: str, record: dict[str, Any]
) -> None:
    Store(db_url).close()  # the tables, migrated
    players = [str(name) for name in record["players"]]
    seats = [("person", name, f"id{index}") for index, name in enumerate(players)]
    game = str(record.get("game", "dice1000"))
    finished = history.finished_game("room1", 1, game, seats, record)
    summary = summarize(record)
    assert [seat.place for seat in finished.seats] == list(summary.places)
    keep(db_url, 1, {}, finished=finished)
    stored = rows(db_url, "SELECT seat, place FROM finished_seats ORDER BY seat")
    assert stored == list(enumerate(summary.places))
    assert rows(db_url, "SELECT game, rated FROM finished_games") == [(game, True)]
    assert len(rows(db_url, f"SELECT * FROM ratings WHERE game = '{game}'")) == len(players)


def test_a_dice_game_is_weighed_against_perfect_play_on_the_players_page(
    db_url: str, client: TestClient
) -> None:
    """A classic two-player game (a shipped solved table): the history weighs each
    player's choices, and the player's page shows the winning chance given away."""
    from thousand.games.dice1000.solver.seats import perfect_play  # noqa: PLC0415

    record = json.loads((Path(__file__).parents[2] / "examples" / "classic.json").read_text())
    player, _key = new_player(client)
    names = [str(name) for name in record["players"]]
    seats = [("person", name, player if seat == 0 else None) for seat, name in enumerate(names)]
    finished = history.finished_game("room1", 1, "dice1000", seats, record)
    expected = summarize(record, lambda game, position: perfect_play(position)).tallies[0]
    assert isinstance(expected, DiceTally)
    assert finished.seats[0].tally is not None
    assert finished.seats[0].tally["weighed_games"] == 1
    assert finished.seats[0].tally["gave_away"] == pytest.approx(expected.gave_away)
    keep(db_url, 1, {}, finished=finished)
    page = client.get(f"/api/players/{player}").json()
    (dice,) = page["games"]
    assert dice["game"] == "dice1000" and dice["games"] == 1
    assert dice["gave_away_per_game"] == pytest.approx(expected.gave_away)
    assert 0 < dice["gave_away_per_game"] < 1


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/leaderboard/dice1000?min_games=99999999999999999999999", "min_games"),
        ("/api/leaderboard/dice1000?min_games=abc", "min_games"),
        ("/api/players/{player}/games?page=99999999999999999999999", "page"),
        ("/api/players/{player}/games?page=2.5", "page"),
        ("/api/rooms/{room}/record?number=99999999999999999999999", "number"),
        ("/api/rooms/{room}/record?number=-1", "number"),
    ],
)
def test_numbers_in_an_address_past_any_bound_are_422_naming_the_field(
    client: TestClient, path: str, field: str
) -> None:
    """Never an overflow in the database (a 500): PROTOCOL.md's body, the field named."""
    player, _key = new_player(client)
    room = create(client, "Anna", None, [{"open": True}]).json()["room"]
    status, code, message = error_of(client.get(path.format(player=player, room=room)))
    assert (status, code) == (422, "invalid")
    assert message.startswith(f"{field}: ")
