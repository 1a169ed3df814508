"""Take the table's screenshots in docs/screenshots/ again, from a served room.

    PYTHONPATH=src:. python scripts/screenshots.py [--out docs/screenshots] [--only NAME ...]

A real ``thousand serve`` in a temporary folder (tests/web/browser_support.py's), Debian's
Chromium through Playwright, the rooms made over HTTP and played by their buttons until the
moment each picture is about: dice 1000 with three players in the middle of a turn
(desktop 1280×800 and phone 360×740, English and Russian), poker dice with kept dice, a
bust held on the table. The dice are random, so each run shows other faces.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.web.browser_support import (
    CHROMIUM,
    LAUNCH_ARGS,
    TIMEOUT_MS,
    Browsing,
    Server,
    Table,
    decide,
    seq,
    serve,
    wait_connected,
    wait_settled,
)

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LOCALES = {"en": "en-US", "ru": "ru-RU"}
NAMES = {"en": "Anna", "ru": "Анна"}
POKER_THROW = re.compile(r"^(Throw|Бросить|Перебросить)")
POKER_DIE = re.compile(r"^(Die|Кость) \d: ")
TABLE_RULES = {"preset": "classic", "target": 300, "entry_threshold": 50, "barrels": []}
THROW = re.compile(r"^(throw|бросить) \d (die|dice|кост[ьи]|костей)$")
STOP = re.compile(r"^(stop and record|записать) \d+$")
LATEST_JS = "() => window.__thousand.history[window.__thousand.history.length - 1]"

Shot = Callable[[Browsing, Server, Path], None]


def open_table(
    browsing: Browsing, server: Server, room: str, token: str, *, lang: str, screen: dict[str, Any]
) -> Page:
    page = browsing.page(token=(room, token), locale=LOCALES[lang], **screen)
    page.goto(f"{server.url}/r/{room}")
    wait_connected(page)
    return page


def dice1000_mid_turn(lang: str, screen: dict[str, Any], name: str) -> Shot:
    """Three players, a few rounds played, the person's dice on the table mid-turn."""

    def take(browsing: Browsing, server: Server, out: Path) -> None:
        room, token = server.create_room(
            NAMES[lang],
            seats=[{"bot": "cautious"}, {"bot": "balanced"}],
            language=lang,
        )
        page = open_table(browsing, server, room, token, lang=lang, screen=screen)
        table = Table(page, throw=THROW, stop=STOP)
        for _ in range(300):
            table.wait_ready()
            latest = page.evaluate(LATEST_JS)
            mid = latest["to_move"] == NAMES[lang] and not latest["ended"] and latest["throws"]
            if mid and len(table.sheet()[1]) >= 2:
                break
            if not latest["throws"] or latest["ended"]:
                table.click(table.throw)  # a fresh turn: throw, and look again
            else:
                table.click(decide(table, 50))
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out / name))

    return take


def poker_kept(lang: str, screen: dict[str, Any], name: str, bots: int) -> Shot:
    """Poker dice: a throw, two dice kept, the next throw (they stay kept)."""

    def take(browsing: Browsing, server: Server, out: Path) -> None:
        body = {
            "name": NAMES[lang],
            "game": "poker_dice",
            "rules": "russian",
            "seats": [{"bot": "greedy"}] * bots,
            "options": {"language": lang},
        }
        response = server.http.post("/api/rooms", json=body)
        response.raise_for_status()
        room, token = str(response.json()["room"]), str(response.json()["token"])
        page = open_table(browsing, server, room, token, lang=lang, screen=screen)
        for turn in range(3):
            throw = page.get_by_role("button", name=POKER_THROW)
            expect(page.get_by_role("button", name=POKER_THROW, disabled=False)).to_be_visible()
            before = seq(page)
            throw.click()
            wait_settled(page, before)
            dice = page.get_by_role("button", name=POKER_DIE)
            shown = page.locator(".dice-area .die").evaluate_all(
                "(nodes) => nodes.map((node) => Number(node.dataset.face))"
            )
            most = max(set(shown), key=lambda face: (shown.count(face), face))
            for place, face in enumerate(shown):
                if face == most and shown.count(most) < 5:
                    dice.nth(place).click()
            before = seq(page)
            throw.click()
            wait_settled(page, before)
            if turn == 2:
                break
            writes = page.get_by_role("button", name=re.compile(r"^(Write|Записать) "))
            expect(writes.first).to_be_visible()
            before = seq(page)
            writes.first.click()
            wait_settled(page, before)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out / name))

    return take


def bust(lang: str, screen: dict[str, Any], name: str) -> Shot:
    """Real dice entered: 1 2 3 4 6 (the 1 scores), then 2 3 4 6 — a bust, held on the
    table while the computer throws."""

    def take(browsing: Browsing, server: Server, out: Path) -> None:
        room, token = server.create_room(
            NAMES[lang],
            seats=[{"bot": "cautious"}],
            rules=TABLE_RULES,
            dice="table",
            language=lang,
        )
        page = open_table(browsing, server, room, token, lang=lang, screen=screen)
        for faces in ([1, 2, 3, 4, 6], [2, 3, 4, 6]):
            for face in faces:
                page.locator(f'.face[data-act="face:{face}"]').click()
            before = seq(page)
            page.locator('[data-act="entry-done"]').click()
            page.wait_for_function("(before) => window.__thousand.seq > before", arg=before)
        expect(page.locator(".dice-row.thrown .die.bust").first).to_be_visible()
        page.wait_for_timeout(300)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out / name))

    return take


SHOTS: dict[str, Shot] = {
    "table-en-desktop.png": dice1000_mid_turn("en", DESKTOP, "table-en-desktop.png"),
    "table-ru-desktop.png": dice1000_mid_turn("ru", DESKTOP, "table-ru-desktop.png"),
    "table-en-phone.png": dice1000_mid_turn("en", PHONE, "table-en-phone.png"),
    "table-ru-phone.png": dice1000_mid_turn("ru", PHONE, "table-ru-phone.png"),
    "poker-table-en-phone.png": poker_kept("en", PHONE, "poker-table-en-phone.png", 2),
    "poker-table-ru-desktop.png": poker_kept("ru", DESKTOP, "poker-table-ru-desktop.png", 2),
    "poker-kept-dice-en-desktop.png": poker_kept(
        "en", DESKTOP, "poker-kept-dice-en-desktop.png", 1
    ),
    "poker-kept-dice-en-phone.png": poker_kept("en", PHONE, "poker-kept-dice-en-phone.png", 1),
    "bust-en-desktop.png": bust("en", DESKTOP, "bust-en-desktop.png"),
    "bust-ru-phone.png": bust("ru", PHONE, "bust-ru-phone.png"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--only", nargs="*", choices=sorted(SHOTS), default=None)
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    wanted = args.only or sorted(SHOTS)
    with (
        tempfile.TemporaryDirectory() as folder,
        serve(Path(folder)) as server,
        sync_playwright() as driver,
    ):
        browser: Browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        expect.set_options(timeout=TIMEOUT_MS)
        try:
            for name in wanted:
                browsing = Browsing(browser)
                try:
                    SHOTS[name](browsing, server, out)
                finally:
                    browsing.close()
                print(out / name)
                if browsing.page_errors:
                    print(f"  errors in the page: {browsing.page_errors}", file=sys.stderr)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
