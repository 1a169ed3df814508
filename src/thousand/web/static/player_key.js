// The player key on this device (docs/history.md): who plays here, without an account.
//
// On a first visit the page makes a player (POST /api/players) and keeps its public id
// and its secret key in localStorage. Every room create/join body then carries
// "player": KEY, so the seats taken here count toward this player's history and rating.
// A server with players off answers 404: the page goes on without a key. A key the
// server does not hold (403 player_key) is dropped and a new player made, once.

import { api, store } from "./dom.js";

const KEY = "thousand.player.key";
const ID = "thousand.player.id";

let off = false; // the server said players are off (for this visit)
let making = null; // the request making a player, shared by whoever asks meanwhile

/** The public id of this device's player, or null. */
export function playerId() {
  return store.get(KEY) ? store.get(ID) : null;
}

/** This device's player key, or null. */
export function playerKey() {
  return store.get(ID) ? store.get(KEY) : null;
}

/** Keep a player (its id and key) as this device's. */
export function keepPlayer(id, key) {
  store.set(ID, id);
  store.set(KEY, key);
}

function forget() {
  store.remove(KEY);
  store.remove(ID);
}

/** This device's key, made on the server when there is none; null when players are off. */
export async function ensurePlayer() {
  if (playerKey()) return playerKey();
  if (off) return null;
  if (!making) {
    making = api("POST", "/api/players", {}).then((answer) => {
      making = null;
      const body = answer.body;
      if (playerKey()) return playerKey(); // a recovery link's key was kept meanwhile
      if (answer.ok && body && typeof body.player === "string" && typeof body.key === "string") {
        keepPlayer(body.player, body.key);
        return body.key;
      }
      if (answer.status === 404) off = true;
      return null;
    });
  }
  return making;
}

function refusedKey(answer) {
  return answer.status === 403 && answer.body && answer.body.error && answer.body.error.code === "player_key";
}

/**
 * POST a room's create or join body with this device's key in it. A refused key is
 * dropped and a new player made, and the request tried again once.
 */
export async function postAsPlayer(path, body) {
  const key = await ensurePlayer();
  const answer = await api("POST", path, key ? { ...body, player: key } : body);
  if (!key || !refusedKey(answer)) return answer;
  forget();
  const fresh = await ensurePlayer();
  return api("POST", path, fresh ? { ...body, player: fresh } : body);
}

/** The key a recovery link brought (`#key=KEY` in the address), or null. */
export function keyInAddress() {
  const match = /(?:^#|&)key=([^&]+)/.exec(window.location.hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Take the key of a recovery link: asked of the server (GET /api/players/me) first, kept
 * on this device when it is a player's, and taken out of the address bar either way (a
 * secret does not stay in the history). Whether it was kept.
 */
export async function takeKeyFromAddress() {
  const key = keyInAddress();
  if (!key) return null;
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  const answer = await api("GET", "/api/players/me", undefined, key);
  if (answer.ok && answer.body && typeof answer.body.player === "string") {
    keepPlayer(answer.body.player, key);
    return true;
  }
  return false;
}

/** POST /api/players/me/hidden with this device's key: whether the server took it. */
export async function setHidden(hidden) {
  const key = playerKey();
  if (!key) return false;
  return (await api("POST", "/api/players/me/hidden", { hidden }, key)).ok;
}
