"""Card Thousand with real cards in a real browser (``options.cards = "table"``): the
scorekeeper's form (views/card1000_table.js) enters several deals by taps — a deal whose
third player's points the form works out, a redeal, a write-off, a refused result that
leaves the sheet as it was — and the page's sheet is the server's record replayed.

Debian's Chromium driven by Playwright against a real ``thousand serve``, as
test_browser_table.py does (skipped without /usr/bin/chromium unless ``CI=true``).
Screenshots at 1280×800 and 360×740, English and Russian, are left in /tmp/shots28/keep/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from thousand.core.i18n import translator
from thousand.games.card1000.record import replay
from thousand.games.card1000.sheet import sheet_rows

from .browser_support import (
    Browsing,
    Server,
    more_options,
    seq,
    serve,
    wait_connected,
    wait_settled,
)

SHOTS = Path("/tmp/shots28/keep")
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
NAMES = ["Anna", "Boris", "Vera"]


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium
    with serve(tmp_path_factory.mktemp("browser-card-keeping")) as running:
        yield running


def keeping_room(server: Server, language: str) -> tuple[str, str]:
    body = {
        "name": "Anna",
        "game": "card1000",
        "rules": "classic",
        "seats": [{"name": "Boris"}, {"name": "Vera"}],
        "options": {"cards": "table", "language": language},
    }
    response = server.http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return str(data["room"]), str(data["token"])


def enter(
    page: Page,
    declarer: int,
    contract: int,
    points: list[int | None],
    marriages: tuple[int, ...] = (),
) -> None:
    """Fill the form as a person would: a tap on the declarer, the contract typed, a tap
    per marriage announced, the points typed (None: left empty)."""
    page.locator(f"label[for='keep-declarer-{declarer}']").click()
    page.fill("#keep-contract", str(contract))
    for marriage in marriages:
        page.locator(f"label[for='keep-marriage-{marriage}']").click()
    for seat, entry in enumerate(points):
        page.fill(f"#keep-points-{seat}", "" if entry is None else str(entry))


def press(page: Page, act: str) -> None:
    before = seq(page)
    page.locator(f".keep-form [data-act='{act}']").click()
    wait_settled(page, before)


def page_sheet(page: Page) -> list[list[str]]:
    rows = page.locator(".keep-sheet tbody tr:not(.totals)")
    return [
        [" ".join(cell.split()) for cell in rows.nth(index).locator("td").all_inner_texts()]
        for index in range(rows.count())
    ]


def record_sheet(server: Server, room: str, language: str) -> list[list[str]]:
    rows = sheet_rows(replay(server.record(room)), translator(language))
    return [[" ".join(text.split()) for text in (n, label, *cells)] for n, label, cells in rows]


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("language", "locale"), [("en", "en-US"), ("ru", "ru-RU")])
def test_a_scorekeeping_game_through_the_form_equals_the_replay(
    server: Server, browsing: Browsing, language: str, locale: str
) -> None:
    room, token = keeping_room(server, language)
    page = browsing.page(token=(room, token), locale=locale, **DESKTOP)
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    expect(page.locator(".keep-form")).to_be_visible()
    # Boris makes 120 with the hearts marriage; Vera's 40 left to the form
    enter(page, 1, 120, [20, 160, None], marriages=(100,))
    expect(page.locator("#keep-hint")).to_contain_text("Vera: 40")
    shoot(page, f"desktop-{language}-form")
    press(page, "deal_result")
    press(page, "redeal")
    enter(page, 2, 110, [None, None, None])
    press(page, "write_off")
    sheet = page_sheet(page)
    assert sheet == record_sheet(server, room, language)
    # a result that cannot happen: refused in the page's language, the sheet untouched
    enter(page, 0, 100, [50, 50, 50])
    page.locator(".keep-form [data-act='deal_result']").click()
    refusal = "the points add up to 150" if language == "en" else "в сумме 150"
    expect(page.locator(".status-line")).to_contain_text(refusal)
    assert page_sheet(page) == sheet
    assert len(server.record(room)["deals"]) == 3
    page.fill("#keep-points-2", "")
    enter(page, 0, 100, [60, 30, None])
    press(page, "deal_result")
    assert page_sheet(page) == record_sheet(server, room, language)
    assert server.record(room)["deals"][-1] == {
        "dealer": 2,
        "declarer": 0,
        "contract": 100,
        "points": [60, 30, 30],
    }
    press(page, "undo")  # a mistyped result is taken back: the sheet as before it
    assert len(server.record(room)["deals"]) == 3
    assert page_sheet(page) == record_sheet(server, room, language)
    enter(page, 0, 100, [60, 30, None])
    press(page, "deal_result")
    totals = page.locator(".keep-sheet tr.totals td.num").all_inner_texts()
    replayed = replay(server.record(room)).to_json_data()
    assert [int(text.replace("−", "-")) for text in totals] == [
        player["score"] for player in replayed["players"]
    ]
    shoot(page, f"desktop-{language}-sheet")
    phone = browsing.page(token=(room, token), locale=locale, **PHONE)
    phone.goto(f"{server.url}/r/{room}")
    wait_connected(phone)
    expect(phone.locator(".keep-form")).to_be_visible()
    enter(phone, 1, 105, [None, 70, None])
    shoot(phone, f"phone-{language}")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360


def test_the_lobby_makes_a_real_cards_room(server: Server, browsing: Browsing) -> None:
    """Card Thousand, "Real cards at a real table", the two others named at this table:
    the room opens on the scorekeeper's form."""
    page = browsing.page(**PHONE)
    page.goto(f"{server.url}/")
    page.get_by_label("Your name").fill("Anna")
    page.locator("label[for='create-game-card1000']").click()
    more_options(page)
    page.get_by_label("Real cards at a real table: this phone enters each deal's result").check()
    page.get_by_label("Number of players").select_option("3")
    page.fill("#create-name-2", "Boris")
    page.fill("#create-name-3", "Vera")
    page.get_by_role("button", name="Create a room").click()
    page.wait_for_url(re.compile(r"/r/"))
    wait_connected(page)
    expect(page.locator(".keep-form")).to_be_visible()
    room = page.url.rsplit("/", 1)[-1]
    record = server.record(room)
    assert record["meta"]["cards"] == "table" and record["players"] == NAMES


@pytest.mark.parametrize(("language", "locale"), [("en", "en-US"), ("ru", "ru-RU")])
def test_the_sheet_marks_the_dump_truck(
    server: Server, browsing: Browsing, language: str, locale: str
) -> None:
    """Anna makes 300 then 215: exactly 555, sent to 0; Boris goes down 300 then 255:
    −555, sent to 0 too (classic's ``dump_truck_negative``) — the page writes ``555→0``
    and ``−555→0`` as the server's sheet does, and says what they mean under it."""
    room, token = keeping_room(server, language)
    page = browsing.page(token=(room, token), locale=locale, **DESKTOP)
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    expect(page.locator(".keep-form")).to_be_visible()
    enter(page, 0, 300, [300, 0, 0], marriages=(100, 80))
    press(page, "deal_result")
    enter(page, 1, 300, [40, 60, 20])
    press(page, "deal_result")
    enter(page, 0, 215, [220, 0, 0], marriages=(100,))
    press(page, "deal_result")
    enter(page, 1, 255, [40, 60, 20])
    press(page, "deal_result")
    sheet = page_sheet(page)
    assert sheet == record_sheet(server, room, language)
    assert sheet[2][2] == "+215 555→0" and sheet[3][3] == "−255 −555→0", sheet
    legend = {
        "en": "555→0 dump truck: exactly 555 goes to 0 · −555→0 dump truck: exactly −555 goes to 0",
        "ru": "555→0 самосвал: ровно 555 — в ноль · −555→0 самосвал: ровно −555 — в ноль",
    }[language]
    expect(page.locator(".keep-sheet + p")).to_contain_text(legend)
    # the wide marks keep every seat's column inside the side panel
    inside = (
        "() => { const t = document.querySelector('.keep-sheet');"
        " return t.getBoundingClientRect().right"
        " <= t.parentElement.getBoundingClientRect().right + 1; }"
    )
    assert page.evaluate(inside)
    shoot(page, f"desktop-{language}-dump-truck")
    phone = browsing.page(token=(room, token), locale=locale, **PHONE)
    phone.goto(f"{server.url}/r/{room}")
    wait_connected(phone)
    expect(phone.locator(".keep-sheet")).to_contain_text("555→0")
    shoot(phone, f"phone-{language}-dump-truck")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
