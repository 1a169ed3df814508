"""Helpers of the browser tests (test_browser.py): a real ``thousand serve`` in a child
process, Debian's Chromium through Playwright, and a table page played by its buttons.

Every page gets :data:`WATCH_SCRIPT` before its own scripts run: it only *observes* the
page's WebSocket (the ``seq`` of the last state it received, a summary of each state, the
errors it was sent, the types of the messages it sent), so a test can wait for "the state
after my click has arrived and been drawn" instead of sleeping, and tell what that state
was.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 15_000
"""How long a test waits for the page to show something (nothing here takes 1 s)."""

START_SECONDS = 60.0
ANNOUNCE = re.compile(r"thousand serve: open (http://\S+?)/? \(Ctrl\+C stops\)")

LONG_RULES: dict[str, Any] = {"preset": "classic", "barrels": []}
"""The classic rules without barrels, to 1000: for tests that play a few rounds only (and
must not see the game end)."""


def rules_file(target: int) -> str:
    """The classic rules to ``target`` without barrels, as the lobby's rules-file box takes
    them: a game of a dozen turns or so."""
    return f'preset = "classic"\ntarget = {target}\nbarrels = []\n'


RULES_TITLE = "classic with changes"

THROW = re.compile(r"^throw \d dic?e$")
"""The throw button's accessible name: the server's label, ``throw 5 dice``/``throw 1 die``."""
STOP = re.compile(r"^stop and record \d+$")

WATCH_SCRIPT = """
(() => {
  const seen = { seq: -1, history: [], errors: [], sent: [] };
  window.__thousand = seen;
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      // added before the page's own listener: it runs first for each message
      this.addEventListener("message", (event) => {
        let message = null;
        try { message = JSON.parse(event.data); } catch { return; }
        if (message && message.type === "state" && Number.isInteger(message.seq)) {
          seen.seq = Math.max(seen.seq, message.seq);
          const game = message.game || {};
          const turn = game.turn || {};
          if (!seen.history.some((item) => item.seq === message.seq)) {
            seen.history.push({
              seq: message.seq,
              to_move: game.to_move ?? null,
              total: turn.total ?? null,
              throws: Array.isArray(turn.throws) ? turn.throws.length : null,
              ended: turn.ended ?? null,
              at: Date.now(),
            });
          }
        } else if (message && message.type === "error") {
          seen.errors.push(String(message.code));
        }
      });
    }
    send(data) {
      try { seen.sent.push(JSON.parse(data).type); } catch { seen.sent.push("?"); }
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
})();
"""

# A state newer than ``before`` arrived, and no button is marked busy (aria-disabled: an
# action was sent and its answer is not drawn yet, or the connection is not open).
SETTLED_JS = """
(before) => window.__thousand.seq > before
  && !document.querySelector(".actions [aria-disabled='true']")
  && !!document.querySelector(".connection[hidden]")
"""

MOVER_JS = """
(names) => {
  if (document.getElementById("over-title")) return { over: true, name: null };
  const mover = document.querySelector(".players .player.to-move .p-name");
  if (mover && names.includes(mover.textContent)) return { over: false, name: mover.textContent };
  return null;
}
"""

CONTROLS = "button, input, select, textarea, a"


# -- the server ----------------------------------------------------------------------


@dataclass
class Server:
    """A running ``thousand serve``: its address (no trailing slash), an HTTP client and
    its database's URL (for a test that needs the referee's copy of what was stored)."""

    url: str
    http: httpx.Client
    db: str = ""

    def create_room(
        self,
        name: str = "Anna",
        seats: list[dict[str, Any]] | None = None,
        rules: object = None,
        **options: Any,
    ) -> tuple[str, str]:
        """A room made over HTTP: its id and the creator's token."""
        body = {
            "name": name,
            "rules": LONG_RULES if rules is None else rules,
            "seats": [{"bot": "cautious"}] if seats is None else seats,
            "options": options,
        }
        response = self.http.post("/api/rooms", json=body)
        assert response.status_code == 201, response.text
        data = response.json()
        return str(data["room"]), str(data["token"])

    def record(self, room: str, number: int | None = None) -> dict[str, Any]:
        params = {} if number is None else {"number": number}
        response = self.http.get(f"/api/rooms/{room}/record", params=params)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data


def more_options(page: Page, label: str = "More options") -> None:
    """Unfold the lobby's "More options" (every choice but the one-tap start's)."""
    summary = page.locator("details.more-options > summary")
    expect(summary).to_contain_text(label)
    if page.locator("details.more-options[open]").count() == 0:
        summary.click()
    expect(page.locator("details.more-options")).to_have_attribute("open", "")


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


@contextlib.contextmanager
def serve(
    folder: Path, env: Mapping[str, str] | None = None, bot_delay: float = 0.0
) -> Iterator[Server]:
    """``thousand serve`` on a free port, its database, data and caches in ``folder``;
    computers move at once unless ``bot_delay`` (seconds) says otherwise."""
    child_env = dict(os.environ)
    child_env.update(
        THOUSAND_DATA_DIR=str(folder / "data"),
        THOUSAND_CACHE_DIR=str(folder / "cache"),
        XDG_DATA_HOME=str(folder / "xdg-data"),
        XDG_CACHE_HOME=str(folder / "xdg-cache"),
        PYTHONUNBUFFERED="1",
    )
    child_env.update(env or {})
    db = f"sqlite:///{folder}/s.db"
    command = [
        sys.executable,
        "-m",
        "thousand",
        "serve",
        "--port",
        "0",
        "--bot-delay",
        str(bot_delay),
        "--db",
        db,
    ]
    errors_path = folder / "server.err"
    with errors_path.open("w", encoding="utf-8") as errors:
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=errors,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            env=child_env,
        )
    try:
        assert process.stdout is not None
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_pump, args=(process.stdout, lines), daemon=True).start()
        url = None
        while url is None:
            try:
                line = lines.get(timeout=START_SECONDS)
            except queue.Empty:
                line = None
            if line is None:
                raise AssertionError(
                    "thousand serve did not announce its address; its stderr:\n"
                    + errors_path.read_text(encoding="utf-8")
                )
            match = ANNOUNCE.search(line)
            url = match.group(1) if match else None
        with httpx.Client(base_url=url, timeout=10.0) as http:
            assert http.get("/api/health").json()["status"] == "ok"
            yield Server(url=url, http=http, db=db)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


# -- the browser ---------------------------------------------------------------------


@dataclass
class Browsing:
    """Contexts (one per person) opened by a test, each watched; closed at its end."""

    browser: Browser
    contexts: list[BrowserContext] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def page(self, *, token: tuple[str, str] | None = None, **options: Any) -> Page:
        """A page in a new context: English unless ``locale`` says otherwise, no motion;
        ``token`` (room, token) puts that seat's token where the lobby would keep it."""
        options.setdefault("locale", "en-US")
        options.setdefault("reduced_motion", "reduce")
        context = self.browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(WATCH_SCRIPT)
        if token is not None:
            room, secret = token
            key = json.dumps(f"thousand.token.{room}")
            context.add_init_script(f"localStorage.setItem({key}, {json.dumps(secret)});")
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def seq(page: Page) -> int:
    """The ``seq`` of the last state the page's WebSocket received."""
    return int(page.evaluate("window.__thousand.seq"))


def errors_received(page: Page) -> list[str]:
    return [str(code) for code in page.evaluate("window.__thousand.errors")]


def state_at(page: Page, number: int) -> dict[str, Any]:
    """A summary of the state ``number`` as the page's WebSocket received it: ``to_move``,
    the turn's ``total``, ``throws`` and how it ``ended``."""
    found = page.evaluate(
        "(n) => window.__thousand.history.find((item) => item.seq === n) || null", number
    )
    assert isinstance(found, dict), f"the page never received the state {number}"
    return found


def sent_types(page: Page) -> list[str]:
    return [str(kind) for kind in page.evaluate("window.__thousand.sent")]


def wait_settled(page: Page, before: int) -> None:
    """Wait until a state newer than ``before`` arrived and the page drew it (nothing
    pending, connected)."""
    page.wait_for_function(SETTLED_JS, arg=before)


def wait_connected(page: Page) -> None:
    """The table is connected and has drawn a state."""
    page.wait_for_function("() => window.__thousand.seq >= 0")
    expect(page.locator(".connection")).to_be_hidden()


def parse_number(text: str) -> int | None:
    """A number as the page writes it: ``1010``, ``−50`` (a real minus); ``—`` is None."""
    text = text.strip().replace("−", "-")
    return int(text) if re.fullmatch(r"-?\d+", text) else None


# -- a table ------------------------------------------------------------------------


class Table:
    """A table page seen through its roles and accessible names."""

    def __init__(self, page: Page, throw: re.Pattern[str] = THROW, stop: re.Pattern[str] = STOP):
        self.page = page
        self.throw = page.get_by_role("button", name=throw)
        self.stop = page.get_by_role("button", name=stop)
        self.ready = page.get_by_role("button", name=throw, disabled=False).or_(
            page.get_by_role("button", name=stop, disabled=False)
        )
        self.over_title = page.locator("#over-title")
        self.total_value = page.locator(".turn-total .value")
        self.role_line = page.locator(".room-bar .role")

    def wait_ready(self) -> None:
        """Wait until this player may act (an action button is enabled)."""
        try:
            expect(self.ready.first).to_be_visible()
        except AssertionError as exc:
            shown = self.page.evaluate(
                """() => ({
                  title: document.querySelector("#turn-title")?.textContent,
                  over: document.querySelector("#over-title")?.textContent ?? null,
                  connection: document.querySelector(".connection")?.textContent,
                  status: document.querySelector(".status-line")?.textContent,
                  seen: window.__thousand.history.slice(-3),
                  errors: window.__thousand.errors,
                })"""
            )
            raise AssertionError(f"no action is open to this player: {shown}") from exc

    def total(self) -> int:
        value = parse_number(self.total_value.inner_text())
        assert value is not None
        return value

    def scores(self) -> dict[str, int | None]:
        """Each player's score as the players' list shows it."""
        items = self.page.locator(".players li.player")
        result: dict[str, int | None] = {}
        for index in range(items.count()):
            item = items.nth(index)
            result[item.locator(".p-name").inner_text()] = parse_number(
                item.locator(".p-score").inner_text()
            )
        return result

    def sheet(self) -> tuple[list[str], list[list[str]]]:
        """The score sheet: its column names and the cells of each round."""
        return self.page.evaluate(  # type: ignore[no-any-return]
            """() => {
              const table = document.querySelector(".sheet-table");
              const names = Array.from(table.querySelectorAll("thead th:not(.round)"),
                                       (th) => th.textContent);
              const rows = Array.from(table.querySelectorAll("tbody tr"))
                .filter((tr) => tr.querySelector("th.round"))
                .map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.innerText));
              return [names, rows];
            }"""
        )

    def click(self, button: Locator) -> None:
        """Click an action button and wait until the state it made is drawn."""
        before = seq(self.page)
        button.click()
        wait_settled(self.page, before)

    def press(self, key: str) -> None:
        """Press a key on the page and wait until the state it made is drawn."""
        before = seq(self.page)
        self.page.keyboard.press(key)
        wait_settled(self.page, before)


def decide(table: Table, stop_at: int) -> Locator:
    """The simple policy: stop once the turn holds ``stop_at`` points and a stop is
    allowed (entered the game), else throw."""
    if table.stop.is_enabled() and (table.total() >= stop_at or not table.throw.is_enabled()):
        return table.stop
    return table.throw


def play_out(
    tables: Mapping[str, Table],
    *,
    stop_at: int = 50,
    on_ready: Callable[[str, Table], None] | None = None,
    max_actions: int = 600,
) -> dict[str, int]:
    """Play a room to its end by clicking: each person (``tables`` by player name) acts on
    their own page when it is their move; computers play on the server. Returns how
    many actions each person took."""
    names = list(tables)
    observer = tables[names[0]].page
    taken = dict.fromkeys(names, 0)
    for _ in range(max_actions):
        handle = observer.wait_for_function(MOVER_JS, arg=names)
        mover: dict[str, Any] = handle.json_value()
        if mover["over"]:
            return taken
        name = str(mover["name"])
        table = tables[name]
        table.wait_ready()
        if on_ready is not None:
            on_ready(name, table)
            table.wait_ready()
        table.click(decide(table, stop_at))
        taken[name] += 1
        observer = table.page
    raise AssertionError(f"the game did not end in {max_actions} actions")


# -- accessibility ---------------------------------------------------------------------


# How many times a look at the controls is taken again when the page changed under it
# (a computer's move re-renders the table while the nodes are being described).
SNAPSHOT_TRIES = 6


def control_names(page: Page) -> tuple[int, list[str]]:
    """Every button, input, select, textarea and link the page exposes to assistive
    technology, by Chromium's own accessibility tree: how many there are, and a
    description of each one whose computed accessible name is empty.

    The look is taken again when a node found went away before it was described: the
    page re-renders on every message, and only a look at one state of it means
    anything."""
    for attempt in range(SNAPSHOT_TRIES):
        try:
            return _control_names_once(page)
        except PlaywrightError as error:
            if "Could not find node" not in str(error) or attempt == SNAPSHOT_TRIES - 1:
                raise
            page.wait_for_timeout(100)
    raise AssertionError("unreachable")


def _control_names_once(page: Page) -> tuple[int, list[str]]:
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("Accessibility.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]
        found = cdp.send("DOM.querySelectorAll", {"nodeId": root["nodeId"], "selector": CONTROLS})
        tree = cdp.send("Accessibility.getFullAXTree")
        nodes = {
            node["backendDOMNodeId"]: node
            for node in tree["nodes"]
            if "backendDOMNodeId" in node and not node.get("ignored", False)
        }
        exposed = 0
        unnamed = []
        for node_id in found["nodeIds"]:
            described = cdp.send("DOM.describeNode", {"nodeId": node_id})["node"]
            ax = nodes.get(described["backendNodeId"])
            if ax is None:
                continue  # not rendered (hidden): nothing to name
            exposed += 1
            name = str(ax.get("name", {}).get("value", "")).strip()
            if not name:
                attributes = described.get("attributes", [])
                shown = " ".join(
                    f"{key}={value!r}"
                    for key, value in zip(attributes[::2], attributes[1::2], strict=True)
                )
                role = ax.get("role", {}).get("value", "?")
                unnamed.append(f"<{described['nodeName'].lower()} {shown}> (role {role})")
        return exposed, unnamed
    finally:
        cdp.detach()


def assert_controls_named(page: Page, at_least: int) -> int:
    """Every control the page shows has an accessible name; returns how many there are.

    The count of controls on the screen is a second look, so a page that changed between
    the two looks (a computer moved) is looked at again before the counts are held
    against each other."""
    for attempt in range(SNAPSHOT_TRIES):
        exposed, unnamed = control_names(page)
        assert not unnamed, f"controls without an accessible name: {unnamed}"
        # none of the controls on the screen was left out of the accessibility tree
        visible = page.locator(f":is({CONTROLS}):visible").count()
        if exposed >= visible and exposed >= at_least:
            return exposed
        if attempt < SNAPSHOT_TRIES - 1:
            page.wait_for_timeout(200)
    assert exposed >= at_least, f"only {exposed} controls found"
    assert exposed >= visible, (exposed, visible)
    return exposed


def actions_in(record: Mapping[str, Any]) -> dict[str, int]:
    """How many actions (throws and stops) each player of a record took."""
    players: list[str] = list(record["players"])
    taken = dict.fromkeys(players, 0)
    for index, turn in enumerate(record["turns"]):
        name = players[index % len(players)]
        taken[name] += len(turn["rolls"]) + (1 if turn.get("stop") else 0)
    return taken


def rounds_of(turns: int, players: int) -> int:
    return math.ceil(turns / players)


# A socket of its own in the page: its first state, then each action sent (at that seq)
# and the error it got. For what the server refuses, past the page's own checks.
SOCKET_JS = """
async ({ path, actions }) => {
  // the browser's own WebSocket, not the page's watched one (WATCH_SCRIPT):
  // what this socket hears is not the page's
  const Native = window.__NativeWebSocket || Object.getPrototypeOf(window.WebSocket);
  const socket = new Native(`ws://${location.host}${path}`);
  const received = [];
  let wake = () => {};
  socket.addEventListener("message", (event) => {
    received.push(JSON.parse(event.data));
    wake();
  });
  const deadline = Date.now() + 10000;
  const next = async (type, after) => {
    while (Date.now() < deadline) {
      const found = received.slice(after).find((message) => message.type === type);
      if (found) return found;
      await new Promise((resolve) => { wake = resolve; setTimeout(resolve, 250); });
    }
    throw new Error(`no ${type}: ${JSON.stringify(received.map((m) => m.type))}`);
  };
  const state = await next("state", 0);
  const errors = [];
  for (const action of actions) {
    const before = received.length;
    socket.send(JSON.stringify({ type: "action", ...action, seq: state.seq }));
    errors.push(await next("error", before));
  }
  socket.close();
  return { seq: state.seq, legal: state.game.legal, you: state.you, errors };
}
"""
