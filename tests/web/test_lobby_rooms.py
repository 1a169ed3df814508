"""What the lobby lists: rooms someone is in or was in lately, none finished nor
abandoned, each still reachable by its link; and the computers named in the language of
whoever looks (issue 25, items 5 and 8).

A room nobody has been connected to for ``Settings.stale_seconds`` (made and never
entered, or left by everyone) leaves "Open rooms"; whoever has its link still finds it,
and coming back lists it again. The clock is the hub's own (``hub.clock``), moved on here.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, cast

from fastapi.testclient import TestClient

from tests.web.support import (
    TINY_RULES,
    connect,
    create_room,
    finish_solo,
    new_app,
    running,
    spectator_state,
)
from thousand.core.i18n import translator
from thousand.web.cluster import Cluster, LocalCluster
from thousand.web.hub import Hub
from thousand.web.protocol import CreateRoom
from thousand.web.settings import Settings
from thousand.web.store import AsyncStore, Store

STALE = 600.0


def _hub(client: TestClient) -> Hub:
    return cast(Hub, client.app.state.hub)  # type: ignore[attr-defined]


def _later(client: TestClient, seconds: float) -> None:
    """The hub's wall clock moved ``seconds`` on."""
    hub = _hub(client)
    now = hub.clock()
    hub.clock = lambda: now + seconds


def _listed(client: TestClient, lang: str | None = None) -> dict[str, dict[str, Any]]:
    query = "" if lang is None else f"?lang={lang}"
    return {room["room"]: room for room in client.get(f"/api/rooms{query}").json()["rooms"]}


def test_abandoned_and_finished_rooms_leave_the_list_and_stay_reachable(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        abandoned, _ = create_room(client)  # made, never entered
        left, left_token = create_room(client, seats=[{"bot": "cautious"}])
        kept, kept_token = create_room(client)
        over, over_token = create_room(client, seats=[], rules=TINY_RULES)
        with contextlib.ExitStack() as brief:  # Anna looks in, then leaves
            connect(brief, client, left, left_token).next_state()
        finish_solo(connect(stack, client, over, over_token))
        there = connect(stack, client, kept, kept_token)  # Vera stays
        there.next_state()
        assert set(_listed(client)) == {abandoned, left, kept}

        _later(client, STALE - 30)
        assert set(_listed(client)) == {abandoned, left, kept}
        _later(client, STALE + 30)
        assert set(_listed(client)) == {kept}

        for room in (abandoned, left, over):  # the link still leads there
            assert client.get(f"/r/{room}").status_code == 200
            assert spectator_state(client, room)["room"]["room"] == room
        back = connect(stack, client, left, left_token)  # someone is back: listed again
        back.next_state()
        assert set(_listed(client)) == {left, kept}


def test_a_restarted_server_lists_by_the_stored_time(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client)
    with running(new_app(tmp_path)) as client:
        assert set(_listed(client)) == {room}
        _later(client, STALE + 30)
        assert _listed(client) == {}


class Company:
    """A cluster of one that the hub takes for several (no Redis needed)."""

    def __init__(self) -> None:
        self._alone = LocalCluster()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._alone, name)


def test_every_process_of_a_deployment_lists_by_the_stored_time(tmp_path: Path) -> None:
    """A room made by one process is listed by another, which knows nothing of its
    connections but the stored time of the last one, and leaves it out once that is old."""
    url = f"sqlite:///{tmp_path}/s.db"

    async def scenario() -> None:
        settings = Settings(db_url=url, bot_delay=0.0, resync_seconds=3600.0)
        first = Hub(settings, AsyncStore(Store(url)), cast(Cluster, Company()))
        second = Hub(settings, AsyncStore(Store(url)), cast(Cluster, Company()))
        await first.start()
        await second.start()
        body = {"name": "Anna", "seats": [{"bot": "balanced"}], "options": {"language": "en"}}
        room, _ = await first.create(CreateRoom.model_validate(body))
        listed = await second.lobby(translator("ru"))
        assert [item["room"] for item in listed] == [room.id]
        assert [seat["name"] for seat in listed[0]["seats"]] == ["Anna", "Расчётливый"]
        now = second.clock()
        second.clock = lambda: now + STALE + 30
        await asyncio.sleep(1.1)  # past the lobby's one-second cache
        assert await second.lobby(translator("ru")) == []
        for hub in (first, second):
            await hub.stop()
            hub.store.close()

    asyncio.run(scenario())


def test_a_computer_is_named_in_each_viewers_language(tmp_path: Path) -> None:
    """Made on an English page, watched on a Russian one: the computer's name, everywhere
    the Russian page shows it, is its level in Russian."""
    body = {
        "name": "Anna",
        "seats": [{"bot": "balanced"}, {"bot": "balanced"}],
        "options": {"language": "en"},
    }
    with running(new_app(tmp_path)) as client:
        made = client.post("/api/rooms", json=body).json()
        room = made["room"]
        english = client.get(f"/api/rooms/{room}?lang=en").json()
        russian = client.get(f"/api/rooms/{room}?lang=ru").json()
        listed_ru = _listed(client, "ru")[room]
    assert [seat["name"] for seat in english["room"]["seats"]] == ["Anna", "Balanced", "Balanced 2"]
    assert [seat["name"] for seat in russian["room"]["seats"]] == [
        "Anna",
        "Расчётливый",
        "Расчётливый 2",
    ]
    assert [seat["name"] for seat in listed_ru["seats"]] == ["Anna", "Расчётливый", "Расчётливый 2"]
    game = russian["game"]
    assert [player["name"] for player in game["players"]] == [
        "Anna",
        "Расчётливый",
        "Расчётливый 2",
    ]
    assert game["view"]["sheet"]["players"] == ["Anna", "Расчётливый", "Расчётливый 2"]
    assert "Balanced" not in str(russian)


def test_api_games_says_which_games_rooms_have_the_advisor(tmp_path: Path) -> None:
    """The lobby offers the advisor for the games whose rooms have one, and keeps no list
    of them: dice 1000's and card Thousand's rooms have it; poker dice's have none yet
    (its coach is the terminal's, ``thousand advise``), so its lobby offers none."""
    with running(new_app(tmp_path)) as client:
        games = client.get("/api/games").json()["games"]
    assert {game["name"]: game["advisor"] for game in games} == {
        "dice1000": True,
        "poker_dice": False,
        "card1000": True,
    }
