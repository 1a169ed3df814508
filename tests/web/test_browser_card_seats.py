"""Card Thousand for two and for four players in a real browser (Debian's Chromium through
Playwright against a real ``thousand serve``), at 360 px and 1280 px.

* Two players (CARD_THOUSAND.md §3): the two talons lie face down on the felt; the
  declarer takes one by tapping it, its cards are shown and join the hand, the other stays
  face down; two cards are put aside by taps (gone from the hand, face up in the "put
  aside" pile to the declarer only); the contract; the tricks, each card beside its
  player. Every step is checked against the state the server sent the page and, once the
  deal is over, against the deal's record (the talon taken, the cards put aside).
* Four players: the dealer sits the deal out — labelled so, its seat dimmed, no hand —
  and its talon score is in the deal's result; a deal the person sits out (the page says
  so and offers no action) and a deal the person plays.
* No leak: every message the page's WebSocket receives and the page's DOM after each of
  them hold no card of another seat's hand before it is played or the deal is over — the
  game's own :func:`~thousand.games.card1000.hidden_from` of the deal's record (from the
  finished deal, public in a later state's ``last_deal``) replayed to the same moment.
"""

from __future__ import annotations

import json
import re
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Frame, Page, expect

from tests.web.test_card_room import CARD, LeakCheck
from thousand.core.records import FORMAT
from thousand.web.store import Store

from .browser_support import Browsing, Server, more_options, seq, serve
from .test_browser_card import (
    CORNER,
    KEEP_STATE,
    MINE_JS,
    POLL_MS,
    CardTable,
    card_room,
    expected_sheet,
    settled,
    sorted_hand,
)

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
VIEWPORTS = [pytest.param(PHONE, id="360px"), pytest.param(DESKTOP, id="1280px")]
MINE_OR_OUT_JS = f"""
() => ({MINE_JS.strip()})
  || (window.__card && window.__card.room.status === "playing" && window.__card.game.deal
      && window.__card.game.deal.dealer === window.__card.you)
"""
"""This seat's move is open, or this seat sits the deal out (four players)."""
PLACES = {2: ["me", "top"], 3: ["me", "left", "right"], 4: ["me", "left", "top", "right"]}
"""Where the page puts each seat, by how many seats after the viewer it plays."""

FRAMES = r"""
(() => {
  const Native = window.WebSocket;
  const CARD = /(?<![A-Za-z0-9])[9JQKTA][SCDH](?![A-Za-z0-9])/g;
  if (window.__frames) {
    // run again in the same document (Playwright may): what it keeps stays
    window.__reruns += 1;
    return;
  }
  window.__reruns = 0;
  window.__frames = [];
  window.__doms = [];
  window.__sockets = 0;
  // documents this tab has had (the counters above start again with each)
  try {
    window.__documents = Number(sessionStorage.getItem("__documents") || 0) + 1;
    sessionStorage.setItem("__documents", String(window.__documents));
  } catch {
    window.__documents = 0; // about:blank, before the table's page: no storage
  }
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__sockets += 1;
      this.addEventListener("message", (event) => {
        window.__frames.push(String(event.data));
        // after the page's own listener has drawn it (and any message that came
        // meanwhile): every card code the DOM holds, with the last message drawn
        setTimeout(() => {
          const frame = window.__frames.length - 1;
          // the deal-over panel shows a finished deal, which is public: left out
          const body = document.body ? document.body.cloneNode(true) : null;
          const over = body && body.querySelector("#deal-over");
          if (over) over.remove();
          const html = body ? body.innerHTML : "";
          window.__doms.push({ frame, cards: [...new Set(html.match(CARD) || [])] });
        }, 0);
      });
    }
  };
})();
"""
"""Keeps every message the page's WebSocket receives, raw, and the card codes of the
page's DOM once each is drawn; counts the sockets the page opened, the tab's documents
and the script's runs again in one document (kept for the no-leak check's diagnostic)."""


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium
    with serve(tmp_path_factory.mktemp("seats")) as running:
        yield running


@pytest.fixture(scope="module")
def slow_server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Computers that take a moment to move: a deal the person sits out lasts long
    enough to be looked at."""
    del chromium
    with serve(tmp_path_factory.mktemp("seats-slow"), bot_delay=0.15) as running:
        yield running


NAVIGATIONS: weakref.WeakKeyDictionary[Page, list[str]] = weakref.WeakKeyDictionary()
"""Each open table's page: what happened to its main frame (navigations with the time, a
crash), for the no-leak check's diagnostic."""


def open_table(server: Server, browsing: Browsing, room: str, token: str, viewport: Any) -> Page:
    page = browsing.page(token=(room, token), viewport=viewport)
    events = NAVIGATIONS[page] = []
    started = time.monotonic()

    def navigated(frame: Frame) -> None:
        if frame == page.main_frame:
            events.append(f"{time.monotonic() - started:.1f}s navigated to {frame.url}")

    page.on("framenavigated", navigated)
    page.on("crash", lambda _: events.append(f"{time.monotonic() - started:.1f}s crashed"))
    page.add_init_script(KEEP_STATE)
    page.add_init_script(FRAMES)
    page.goto(f"{server.url}/r/{room}")
    return page


def shown_trick(page: Page) -> list[tuple[str, str]]:
    """The trick on the felt: each card with the place its slot is drawn at."""
    found = page.locator(".c-trick .c-slot").evaluate_all(
        """(ns) => ns.map((n) => [
          [...n.classList].find((c) => c.startsWith("pos-")).slice(4),
          n.querySelector("[data-card]").dataset.card,
        ])"""
    )
    return [(str(place), str(card)) for place, card in found]


def expected_trick(game: dict[str, Any], you: int) -> list[tuple[str, str]]:
    """The trick as the state has it, each card at its player's place."""
    deal = game["deal"]
    n = len(game["players"])
    trick = deal["trick"]
    played = deal["played"][len(deal["played"]) - len(trick) :]
    return [(PLACES[n][(item["seat"] - you) % n], item["card"]) for item in played]


def check_trick(table: CardTable) -> None:
    state = table.state()
    game = state["game"]
    if game["deal"] and game["deal"]["trick"]:
        assert shown_trick(table.page) == expected_trick(game, state["you"])


def pile_cards(page: Page, selector: str) -> list[str]:
    return [
        str(code)
        for code in page.locator(f"{selector} [data-card]").evaluate_all(
            "(ns) => ns.map((n) => n.dataset.card)"
        )
    ]


def hint(page: Page) -> str:
    return " ".join(page.locator(".c-hint").all_inner_texts())


# -- the no-leak check ----------------------------------------------------------------


def finished_deals(frames: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Every finished deal the page was shown (``last_deal``), by its number."""
    deals: dict[int, dict[str, Any]] = {}
    for message in frames:
        if message.get("type") != "state":
            continue
        last = message["game"].get("last_deal")
        if last:
            deals[last["number"]] = {key: value for key, value in last.items() if key != "number"}
    return deals


def stored_deals(server: Server, room: str) -> list[dict[str, Any]]:
    """The room's deals as its server stored them, cards and all, the one in play last:
    the referee's copy, read from the server's database. A seat is told a finished deal
    whole only as the next deal's ``last_deal``, and a deal that ended before the page
    opened (two quick redeals) it never hears of but as scores."""
    store = Store(server.db)
    try:
        doc = store.load_room(room)
    finally:
        store.close()
    assert doc is not None, room
    return [dict(deal) for deal in doc["record"]["deals"]]


def check_no_leak(page: Page, server: Server, room: str, preset: str, at_least: int) -> int:
    """Every message and every DOM the page had, against what its seat may know then;
    returns how many were checked, more than ``at_least`` (the deal still in play at the
    end is left out: its cards are not public yet).

    The deals come from the server's store; each finished deal the page was shown
    (``last_deal``) must be the stored one, and every deal that ended while the page was
    open must have been shown: one that never was fails, with what the page had (its
    sockets, its messages and the deals they were of, the tab's documents, the script's
    runs again and the main frame's navigations). Only the deals that ended before the
    page's first state (all but the one that state gives as ``last_deal``) may be unseen:
    CI's "lost messages" were two redeals made by the computers before the page connected.
    """
    raw = [str(text) for text in page.evaluate("window.__frames")]
    doms: dict[int, set[str]] = {}
    for item in page.evaluate("window.__doms"):
        doms.setdefault(int(item["frame"]), set()).update(item["cards"])
    frames = [json.loads(text) for text in raw]
    shown = finished_deals(frames)
    assert shown, "no deal was finished"
    last = max(shown)
    numbers = [
        message["game"]["deal"]["number"]
        for message in frames
        if message.get("type") == "state" and message["game"].get("deal")
    ]
    unseen = sorted(set(range(max(numbers[0] - 1, 1), last + 1)) - set(shown))
    if unseen:
        sockets = int(page.evaluate("window.__sockets"))
        documents = int(page.evaluate("window.__documents"))
        reruns = int(page.evaluate("window.__reruns"))
        told = (
            f"deals {unseen} were never shown finished; the page opened {sockets} "
            f"socket(s) and got {len(frames)} messages, of deals {sorted(set(numbers))}; "
            f"document {documents} of the tab, its script run again {reruns} time(s); its "
            f"main frame: {NAVIGATIONS.get(page)}"
        )
        raise AssertionError(told)
    stored = stored_deals(server, room)[:last]
    for number, deal in shown.items():
        assert deal == stored[number - 1], f"deal {number} as shown is not the stored one"
    states = [message for message in frames if message.get("type") == "state"]
    players = [player["name"] for player in states[-1]["game"]["players"]]
    record = {
        "format": FORMAT,
        "game": "card1000",
        "rules": preset,
        "players": players,
        "deals": stored,
    }
    check = LeakCheck({1: record})
    at: tuple[int, int, int] | None = None
    seat: int | None = None
    for index, (sent, message) in enumerate(zip(raw, frames, strict=True)):
        text = sent
        if message.get("type") == "state":
            game = message["game"]
            seat, deal = message["you"], game["deal"]
            if deal is None or message["room"]["status"] == "over" or deal["number"] > last:
                at = None
            else:
                at = (1, deal["number"], len(deal["actions"]))
                shown = game["last_deal"]
                assert shown is None or shown["number"] < deal["number"]
            visible = {key: value for key, value in game.items() if key != "last_deal"}
            text = json.dumps({**message, "game": visible})
        check.text(text, at, seat)
        if at is not None and index in doms:
            # the DOM: the last deal's box holds scores only, so the whole page is scanned
            hidden = check.hidden(*at, seat)
            assert not (doms[index] & hidden), (at, seat, sorted(doms[index] & hidden))
    assert all(CARD.fullmatch(code) for cards in doms.values() for code in cards)
    assert check.checked > at_least, (check.checked, at_least)
    return check.checked


# -- two players -----------------------------------------------------------------------


def two_talons_face_down(page: Page) -> None:
    """Both talons on the felt, two cards face down each, no card named."""
    piles = page.locator(".c-talons .c-pile:not(.aside)")
    expect(piles).to_have_count(2)
    for index in range(2):
        expect(piles.nth(index).locator(".card.back")).to_have_count(2)
    assert pile_cards(page, ".c-talons") == []


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_two_players_a_whole_deal_choosing_a_talon_and_putting_two_cards_aside(
    server: Server, browsing: Browsing, viewport: Any
) -> None:
    """Anna against a novice: she bids until she is the declarer, taps a talon (both
    face down, then the chosen one's cards), puts two cards aside by taps, declares and
    plays every trick; the page is checked at every step against its state and, after
    the deal, against the deal's record."""
    room, token = card_room(server, [{"bot": "novice"}], rules="two_players")
    page = open_table(server, browsing, room, token, viewport)
    table = CardTable(page)
    chosen: int | None = None
    shown_talon: list[str] = []
    aside: list[str] = []
    declared_in: int | None = None
    for _ in range(400):
        table.wait_mine()
        state = table.state()
        game = state["game"]
        deal = game["deal"]
        if declared_in is not None and deal["number"] > declared_in:
            break
        table.check()
        check_trick(table)
        kinds = {item["action"] for item in game["legal"]}
        if deal["phase"] == "bid":
            two_talons_face_down(page)
        if "talon" in kinds:
            two_talons_face_down(page)
            buttons = page.locator(".c-talons button.c-pile.choose")
            expect(buttons).to_have_count(2)
            expect(page.locator(".c-talons button[data-talon='1']")).to_have_accessible_name(
                "Take talon 2"
            )
            before_hand = deal["hand"]
            chosen = deal["number"] % 2  # either talon, both tested over the runs
            table.dismiss()  # a deal that ended (a redeal) has its panel over the table
            table.tap(page.locator(f".c-talons button.c-pile[data-talon='{chosen}']"))
            table.wait_mine()
            deal = table.game()["deal"]
            assert deal["talon_taken"] == chosen
            assert len(deal["talon"]) == 2
            shown_talon = pile_cards(page, f".c-pile.taken[data-talon='{chosen}']")
            assert shown_talon == deal["talon"]
            other = page.locator(f".c-pile[data-talon='{1 - chosen}']")
            expect(other.locator(".card.back")).to_have_count(2)
            expect(other).to_contain_text("to the last trick")
            assert sorted(deal["hand"]) == sorted([*before_hand, *deal["talon"]])
            assert table.shown_hand() == sorted_hand(deal["hand"])
            declared_in = deal["number"]
            continue
        if "discard" in kinds:
            left = 2 - len(aside)
            assert f"Left: {left}." in hint(page)
            card = next(item["card"] for item in game["legal"] if item["action"] == "discard")
            button = page.locator(f".c-hand [data-card='{card}']")
            button.click(position=CORNER)
            expect(button).to_have_class(re.compile(r"\bselected\b"))
            expect(page.locator("[data-act='discard']")).to_be_visible()
            before = seq(page)
            button.click(position=CORNER)
            settled(page, before)
            aside.append(card)
            table.wait_mine()
            deal = table.game()["deal"]
            assert card not in deal["hand"]
            assert card not in table.shown_hand()
            assert table.shown_hand() == sorted_hand(deal["hand"])
            assert pile_cards(page, ".c-pile.aside") == aside
            continue
        if "write_off" in kinds or "redeal" in kinds:
            assert {"contract", "bid", "pass", "play", "discard"} & kinds, kinds
        table.move(bid_up_to=200)
    else:
        raise AssertionError("Anna never declared a whole deal")
    assert chosen is not None and len(aside) == 2
    # the deal is over: its record says what the page showed
    game = table.game()
    frames = [json.loads(str(text)) for text in page.evaluate("window.__frames")]
    record = finished_deals(frames)[declared_in]
    actions = record["actions"]
    assert {"seat": 0, "talon": chosen} in actions
    assert [item["discard"] for item in actions if "discard" in item] == aside
    assert sum(1 for item in actions if "play" in item) == 20  # ten tricks of two
    assert sorted(record["talons"][chosen]) == sorted(shown_talon)
    assert table.sheet() == expected_sheet(game)
    check_no_leak(page, server, room, "two_players", at_least=20)
    assert not browsing.page_errors


# -- four players ------------------------------------------------------------------------


def check_sitter_box(table: CardTable) -> None:
    """The seat of the dealer sitting out, when it is not this page's: labelled, dimmed,
    no cards, no tricks."""
    state = table.state()
    deal = state["game"]["deal"]
    if deal is None or deal["dealer"] == state["you"]:
        return
    box = table.page.locator(f".c-seat[data-seat='{deal['dealer']}']")
    expect(box).to_have_class(re.compile(r"\bsits-out\b"))
    expect(box).to_contain_text("sits out")
    expect(box.locator(".card")).to_have_count(0)
    expect(box).not_to_contain_text("tricks")
    opacity = float(box.evaluate("(n) => getComputedStyle(n).opacity"))
    assert opacity < 0.8
    for other in range(4):
        if other not in (deal["dealer"], state["you"]):
            expect(table.page.locator(f".c-seat[data-seat='{other}']")).not_to_have_class(
                re.compile(r"\bsits-out\b")
            )


SITTING_JS = """
() => {
  const state = window.__card;
  const deal = state && state.game.deal;
  const text = (n) => n.textContent.trim();
  return {
    sitting: Boolean(deal && state.room.status === "playing" && deal.dealer === state.you),
    state,
    note: text(document.querySelector(".c-hand-row.sits-out .c-sit-note") || { textContent: "" }),
    hands: document.querySelectorAll(".c-hand").length,
    seats: document.querySelectorAll(".c-seat").length,
    acts: document.querySelectorAll(".actions [data-act]").length,
    hints: [...document.querySelectorAll(".c-hint")].map(text),
    trick: [...document.querySelectorAll(".c-trick .c-slot")].map((n) => [
      [...n.classList].find((c) => c.startsWith("pos-")).slice(4),
      n.querySelector("[data-card]").dataset.card,
    ]),
  };
}
"""
"""A sitting-out page at one moment: its state and what it draws."""

SPILLS_JS = """
() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  for (const seat of document.querySelectorAll(".c-seat")) {
    const box = seat.getBoundingClientRect();
    if (box.left < -1 || box.right > width + 1) out.push(`seat ${seat.dataset.seat} off screen`);
    const name = seat.querySelector(".c-name");
    if (name && name.scrollWidth > name.clientWidth + 1) out.push(`${seat.dataset.seat}: name cut`);
    for (const part of seat.querySelectorAll(".c-name, .c-backs, .c-tag")) {
      const r = part.getBoundingClientRect();
      if (r.left < box.left - 1 || r.right > box.right + 1)
        out.push(`seat ${seat.dataset.seat}: ${part.className} ${part.textContent} sticks out`);
    }
  }
  const table = document.querySelector(".sheet-wrap table");
  const sheet = table && table.closest(".sheet-wrap");
  if (sheet && table.getBoundingClientRect().width > sheet.clientWidth + 1)
    out.push("the sheet is wider than its panel");
  return out;
}
"""
"""What of the seats around the felt sticks out of its box, is cut, or is off the screen;
whether the score sheet's columns (one per player) fit its panel."""


def check_result_names_the_talon(table: CardTable) -> bool:
    """While a deal is bid, the last deal's box gives the dealer who sat out its talon
    score, marked as the talon's; False when the last deal was a redeal."""
    game = table.game()
    last = game["deals"][-1]
    if last["outcome"] == "redeal":
        return False
    dealer = last["dealer"]
    item = table.page.locator(".c-deal-over li.c-sat-out")
    expect(item).to_have_count(1)
    expect(item).to_contain_text(game["players"][dealer]["name"])
    expect(item).to_contain_text("the talon")
    row = game["view"]["sheet"]["rows"][len(game["deals"]) - 1]
    change = row["cells"][dealer].split()[0]
    assert change == f"{last['changes'][dealer]:+d}".replace("-", "−")
    expect(item.locator(".c-change")).to_have_text(change)
    return True


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_four_players_the_dealer_sits_out(
    slow_server: Server, browsing: Browsing, viewport: Any
) -> None:
    """Anna and three novices: Anna deals first and sits the deal out (the page says so,
    no hand, no action; the trick goes on between the three others, each card beside its
    player); then she plays a deal, the dealer's seat dimmed and labelled, and the
    deal's result gives the dealer its talon score."""
    server = slow_server
    seats: list[dict[str, Any]] = [{"bot": "novice"}] * 3
    room, token = card_room(server, seats, rules="four_players")
    page = open_table(server, browsing, room, token, viewport)
    table = CardTable(page)
    # deal 1: Anna is the dealer
    page.wait_for_function("() => window.__card && window.__card.game.deal", polling=POLL_MS)
    assert table.game()["deal"]["dealer"] == 0
    sat_out_tricks = 0
    played = 0
    results = 0
    finish: int | None = None
    for _ in range(3000):
        page.wait_for_function(MINE_OR_OUT_JS, polling=POLL_MS)
        state = table.state()
        game = state["game"]
        deal = game["deal"]
        if finish is not None and deal["number"] > finish:
            break
        if deal["dealer"] == 0:
            # the state and the page drawn from it, read at one moment
            seen = page.evaluate(SITTING_JS)
            if not seen["sitting"]:
                continue  # the deal ended meanwhile
            assert seen["note"] == "You dealt: you sit this deal out and score the talon's points."
            assert seen["hands"] == 0 and seen["seats"] == 3 and seen["acts"] == 0
            assert seen["hints"] == ["You sit this deal out: the other three play it."]
            if seen["state"]["game"]["deal"]["trick"]:
                trick = [(place, card) for place, card in seen["trick"]]
                assert trick == expected_trick(seen["state"]["game"], 0)
                sat_out_tricks += 1
            page.wait_for_timeout(POLL_MS)
            continue
        table.wait_mine()
        state = table.state()
        game = state["game"]
        deal = game["deal"]
        if game["deals"] and deal["phase"] == "bid" and not results:
            results += check_result_names_the_talon(table)
        table.check()
        check_trick(table)
        check_sitter_box(table)
        assert page.evaluate(SPILLS_JS) == []
        if deal["phase"] == "play":
            assert len(shown_trick(page)) <= 2
        played += table.move(bid_up_to=105) == "play"
        if finish is None and played >= 8 and results and sat_out_tricks:
            finish = deal["number"]  # play it out: its cards become public for the check
    else:
        raise AssertionError((sat_out_tricks, played, results))
    assert sat_out_tricks > 0
    check_no_leak(page, server, room, "four_players", at_least=30)
    assert not browsing.page_errors


# -- the lobby ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "players"),
    [
        ('preset = "four_players"\nbid_step = 5\n', 4),
        ('{"preset": "two_players", "bid_step": 5}', 2),
        ('preset = "classic"\n', 3),
    ],
    ids=["toml-four", "json-two", "toml-three"],
)
def test_a_rules_file_seats_its_presets_players(
    server: Server, browsing: Browsing, text: str, players: int
) -> None:
    """A rules file names its preset, and the preset fixes the number of players: the
    lobby offers that number only and seats as many (a person and the computers)."""
    page = browsing.page()
    page.goto(f"{server.url}/")
    page.get_by_label("Card Thousand", exact=True).check()
    more_options(page)
    page.locator("#create-players").select_option("3")
    page.get_by_label("A rules file (TOML or JSON)", exact=True).check()
    page.locator("#create-file").fill(text)
    options = page.locator("#create-players option").evaluate_all("(ns) => ns.map((n) => n.value)")
    assert options == [str(players)]
    page.get_by_role("button", name="Play the computer").click()
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    room = server.http.get(f"/api/rooms/{page.url.rsplit('/', 1)[1]}").json()["room"]
    assert room["game"] == "card1000"
    assert [seat["kind"] for seat in room["seats"]] == ["person"] + ["bot"] * (players - 1)
    expect(page.locator(".c-seat")).to_have_count(players - 1)
