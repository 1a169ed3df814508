"""Card Thousand in a real browser: Debian's Chromium driven by Playwright against a real
``thousand serve``, playing by tapping what a person taps — the cards of the hand (a tap
selects, a second tap plays), the bid and contract buttons, an opponent to give a card to.

Every step checks the page against the state the server sent the page itself (kept by
:data:`KEEP_STATE`): the cards shown in the hand are exactly the seat's hand, the bid
buttons exactly the legal amounts, the cards marked playable exactly the legal cards, the
score sheet exactly the server's rows. Without /usr/bin/chromium these tests are skipped.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Position, expect

from .browser_support import SETTLED_JS, Browsing, Server, seq, serve

KEEP_STATE = """
(() => {
  const Native = window.WebSocket;
  window.__card = null;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        try {
          const message = JSON.parse(event.data);
          if (message && message.type === "state") window.__card = message;
        } catch {}
      });
    }
  };
})();
"""
"""Keeps the last state the page's WebSocket received, whole."""

MINE_JS = """
() => document.getElementById("over-title")
  || (window.__card && window.__card.game.legal.length
      && document.querySelector(".actions.mine")
      && !document.querySelector(".actions [aria-disabled='true']"))
"""
"""This seat's move is drawn and open (or the game is over)."""
SUITS = "SHCD"
RANKS = "ATKQJ9"
PHONE = {"width": 360, "height": 740}
POLL_MS = 40
DEAL_OVER = "#deal-over"
"""The deal-over panel: shown over the table when a deal ends, until the person closes it."""
CORNER: Position = {"x": 9, "y": 30}
"""Where a thumb taps a card of a fanned hand: its corner, the part not under the next card."""


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    del chromium
    with serve(tmp_path_factory.mktemp("cards")) as running:
        yield running


def settled(page: Page, before: int) -> None:
    """browser_support.wait_settled, polled every POLL_MS rather than every frame: a
    whole game waits thousands of times, and a frame-by-frame poll takes the renderer's
    CPU from the page it waits for on a loaded machine."""
    page.wait_for_function(SETTLED_JS, arg=before, polling=POLL_MS)


def card_room(
    server: Server,
    seats: list[dict[str, Any]],
    language: str = "en",
    rules: str | dict[str, Any] = "classic",
) -> tuple[str, str]:
    body = {
        "name": "Anna",
        "game": "card1000",
        "rules": rules,
        "seats": seats,
        "options": {"language": language},
    }
    response = server.http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["room"]), str(response.json()["token"])


def sorted_hand(cards: list[str]) -> list[str]:
    """The page's order: ♠ ♥ ♣ ♦, each suit from the ace down."""
    return sorted(cards, key=lambda code: (SUITS.index(code[1]), RANKS.index(code[0])))


class CardTable:
    """A card Thousand table page, played by taps and checked against its own states."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def state(self) -> dict[str, Any]:
        found = self.page.evaluate("window.__card")
        assert isinstance(found, dict), "no state received yet"
        return found

    def game(self) -> dict[str, Any]:
        game = self.state()["game"]
        assert isinstance(game, dict)
        return game

    def shown_hand(self) -> list[str]:
        return [
            str(code)
            for code in self.page.locator(".c-hand .card").evaluate_all(
                "(ns) => ns.map((n) => n.dataset.card)"
            )
        ]

    def marked(self) -> list[str]:
        return [
            str(code)
            for code in self.page.locator(".c-hand .card.playable").evaluate_all(
                "(ns) => ns.map((n) => n.dataset.card)"
            )
        ]

    def dom_cards(self) -> set[str]:
        """The cards on the page but the deal-over panel's (a finished deal is public)."""
        return {
            str(code)
            for code in self.page.locator("[data-card]:not(#deal-over [data-card])").evaluate_all(
                "(ns) => ns.map((n) => n.dataset.card)"
            )
        }

    def sheet(self) -> list[list[str]]:
        rows = self.page.locator("#sheet tbody tr").evaluate_all(
            "(rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent))"
        )
        return [[" ".join(str(cell).split()) for cell in row] for row in rows]

    def wait_mine(self) -> None:
        """Wait until the page shows this seat's move (or the game's end)."""
        self.page.wait_for_function(MINE_JS, polling=POLL_MS)

    def check(self) -> None:
        """The page shows exactly the seat's hand, legal amounts and playable cards."""
        game = self.game()
        deal = game["deal"]
        hand = deal["hand"] if deal else None
        if hand is not None:
            assert self.shown_hand() == sorted_hand(hand)
        legal = game["legal"]
        bids = [item["amount"] for item in legal if item["action"] == "bid"]
        shown_bids = self.page.locator("[data-act^='bid:']").evaluate_all(
            "(ns) => ns.map((n) => Number(n.textContent))"
        )
        assert shown_bids == bids
        assert (self.page.locator("[data-act='pass']").count() == 1) == any(
            item["action"] == "pass" for item in legal
        )
        cards = {item["card"] for item in legal if item["action"] in ("play", "give", "discard")}
        assert set(self.marked()) == cards
        contracts = [item["amount"] for item in legal if item["action"] == "contract"]
        shown = self.page.locator("[data-act^='contract:']").evaluate_all(
            "(ns) => ns.map((n) => Number(n.textContent))"
        )
        assert shown == contracts

    def tap(self, locator: Any) -> None:
        before = seq(self.page)
        locator.click()
        settled(self.page, before)

    def dismiss(self) -> None:
        """Close the deal-over panel if it is open, as a person taps its button."""
        panel = self.page.locator(DEAL_OVER)
        if panel.is_visible():
            panel.locator(".c-panel-close").click()
            expect(panel).to_be_hidden()

    def move(self, bid_up_to: int = 0, dismiss: bool = True) -> str:
        """One move as a person makes it, chosen from the state's legal moves: bid the
        lowest amount while it is at most ``bid_up_to``, else pass; give the first card
        open to the first opponent; the lowest contract; the first card open. The
        deal-over panel, when open, is closed first (unless ``dismiss`` is false)."""
        if dismiss:
            self.dismiss()
        self.check()
        legal = self.game()["legal"]
        kinds = [item["action"] for item in legal]
        page = self.page
        bids = [item["amount"] for item in legal if item["action"] == "bid"]
        if bids and (min(bids) <= bid_up_to or "pass" not in kinds):
            self.tap(page.locator(f"[data-act='bid:{min(bids)}']"))
            return "bid"
        if "pass" in kinds:
            self.tap(page.locator("[data-act='pass']"))
            return "pass"
        if "dark" in kinds:
            self.tap(page.locator("[data-act='dark:false']"))
            return "dark"
        if "give" in kinds:
            give = next(item for item in legal if item["action"] == "give")
            page.locator(f".c-hand [data-card='{give['card']}']").click(position=CORNER)
            target = page.locator(f".c-seat.give-here[data-seat='{give['to']}']")
            expect(target).to_be_visible()
            self.tap(target)
            return "give"
        if "contract" in kinds:
            amounts = [item["amount"] for item in legal if item["action"] == "contract"]
            self.tap(page.locator(f"[data-act='contract:{min(amounts)}']"))
            return "contract"
        if "play" in kinds:
            card = next(item for item in legal if item["action"] == "play")["card"]
            button = page.locator(f".c-hand [data-card='{card}']")
            button.click(position=CORNER)
            expect(button).to_have_class(re.compile(r"\bselected\b"))
            before = seq(page)
            button.click(position=CORNER)
            settled(page, before)
            return "play"
        self.tap(page.locator("[data-act]").first)
        return str(kinds[0])


def test_a_whole_game_against_two_computers_at_360_px(server: Server, browsing: Browsing) -> None:
    """A phone against two novices to the end of the game: bidding, giving, the contract
    and every card by taps; the sheet on the page is the server's, row by row, after
    every deal; the game ends with a winner and the rematch offered.

    The classic rules without the barrel: novices on the barrel against a person who
    bids 105 whatever the hand can fall off it for hundreds of deals (one run played
    262), while without it the first total of 1000 wins within a few dozen."""
    no_barrel = {"preset": "classic", "barrel": None}
    room, token = card_room(server, [{"bot": "novice"}, {"bot": "novice"}], rules=no_barrel)
    page = browsing.page(token=(room, token), viewport=PHONE)
    page.add_init_script(KEEP_STATE)
    page.goto(f"{server.url}/r/{room}")
    table = CardTable(page)
    done: list[str] = []
    sheets_checked = 0
    for _ in range(3000):
        table.wait_mine()
        if page.locator("#over-title").count():
            break
        game = table.game()
        if len(game["deals"]) > sheets_checked:
            sheets_checked = len(game["deals"])
            assert table.sheet() == expected_sheet(game)
        done.append(table.move(bid_up_to=105))
        # the hand fits the phone's width: no card sticks out of the screen
        right = page.locator(".c-hand .card").evaluate_all(
            "(ns) => Math.max(0, ...ns.map((n) => n.getBoundingClientRect().right))"
        )
        assert right <= PHONE["width"]
    page.wait_for_function("() => window.__card && window.__card.room.status === 'over'")
    game = table.game()
    assert game["winner"] is not None
    winner = game["winner"]  # a name, as the replay prints it
    assert winner in [player["name"] for player in game["players"]]
    expect(page.locator("#over-title")).to_contain_text(winner)
    # the last deal's panel says who won, and closes to the game's end
    expect(page.locator(f"{DEAL_OVER} .c-winner")).to_contain_text(winner)
    shots = os.environ.get("THOUSAND_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/game-over-en-360.png")
    page.get_by_role("button", name="Close").click()
    expect(page.locator(DEAL_OVER)).to_be_hidden()
    assert table.sheet() == expected_sheet(game)
    # a pass is the deals' to offer (a game can go by with the lowest bid always open)
    assert {"play", "bid", "give", "contract"} <= set(done), set(done)
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()


def expected_sheet(game: dict[str, Any]) -> list[list[str]]:
    """The server's paper sheet as the page's table rows read."""
    rows = game["view"]["sheet"]["rows"]
    cells = [[row["deal"], row["label"], *row["cells"]] for row in rows]
    return [[" ".join(cell.split()) for cell in row] for row in cells]


def test_two_people_by_the_invite_link_one_reloads_mid_trick(
    server: Server, browsing: Browsing
) -> None:
    """Anna makes the room, Boris takes the open seat from the invite link; in the
    middle of a trick Boris reloads the page: his hand and his moves come back."""
    room, token = card_room(server, [{"open": True}, {"bot": "novice"}])
    anna = browsing.page(token=(room, token))
    anna.add_init_script(KEEP_STATE)
    anna.goto(f"{server.url}/r/{room}")
    invite = anna.locator("#invite").input_value()
    assert invite.endswith(f"/r/{room}")
    boris = browsing.page()
    boris.add_init_script(KEEP_STATE)
    boris.goto(invite)
    boris.locator("#join-name").fill("Boris")
    boris.get_by_role("button", name="Take the seat").click()
    tables = {"Anna": CardTable(anna), "Boris": CardTable(boris)}
    expect(boris.locator(".c-hand .card").first).to_be_visible()
    reloaded = False
    for _ in range(400):
        anna.wait_for_function("() => window.__card && window.__card.room.status === 'playing'")
        mover = None
        for table in tables.values():
            state = table.page.evaluate("window.__card")
            if state and state["game"]["legal"]:
                mover = table
        if mover is None:
            anna.wait_for_timeout(50)
            continue
        mover.wait_mine()
        deal = mover.game()["deal"]
        if (
            not reloaded
            and mover is tables["Boris"]
            and deal
            and deal["phase"] == "play"
            and deal["trick"]
        ):
            hand = deal["hand"]
            boris.reload()
            boris.wait_for_function("() => window.__card && window.__card.game.legal.length")
            tables["Boris"].wait_mine()
            assert tables["Boris"].shown_hand() == sorted_hand(hand)
            assert boris.locator(".c-trick .card").count() == len(deal["trick"])
            reloaded = True
            continue
        mover.move(bid_up_to=110)
        if reloaded and len(mover.game()["deals"]) >= 2:
            break
    assert reloaded


def test_a_spectator_sees_no_hand(server: Server, browsing: Browsing) -> None:
    """A spectator's page has no hand and no card of any hand in its DOM: only the cards
    on the table (the trick, a talon shown, the last trick) and the finished deal."""
    room, token = card_room(server, [{"bot": "novice"}, {"bot": "novice"}])
    anna = browsing.page(token=(room, token))
    anna.add_init_script(KEEP_STATE)
    anna.goto(f"{server.url}/r/{room}")
    watcher = browsing.page()
    watcher.add_init_script(KEEP_STATE)
    watcher.goto(f"{server.url}/r/{room}")
    anna_table, watch_table = CardTable(anna), CardTable(watcher)
    checked = 0
    for _ in range(60):
        anna_table.wait_mine()
        watcher.wait_for_function(
            "(s) => window.__card && window.__card.seq >= s", arg=anna_table.state()["seq"]
        )
        seen = watch_table.state()["game"]
        deal = seen["deal"]
        assert deal["hand"] is None
        assert watcher.locator(".c-hand").count() == 0
        visible = (
            set(deal["trick"])
            | {item["card"] for item in deal["played"]}
            | set(deal["talon"] or [])
        )
        assert watch_table.dom_cards() <= visible
        assert not (set(anna_table.game()["deal"]["hand"]) & watch_table.dom_cards())
        checked += 1
        anna_table.move()
        if len(anna_table.game()["deals"]) >= 1 and checked > 10:
            break
    assert checked > 10


def test_the_russian_page(server: Server, browsing: Browsing) -> None:
    """In Russian: the pass is «Пас», the phase «торговля», a queen is «Д», the sheet's
    header «Кто играет и заказ», the footer names the deck."""
    room, token = card_room(server, [{"bot": "novice"}, {"bot": "novice"}], language="ru")
    page = browsing.page(token=(room, token), locale="ru-RU")
    page.add_init_script(KEEP_STATE)
    page.goto(f"{server.url}/r/{room}")
    table = CardTable(page)
    table.wait_mine()
    table.check()
    expect(page.get_by_text("Кто играет и заказ")).to_be_visible()
    expect(page.get_by_text(re.compile("^Обязательство колоды"))).to_be_visible()
    game = table.game()
    if any(item["action"] == "pass" for item in game["legal"]):
        expect(page.locator("[data-act='pass']")).to_have_text("Пас")
    hand = game["deal"]["hand"]
    letters = {"9": "9", "J": "В", "Q": "Д", "K": "К", "T": "10", "A": "Т"}
    for code in hand:
        label = page.locator(f".c-hand [data-card='{code}']").get_attribute("aria-label")
        assert label is not None and label.startswith(letters[code[0]])
    assert page.locator("html").get_attribute("lang") == "ru"


@pytest.mark.parametrize(
    ("preset", "players"), [("classic", 3), ("two_players", 2), ("four_players", 4)]
)
def test_the_lobby_offers_card_thousand_with_the_presets_players(
    server: Server, browsing: Browsing, preset: str, players: int
) -> None:
    """The lobby lists card Thousand; its computers are every level the server names;
    "Play the computer" seats as many computers as the chosen preset has players."""
    info = next(
        game for game in server.http.get("/api/games").json()["games"] if game["name"] == "card1000"
    )
    page = browsing.page()
    page.goto(f"{server.url}/")
    page.get_by_label("Card Thousand", exact=True).check()
    levels = page.locator("#create-level option").evaluate_all("(ns) => ns.map((n) => n.value)")
    assert levels == [item["level"] for item in info["levels"]]
    page.locator("#create-preset").select_option(preset)
    level = page.locator("#create-level").input_value()
    page.get_by_role("button", name="Play the computer").click()
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    room = server.http.get(f"/api/rooms/{page.url.rsplit('/', 1)[1]}").json()["room"]
    assert room["game"] == "card1000" and room["rules"] == preset
    assert [(seat["kind"], seat["level"]) for seat in room["seats"]] == [("person", None)] + [
        ("bot", level)
    ] * (players - 1)

    expect(page.locator(".c-table")).to_be_visible()
    expect(page.locator(".c-seat")).to_have_count(players - 1)
