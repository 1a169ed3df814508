"""Real dice at a real table, in a real browser: one phone keeps the score of a whole
table (``options.scorekeeper``), the faces that fell tapped in on big buttons, a mistyped
throw taken back, the house-rules form of the lobby, and the page against the record.

Debian's Chromium driven by Playwright against a real ``thousand serve`` (a child
process, one per module), as test_browser.py does. Without /usr/bin/chromium these tests
are skipped, except under ``CI=true``, where they must run. Screenshots of a phone's
screen are left in /tmp/shots/table-dice-*.png (English and Russian) to look at.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Request, expect

from thousand.core.i18n import translator
from thousand.games.dice1000.playsheet import sheet_cells
from thousand.games.dice1000.presets import PRESET_NAMES, preset_data
from thousand.games.dice1000.record import replay

from .browser_support import (
    MOVER_JS,
    SOCKET_JS,
    Browsing,
    Server,
    Table,
    assert_controls_named,
    errors_received,
    more_options,
    parse_number,
    seq,
    serve,
    state_at,
    wait_connected,
    wait_settled,
)

SHOTS = Path("/tmp/shots")

FACES = [1, 2, 3, 4, 5, 6]
LUCK = [3, 1, 1, 1, 2, 1]
"""How the faces tapped in are drawn: a table with more 1s and 5s than fair dice give, so
that the people at it reach 300 in a few turns (the computer throws fair dice)."""

PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def creates_a_room(request: Request) -> bool:
    """The lobby's POST that creates a room (not its periodic GET of the open rooms)."""
    return request.method == "POST" and request.url.endswith("/api/rooms")


OVERFLOW_JS = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"

TABLE_RULES = {"preset": "classic", "target": 300, "entry_threshold": 50, "barrels": []}
"""What the form below sends: classic to 300, entry 50, no barrels (no dump truck in
classic)."""


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium  # no server without a browser to use it
    with serve(tmp_path_factory.mktemp("browser-table")) as running:
        yield running


def shoot(page: Page, name: str, *, full: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-dice-{name}.png"), full_page=full)


def no_sideways_scrolling(page: Page) -> None:
    assert page.evaluate(OVERFLOW_JS) <= 360


# -- the table, as a phone shows it ---------------------------------------------------


class Entry:
    """The face entry of a table page: the face buttons, the slots, "That's it"."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.panel = page.get_by_role("group", name=re.compile(r"^Enter the faces that fell"))
        self.done = page.get_by_role("button", name="That's it", exact=True)
        self.slots = page.locator(".entry .slot")
        self.filled = page.locator(".entry .slot.filled")
        self.undo = page.get_by_role("button", name="Undo the last throw")
        self.stop = page.get_by_role("button", name=re.compile(r"^stop and record \d+$"))

    def face(self, face: int) -> Locator:
        return self.page.get_by_role("button", name=f"Face {face}", exact=True)

    def faces(self) -> list[int]:
        """The faces entered so far, as the slots show them."""
        shown = self.filled.evaluate_all(
            "(nodes) => nodes.map((node) => node.querySelector('.die').dataset.face)"
        )
        return [int(face) for face in shown]

    def need(self) -> int:
        return self.slots.count()

    def tap(self, faces: list[int]) -> None:
        """Tap the face buttons, as a finger does: at the middle of each (the buttons stay
        where they are while the slots fill)."""
        centres = self.page.evaluate(FACE_CENTRES_JS)
        for face in faces:
            x, y = centres[str(face)]
            self.page.touchscreen.tap(x, y)
        expect(self.filled).to_have_count(len(faces))

    def send(self, faces: list[int]) -> None:
        """Tap the faces in and send them; wait until the throw is drawn."""
        self.tap(faces)
        assert self.faces() == faces
        expect(self.done).to_be_enabled()
        before = seq(self.page)
        self.done.tap()
        wait_settled(self.page, before)


FACE_CENTRES_JS = """
() => {
  document.querySelector(".face-buttons").scrollIntoView({ block: "center" });
  const centres = {};
  for (const button of document.querySelectorAll(".face-buttons .face")) {
    const box = button.getBoundingClientRect();
    centres[button.dataset.act.slice(5)] = [box.x + box.width / 2, box.y + box.height / 2];
  }
  return centres;
}
"""

KEEP_SOCKETS_SCRIPT = """
(() => {
  // after browser_support.WATCH_SCRIPT: keeps the page's sockets, to send on its own one
  const Watched = window.WebSocket;
  window.__NativeWebSocket = Object.getPrototypeOf(Watched);
  window.__sockets = [];
  window.WebSocket = class extends Watched {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
    }
  };
})();
"""

READY_JS = """
(names) => {
  if (document.getElementById("over-title")) return true;
  const mover = document.querySelector(".players .player.to-move .p-name");
  if (!mover || !names.includes(mover.textContent)) return false;
  return !!document.querySelector(".entry .entry-done")
    && !document.querySelector(".actions [aria-disabled='true']");
}
"""


def wait_for_people(page: Page, people: list[str]) -> str | None:
    """Wait until a person of the table is to move and the entry is open to this phone
    (the computer plays on the server meanwhile); their name, or None once it is over."""
    page.wait_for_function(READY_JS, arg=people)
    mover: dict[str, Any] = page.evaluate(MOVER_JS, people)
    return None if mover["over"] else str(mover["name"])


def record_rolls(record: dict[str, Any], people: set[str]) -> list[tuple[str, list[int]]]:
    """The throws of ``people`` in a record, in order, with whose they were."""
    names = record["players"]
    rolls: list[tuple[str, list[int]]] = []
    for index, turn in enumerate(record["turns"]):
        player = names[index % len(names)]
        if player in people:
            rolls.extend((player, list(roll)) for roll in turn["rolls"])
    return rolls


# -- 1. the house-rules form -----------------------------------------------------------


def test_the_house_rules_form_starts_from_each_preset_as_the_server_has_it(
    browsing: Browsing, server: Server
) -> None:
    """The form starts from each preset's rules as GET /api/games sends them (the page
    keeps no copy): its fields show the preset's file, nothing changed sends the preset's
    name alone, and one key changed sends the preset with that key."""
    page = browsing.page()
    # no room is made: the server's answer is the test's, and the lobby stays
    error = {"error": {"code": "unavailable", "message": "kept by the test"}}
    page.route("**/api/rooms", lambda route: route.fulfill(status=503, json=error))

    def sent_rules() -> Any:
        """Create the room: the rules the form sent."""
        with page.expect_request(creates_a_room) as request:
            page.get_by_role("button", name="Create a room").click()
        expect(page.locator("#create-error")).to_have_text("kept by the test")
        body = request.value.post_data_json
        assert isinstance(body, dict)
        return body["rules"]

    page.goto(f"{server.url}/")
    page.get_by_label("Your name").fill("Anna")
    more_options(page)
    page.get_by_label("House rules").check()
    start = page.get_by_label("Start from")
    expect(start.locator("option")).to_have_count(len(PRESET_NAMES))
    assert start.locator("option").evaluate_all("(nodes) => nodes.map((n) => n.value)") == list(
        PRESET_NAMES
    )
    for name in PRESET_NAMES:
        data = preset_data(name)
        start.select_option(name)
        expect(page.get_by_label("Play to")).to_have_value(str(data["target"]))
        expect(page.get_by_label("To win")).to_have_value(data["ending"])
        expect(page.get_by_label("Entry score")).to_have_value(str(data["entry_threshold"]))
        ranges = ", ".join(f"{barrel['from']}–{barrel['to']}" for barrel in data["barrels"])
        base = page.get_by_label(f"as in the base rules: {ranges or '—'}", exact=True)
        expect(base).to_be_checked()
        dump = page.get_by_label("Dump truck 555")
        if 555 in data["dump_trucks"]:
            expect(dump).to_be_checked()
        else:
            expect(dump).not_to_be_checked()
        bolts = page.get_by_label("Bolts", exact=True)
        if data["bolts"]:
            expect(bolts).to_be_checked()
            expect(page.get_by_label("Bolts for a penalty")).to_have_value(
                str(data["bolts"]["limit"])
            )
            expect(page.get_by_label("Penalty points")).to_have_value(str(data["bolts"]["penalty"]))
        else:
            expect(bolts).not_to_be_checked()
        expect(page.get_by_label("Overtaking penalty")).to_have_value(
            str(data["overtaking_penalty"])
        )
        # nothing changed: the preset's name alone
        assert sent_rules() == name
        # one key changed: the preset and that key
        page.get_by_label("Entry score").fill(str(data["entry_threshold"] + 5))
        assert sent_rules() == {"preset": name, "entry_threshold": data["entry_threshold"] + 5}


def fill_house_rules(page: Page) -> None:
    """Classic to 300, entry 50, no barrels, no dump truck; the lobby is in English."""
    more_options(page)
    page.get_by_label("House rules").check()
    expect(page.get_by_label("Start from")).to_have_value("classic")
    expect(page.get_by_label("Play to")).to_have_value("1000")
    expect(page.get_by_label("Entry score")).to_have_value("100")
    expect(
        page.get_by_label(re.compile(r"^as in the base rules: 200–300, 600–700, 880–1000$"))
    ).to_be_checked()
    page.get_by_label("Play to").fill("300")
    page.get_by_label("Entry score").fill("50")
    page.get_by_label("no barrels").check()
    dump = page.get_by_label("Dump truck 555")
    expect(dump).not_to_be_checked()  # classic has none
    dump.check()
    dump.uncheck()
    expect(page.get_by_label("Bolts", exact=True)).not_to_be_checked()
    expect(page.get_by_label("Overtaking penalty")).to_have_value("0")


def test_house_rules_are_kept_by_name_and_refused_at_their_field(
    browsing: Browsing, server: Server
) -> None:
    page = browsing.page(**PHONE)
    page.goto(f"{server.url}/")
    page.get_by_label("Your name").fill("Anna")
    fill_house_rules(page)
    page.get_by_label("Save these rules as").fill("Friday")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="saved")).to_have_text(
        "Rules “Friday” saved in this browser."
    )
    page.get_by_label("Play to").fill("500")
    page.get_by_label("Bolts", exact=True).check()
    page.get_by_label("Bolts for a penalty").fill("2")
    page.get_by_label("Penalty points").fill("100")
    page.get_by_label("Save these rules as").fill("Long")
    page.get_by_role("button", name="Save", exact=True).click()
    saved = page.evaluate("JSON.parse(localStorage.getItem('thousand.rules'))")
    assert saved == {
        "Friday": TABLE_RULES,
        "Long": {**TABLE_RULES, "target": 500, "bolts": {"limit": 2, "penalty": 100}},
    }

    # another visit: the saved rules are offered, and fill the form
    page.reload()
    more_options(page)
    page.get_by_label("House rules").check()
    chooser = page.get_by_label("Saved rules")
    expect(chooser.locator("option")).to_have_text(["choose…", "Friday", "Long"])
    chooser.select_option("Long")
    expect(page.get_by_label("Play to")).to_have_value("500")
    expect(page.get_by_label("Bolts", exact=True)).to_be_checked()
    expect(page.get_by_label("Bolts for a penalty")).to_have_value("2")
    page.get_by_role("button", name="Delete").click()
    expect(chooser.locator("option")).to_have_text(["choose…", "Friday"])
    chooser.select_option("Friday")
    expect(page.get_by_label("Play to")).to_have_value("300")
    expect(page.get_by_label("Entry score")).to_have_value("50")
    expect(page.get_by_label("no barrels")).to_be_checked()
    expect(page.get_by_label("Bolts", exact=True)).not_to_be_checked()
    assert page.evaluate("Object.keys(JSON.parse(localStorage.getItem('thousand.rules')))") == [
        "Friday"
    ]

    # a value that is no number is caught here, beside its field
    page.get_by_label("Your name").fill("Anna")
    page.get_by_label("Entry score").fill("fifty")
    page.get_by_role("button", name="Create a room").click()
    error = page.locator("#house-error")
    expect(error).to_have_text("Enter a whole number from 0 to 1000000.")
    expect(page.get_by_label("Entry score")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Entry score")).to_be_focused()
    page.get_by_label("Entry score").fill("50")
    expect(error).to_have_count(0)

    # the server's refusal (422 naming the key) is shown at the field it names
    page.get_by_label("our own barrels").check()
    page.get_by_label("Barrel 1: from").fill("250")
    page.get_by_label("Barrel 1: to").fill("400")
    page.get_by_role("button", name="Create a room").click()
    expect(error).to_have_text(re.compile(r"barrels\[0\]\.to.*400 is above the target 300"))
    to = page.get_by_label("Barrel 1: to")
    expect(to).to_have_attribute("aria-invalid", "true")
    assert page.locator(".barrel-row #house-error").count() == 1
    expect(to).to_be_focused()
    shoot(page, "house-error-en")
    expect(page).to_have_url(f"{server.url}/")  # no room
    page.get_by_role("button", name="Add a barrel").click()
    expect(page.get_by_label("Barrel 2: from")).to_have_value("400")
    assert_controls_named(page, at_least=30)
    page.get_by_role("button", name="Remove barrel 2").click()
    expect(page.get_by_label("Barrel 2: from")).to_have_count(0)
    no_sideways_scrolling(page)


# -- 2. a whole game on one phone --------------------------------------------------------


def create_scorekeeper_room(page: Page, server: Server) -> str:
    """Through the lobby's form: house rules, table dice kept on this phone, Boris at
    the table by name, a computer; the page goes to the table. The room's id."""
    page.goto(f"{server.url}/")
    expect(page.get_by_role("heading", name="New game", level=1)).to_be_visible()
    page.get_by_label("Your name").fill("Anna")
    fill_house_rules(page)
    page.get_by_label(re.compile(r"^Real dice at a real table")).check()
    keeper = page.get_by_label("One device keeps the score for the whole table")
    expect(page.get_by_label("Each player on their own phone")).to_be_checked()
    keeper.check()
    page.get_by_label("Number of players").select_option("3")
    expect(page.get_by_label("Seat 2", exact=True)).to_have_value("local")
    expect(page.get_by_label("Seat 3", exact=True)).to_have_value("local")
    page.get_by_label("Name of player 2").fill("Boris")
    page.get_by_label("Seat 3", exact=True).select_option(label="computer: cautious")
    expect(page.get_by_label("Name of player 3")).to_have_count(0)
    no_sideways_scrolling(page)
    shoot(page, "lobby-en", full=True)
    # the device's player, made on the first visit, takes the seat (docs/history.md)
    key = page.wait_for_function("() => localStorage.getItem('thousand.player.key')").json_value()
    with page.expect_request(creates_a_room) as sent:
        page.get_by_role("button", name="Create a room").click()
    assert sent.value.post_data_json == {
        "player": key,
        "name": "Anna",
        "rules": TABLE_RULES,
        "seats": [{"name": "Boris"}, {"bot": "cautious"}],
        "options": {
            "turn_seconds": None,
            "advisor": False,
            "private": False,
            "dice": "table",
            "language": "en",
            "scorekeeper": True,
        },
    }
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    wait_connected(page)
    return page.url.rsplit("/", 1)[1]


def check_wrong_entries(page: Page, server: Server, room: str, entry: Entry) -> None:
    """At the start of Anna's turn (five dice in the hand): a sixth face cannot be
    entered, and a wrong count sent past the page is refused and changes nothing."""
    assert entry.need() == 5
    before = seq(page)
    record = server.record(room)
    token = page.evaluate("(room) => localStorage.getItem('thousand.token.' + room)", room)
    answer = page.evaluate(
        SOCKET_JS,
        {
            "path": f"/ws/rooms/{room}?token={token}&lang=en",
            "actions": [
                {"action": "dice", "dice": [1, 5, 3, 3]},
                {"action": "dice", "dice": [1, 5, 3, 3, 2, 2]},
                {"action": "dice", "dice": [1, 5, 7, 3, 2]},
                {"action": "throw"},
            ],
        },
    )
    assert answer["seq"] == before and answer["you"] == 0
    assert answer["legal"] == ["dice"]  # no stop before a throw
    errors = answer["errors"]
    # too few faces: the engine's reason, in the page's language
    assert errors[0]["code"] == "illegal"
    assert errors[0]["text"] == "5 dice were thrown: type 5 faces, not 4"
    # more than five faces, or a face that is none, is not even a well-formed message
    assert [error["code"] for error in errors[1:3]] == ["bad_message", "bad_message"]
    assert all("dice" in error["message"] for error in errors[1:3]), errors
    # a room of table dice has no "throw"
    assert errors[3]["code"] == "illegal"
    assert "table dice" in errors[3]["message"]
    # nothing changed: no state was sent, the room is where it was
    assert seq(page) == before
    assert server.http.get(f"/api/rooms/{room}").json()["seq"] == before
    assert server.record(room) == record
    # a refusal on the page's own connection: its reason in the status line
    page.evaluate(
        """(seq) => window.__sockets.at(-1).send(JSON.stringify(
             { type: "action", action: "dice", dice: [2, 2], seq }))""",
        before,
    )
    expect(page.locator(".status-line")).to_have_text("5 dice were thrown: type 5 faces, not 2")
    assert errors_received(page) == ["illegal"]
    assert seq(page) == before

    # on the page: five faces fill the hand, a sixth is not taken
    entry.tap([6, 6, 6, 6, 6])
    for face in range(1, 7):
        expect(entry.face(face)).to_be_disabled()
    page.keyboard.press("6")
    x, y = page.evaluate(FACE_CENTRES_JS)["6"]
    page.touchscreen.tap(x, y)
    assert entry.faces() == [6, 6, 6, 6, 6]
    expect(entry.done).to_be_enabled()
    # Backspace takes the last one out, a tap on a slot that one: the entry is emptied
    page.keyboard.press("Backspace")
    expect(entry.filled).to_have_count(4)
    expect(entry.done).to_be_disabled()
    expect(entry.face(1)).to_be_enabled()
    while entry.filled.count():
        entry.filled.first.tap()
    expect(entry.filled).to_have_count(0)
    assert seq(page) == before
    assert page.evaluate("window.__thousand.sent").count("action") == 1  # the one above


def test_one_phone_keeps_the_score_of_a_real_game(browsing: Browsing, server: Server) -> None:
    page = browsing.page(**PHONE)
    page.context.add_init_script(KEEP_SOCKETS_SCRIPT)
    room = create_scorekeeper_room(page, server)
    table = Table(page)
    entry = Entry(page)
    people = ["Anna", "Boris"]
    expect(page.get_by_role("heading", name="classic with changes", level=1)).to_be_visible()
    expect(table.role_line).to_contain_text("Your seat: Anna")
    expect(page.locator(".players .p-name")).to_have_text(["Anna", "Boris", "Cautious"])
    expect(page.locator(".players .player").nth(1).locator(".p-tags")).to_have_text(
        "at the table, without a phone"
    )
    expect(page.locator(".fair")).to_contain_text("Real dice: the players enter the faces.")

    # Anna moves first: five empty slots, nothing to send yet, nothing to record
    expect(entry.panel).to_be_visible()
    expect(entry.panel).to_have_accessible_name("Enter the faces that fell (dice: 5):")
    expect(entry.slots).to_have_count(5)
    expect(entry.filled).to_have_count(0)
    expect(entry.done).to_be_disabled()
    expect(entry.stop).to_have_count(0)  # nothing to record before a throw
    expect(page.get_by_role("button", name=re.compile(r"^throw"))).to_have_count(0)
    expect(page.locator(".entering-for")).to_be_hidden()
    for face in range(1, 7):
        box = entry.face(face).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert_controls_named(page, at_least=10)
    check_wrong_entries(page, server, room, entry)
    entry.tap([1, 5])
    shoot(page, "entry-en")
    while entry.filled.count():
        page.keyboard.press("Backspace")

    rng = random.Random(1000)
    entered: list[tuple[str, list[int]]] = []
    undone = False
    shot_for = False
    keys_used = False
    for _ in range(400):
        name = wait_for_people(page, people)
        if name is None:
            break
        if name == "Anna":
            expect(page.locator(".entering-for")).to_be_hidden()
            expect(page.locator(".player.to-move .p-tags")).to_contain_text("you")
        else:
            expect(page.locator(".entering-for")).to_have_text(f"Entering for: {name}")
            assert page.title().startswith(f"▶ Entering for: {name}")
            if not shot_for:
                shot_for = True
                shoot(page, "entering-for-en")
        total = table.total() if page.locator(".dice-row.thrown").count() else 0
        going_on = state_at(page, seq(page))["ended"] is None
        if going_on and total >= 100 and entry.stop.is_enabled():
            table.click(entry.stop)
            continue
        need = entry.need()
        faces = rng.choices(FACES, weights=LUCK, k=need)
        before = seq(page)
        if not keys_used and name == "Anna":  # the keys: digits, then Enter sends
            keys_used = True
            page.evaluate("document.activeElement && document.activeElement.blur()")
            for face in faces:
                page.keyboard.press(str(face))
            assert entry.faces() == faces
            page.keyboard.press("Enter")
            wait_settled(page, before)
        else:
            entry.send(faces)
        entered.append((name, faces))
        made = state_at(page, before + 1)
        assert made["throws"] is not None
        if seq(page) != before + 1 or made["to_move"] not in people:
            continue  # the computer plays (and the throw can no longer be taken back)
        # the throw is shown as thrown, its scoring dice marked, and may be taken back
        shown = page.locator(".dice-row.thrown .dice")
        expect(shown).to_have_attribute(
            "aria-label", re.compile(rf"^Last throw( of {name})?: {' '.join(map(str, faces))}$")
        )
        expect(entry.undo).to_be_visible()
        if not undone and made["to_move"] == name and made["ended"] is None:
            undone = True
            take_back(page, server, room, entry, name=name, faces=faces, made=made)
            entered.pop()
            entered.append((name, entry_again(page, entry, faces)))
    else:
        raise AssertionError("the game did not end in 400 moves")
    assert undone, "no throw was ever taken back"
    assert shot_for

    # the end: the page against the record's replay
    record = server.record(room)
    assert record["meta"]["dice"] == "table"
    assert record["rules"] == TABLE_RULES
    replayed = replay(record)
    final = replayed.to_json_data()
    winner = final["winner"]
    expect(table.over_title).to_have_text(f"Winner: {winner}.")
    scores = {player["name"]: player["score"] for player in final["players"]}
    assert table.scores() == scores
    assert max(scores.values()) >= 300
    names, rows = table.sheet()
    assert names == ["Anna", "Boris", "Cautious"]
    assert rows == sheet_cells(translator("en"), replayed.state, replayed.turns)
    # every throw of the people at the table is the faces tapped in, the one taken back
    # left out
    assert record_rolls(record, set(people)) == entered
    # the computer threw too: the server drew its dice
    assert any(turn["player"] == "Cautious" for turn in final["turns"])
    expect(entry.panel).to_have_count(0)
    expect(entry.undo).to_have_count(0)
    no_sideways_scrolling(page)
    shoot(page, "over-en")
    # only the wrong entry sent past the page's buttons was ever refused
    assert errors_received(page) == ["illegal"]

    # the next game: Boris, at the table without a device, need not (cannot) ask for it
    before = seq(page)
    page.get_by_role("button", name="Rematch").tap()
    wait_settled(page, before)
    expect(page.locator(".room-head")).to_contain_text("game 2")
    expect(page.locator(".players .p-name")).to_have_text(["Boris", "Cautious", "Anna"])
    expect(page.locator(".entering-for")).to_have_text("Entering for: Boris")
    expect(entry.panel).to_be_visible()


def take_back(
    page: Page,
    server: Server,
    room: str,
    entry: Entry,
    *,
    name: str,
    faces: list[int],
    made: dict[str, Any],
) -> None:
    """Undo the throw just entered: the turn is as it was before it, the record too, and
    the faces come back into the slots to be corrected."""
    assert page.locator(".dice-row.thrown .die.scoring").count() >= 1
    no_sideways_scrolling(page)
    shoot(page, "after-throw-en")
    rolls_before = record_rolls(server.record(room), {name})
    before = seq(page)
    entry.undo.tap()
    wait_settled(page, before)
    back = state_at(page, before + 1)
    assert back["to_move"] == name
    assert (back["throws"] or 0) == made["throws"] - 1 or back["ended"] is not None
    assert record_rolls(server.record(room), {name}) == rolls_before[:-1]
    expect(entry.undo).to_have_count(0)
    assert entry.faces() == faces  # back in the slots


def entry_again(page: Page, entry: Entry, faces: list[int]) -> list[int]:
    """Correct the taken-back throw: take the second die out, put it back (as a person
    who mistyped it would), send. The faces sent."""
    second = entry.filled.nth(1)
    expect(second).to_have_accessible_name(f"Take out the die {faces[1]}")
    second.tap()
    expect(entry.filled).to_have_count(len(faces) - 1)
    expect(entry.done).to_be_disabled()
    again = [faces[0], *faces[2:], faces[1]]
    entry.face(faces[1]).tap()
    assert entry.faces() == again
    before = seq(page)
    entry.done.tap()
    wait_settled(page, before)
    return again


# -- 3. the same on a Russian phone ---------------------------------------------------------


def test_the_table_dice_page_in_russian(browsing: Browsing, server: Server) -> None:
    lobby = browsing.page(locale="ru-RU", **PHONE)
    lobby.goto(f"{server.url}/")
    lobby.get_by_label("Ваше имя").fill("Анна")
    more_options(lobby, "Другие настройки")
    lobby.get_by_label("Домашние правила").check()
    lobby.get_by_label("Игра до").fill("300")
    lobby.get_by_label("без бочек").check()
    lobby.get_by_label(re.compile(r"^Настоящие кости")).check()
    lobby.get_by_label("Одно устройство ведёт счёт за весь стол").check()
    lobby.get_by_label("Имя игрока 2").fill("Борис")
    no_sideways_scrolling(lobby)
    shoot(lobby, "lobby-ru", full=True)

    room, token = server.create_room(
        "Анна",
        seats=[{"name": "Борис"}, {"bot": "cautious"}],
        rules=TABLE_RULES,
        dice="table",
        scorekeeper=True,
        language="ru",
    )
    page = browsing.page(locale="ru-RU", token=(room, token), **PHONE)
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    group = page.get_by_role("group", name="Введите выпавшие грани (костей: 5):")
    expect(group).to_be_visible()
    done = page.get_by_role("button", name="Готово", exact=True)
    expect(done).to_be_disabled()
    expect(page.locator(".players .player").nth(1).locator(".p-tags")).to_have_text(
        "за столом, без телефона"
    )
    answer = page.evaluate(
        SOCKET_JS,
        {
            "path": f"/ws/rooms/{room}?token={token}&lang=ru",
            "actions": [{"action": "dice", "dice": [1, 5, 3, 3]}],
        },
    )
    assert answer["errors"][0]["text"] == "брошено 5 костей: введите 5 чисел, а не 4"

    for face in (1, 5, 2):
        page.get_by_role("button", name=f"Грань {face}", exact=True).tap()
    shoot(page, "entry-ru")
    for face in (3, 4):
        page.get_by_role("button", name=f"Грань {face}", exact=True).tap()
    before = seq(page)
    done.tap()  # 1 2 3 4 5: a small straight, all five dice: hot dice
    wait_settled(page, before)
    undo = page.get_by_role("button", name="Отменить последний бросок")
    expect(undo).to_be_visible()
    expect(page.get_by_role("group", name="Введите выпавшие грани (костей: 5):")).to_be_visible()
    expect(page.locator(".entry-decide > .refusal")).to_have_text(
        "все пять костей сыграли: их нужно бросить снова, прежде чем записывать"
    )
    no_sideways_scrolling(page)
    shoot(page, "after-throw-ru")

    # Anna stops on her next throw; then it is Boris's turn, entered on this phone
    for face in (1, 1, 1, 2, 3):
        page.get_by_role("button", name=f"Грань {face}", exact=True).tap()
    before = seq(page)
    done.tap()
    wait_settled(page, before)
    stop = page.get_by_role("button", name=re.compile(r"^записать \d+$"))
    before = seq(page)
    stop.tap()
    wait_settled(page, before)
    expect(page.locator(".entering-for")).to_have_text("Вводите за игрока: Борис")
    expect(page.locator(".player.to-move .p-name")).to_have_text("Борис")
    # Boris's turn in large type (0), the turn just recorded told small beside it
    expect(page.locator(".turn-total .label")).to_have_text("Очки хода")
    expect(page.locator(".turn-total .value")).to_have_text("0")
    expect(page.locator(".turn-total .last")).to_contain_text("Анна: +225")
    shoot(page, "entering-for-ru")
    assert (
        parse_number(page.locator(".players .player").first.locator(".p-score").inner_text()) == 225
    )
    no_sideways_scrolling(page)
    assert errors_received(page) == []


# -- 4. a bust stays on the table -----------------------------------------------------------

BUST_SHOWN_MS = 1500
"""How long after a bust arrived its dice must still be on the table (it is held two
seconds): long enough to read, even when the next player throws at once."""

BUST_DICE_JS = """
() => {
  const row = document.querySelector(".dice-row.thrown");
  if (!row) return null;
  return {
    label: row.querySelector(".dice").getAttribute("aria-label"),
    bust: Array.from(row.querySelectorAll(".die.bust"), (node) => Number(node.dataset.face)),
    dice: row.querySelectorAll(".die").length,
  };
}
"""


def test_a_bust_stays_on_the_table_while_the_computer_throws_at_once(
    browsing: Browsing, server: Server
) -> None:
    """Anna's losing throw (entered: 1 2 3 4 6, then 2 3 4 6) stays on the table, marked
    bust, for about two seconds though the computer (no delay) throws at once after it; the
    log lists the busting dice. With reduced motion (the pages' default here) too."""
    room, token = server.create_room(
        "Anna", seats=[{"bot": "cautious"}], rules=TABLE_RULES, dice="table"
    )
    page = browsing.page(token=(room, token))
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    entry = Entry(page)

    def enter(faces: list[int]) -> int:
        for face in faces:
            entry.face(face).click()
        expect(entry.filled).to_have_count(len(faces))
        before = seq(page)
        entry.done.click()
        page.wait_for_function("(before) => window.__thousand.seq > before", arg=before)
        return before + 1

    enter([1, 2, 3, 4, 6])  # the 1 scores 10
    expect(entry.slots).to_have_count(4)
    busted = enter([2, 3, 4, 6])
    bust = state_at(page, busted)
    assert bust["ended"] == "bust" and bust["to_move"] == "Cautious", bust

    # the computer throws at once: its throw has arrived well before the bust was read
    # (any newer state is its throw; it may bust on it too, so nothing more is asked)
    page.wait_for_function(
        "(after) => window.__thousand.history.some((s) => s.seq > after)", arg=busted
    )
    page.wait_for_function("([at, ms]) => Date.now() >= at + ms", arg=[bust["at"], BUST_SHOWN_MS])
    shown = page.evaluate(BUST_DICE_JS)
    assert shown == {"label": "Last throw of Anna: 2 3 4 6", "bust": [2, 3, 4, 6], "dice": 4}
    # the log says which dice lost the turn
    logged = page.locator(".events li", has_text="Anna: 2 3 4 6 — bust, 10 points lost.")
    expect(logged).to_have_count(1)
    # and then the computer's throws take the table
    expect(page.locator(".dice-row.thrown .dice")).not_to_have_attribute(
        "aria-label", "Last throw of Anna: 2 3 4 6"
    )
    assert errors_received(page) == []
