"""The lobby starts a game in one tap (issue 25, item 5), in a real browser (Debian's
Chromium, Playwright): "Play the computer" and "Play with friends" on the first screen
of a 1280×800 desktop and of a 360×740 phone, in both languages; one tap with nothing
chosen seats a computer of the game's middle level under its default rules, or opens a
room whose page shows the invite link; every other option is folded below; and a
computer's name on the Russian page is Russian though the room was made in English.

Without /usr/bin/chromium these tests are skipped, except under ``CI=true``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser_support import Browsing, Server, serve, wait_connected

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
}
START = {
    "en-US": ("Play the computer", "Play with friends"),
    "ru-RU": ("Играть с компьютером", "Играть с друзьями"),
}


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium  # no server without a browser to use it
    with serve(tmp_path_factory.mktemp("lobby-start")) as running:
        yield running


def room_of(page: Page, server: Server) -> dict[str, Any]:
    """The room the page went to, as the server summarises it."""
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    room = page.url.rsplit("/", 1)[1]
    answer = server.http.get(f"/api/rooms/{room}")
    assert answer.status_code == 200, answer.text
    summary: dict[str, Any] = answer.json()["room"]
    return summary


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_start_buttons_are_on_the_first_screen(
    browsing: Browsing, server: Server, locale: str, screen: dict[str, Any]
) -> None:
    page = browsing.page(locale=locale, **screen)
    page.goto(f"{server.url}/")
    width, height = screen["viewport"]["width"], screen["viewport"]["height"]
    for name in START[locale]:
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
        assert box["height"] >= 44  # a finger's size
    # everything else is folded, one tap away
    expect(page.locator("details.more-options")).not_to_have_attribute("open", "")
    expect(page.locator("#create-players")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(
    ("game", "level", "rules"),
    [("Dice 1000", "balanced", "classic"), ("Poker dice", "chaser", "russian")],
)
def test_play_the_computer_is_one_tap_with_sensible_defaults(
    browsing: Browsing, server: Server, game: str, level: str, rules: str
) -> None:
    """Nothing chosen but the game (one tap too): the computer plays at the game's middle
    level, under its default rules; the name left empty is "Player"."""
    page = browsing.page()
    page.goto(f"{server.url}/")
    page.get_by_label(game, exact=True).check()
    page.get_by_role("button", name="Play the computer").click()
    room = room_of(page, server)
    assert room["rules"] == rules
    assert [(seat["kind"], seat["level"]) for seat in room["seats"]] == [
        ("person", None),
        ("bot", level),
    ]
    assert room["seats"][0]["name"] == "Player"
    assert room["status"] == "playing"
    wait_connected(page)


def test_play_with_friends_shows_the_invite_link_at_once(
    browsing: Browsing, server: Server
) -> None:
    page = browsing.page(**PHONE)
    page.goto(f"{server.url}/")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_role("button", name="Play with friends").click()
    room = room_of(page, server)
    assert [seat["open"] for seat in room["seats"]] == [False, True]
    invite = page.get_by_label("Invite link")
    expect(invite).to_be_visible()
    expect(invite).to_have_value(re.compile(rf"/r/{room['room']}$"))


def test_a_computer_is_named_in_the_pages_language(browsing: Browsing, server: Server) -> None:
    """Made on an English page, the room's computer is «Расчётливый» on a Russian one: in
    the lobby's list and at the table."""
    room, _ = server.create_room(
        "Anna", seats=[{"open": True}, {"bot": "balanced"}], rules="classic", language="en"
    )
    page = browsing.page(locale="ru-RU")
    page.goto(f"{server.url}/")
    card = page.locator(".room-card").filter(has=page.locator(f'a[href="/r/{room}"]'))
    expect(card).to_contain_text("Расчётливый (компьютер)")
    expect(card).not_to_contain_text("Balanced")
    page.goto(f"{server.url}/r/{room}")
    expect(page.locator("main")).to_contain_text("Расчётливый")
    expect(page.locator("main")).not_to_contain_text("Balanced")
