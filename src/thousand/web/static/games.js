// The games rooms can host, as the server describes them: GET /api/games.
//
// The page keeps no list of games, presets, rules or computer levels of its own: the
// server sends each game's name, title, players allowed, presets (with their rules) and
// levels in the page's language, and the lobby and the tables read them here. Loaded once
// before the page is drawn, and again when the language changes. If the request fails,
// the list is empty and the lobby says so (see `gamesFailed`).

import { api } from "./dom.js";

let games = [];
let failed = false;

/** A game of the answer that the page can use: a name, and lists where lists belong. */
function usable(game) {
  return (
    game &&
    typeof game === "object" &&
    typeof game.name === "string" &&
    Array.isArray(game.presets) &&
    Array.isArray(game.levels)
  );
}

/** Ask the server for its games in `language`; whether it answered. */
export async function loadGames(language) {
  const answer = await api("GET", `/api/games?lang=${encodeURIComponent(language)}`);
  const listed = answer.ok && answer.body && Array.isArray(answer.body.games) ? answer.body.games.filter(usable) : [];
  failed = !listed.length;
  games = listed.map((game) => ({
    ...game,
    presets: game.presets.filter((item) => item && typeof item.name === "string"),
    levels: game.levels.filter((item) => item && typeof item.level === "string"),
  }));
  return !failed;
}

/** Whether the last request for the games failed (the lobby shows an error line). */
export function gamesFailed() {
  return failed;
}

/** Every game the server hosts, in its order. */
export function gameList() {
  return games;
}

/** One game's description ({name, title, min_players, max_players, presets, levels, …}), or null. */
export function gameInfo(name) {
  return games.find((game) => game.name === name) || null;
}

/** A game as people call it, in the page's language; "" when the server did not say. */
export function gameTitle(name) {
  const info = gameInfo(name);
  return info && typeof info.title === "string" ? info.title : "";
}

/** A computer level as people call it ("balanced" / "расчётливый"): level ids are the games'. */
export function levelName(level) {
  if (typeof level !== "string") return "";
  for (const game of games) {
    const known = game.levels.find((item) => item.level === level);
    if (known && typeof known.name === "string" && known.name) return known.name;
  }
  return level;
}

/** A preset of a game by its name, or null. */
export function presetOf(game, name) {
  const info = gameInfo(game);
  return info ? info.presets.find((item) => item.name === name) || null : null;
}

/** A preset's title in the page's language (its name when the server sent none). */
export function presetTitle(game, name) {
  const preset = presetOf(game, name);
  return preset && typeof preset.title === "string" && preset.title ? preset.title : String(name);
}
