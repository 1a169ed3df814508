// Which players' page an address is: "/p/{id}" a player's, "/leaderboard[/{game}]" a
// leaderboard; null for any other (app.js then routes it to the lobby or a table).

import { Leaderboard } from "./leaderboard.js";
import { PlayerPage } from "./player.js";

function part(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function playersPage(root) {
  const path = window.location.pathname;
  const player = /^\/p\/([^/]+)\/?$/.exec(path);
  if (player && part(player[1])) return new PlayerPage(root, part(player[1]));
  const board = /^\/leaderboard(?:\/([^/]+))?\/?$/.exec(path);
  if (board) return new Leaderboard(root, board[1] ? part(board[1]) || "" : "");
  return null;
}
