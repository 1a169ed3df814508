// A table: the game in a room, live over a WebSocket.
//
// The server sends the whole state after every change ({"type": "state", "seq", "room",
// "game", "you"}) and the page draws it; an action carries the seq it was taken on, so
// a double click or a stale screen never acts twice. Everything the game says in words
// (the sheet, the standings, how a turn ended, the advisor) comes already written in the
// connection's language in game.view; the page only lays it out.

import { gameName, showGame } from "./brand.js";
import { die, faces, isFace, roll, scoringPositions } from "./dice.js";
import { api, asArray, errorMessage, fill, h, motionReduced, store, str, typing } from "./dom.js";
import { lang, number, t } from "./i18n.js";
import { levelName, rulesTitle, statusName } from "./lobby.js";
import { PokerView } from "./poker.js";

const NAME_KEY = "thousand.name";
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_MS = 25000;
const PENDING_MS = 8000;
const CHAT_MAX = 500;
const CHAT_KEEP = 200;
const EVENTS_KEPT = 40;

const tokenKey = (room) => `thousand.token.${room}`;

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The dice set aside before the last throw since all five were last in the hand: what
 * lies beside the thrown dice on a real table (the terminal game shows the same).
 *
 * turn.aside, when the server sends it, is exactly that. Otherwise it is cut from
 * turn.set_aside, every die set aside this turn in order, the last throw's own at its
 * end: the dice in the hand at the last throw say how many came before it in this
 * round of five, and the dice left after it how many of its own were set aside.
 */
function asideBeforeLast(turn, dice, last, ended) {
  if (!turn) return [];
  if (Array.isArray(turn.aside)) return turn.aside.filter(isFace);
  const all = asArray(turn.set_aside).filter(isFace);
  const thrown = dice.length;
  if (!thrown) return all.slice(-5);
  const before = thrown < 5 ? 5 - thrown : 0;
  const scoring = last ? asArray(last.combinations).reduce((sum, c) => sum + asArray(c && c.dice).length, 0) : 0;
  let own;
  if (ended === "bust" || turn.choosing || scoring === 0) own = 0;
  else if (!ended && Number.isInteger(turn.dice_left)) own = turn.dice_left === 5 ? thrown : thrown - turn.dice_left;
  else own = Math.min(scoring, thrown);
  own = Math.max(0, Math.min(own, all.length));
  const end = all.length - own;
  return all.slice(Math.max(0, end - before), end);
}

/** A legal action's identity: "throw", "stop", "dice", "keep:1 5". */
function actionKey(item) {
  if (typeof item === "string") return item;
  if (item && Array.isArray(item.keep)) return `keep:${faces(item.keep)}`;
  return "";
}

export class Table {
  constructor(root, room) {
    this.root = root;
    this.room = room;
    this.token = store.get(tokenKey(room));
    this.state = null;
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastPing = 0;
    this.gotState = false;
    this.connection = "connecting";
    this.gone = false;
    this.pending = null;
    this.pendingTimer = null;
    this.chat = [];
    this.chatSeen = new Set();
    this.entry = [];
    this.entryContext = "";
    this.sentEntry = null;
    this.refill = null;
    this.entering = false;
    this.rematchAsked = null;
    this.joinDismissed = false;
    this.throwKey = null;
    this.skew = 0;
    this.status = "";
    this.shown = {};
    this.poker = null;
  }

  start() {
    this.build();
    document.addEventListener("keydown", (event) => this.onKey(event));
    window.setInterval(() => this.tick(), 1000);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && !this.ws && !this.gone) this.connect();
    });
    if (this.token) {
      this.connect();
    } else {
      this.peek().then(() => {
        if (!this.gone) this.connect();
      });
    }
  }

  languageChanged() {
    this.shown = {};
    this.build();
    if (this.state) this.render();
    if (this.gone) this.renderGone();
    this.reconnect();
  }

  /** Without a seat: the room as a spectator sees it, to offer an open seat. */
  async peek() {
    const answer = await api("GET", `/api/rooms/${encodeURIComponent(this.room)}?lang=${lang()}`);
    if (answer.status === 404) {
      this.gone = true;
      this.renderGone();
      return;
    }
    if (answer.ok && answer.body && typeof answer.body === "object" && !this.state) {
      this.accept({ ...answer.body, type: "state" });
    }
  }

  // -- the connection -------------------------------------------------------

  url() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const params = new URLSearchParams({ lang: lang() });
    if (this.token) params.set("token", this.token);
    return `${scheme}://${window.location.host}/ws/rooms/${encodeURIComponent(this.room)}?${params}`;
  }

  connect() {
    window.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.gone) return;
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = socket;
    this.gotState = false;
    this.setConnection(this.attempt ? "reconnecting" : "connecting");
    socket.addEventListener("open", () => {
      if (socket !== this.ws) return;
      window.clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.send({ type: "ping" }, true), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && typeof message === "object") this.receive(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.ws) return;
      this.ws = null;
      window.clearInterval(this.pingTimer);
      this.clearPending();
      if (event.code === 4404) {
        this.gone = true;
        this.renderGone();
      } else if (!this.gotState) {
        this.checkGone().then((gone) => {
          if (!gone) this.retry();
        });
      } else {
        this.retry();
      }
    });
  }

  async checkGone() {
    const answer = await api("GET", `/api/rooms/${encodeURIComponent(this.room)}`);
    if (answer.status === 404) {
      this.gone = true;
      this.renderGone();
      return true;
    }
    return false;
  }

  retry() {
    if (this.gone) return;
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.setConnection("reconnecting");
    window.clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => this.connect(), base + Math.random() * base * 0.3);
  }

  /** A fresh connection now (a new language, a seat just taken). */
  reconnect() {
    const old = this.ws;
    this.ws = null;
    window.clearInterval(this.pingTimer);
    if (old) old.close(1000);
    this.attempt = 0;
    this.connect();
  }

  send(message, quiet = false) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      if (!quiet) this.say(t("Not connected: the action was not sent."));
      return false;
    }
    if (message.type === "ping") this.lastPing = Date.now();
    this.ws.send(JSON.stringify(message));
    return true;
  }

  setConnection(value) {
    const changed = this.connection !== value;
    this.connection = value;
    this.renderConnection();
    if (changed && this.state && this.el) this.renderActions();
  }

  receive(message) {
    if (message.type === "state") {
      this.gotState = true;
      this.attempt = 0;
      if (this.connection !== "open") this.setConnection("open");
      this.accept(message);
    } else if (message.type === "error") {
      this.onError(message);
    } else if (message.type === "chat") {
      this.addChat(message);
    }
  }

  accept(message) {
    if (this.state && Number.isInteger(message.seq) && Number.isInteger(this.state.seq)) {
      if (message.seq < this.state.seq) return;
    }
    const now = str(message.now) || str(message.game && message.game.now);
    if (now && !Number.isNaN(Date.parse(now))) this.skew = Date.parse(now) - Date.now();
    const fresh = !this.state || message.seq !== this.state.seq;
    this.state = message;
    this.clearPending();
    if (fresh) this.keepEntry();
    if (Array.isArray(message.chat)) for (const line of message.chat) this.addChat(line, false);
    this.render();
  }

  /**
   * Table dice: the faces being entered belong to one throw of one player; a new state
   * for another moment of the game (another throw, player or game) starts them afresh.
   * After "Undo the last throw" the taken-back faces come back, to correct one die.
   */
  keepEntry() {
    const f = this.facts();
    const turn = f.turn || {};
    const context = [f.game.number, f.game.to_move, asArray(turn.throws).length, str(turn.ended), turn.dice_left].join("|");
    const changed = context !== this.entryContext;
    this.entryContext = context;
    this.sentEntry = null;
    const entering = f.legal.some((item) => item === "dice");
    if (this.refill && entering && this.refill.length === this.need(f)) {
      this.entry = this.refill;
    } else if (changed || !entering) {
      this.entry = [];
    }
    this.refill = null;
  }

  /** How many faces an entry takes: the dice in the hand (five at a turn's start). */
  need(f) {
    const turn = f.turn;
    return turn && Number.isInteger(turn.dice_left) && turn.dice_left > 0 && turn.dice_left <= 5 ? turn.dice_left : 5;
  }

  onError(message) {
    this.clearPending();
    const code = str(message.code);
    const text = str(message.text) || str(message.message); // text: the engine's reason in the page's language
    if (code === "stale") return; // a fresh state is on its way
    if (code === "bad_message" && Date.now() - this.lastPing < 3000 && /ping/i.test(text)) return;
    if (code === "bad_token") {
      store.remove(tokenKey(this.room));
      this.token = null;
      this.say(t("This browser's seat in the room is no longer valid: you are watching."));
      if (this.state) this.render();
      return;
    }
    this.say(text || t("Refused."));
    if (this.sentEntry && !this.entry.length) this.entry = this.sentEntry; // to correct, not retype
    this.sentEntry = null;
    if (this.state) this.renderActions();
  }

  clearPending() {
    this.pending = null;
    window.clearTimeout(this.pendingTimer);
  }

  act(action, extra = {}) {
    if (this.pending || !this.state) return;
    const message = { type: "action", action, ...extra, seq: this.state.seq };
    if (!this.send(message)) return;
    this.pending = action;
    this.say("");
    window.clearTimeout(this.pendingTimer);
    this.pendingTimer = window.setTimeout(() => {
      this.pending = null;
      if (this.state) this.renderActions();
    }, PENDING_MS);
    this.renderActions();
  }

  // -- the page's frame -------------------------------------------------------

  build() {
    const link = this.inviteLink();
    this.el = {};
    const el = this.el;
    el.title = h("h1", { class: "room-title" }, gameName());
    el.badge = h("span", { class: "badge" });
    el.number = h("span", { class: "muted" });
    el.connection = h("p", { class: "connection", role: "status" });
    el.role = h("p", { class: "role" });
    const inviteInput = h("input", {
      id: "invite",
      type: "text",
      readonly: true,
      value: link,
      onfocus: (event) => event.target.select(),
    });
    el.copied = h("span", { class: "copied", role: "status" });
    el.invite = h(
      "div",
      { class: "invite" },
      h("label", { for: "invite" }, t("Invite link")),
      h(
        "div",
        { class: "invite-row" },
        inviteInput,
        h("button", { type: "button", onclick: () => this.copyInvite() }, t("Copy")),
      ),
    );
    el.inviteInput = inviteInput;
    el.join = h("div", { class: "join-box", hidden: true });
    el.players = h("ol", { class: "players", "aria-label": t("Players") });
    el.turnTitle = h("h2", { id: "turn-title", class: "turn-title" });
    el.total = h("div", { class: "turn-total" });
    el.solving = h("p", { class: "solving muted", role: "status" });
    el.dice = h("div", { class: "dice-area" });
    el.summary = h("p", { class: "throw-summary", "aria-live": "polite" });
    el.combos = h("ul", { class: "combos", "aria-label": t("Scoring combinations") });
    el.waiting = h("div", { class: "waiting", hidden: true });
    el.turn = h(
      "section",
      { class: "panel turn", "aria-labelledby": "turn-title" },
      el.turnTitle,
      el.solving,
      el.total,
      el.dice,
      el.summary,
      el.combos,
    );
    el.who = h("p", { class: "entering-for", hidden: true });
    el.buttons = h("div", { class: "action-buttons" });
    el.choices = h("div", { class: "choices" });
    el.status = h("p", { class: "status-line", role: "status", "aria-live": "polite" });
    el.actions = h(
      "section",
      { class: "actions", "aria-label": t("Your move"), tabindex: "-1" },
      el.who,
      el.buttons,
      el.choices,
      el.status,
    );
    el.over = h("section", { class: "panel over", hidden: true, "aria-labelledby": "over-title" });
    el.events = h("ol", { class: "events", role: "log", "aria-live": "polite", "aria-labelledby": "events-title" });
    el.advice = h("section", { class: "panel advice", hidden: true, "aria-labelledby": "advice-title" });
    el.sheet = h("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-labelledby": "sheet-title" });
    el.chatList = h("ol", { class: "chat-list", role: "log", "aria-live": "polite", "aria-labelledby": "chat-title" });
    el.chatInput = h("input", {
      id: "chat-input",
      type: "text",
      maxlength: CHAT_MAX,
      autocomplete: "off",
      placeholder: t("Write a message…"),
    });
    el.chatNote = h("p", { class: "hint" });
    el.chatForm = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (event) => {
          event.preventDefault();
          this.sendChat();
        },
      },
      h("label", { for: "chat-input", class: "sr-only" }, t("Message")),
      el.chatInput,
      h("button", { type: "submit" }, t("Send")),
    );
    el.fair = h("footer", { class: "fair muted small" });
    fill(
      this.root,
      h(
        "div",
        { class: "table-page" },
        h(
          "section",
          { class: "room-bar", "aria-label": t("Room") },
          h("div", { class: "room-head" }, el.title, el.badge, el.number),
          el.connection,
          el.role,
          el.invite,
          el.copied,
        ),
        el.join,
        (el.grid = h(
          "div",
          { class: "table-grid" },
          h(
            "div",
            { class: "play" },
            el.over,
            h("section", { class: "players-box", "aria-label": t("Players") }, el.players),
            el.waiting,
            el.turn,
            el.actions,
            el.advice,
            h(
              "section",
              { class: "panel events-box", "aria-labelledby": "events-title" },
              h("h2", { id: "events-title" }, t("How the turns ended")),
              el.events,
            ),
          ),
          h(
            "div",
            { class: "side" },
            (el.sheetPanel = h("section", { class: "panel sheet" }, h("h2", { id: "sheet-title" }, t("Score sheet")), el.sheet)),
            h(
              "section",
              { class: "panel chat" },
              h("h2", { id: "chat-title" }, t("Chat")),
              el.chatList,
              el.chatNote,
              el.chatForm,
            ),
          ),
        )),
        el.fair,
      ),
    );
    this.renderConnection();
    this.renderChat();
    this.say(this.status);
  }

  inviteLink() {
    return `${window.location.origin}/r/${encodeURIComponent(this.room)}`;
  }

  async copyInvite() {
    const link = this.inviteLink();
    const input = this.el.inviteInput;
    let done = false;
    try {
      await navigator.clipboard.writeText(link);
      done = true;
    } catch {
      this.inviteOpen = true; // shown, so that it can be selected and copied by hand
      this.el.invite.hidden = false;
      input.focus();
      input.select();
      try {
        done = document.execCommand("copy");
      } catch {
        done = false;
      }
    }
    this.el.copied.textContent = done ? t("Copied.") : t("Select the link and copy it.");
    window.setTimeout(() => {
      if (this.el.copied) this.el.copied.textContent = "";
    }, 3000);
  }

  renderGone() {
    window.clearTimeout(this.retryTimer);
    fill(
      this.root,
      h(
        "section",
        { class: "panel gone" },
        h("h1", null, t("There is no such room.")),
        h("p", null, t("It may have been closed, or the link is mistyped.")),
        h("a", { class: "button primary", href: "/" }, t("To the lobby")),
      ),
    );
  }

  renderConnection() {
    if (!this.el) return;
    const text =
      this.connection === "open"
        ? ""
        : this.connection === "reconnecting"
          ? t("Connection lost: reconnecting…")
          : t("Connecting…");
    if (this.el.connection.textContent !== text) this.el.connection.textContent = text;
    this.el.connection.hidden = !text;
  }

  say(text) {
    this.status = text || "";
    if (this.el && this.el.status.textContent !== this.status) this.el.status.textContent = this.status;
  }

  // -- drawing the state --------------------------------------------------------

  /** Facts derived from the state that several parts need. */
  facts() {
    const state = this.state || {};
    const game = state.game && typeof state.game === "object" ? state.game : {};
    const room = state.room && typeof state.room === "object" ? state.room : {};
    const view = game.view && typeof game.view === "object" ? game.view : {};
    const players = asArray(game.players).filter((p) => p && typeof p === "object");
    const you = Number.isInteger(state.you) ? state.you : null;
    const seatOf = (index) => (Number.isInteger(players[index] && players[index].seat) ? players[index].seat : index);
    let toMove = players.findIndex((p) => typeof game.to_move === "string" && p.name === game.to_move);
    const over = room.status === "over" || (game.winner !== null && game.winner !== undefined);
    if (over) toMove = -1;
    const mine = you !== null && toMove >= 0 && seatOf(toMove) === you;
    const turn = game.turn && typeof game.turn === "object" ? game.turn : null;
    const legal = asArray(game.legal);
    const refusals = game.refusals && typeof game.refusals === "object" ? game.refusals : {};
    // The creator's device also enters the moves of people at its table without a device
    // (all of them, with a scorekeeper): legal is open then though the mover is not `you`.
    const acting = !over && legal.some((item) => item !== "undo");
    const forName = acting && !mine && toMove >= 0 ? str(players[toMove].name) : "";
    const options = room.options && typeof room.options === "object" ? room.options : {};
    const tableDice = game.dice === "table" || options.dice === "table";
    const poker = game.game === "poker_dice";
    return { state, game, room, view, players, you, seatOf, toMove, over, mine, turn, legal, refusals, acting, forName, tableDice, poker };
  }

  /**
   * A poker dice room: its own dice, actions, sheet and turn endings (poker.js). The page
   * is marked so the sheet, where the player writes, is laid out beside the dice (on a
   * phone: right under the actions).
   */
  pokerView() {
    if (!this.poker) this.poker = new PokerView(this);
    this.el.grid.classList.add("poker");
    this.el.sheetPanel.classList.add("poker");
    return this.poker;
  }

  render() {
    const f = this.facts();
    const poker = f.poker ? this.pokerView() : null;
    showGame(f.poker ? "poker_dice" : "dice1000");
    this.renderRoom(f);
    this.renderJoin(f);
    this.renderPlayers(f);
    if (poker) {
      poker.renderTurn(f);
      this.renderActions();
      this.renderEvents(f, asArray(f.game.turns).length);
      this.el.advice.hidden = true;
      poker.renderSheet(f);
    } else {
      this.renderTurn(f);
      this.renderActions();
      this.renderEvents(f);
      this.renderAdvice(f);
      this.renderSheet(f);
    }
    this.renderOver(f);
    this.renderChatNote(f);
    this.renderFair(f);
    this.tick();
    const title = gameName();
    if (f.forName) document.title = `▶ ${t("Entering for: {name}", { name: f.forName })} · ${title}`;
    else document.title = f.mine && !f.over ? `▶ ${t("Your move")} · ${title}` : title;
    this.showEntry(f);
  }

  /**
   * Table dice on a phone: when the faces are to be entered again (the computer's turn is
   * over, another person's begins), the entry is brought into view — once, not while
   * someone reads or writes elsewhere on the page.
   */
  showEntry(f) {
    const entering = f.legal.some((item) => item === "dice");
    const was = this.entering;
    this.entering = entering;
    if (!entering || was || !f.tableDice || typing({ target: document.activeElement })) return;
    const box = this.el.actions.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    this.el.actions.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest", behavior: motionReduced() ? "auto" : "smooth" });
  }

  renderRoom(f) {
    const { room, view, game, you, players, seatOf } = f;
    const title = str(view.rules_title) || rulesTitle(room, null) || gameName();
    this.el.title.textContent = title;
    const status = str(room.status);
    this.el.badge.className = `badge ${status}`;
    this.el.badge.textContent = statusName(status);
    this.el.number.textContent = Number.isInteger(game.number) && game.number > 0 ? t("game {n}", { n: game.number }) : "";
    let role;
    if (you === null) {
      role = this.hasOpenSeat(f) ? t("You are watching. A seat is open.") : t("You are watching.");
    } else {
      const index = players.findIndex((_, i) => seatOf(i) === you);
      const seats = asArray(room.seats);
      const name = index >= 0 ? str(players[index].name) : str(seats[you] && seats[you].name);
      role = name ? t("Your seat: {name}", { name }) : t("You have a seat at this table.");
    }
    const children = [role];
    if (you === null && this.hasOpenSeat(f) && !this.token && this.joinDismissed) {
      children.push(
        " ",
        h(
          "button",
          {
            type: "button",
            class: "link",
            onclick: () => {
              this.joinDismissed = false;
              this.render();
              const input = document.getElementById("join-name");
              if (input) input.focus();
            },
          },
          t("Take the seat"),
        ),
      );
    }
    // The invite link in full while seats are open; later a button copies it (for
    // spectators), keeping the table near the top of a phone's screen.
    const full = status === "waiting" || this.inviteOpen;
    if (!full) {
      children.push(
        " ",
        h("button", { type: "button", class: "link", onclick: () => this.copyInvite() }, t("Copy the invite link")),
      );
    }
    fill(this.el.role, children);
    this.el.invite.hidden = !full;
  }

  hasOpenSeat(f) {
    return f.room.status === "waiting" && asArray(f.room.seats).some((seat) => seat && seat.open);
  }

  renderJoin(f) {
    const offer = f.you === null && !this.token && this.hasOpenSeat(f) && !this.joinDismissed;
    if (!offer) {
      this.el.join.hidden = true;
      this.el.join.replaceChildren();
      return;
    }
    if (!this.el.join.hidden && this.el.join.firstChild) return; // keep what is being typed
    this.el.join.hidden = false;
    const error = h("p", { class: "form-error", role: "alert" });
    const input = h("input", {
      id: "join-name",
      type: "text",
      required: true,
      maxlength: 40,
      autocomplete: "nickname",
      value: store.get(NAME_KEY) || "",
    });
    const button = h("button", { type: "submit", class: "primary" }, t("Take the seat"));
    fill(
      this.el.join,
      h(
        "form",
        {
          class: "panel join-form",
          "aria-labelledby": "join-title",
          onsubmit: async (event) => {
            event.preventDefault();
            const name = input.value.trim();
            if (!name) {
              error.textContent = t("Enter your name.");
              input.focus();
              return;
            }
            button.disabled = true;
            const answer = await api("POST", `/api/rooms/${encodeURIComponent(this.room)}/join`, { name });
            button.disabled = false;
            if (answer.ok && answer.body && typeof answer.body.token === "string") {
              store.set(NAME_KEY, name);
              store.set(tokenKey(this.room), answer.body.token);
              this.token = answer.body.token;
              this.el.join.hidden = true;
              this.el.join.replaceChildren();
              this.reconnect();
              this.el.actions.focus();
              return;
            }
            error.textContent =
              errorMessage(answer.body) ||
              (answer.status === 0 ? t("The server cannot be reached.") : t("The seat could not be taken."));
          },
        },
        h("h2", { id: "join-title" }, t("Join this game")),
        h(
          "div",
          { class: "join-row" },
          h("label", { for: "join-name" }, t("Your name")),
          input,
          button,
          h(
            "button",
            {
              type: "button",
              class: "quiet",
              onclick: () => {
                this.joinDismissed = true;
                this.render();
              },
            },
            t("Just watch"),
          ),
        ),
        error,
      ),
    );
  }

  renderPlayers(f) {
    const { players, room, view, toMove, you, seatOf, game } = f;
    const standings = asArray(view.standings);
    const items = [];
    if (players.length && room.status !== "waiting") {
      players.forEach((player, index) => {
        const bot = player.kind === "bot" || (player.level !== null && player.level !== undefined && player.kind !== "person");
        const connected = bot || player.connected !== false;
        const moving = index === toMove;
        const winner = typeof game.winner === "string" && game.winner === player.name;
        const tags = [];
        if (bot) tags.push(player.level ? t("computer: {level}", { level: levelName(player.level) }) : t("computer"));
        if (seatOf(index) === you) tags.push(t("you"));
        const seat = asArray(room.seats)[seatOf(index)];
        if (seat && seat.local) tags.push(t("at the table, without a phone"));
        if (player.auto) tags.push(t("played by the computer: time ran out"));
        const where = f.poker ? this.handName(player, f) : str(standings[index]);
        items.push(
          h(
            "li",
            {
              class: `player${moving ? " to-move" : ""}${winner ? " winner" : ""}${connected ? "" : " offline"}`,
              "aria-current": moving ? "true" : null,
            },
            h(
              "div",
              { class: "p-head" },
              h("span", { class: `dot ${bot ? "bot" : connected ? "on" : "off"}`, "aria-hidden": "true" }),
              h("span", { class: "p-name" }, str(player.name) || "?"),
              winner ? h("span", { class: "crown", "aria-label": t("winner") }, "★") : null,
              !bot ? h("span", { class: "sr-only" }, connected ? t("(online)") : t("(offline)")) : null,
              moving ? h("span", { class: "sr-only" }, t("to move")) : null,
              moving ? h("span", { class: "p-clock", "data-clock": "1", hidden: true }) : null,
            ),
            h("div", { class: "p-score" }, f.poker ? this.pokerScore(player, f) : number(player.score)),
            tags.length ? h("div", { class: "p-tags" }, tags.join(" · ")) : null,
            where ? h("div", { class: "p-where" }, where) : null,
          ),
        );
      });
    } else {
      asArray(room.seats).forEach((seat, index) => {
        if (!seat) return;
        const bot = seat.kind === "bot";
        items.push(
          h(
            "li",
            { class: `player${seat.open ? " open" : ""}` },
            h(
              "div",
              { class: "p-head" },
              h("span", { class: `dot ${seat.open ? "open-seat" : bot ? "bot" : seat.connected ? "on" : "off"}`, "aria-hidden": "true" }),
              h("span", { class: "p-name" }, seat.open ? t("open seat") : str(seat.name) || "?"),
            ),
            h(
              "div",
              { class: "p-tags" },
              [
                bot ? (seat.level ? t("computer: {level}", { level: levelName(seat.level) }) : t("computer")) : null,
                index === you ? t("you") : null,
                seat.local ? t("at the table, without a phone") : null,
              ]
                .filter(Boolean)
                .join(" · "),
            ),
          ),
        );
      });
    }
    fill(this.el.players, items);
    this.el.players.dataset.count = String(items.length);
  }

  /** Poker dice: a player's total, or in the ranking game the dice of their hand. */
  pokerScore(player, f) {
    if (f.game.sheet !== "ranking") return number(player.total);
    const dice = asArray(player.dice).filter(isFace);
    return dice.length ? h("span", { class: "p-hand", role: "img", "aria-label": faces(dice) }, dice.map((face) => die(face, "small"))) : "—";
  }

  handName(player, f) {
    const hands = f.view.hands && typeof f.view.hands === "object" ? f.view.hands : {};
    return f.game.sheet === "ranking" && typeof player.hand === "string" ? str(hands[player.hand]) || player.hand : "";
  }

  renderWaiting(f) {
    const open = asArray(f.room.seats).filter((seat) => seat && seat.open).length;
    fill(
      this.el.waiting,
      h(
        "div",
        { class: "panel" },
        h("h2", null, t("Waiting for players")),
        h("p", null, t("The game starts when every seat is taken. Open seats: {n}.", { n: open })),
        f.you !== null ? h("p", { class: "muted" }, t("Send the invite link above to whoever you want to play with.")) : null,
      ),
    );
  }

  renderTurn(f) {
    const { room, players, turn, toMove, over, game, view } = f;
    const waiting = room.status === "waiting";
    this.el.waiting.hidden = !waiting;
    this.el.turn.hidden = waiting;
    if (waiting) {
      this.renderWaiting(f);
      return;
    }
    const mover = players[toMove];
    let title;
    if (over) {
      title = t("The game is over.");
    } else if (mover) {
      title = game.thinking ? t("Now playing: {name}…", { name: str(mover.name) }) : t("Now playing: {name}", { name: str(mover.name) });
    } else {
      title = "";
    }
    fill(
      this.el.turnTitle,
      title,
      !over && game.thinking ? h("span", { class: "thinking", "aria-label": t("thinking") }, h("i"), h("i"), h("i")) : null,
    );

    const solving = str(view.solving);
    if (this.el.solving.textContent !== solving) this.el.solving.textContent = solving;
    this.el.solving.hidden = !solving;

    const throws = turn ? asArray(turn.throws).filter(Array.isArray) : [];
    const last = turn && turn.last && typeof turn.last === "object" ? turn.last : null;
    const ended = turn ? str(turn.ended) : "";
    const owner = turn && Number.isInteger(turn.player) ? players.find((p, i) => (Number.isInteger(p.seat) ? p.seat : i) === turn.player) : null;
    const dice = last && Array.isArray(last.dice) ? last.dice.filter(isFace) : throws.length ? throws[throws.length - 1].filter(isFace) : [];
    const aside = asideBeforeLast(turn, dice, last, ended);
    const left = turn && Number.isInteger(turn.dice_left) ? turn.dice_left : 5;
    const rows = [];
    let thrownNodes = [];
    const entering = f.legal.some((item) => item === "dice");
    if (!dice.length && entering) {
      // the dice in the hand are the entry's empty slots, right below
    } else if (!dice.length) {
      const count = left > 0 && left <= 5 ? left : 5;
      thrownNodes = Array.from({ length: count }, () => die(null));
      rows.push(this.diceRow(t("In the hand"), thrownNodes, t("Dice in the hand: {n}", { n: count }), "hand"));
    } else {
      const scoring = scoringPositions(dice, last ? last.combinations : []);
      const bust = ended === "bust" || (last && last.points === 0 && scoring.size === 0);
      thrownNodes = dice.map((face, index) =>
        die(face, scoring.has(index) ? "scoring" : bust ? "bust" : "dead"),
      );
      const label = ended && owner ? t("Last throw of {name}", { name: str(owner.name) }) : t("Last throw");
      rows.push(this.diceRow(label, thrownNodes, `${label}: ${faces(dice)}`, "thrown"));
    }
    if (aside.length) {
      rows.push(
        this.diceRow(
          t("Set aside"),
          aside.map((face) => die(face, "aside")),
          `${t("Set aside")}: ${faces(aside)}`,
          "aside",
        ),
      );
    }
    fill(this.el.dice, rows);

    const key = `${game.number}|${turn ? turn.player : ""}|${throws.length}|${faces(dice)}|${ended}`;
    const fresh = this.throwKey !== null && key !== this.throwKey && dice.length > 0 && (throws.length > 0 || last);
    const previous = this.throwKey;
    this.throwKey = key;
    // real dice were thrown on the table: only the computer's, drawn here, tumble
    const entered = f.tableDice && owner && owner.kind !== "bot";
    if (fresh && previous !== null && !this.sameThrow(previous, key) && !entered) roll(thrownNodes, dice);

    let total = turn && Number.isFinite(turn.total) ? turn.total : 0;
    if (ended && ended !== "bust" && owner) {
      // turn.total is already the next turn's (0): a recorded turn shows what it recorded
      const done = asArray(game.turns).filter((item) => item && typeof item === "object");
      const summary = done[done.length - 1];
      if (summary && summary.player === owner.name && Number.isFinite(summary.points)) total = summary.points;
    }
    fill(
      this.el.total,
      h("span", { class: "label" }, ended ? t("The turn's total") : t("Turn total")),
      h("span", { class: `value${ended === "bust" ? " lost" : ""}` }, number(total)),
      !ended && turn && !turn.choosing && dice.length && left > 0 ? h("span", { class: "left muted" }, t("Dice left: {n}", { n: left })) : null,
    );

    const combos = last ? asArray(last.combinations).filter((c) => c && typeof c === "object") : [];
    // The chips below say what the summary says; it stays for screen readers, which
    // hear it on every throw (aria-live), and shows when nothing scored.
    this.el.summary.textContent = str(view.throw_summary);
    this.el.summary.hidden = !this.el.summary.textContent;
    this.el.summary.classList.toggle("sr-only", combos.length > 0);
    fill(
      this.el.combos,
      combos.map((combo) =>
        h(
          "li",
          { class: "combo" },
          h("span", { class: "combo-name" }, str(combo.name).replace(/_/g, " ")),
          /\d/.test(str(combo.name)) ? null : h("span", { class: "combo-dice" }, faces(asArray(combo.dice))),
          h("span", { class: "combo-points" }, Number.isFinite(combo.points) ? `+${combo.points}` : ""),
        ),
      ),
    );
    this.el.combos.hidden = !combos.length;
  }

  /** Whether two throw keys are the same throw told apart only by how the turn ended. */
  sameThrow(a, b) {
    return a.split("|").slice(0, 4).join("|") === b.split("|").slice(0, 4).join("|");
  }

  diceRow(label, nodes, spoken, kind) {
    return h(
      "div",
      { class: `dice-row ${kind}` },
      h("div", { class: "dice-label", "aria-hidden": "true" }, label),
      h("div", { class: "dice", role: "img", "aria-label": spoken }, nodes),
    );
  }

  renderActions() {
    if (!this.state) return;
    const f = this.facts();
    if (f.poker) {
      this.pokerView().renderActions(f);
      return;
    }
    const { legal, refusals, you, mine, over, room, acting } = f;
    const focused = document.activeElement;
    const hadFocus = focused && this.el.actions.contains(focused) ? focused.dataset.act || "" : null;
    const has = (name) => legal.some((item) => item === name);
    const buttons = [];
    const choices = [];
    const busy = Boolean(this.pending) || this.connection !== "open";
    const entering = has("dice");
    if (you !== null && !over && room.status !== "waiting") {
      const showDecide = has("throw") || has("stop") || "throw" in refusals || "stop" in refusals;
      if (showDecide && !entering) {
        for (const name of ["throw", "stop"]) {
          if (name === "throw" && f.tableDice) continue; // the faces are entered instead
          buttons.push(this.decideButton(name, f, busy));
        }
      }
      const keeps = legal.filter((item) => item && typeof item === "object" && Array.isArray(item.keep));
      if (keeps.length) {
        choices.push(h("p", { class: "choices-title" }, t("Choose the dice to set aside:")));
        choices.push(
          h(
            "div",
            { class: "keep-list" },
            keeps.map((item, index) =>
              h(
                "button",
                {
                  type: "button",
                  class: "keep",
                  dataset: { act: actionKey(item) },
                  "aria-disabled": busy ? "true" : null,
                  "aria-keyshortcuts": index < 9 ? String(index + 1) : null,
                  "aria-label": t("Set aside {dice}", { dice: faces(item.keep) }),
                  onclick: () => this.act("keep", { dice: item.keep.slice() }),
                },
                index < 9 ? h("kbd", { "aria-hidden": "true" }, String(index + 1)) : null,
                h("span", { class: "keep-dice", "aria-hidden": "true" }, item.keep.filter(isFace).map((face) => die(face, "small"))),
                h("span", { class: "keep-text", "aria-hidden": "true" }, faces(item.keep)),
              ),
            ),
          ),
        );
      }
      if (entering) choices.push(this.entryPanel(f, busy));
      const me = f.players.find((_, i) => f.seatOf(i) === you);
      if (me && me.auto && !over) {
        choices.unshift(
          h("p", { class: "auto-note" }, t("Your time ran out: the computer is playing for you. Make a move to take your seat back.")),
        );
      }
      if (!buttons.length && !choices.length) {
        choices.push(h("p", { class: "muted wait" }, mine ? t("One moment…") : t("Waiting for your turn.")));
      }
      if (has("undo")) choices.push(this.undoButton(f, busy));
    }
    const who = you !== null && f.forName ? t("Entering for: {name}", { name: f.forName }) : "";
    if (this.el.who.textContent !== who) this.el.who.textContent = who;
    this.el.who.hidden = !who;
    fill(this.el.buttons, buttons);
    fill(this.el.choices, choices);
    this.el.actions.classList.toggle("mine", acting);
    this.el.actions.hidden = over || room.status === "waiting" || you === null;
    if (hadFocus !== null) {
      // a face that filled the entry hands the focus to "That's it" (Enter sends)
      const wanted = /^face:/.test(hadFocus) && this.entry.length === this.need(f) ? "entry-done" : hadFocus;
      const again = wanted ? this.el.actions.querySelector(`[data-act="${CSS.escape(wanted)}"]`) : null;
      if (again && !again.disabled) again.focus();
      else if (!this.el.actions.hidden) this.el.actions.focus();
    }
  }

  /** The throw or stop button, the server's words on it, and why it is closed if it is. */
  decideButton(name, f, busy) {
    const { legal, refusals, view } = f;
    const labels = view.labels && typeof view.labels === "object" ? view.labels : {};
    const allowed = legal.some((item) => item === name);
    const reason = !allowed ? str(refusals[name]) : "";
    const reasonId = `refusal-${name}`;
    const fallback = name === "throw" ? t("Throw") : t("Stop");
    return h(
      "div",
      { class: `action action-${name}` },
      h(
        "button",
        {
          type: "button",
          class: `big act-${name}`,
          dataset: { act: name },
          disabled: !allowed,
          "aria-disabled": busy ? "true" : null,
          "aria-keyshortcuts": name === "throw" ? "T Space" : "S",
          "aria-describedby": reason ? reasonId : null,
          onclick: () => this.act(name),
        },
        h("span", { class: "act-label" }, str(labels[name]) || fallback),
        h("kbd", { "aria-hidden": "true" }, name === "throw" ? `T · ${t("Space")}` : "S"),
      ),
      reason ? h("p", { class: "refusal", id: reasonId }, reason) : null,
    );
  }

  /**
   * Table dice: the faces that fell are entered — a big button for each face, the dice in
   * the hand as slots that fill up (tap a die to take it out), "That's it" once every die
   * is entered; the stop beside it. Keys: 1–6 add, Backspace takes the last out, Enter sends.
   */
  entryPanel(f, busy) {
    const need = this.need(f);
    if (this.entry.length > need) this.entry.length = need;
    const complete = this.entry.length === need;
    // no stop before the turn's first throw: nothing to record yet, and a phone's screen is short
    const started = f.turn && !f.turn.ended && asArray(f.turn.throws).length > 0;
    const stop = f.legal.some((item) => item === "stop") || ("stop" in f.refusals && started);
    const stopNode = stop ? this.decideButton("stop", f, busy) : null;
    // why the stop is closed, under both buttons (a half-width column is narrow on a phone)
    const reason = stopNode ? stopNode.querySelector(".refusal") : null;
    if (reason) reason.remove();
    const slots = Array.from({ length: need }, (_, index) => {
      const face = this.entry[index];
      if (!isFace(face)) return h("span", { class: "slot empty", "aria-hidden": "true" }, die(null));
      return h(
        "button",
        {
          type: "button",
          class: "slot filled",
          dataset: { act: `slot:${index}` },
          "aria-label": t("Take out the die {face}", { face }),
          onclick: () => {
            if (this.pending) return;
            this.entry.splice(index, 1);
            this.renderActions();
          },
        },
        die(face),
      );
    });
    return h(
      "div",
      { class: "entry", role: "group", "aria-labelledby": "entry-title" },
      h("p", { class: "choices-title", id: "entry-title" }, t("Enter the faces that fell (dice: {n}):", { n: need })),
      h(
        "div",
        { class: "slots", dataset: { count: String(need) } },
        slots,
        h(
          "span",
          { class: "sr-only", role: "status" },
          this.entry.length ? t("Entered: {dice}", { dice: faces(this.entry) }) : t("No faces entered yet."),
        ),
      ),
      h(
        "div",
        { class: "face-buttons" },
        [1, 2, 3, 4, 5, 6].map((face) =>
          h(
            "button",
            {
              type: "button",
              class: "face",
              dataset: { act: `face:${face}` },
              disabled: complete,
              "aria-disabled": busy ? "true" : null,
              "aria-label": t("Face {n}", { n: face }),
              "aria-keyshortcuts": String(face),
              onclick: () => this.addFace(face),
            },
            die(face),
          ),
        ),
      ),
      h(
        "div",
        { class: `entry-decide${stop ? "" : " alone"}` },
        stopNode,
        h(
          "div",
          { class: "action" },
          h(
            "button",
            {
              type: "button",
              class: "big primary entry-done",
              dataset: { act: "entry-done" },
              disabled: !complete,
              "aria-disabled": busy ? "true" : null,
              "aria-keyshortcuts": "Enter",
              onclick: () => this.submitEntry(),
            },
            h("span", { class: "act-label" }, t("That's it")),
            h("kbd", { "aria-hidden": "true" }, "Enter"),
          ),
        ),
        reason,
      ),
    );
  }

  addFace(face) {
    if (this.pending || !this.state) return;
    if (this.entry.length < this.need(this.facts())) this.entry.push(face);
    this.say(""); // a refusal shown is about an entry being corrected now
    this.renderActions();
  }

  submitEntry() {
    if (this.pending || !this.state) return;
    if (this.entry.length !== this.need(this.facts())) return;
    const dice = this.entry.slice();
    this.act("dice", { dice });
    if (this.pending) {
      this.sentEntry = dice;
      this.entry = [];
      this.renderActions();
    }
  }

  /** Table dice: take back the last throw entered, until anyone decides anything. */
  undoButton(f, busy) {
    const last = f.turn && f.turn.last && Array.isArray(f.turn.last.dice) ? f.turn.last.dice.filter(isFace) : [];
    return h(
      "button",
      {
        type: "button",
        class: "undo-throw",
        dataset: { act: "undo" },
        "aria-disabled": busy ? "true" : null,
        "aria-keyshortcuts": "U",
        onclick: () => this.undoThrow(),
      },
      h("span", { "aria-hidden": "true" }, "↶"),
      h("span", null, t("Undo the last throw")),
      last.length ? h("span", { class: "undo-dice", "aria-hidden": "true" }, last.map((face) => die(face, "small"))) : null,
      h("kbd", { "aria-hidden": "true" }, "U"),
    );
  }

  undoThrow() {
    if (this.pending || !this.state) return;
    const f = this.facts();
    if (!f.legal.some((item) => item === "undo")) return;
    const last = f.turn && f.turn.last && Array.isArray(f.turn.last.dice) ? f.turn.last.dice.filter(isFace) : [];
    this.act("undo");
    if (this.pending) this.refill = last.length ? last : null;
  }

  /**
   * How turns ended, as a running log: view.events tells the last turn's end until the
   * next throw; each new telling is appended (never redrawn, so a screen reader hears
   * it once), the latest ones in bold. A new game or language starts it afresh.
   */
  /**
   * How the last turns ended, the latest marked, the list kept short. `turn` tells apart
   * the same lines said again by another turn (poker dice: its number of turns).
   */
  renderEvents(f, turn = null) {
    const lines = asArray(f.view.events).map(str).filter(Boolean);
    const context = `${f.game.number}|${lang()}`;
    if (this.shown.eventsContext !== context) {
      this.shown.eventsContext = context;
      this.shown.events = "";
      this.el.events.replaceChildren();
    }
    const key = turn === null ? lines.join("\n") : `${lines.join("\n")}|${turn}`;
    if (lines.length && this.shown.events !== key) {
      this.shown.events = key;
      for (const item of this.el.events.querySelectorAll("li.latest")) item.classList.remove("latest");
      for (const line of lines) this.el.events.append(h("li", { class: "latest" }, line));
      while (this.el.events.children.length > EVENTS_KEPT) this.el.events.firstElementChild.remove();
      this.el.events.scrollTop = this.el.events.scrollHeight;
    }
    this.el.events.parentElement.hidden = !this.el.events.children.length;
  }

  renderAdvice(f) {
    const { view } = f;
    const advice = asArray(view.advice).filter((item) => item && typeof item === "object");
    const note = str(view.advice_note) === str(view.solving) ? "" : str(view.advice_note);
    if (!advice.length && !note) {
      this.el.advice.hidden = true;
      this.el.advice.replaceChildren();
      this.shown.advice = "";
      return;
    }
    const key = JSON.stringify([advice, note]);
    this.el.advice.hidden = false;
    if (this.shown.advice === key) return;
    this.shown.advice = key;
    fill(
      this.el.advice,
      h("h2", { id: "advice-title" }, t("Winning chances")),
      advice.length
        ? h(
            "ul",
            { class: "advice-list" },
            advice.map((item) => {
              const chance = Number.isFinite(item.chance) ? Math.max(0, Math.min(1, item.chance)) : null;
              return h(
                "li",
                { class: item.best ? "best" : "" },
                h("span", { class: "advice-text" }, str(item.text)),
                chance !== null
                  ? h("span", { class: "meter", "aria-hidden": "true" }, h("span", { style: `width: ${(chance * 100).toFixed(1)}%` }))
                  : null,
              );
            }),
          )
        : null,
      note ? h("p", { class: "muted small" }, note) : null,
    );
  }

  renderOver(f) {
    const { over, game, you } = f;
    this.el.over.hidden = !over;
    if (!over) {
      this.el.over.replaceChildren();
      this.shown.over = "";
      return;
    }
    const number = Number.isInteger(game.number) ? game.number : 0;
    const asked = this.rematchAsked === number;
    const rematch = asArray(f.room.rematch);
    const key = JSON.stringify([game.winner, number, asked, you, rematch, lang()]);
    if (this.shown.over === key) return;
    this.shown.over = key;
    const winner = str(game.winner);
    const askedNames = rematch
      .map((seat) => {
        const index = f.players.findIndex((_, i) => f.seatOf(i) === seat);
        return index >= 0 ? str(f.players[index].name) : "";
      })
      .filter(Boolean);
    fill(
      this.el.over,
      h("h2", { id: "over-title" }, winner ? t("Winner: {name}.", { name: winner }) : str(f.view.result) || t("The game is over.")),
      h(
        "div",
        { class: "over-buttons" },
        you !== null
          ? h(
              "button",
              {
                type: "button",
                class: "primary big",
                disabled: asked,
                onclick: () => {
                  if (this.send({ type: "rematch" })) {
                    this.rematchAsked = number;
                    this.shown.over = "";
                    this.renderOver(this.facts());
                    this.say(t("Asked for a rematch: the next game starts when every player has asked."));
                  }
                },
              },
              asked ? t("Rematch asked") : t("Rematch"),
            )
          : null,
        h(
          "a",
          {
            class: "button",
            href: `/api/rooms/${encodeURIComponent(this.room)}/record${number ? `?number=${number}` : ""}`,
            download: `thousand-${this.room}${number ? `-${number}` : ""}.json`,
          },
          t("Download the record"),
        ),
        h("a", { class: "button quiet", href: "/" }, t("To the lobby")),
      ),
      askedNames.length ? h("p", { class: "muted" }, t("Asked for a rematch: {names}", { names: askedNames.join(", ") })) : null,
    );
  }

  renderSheet(f) {
    const { view, toMove, players } = f;
    const sheet = view.sheet && typeof view.sheet === "object" ? view.sheet : null;
    const names = sheet ? asArray(sheet.players).map(str) : players.map((p) => str(p.name));
    const rounds = sheet ? asArray(sheet.rounds).filter(Array.isArray) : [];
    const key = JSON.stringify([names, rounds, toMove, lang()]);
    if (this.shown.sheet === key) return;
    this.shown.sheet = key;
    const wrap = this.el.sheet;
    const atBottom = wrap.scrollHeight - wrap.scrollTop - wrap.clientHeight < 24;
    if (!names.length) {
      fill(wrap, h("p", { class: "muted" }, t("The sheet fills in as the game goes.")));
      return;
    }
    const movingName = players[toMove] ? players[toMove].name : null;
    const table = h(
      "table",
      { class: "sheet-table" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col", class: "round" }, h("span", { "aria-hidden": "true" }, "#"), h("span", { class: "sr-only" }, t("Round"))),
          names.map((name) => h("th", { scope: "col", class: name === movingName ? "moving" : "" }, name)),
        ),
      ),
      h(
        "tbody",
        null,
        rounds.length
          ? rounds.map((row, index) =>
              h(
                "tr",
                null,
                h("th", { scope: "row", class: "round" }, String(index + 1)),
                names.map((name, column) => h("td", { class: name === movingName ? "moving" : "" }, str(row[column]))),
              ),
            )
          : h("tr", null, h("td", { colspan: names.length + 1, class: "muted" }, t("The sheet fills in as the game goes."))),
      ),
    );
    fill(wrap, table);
    if (atBottom || !this.shown.sheetScrolled) {
      wrap.scrollTop = wrap.scrollHeight;
      this.shown.sheetScrolled = true;
    }
  }

  renderFair(f) {
    const { game, room } = f;
    const commitment = str(game.dice_commitment);
    const seed = str(game.dice_seed);
    const options = room.options && typeof room.options === "object" ? room.options : {};
    const parts = [];
    const table = options.dice === "table" || game.dice === "table";
    if (table) {
      parts.push(h("span", null, t("Real dice: the players enter the faces.")));
    }
    if (commitment && !table) {
      parts.push(
        h(
          "span",
          {
            class: "commitment",
            title: t("The dice come from a secret seed drawn when the game began; this is its SHA-256. The seed is shown when the game is over, and “thousand verify” checks every throw against it."),
            tabindex: "0",
          },
          t("Dice commitment: {hash}", { hash: `${commitment.slice(0, 12)}…` }),
        ),
      );
    }
    if (seed) parts.push(h("span", { class: "seed" }, t("Dice seed: {seed}", { seed })));
    if (Number.isInteger(room.spectators) && room.spectators > 0) {
      parts.push(h("span", null, t("Spectators: {n}", { n: room.spectators })));
    }
    const key = JSON.stringify([commitment, seed, table, room.spectators, lang()]);
    if (this.shown.fair === key) return;
    this.shown.fair = key;
    fill(this.el.fair, parts);
    if (commitment && !table) {
      this.el.fair.append(h("span", { class: "sr-only" }, t("The dice come from a secret seed drawn when the game began; this is its SHA-256. The seed is shown when the game is over, and “thousand verify” checks every throw against it.")));
    }
  }

  /** Once a second: the clock of the player to move. */
  tick() {
    if (!this.state || !this.el) return;
    const game = this.state.game && typeof this.state.game === "object" ? this.state.game : {};
    const deadline = str(game.deadline);
    const clock = this.el.players.querySelector("[data-clock]");
    if (!clock) return;
    const at = deadline ? Date.parse(deadline) : NaN;
    if (Number.isNaN(at)) {
      clock.hidden = true;
      return;
    }
    const left = at - (Date.now() + this.skew);
    clock.hidden = false;
    clock.textContent = clockText(left);
    clock.setAttribute("aria-label", t("Time left: {time}", { time: clockText(left) }));
    clock.classList.toggle("low", left < 10000);
  }

  // -- chat -------------------------------------------------------------------

  addChat(message, draw = true) {
    if (!message || typeof message.text !== "string") return;
    const key = `${str(message.at)}|${message.seat}|${str(message.name)}|${message.text}`;
    if (this.chatSeen.has(key)) return;
    this.chatSeen.add(key);
    this.chat.push(message);
    if (this.chat.length > CHAT_KEEP) this.chat.splice(0, this.chat.length - CHAT_KEEP);
    if (draw) this.renderChat();
    else window.queueMicrotask(() => this.renderChat());
  }

  renderChat() {
    if (!this.el) return;
    const list = this.el.chatList;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const you = this.state && Number.isInteger(this.state.you) ? this.state.you : null;
    fill(
      list,
      this.chat.length
        ? this.chat.map((message) => {
            const at = Date.parse(str(message.at));
            const time = Number.isNaN(at)
              ? ""
              : new Date(at).toLocaleTimeString(lang() === "ru" ? "ru-RU" : "en-GB", { hour: "2-digit", minute: "2-digit" });
            const seated = Number.isInteger(message.seat);
            return h(
              "li",
              { class: `chat-line${seated && message.seat === you ? " mine" : ""}${seated ? "" : " spectator"}` },
              time ? h("time", { datetime: str(message.at), class: "muted" }, time) : null,
              h("span", { class: "chat-name" }, str(message.name) || t("spectator")),
              h("span", { class: "chat-text" }, message.text),
            );
          })
        : h("li", { class: "muted empty" }, t("No messages yet.")),
    );
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  renderChatNote(f) {
    const options = f.room.options && typeof f.room.options === "object" ? f.room.options : {};
    const muted = f.you === null && options.mute_spectators === true;
    this.el.chatInput.disabled = muted;
    this.el.chatForm.querySelector("button").disabled = muted;
    this.el.chatNote.textContent = muted ? t("Spectators may not write in this room's chat.") : "";
    this.el.chatNote.hidden = !muted;
  }

  sendChat() {
    const text = this.el.chatInput.value.trim();
    if (!text) return;
    if (text.length > CHAT_MAX) {
      this.say(t("A message is at most {n} characters.", { n: CHAT_MAX }));
      return;
    }
    if (this.send({ type: "chat", text })) this.el.chatInput.value = "";
  }

  // -- keys -------------------------------------------------------------------

  onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
    if (!this.state) return;
    const f = this.facts();
    const key = event.key;
    const lower = typeof key === "string" ? key.toLowerCase() : "";
    const onControl = event.target instanceof Element && event.target.closest("button, a, summary, [role='button']");
    if (f.poker) {
      this.pokerView().onKey(event, f);
      return;
    }
    const has = (name) => f.legal.some((item) => item === name);
    if (has("dice")) {
      const need = this.need(f);
      if (/^[1-6]$/.test(key)) {
        this.addFace(Number(key)); // a seventh die is not taken: the entry is full
        event.preventDefault();
        return;
      }
      if (key === "Backspace") {
        if (!this.pending && this.entry.length) {
          this.entry.pop();
          this.renderActions();
        }
        event.preventDefault();
        return;
      }
      if (key === "Enter" && !onControl && this.entry.length === need) {
        this.submitEntry();
        event.preventDefault();
        return;
      }
    }
    if ((event.code === "KeyU" || lower === "u" || lower === "г") && has("undo")) {
      this.undoThrow();
      event.preventDefault();
      return;
    }
    const throwKey = event.code === "KeyT" || lower === "t" || lower === "е" || (key === " " && !onControl);
    if (throwKey && has("throw")) {
      this.act("throw");
      event.preventDefault();
      return;
    }
    const stopKey = event.code === "KeyS" || lower === "s" || lower === "ы";
    if (stopKey && has("stop")) {
      this.act("stop");
      event.preventDefault();
      return;
    }
    if (/^[1-9]$/.test(key)) {
      const keeps = f.legal.filter((item) => item && typeof item === "object" && Array.isArray(item.keep));
      const item = keeps[Number(key) - 1];
      if (item) {
        this.act("keep", { dice: item.keep.slice() });
        event.preventDefault();
      }
    }
  }
}
