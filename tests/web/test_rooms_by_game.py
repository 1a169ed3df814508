"""The server along the game axis: each game's rooms and views found through the registry,
views built from the game's observation (a shared part once per change, a seat's own per
connection), the record of a game in play through the game's ``shown_record``, and no
module of ``thousand.web`` naming a game outside that game's own adapter."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import thousand.web
from thousand.core.i18n import translator
from thousand.games import adapter, game_names, games_offering, load_game
from thousand.web.protocol import GAMES, MAX_SEATS, CreateRoom, ProtocolError
from thousand.web.rooms.base import BaseRoom
from thousand.web.tables import game_view, games_of, room_type

from .support import TINY_RULES, connect, create_room, finish_solo, new_app, running

ONLINE = games_offering("online")


def _room(game: str, **body: Any) -> BaseRoom:
    """A room of ``game`` where Anna (seat 0) plays as few computers as its rules allow
    (a card game's rules fix the number of players: one more until the room takes them)."""
    for count in range(1, MAX_SEATS):
        data: dict[str, Any] = {
            "name": "Anna",
            "game": game,
            "seats": [{"bot": _level(game)}] * count,
        }
        data.update(body)
        try:
            room, _token = room_type(game).create(CreateRoom.model_validate(data))
        except ProtocolError as exc:
            if exc.status != 422 or not exc.message.startswith("seats:"):
                raise
            continue
        assert room.mover is not None
        return room
    raise AssertionError(f"no room of {game} with Anna and computers")


def _level(game: str) -> str:
    return room_type(game).LEVELS[0]


def _spy_observe(
    monkeypatch: pytest.MonkeyPatch, game: str, answer: Callable[[Any, int | None], Any] | None
) -> list[tuple[Any, int | None]]:
    """The game's ``observe`` replaced by one noting each call (and answering ``answer``'s
    observation, or the real one)."""
    engine = load_game(game)
    real = engine.observe
    calls: list[tuple[Any, int | None]] = []

    def observe(position: Any, seat: int | None) -> Any:
        calls.append((position, seat))
        return (answer or real)(position, seat)

    monkeypatch.setattr(engine, "observe", observe)
    return calls


def test_the_games_rooms_may_host_are_the_registrys() -> None:
    assert GAMES == ONLINE
    for name in ONLINE:
        assert room_type(name) is adapter(name, "web").ROOM
        assert name == room_type(name).GAME


@pytest.mark.parametrize("game", ONLINE)
def test_every_view_goes_through_the_games_observe(
    monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """The shared part from the spectator's observation, the mover's own part from the
    mover's; the session's position is what is observed."""
    room = _room(game)
    assert room.session is not None
    calls = _spy_observe(monkeypatch, game, None)
    tr = translator("en")
    game_view(room, 0, tr, [True, True])
    assert calls and all(position is room.session.now for position, _ in calls)
    assert [seat for _, seat in calls] == [None, 0]
    calls.clear()
    spectator = game_view(room, None, tr, [True, True])
    assert calls == []  # the shared part was built already; a spectator has no own part
    assert spectator["legal"] == []


def test_a_seats_own_part_is_what_its_observation_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    """A marker observation for seat 0 (a position after a throw, where boxes may be
    written) makes seat 0's ``legal``; the shared part keeps the spectator's."""
    room = _room("poker_dice", rules="yahtzee")
    tr = translator("en")
    assert game_view(room, 0, tr, [True, True])["legal"] == ["throw"]
    other = _room("poker_dice", rules="yahtzee")
    other.act(0, "throw", other.seq)
    assert other.session is not None
    marker = other.session.now
    real = load_game("poker_dice").observe
    _spy_observe(monkeypatch, "poker_dice", lambda p, s: marker if s == 0 else real(p, s))
    room.view_cache.clear()
    mine = game_view(room, 0, tr, [True, True])
    assert any(isinstance(item, dict) and "box" in item for item in mine["legal"])
    assert mine["scores_now"] == {}  # the shared part: the spectator's (turn not begun)


def test_the_shared_part_is_built_once_per_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many connections of one ``seq`` and language: the shared part is built once; a
    change of the room, or another language, builds it again."""
    room = _room("dice1000")
    views = adapter("dice1000", "web")
    built: list[int] = []
    real = views.shared_view

    def counted(room: Any, tr: Any, connected: Any) -> dict[str, Any]:
        built.append(room.seq)
        result: dict[str, Any] = real(room, tr, connected)
        return result

    monkeypatch.setattr(views, "shared_view", counted)
    en, ru = translator("en"), translator("ru")
    seats = [0, 1, None, None, 0, None, 1]
    views_now = [game_view(room, seat, en, [True, True]) for seat in seats]
    assert built == [room.seq]
    assert views_now[0]["legal"] and not views_now[1]["legal"] and not views_now[2]["legal"]
    room.act(0, "throw", room.seq)
    for seat in seats:
        game_view(room, seat, en, [True, True])
    assert built == [0, 1]
    game_view(room, None, ru, [True, True])
    assert built == [0, 1, 1]


def test_the_record_in_play_is_what_the_game_shows_the_asker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``GET /record`` during play: the game's ``shown_record`` for the token's seat (None
    without a token, or with a token of no seat), the bots' seed still withheld; after
    the game the whole record, not through ``shown_record``."""
    engine = load_game("dice1000")
    asked: list[int | None] = []

    def shown_record(record: dict[str, Any], seat: int | None) -> dict[str, Any]:
        asked.append(seat)
        return {**record, "meta": {**record["meta"], "seed": 7, "shown_to": seat}}

    monkeypatch.setattr(engine, "shown_record", shown_record)
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client, seats=[{"bot": "bold"}])
        for query, seat in ((f"?token={token}", 0), ("", None), ("?token=nobody", None)):
            record = client.get(f"/api/rooms/{room}/record{query}").json()
            assert record["meta"]["shown_to"] == seat
            assert "seed" not in record["meta"] and "dice_seed" not in record["meta"]
        assert asked == [0, None, None]
        solo, solo_token = create_room(client, seats=[], rules=TINY_RULES)
        finish_solo(connect(stack, client, solo, solo_token))
        record = client.get(f"/api/rooms/{solo}/record?token={solo_token}").json()
    assert asked == [0, None, None]
    assert "shown_to" not in record["meta"] and "dice_seed" in record["meta"]


def test_api_games_lists_the_online_games_with_their_presets_rules(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        games = client.get("/api/games").json()["games"]
    assert [game["name"] for game in games] == list(ONLINE)
    for game in games:
        engine = load_game(game["name"])
        assert [preset["name"] for preset in game["presets"]] == list(engine.INFO.presets)
        for preset in game["presets"]:
            assert preset["rules"] == engine.load_preset(preset["name"]).to_data()


def test_no_module_of_the_server_names_a_game_outside_its_adapter() -> None:
    """Only ``thousand/web/rooms/NAME/`` may name the game ``NAME`` (or import it)."""
    root = Path(thousand.web.__file__).parent
    named = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        for name in game_names():
            if relative.parts[:2] == ("rooms", name):
                continue
            if name in path.read_text(encoding="utf-8"):
                named.append(f"{relative}: {name}")
    assert named == []


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_games_preset_titles_are_capitalised_alike(language: str) -> None:
    """The lobby lists a game's presets side by side: one lowercase title among
    capitalised ones (poker dice's "best hand") read as a mistake. Game titles are
    capitalised; dice 1000 writes all its preset names in lower case, as words in a
    sentence ("classic", "barrel 850")."""
    for game in games_of(translator(language))["games"]:
        assert game["title"][:1].isupper(), game["title"]
        titles = [preset["title"] for preset in game["presets"]]
        words = [title.split()[0] for title in titles]
        # an acronym ("USSR box") is capital whichever way the others are written
        capitals = {word[:1].isupper() for word in words if not (len(word) > 1 and word.isupper())}
        assert len(capitals) == 1, (game["name"], titles)
