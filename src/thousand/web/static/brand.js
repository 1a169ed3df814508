// The name of the game a page is about, in the header's brand and the browser tab.
//
// The lobby hosts every game under the site's name (dice 1000); a table names its own
// game once its first state says which: a poker dice table is "Poker dice" there.

import { t } from "./i18n.js";

let shown = "dice1000";

/** The page's game as people call it, in the page's language. */
export function gameName() {
  return shown === "poker_dice" ? t("Poker dice") : t("Dice 1000");
}

/** The page is about `game` (a room's "game") from now on: the brand says so. */
export function showGame(game) {
  if (game === shown) return;
  shown = game;
  const brand = document.querySelector("#top .brand-name");
  if (brand) brand.textContent = gameName();
}
