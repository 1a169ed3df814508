// A table's connection to its room: the WebSocket, its reconnection and keep-alive, and
// the actions sent over it.
//
// The server sends the whole state after every change; this module only carries
// messages. It reconnects with a growing pause (a lost network, a restarted server),
// tells the table when the room is gone (close code 4404, or 404 before any state), and
// sends each action with the seq it was taken on, one at a time: until the answer (or
// a few seconds), a second click sends nothing, so a double click never acts twice.

import { api, str } from "./dom.js";
import { lang } from "./i18n.js";

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_MS = 25000;
const PENDING_MS = 8000;

export class Connection {
  /**
   * `hooks`: token() — the seat's token or null; message(m) — a state, an error or a
   * chat line; status() — the connection opened or was lost; gone() — the room does not
   * exist; idle() — an action got no answer in time; unsent() — an action could not be
   * sent (not connected).
   */
  constructor(room, hooks) {
    this.room = room;
    this.hooks = hooks;
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastPing = 0;
    this.gotState = false;
    this.status = "connecting";
    this.gone = false;
    this.pending = null;
    this.pendingTimer = null;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const params = new URLSearchParams({ lang: lang() });
    const token = this.hooks.token();
    if (token) params.set("token", token);
    return `${scheme}://${window.location.host}/ws/rooms/${encodeURIComponent(this.room)}?${params}`;
  }

  connect() {
    window.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.gone) return;
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = socket;
    this.gotState = false;
    this.setStatus(this.attempt ? "reconnecting" : "connecting");
    socket.addEventListener("open", () => {
      if (socket !== this.ws) return;
      window.clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.send({ type: "ping" }, true), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && typeof message === "object") this.receive(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.ws) return;
      this.ws = null;
      window.clearInterval(this.pingTimer);
      this.clearPending();
      if (event.code === 4404) {
        this.roomGone();
      } else if (!this.gotState) {
        this.checkGone().then((gone) => {
          if (!gone) this.retry();
        });
      } else {
        this.retry();
      }
    });
  }

  /** The room does not exist (any more): no more connecting. */
  roomGone() {
    this.gone = true;
    window.clearTimeout(this.retryTimer);
    this.hooks.gone();
  }

  async checkGone() {
    const answer = await api("GET", `/api/rooms/${encodeURIComponent(this.room)}`);
    if (answer.status === 404) {
      this.roomGone();
      return true;
    }
    return false;
  }

  retry() {
    if (this.gone) return;
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.setStatus("reconnecting");
    window.clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => this.connect(), base + Math.random() * base * 0.3);
  }

  /** A fresh connection now (a new language, a seat just taken). */
  reconnect() {
    const old = this.ws;
    this.ws = null;
    window.clearInterval(this.pingTimer);
    if (old) old.close(1000);
    this.attempt = 0;
    this.connect();
  }

  /** Whether a socket is open or being opened (a page shown again need not connect). */
  active() {
    return Boolean(this.ws);
  }

  send(message, quiet = false) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      if (!quiet) this.hooks.unsent();
      return false;
    }
    if (message.type === "ping") this.lastPing = Date.now();
    this.ws.send(JSON.stringify(message));
    return true;
  }

  setStatus(value) {
    const changed = this.status !== value;
    this.status = value;
    this.hooks.status(changed);
  }

  receive(message) {
    if (message.type === "state") {
      this.gotState = true;
      this.attempt = 0;
      if (this.status !== "open") this.setStatus("open");
    } else if (message.type === "error") {
      this.clearPending();
      // an older server refuses the keep-alive itself: nothing for the player to see
      const text = str(message.text) || str(message.message);
      if (str(message.code) === "bad_message" && Date.now() - this.lastPing < 3000 && /ping/i.test(text)) return;
    }
    this.hooks.message(message);
  }

  clearPending() {
    this.pending = null;
    window.clearTimeout(this.pendingTimer);
  }

  /** Send an action taken on state `seq`; whether it went (none while one is unanswered). */
  act(action, extra, seq) {
    if (this.pending) return false;
    const message = { type: "action", action, ...extra, seq };
    if (!this.send(message)) return false;
    this.pending = action;
    window.clearTimeout(this.pendingTimer);
    this.pendingTimer = window.setTimeout(() => {
      this.pending = null;
      this.hooks.idle();
    }, PENDING_MS);
    return true;
  }
}
