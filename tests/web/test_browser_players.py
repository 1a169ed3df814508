"""Players in a real browser (issue 30): the key made on a device's first visit, a
person's two rated games in their history with the right places and a rating that moved,
the key moved to another device by the recovery link (a forged one refused), and the
leaderboard's switch. Without /usr/bin/chromium these tests are skipped, except under
``CI=true``.

Each game is dice 1000 under :data:`~tests.web.support.TINY_RULES` (the first stop at 50
wins) between two people, each in a browser context of their own (a rated game needs two
players with keys): Anna's room is made over HTTP with her device's key, Boris takes the
open seat on the table page, which sends his.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.support import TINY_RULES

from .browser_support import Browsing, Server, Table, play_out, serve, wait_connected

KEPT = (
    "() => [localStorage.getItem('thousand.player.id'),"
    " localStorage.getItem('thousand.player.key')]"
)
KEEP_TOKEN = "([room, token]) => localStorage.setItem(`thousand.token.${room}`, token)"


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium  # no server without a browser to use it
    with serve(tmp_path_factory.mktemp("players")) as running:
        yield running


def person(browsing: Browsing, server: Server) -> tuple[Page, str, str]:
    """A new device's page after its first visit: the page, its player id and key."""
    page = browsing.page()
    page.goto(f"{server.url}/")
    page.wait_for_function("() => localStorage.getItem('thousand.player.key')")
    player, key = page.evaluate(KEPT)
    assert re.fullmatch(r"[A-Za-z0-9_-]{8,}", player) and len(key) >= 32
    return page, str(player), str(key)


def play_rated_game(
    server: Server,
    anna: Page,
    anna_key: str,
    boris: Page,
    names: tuple[str, str] = ("Anna", "Boris"),
) -> str:
    """One game between Anna and Boris (or ``names``), played out on their pages; the
    room's id."""
    body = {"name": names[0], "rules": TINY_RULES, "seats": [{"open": True}], "player": anna_key}
    made = server.http.post("/api/rooms", json=body)
    assert made.status_code == 201, made.text
    room, token = made.json()["room"], made.json()["token"]
    anna.evaluate(
        "([room, token]) => localStorage.setItem(`thousand.token.${room}`, token)", [room, token]
    )
    anna.goto(f"{server.url}/r/{room}")
    wait_connected(anna)
    boris.goto(f"{server.url}/r/{room}")
    boris.locator("#join-name").fill(names[1])
    boris.get_by_role("button", name="Take the seat").click()
    wait_connected(boris)
    play_out({names[0]: Table(anna), names[1]: Table(boris)})
    return str(room)


def own_places(page: Page) -> list[str]:
    """The place of the page's own player in each game listed, newest first."""
    items = page.locator(".game-item")
    expect(items.first).to_be_visible()
    return [
        items.nth(index).locator(".game-places .own .place").inner_text()
        for index in range(items.count())
    ]


def history_of(server: Server, player: str) -> list[dict[str, Any]]:
    answer = server.http.get(f"/api/players/{player}/games")
    assert answer.status_code == 200, answer.text
    games: list[dict[str, Any]] = answer.json()["games"]
    return games


def test_two_games_on_one_device_then_the_key_moved_to_another(
    browsing: Browsing, server: Server
) -> None:
    anna, anna_id, anna_key = person(browsing, server)
    boris, boris_id, _ = person(browsing, server)
    assert anna_id != boris_id

    rooms = [play_rated_game(server, anna, anna_key, boris)]
    anna.goto(f"{server.url}/p/{anna_id}")
    expect(anna.locator("h1")).to_have_text("Anna")
    rating_line = anna.locator(".player-kind .rating-line strong")
    expect(rating_line).to_have_text(re.compile(r"^rating −?\d+\.\d · μ \d+\.\d ± σ \d+\.\d$"))
    after_one = rating_line.inner_text()

    rooms.append(play_rated_game(server, anna, anna_key, boris))
    # "My games" in the header leads to the player's own page
    anna.get_by_role("link", name="My games").click()
    anna.wait_for_url(f"{server.url}/p/{anna_id}")
    expect(anna.locator(".game-item")).to_have_count(2)
    kept = history_of(server, anna_id)
    assert [game["room"] for game in kept] == rooms[::-1]  # newest first
    places = [
        next(seat["place"] for seat in game["places"] if seat["player"] == anna_id) for game in kept
    ]
    assert sorted({*places} | {1, 2}) == [1, 2]
    assert own_places(anna) == [f"{place}." for place in places]
    # each game's winner is the one whose stop reached 50, as the room's record says
    for game in kept:
        record = server.record(game["room"], game["number"])
        assert record["players"] == ["Anna", "Boris"]
        winner = next(seat["name"] for seat in game["places"] if seat["place"] == 1)
        assert winner in record["players"]
    items = anna.locator(".game-item")
    for index, game in enumerate(kept):
        item = items.nth(index)
        expect(item.locator(".rated")).to_have_text("rated")
        expect(item.get_by_role("link", name="Replay")).to_have_attribute(
            "href", f"/r/{game['room']}/games/{game['number']}"
        )
    expect(anna.locator(".player-kind dd").first).to_have_text("2")  # games
    after_two = rating_line.inner_text()
    assert after_two != after_one
    stored = server.http.get(f"/api/players/{anna_id}").json()["games"][0]["rating"]
    assert stored["rated_games"] == 2
    shown = f"rating {stored['rating']:.1f} · μ {stored['mu']:.1f} ± σ {stored['sigma']:.1f}"
    assert after_two == shown.replace("-", "−")  # a negative rating with a real minus sign

    # the recovery link, opened on another device, brings the same player
    link = anna.locator(".recovery-link").get_attribute("href")
    assert link is not None and link.endswith(f"/p/{anna_id}#key={anna_key}")
    expect(anna.locator(".recovery .secret")).to_contain_text("anyone with this link plays as you")
    other, other_id, _ = person(browsing, server)
    assert other_id != anna_id
    other.goto(link)
    expect(other.get_by_text("This is you")).to_be_visible()
    assert other.evaluate(KEPT) == [anna_id, anna_key]
    assert "#" not in other.url and anna_key not in other.url
    expect(other.locator(".game-item")).to_have_count(2)
    assert own_places(other) == own_places(anna)
    assert other.locator(".player-kind .rating-line strong").inner_text() == after_two

    # a device that never visited before opens the link first: it plays as Anna (the
    # player its first visit would make does not take the key's place)
    fresh = browsing.page()
    fresh.goto(link)
    expect(fresh.get_by_text("This is you")).to_be_visible()
    expect(fresh.get_by_role("link", name="My games")).to_have_attribute("href", f"/p/{anna_id}")
    assert fresh.evaluate(KEPT) == [anna_id, anna_key]

    # a forged key: one line, and the device keeps its own player
    stranger, stranger_id, stranger_key = person(browsing, server)
    forged = anna_key[:-1] + ("B" if anna_key[-1] != "B" else "C")
    stranger.goto(f"{server.url}/p/{anna_id}#key={forged}")
    expect(stranger.get_by_role("alert")).to_have_text(
        "That link's key was not accepted: this device keeps its own player."
    )
    assert stranger.evaluate(KEPT) == [stranger_id, stranger_key]
    assert "#" not in stranger.url
    expect(stranger.get_by_text("This is you")).to_have_count(0)
    expect(stranger.locator(".recovery")).to_have_count(0)


def test_the_switch_takes_a_player_off_the_leaderboard(browsing: Browsing, server: Server) -> None:
    vera, vera_id, vera_key = person(browsing, server)
    gleb, gleb_id, _ = person(browsing, server)
    play_rated_game(server, vera, vera_key, gleb, ("Vera", "Gleb"))
    board = f"{server.url}/leaderboard/dice1000?min_games=1"
    vera.goto(board)
    mine = vera.locator("tr.own")
    expect(mine).to_have_count(1)
    expect(mine.get_by_role("link")).to_have_attribute("href", f"/p/{vera_id}")
    expect(vera.get_by_role("link", name="Gleb")).to_have_attribute("href", f"/p/{gleb_id}")
    expect(vera.locator(".leaderboard .hint")).to_contain_text("at least 1 rated games")
    # the default minimum (3) leaves both out: the board says it is empty
    vera.goto(f"{server.url}/leaderboard")
    expect(vera.locator("[aria-current=page]")).to_have_text("Dice 1000")
    vera.get_by_role("link", name="Poker dice").click()
    vera.wait_for_url(f"{server.url}/leaderboard/poker_dice")
    expect(vera.locator(".board-empty")).to_have_text("Nobody is on this leaderboard yet.")

    vera.goto(f"{server.url}/p/{vera_id}")
    switch = vera.get_by_role("checkbox", name="Show me on the leaderboard")
    expect(switch).to_be_checked()
    switch.uncheck()
    expect(switch).to_be_enabled()
    expect(switch).not_to_be_checked()
    assert server.http.get(f"/api/players/{vera_id}").json()["hidden"] is True
    vera.goto(board)
    expect(vera.get_by_role("link", name="Gleb")).to_be_visible()
    expect(vera.locator("tr.own")).to_have_count(0)
    listed = [
        row["player"]
        for row in server.http.get("/api/leaderboard/dice1000?min_games=1").json()["players"]
    ]
    assert vera_id not in listed and gleb_id in listed


def test_an_unknown_player(browsing: Browsing, server: Server) -> None:
    page = browsing.page()
    page.goto(f"{server.url}/p/nobody-here")
    expect(page.locator("h1")).to_have_text("No such player")


def test_a_refused_key_is_replaced_and_the_join_goes_through(
    browsing: Browsing, server: Server
) -> None:
    page, player, _ = person(browsing, server)
    page.evaluate("() => localStorage.setItem('thousand.player.key', 'A'.repeat(32))")
    room, _ = server.create_room(seats=[{"open": True}], rules=TINY_RULES)
    page.goto(f"{server.url}/r/{room}")
    page.locator("#join-name").fill("Dina")
    page.get_by_role("button", name="Take the seat").click()
    wait_connected(page)
    page.wait_for_function("() => localStorage.getItem('thousand.player.key') !== 'A'.repeat(32)")
    fresh_id, fresh_key = page.evaluate(KEPT)
    assert fresh_id != player
    assert server.http.get(f"/api/players/{fresh_id}").status_code == 200
    seats = server.http.get("/api/players/me", headers={"Authorization": f"Bearer {fresh_key}"})
    assert seats.json() == {"player": fresh_id}


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_pages_fit_a_phone(browsing: Browsing, server: Server, locale: str) -> None:
    """The header's two added links (icons, their words hidden) and the players' pages
    fit a 360-px phone in both languages."""
    phone: dict[str, Any] = {
        "viewport": {"width": 360, "height": 740},
        "is_mobile": True,
        "has_touch": True,
    }
    page = browsing.page(locale=locale, **phone)
    page.goto(f"{server.url}/")
    page.wait_for_function("() => localStorage.getItem('thousand.player.id')")
    player = page.evaluate("() => localStorage.getItem('thousand.player.id')")
    for path in (f"/p/{player}", "/leaderboard/dice1000?min_games=1", "/"):
        page.goto(f"{server.url}{path}")
        mine = page.locator("#top a.tool-link[href^='/p/']")
        expect(mine).to_be_visible()
        expect(page.locator("#top a.tool-link[href='/leaderboard']")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
        # measured in one go, so a header drawn again meanwhile cannot stand between
        # finding a link and measuring it
        rights = page.evaluate(
            """() => [...document.querySelectorAll('#top a.tool-link, #top button')]
                .map((tool) => tool.getBoundingClientRect())
                .map((box) => (box.width > 0 && box.height > 0 ? box.right : null))"""
        )
        assert len(rights) == 4, (path, rights)
        assert all(right is not None and right <= 360 for right in rights), (path, rights)
