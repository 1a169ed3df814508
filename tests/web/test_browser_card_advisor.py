"""Card Thousand's advisor in a real browser (Debian's Chromium driven by Playwright
against a real ``thousand serve``): in a room with ``options.advisor``, the "Hint" toggle
shows each weighed move with the figures the server sent this seat (kept from the page's
own WebSocket by :data:`~tests.web.test_browser_card.KEEP_STATE`) — the page computes
nothing — and the bid buttons carry the same points. Screenshots of the advice, phone and
desktop, English and Russian, go to ``$THOUSAND_SHOTS`` when it is set.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from .browser_support import Browsing, Server, serve
from .test_browser_card import KEEP_STATE, PHONE, POLL_MS, CardTable

DESKTOP = {"width": 1280, "height": 800}
ADVISED_JS = """
() => window.__card && Array.isArray(window.__card.game.view.advice)
  && document.querySelector(".c-advice li")
"""
"""The server's advice reached the page and the page shows it."""


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium
    with serve(tmp_path_factory.mktemp("advisor")) as running:
        yield running


def advisor_room(server: Server, language: str) -> tuple[str, str]:
    body = {
        "name": "Anna",
        "game": "card1000",
        "rules": "classic",
        "seats": [{"bot": "novice"}, {"bot": "novice"}],
        "options": {"language": language, "advisor": True},
    }
    response = server.http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["room"]), str(response.json()["token"])


def js_round(value: float) -> int:
    """JavaScript's Math.round: halves up (Python's round takes halves to even)."""
    return math.floor(value + 0.5)


def written(value: float) -> str:
    """An integer as the page writes it: a true minus sign."""
    return str(js_round(value)).replace("-", "\u2212")


def expected_figure(item: dict[str, Any]) -> str:
    """The page's figure of an advice entry: points rounded, then the made share in %."""
    made = "" if item["made"] is None else f" · {js_round(item['made'] * 100)}%"
    return f"{written(item['points'])}{made}"


def shown_advice(page: Page) -> dict[str, tuple[str, bool]]:
    rows = page.locator(".c-advice li").evaluate_all(
        "(ns) => ns.map((n) => [n.dataset.advice,"
        " n.querySelector('.advice-fig').textContent, n.classList.contains('best')])"
    )
    return {str(key): (str(fig), bool(best)) for key, fig, best in rows}


def advice_key(action: dict[str, Any]) -> str:
    if action["action"] == "play":
        return f"play:{action['card']}" + (":marriage" if action.get("marriage") else "")
    return f"{action['action']}:{action['amount']}"


@pytest.mark.parametrize(
    ("language", "width"), [("en", 1280), ("ru", 360), ("ru", 1280), ("en", 360)]
)
def test_the_hint_shows_the_servers_figures(
    server: Server, browsing: Browsing, language: str, width: int
) -> None:
    room, token = advisor_room(server, language)
    viewport = DESKTOP if width == 1280 else PHONE
    page = browsing.page(token=(room, token), viewport=viewport, locale=language)
    page.add_init_script(KEEP_STATE)
    page.goto(f"{server.url}/r/{room}")
    table = CardTable(page)
    shots = os.environ.get("THOUSAND_SHOTS")
    toggle = page.locator(".c-hint-toggle")
    for _ in range(60):
        table.wait_mine()
        game = table.game()
        if game["deal"]["phase"] == "bid":
            break
        table.move()
    else:
        raise AssertionError("never Anna's bid")
    assert page.locator(".c-advice li").count() == 0  # hidden until asked
    table.dismiss()  # a deal that ended (a computer's redeal) has its panel over the table
    toggle.click()
    page.wait_for_function(ADVISED_JS, polling=POLL_MS)
    check_figures(page, table, "bid")
    for item in table.game()["view"]["advice"]:
        if item["points"] is None:
            continue
        amount = item["action"]["amount"]
        fig = page.locator(f"[data-act='bid:{amount}'] .c-fig").text_content() or ""
        assert fig.replace("★", "").strip() == written(item["points"])
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/bid-{language}-{width}.png", full_page=True)
    toggle.click()  # hidden again: the bid buttons say their amounts only
    assert toggle.get_attribute("aria-pressed") == "false"
    for _ in range(60):
        table.wait_mine()
        if table.game()["deal"]["phase"] == "play":
            break
        table.move()
    else:
        raise AssertionError("never Anna's card")
    table.dismiss()
    toggle.click()
    check_figures(page, table, "play")
    if shots:
        page.screenshot(path=f"{shots}/play-{language}-{width}.png", full_page=True)


def check_figures(page: Page, table: CardTable, phase: str) -> None:
    """The advice shown is the server's: every weighed move, its figures, the best."""
    page.wait_for_function(ADVISED_JS, polling=POLL_MS)
    game = table.game()
    assert game["deal"]["phase"] == phase
    advice = game["view"]["advice"]
    assert [item["action"] for item in advice] == game["legal"]
    figured = [item for item in advice if item["points"] is not None]
    assert figured
    expected = {
        advice_key(item["action"]): (expected_figure(item), item["best"]) for item in figured
    }
    assert shown_advice(page) == expected
