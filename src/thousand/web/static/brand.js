// The name of the game a page is about, in the header's brand and the browser tab.
//
// The lobby hosts every game under the site's name (dice 1000); a table names its own
// game once its first state says which, as the server titles it (GET /api/games): a
// poker dice table is "Poker dice" there.

import { gameTitle } from "./games.js";
import { t } from "./i18n.js";

let shown = null;

/** The page's game as people call it, in the page's language. */
export function gameName() {
  return (shown && gameTitle(shown)) || t("Dice 1000");
}

/** The page is about `game` (a room's "game") from now on: the brand says so. */
export function showGame(game) {
  if (game === shown) return;
  shown = game;
  const brand = document.querySelector("#top .brand-name");
  if (brand) brand.textContent = gameName();
}
