"""The end of a deal at a card Thousand table, in a real browser (Debian's Chromium driven
by Playwright against a real ``thousand serve``).

When a deal the page saw in play ends, a deal-over panel opens over the table: the deal's
number, the declarer, the contract and how it went (made, lost, written off, a redeal),
each seat's points taken, its change and new total as the sheet writes them, the last
trick, and — a finished deal being public (CARD_THOUSAND.md §7) — every hand as dealt and
the talon. Every figure on it is held against the state the server sent the page itself
(``game.deals``, ``game.last_deal``, ``game.view.sheet``, kept by
:data:`~tests.web.test_browser_card.KEEP_STATE`): the page computes nothing. The panel
stays until the person closes it (its button, Enter or Escape), and the next deal goes on.
A spectator sees it too. Screenshots go to ``$THOUSAND_SHOTS`` when it is set.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser_support import Browsing, Server, serve
from .test_browser_axe import AXE, BLOCKING, described
from .test_browser_card import KEEP_STATE, PHONE, CardTable, card_room, sorted_hand

DESKTOP = {"width": 1280, "height": 800}
PANEL = "#deal-over"
AXE_PANEL_JS = """
async () => {
  const result = await axe.run("#deal-over", { resultTypes: ["violations"] });
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
"""axe-core's audit of the panel alone (test_browser_axe.py audits whole pages)."""
CLOSE = {"en": "Next deal", "ru": "Следующая раздача"}
TITLE = {"en": "Deal {n} is over", "ru": "Раздача {n} окончена"}
OUTCOMES = {
    "en": {
        "made": "Contract made",
        "failed": "Contract lost",
        "written_off": "Deal written off",
        "redeal": "Redeal",
    },
    "ru": {
        "made": "Игра сыграна",
        "failed": "Игра не сыграна",
        "written_off": "Роспись",
        "redeal": "Пересдача",
    },
}


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium
    with serve(tmp_path_factory.mktemp("deal-end")) as running:
        yield running


def written(value: int | None) -> str:
    """A number as the page writes it: a true minus sign; ``None`` is a dash."""
    return "—" if value is None else str(value).replace("-", "\u2212")


def texts(page: Page, selector: str) -> list[str]:
    return [
        " ".join(str(text).split())
        for text in page.locator(selector).evaluate_all("(ns) => ns.map((n) => n.textContent)")
    ]


def cards_in(page: Page, selector: str) -> list[str]:
    return [
        str(code)
        for code in page.locator(f"{selector} [data-card]").evaluate_all(
            "(ns) => ns.map((n) => n.dataset.card)"
        )
    ]


def play_until_a_deal_ends(table: CardTable, bid_up_to: int, language: str = "en") -> None:
    """Play by taps until the page shows the deal-over panel of a deal played to its last
    trick. A deal redealt or written off on the way shows its panel too: it is checked
    and closed, and the play goes on."""
    page = table.page
    seen = 0
    for _ in range(300):
        table.wait_mine()
        game = table.game()
        if len(game["deals"]) > seen:
            expect(page.locator(PANEL)).to_be_visible()
            seen = len(game["deals"])
            if game["deals"][-1]["outcome"] in ("made", "failed"):
                return
            check_panel(page, table.game(), language)
            table.dismiss()
        table.move(bid_up_to=bid_up_to, dismiss=False)
    raise AssertionError("no deal was played to its end")


def check_panel(page: Page, game: dict[str, Any], language: str) -> None:
    """The panel shows the server's figures of the deal that ended last."""
    last = game["last_deal"]
    number = last["number"]
    summary = game["deals"][number - 1]
    row = next(item for item in game["view"]["sheet"]["rows"] if item["deal"] == str(number))
    names = [player["name"] for player in game["players"]]
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-deal", str(number))
    expect(panel).to_have_attribute("data-outcome", summary["outcome"])
    expect(panel.locator("#deal-over-title")).to_have_text(TITLE[language].format(n=number))
    expect(panel.locator(".c-outcome")).to_contain_text(OUTCOMES[language][summary["outcome"]])
    if summary["declarer"] is not None and summary["outcome"] != "redeal":
        expect(panel.locator(".c-result .c-who")).to_have_text(names[summary["declarer"]])
        expect(panel.locator(".c-result .c-contract")).to_contain_text(str(summary["contract"]))
    # each seat: its name, the points taken, the change and total as the sheet writes them
    assert texts(page, f"{PANEL} .c-scores tbody th .c-name") == names
    if summary["points"] is not None:
        assert texts(page, f"{PANEL} .c-scores .c-taken") == [
            written(points) for points in summary["points"]
        ]
    cells = [cell.split("  ", 1) if "  " in cell else ["", cell] for cell in row["cells"]]
    assert texts(page, f"{PANEL} .c-scores .c-change") == [
        " ".join(change.split()) for change, _ in cells
    ]
    assert texts(page, f"{PANEL} .c-scores .c-total") == [
        " ".join(total.split()) for _, total in cells
    ]
    totals = [player["score"] for player in game["players"]] if game["deal"] is None else None
    if totals is not None:
        assert [written(total) for total in summary["totals"]] == [
            written(total) for total in totals
        ]
    # the hands as dealt and the talon: exactly the record's
    for seat, hand in enumerate(last["hands"]):
        assert cards_in(page, f"{PANEL} .c-dealt-hand[data-seat='{seat}']") == sorted_hand(hand)
    talons = last.get("talons") or [last.get("talon") or []]
    shown_talons = [
        cards_in(page, f"{PANEL} .c-dealt-talon[data-talon='{index}']")
        for index in range(len(talons))
    ]
    assert shown_talons == [list(talon) for talon in talons]
    # the last trick: the deal's last cards played, each with its player
    plays = [action for action in last["actions"] if "play" in action]
    size = 2 if len(names) == 2 else 3
    trick = plays[-size:] if plays else []
    assert cards_in(page, f"{PANEL} .c-panel-trick") == [action["play"] for action in trick]
    assert texts(page, f"{PANEL} .c-panel-trick figcaption") == [
        names[action["seat"]] for action in trick
    ]


@pytest.mark.parametrize(
    ("language", "width", "close"),
    [("en", 360, "button"), ("ru", 1280, "enter"), ("ru", 360, "escape"), ("en", 1280, "button")],
)
def test_the_deal_over_panel_shows_the_servers_figures(
    server: Server, browsing: Browsing, language: str, width: int, close: str
) -> None:
    """A deal played to its end against two computers: the panel opens over the table
    with the server's figures, keeps the focus, closes on its button (or Enter, or
    Escape) giving the focus back, and the next deal is played on."""
    room, token = card_room(server, [{"bot": "novice"}, {"bot": "novice"}], language=language)
    viewport = DESKTOP if width == 1280 else PHONE
    page = browsing.page(token=(room, token), viewport=viewport, locale=language)
    page.add_init_script(KEEP_STATE)
    page.goto(f"{server.url}/r/{room}")
    table = CardTable(page)
    # as declarer on the desktop (a contract to make or lose), a defender on the phone
    play_until_a_deal_ends(table, bid_up_to=120 if width == 1280 else 0, language=language)
    game = table.game()
    check_panel(page, game, language)
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("aria-labelledby", "deal-over-title")
    assert page.evaluate("document.querySelector('#deal-over').open") is True
    # the focus is in the panel, on its button
    assert page.evaluate("document.activeElement.closest('#deal-over') !== null")
    button = panel.get_by_role("button", name=CLOSE[language])
    expect(button).to_be_focused()
    # axe-core finds nothing serious in it (contrast on the felt, names, the dialog's label)
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(AXE_PANEL_JS)
    blocking = [rule for rule in found if rule["impact"] in BLOCKING]
    assert not blocking, described(blocking)
    # it fits the screen's width: no sideways scroll, every card inside
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    right = page.locator(f"{PANEL} .card").evaluate_all(
        "(ns) => Math.max(...ns.map((n) => n.getBoundingClientRect().right))"
    )
    assert right <= viewport["width"]
    shots = os.environ.get("THOUSAND_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/deal-over-{language}-{width}.png")
        panel.screenshot(path=f"{shots}/deal-over-{language}-{width}-panel.png")
    # the computers did not wait: the panel stays while the next deal goes on
    page.wait_for_timeout(300)
    expect(panel).to_be_visible()
    if close == "button":
        button.click()
    else:
        page.keyboard.press("Enter" if close == "enter" else "Escape")
    expect(panel).to_be_hidden()
    assert page.evaluate("!document.activeElement.closest('#deal-over')")
    # the next deal proceeds: this seat makes its moves in it, the panel stays closed
    closed = table.game()["last_deal"]["number"]
    moved = 0
    for _ in range(3):
        table.wait_mine()
        if table.game()["last_deal"]["number"] != closed:
            break  # that deal ended too (a computer asked for a redeal): its panel opens
        expect(panel).to_be_hidden()
        table.move(dismiss=False)
        moved += 1
    if table.game()["last_deal"]["number"] != closed:
        expect(panel).to_have_attribute("data-deal", str(table.game()["last_deal"]["number"]))
        return
    assert moved >= 1
    # a reload in the next deal does not bring the closed panel back
    page.reload()
    table.wait_mine()
    expect(page.locator(".c-table")).to_be_visible()
    if table.game()["last_deal"]["number"] == closed:
        expect(panel).to_be_hidden()


def test_a_spectator_sees_the_deal_over_panel(server: Server, browsing: Browsing) -> None:
    """A spectator's page opens the panel too, with every hand of the finished deal —
    and no card of the deal in play beyond what is on the table."""
    room, token = card_room(server, [{"bot": "novice"}, {"bot": "novice"}])
    anna = browsing.page(token=(room, token))
    anna.add_init_script(KEEP_STATE)
    anna.goto(f"{server.url}/r/{room}")
    watcher = browsing.page(viewport=PHONE)
    watcher.add_init_script(KEEP_STATE)
    watcher.goto(f"{server.url}/r/{room}")
    table, watching = CardTable(anna), CardTable(watcher)
    expect(watcher.locator(".c-table")).to_be_visible()
    play_until_a_deal_ends(table, bid_up_to=0)
    watcher.wait_for_function("() => window.__card && window.__card.game.last_deal")
    expect(watcher.locator(PANEL)).to_be_visible()
    game = watching.game()
    check_panel(watcher, game, "en")
    hands = {card for hand in game["last_deal"]["hands"] for card in hand}
    assert set(cards_in(watcher, PANEL)) <= hands | set(game["last_deal"].get("talon") or [])
    watcher.get_by_role("button", name="Next deal").click()
    expect(watcher.locator(PANEL)).to_be_hidden()
    expect(anna.locator(PANEL)).to_be_visible()  # each page closes its own


@pytest.mark.parametrize("preset", ["two_players", "four_players"])
def test_the_panel_at_two_and_four_players(server: Server, browsing: Browsing, preset: str) -> None:
    """Two players: two talons, a trick of two cards; four: the dealer sits out (an empty
    hand) and a trick has three cards. The panel shows each as the record has it."""
    bots = [{"bot": "novice"}] * (1 if preset == "two_players" else 3)
    room, token = card_room(server, bots, rules=preset)
    page = browsing.page(token=(room, token), viewport=PHONE)
    page.add_init_script(KEEP_STATE)
    page.goto(f"{server.url}/r/{room}")
    table = CardTable(page)
    play_until_a_deal_ends(table, bid_up_to=0)
    game = table.game()
    check_panel(page, game, "en")
    last = game["last_deal"]
    if preset == "two_players":
        assert page.locator(f"{PANEL} .c-dealt-talon").count() == 2
    else:
        sitting = [seat for seat, hand in enumerate(last["hands"]) if not hand]
        assert sitting == [last["dealer"]]
        dealer = page.locator(f"{PANEL} .c-dealt-hand[data-seat='{last['dealer']}']")
        expect(dealer).to_contain_text("sits out")
    shots = os.environ.get("THOUSAND_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.locator(PANEL).screenshot(path=f"{shots}/deal-over-{preset}-360-panel.png")
