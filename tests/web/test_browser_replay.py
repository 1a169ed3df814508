"""The replay of a finished game in a real browser (Debian's Chromium driven by Playwright
against a real ``thousand serve``): a game of dice 1000 played to its end by the page's
buttons, and games of poker dice and card Thousand played out by the computers (the
person's clock runs out and the computer plays for her), each opened from the room
page's link to its replay, stepped through with the keys and the buttons, the sheet
changing with the step; the dice replay passes axe-core's audit.
Screenshots (desktop and phone, English and Russian) go to ``$THOUSAND_SHOTS`` when set.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from .browser_support import Browsing, Server, Table, play_out, serve
from .test_browser_axe import BLOCKING, audit, described

TINY = {"preset": "classic", "target": 50, "barrels": [], "entry_threshold": 50}
"""The first stop at 50 or more wins: a game of a few turns."""
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 360, "height": 740}
COUNTER = re.compile(r"^Step (\d+) of (\d+)$")


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium
    with serve(tmp_path_factory.mktemp("replay")) as running:
        yield running


def counter(page: Page) -> tuple[int, int]:
    """The step shown and the last step, from the counter."""
    text = page.locator(".replay-counter").inner_text()
    match = COUNTER.match(text)
    assert match, text
    return int(match.group(1)), int(match.group(2))


def sheet_text(page: Page) -> str:
    return " ".join(page.locator("#sheet .sheet-wrap").inner_text().split())


def line(page: Page) -> str:
    return page.locator(".replay-line").inner_text()


def replay_of(server: Server, room: str) -> dict[str, Any]:
    response = server.http.get(f"/api/rooms/{room}/games/1/replay", timeout=120)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def shoot(page: Page, name: str, step: int) -> None:
    """A screenshot of the page at ``step`` in each size and language, when
    ``$THOUSAND_SHOTS`` says where."""
    shots = os.environ.get("THOUSAND_SHOTS")
    if not shots:
        return
    Path(shots).mkdir(parents=True, exist_ok=True)
    page.evaluate(f"location.hash = '#step={step}'")
    for language in ("en", "ru"):
        page.evaluate(f"localStorage.setItem('thousand.lang', '{language}')")
        for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(viewport)
            page.reload()
            expect(page.locator(".replay-counter")).to_be_visible()
            page.screenshot(path=f"{shots}/{name}-{language}-{size}.png", full_page=size == "phone")
    page.evaluate("localStorage.setItem('thousand.lang', 'en')")
    page.set_viewport_size(DESKTOP)
    page.reload()


def step_through(page: Page, steps: int, start: str = "Before the first move.") -> None:
    """Keys and buttons move through the steps; the sheet is the one of the step shown."""
    expect(page.locator(".replay-counter")).to_have_text(f"Step 0 of {steps}")
    assert line(page) == start
    first_sheet = sheet_text(page)
    page.keyboard.press("End")
    expect(page.locator(".replay-counter")).to_have_text(f"Step {steps} of {steps}")
    assert sheet_text(page) != first_sheet  # the sheet as it was at the end
    assert page.get_by_role("button", name="Step forward").is_disabled()
    page.keyboard.press("Home")
    expect(page.locator(".replay-counter")).to_have_text(f"Step 0 of {steps}")
    assert sheet_text(page) == first_sheet
    assert page.get_by_role("button", name="Step back").is_disabled()
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-counter")).to_have_text(f"Step 1 of {steps}")
    assert line(page) and line(page) != start
    page.get_by_role("button", name="Step forward").click()
    expect(page.locator(".replay-counter")).to_have_text(f"Step 2 of {steps}")
    page.get_by_role("button", name="Step back").click()
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-counter")).to_have_text(f"Step 0 of {steps}")
    page.get_by_role("button", name="Last step").click()
    expect(page.locator(".replay-counter")).to_have_text(f"Step {steps} of {steps}")
    page.get_by_role("button", name="First step").click()
    expect(page.locator(".replay-counter")).to_have_text(f"Step 0 of {steps}")
    # the list of steps: a click goes there, and the address keeps the step
    target = min(3, steps)  # a game of dice may be a throw and a stop
    page.locator(".replay-move").nth(target).click()
    expect(page.locator(".replay-counter")).to_have_text(f"Step {target} of {steps}")
    assert page.url.endswith(f"#step={target}")
    expect(page.locator(".replay-move[aria-current]")).to_have_count(1)


def test_a_dice_game_played_to_its_end_is_replayed_from_the_room_page(
    server: Server, browsing: Browsing
) -> None:
    room, token = server.create_room(rules=TINY, seats=[{"bot": "cautious"}])
    page = browsing.page(token=(room, token), viewport=DESKTOP)
    page.goto(f"{server.url}/r/{room}")
    play_out({"Anna": Table(page)})
    expect(page.locator("#over-title")).to_be_visible()
    expect(page.get_by_role("link", name="Replay the game")).to_have_attribute(
        "href", f"/r/{room}/games/1"
    )
    link = page.locator(".room-games").get_by_role("link", name="Game 1 — replay")
    shots = os.environ.get("THOUSAND_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/room-finished-en-desktop.png")
    link.click()
    page.wait_for_url(f"{server.url}/r/{room}/games/1")
    data = replay_of(server, room)
    steps = len(data["frames"]) - 1
    step_through(page, steps)
    # the last step: the scores and places of the game's end
    page.keyboard.press("End")
    final = data["frames"][-1]["game"]["players"]
    scores = page.locator(".players .p-score").all_inner_texts()
    assert [int(re.sub(r"\D", "", text) or 0) for text in scores][: len(final)] == [
        player["score"] for player in final
    ]
    places = page.locator(".replay-places li").all_inner_texts()
    assert places[0].startswith("1.") and data["frames"][-1]["game"]["winner"] in places[0]
    expect(page.get_by_role("link", name="Back to the room")).to_have_attribute(
        "href", f"/r/{room}"
    )
    expect(page.get_by_role("link", name="Download the record")).to_have_attribute(
        "href", f"/api/rooms/{room}/record?number=1"
    )
    blocking = [rule for rule in audit(page) if rule["impact"] in BLOCKING]
    assert not blocking, described(blocking)
    shoot(page, "replay-dice1000", steps * 2 // 3)


def finished_by_the_computers(server: Server, body: dict[str, Any]) -> str:
    """A room of Anna and computers whose game the computers finish: Anna's clock runs
    out and the computer plays for her to the end. Its id."""
    response = server.http.post("/api/rooms", json={"name": "Anna", **body})
    assert response.status_code == 201, response.text
    room = str(response.json()["room"])
    deadline = time.monotonic() + 180
    while server.http.get(f"/api/rooms/{room}").json()["room"]["status"] != "over":
        assert time.monotonic() < deadline, "the computers did not finish the game"
        time.sleep(1)
    return room


def test_a_poker_dice_game_is_replayed_box_by_box(server: Server, browsing: Browsing) -> None:
    room = finished_by_the_computers(
        server,
        {
            "game": "poker_dice",
            "rules": "russian",
            "seats": [{"bot": "greedy"}],
            "options": {"turn_seconds": 10},
        },
    )
    page = browsing.page(viewport=DESKTOP)
    page.goto(f"{server.url}/r/{room}")
    page.locator(".room-games").get_by_role("link", name="Game 1 — replay").click()
    page.wait_for_url(f"{server.url}/r/{room}/games/1")
    data = replay_of(server, room)
    step_through(page, len(data["frames"]) - 1)
    shoot(page, "replay-poker_dice", len(data["frames"]) // 2)


def test_a_card_game_is_replayed_with_every_hand_face_up(
    server: Server, browsing: Browsing
) -> None:
    room = finished_by_the_computers(
        server,
        {
            "game": "card1000",
            "rules": "classic",
            "seats": [{"bot": "club"}, {"bot": "club"}],
            "options": {"turn_seconds": 10},
        },
    )
    page = browsing.page(viewport=DESKTOP)
    page.goto(f"{server.url}/r/{room}")
    expect(page.locator("#deal-over")).to_be_visible()  # the last deal's result first
    page.keyboard.press("Escape")
    page.locator(".room-games").get_by_role("link", name="Game 1 — replay").click()
    page.wait_for_url(f"{server.url}/r/{room}/games/1")
    data = replay_of(server, room)
    record = server.record(room, 1)
    steps = len(data["frames"]) - 1
    # every hand as dealt, face up (the game is over: public whole)
    expect(page.locator(".c-open .card")).to_have_count(21)
    shown = sorted(
        page.locator(".c-open .card").evaluate_all("(ns) => ns.map((n) => n.dataset.card)")
    )
    dealt = sorted(card for hand in record["deals"][0]["hands"] for card in hand)
    assert shown == dealt
    expect(page.get_by_text("the hands are hidden")).to_have_count(0)
    assert line(page) == "Deal 1: the cards are dealt."
    step_through(page, steps, "Deal 1: the cards are dealt.")
    # a card played leaves its hand: go to the first card of the first deal
    first_play = next(
        index
        for index, frame in enumerate(data["frames"])
        if frame["game"]["deal"] and frame["game"]["deal"]["played"]
    )
    page.locator(".replay-slider").fill(str(first_play))
    expect(page.locator(".replay-counter")).to_have_text(f"Step {first_play} of {steps}")
    expect(page.locator(".c-open .card")).to_have_count(
        sum(len(hand) for hand in data["frames"][first_play]["game"]["deal"]["hands"])
    )
    shoot(page, "replay-card1000", first_play + 4)
