// A game kind's leaderboard, "/leaderboard/{game}" ("/leaderboard": the first game kind):
// tabs per game kind, then the rated players, best rating first, with μ and σ beside it.
//
// `?min_games=N` in the address is passed on to the server (its default is 3).

import { api, asArray, fill, h, str } from "./dom.js";
import { gameList, gameTitle } from "./games.js";
import { number, t } from "./i18n.js";
import { playerId } from "./player_key.js";
import { shownName } from "./player.js";

export class Leaderboard {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.data = null;
    this.failed = false;
  }

  async start() {
    if (!this.game) this.game = gameList().length ? gameList()[0].name : "";
    const wanted = new URLSearchParams(window.location.search).get("min_games");
    const query = wanted ? `?min_games=${encodeURIComponent(wanted)}` : "";
    const answer = await api("GET", `/api/leaderboard/${encodeURIComponent(this.game)}${query}`);
    this.data = answer.ok && answer.body ? answer.body : null;
    this.failed = !this.data;
    this.draw();
  }

  languageChanged() {
    this.draw();
  }

  draw() {
    const title = gameTitle(this.game) || this.game;
    document.title = `${t("Leaderboard")}: ${title}`;
    const tabs = h(
      "nav",
      { class: "board-tabs", "aria-label": t("Game kinds") },
      gameList().map((info) =>
        h(
          "a",
          {
            href: `/leaderboard/${encodeURIComponent(info.name)}`,
            class: "button quiet",
            "aria-current": info.name === this.game ? "page" : null,
          },
          info.title || info.name,
        ),
      ),
    );
    const rows = this.data ? asArray(this.data.players) : [];
    const own = playerId();
    let body;
    if (this.failed) body = h("p", { class: "form-error" }, t("This leaderboard cannot be shown."));
    else if (!rows.length) body = h("p", { class: "empty board-empty" }, t("Nobody is on this leaderboard yet.")); // the lobby's empty state
    else
      body = h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "board" },
          h(
            "thead",
            null,
            h(
              "tr",
              null,
              h("th", { scope: "col" }, "#"),
              h("th", { scope: "col" }, t("Player")),
              h("th", { scope: "col" }, t("Rating")),
              h("th", { scope: "col" }, "μ"),
              h("th", { scope: "col" }, "σ"),
              h("th", { scope: "col" }, t("Rated games")),
            ),
          ),
          h(
            "tbody",
            null,
            rows.map((row) =>
              h(
                "tr",
                { class: row.player === own ? "own" : null, "aria-current": row.player === own ? "true" : null },
                h("td", null, String(row.rank)),
                h("th", { scope: "row" }, h("a", { href: `/p/${encodeURIComponent(str(row.player))}` }, shownName(row.name))),
                h("td", null, number(row.rating, 1)),
                h("td", null, number(row.mu, 1)),
                h("td", null, number(row.sigma, 1)),
                h("td", null, String(row.rated_games)),
              ),
            ),
          ),
        ),
      );
    const least = this.data && typeof this.data.min_games === "number" ? this.data.min_games : 3;
    fill(
      this.root,
      h(
        "section",
        { class: "panel leaderboard", "aria-labelledby": "board-title" },
        h("h1", { id: "board-title" }, t("Leaderboard: {game}", { game: title })),
        tabs,
        h(
          "p",
          { class: "hint" },
          t("Listed: players with at least {n} rated games (a rating of fewer games is mostly its uncertainty). The rating is μ − 3σ: strength μ less three times its uncertainty σ.", { n: least }),
        ),
        body,
      ),
    );
  }
}
