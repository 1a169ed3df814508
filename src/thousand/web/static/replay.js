// The replay of a room's finished game: "/r/{room}/games/{number}".
//
// GET /api/rooms/{room}/games/{number}/replay answers the game's frames, one per step (a
// throw, a stop, a box written, a bid, a card played…): each the state the table showed
// then, in the shape of a spectator's `state.game`, with a line telling the step in the
// page's language. The page draws a frame with the game's own table view (views/*.js),
// as a spectator's table read-only: the frame (table.js) with no connection, no seat,
// no chat and no actions — step controls instead (first, back, forward, last, a slider,
// the list of steps, and the keys ← → Home End). The server has replayed the record
// through the game's engine; the page works out nothing of the game.

import { gameName, showGame } from "./brand.js";
import { api, asArray, errorMessage, fill, h, str, typing } from "./dom.js";
import { lang, number as scoreText, t } from "./i18n.js";
import { Table } from "./table.js";

/** The step a page's address asks for (`#step=N`), or null. */
function stepFromHash() {
  const match = /^#step=(\d+)$/.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

export class Replay extends Table {
  constructor(root, room, number) {
    super(root, room);
    this.number = number;
    this.data = null;
    this.frames = [];
    this.at = 0;
    this.loading = true;
    this.failed = "";
  }

  start() {
    this.build();
    document.addEventListener("keydown", (event) => this.onKey(event));
    window.addEventListener("hashchange", () => {
      const step = stepFromHash();
      if (step !== null && step !== this.at) this.go(step);
    });
    this.load();
  }

  async load() {
    this.loading = true;
    const path = `/api/rooms/${encodeURIComponent(this.room)}/games/${encodeURIComponent(this.number)}/replay?lang=${lang()}`;
    const answer = await api("GET", path);
    this.loading = false;
    if (!answer.ok || !answer.body || !Array.isArray(answer.body.frames) || !answer.body.frames.length) {
      const code = answer.body && answer.body.error ? str(answer.body.error.code) : "";
      this.failed =
        code === "not_finished"
          ? t("This game is still being played: its replay opens once it is over.")
          : answer.status === 404
            ? t("There is no such game in this room.")
            : errorMessage(answer.body) || t("The server cannot be reached.");
      this.renderFailed();
      return;
    }
    this.data = answer.body;
    this.frames = answer.body.frames;
    const asked = stepFromHash();
    this.go(asked === null ? 0 : asked, { keepHash: asked === null });
  }

  languageChanged() {
    this.shown = {};
    if (this.gameView && this.gameView.forget) this.gameView.forget();
    const at = this.at;
    this.build();
    this.load().then(() => {
      if (this.frames.length) this.go(at);
    });
  }

  // -- the frame of the page ------------------------------------------------------

  build() {
    super.build();
    const el = this.el;
    // a replay has no seat, no invite, no chat and no actions: the table read-only
    el.invite.remove();
    el.copied.remove();
    el.role.remove();
    el.connection.remove();
    el.join.remove();
    el.actions.hidden = true;
    const side = el.grid.querySelector(".side");
    const chat = side && side.querySelector(".chat");
    if (chat) chat.remove();
    el.events.parentElement.hidden = true;
    el.events.parentElement.dataset.replay = "hidden";

    el.places = h("ol", { class: "replay-places", "aria-label": t("Final places") });
    el.back = h("a", { class: "button quiet", href: `/r/${encodeURIComponent(this.room)}` }, t("Back to the room"));
    el.download = h(
      "a",
      {
        class: "button quiet",
        href: `/api/rooms/${encodeURIComponent(this.room)}/record?number=${encodeURIComponent(this.number)}`,
        download: `thousand-${this.room}-${this.number}.json`,
      },
      t("Download the record"),
    );
    el.head = h(
      "section",
      { class: "panel replay-head", "aria-label": t("Replay") },
      el.places,
      h("div", { class: "replay-links" }, el.back, el.download),
    );

    const control = (label, symbol, step, key) =>
      h(
        "button",
        {
          type: "button",
          class: "replay-step",
          title: `${label} (${key})`,
          "aria-label": label,
          dataset: { step },
          onclick: () => this.stepBy(step),
        },
        symbol,
      );
    el.first = control(t("First step"), "«", "first", "Home");
    el.prev = control(t("Step back"), "‹", "back", "←");
    el.next = control(t("Step forward"), "›", "forward", "→");
    el.last = control(t("Last step"), "»", "last", "End");
    el.slider = h("input", {
      type: "range",
      class: "replay-slider",
      min: "0",
      max: "0",
      value: "0",
      "aria-label": t("Step"),
      oninput: (event) => this.go(Number(event.target.value)),
    });
    el.counter = h("span", { class: "replay-counter", "aria-live": "polite" });
    el.line = h("p", { class: "replay-line", role: "status", "aria-live": "polite" });
    el.controls = h(
      "section",
      { class: "panel replay-controls", "aria-label": t("Step through the game") },
      el.line,
      h("div", { class: "replay-buttons" }, el.first, el.prev, el.counter, el.next, el.last),
      el.slider,
    );
    el.moves = h("ol", { class: "replay-moves", tabindex: "0", "aria-labelledby": "replay-moves-title" });
    el.movesPanel = h(
      "section",
      { class: "panel replay-moves-box", "aria-labelledby": "replay-moves-title" },
      h("h2", { id: "replay-moves-title" }, t("Steps")),
      el.moves,
    );
    const page = this.root.querySelector(".table-page");
    page.classList.add("replay-page");
    const bar = page.querySelector(".room-bar");
    bar.after(el.head);
    // the step told and the controls beside the table, above the sheet (below the table
    // on a phone); the list of steps under the table
    const play = el.grid.querySelector(".play");
    if (side) side.prepend(el.controls);
    else play.append(el.controls);
    play.append(el.movesPanel);
    el.loading = h("p", { class: "muted replay-loading", role: "status" }, t("Loading…"));
    play.prepend(el.loading);
  }

  renderFailed() {
    fill(
      this.root,
      h(
        "section",
        { class: "panel gone" },
        h("h1", null, t("The replay cannot be shown.")),
        h("p", null, this.failed),
        h("a", { class: "button primary", href: `/r/${encodeURIComponent(this.room)}` }, t("Back to the room")),
      ),
    );
  }

  // -- stepping --------------------------------------------------------------------

  stepBy(how) {
    const last = this.frames.length - 1;
    const to = { first: 0, back: this.at - 1, forward: this.at + 1, last }[how];
    if (Number.isInteger(to)) this.go(to);
  }

  /** Show step `to` (held within the game). */
  go(to, { keepHash = false } = {}) {
    if (!this.frames.length) return;
    const step = Math.max(0, Math.min(this.frames.length - 1, to));
    this.at = step;
    const frame = this.frames[step];
    const last = step === this.frames.length - 1;
    const game = frame && typeof frame.game === "object" ? frame.game : {};
    this.state = {
      type: "state",
      seq: step,
      you: null,
      game,
      room: { id: this.room, game: game.game, status: last ? "over" : "playing", number: this.number, seats: [], options: { dice: game.dice } },
    };
    this.render();
    if (!keepHash) {
      const hash = `#step=${step}`;
      if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
    }
  }

  // -- drawing ---------------------------------------------------------------------

  render() {
    if (!this.state) return;
    super.render();
    const el = this.el;
    el.loading.hidden = true;
    el.actions.hidden = true;
    el.events.parentElement.hidden = true;
    this.renderControls();
    this.renderMoves();
    this.renderPlaces();
    document.title = `${t("Replay")} · ${t("game {n}", { n: this.number })} · ${gameName()}`;
    showGame(this.game);
  }

  renderRoom(f) {
    const title = str(f.view.rules_title) || gameName();
    this.el.title.textContent = title;
    this.el.badge.className = "badge over";
    this.el.badge.textContent = t("Replay");
    this.el.number.textContent = t("game {n}", { n: this.number });
  }

  renderJoin() {}

  renderOver() {
    this.el.over.hidden = true;
  }

  renderControls() {
    const el = this.el;
    const total = this.frames.length;
    const last = total - 1;
    el.first.disabled = this.at === 0;
    el.prev.disabled = this.at === 0;
    el.next.disabled = this.at === last;
    el.last.disabled = this.at === last;
    el.slider.max = String(last);
    el.slider.value = String(this.at);
    el.slider.setAttribute("aria-valuetext", t("Step {n} of {total}", { n: this.at, total: last }));
    el.counter.textContent = t("Step {n} of {total}", { n: this.at, total: last });
    const frame = this.frames[this.at];
    el.line.textContent = this.lineOf(frame, this.at);
  }

  /** What a step says: its line, or for a start or a deal dealt, that. */
  lineOf(frame, step) {
    const line = str(frame && frame.line);
    if (line) return line;
    const game = frame && frame.game && typeof frame.game === "object" ? frame.game : {};
    const deal = game.deal;
    if (deal && Number.isInteger(deal.number)) return t("Deal {n}: the cards are dealt.", { n: deal.number });
    // real cards at a real table: a step is a deal entered, its row of the sheet
    const rows = game.view && Array.isArray(game.view.sheet) ? game.view.sheet : [];
    const row = step > 0 ? rows[rows.length - 1] : null;
    if (row && typeof row === "object") return t("Deal {n}: {what}", { n: row.number, what: str(row.declarer) });
    return step === 0 ? t("Before the first move.") : "";
  }

  renderMoves() {
    const el = this.el;
    if (this.shown.moves !== `${this.frames.length}|${lang()}`) {
      this.shown.moves = `${this.frames.length}|${lang()}`;
      fill(
        el.moves,
        this.frames.map((frame, step) =>
          h(
            "li",
            null,
            h(
              "button",
              { type: "button", class: "replay-move", dataset: { step: String(step) }, onclick: () => this.go(step) },
              h("span", { class: "replay-move-n" }, String(step)),
              " ",
              this.lineOf(frame, step),
            ),
          ),
        ),
      );
    }
    const current = el.moves.querySelector("[aria-current]");
    if (current) current.removeAttribute("aria-current");
    const now = el.moves.children[this.at];
    if (now) {
      const button = now.firstElementChild;
      button.setAttribute("aria-current", "step");
      // keep the step in sight within the list, never scrolling the page itself
      const list = el.moves;
      const top = now.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + now.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
  }

  /** The players at the top: their final places and scores, each to their page. */
  renderPlaces() {
    const key = `${this.frames.length}|${lang()}`;
    if (this.shown.places === key) return;
    this.shown.places = key;
    const seats = asArray(this.data && this.data.seats);
    const final = this.frames[this.frames.length - 1];
    const players = asArray(final && final.game && final.game.players);
    const names = asArray(this.data && this.data.players);
    const rows = names.map((name, index) => {
      const seat = seats.find((item) => item && item.seat === index) || null;
      const player = players[index] || {};
      const score = Number.isFinite(player.total) ? player.total : player.score;
      // the name as the frames give it: a computer's in the page's language
      return { index, name: str(player.name) || str(name), place: seat && Number.isInteger(seat.place) ? seat.place : null, score, id: seat ? str(seat.player) : "" };
    });
    rows.sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.index - b.index);
    fill(
      this.el.places,
      rows.map((row) =>
        h(
          "li",
          { class: `replay-place${row.place === 1 ? " first" : ""}` },
          h("span", { class: "replay-place-n" }, row.place === null ? "·" : `${row.place}.`),
          " ",
          row.id ? h("a", { href: `/p/${encodeURIComponent(row.id)}` }, row.name || "?") : h("span", null, row.name || "?"),
          " ",
          h("span", { class: "replay-place-score" }, scoreText(row.score)),
        ),
      ),
    );
  }

  renderGames() {}

  tick() {}

  act() {}

  // -- keys --------------------------------------------------------------------------

  onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
    if (event.target instanceof Element && event.target.closest("dialog")) return;
    const how = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
    if (!how || !this.frames.length) return;
    if (event.target instanceof HTMLInputElement && event.target.type === "range") return; // the slider moves itself
    event.preventDefault();
    this.stepBy(how);
  }
}
