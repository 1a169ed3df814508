// A table's chat: the lines of the room (the last ones the server keeps come with the
// first state, each new one as a "chat" message), and the form that writes one.
//
// Lines are other people's words: drawn as text, never as markup (dom.js). A line heard
// twice (a reconnection sends the kept ones again) is shown once.

import { fill, h, str } from "./dom.js";
import { lang, t } from "./i18n.js";

const CHAT_MAX = 500;
const CHAT_KEEP = 200;

export class Chat {
  /** `table`: the frame, for the seat of this connection, sending, and its status line. */
  constructor(table) {
    this.table = table;
    this.lines = [];
    this.seen = new Set();
    this.el = null;
  }

  /** The chat's panel (drawn afresh with the page's frame). */
  build() {
    const el = {};
    el.list = h("ol", { class: "chat-list", tabindex: "0", "aria-labelledby": "chat-title" }); // scrolls: reachable by keyboard
    el.input = h("input", {
      id: "chat-input",
      type: "text",
      maxlength: CHAT_MAX,
      autocomplete: "off",
      placeholder: t("Write a message…"),
    });
    el.note = h("p", { class: "hint" });
    el.form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (event) => {
          event.preventDefault();
          this.send();
        },
      },
      h("label", { for: "chat-input", class: "sr-only" }, t("Message")),
      el.input,
      h("button", { type: "submit" }, t("Send")),
    );
    this.el = el;
    // the log is around the list, not on it: a list that is a log has no items (axe: listitem)
    const log = h("div", { role: "log", "aria-live": "polite", "aria-labelledby": "chat-title" }, el.list);
    return h("section", { class: "panel chat" }, h("h2", { id: "chat-title" }, t("Chat")), log, el.note, el.form);
  }

  add(message, draw = true) {
    if (!message || typeof message.text !== "string") return;
    const key = `${str(message.at)}|${message.seat}|${str(message.name)}|${message.text}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.lines.push(message);
    if (this.lines.length > CHAT_KEEP) this.lines.splice(0, this.lines.length - CHAT_KEEP);
    if (draw) this.render();
    else window.queueMicrotask(() => this.render());
  }

  render() {
    if (!this.el) return;
    const list = this.el.list;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const state = this.table.state;
    const you = state && Number.isInteger(state.you) ? state.you : null;
    fill(
      list,
      this.lines.length
        ? this.lines.map((message) => {
            const at = Date.parse(str(message.at));
            const time = Number.isNaN(at)
              ? ""
              : new Date(at).toLocaleTimeString(lang() === "ru" ? "ru-RU" : "en-GB", { hour: "2-digit", minute: "2-digit" });
            const seated = Number.isInteger(message.seat);
            return h(
              "li",
              { class: `chat-line${seated && message.seat === you ? " mine" : ""}${seated ? "" : " spectator"}` },
              time ? h("time", { datetime: str(message.at), class: "muted" }, time) : null,
              h("span", { class: "chat-name" }, str(message.name) || t("spectator")),
              h("span", { class: "chat-text" }, message.text),
            );
          })
        : h("li", { class: "muted empty" }, t("No messages yet.")),
    );
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  /** Spectators of a room that mutes them read the chat but cannot write. */
  renderNote(f) {
    const options = f.room.options && typeof f.room.options === "object" ? f.room.options : {};
    const muted = f.you === null && options.mute_spectators === true;
    this.el.input.disabled = muted;
    this.el.form.querySelector("button").disabled = muted;
    this.el.note.textContent = muted ? t("Spectators may not write in this room's chat.") : "";
    this.el.note.hidden = !muted;
  }

  send() {
    const text = this.el.input.value.trim();
    if (!text) return;
    if (text.length > CHAT_MAX) {
      this.table.say(t("A message is at most {n} characters.", { n: CHAT_MAX }));
      return;
    }
    if (this.table.link.send({ type: "chat", text })) this.el.input.value = "";
  }
}
