"""What the lobby's open rooms say, in a real browser (Debian's Chromium, Playwright).

Without /usr/bin/chromium these tests are skipped, except under ``CI=true``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .browser_support import Browsing, Server, serve


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium  # no server without a browser to use it
    with serve(tmp_path_factory.mktemp("lobby-words")) as running:
        yield running


@pytest.mark.parametrize(
    ("locale", "rules", "title"),
    [
        # Russian calls the sheet by the game's name: said once, not «…: Покер на костях»
        ("ru-RU", "russian", "Покер на костях"),
        ("ru-RU", "yahtzee", "Покер на костях: Яхтзи"),
        ("en-US", "russian", "Poker dice: Russian sheet"),
    ],
)
def test_an_open_poker_room_is_titled_by_the_game_once(
    browsing: Browsing, server: Server, locale: str, rules: str, title: str
) -> None:
    body = {"name": "Anna", "game": "poker_dice", "rules": rules, "seats": [{"open": True}]}
    response = server.http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    room = str(response.json()["room"])
    page = browsing.page(locale=locale)
    page.goto(server.url)
    card = page.locator(".room-card").filter(has=page.locator(f'a[href="/r/{room}"]'))
    expect(card.locator(".room-title strong")).to_have_text(title)
