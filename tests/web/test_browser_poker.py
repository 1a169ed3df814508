"""Poker dice in a real browser: Debian's Chromium driven by Playwright against a real
``thousand serve`` (a child process), clicking what a person (or a screen reader) finds
by role and accessible name: the lobby's game choice, the five dice to keep, the throw
button, the points to write in the sheet.

Without /usr/bin/chromium these tests are skipped, except under ``CI=true``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from thousand.games.poker_dice.record import replay

from .browser_support import (
    MOVER_JS,
    SOCKET_JS,
    Browsing,
    Server,
    assert_controls_named,
    more_options,
    parse_number,
    seq,
    serve,
    wait_connected,
    wait_settled,
)

THROW = re.compile(r"^(Throw|Бросить|Перебросить)")
WRITE = re.compile(r"^(Write|Записать) ")
DIE = re.compile(r"^(Die|Кость) \d: ")


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium  # no server without a browser to use it
    with serve(tmp_path_factory.mktemp("poker")) as running:
        yield running


def poker_room(
    server: Server, seats: list[dict[str, Any]], rules: str = "russian"
) -> tuple[str, str]:
    body = {"name": "Anna", "game": "poker_dice", "rules": rules, "seats": seats}
    response = server.http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["room"]), str(response.json()["token"])


class PokerTable:
    """A poker dice table page seen through its roles and accessible names."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.throw = page.get_by_role("button", name=THROW)
        self.dice = page.get_by_role("button", name=DIE)
        self.writes = page.get_by_role("button", name=WRITE)
        self.over_title = page.locator("#over-title")

    def click(self, button: Locator) -> None:
        """Click an action and wait until the state it made is drawn."""
        before = seq(self.page)
        button.click()
        wait_settled(self.page, before)

    def wait_ready(self) -> None:
        expect(self.page.get_by_role("button", name=THROW, disabled=False)).to_be_visible()

    def shown(self) -> list[int]:
        """The faces of the five dice on the table, in their places."""
        faces = self.page.locator(".dice-area .die").evaluate_all(
            "(nodes) => nodes.map((node) => Number(node.dataset.face))"
        )
        return [int(face) for face in faces]

    def best_write(self) -> Locator:
        """The write button of the most points (the first of equals)."""
        names = [
            str(self.writes.nth(i).get_attribute("aria-label")) for i in range(self.writes.count())
        ]
        points = [parse_number(name.rsplit(":", 1)[1]) or 0 for name in names]
        return self.writes.nth(points.index(max(points)))

    def totals(self) -> dict[str, int | None]:
        items = self.page.locator(".players li.player")
        return {
            items.nth(i).locator(".p-name").inner_text(): parse_number(
                items.nth(i).locator(".p-score").inner_text()
            )
            for i in range(items.count())
        }

    def sheet_cell(self, row: str, column: int) -> str:
        """The text of the sheet's cell of ``row`` (its label) in player ``column``."""
        cells = (
            self.page.locator(".poker-sheet tbody tr")
            .filter(has=self.page.locator("th", has_text=re.compile(f"^{re.escape(row)}$")))
            .locator("td")
        )
        return str(cells.nth(column).inner_text())


def play_turn(table: PokerTable) -> None:
    """One turn of the simple policy: throw, keep the most of a face, throw once more,
    write the box of the most points."""
    table.wait_ready()
    table.click(table.throw)
    faces = table.shown()
    most = max(set(faces), key=lambda face: (faces.count(face), face))
    if faces.count(most) < 5:
        for place, face in enumerate(faces):
            if face == most:
                table.dice.nth(place).click()
        table.click(table.throw)
    expect(table.writes.first).to_be_visible()
    table.click(table.best_write())


def play_out(tables: dict[str, PokerTable], max_turns: int = 200) -> int:
    """Play the room to its end: each person on their own page when it is their move."""
    names = list(tables)
    observer = tables[names[0]].page
    for turns in range(max_turns):
        mover: dict[str, Any] = observer.wait_for_function(MOVER_JS, arg=names).json_value()
        if mover["over"]:
            return turns
        table = tables[str(mover["name"])]
        play_turn(table)
        observer = table.page
    raise AssertionError(f"the game did not end in {max_turns} turns")


def test_a_poker_game_against_the_computer_from_the_lobby_to_the_record(
    browsing: Browsing, server: Server
) -> None:
    page = browsing.page()
    page.goto(f"{server.url}/")
    page.get_by_label("Your name").fill("Anna")
    page.get_by_label("Poker dice").check()
    expect(page.get_by_role("heading", name="How to play")).to_be_visible()
    expect(page.get_by_label("House rules")).to_have_count(0)  # dice 1000's form only
    page.get_by_label("Rules", exact=True).select_option("russian")
    more_options(page)
    expect(page.get_by_label("Advisor")).to_have_count(0)  # poker dice rooms have none yet
    page.get_by_label("Seat 2").select_option(label="computer: greedy")
    page.get_by_role("button", name="Create a room").click()
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    room = page.url.rsplit("/", 1)[1]
    wait_connected(page)
    table = PokerTable(page)
    expect(page.locator(".players .p-name")).to_have_text(["Anna", "Greedy"])
    expect(table.throw).to_have_accessible_name(re.compile("^Throw all five dice"))
    expect(table.writes).to_have_count(0)  # nothing to write before a throw

    # the first throw: five dice to keep, the boxes' points to write
    table.click(table.throw)
    first = table.shown()
    assert len(first) == 5
    expect(table.dice).to_have_count(5)
    expect(table.writes).to_have_count(15)
    record = server.record(room)
    assert record["turns"][0]["rolls"] == [first]
    # keep the dice in places 1 and 3: they stay there, the others are thrown again
    table.dice.nth(1).click()
    table.dice.nth(3).click()
    expect(table.dice.nth(1)).to_have_attribute("aria-pressed", "true")
    kept = sorted([first[1], first[3]])
    expect(table.throw).to_have_accessible_name(
        re.compile(rf"^Throw 3 dice, keep {first[1]} {first[3]}")
    )
    table.click(table.throw)
    second = table.shown()
    assert (second[1], second[3]) == (first[1], first[3])
    rolls = server.record(room)["turns"][0]["rolls"]
    assert rolls[1] == {"keep": kept, "dice": [second[0], second[2], second[4]]}
    # write chance: its points are the sum of the dice, in the sheet
    chance = page.get_by_role("button", name=re.compile("^Write Chance: "))
    expect(chance).to_have_accessible_name(f"Write Chance: {sum(second)}")
    table.click(chance)
    assert table.sheet_cell("Chance", 0) == str(sum(second))
    assert server.record(room)["turns"][0]["box"] == "chance"

    assert_controls_named(page, at_least=5)
    turns = 1 + play_out({"Anna": table})
    assert turns == 15

    record = server.record(room)
    final = replay(record).to_json_data()
    expect(table.over_title).to_be_visible()
    if final["winner"] is not None:
        expect(table.over_title).to_have_text(f"Winner: {final['winner']}.")
    assert table.totals() == {player["name"]: player["total"] for player in final["players"]}
    assert table.sheet_cell("Total", 0) == str(final["players"][0]["total"]).replace("-", "−")
    expect(page.get_by_role("link", name="Download the record")).to_be_visible()
    expect(page.get_by_role("button", name=THROW)).to_have_count(0)


def kept_marks(table: PokerTable) -> list[int]:
    """The places of the dice marked kept (✓) on the table."""
    marks = table.page.locator(".dice-area .die-button").evaluate_all(
        "(nodes) => nodes.map((node) => Boolean(node.querySelector('.die-mark')))"
    )
    return [place for place, marked in enumerate(marks) if marked]


def expect_kept(table: PokerTable, places: list[int], faces: list[int]) -> None:
    """The dice in ``places`` (showing ``faces``) are kept — pressed, ✓, named so — the
    others are not, and the throw button throws the others."""
    for place in range(5):
        pressed = "true" if place in places else "false"
        expect(table.dice.nth(place)).to_have_attribute("aria-pressed", pressed)
    assert kept_marks(table) == places
    shown = table.shown()
    assert [shown[place] for place in places] == faces
    for place in places:
        expect(table.dice.nth(place)).to_have_accessible_name(f"Die {shown[place]}: kept")
    keep = " ".join(str(face) for face in faces)  # in their places' order
    expect(table.throw).to_have_accessible_name(
        re.compile(rf"^Throw {5 - len(places)} dice, keep {keep}")
    )


def test_kept_dice_stay_kept_after_a_throw_and_a_reload(browsing: Browsing, server: Server) -> None:
    """Kept 4 4, threw: the two 4s are still kept (✓, "Throw 3 dice"), as in the
    terminal, and after a reload too (the server's ``showing.fresh`` says which dice the
    last throw kept); the next throw keeps them unless the player lets them go."""
    room, token = poker_room(server, [{"bot": "greedy"}])
    page = browsing.page(token=(room, token))
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    table = PokerTable(page)
    table.wait_ready()
    table.click(table.throw)
    first = table.shown()
    table.dice.nth(1).click()
    table.dice.nth(3).click()
    expect_kept(table, [1, 3], [first[1], first[3]])

    table.click(table.throw)
    second = table.shown()
    assert [second[1], second[3]] == [first[1], first[3]]
    expect_kept(table, [1, 3], [first[1], first[3]])

    page.reload()
    wait_connected(page)
    table.wait_ready()
    assert table.shown() == second
    expect_kept(table, [1, 3], [first[1], first[3]])

    # the third throw keeps them again without a tap
    table.click(table.throw)
    third = table.shown()
    assert [third[1], third[3]] == [first[1], first[3]]
    rolls = server.record(room)["turns"][0]["rolls"]
    assert rolls[2]["keep"] == sorted([first[1], first[3]])


def test_two_people_on_phones_in_russian_with_the_keys(browsing: Browsing, server: Server) -> None:
    room, anna_token = poker_room(server, [{"open": True}])
    phone: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "locale": "ru-RU"}
    anna_page = browsing.page(token=(room, anna_token), **phone)
    anna_page.goto(f"{server.url}/r/{room}")
    wait_connected(anna_page)
    boris_page = browsing.page(**phone)
    boris_page.goto(f"{server.url}/r/{room}")
    wait_connected(boris_page)
    boris_page.get_by_label("Ваше имя").fill("Boris")
    boris_page.get_by_role("button", name="Занять место").click()
    expect(boris_page.locator(".room-bar .role")).to_contain_text("Ваше место: Boris")
    anna, boris = PokerTable(anna_page), PokerTable(boris_page)
    expect(anna.throw).to_have_accessible_name(re.compile("^Бросить все пять костей"))

    # T throws; 1 and 2 keep the first two dice; T throws the other three
    before = seq(anna_page)
    anna_page.keyboard.press("t")
    wait_settled(anna_page, before)
    first = anna.shown()
    anna_page.keyboard.press("1")
    anna_page.keyboard.press("2")
    expect(anna.dice.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(anna.dice.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(anna.throw).to_have_accessible_name(
        re.compile(rf"^Перебросить 3, оставить {first[0]} {first[1]}")
    )
    before = seq(anna_page)
    anna_page.keyboard.press("t")
    wait_settled(anna_page, before)
    assert anna.shown()[:2] == first[:2]
    # nothing is wider than the phone
    for page in (anna_page, boris_page):
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    pair = anna_page.get_by_role("button", name=re.compile("^Записать в «Одна пара»: "))
    points = str(pair.get_attribute("aria-label")).rsplit(": ", 1)[1]
    anna.click(pair)
    # Boris sees Anna's box, and it is his move
    expect(boris_page.locator(".players .player.to-move .p-name")).to_have_text("Boris")
    assert boris.sheet_cell("Одна пара", 0) == (points if points != "0" else "—")
    expect(boris_page.locator(".events li.latest")).to_contain_text("Anna: Одна пара")
    # a spectator's socket is refused, Anna's too (not her move), by the server
    refused = anna_page.evaluate(
        SOCKET_JS,
        {"path": f"/ws/rooms/{room}?token={anna_token}", "actions": [{"action": "throw"}]},
    )
    assert [error["code"] for error in refused["errors"]] == ["not_your_turn"]
    boris.wait_ready()
    assert boris_page.evaluate("document.documentElement.scrollWidth") <= 360
