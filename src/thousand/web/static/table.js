// A table: the game in a room, live over a WebSocket — the page's frame.
//
// The server sends the whole state after every change ({"type": "state", "seq", "room",
// "game", "you"}) and the page draws it; an action carries the seq it was taken on, so
// a double click or a stale screen never acts twice. Everything the game says in words
// (the sheet, the standings, how a turn ended, the advisor) comes already written in the
// connection's language in game.view; the page only lays it out.
//
// The frame is what every game's table has: the room bar and invite link, taking a seat,
// the players and the clock of the one to move, the turn's title, how the turns ended,
// the end of a game and the rematch, the fairness footer and the keys common to all.
// The connection is connection.js's, the chat chat.js's; the game's own parts (its dice,
// actions, sheet and keys) are its view's, chosen by the game's name (views/index.js).

import { gameName, showGame } from "./brand.js";
import { Chat } from "./chat.js";
import { Connection } from "./connection.js";
import { api, asArray, errorMessage, fill, h, store, str, typing } from "./dom.js";
import { lang, t } from "./i18n.js";
import { levelName } from "./games.js";
import { postAsPlayer } from "./player_key.js";
import { rulesTitle, statusName } from "./lobby.js";
import { VIEWS, gameOf } from "./views/index.js";

const NAME_KEY = "thousand.name";
const EVENTS_KEPT = 40;

const tokenKey = (room) => `thousand.token.${room}`;

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export class Table {
  constructor(root, room) {
    this.root = root;
    this.room = room;
    this.token = store.get(tokenKey(room));
    this.state = null;
    this.link = new Connection(room, {
      token: () => this.token,
      message: (message) => this.receive(message),
      status: (changed) => {
        this.renderConnection();
        if (changed && this.state && this.el) this.renderActions();
      },
      gone: () => this.renderGone(),
      idle: () => {
        if (this.state) this.renderActions();
      },
      unsent: () => this.say(t("Not connected: the action was not sent.")),
    });
    this.chat = new Chat(this);
    this.rematchAsked = null;
    this.joinDismissed = false;
    this.skew = 0;
    this.status = "";
    this.shown = {};
    this.game = null; // the name of the game drawn, and its view
    this.gameView = null;
  }

  /** An action sent and not yet answered ("throw", …), or null. */
  get pending() {
    return this.link.pending;
  }

  /** The connection: "connecting", "open" or "reconnecting". */
  get connection() {
    return this.link.status;
  }

  start() {
    this.build();
    document.addEventListener("keydown", (event) => this.onKey(event));
    window.setInterval(() => this.tick(), 1000);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && !this.link.active() && !this.link.gone) this.link.connect();
    });
    if (this.token) {
      this.link.connect();
    } else {
      this.peek().then(() => {
        if (!this.link.gone) this.link.connect();
      });
    }
  }

  languageChanged() {
    this.shown = {};
    if (this.gameView && this.gameView.forget) this.gameView.forget();
    this.build();
    if (this.state) this.render();
    if (this.link.gone) this.renderGone();
    this.link.reconnect();
  }

  /** Without a seat: the room as a spectator sees it, to offer an open seat. */
  async peek() {
    const answer = await api("GET", `/api/rooms/${encodeURIComponent(this.room)}?lang=${lang()}`);
    if (answer.status === 404) {
      this.link.roomGone();
      return;
    }
    if (answer.ok && answer.body && typeof answer.body === "object" && !this.state) {
      this.accept({ ...answer.body, type: "state" });
    }
  }

  receive(message) {
    if (message.type === "state") {
      this.accept(message);
    } else if (message.type === "error") {
      this.onError(message);
    } else if (message.type === "chat") {
      this.chat.add(message);
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
    this.link.clearPending();
    if (fresh) {
      const view = this.view();
      if (view.fresh) view.fresh(this.facts());
    }
    if (Array.isArray(message.chat)) for (const line of message.chat) this.chat.add(line, false);
    this.render();
  }

  onError(message) {
    const code = str(message.code);
    const text = str(message.text) || str(message.message); // text: the engine's reason in the page's language
    if (code === "stale") return; // a fresh state is on its way
    if (code === "bad_token") {
      store.remove(tokenKey(this.room));
      this.token = null;
      this.say(t("This browser's seat in the room is no longer valid: you are watching."));
      if (this.state) this.render();
      return;
    }
    this.say(text || t("Refused."));
    if (this.gameView && this.gameView.refused) this.gameView.refused();
    if (this.state) this.renderActions();
  }

  /** Send an action on the state shown (nothing while another is unanswered). */
  act(action, extra = {}) {
    if (!this.state) return;
    if (!this.link.act(action, extra, this.state.seq)) return;
    const view = this.view();
    if (view.acted) view.acted(); // a bust held on the table has been seen by whoever moved
    this.say("");
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
    // The table itself: the dice on the felt, the turn's total beside them, and the
    // actions at the felt's edge — one place to look (on a phone the buttons are a bar
    // at the bottom of the screen, within thumb reach).
    el.turn = h(
      "section",
      { class: "panel turn", "aria-labelledby": "turn-title" },
      h(
        "div",
        { class: "felt" },
        el.turnTitle,
        el.solving,
        el.total,
        el.dice,
        el.summary,
        el.combos,
      ),
      el.actions,
    );
    el.over = h("section", { class: "panel over", hidden: true, "aria-labelledby": "over-title" });
    el.events = h("ol", { class: "events", tabindex: "0", "aria-live": "polite", "aria-labelledby": "events-title" });
    el.advice = h("section", { class: "panel advice", hidden: true, "aria-labelledby": "advice-title" });
    el.sheet = h("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-labelledby": "sheet-title" });
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
          (el.games = h("nav", { class: "room-games", "aria-label": t("Finished games"), hidden: true })),
        ),
        el.join,
        (el.grid = h(
          "div",
          { class: "table-grid" },
          h(
            "div",
            { class: "play" },
            el.over,
            h(
              "section",
              { class: "players-box", "aria-label": t("Players") },
              el.players,
              // where the sheet is below the table (a phone), one tap takes the player there
              h("a", { class: "to-sheet", href: "#sheet" }, t("Score sheet")),
            ),
            el.waiting,
            el.turn,
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
            (el.sheetPanel = h("section", { class: "panel sheet", id: "sheet", tabindex: "-1" }, h("h2", { id: "sheet-title" }, t("Score sheet")), el.sheet)),
            this.chat.build(),
          ),
        )),
        el.fair,
      ),
    );
    this.renderConnection();
    this.chat.render();
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
    // to_move: the mover's name, or (card Thousand) {"seat", "phase"}
    const moverSeat = game.to_move && typeof game.to_move === "object" && Number.isInteger(game.to_move.seat) ? game.to_move.seat : null;
    let toMove = players.findIndex((p, index) =>
      moverSeat !== null ? seatOf(index) === moverSeat : typeof game.to_move === "string" && p.name === game.to_move,
    );
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
    return { state, game, room, view, players, you, seatOf, toMove, over, mine, turn, legal, refusals, acting, forName, tableDice };
  }

  /** The view of the room's game (views/index.js), made when the first state says which. */
  view() {
    const game = gameOf(this.state && this.state.game ? this.state.game.game : undefined);
    if (this.game !== game || !this.gameView) {
      this.game = game;
      this.gameView = new VIEWS[game].Table(this);
    }
    return this.gameView;
  }

  render() {
    const f = this.facts();
    const view = this.view();
    if (view.layout) {
      this.el.grid.classList.add(view.layout);
      this.el.sheetPanel.classList.add(view.layout);
    }
    showGame(this.game);
    this.renderRoom(f);
    this.renderJoin(f);
    this.renderPlayers(f);
    this.renderTurn(f);
    this.renderActions();
    if (view.renderEvents) view.renderEvents(f); // a game that keeps its own log
    else this.renderEvents(f, view.eventsTurn ? view.eventsTurn(f) : null);
    view.renderAdvice(f);
    view.renderSheet(f);
    this.renderOver(f);
    this.renderGames(f);
    this.chat.renderNote(f);
    this.renderFair(f);
    this.tick();
    const title = gameName();
    if (f.forName) document.title = `▶ ${t("Entering for: {name}", { name: f.forName })} · ${title}`;
    else document.title = f.mine && !f.over ? `▶ ${t("Your move")} · ${title}` : title;
    if (view.afterRender) view.afterRender(f);
  }

  renderRoom(f) {
    const { room, view, game, you, players, seatOf } = f;
    const title = str(view.rules_title) || rulesTitle(room) || gameName();
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
            const answer = await postAsPlayer(`/api/rooms/${encodeURIComponent(this.room)}/join`, { name });
            button.disabled = false;
            if (answer.ok && answer.body && typeof answer.body.token === "string") {
              store.set(NAME_KEY, name);
              store.set(tokenKey(this.room), answer.body.token);
              this.token = answer.body.token;
              this.el.join.hidden = true;
              this.el.join.replaceChildren();
              this.link.reconnect();
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
    const { players, room, toMove, you, seatOf, game } = f;
    const view = this.view();
    const items = [];
    if (players.length && room.status !== "waiting") {
      players.forEach((player, index) => {
        const bot = player.kind === "bot" || (player.level !== null && player.level !== undefined && player.kind !== "person");
        const connected = bot || player.connected !== false;
        const moving = index === toMove;
        const winner = Number.isInteger(game.winner) ? seatOf(index) === game.winner : typeof game.winner === "string" && game.winner === player.name;
        const tags = [];
        if (bot) tags.push(player.level ? t("computer: {level}", { level: levelName(player.level) }) : t("computer"));
        if (seatOf(index) === you) tags.push(t("you"));
        const seat = asArray(room.seats)[seatOf(index)];
        if (seat && seat.local) tags.push(t("at the table, without a phone"));
        if (player.auto) tags.push(t("played by the computer: time ran out"));
        const where = view.playerWhere(player, index, f);
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
            h("div", { class: "p-score" }, view.playerScore(player, f)),
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

  /** The turn's title (who is playing, thinking…), then the game's own drawing of it. */
  renderTurn(f) {
    const { room, players, toMove, over, game, view } = f;
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
    this.view().renderTurn(f);
  }

  /** The actions open now: the game's view draws them. */
  renderActions() {
    if (!this.state) return;
    this.view().renderActions(this.facts());
  }

  /**
   * How turns ended, as a running log: view.events tells the last turn's end until the
   * next throw; each new telling is appended (never redrawn, so a screen reader hears
   * it once), the latest ones in bold, the list kept short. A new game or language
   * starts it afresh. `turn` tells apart the same lines said again by another turn (a
   * view's eventsTurn: poker dice's number of turns).
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
    // the winner's name, or (card Thousand) the winner's seat
    const seated = Number.isInteger(game.winner) ? f.players.find((_, index) => f.seatOf(index) === game.winner) : null;
    const winner = seated ? str(seated.name) : str(game.winner);
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
                  if (this.link.send({ type: "rematch" })) {
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
        number ? h("a", { class: "button", href: this.replayLink(number) }, t("Replay the game")) : null,
        h("a", { class: "button quiet", href: "/" }, t("To the lobby")),
      ),
      askedNames.length ? h("p", { class: "muted" }, t("Asked for a rematch: {names}", { names: askedNames.join(", ") })) : null,
    );
  }


  /** The room's finished games, each a link to its replay (replay.js): every game
   * before the one in play (a rematch starts only once a game is over), and that one
   * once it is over. */
  renderGames(f) {
    const current = Number.isInteger(f.game.number) ? f.game.number : 0;
    const done = f.over ? current : current - 1;
    const key = `${done}|${lang()}`;
    if (!this.el.games || this.shown.games === key) return;
    this.shown.games = key;
    const links = [];
    for (let n = 1; n <= done; n += 1) {
      links.push(h("a", { href: this.replayLink(n) }, t("Game {n} — replay", { n })));
    }
    fill(this.el.games, links.length ? [h("span", { class: "muted" }, t("Finished games:")), " ", ...links] : []);
    this.el.games.hidden = !links.length;
  }

  replayLink(n) {
    return `/r/${encodeURIComponent(this.room)}/games/${n}`;
  }

  renderFair(f) {
    const { game, room } = f;
    const view = this.view(); // a game dealt from a deck words its commitment itself
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
            title: (view.commitmentNote ? view.commitmentNote() : t("The dice come from a secret seed drawn when the game began; this is its SHA-256. The seed is shown when the game is over, and “thousand verify” checks every throw against it.")),
            tabindex: "0",
          },
          view.commitmentText ? view.commitmentText(`${commitment.slice(0, 12)}…`) : t("Dice commitment: {hash}", { hash: `${commitment.slice(0, 12)}…` }),
        ),
      );
    }
    if (seed) parts.push(h("span", { class: "seed" }, view.seedText ? view.seedText(seed) : t("Dice seed: {seed}", { seed })));
    if (Number.isInteger(room.spectators) && room.spectators > 0) {
      parts.push(h("span", null, t("Spectators: {n}", { n: room.spectators })));
    }
    const key = JSON.stringify([commitment, seed, table, room.spectators, lang()]);
    if (this.shown.fair === key) return;
    this.shown.fair = key;
    fill(this.el.fair, parts);
    if (commitment && !table) {
      this.el.fair.append(h("span", { class: "sr-only" }, (view.commitmentNote ? view.commitmentNote() : t("The dice come from a secret seed drawn when the game began; this is its SHA-256. The seed is shown when the game is over, and “thousand verify” checks every throw against it."))));
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


  // -- keys -------------------------------------------------------------------

  /** The game's keys, never while typing or with a modifier: its view's onKey. */
  onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
    if (!this.state) return;
    this.view().onKey(event, this.facts());
  }
}
