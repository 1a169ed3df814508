// A player's page, "/p/{id}": their games per game kind, rating with its uncertainty,
// the game's own figures, and their finished games (each with a link to its replay).
//
// On one's own page (the id this device keeps) also the leaderboard switch and the
// recovery link: the key as "/p/{id}#key=KEY", which moves the player to another device.
// Opening such a link checks the key with the server before keeping it (player_key.js).

import { api, asArray, choice, fill, h, str } from "./dom.js";
import { gameTitle } from "./games.js";
import { lang, number, t } from "./i18n.js";
import { ensurePlayer, playerId, playerKey, setHidden, takeKeyFromAddress } from "./player_key.js";
import { placesChart } from "./places_chart.js";


/** The figures a game kind's statistics may carry, by field: a label and how to show it. */
const FIGURES = [
  ["points_per_turn", () => t("Points per turn"), (v) => v.toFixed(1)],
  ["bust_rate", () => t("Busted turns"), percent],
  ["average_stop", () => t("Average stop"), (v) => v.toFixed(0)],
  ["gave_away_per_game", () => t("Winning chance given away against perfect play, per game"), percent],
  ["average_total", () => t("Average total"), (v) => v.toFixed(1)],
  ["gap_to_optimal", () => t("Gap to the optimal player's expected total"), (v) => v.toFixed(1)],
  ["declared", () => t("Contracts declared"), (v) => String(v)],
  ["made_rate", () => t("Contracts made"), percent],
  ["bolts", () => t("Bolts"), (v) => String(v)],
];

function percent(value) {
  return `${(value * 100).toFixed(1)} %`;
}

/** A name as a page shows it: the one typed, or a stand-in for none. */
export function shownName(name) {
  return str(name).trim() || t("(no name)");
}

/** The rating line: "rating 12.4 · μ 25.3 ± σ 4.3". */
export function ratingLine(rating) {
  return t("rating {rating} · μ {mu} ± σ {sigma}", {
    rating: number(rating.rating, 1),
    mu: number(rating.mu, 1),
    sigma: number(rating.sigma, 1),
  });
}

export class PlayerPage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.page = 1;
    this.data = null;
    this.games = null;
    this.notice = "";
  }

  own() {
    return playerId() === this.id && Boolean(playerKey());
  }

  async start() {
    const taken = await takeKeyFromAddress();
    if (taken === false) this.notice = t("That link's key was not accepted: this device keeps its own player.");
    if (taken !== null) {
      await ensurePlayer(); // a new device whose link was refused gets its own player
      document.dispatchEvent(new Event("thousand:player"));
    }
    await this.load();
  }

  languageChanged() {
    this.draw();
  }

  async load() {
    const answer = await api("GET", `/api/players/${encodeURIComponent(this.id)}`);
    this.data = answer.ok && answer.body ? answer.body : null;
    this.missing = answer.status === 404;
    if (this.data) {
      await this.loadGames();
    }
    this.draw();
  }

  async loadGames() {
    const path = `/api/players/${encodeURIComponent(this.id)}/games?page=${this.page}`;
    const answer = await api("GET", path);
    this.games = answer.ok && answer.body ? answer.body : null;
  }

  draw() {
    document.title = this.data ? shownName(this.data.name) : t("No such player");
    if (!this.data) {
      fill(
        this.root,
        h(
          "section",
          { class: "panel not-found" },
          h("h1", null, this.missing ? t("No such player") : t("The server cannot be reached.")),
          h("p", null, h("a", { href: "/" }, t("To the lobby"))),
        ),
      );
      return;
    }
    const data = this.data;
    fill(
      this.root,
      h(
        "div",
        { class: "player-page" },
        this.notice ? h("p", { class: "form-error", role: "alert" }, this.notice) : null,
        h(
          "header",
          { class: "panel player-head" },
          h("h1", null, shownName(data.name)),
          this.own() ? h("p", { class: "hint" }, t("This is you: the player this device plays as.")) : null,
          this.own() ? this.hideSwitch() : null,
        ),
        asArray(data.games).length
          ? asArray(data.games).map((kind) => this.kindPanel(kind))
          : h("p", { class: "panel" }, t("No finished games yet.")),
        this.gamesPanel(),
        this.own() ? this.recoveryPanel() : null,
      ),
    );
  }

  hideSwitch() {
    return choice({
      type: "checkbox",
      id: "show-on-board",
      checked: !this.data.hidden,
      label: t("Show me on the leaderboard"),
      hint: t("Hidden players are still rated; only the leaderboard leaves them out."),
      onchange: async (event) => {
        const box = event.target;
        box.disabled = true;
        const done = await setHidden(!box.checked);
        box.disabled = false;
        if (done) this.data.hidden = !box.checked;
        else box.checked = !this.data.hidden;
      },
    });
  }

  kindPanel(kind) {
    const title = gameTitle(kind.game) || str(kind.game);
    const rows = [
      [t("Games"), String(kind.games)],
      [t("Wins"), String(kind.wins)],
      [t("Average place"), typeof kind.average_place === "number" ? kind.average_place.toFixed(2) : "—"],
    ];
    for (const [field, label, show] of FIGURES) {
      if (typeof kind[field] === "number") rows.push([label(), show(kind[field])]);
    }
    const rating = kind.rating && typeof kind.rating.rating === "number" ? kind.rating : null;
    return h(
      "section",
      { class: "panel player-kind", dataset: { game: str(kind.game) } },
      h("h2", null, title),
      h(
        "p",
        { class: "rating-line" },
        rating ? h("strong", null, ratingLine(rating)) : t("Not rated yet."),
        " ",
        h("a", { href: `/leaderboard/${encodeURIComponent(kind.game)}` }, t("Leaderboard")),
      ),
      h(
        "p",
        { class: "hint" },
        rating
          ? t("The rating is μ − 3σ: μ is the estimated strength, σ how unsure it still is; the rating rises as rated games make it sure.")
          : t("A game is rated when at least two players with their own devices' keys sit in it; computers are left out."),
      ),
      h(
        "div",
        { class: "kind-body" },
        h("dl", { class: "figures" }, rows.map(([label, value]) => [h("dt", null, label), h("dd", null, value)])),
        placesChart(kind.places || {}),
      ),
    );
  }

  gamesPanel() {
    const list = this.games;
    const games = list ? asArray(list.games) : [];
    const pages = list && typeof list.pages === "number" ? list.pages : 1;
    const go = async (page) => {
      this.page = page;
      await this.loadGames();
      this.draw();
      document.getElementById("games-title").focus();
    };
    return h(
      "section",
      { class: "panel player-games", "aria-labelledby": "games-title" },
      h("h2", { id: "games-title", tabindex: "-1" }, t("Games")),
      games.length
        ? h(
            "ol",
            { class: "game-list" },
            games.map((game) => this.gameItem(game)),
          )
        : h("p", null, t("No finished games yet.")),
      pages > 1
        ? h(
            "nav",
            { class: "pager", "aria-label": t("Pages") },
            h("button", { type: "button", disabled: this.page <= 1, onclick: () => go(this.page - 1) }, t("Newer")),
            h("span", null, t("Page {page} of {pages}", { page: this.page, pages })),
            h("button", { type: "button", disabled: this.page >= pages, onclick: () => go(this.page + 1) }, t("Older")),
          )
        : null,
    );
  }

  gameItem(game) {
    const when = new Date(str(game.finished));
    const date = Number.isNaN(when.getTime())
      ? str(game.finished)
      : when.toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
    const places = asArray(game.places)
      .slice()
      .sort((a, b) => (a.place ?? 99) - (b.place ?? 99));
    return h(
      "li",
      { class: "game-item" },
      h(
        "div",
        { class: "game-meta" },
        h("strong", null, gameTitle(game.game) || str(game.game)),
        h("span", null, date),
        h("span", { class: game.rated ? "rated" : "unrated" }, game.rated ? t("rated") : t("not rated")),
        h(
          "a",
          { href: `/r/${encodeURIComponent(game.room)}/games/${encodeURIComponent(game.number)}` },
          t("Replay"),
        ),
      ),
      h(
        "ol",
        { class: "game-places" },
        places.map((seat) =>
          h(
            "li",
            { class: seat.player === this.id ? "own" : null },
            h("span", { class: "place" }, typeof seat.place === "number" ? `${seat.place}.` : "—"),
            " ",
            seat.player && seat.player !== this.id
              ? h("a", { href: `/p/${encodeURIComponent(seat.player)}` }, shownName(seat.name))
              : shownName(seat.name),
            seat.kind === "bot" ? ` ${t("(computer)")}` : "",
          ),
        ),
      ),
    );
  }

  recoveryPanel() {
    const link = `${window.location.origin}/p/${encodeURIComponent(this.id)}#key=${encodeURIComponent(playerKey())}`;
    const status = h("span", { class: "hint", role: "status" });
    return h(
      "section",
      { class: "panel recovery", "aria-labelledby": "recovery-title" },
      h("h2", { id: "recovery-title" }, t("Move to another device")),
      h("p", null, t("Open this link on the other device: it plays as you from then on, with your history and rating.")),
      h("p", { class: "secret" }, t("Keep it secret: anyone with this link plays as you.")),
      h(
        "div",
        { class: "recovery-row" },
        h("a", { class: "recovery-link", href: link }, link),
        h(
          "button",
          {
            type: "button",
            onclick: async () => {
              try {
                await navigator.clipboard.writeText(link);
                status.textContent = t("Copied.");
              } catch {
                status.textContent = t("Select the link and copy it.");
              }
            },
          },
          t("Copy"),
        ),
        status,
      ),
    );
  }
}
