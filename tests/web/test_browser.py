"""The page in a real browser: Debian's Chromium driven by Playwright against a real
``thousand serve`` (a child process, one per module), clicking buttons found by their
role and accessible name as a person (or a screen reader) finds them.

Without /usr/bin/chromium these tests are skipped, except under ``CI=true``, where
.ci/run installs it and they must run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from thousand.games.dice1000.record import replay

from .browser_support import (
    RULES_TITLE,
    SOCKET_JS,
    THROW,
    Browsing,
    Server,
    Table,
    actions_in,
    assert_controls_named,
    decide,
    errors_received,
    more_options,
    parse_number,
    play_out,
    rounds_of,
    rules_file,
    sent_types,
    seq,
    serve,
    state_at,
    wait_connected,
    wait_settled,
)


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``thousand serve`` for this module. Its strategy cache is the folder where the
    ``classic_cache`` fixture (tests/conftest.py) keeps the session's classic solve, so
    the advisor's test finds it there; no other test needs a strategy."""
    del chromium  # no server without a browser to use it
    strategies = tmp_path_factory.getbasetemp() / "strategy-cache"
    with serve(
        tmp_path_factory.mktemp("browser"), env={"THOUSAND_CACHE_DIR": str(strategies)}
    ) as running:
        yield running


def table_of(
    browsing: Browsing, server: Server, room: str, token: str | None, **options: object
) -> Table:
    """A table page of ``room`` (a seat's with ``token``, else a spectator's), connected."""
    page = browsing.page(token=None if token is None else (room, token), **options)
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    return Table(page)


def open_lobby(page: Page, server: Server) -> None:
    """The lobby, its list of rooms loaded (it is redrawn only every few seconds after)."""
    page.goto(f"{server.url}/")
    expect(page.locator(".rooms")).to_have_attribute("aria-busy", "false")
    expect(page.locator(".rooms")).not_to_contain_text("Loading…")


def create_through_lobby(page: Page, server: Server, name: str, rules_file: str, seat: str) -> str:
    """Fill the lobby's form (a rules file, two players, seat 2 as ``seat``) and create the
    room; the page goes to the table. Returns the room's id."""
    open_lobby(page, server)
    expect(page.get_by_role("heading", name="New game", level=1)).to_be_visible()
    page.get_by_label("Your name").fill(name)
    more_options(page)
    expect(page.locator(".seat-you")).to_have_text(name)
    page.get_by_label("A rules file (TOML or JSON)").check()
    page.get_by_label("The rules file's contents").fill(rules_file)
    expect(page.get_by_label("Number of players")).to_have_value("2")
    page.get_by_label("Seat 2").select_option(label=seat)
    page.get_by_role("button", name="Create a room").click()
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    room = page.url.rsplit("/", 1)[1]
    token = page.evaluate("(room) => localStorage.getItem('thousand.token.' + room)", room)
    assert isinstance(token, str) and len(token) >= 22  # the seat's token, kept for reloads
    assert page.evaluate("localStorage.getItem('thousand.name')") == name
    wait_connected(page)
    return room


# -- 1. a game against the computer, from the lobby's form to the record --------------


def test_a_game_against_the_computer_from_the_lobby_to_the_record(
    browsing: Browsing, server: Server
) -> None:
    page = browsing.page()
    room = create_through_lobby(page, server, "Anna", rules_file(300), seat="computer: cautious")
    table = Table(page)
    expect(page.get_by_role("heading", name=RULES_TITLE, level=1)).to_be_visible()
    expect(table.role_line).to_contain_text("Your seat: Anna")
    expect(page.locator(".players .p-name")).to_have_text(["Anna", "Cautious"])
    expect(table.throw).to_have_accessible_name("throw 5 dice")
    expect(table.stop).to_be_disabled()  # nothing to record before a throw

    taken = play_out({"Anna": table}, stop_at=50)

    record = server.record(room)
    # every action of Anna's in the record is one of the test's clicks
    assert actions_in(record)["Anna"] == taken["Anna"] >= 1
    final = replay(record).to_json_data()
    winner = final["winner"]
    assert winner in {"Anna", "Cautious"}
    # the winner, on the page
    expect(table.over_title).to_have_text(f"Winner: {winner}.")
    expect(page.locator(".player.winner .p-name")).to_have_text(winner)
    expect(page.locator(".player.winner").get_by_label("winner")).to_have_text("★")
    expect(page.get_by_role("heading", name="The game is over.", exact=True)).to_be_visible()
    expect(table.throw).to_have_count(0)
    # the final scores the page shows are the replay's
    scores = {player["name"]: player["score"] for player in final["players"]}
    assert table.scores() == scores
    assert scores[winner] >= 300
    # the score sheet: one column a player, one row a round, each column ending in the
    # player's final score
    names, rows = table.sheet()
    assert names == [player["name"] for player in final["players"]]
    assert len(rows) == rounds_of(len(final["turns"]), len(names))
    for column, name in enumerate(names):
        cells = [row[column] for row in rows if row[column].strip()]
        assert cells, name
        numbers = [parse_number(part) for part in re.findall(r"−?\d+", cells[-1])]
        # "—": a lost turn, and nothing written yet if the player never entered
        assert scores[name] in numbers or (scores[name] == 0 and not numbers), (name, cells)
    assert "★" in rows[-1][names.index(winner)]
    # the dice's seed is shown now, and it is the record's
    expect(page.locator(".fair .seed")).to_have_text(f"Dice seed: {record['meta']['dice_seed']}")
    # the record to download is this game's
    link = page.get_by_role("link", name="Download the record")
    expect(link).to_have_attribute("href", f"/api/rooms/{room}/record?number=1")
    with page.expect_download() as download_info:
        link.click()
    download = download_info.value
    # the server's Content-Disposition ("{room}-1.json") names the file, not the link's
    # download attribute ("thousand-{room}-1.json")
    assert download.suggested_filename.endswith(f"{room}-1.json")
    downloaded = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert downloaded == record
    assert replay(downloaded).to_json_data() == final
    # a game played by clicks only: no click was ever refused
    assert errors_received(page) == []
    assert_controls_named(page, at_least=8)


# -- 2. two people, an invite link, and a reload in the middle of a turn ---------------


def table_snapshot(table: Table) -> dict[str, object]:
    """What a player sees of the turn: to compare before and after a reload."""
    page = table.page
    return {
        "seq": seq(page),
        "total": table.total(),
        "throw": table.throw.text_content(),
        "throw keys": table.throw.get_attribute("aria-keyshortcuts"),
        "stop": table.stop.text_content(),
        "stop enabled": table.stop.is_enabled(),
        "dice": page.locator(".dice-row.thrown .dice").get_attribute("aria-label"),
        "all dice": page.locator(".dice-area [role=img]").evaluate_all(
            "(nodes) => nodes.map((node) => node.getAttribute('aria-label'))"
        ),
        "combinations": page.locator(".combos").text_content(),
        "title": page.locator("#turn-title").text_content(),
        "sheet": table.sheet(),
        "scores": table.scores(),
    }


def test_two_people_join_by_the_invite_link_and_a_reload_keeps_the_turn(
    browsing: Browsing, server: Server
) -> None:
    anna = browsing.page()
    room = create_through_lobby(anna, server, "Anna", rules_file(150), seat="a person (open seat)")
    expect(anna.get_by_role("heading", name="Waiting for players")).to_be_visible()
    expect(
        anna.get_by_text("The game starts when every seat is taken. Open seats: 1.")
    ).to_be_visible()
    invite = anna.get_by_label("Invite link")
    expect(invite).to_have_value(f"{server.url}/r/{room}")
    assert_controls_named(anna, at_least=6)

    boris = browsing.page()
    boris.goto(invite.input_value())
    wait_connected(boris)
    join = boris.get_by_role("form", name="Join this game")
    expect(join).to_be_visible()
    expect(boris.locator(".room-bar .role")).to_have_text("You are watching. A seat is open.")
    assert_controls_named(boris, at_least=8)
    join.get_by_label("Your name").fill("Boris")
    join.get_by_role("button", name="Take the seat").click()
    expect(join).to_be_hidden()
    expect(boris.locator(".room-bar .role")).to_contain_text("Your seat: Boris")
    assert boris.evaluate(f"localStorage.getItem('thousand.token.{room}')")

    tables = {"Anna": Table(anna), "Boris": Table(boris)}
    # the game started for both: Anna (seat 1) moves first
    for page in (anna, boris):
        expect(page.locator(".players .p-name")).to_have_text(["Anna", "Boris"])
        expect(page.get_by_role("heading", name="Now playing: Anna", level=2)).to_be_visible()
    expect(boris.get_by_text("Waiting for your turn.")).to_be_visible()
    expect(tables["Boris"].throw).to_have_count(0)

    reloaded: list[int] = []

    def reload_mid_turn(name: str, table: Table) -> None:
        other = tables["Boris" if name == "Anna" else "Anna"]
        # whoever is not to move has no buttons to press
        expect(other.page.get_by_text("Waiting for your turn.")).to_be_visible()
        expect(other.throw).to_have_count(0)
        page = table.page
        now = state_at(page, seq(page))
        if name != "Anna" or reloaded or now["ended"] or not now["throws"]:
            return  # (a turn not begun shows how the last one ended)
        # Anna threw and may go on: reload before deciding
        before = table_snapshot(table)
        assert str(before["dice"]).startswith("Last throw: ")
        page.reload()
        wait_connected(page)
        expect(table.role_line).to_contain_text("Your seat: Anna")
        expect(page.locator(".player.to-move .p-name")).to_have_text("Anna")
        expect(page.locator(".player.to-move .p-tags")).to_contain_text("you")
        expect(table.throw).to_be_enabled()
        assert table_snapshot(table) == before
        expect(table.total_value).to_have_text(str(before["total"]))
        reloaded.append(table.total())

    taken = play_out(tables, stop_at=50, on_ready=reload_mid_turn)
    assert reloaded, "Anna never had a turn going on after a throw"

    record = server.record(room)
    # each click was an action of the record, and nothing else was
    assert actions_in(record) == taken
    final = replay(record).to_json_data()
    winner = final["winner"]
    scores = {player["name"]: player["score"] for player in final["players"]}
    for table in tables.values():
        expect(table.over_title).to_have_text(f"Winner: {winner}.")
        assert table.scores() == scores
        assert errors_received(table.page) == []

    # a rematch, asked by both: Boris, who moved second, moves first (so he plays even
    # when Anna won the first game in her first turn)
    anna.get_by_role("button", name="Rematch").click()
    expect(anna.get_by_role("button", name="Rematch asked")).to_be_disabled()
    expect(boris.get_by_text("Asked for a rematch: Anna")).to_be_visible()
    boris.get_by_role("button", name="Rematch").click()
    for page in (anna, boris):
        expect(page.locator(".room-head")).to_contain_text("game 2")
        expect(page.locator(".players .p-name")).to_have_text(["Boris", "Anna"])
        expect(page.get_by_role("heading", name="Now playing: Boris", level=2)).to_be_visible()
    expect(anna.get_by_text("Waiting for your turn.")).to_be_visible()
    second = tables["Boris"]
    expect(second.throw).to_have_accessible_name("throw 5 dice")
    before = seq(anna)
    second.click(second.throw)
    anna.wait_for_function("(before) => window.__thousand.seq > before", arg=before)
    expect(anna.locator(".dice-row.thrown .dice")).to_have_attribute(
        "aria-label", re.compile(r"^Last throw( of Boris)?: [1-6]( [1-6]){4}$")
    )
    assert server.record(room, number=1) == record  # the first game stays as it was
    assert server.record(room)["turns"][0]["rolls"][0] == [
        int(face)
        for face in re.findall(
            r"[1-6]", str(second.page.locator(".dice-row.thrown .dice").get_attribute("aria-label"))
        )
    ]


# -- 3. a spectator -------------------------------------------------------------------


def table_view(table: Table) -> tuple[int, tuple[str, ...], str, list[list[str]]]:
    """The game as a table page shows it: the turn's total, the dice, the turn's title,
    the sheet's rounds."""
    page = table.page
    labels = page.locator(".dice-area [role=img]").evaluate_all(
        "(nodes) => nodes.map((node) => node.getAttribute('aria-label'))"
    )
    dice = tuple(str(label) for label in labels)
    title = page.locator("#turn-title").text_content() or ""
    return (table.total(), dice, title, table.sheet()[1])


def test_a_spectator_sees_the_moves_and_cannot_act(browsing: Browsing, server: Server) -> None:
    room, token = server.create_room("Anna", seats=[{"bot": "cautious"}])
    anna = table_of(browsing, server, room, token)
    expect(anna.throw).to_be_enabled()

    # the room is listed in the lobby, to watch (its seats are full)
    lobby = browsing.page()
    open_lobby(lobby, server)
    card = lobby.locator(f'a[href="/r/{room}"]')
    expect(card).to_have_accessible_name(f"Watch the room: {RULES_TITLE}")
    expect(card).to_have_text("Watch")

    watcher = table_of(browsing, server, room, None)
    page = watcher.page
    expect(watcher.role_line).to_contain_text("You are watching.")
    expect(page.get_by_role("form", name="Join this game")).to_have_count(0)
    expect(page.get_by_role("region", name="Your move")).to_have_count(0)
    expect(watcher.throw).to_have_count(0)
    expect(watcher.stop).to_have_count(0)
    expect(page.locator(".actions button")).to_have_count(0)
    expect(anna.page.locator(".fair")).to_contain_text("Spectators: 1")

    # the spectator follows the game as Anna plays it: whenever Anna is to move (nothing
    # changes until she acts), the spectator's table shows what hers does — once a bust
    # held on the table (about two seconds) has been shown: Anna's own move ends her wait
    seen: set[tuple[int, tuple[str, ...], str]] = set()
    for _ in range(200):
        anna.wait_ready()
        now = seq(anna.page)
        page.wait_for_function("(now) => window.__thousand.seq === now", arg=now)
        hers = table_view(anna)
        for _ in range(40):
            shown = table_view(watcher)
            if shown == hers:
                break
            page.wait_for_timeout(100)
        assert shown == hers
        seen.add((shown[0], shown[1], shown[2]))
        if len(shown[3]) >= 3 and len(seen) >= 6:  # three rounds on the sheet
            break
        anna.click(decide(anna, stop_at=50))
    else:
        raise AssertionError("three rounds were not played")
    assert watcher.scores() == anna.scores()

    # the keys do nothing for a spectator: nothing is sent
    before = seq(page)
    page.locator("body").press("t")
    page.keyboard.press("s")
    page.keyboard.press(" ")
    assert "action" not in sent_types(page)
    assert seq(page) == before
    # and a WebSocket without a token is refused any action
    answer = page.evaluate(
        SOCKET_JS, {"path": f"/ws/rooms/{room}", "actions": [{"action": "throw"}]}
    )
    assert answer["you"] is None
    assert answer["legal"] == []
    assert answer["errors"][0]["code"] == "spectator"
    assert seq(anna.page) == answer["seq"]  # nothing changed
    assert errors_received(anna.page) == []


# -- 4. the Russian page --------------------------------------------------------------


def test_the_page_speaks_russian_and_switches_to_english(
    browsing: Browsing, server: Server
) -> None:
    page = browsing.page(locale="ru-RU")
    open_lobby(page, server)
    expect(page.get_by_role("heading", name="Новая игра", level=1)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("heading", name="Открытые столы")).to_be_visible()
    expect(page.get_by_role("heading", name="Как играть")).to_be_visible()
    expect(page.get_by_label("Ваше имя")).to_be_visible()
    expect(page.get_by_role("button", name="Играть с компьютером")).to_be_visible()
    more_options(page, "Другие настройки")
    expect(page.get_by_label("Число игроков")).to_have_value("2")
    expect(page.get_by_role("button", name="Создать стол")).to_be_visible()
    assert page.title() == "Тысяча на костях"

    switch = page.get_by_role("button", name="English")
    expect(switch).to_have_attribute("lang", "en")
    switch.click()
    expect(page.get_by_role("heading", name="New game", level=1)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Open rooms")).to_be_visible()
    expect(page.get_by_label("Your name")).to_be_visible()
    assert page.title() == "Dice 1000"
    back = page.get_by_role("button", name="Русский")
    expect(back).to_be_focused()  # the focus stays on the switch
    back.click()
    expect(page.get_by_role("heading", name="Новая игра", level=1)).to_be_visible()
    assert page.evaluate("localStorage.getItem('thousand.lang')") == "ru"

    # a room made in Russian: its table speaks Russian
    page.get_by_label("Ваше имя").fill("Анна")
    page.get_by_label("Место 2").select_option(label="компьютер: осторожный")
    page.get_by_role("button", name="Создать стол").click()
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    wait_connected(page)
    throw = re.compile(r"^бросить \d кост(ь|и|ей)$")
    stop = re.compile(r"^записать \d+$")
    table = Table(page, throw=throw, stop=stop)
    expect(table.throw).to_have_accessible_name("бросить 5 костей")
    expect(table.stop).to_have_accessible_name("записать 0")
    expect(table.stop).to_be_disabled()
    expect(page.get_by_role("heading", name="Ходит: Анна", level=2)).to_be_visible()
    expect(table.role_line).to_contain_text("Ваше место: Анна")
    expect(page.get_by_role("heading", name="классика", exact=True, level=1)).to_be_visible()
    expect(page.locator(".player").nth(1).locator(".p-tags")).to_contain_text(
        "компьютер: осторожный"
    )
    expect(page.get_by_role("heading", name="Запись очков")).to_be_visible()

    # English at the table: the server's words change too (a new connection, ?lang=en)
    page.get_by_role("button", name="English").click()
    english = Table(page)
    expect(english.throw).to_have_accessible_name("throw 5 dice")
    expect(english.stop).to_have_accessible_name("stop and record 0")
    expect(page.get_by_role("heading", name="Now playing: Анна", level=2)).to_be_visible()
    expect(page.get_by_role("heading", name="classic", exact=True, level=1)).to_be_visible()
    page.get_by_role("button", name="Русский").click()
    expect(table.throw).to_have_accessible_name("бросить 5 костей")

    # a throw in Russian
    before = seq(page)
    table.click(table.throw)
    if state_at(page, before + 1)["to_move"] == "Анна":  # Anna goes on
        expect(table.throw).to_have_accessible_name(throw)
        expect(page.locator(".turn-total .label")).to_have_text("Очки хода")
        expect(page.locator(".dice-row.thrown .dice")).to_have_attribute(
            "aria-label", re.compile(r"^Последний бросок: [1-6]( [1-6]){4}$")
        )
        expect(page.locator(".turn-total .left")).to_have_text(re.compile(r"^Осталось костей: \d$"))
    else:  # nothing scored: the turn is lost, and the log says so in Russian
        expect(page.locator(".events li").first).to_contain_text("Анна: ")
        expect(page.locator(".events li").first).not_to_contain_text("bust")
    assert errors_received(page) == []


# -- 5. the keyboard, and every control named ----------------------------------------------


def test_the_keys_play_and_every_control_has_a_name(browsing: Browsing, server: Server) -> None:
    lobby = browsing.page()
    open_lobby(lobby, server)
    expect(lobby.get_by_role("heading", name="New game", level=1)).to_be_visible()
    more_options(lobby)
    assert_controls_named(lobby, at_least=15)
    lobby.get_by_label("A rules file (TOML or JSON)").check()
    lobby.get_by_label("Turn clock").check()
    expect(lobby.get_by_label("Seconds to move")).to_be_enabled()
    expect(lobby.get_by_label("Seconds to move")).to_be_focused()
    lobby.get_by_label("Number of players").select_option("4")
    expect(lobby.locator(".seat-rows select")).to_have_count(3)
    expect(lobby.get_by_label("The rules file's contents")).to_be_visible()
    expect(lobby.get_by_label("Or open a file")).to_be_visible()
    assert_controls_named(lobby, at_least=21)

    rules = {"preset": "classic", "barrels": [], "entry_threshold": 50}
    room, token = server.create_room("Anna", seats=[{"bot": "cautious"}], rules=rules)
    table = table_of(browsing, server, room, token)
    page = table.page
    expect(table.throw).to_have_attribute("aria-keyshortcuts", "T Space")
    expect(table.stop).to_have_attribute("aria-keyshortcuts", "S")
    assert_controls_named(page, at_least=7)

    # the keys, with the focus on the page itself
    done: dict[str, int] = {}
    for _ in range(200):
        table.wait_ready()
        assert page.evaluate("document.activeElement === document.body")
        before_total = table.total()
        before_score = table.scores()["Anna"] or 0
        if table.stop.is_enabled() and ("s" not in done or before_total >= 50):
            before = seq(page)
            recorded = page.locator(
                ".events li", has_text=re.compile(rf"^Anna: \+{before_total}\b")
            )
            count = recorded.count()
            table.press("s")
            done["s"] = done.get("s", 0) + 1
            # the turn was recorded: it passed to the computer, and the log says so
            assert state_at(page, before + 1)["to_move"] == "Cautious"
            expect(recorded).to_have_count(count + 1)
            expect(recorded.last).to_contain_text(f"score {before_score + before_total}")
        else:
            key = "t" if done.get("t", 0) <= done.get("Space", 0) else "Space"
            expect(table.throw).to_have_accessible_name(THROW)
            before = seq(page)
            # the log's line of a bust lists the busting dice: "Anna: 2 3 4 6 — bust."
            busts = page.locator(".events li", has_text=re.compile(r"^Anna: ([1-6] )*[1-6] — bust"))
            busted = busts.count()
            table.press(key)
            done[key] = done.get(key, 0) + 1
            # the key threw: the state it made has one throw more, or the turn was lost
            made = state_at(page, before + 1)
            if made["to_move"] == "Anna":
                shown = state_at(page, before)  # the turn going on, or the last one's end
                going_on = 0 if shown["throws"] is None or shown["ended"] else shown["throws"]
                assert made["throws"] == going_on + 1, (shown, made)
                # Anna goes on: nothing changes until she acts, the page shows the throw
                expect(page.locator(".dice-row.thrown .dice")).to_have_attribute(
                    "aria-label", re.compile(r"^Last throw: [1-6]( [1-6]){0,4}$")
                )
                expect(table.total_value).to_have_text(str(made["total"]))
            else:
                assert made["ended"] == "bust", made
                expect(busts).to_have_count(busted + 1)
        if all(done.get(key, 0) >= 2 for key in ("t", "Space", "s")):
            break
    else:
        raise AssertionError(f"the keys were not all tried: {done}")
    assert sent_types(page).count("action") == sum(done.values())
    assert errors_received(page) == []

    # only the keyboard: Tab to the throw button, Enter presses it
    table.wait_ready()
    if table.throw.is_enabled():
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.dataset.act === 'throw'"):
                break
        else:
            raise AssertionError("Tab never reached the throw button")
        expect(table.throw).to_be_focused()
        table.press("Enter")
        # the focus stays on the throw button, or on the actions once the turn is over
        assert page.evaluate(
            "document.activeElement.dataset.act === 'throw'"
            " || document.activeElement.classList.contains('actions')"
        )
    table.wait_ready()  # nothing changes on the page until Anna acts
    assert_controls_named(page, at_least=7)


# -- 6. chat and names are text, never markup ------------------------------------------


IMAGE_PROBE_JS = """
() => new Promise((resolve) => {
  // an image of the same address as the injected one: once it fails, an injected one
  // would have failed (and run its handler) too
  const probe = new Image();
  probe.onerror = () => resolve(typeof window.__pwned);
  probe.onload = () => resolve(typeof window.__pwned);
  probe.src = "x?" + Date.now();
})
"""


def test_chat_and_names_are_shown_as_text(browsing: Browsing, server: Server) -> None:
    name = "<img src=x onerror=__pwned=2>"
    message = '<img src=x onerror="window.__pwned=1">'
    room, token = server.create_room(name, seats=[{"bot": "cautious"}])
    table = table_of(browsing, server, room, token)
    page = table.page
    expect(page.locator(".players .p-name").first).to_have_text(name)
    expect(table.role_line).to_contain_text(f"Your seat: {name}")

    box = page.get_by_role("textbox", name="Message")
    box.fill(message)
    page.get_by_role("button", name="Send").click()
    line = page.locator(".chat-list .chat-line")
    expect(line).to_have_count(1)
    expect(line.locator(".chat-text")).to_have_text(message)
    expect(line.locator(".chat-name")).to_have_text(name)
    expect(box).to_have_value("")
    # a spectator, coming later, gets it with the room's last lines
    watcher = table_of(browsing, server, room, None)
    expect(watcher.page.locator(".chat-list .chat-text")).to_have_text([message])
    expect(watcher.page.locator(".sheet-table thead th").nth(1)).to_have_text(name)

    # and the lobby's list of rooms
    lobby = browsing.page()
    open_lobby(lobby, server)
    card = lobby.locator(".room-card").filter(has=lobby.locator(f'a[href="/r/{room}"]'))
    expect(card.locator(".seat.person")).to_contain_text(name)

    for shown in (page, watcher.page, lobby):
        assert shown.locator("main img").count() == 0
        assert shown.locator(".chat-list *[onerror]").count() == 0
        assert shown.evaluate(IMAGE_PROBE_JS) == "undefined"
        assert shown.evaluate("typeof window.__pwned") == "undefined"


# -- 7. a phone ----------------------------------------------------------------------------


PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

OVERFLOW_JS = "() => [document.documentElement.scrollWidth, document.body.scrollWidth]"


def test_a_phone_shows_the_table_without_sideways_scrolling(
    browsing: Browsing, server: Server
) -> None:
    long_name = "Konstantin Konstantinopolsky-Vasilyevich"
    room, token = server.create_room(long_name, seats=[{"bot": "cautious"}])
    phone = browsing.page(token=(room, token), **PHONE)
    open_lobby(phone, server)
    expect(phone.get_by_role("heading", name="New game", level=1)).to_be_visible()
    assert max(phone.evaluate(OVERFLOW_JS)) <= 360

    phone.goto(f"{server.url}/r/{room}")
    wait_connected(phone)
    table = Table(phone)
    assert phone.evaluate("window.innerWidth") == 360
    for _ in range(60):
        table.wait_ready()
        assert max(phone.evaluate(OVERFLOW_JS)) <= 360
        for button in (table.throw, table.stop):
            expect(button).to_be_visible()
            box = button.bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
            assert box["height"] >= 40  # a finger's size
        button = table.stop if table.stop.is_enabled() and table.total() >= 50 else table.throw
        before = seq(phone)
        button.tap()
        wait_settled(phone, before)
        _, rows = table.sheet()
        if len(rows) >= 3:
            break
    else:
        raise AssertionError("three rounds were not played")
    assert max(phone.evaluate(OVERFLOW_JS)) <= 360
    expect(phone.locator(".sheet-table")).to_be_visible()
    assert errors_received(phone) == []


# -- 8. the advisor ----------------------------------------------------------------------


CHANCE = r"\d{1,3}(\.\d+)?%"


def test_the_advisor_shows_the_chances_to_the_player_to_move_only(
    browsing: Browsing, server: Server, classic_cache: Path
) -> None:
    """The classic rules' solve is in the server's cache (``classic_cache``): the advice
    comes at once, without solving."""
    assert any(classic_cache.rglob("*.npz"))
    room, token = server.create_room(
        "Anna", seats=[{"bot": "cautious"}], rules="classic", advisor=True
    )
    table = table_of(browsing, server, room, token)
    page = table.page
    advice = page.get_by_role("region", name="Winning chances")
    lines = advice.locator(".advice-list li")
    # the turn's first throw is the only move
    expect(lines).to_have_text([re.compile(rf"^throw 5 dice: {CHANCE} \(the only move\)$")])
    expect(lines.first).to_have_class(re.compile(r"\bbest\b"))
    expect(page.locator(".solving")).to_be_hidden()

    watcher = table_of(browsing, server, room, None)
    expect(watcher.page.get_by_role("region", name="Your move")).to_have_count(0)
    expect(watcher.page.get_by_role("region", name="Winning chances")).to_have_count(0)

    # after each throw of Anna's that goes on, the advice is about the throw that follows
    for _ in range(20):
        table.wait_ready()
        before = seq(page)
        table.click(table.throw)
        if state_at(page, before + 1)["to_move"] != "Anna":
            continue  # lost: the computer plays, then Anna's next turn
        label = str(table.throw.locator(".act-label").text_content())  # not the key hints
        assert THROW.match(label), label
        expect(lines.first).to_contain_text(re.compile(rf"^{re.escape(label)}: {CHANCE}"))
        expect(advice.locator(".advice-list li.best")).to_have_count(1)
        break
    else:
        raise AssertionError("Anna never went on after a throw")
    expect(watcher.page.get_by_role("region", name="Winning chances")).to_have_count(0)
    assert errors_received(page) == []


# -- the roll lands before anything is marked -----------------------------------------

WATCH_ROLL_JS = """
() => {
  // every change of the turn's drawing: a die still tumbling must carry no mark, and
  // no score chip may be up while one tumbles
  const seen = { rolling: 0, marked: [] };
  window.__roll = seen;
  const look = () => {
    const rolling = document.querySelectorAll(".dice-row.thrown .die.rolling");
    if (!rolling.length) return;
    seen.rolling += 1;
    for (const node of rolling) {
      for (const mark of ["scoring", "dead", "bust"]) {
        if (node.classList.contains(mark)) seen.marked.push(`${mark} on ${node.dataset.face}`);
      }
    }
    const combos = document.querySelector(".combos");
    if (combos && !combos.hidden && combos.children.length) seen.marked.push("chips up");
  };
  new MutationObserver(look).observe(document.querySelector(".turn"), {
    subtree: true, childList: true, attributes: true,
  });
}
"""


def test_the_roll_marks_nothing_before_the_dice_land(browsing: Browsing, server: Server) -> None:
    """With motion, the dice tumble through random faces for a moment: no die carries the
    scoring (or dead, or bust) mark and no score chip is up until they land on the true
    faces; then the marks are there."""
    room, token = server.create_room("Anna", seats=[{"bot": "cautious"}])
    table = table_of(browsing, server, room, token, reduced_motion="no-preference")
    page = table.page
    page.evaluate(WATCH_ROLL_JS)
    for _ in range(3):
        table.wait_ready()
        if not table.throw.is_enabled():
            table.click(table.stop)
            continue
        table.click(table.throw)
        # landed: no die tumbles, the true faces are drawn, each marked
        expect(page.locator(".dice-row.thrown .die.rolling")).to_have_count(0)
        dice = page.locator(".dice-row.thrown .die")
        marked = page.locator(
            ".dice-row.thrown .die.scoring, .dice-row.thrown .die.dead, .dice-row.thrown .die.bust"
        )
        expect(marked).to_have_count(dice.count())
    seen = page.evaluate("() => window.__roll")
    assert seen["rolling"] > 0, "the dice never tumbled"
    assert seen["marked"] == []
    assert errors_received(page) == []
