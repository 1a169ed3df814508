"""An accessibility audit of the page: axe-core (tests/web/vendor/axe.min.js, vendored
from the npm registry) run by Playwright in Debian's Chromium on the lobby, on the page
the invite link opens (a room with an open seat) and on the table of each game mid-game
(turns behind, the dice of a new throw on the table), in English and in Russian, on a
desktop (1280×800), on a phone (360×740) and on a desktop in the page's dark colours;
and once on a chat long enough to scroll. No rule of impact "serious" or "critical" may
be broken; a failure lists each broken rule with its impact, help and the first elements
it found, so that it can be mended. What was found and mended is told in
docs/accessibility.md.

One page load per case (the long chat reloads to send more lines). Without
/usr/bin/chromium these tests are skipped, except under ``CI=true``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from thousand.web import limits

from .browser_support import Browsing, Server, seq, serve, wait_connected, wait_settled

SHOTS = Path("/tmp/shots")
VENDOR = Path(__file__).parent / "vendor"
AXE = VENDOR / "axe.min.js"

BLOCKING = ("serious", "critical")
"""The impacts that fail the audit; "moderate" and "minor" ones are reported only."""

MAX_THROWS = 12
"""Throws a player may need to end a turn (hot dice must be thrown again)."""

CHAT_LINES = 14
"""Lines enough to make the chat's box scroll."""
CHAT_BURST = int(limits.CHAT_BURST)
"""Lines a connection may send at once."""

TARGETS_SHOWN = 3
"""How many elements of each broken rule a failure names."""

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    # the page's dark colours (prefers-color-scheme), on the desktop only: the colours
    # are the same at both sizes
    "dark": {"viewport": {"width": 1280, "height": 800}, "color_scheme": "dark"},
}
LOCALES = {"en": "en-US", "ru": "ru-RU"}
BOTS = {"dice1000": "cautious", "poker_dice": "greedy"}
"""A computer player of each game for the table's second seat."""
RULES: dict[str, object] = {
    "dice1000": {"preset": "classic", "entry_threshold": 0, "barrels": []},
    "poker_dice": "russian",
}
"""Each game's rules; dice 1000's let a player stop after any scoring throw (no entry
threshold), so that the first turn is over in a throw or two."""

RUN_AXE_JS = """
async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((rule) => ({
    id: rule.id,
    impact: rule.impact,
    help: rule.help,
    count: rule.nodes.length,
    targets: rule.nodes.map((node) => node.target.join(" ")),
    summary: rule.nodes.length ? rule.nodes[0].failureSummary : "",
  }));
}
"""


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium  # no server without a browser to use it
    with serve(tmp_path_factory.mktemp("axe")) as running:
        yield running


def audit(page: Page) -> list[dict[str, Any]]:
    """The rules of axe-core the page as it is now breaks (evaluated, not a script tag:
    the page's own rules for scripts do not apply to it)."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE_JS)
    return found


def described(violations: list[dict[str, Any]]) -> str:
    lines = []
    for rule in violations:
        targets = ", ".join(rule["targets"][:TARGETS_SHOWN])
        more = rule["count"] - min(rule["count"], TARGETS_SHOWN)
        lines.append(
            f"- {rule['id']} ({rule['impact']}): {rule['help']}; {rule['count']} element(s): "
            f"{targets}{f' and {more} more' if more else ''}\n    {rule['summary']!r}"
        )
    return "\n".join(lines)


def assert_no_serious_violation(page: Page, name: str) -> None:
    """Audit the page as it is; its screenshot is left in /tmp/shots/axe-``name``.png to
    look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"axe-{name}.png"))
    violations = audit(page)
    blocking = [rule for rule in violations if rule["impact"] in BLOCKING]
    others = [rule for rule in violations if rule["impact"] not in BLOCKING]
    assert not blocking, (
        f"axe-core finds serious or critical violations on {page.url}:\n"
        + described(blocking)
        + (f"\nand less grave ones:\n{described(others)}" if others else "")
    )


def make_room(server: Server, game: str, seat: dict[str, Any]) -> tuple[str, str]:
    """A room of ``game``, Anna's, its second seat ``seat``: its id and Anna's token."""
    body = {"name": "Anna", "game": game, "rules": RULES[game], "seats": [seat]}
    response = server.http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["room"]), str(response.json()["token"])


THROW = ".act-throw:not([disabled])"
STOP = ".act-stop:not([disabled])"
WRITE = "button.write:not([disabled])"
"""The throw, stop and write buttons while the person may use them."""
MY_MOVE = f"{THROW}, {STOP}, {WRITE}"
"""What the table offers the person while it is their move (a throw, a stop, a box)."""


def my_throw(page: Page) -> Locator:
    """The throw button, when the player may throw."""
    return page.locator(THROW)


def throw_once(page: Page) -> None:
    """The player throws (the T key, the same in both games and languages) and the state
    it made is drawn."""
    before = seq(page)
    page.locator("body").press("t")
    wait_settled(page, before)


def end_a_turn(page: Page) -> None:
    """The player's first turn, ended as simply as it can be (a box written, a stop, or a
    bust), so that the table has a past: the log of the turns, a row of the sheet."""
    for _ in range(MAX_THROWS):
        expect(my_throw(page)).to_be_visible()
        throw_once(page)
        write = page.locator(WRITE)
        stop = page.locator(STOP)
        if write.count():
            before = seq(page)
            write.first.click()
            wait_settled(page, before)
            return
        if stop.count():
            before = seq(page)
            page.locator("body").press("s")
            wait_settled(page, before)
            return
        if not my_throw(page).count():
            return  # a bust: the turn passed
    shown = page.evaluate("() => window.__thousand.history.slice(-6)")
    raise AssertionError(f"the turn did not end in {MAX_THROWS} throws: {shown}")


def test_the_vendored_axe_is_the_noted_version() -> None:
    first = AXE.read_text(encoding="utf-8").split("\n", 1)[0]
    version = re.search(r"axe v(\d+\.\d+\.\d+)", first)
    assert version is not None, first
    note = (VENDOR / "README.md").read_text(encoding="utf-8")
    assert f"axe-core {version.group(1)}" in note
    assert hashlib.sha256(AXE.read_bytes()).hexdigest() in note  # the file as packed
    assert (VENDOR / "axe-core.LICENSE").is_file()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", LOCALES)
def test_the_lobby(browsing: Browsing, server: Server, language: str, screen: str) -> None:
    """The lobby, a room waiting for a player among its open rooms (if the lobby lists a
    room nobody has opened yet: the audit does not insist)."""
    make_room(server, "poker_dice", {"open": True})
    page = browsing.page(locale=LOCALES[language], **SCREENS[screen])
    page.goto(f"{server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    expect(page.locator("[aria-busy='true']")).to_have_count(0)  # the open rooms are drawn
    assert_no_serious_violation(page, f"lobby-{language}-{screen}")


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", LOCALES)
def test_a_room_waiting_for_a_player(
    browsing: Browsing, server: Server, language: str, screen: str
) -> None:
    """A room with an open seat, as the friend the invite link was sent to sees it: the
    form that takes the seat."""
    room, _ = make_room(server, "dice1000", {"open": True})
    page = browsing.page(locale=LOCALES[language], **SCREENS[screen])
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".join-form input").first).to_be_visible()
    assert_no_serious_violation(page, f"join-{language}-{screen}")


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("game", ["dice1000", "poker_dice"])
def test_a_table_mid_turn(
    browsing: Browsing, server: Server, game: str, language: str, screen: str
) -> None:
    room, token = make_room(server, game, {"bot": BOTS[game]})
    page = browsing.page(locale=LOCALES[language], token=(room, token), **SCREENS[screen])
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    expect(page.locator("html")).to_have_attribute("lang", language)
    end_a_turn(page)
    throw_mid_turn(page)
    expect(page.locator(".dice-area .die").first).to_be_visible()
    assert_no_serious_violation(page, f"table-{game}-{language}-{screen}")


def throw_mid_turn(page: Page) -> None:
    """The person throws, once the computer has played its turn, until the turn goes on
    after the throw: a throw that ends it (a bust) hands the dice to the computer, whose
    moves would change the page while it is audited."""
    for _ in range(MAX_THROWS):
        expect(my_throw(page)).to_be_visible()  # the computer has played its turn
        throw_once(page)
        if page.locator(MY_MOVE).count():
            return
    raise AssertionError(f"every one of {MAX_THROWS} throws ended the turn")


def test_a_table_with_a_long_chat(browsing: Browsing, server: Server) -> None:
    """A chat longer than its box scrolls: a keyboard must reach it too (once, in English
    on a desktop: the chat is the same in both games and on every screen)."""
    room, token = make_room(server, "dice1000", {"bot": BOTS["dice1000"]})
    page = browsing.page(token=(room, token), **SCREENS["desktop"])
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    lines = page.locator(".chat-list .chat-line")
    for number in range(1, CHAT_LINES + 1):
        page.locator("#chat-input").fill(f"Line {number} of a long evening's chat")
        page.locator("#chat-input").press("Enter")
        expect(lines).to_have_count(number)
        if number % CHAT_BURST == 0:  # a new connection, a new allowance of lines
            page.reload()
            wait_connected(page)
            expect(lines).to_have_count(number)
    assert page.locator(".chat-list").evaluate("(list) => list.scrollHeight > list.clientHeight")
    assert_no_serious_violation(page, "long-chat")
