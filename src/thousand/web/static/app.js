// Dice 1000 online: the page. Plain ES modules, no build step.
//
// "/" is the lobby (open rooms, a form to create one); "/r/{room}" is a table. The
// server is the authority: the page shows the state it is sent and asks for actions,
// it never decides what is legal. What the page knows of each game (titles, presets,
// levels) comes from GET /api/games (games.js); what it draws of each game is that game's
// view (views/index.js).

import { gameName } from "./brand.js";
import { fill, h, store } from "./dom.js";
import { loadGames } from "./games.js";
import { LANGUAGES, lang, setLanguage, t } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { Replay } from "./replay.js";
import { ensurePlayer, keyInAddress, playerId, playerKey } from "./player_key.js";
import { playersPage } from "./players_pages.js";
import { Table } from "./table.js";

const MOTION_KEY = "thousand.motion";
const LANGUAGE_NAMES = { ru: "Русский", en: "English" };

let page = null;

function roomFromPath() {
  const match = /^\/r\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

function reducedMotion() {
  return store.get(MOTION_KEY) === "reduce";
}

function applyMotion() {
  document.documentElement.classList.toggle("reduce-motion", reducedMotion());
}

/** The header's links to the leaderboard and to this device's player ("My games"). */
function playerLinks() {
  const link = (href, icon, text) =>
    h(
      "a",
      { class: "button quiet tool-link", href, title: text },
      h("span", { class: "tool-icon", "aria-hidden": "true" }, icon),
      h("span", { class: "tool-text" }, text),
    );
  const own = playerId();
  return [
    link("/leaderboard", "★", t("Leaderboard")),
    own ? link(`/p/${encodeURIComponent(own)}`, "☰", t("My games")) : null,
  ];
}

function header() {
  const bar = document.getElementById("top");
  const other = LANGUAGES.find((code) => code !== lang());
  const motion = h(
    "button",
    {
      type: "button",
      class: "quiet",
      "aria-pressed": reducedMotion() ? "true" : "false",
      title: t("Reduce motion"),
      onclick: () => {
        store.set(MOTION_KEY, reducedMotion() ? "full" : "reduce");
        applyMotion();
        header();
      },
    },
    h("span", { class: "tool-icon", "aria-hidden": "true" }, "◐"),
    h("span", { class: "tool-text" }, t("Reduce motion")),
  );
  const switcher = h(
    "button",
    {
      type: "button",
      class: "quiet lang",
      lang: other,
      title: t("Language"),
      onclick: () => switchLanguage(other),
    },
    LANGUAGE_NAMES[other],
  );
  fill(
    bar,
    h(
      "a",
      { class: "brand", href: "/" },
      h("span", { class: "brand-die", "aria-hidden": "true" }, "⚄"),
      h("span", { class: "brand-name" }, gameName()),
    ),
    h("div", { class: "top-tools" }, ...playerLinks(), motion, switcher),
  );
  const skip = document.getElementById("skip");
  if (skip) skip.textContent = t("Skip to the content");
}

async function switchLanguage(next) {
  await Promise.all([setLanguage(next), loadGames(next)]);
  header();
  document.title = gameName();
  if (page) page.languageChanged();
  const button = document.querySelector("#top .lang");
  if (button) button.focus();
}

async function main() {
  applyMotion();
  // made on the first visit, in the background (room requests wait for it); then the
  // header links to the player's own page
  // (not when a recovery link brings one: the player's page takes that key).
  // The header is drawn once the language is loaded, and again only when a player was
  // made meanwhile: drawn twice it would flash the other language's words, and a button
  // under the finger would be replaced as it is pressed.
  const making = keyInAddress() || playerKey() ? null : ensurePlayer();
  document.addEventListener("thousand:player", () => header());
  await Promise.all([setLanguage(lang()), loadGames(lang())]);
  document.title = gameName();
  header();
  if (making) making.then(() => header());
  const root = document.getElementById("main");
  const room = roomFromPath();
  const replay = /^\/r\/([^/%]+)\/games\/(\d+)\/?$/.exec(window.location.pathname); // a room id is [A-Za-z0-9]
  page =
    playersPage(root) ||
    (replay ? new Replay(root, replay[1], Number(replay[2])) : room ? new Table(root, room) : new Lobby(root));
  page.start();
}

main();
